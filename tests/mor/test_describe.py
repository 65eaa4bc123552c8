"""Masters of Renaissance moves in the guided menu's words (games/mor/describe.py): each choice is a
level of the menu, and the preview says exactly what the engine then takes and gives."""

from __future__ import annotations

import random

from games.mor import GAME
from games.mor.rules import add_counts, discounted_cost, total_holdings

from .helpers import (
    blank_game,
    card,
    depots,
    give_slot,
    leader,
    market,
    play_leader_now,
    strongbox,
    turn_of,
)


def described(state, seat):
    return [(action, GAME.describe(state, seat, action)) for action in GAME.legal_actions(state, seat)]


def keys(found) -> list[str]:
    return [step.key for step in found.group]


def test_MOR_LEADER_16_two_white_marble_leaders_file_each_line_then_what_its_white_marbles_become():
    state = blank_game()
    turn_of(state, 0)
    market(state, ["WWGY", "BPRY", "GBPW"], "Y")
    play_leader_now(state, 0, leader("white_marble", "coin"))
    play_leader_now(state, 0, leader("white_marble", "servant"))
    row = [(a, d) for a, d in described(state, 0) if a["type"] == "market" and a["line"] == "row-1"]
    assert len(row) == 3 and all(keys(d) == ["market", "row-1"] for _, d in row)
    gains = {tuple(a["white"]): str(d.gain[0]) for a, d in row}
    assert gains[("coin", "coin")] == "3 coin, 1 stone" and gains[("coin", "servant")] == "2 coin, 1 stone, 1 servant"
    plain = next(d for a, d in described(state, 0) if a["type"] == "market" and a["line"] == "row-2")
    assert keys(plain) == ["market"] and str(plain.gain[0]) == "1 coin, 1 servant, 1 shield, 1 faith"


def test_MOR_LEADER_15_one_white_marble_leader_turns_white_marbles_in_the_preview():
    state = blank_game()
    turn_of(state, 0)
    market(state, ["WWGY", "BPRY", "GBPW"], "Y")
    play_leader_now(state, 0, leader("white_marble", "shield"))
    row = next(d for a, d in described(state, 0) if a["type"] == "market" and a["line"] == "row-1")
    assert keys(row) == ["market"] and str(row.gain[0]) == "1 coin, 1 stone, 2 shield"


def test_MOR_BUY_4_MOR_BUY_7_a_purchase_is_filed_under_its_card_with_each_slot_and_payment():
    state = blank_game()
    turn_of(state, 0)
    depots(state, 0, ("coin", 1), ("stone", 2), ("shield", 3))
    strongbox(state, 0, coin=5, stone=5, shield=5, servant=5)
    give_slot(state, 0, 1, [card("green", 1, 1)])
    buys = [(a, d) for a, d in described(state, 0) if a["type"] == "buy"]
    assert buys and all(keys(d)[0] == "buy" and keys(d)[1] == a["deck"] for a, d in buys)
    for action, found in buys:
        top = state["decks"][action["deck"]][0]
        price = discounted_cost(state["seats"][0], top)
        assert str(found.cost[0]) == ", ".join(f"{n} {r}" for r, n in price.items() if n) or "nothing"
        assert f"card {top} in slot {action['slot']}" == str(found.gain[0])
    level_two = [a for a, _ in buys if a["deck"].endswith("-2")]
    assert level_two and {a["slot"] for a in level_two} == {1}, "a level II card goes on the level I card"
    assert len({str(d.label) for a, d in buys if a["deck"] == "blue-1"}) >= 2, "slot and payment are choices"


def test_MOR_PROD_3_productions_are_filed_by_their_powers_then_the_base_powers_inputs():
    state = blank_game()
    turn_of(state, 0)
    strongbox(state, 0, coin=2, stone=2, shield=2, servant=2)
    green = card("green", 1, 1)
    give_slot(state, 0, 1, [green])
    produce = [(a, d) for a, d in described(state, 0) if a["type"] == "produce"]
    card_alone = [d for a, d in produce if a.get("cards") == [green] and "base" not in a]
    assert card_alone and keys(card_alone[0]) == ["produce", green]
    with_base = [(a, d) for a, d in produce if a.get("cards") == [green] and "base" in a]
    assert with_base and all(keys(d) == ["produce", f"{green}+base", "+".join(a["base"]["in"])] for a, d in with_base)


def test_MOR_SETUP_17_leaders_are_chosen_first_then_the_starting_resources():
    state = GAME.setup(2, 7)
    first = [d for _, d in described(state, 0)]
    assert all(keys(d) == ["keep"] and not d.gain for d in first), "seat 1 gets no resources"
    second = described(state, 1)
    assert all(len(keys(d)) == 2 and str(d.gain[0]) == f"1 {a['resources'][0]}" for a, d in second)


def test_MOR_WAREHOUSE_9_storing_that_throws_resources_away_asks_and_ending_the_turn_is_one_option():
    state = blank_game()
    turn_of(state, 0)
    depots(state, 0, ("coin", 1), ("stone", 2), ("shield", 3))
    market(state, ["GGGG", "BPRY", "GBPW"], "Y")
    state, _ = GAME.play(state, 0, "market row-1")
    places = [d for _, d in described(state, 0)]
    assert all(keys(d) == ["place"] for d in places)
    assert all(bool(d.destructive) == ("discards" in str(d.label)) for d in places)
    assert any(d.destructive for d in places), "four stone do not fit"
    state, _ = GAME.play(state, 0, "place")
    end = next(d for a, d in described(state, 0) if a["type"] == "end")
    assert end.group == () and not (end.cost or end.gain or end.destructive), "one tap, no preview"


def test_every_preview_of_a_purchase_or_production_is_what_the_engine_then_takes_and_gives():
    chooser = random.Random(5)
    checked = 0
    for players in (1, 2, 4):
        state = GAME.setup(players, players)
        for _ in range(300):
            if GAME.result(state) is not None:
                break
            seat = min(GAME.actors(state))
            actions = GAME.legal_actions(state, seat)
            for action in chooser.sample(actions, min(len(actions), 12)):
                if action["type"] not in ("buy", "produce"):
                    continue
                found = GAME.describe(state, seat, action)
                after, _ = GAME.apply(state, seat, action)
                before, now = total_holdings(state["seats"][seat]), total_holdings(after["seats"][seat])
                now["faith"] = after["seats"][seat]["faith"]
                expected = add_counts(before, {"faith": state["seats"][seat]["faith"]})
                expected = add_counts(expected, {r: -n for r, n in counts(found.cost[0]).items()})
                if action["type"] == "produce":
                    expected = add_counts(expected, counts(found.gain[0]))
                assert {r: n for r, n in expected.items() if n} == {r: n for r, n in now.items() if n}, found
                checked += 1
            state, _ = GAME.apply(state, seat, chooser.choice(actions))
    assert checked > 50


def counts(amounts: str) -> dict[str, int]:
    """'2 coin, 1 faith' as counts ('nothing': none)."""
    if str(amounts) == "nothing":
        return {}
    return {part.split()[1]: int(part.split()[0]) for part in str(amounts).split(", ")}
