"""Buying a development card (MOR-BUY-1..16)."""

from __future__ import annotations

from typing import Any

from games.core import event, refuse

from .data import CARDS, END_CARDS
from .rules import (
    check_solo_end,
    describe,
    discounted_cost,
    legal_slots,
    owned_cards,
    pay,
    payment_plan,
    top_card,
)
from .turn import require_main_free

Events = list[dict[str, Any]]


def buy(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    require_main_free(state)
    player = state["seats"][seat]
    deck = action["deck"]
    card_id = top_card(state, deck)
    if card_id is None:
        raise refuse("MOR-BUY-14", "The {deck} deck is empty.",
                                   deck=deck)
    slots = legal_slots(player, card_id)
    level = CARDS[card_id]["level"]
    slot_rule = f"MOR-BUY-{6 + level}"  # MOR-BUY-7..9: the slot rule of each level
    if not slots:
        need = "an empty slot" if level == 1 else f"a slot whose top card is level {'I' * (level - 1)}"
        raise refuse(slot_rule, "You have no slot for a level {level} card: it needs {need}.",
                                level='I' * level, need=need)
    slot = action.get("slot", slots[0])
    if slot not in slots:
        raise refuse(slot_rule, "Slot {slot} cannot take that card; you may use slot {slots}.",
                                slot=slot, slots=' or '.join(map(str, slots)))
    cost = discounted_cost(player, card_id)
    from_wh, from_sb = payment_plan(player, cost, action.get("pay"))
    pay(player, from_wh, from_sb)
    state["decks"][deck].pop(0)  # MOR-BUY-13/14
    player["slots"][slot - 1].append(card_id)
    state["turn"]["main"] = True
    events = [event("buy", "{player} bought {card_id} ({deck}, {vp} VP) for {cost} into slot {slot}.",
                           player=f"{{p{seat}}}", card_id=card_id, deck=deck, vp=CARDS[card_id]['vp'],
                           cost=describe(cost), slot=slot)]
    if state["solo"] is not None:
        return events + check_solo_end(state)  # MOR-SOLO-22: checked as soon as it is placed
    if len(owned_cards(player)) >= END_CARDS and not state["end_triggered"]:
        state["end_triggered"] = True
        events.append(event("end_triggered", "{player} bought their {end_cards}th development card: "
                                             "the game ends after this round.",
                                             player=f"{{p{seat}}}", end_cards=END_CARDS))
    return events
