"""Phase 4 and the end of the game (OM-ENDTURN, OM-MARKET, OM-END), with TS-20..22, TS-25, TS-26."""

from __future__ import annotations

import random

import pytest

from games.opera import GAME
from games.opera.data import DATA, RAW, component_name
from opera.helpers import fixture, new_game, play, refused, turn_at


def end_of_turn(**player):
    state = new_game(2)
    fixture(state, 0, **player)
    return turn_at(state, 0, "refined")


def test_OM_ENDTURN_2_3_4_refill_then_market():
    """OM-ENDTURN-2, OM-ENDTURN-3, OM-ENDTURN-4, OM-ENDTURN-8: picks until 2, each replaced at once."""
    state = end_of_turn(building=[])
    state, _ = play(state, 0, "done")
    assert state["phase"] == "build"
    kinds = {a["type"] for a in GAME.legal_actions(state, 0)}
    assert "pick" in kinds and "buy" not in kinds and kinds <= {"pick", "ability", "use", "refine"}
    small = next(c for c in sorted(state["display"]) if DATA.buildings[c]["size"] == "small")
    top = state["building_decks"]["small"][-1]
    state, _ = play(state, 0, f"pick {small}")
    assert top in state["display"] and len(state["display"]) == 6
    assert state["phase"] == "build"
    state, _ = play(state, 0, f"pick {min(state['display'])}")
    assert state["phase"] == "market"
    assert len(state["seats"][0]["building"]) == 2


@pytest.mark.parametrize("case", ["a", "b", "c", "c2", "d"])
def test_OM_ENDTURN_5_6_7_and_TS_26_display_fallbacks(case):
    """OM-ENDTURN-5, OM-ENDTURN-6, OM-ENDTURN-7, TS-26 (a)-(d)."""
    state = end_of_turn(building=["S01"])
    decks = state["building_decks"]
    if case == "a":
        decks["small"] = []
        taken, expected = "small", decks["medium"][-1]
    elif case == "b":
        decks["small"], decks["medium"] = [], []
        taken, expected = "small", decks["large"][-1]
    elif case == "c":
        decks["large"] = []
        taken, expected = "large", decks["medium"][-1]
    elif case == "c2":
        decks["large"], decks["medium"] = [], []
        taken, expected = "large", decks["small"][-1]
    else:
        decks["small"], decks["medium"], decks["large"] = [], [], []
        taken, expected = "small", None
    card = next(c for c in state["display"] if DATA.buildings[c]["size"] == taken)
    state, _ = play(state, 0, "done")
    state, _ = play(state, 0, f"pick {card}")
    if expected:
        assert expected in state["display"] and len(state["display"]) == 6
    else:
        assert len(state["display"]) == 5
        state["display"] = []
        fixture(state, 0, building=[])
        turn_at(state, 0, "refined")
        state, _ = play(state, 0, "done")
        assert state["phase"] == "market", "an empty display leaves fewer than 2 (OM-ENDTURN-7)"


def test_OM_ENDTURN_1_and_TS_26e_no_refill_or_draw_in_the_final_round():
    """OM-ENDTURN-1, OM-END-3, TS-26 (e)."""
    state = end_of_turn(building=[])
    state["final_round"] = state["round"]
    hand = list(state["seats"][0]["hand"])
    state, _ = play(state, 0, "done")
    assert state["phase"] == "merchant" and state["active"] == 1
    assert state["seats"][0]["building"] == [] and state["seats"][0]["hand"] == hand


def test_OM_MARKET_1_2_7_8_9_and_TS_20_buy_and_slide():
    """OM-MARKET-1, OM-MARKET-2, OM-MARKET-7, OM-MARKET-8, OM-MARKET-9, OM-MARKET-11, TS-20."""
    state = end_of_turn(raw={"L": 2, "W": 1, "M": 0, "S": 0}, building=["S01", "S02"])
    state, _ = play(state, 0, "done")
    k0, k1, k2, k3 = state["market"]
    n = state["decks"][0][0]
    state, events = play(state, 0, "buy 2 LL")
    assert state["seats"][0]["raw"]["L"] == 0 and k2 in state["seats"][0]["hand"]
    assert state["market"] == [k0, k1, k3, n]
    assert component_name(k2) in events[0]["text"] and k2 not in events[0]["text"]  # named, not coded
    assert GAME.view(state, None)["market"][2]["card"]["id"] == k3


