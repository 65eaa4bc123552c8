"""The production action (MOR-PROD-1..10, MOR-LEADER-17)."""

from __future__ import annotations

from typing import Any

from games.core import event, refuse
from games.core.message import Message

from .data import BASE_INPUTS, CARDS, LEADERS
from .rules import (
    PRODUCING,
    add_counts,
    counts_of,
    describe,
    faith_event,
    owned_cards,
    pay,
    payment_plan,
    played_leaders,
)
from .turn import require_main_free

Events = list[dict[str, Any]]
Counts = dict[str, int]


def production_totals(state: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[Counts, Counts, int]:
    """Validate the chosen powers (MOR-PROD-1..5, -10) and sum inputs, resource outputs, faith."""
    player = state["seats"][seat]
    cards = action.get("cards", [])
    leaders = action.get("leaders", {})
    base = action.get("base")
    if not cards and not leaders and base is None:
        raise refuse("MOR-PROD-3", "Choose at least one production power (D-6).")
    tops = [slot[-1] for slot in player["slots"] if slot]
    if len(set(cards)) != len(cards):
        raise refuse("MOR-PROD-3", "Each production power works once per action.")
    powers: list[tuple[Counts, Counts]] = []  # (input, output) of each chosen power
    for card_id in cards:
        if card_id not in tops:
            owned = card_id in owned_cards(player)
            raise refuse("MOR-PROD-2", "{card_id} is {choice}: only the top card of each of your "
                                       "slots produces ({value}).",
                                       card_id=card_id,
                                       choice=Message('covered') if owned else Message('not one of your cards'),
                                       value=', '.join(tops) or 'you have none')
        powers.append((CARDS[card_id]["input"], CARDS[card_id]["output"]))
    for leader_id, choice in leaders.items():
        if leader_id not in played_leaders(player, "extra_production"):
            raise refuse("MOR-LEADER-17", "{leader_id} is not a production leader you have in play.",
                                          leader_id=leader_id)
        card = LEADERS[leader_id]
        powers.append((card["input"], add_counts(card["output"], {choice: 1})))
    if base is not None:
        if len(base["in"]) != BASE_INPUTS:
            raise refuse("MOR-PROD-4", "The base production turns 2 resources into 1 resource of your choice "
                                       "(not faith), e.g. base:coin+stone>shield (D-7).")
        powers.append((counts_of(base["in"]), {base["out"]: 1}))
    inputs: Counts = {}
    outputs: Counts = {}
    for power_input, power_output in powers:
        inputs = add_counts(inputs, power_input)
        outputs = add_counts(outputs, power_output)
    faith = outputs.pop("faith", 0)
    return inputs, outputs, faith


def produce(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    require_main_free(state)
    player = state["seats"][seat]
    inputs, outputs, faith = production_totals(state, seat, action)
    # MOR-PROD-6: inputs come from what is held now; outputs cannot pay them
    from_wh, from_sb = payment_plan(player, inputs, action.get("pay"), PRODUCING)
    pay(player, from_wh, from_sb)
    for r, n in outputs.items():  # MOR-PROD-8
        player["strongbox"][r] += n
    state["turn"]["main"] = True
    events = [event("produce", "{player} produced: paid {inputs}, gained {add_counts}.",
                               player=f"{{p{seat}}}", inputs=describe(inputs),
                               add_counts=describe(add_counts(outputs, {'faith': faith})))]
    if faith:  # MOR-PROD-9: one faith event
        events += faith_event(state, {seat: faith})
    return events