def test_OM_MARKET_5_6_and_TS_21_forced_free_card():
    """OM-MARKET-5, OM-MARKET-6, TS-21, Q-15 (free card by choice)."""
    state = end_of_turn(raw=dict.fromkeys(RAW, 0), building=["S01", "S02"])
    state, _ = play(state, 0, "done")
    _, k1, k2, k3 = state["market"]
    assert [a for a in GAME.legal_actions(state, 0) if a["type"] == "buy"] == [{"type": "buy", "slot": 0}]
    assert "cannot afford" in refused(state, 0, "buy 1 L").message
    state, _ = play(state, 0, "buy 0")
    assert state["market"][:3] == [k1, k2, k3]
    rich = end_of_turn(building=["S01", "S02"])
    rich, _ = play(rich, 0, "done")
    assert {"type": "buy", "slot": 0} in GAME.legal_actions(rich, 0)


def test_OM_MARKET_3_4_and_TS_22_no_discounts_certificates_or_vp():
    """OM-MARKET-3, OM-MARKET-4, TS-22."""
    state = end_of_turn(raw={"L": 0, "W": 0, "M": 0, "S": 1}, board="WB-4", cert=dict.fromkeys(RAW, 9),
                        building=["S01", "S02"])
    state, _ = play(state, 0, "done")
    slots = sorted({a["slot"] for a in GAME.legal_actions(state, 0) if a["type"] == "buy"})
    assert slots == [0, 1]
    assert refused(state, 0, "buy 2").rule == "OM-MARKET-3"
    auto, _ = play(state, 0, "buy 1")
    assert auto["seats"][0]["raw"]["S"] == 0


def test_OM_MARKET_3_refusals_say_what_is_missing():
    """OM-MARKET-3: too few raw goods is 'cannot afford' whether or not the goods are named; naming
    goods not held says which."""
    state = end_of_turn(raw={"L": 1, "W": 0, "M": 0, "S": 1}, building=["S01", "S02"])
    state, _ = play(state, 0, "done")
    for text in ("buy 3", "buy 3 LSS"):
        error = refused(state, 0, text)
        assert "cannot afford" in error.message and "you have 2" in error.message
    error = refused(state, 0, "buy 2 LL")
    assert error.rule == "OM-MARKET-3" and "hold 1" in error.message and "lead" in error.message

def test_OM_MARKET_10_empty_decks_leave_the_space_empty():
    """OM-MARKET-10, Q-16: slides continue; an empty space cannot be taken."""
    state = end_of_turn(building=["S01", "S02"])
    state["decks"] = [[], [], [], []]
    state["final_round"] = 99
    state, _ = play(state, 0, "done")
    state, _ = play(state, 0, "buy 0")
    assert state["market"][3] is None
    fixture(state, 0, building=["S01", "S02"])
    turn_at(state, 0, "market")
    assert refused(state, 0, "buy 3").rule == "OM-MARKET-10"


def test_OM_MARKET_12_market_public_deck_order_hidden():
    """OM-MARKET-12."""
    state = new_game(3)
    view = GAME.view(state, None)
    assert [m["card"]["id"] for m in view["market"]] == state["market"]
    assert view["market_decks"] == [len(d) for d in state["decks"]]
    text = str(view)
    assert not any(c in text for d in state["decks"] for c in d)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_OM_END_1_to_5_and_TS_25_final_round_timing(players):
    """OM-END-1, OM-END-2, OM-END-3, OM-END-4, OM-END-5, OM-FLOW-1, TS-25: trigger on the last refill
    of round 8, 9 turns each, hands of 2."""
    chooser = random.Random(players)
    state = new_game(players, seed=players)
    trigger = None
    turns = [0] * players
    while GAME.result(state) is None:
        (seat,) = GAME.actors(state)
        if state["phase"] == "merchant":
            turns[seat] += 1
            assert len(state["seats"][seat]["hand"]) == 3
        before, round_ = state["final_round"], state["round"]
        state, _ = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
        if before is None and state["final_round"] is not None:
            trigger = (round_, seat)
    assert trigger == (8, players - 1)
    assert state["final_round"] == 9 and turns == [9] * players
    assert all(len(p["hand"]) == 2 for p in state["seats"])
    assert GAME.actors(state) == set() and GAME.legal_actions(state, 0) == []
