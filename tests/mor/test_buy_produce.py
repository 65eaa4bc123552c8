"""Buying development cards (MOR-BUY) and production (MOR-PROD): scenarios MOR-TEST-8, MOR-TEST-9, MOR-TEST-10, MOR-TEST-11."""

from __future__ import annotations

from games.mor import GAME, affordable_cards, card_details
from games.mor.data import CARDS

from .helpers import (
    blank_game,
    card,
    depots,
    give_slot,
    holdings,
    leader,
    new_game,
    on_top,
    play,
    play_leader_now,
    refused,
    strongbox,
    turn_of,
)


def test_MOR_TEST_8_discount_and_slot_rules():
    """MOR-TEST-8; MOR-BUY-2, MOR-BUY-3, MOR-BUY-4, MOR-BUY-5, MOR-BUY-6, MOR-BUY-7, MOR-BUY-8, MOR-BUY-9, MOR-BUY-10, MOR-LEADER-11."""
    state = blank_game()
    play_leader_now(state, 0, leader("discount", "shield"))
    give_slot(state, 0, 1, [card("blue", 1, 1)])
    give_slot(state, 0, 2, [card("purple", 1, 1)])
    depots(state, 0, None, ("shield", 2))
    target = card("green", 1, 3)
    on_top(state, target)
    assert CARDS[target]["cost"] == {"shield": 3}
    assert {"id": target, "deck": "green-1", "cost": {"shield": 2}, "slots": [3], "vp": 3} in affordable_cards(state, 0)
    refused(state, 0, "buy green-1 slot:1", "MOR-BUY-7")
    after, events = play(state, 0, "buy green-1")
    assert after["seats"][0]["slots"][2] == [target] and holdings(after, 0) == {}
    assert "2 shield" in events[0]["text"]
    # no card: no level II; three level I cards: no level I, but level II on any of them
    fresh = blank_game()
    strongbox(fresh, 0, coin=9, stone=9, servant=9, shield=9)
    refused(fresh, 0, "buy green-2", "MOR-BUY-8")
    for slot, colour in enumerate(("blue", "purple", "yellow"), start=1):
        give_slot(fresh, 0, slot, [card(colour, 1, 1)])
    refused(fresh, 0, "buy green-1", "MOR-BUY-7")
    assert not [a for a in GAME.legal_actions(fresh, 0) if a["type"] == "buy" and a["deck"].endswith("-1")]
    slots = {a["slot"] for a in GAME.legal_actions(fresh, 0) if a["type"] == "buy" and a["deck"] == "green-2"}
    assert slots == {1, 2, 3}


def test_MOR_BUY_1_only_top_cards_any_deck():
    state = blank_game()
    strongbox(state, 0, coin=9, stone=9, servant=9, shield=9)
    top = state["decks"]["yellow-1"][0]
    state, _ = play(state, 0, "buy yellow-1 slot:2")
    assert state["seats"][0]["slots"][1] == [top]
    refused(new_game(), 0, "buy pink-1", "CORE-NOTATION")


def test_MOR_BUY_3_whole_cost_or_nothing():
    """MOR-BUY-3, MOR-BUY-5: an unaffordable card is refused; paid resources leave the game."""
    state = blank_game()
    on_top(state, card("yellow", 1, 3))  # 3 stone
    depots(state, 0, None, ("stone", 2))
    err = refused(state, 0, "buy yellow-1", "MOR-BUY-3")
    assert "3 stone" in err.message and "2" in err.message
    strongbox(state, 0, stone=1)
    state, _ = play(state, 0, "buy yellow-1")
    assert holdings(state, 0) == {}


def test_MOR_BUY_4_choose_where_payment_comes_from():
    """MOR-BUY-4: warehouse first by default, strongbox first, or an explicit split."""
    state = blank_game()
    on_top(state, card("yellow", 1, 3))
    depots(state, 0, None, None, ("stone", 3))
    strongbox(state, 0, stone=3)
    by_wh, _ = play(state, 0, "buy yellow-1 slot:1 pay:wh")
    assert holdings(by_wh, 0) == {"stone": 3} and by_wh["seats"][0]["strongbox"]["stone"] == 3
    by_sb, _ = play(state, 0, "buy yellow-1 slot:1 pay:sb")
    assert by_sb["seats"][0]["depots"][2] == ["stone", 3] and by_sb["seats"][0]["strongbox"]["stone"] == 0
    split, _ = play(state, 0, "buy yellow-1 wh:stone sb:stone,stone")
    assert split["seats"][0]["depots"][2] == ["stone", 2] and split["seats"][0]["strongbox"]["stone"] == 1
    refused(state, 0, "buy yellow-1 wh:stone,stone,stone,stone", "MOR-BUY-3")
    refused(state, 0, "buy yellow-1 wh:stone sb:stone", "MOR-BUY-3")
    strongbox(state, 0, stone=1)
    refused(state, 0, "buy yellow-1 sb:stone,stone,stone", "MOR-BUY-4")


def test_MOR_BUY_6_and_11_slots_and_covered_cards():
    """MOR-BUY-6, MOR-BUY-9, MOR-BUY-11, MOR-BUY-12, MOR-PROD-2: a card covers the one below;
    covered cards stay owned and visible but do not produce."""
    state = blank_game()
    give_slot(state, 0, 1, [card("green", 1, 1), card("blue", 2, 5)])
    strongbox(state, 0, coin=9, stone=9, servant=9, shield=9)
    on_top(state, card("purple", 3, 9))
    refused(state, 0, "buy purple-3 slot:2", "MOR-BUY-9")
    state, _ = play(state, 0, "buy purple-3 slot:1")
    slot = GAME.view(state, None)["players"][0]["slots"][0]
    assert slot["top"]["id"] == card("purple", 3, 9) and slot["covered"] == 2
    assert slot["cards"] == [card("green", 1, 1), card("blue", 2, 5), card("purple", 3, 9)]
    turn_of(state, 0)
    refused(state, 0, f"produce {card('blue', 2, 5)}", "MOR-PROD-2")
    refused(state, 0, f"produce {card('green', 1, 2)}", "MOR-PROD-2")


def test_MOR_TEST_9_exhausted_deck_stays_empty():
    """MOR-TEST-9; MOR-BUY-13, MOR-BUY-14."""
    state = blank_game()
    give_slot(state, 0, 1, [card("green", 1, 1), card("green", 2, 5)])
    strongbox(state, 0, coin=20)
    for c in list(state["decks"]["blue-3"][1:]):
        state["decks"]["blue-3"].remove(c)
        state["removed"].append(c)
    last = state["decks"]["blue-3"][0]
    state, _ = play(state, 0, "buy blue-3 slot:1")
    assert state["seats"][0]["slots"][0][-1] == last and state["decks"]["blue-3"] == []
    turn_of(state, 1)
    give_slot(state, 1, 1, [card("yellow", 1, 1), card("yellow", 2, 5)])
    strongbox(state, 1, coin=20)
    refused(state, 1, "buy blue-3", "MOR-BUY-14")
    view = GAME.view(state, None)
    deck = next(d for d in view["decks"] if d["deck"] == "blue-3")
    assert deck == {"deck": "blue-3", "colour": "blue", "level": 3, "count": 0, "top": None}
    assert len(state["decks"]["blue-2"]) == 4  # nothing moved into the empty space


def test_MOR_BUY_13_next_card_becomes_available():
    state = blank_game()
    strongbox(state, 0, coin=9, stone=9, servant=9, shield=9)
    second = state["decks"]["purple-1"][1]
    state, _ = play(state, 0, "buy purple-1")
    assert GAME.view(state, None)["decks"][11]["top"]["id"] == second


def test_MOR_BUY_16_seventh_card_triggers_the_end():
    """MOR-BUY-16, MOR-BUY-15, MOR-END-1 (b): the 7th card triggers the end of the game."""
    state = blank_game(3)
    give_slot(state, 1, 1, [card("green", 1, 1), card("green", 2, 5), card("green", 3, 9)])
    give_slot(state, 1, 2, [card("blue", 1, 1), card("blue", 2, 5)])
    give_slot(state, 1, 3, [card("yellow", 1, 1)])
    strongbox(state, 1, coin=9, stone=9, servant=9, shield=9)
    turn_of(state, 1)
    state, events = play(state, 1, "buy purple-2 slot:3")
    assert state["end_triggered"] and any(e["type"] == "end_triggered" for e in events)
    assert GAME.view(state, None)["players"][1]["cards_owned"] == 7


def test_MOR_TEST_10_outputs_cannot_pay_inputs():
    """MOR-TEST-10; MOR-PROD-4, MOR-PROD-6, MOR-PROD-8."""
    state = blank_game()
    yellow = card("yellow", 1, 2)
    assert CARDS[yellow]["input"] == {"shield": 1} and CARDS[yellow]["output"] == {"coin": 1}
    give_slot(state, 0, 1, [yellow])
    depots(state, 0, None, ("stone", 2))
    refused(state, 0, f"produce base:stone+stone>shield {yellow}", "MOR-PROD-6")
    state, _ = play(state, 0, "produce base:stone+stone>shield")
    assert holdings(state, 0) == {"shield": 1} and state["seats"][0]["strongbox"]["shield"] == 1


def test_MOR_TEST_11_production_with_faith_and_leader():
    """MOR-TEST-11; MOR-PROD-1, MOR-PROD-2, MOR-PROD-3, MOR-PROD-4, MOR-PROD-5, MOR-PROD-6, MOR-PROD-7, MOR-PROD-8, MOR-PROD-9, MOR-LEADER-17."""
    state = blank_game()
    green = card("green", 2, 5)
    assert CARDS[green]["input"] == {"stone": 1} and CARDS[green]["output"] == {"faith": 2}
    give_slot(state, 0, 1, [card("blue", 1, 1), green])
    coin_leader = leader("extra_production", "coin")
    play_leader_now(state, 0, coin_leader)
    depots(state, 0, ("stone", 1), None, ("coin", 3))
    state["seats"][0]["faith"] = 4
    state, events = play(state, 0, f"produce base:coin+coin>servant {green} {coin_leader}:stone")
    assert holdings(state, 0) == {"servant": 1, "stone": 1}
    assert state["seats"][0]["strongbox"] == {"coin": 0, "stone": 1, "servant": 1, "shield": 0}
    assert state["seats"][0]["faith"] == 7
    assert sum(1 for e in events if e["type"] == "produce") == 1


def test_MOR_PROD_3_each_power_once_and_at_least_one():
    """MOR-PROD-3, MOR-PROD-10, D-6: no empty production; a power at most once; any subset."""
    state = blank_game()
    c = card("purple", 1, 2)  # 1 coin -> 1 shield
    give_slot(state, 0, 1, [c])
    strongbox(state, 0, coin=5)
    refused(state, 0, "produce", "MOR-PROD-3")
    refused(state, 0, f"produce {c} {c}", "MOR-PROD-3")
    after, _ = play(state, 0, "produce base:coin+coin>stone")  # the card stays unused
    assert after["seats"][0]["strongbox"] == {"coin": 3, "stone": 1, "servant": 0, "shield": 0}


def test_MOR_PROD_4_base_production_never_makes_faith():
    """MOR-PROD-4, D-7."""
    state = blank_game()
    strongbox(state, 0, coin=2)
    refused(state, 0, "produce base:coin>stone", "MOR-PROD-4")
    refused(state, 0, "produce base:coin+coin+coin>stone", "MOR-PROD-4")
    after, _ = play(state, 0, "produce base:coin+coin>shield")
    assert after["seats"][0]["strongbox"]["shield"] == 1
    import pytest

    from games.core import IllegalAction
    with pytest.raises(IllegalAction):
        GAME.parse(state, "produce base:coin+coin>faith")


def test_MOR_PROD_5_card_power_in_and_out():
    """MOR-PROD-5, MOR-PROD-7, MOR-PROD-9: inputs from any mix of warehouse and strongbox."""
    state = blank_game()
    c = card("green", 1, 4)  # stone + servant -> 2 coin + 1 faith
    give_slot(state, 0, 2, [c])
    depots(state, 0, ("stone", 1))
    strongbox(state, 0, servant=1)
    state, _ = play(state, 0, f"produce {c}")
    assert holdings(state, 0) == {"coin": 2} and state["seats"][0]["faith"] == 1
    assert card_details(c)["output"] == {"coin": 2, "faith": 1}


def test_MOR_PROD_7_explicit_payment_split():
    state = blank_game()
    depots(state, 0, None, ("coin", 2))
    strongbox(state, 0, coin=2)
    after, _ = play(state, 0, "produce base:coin+coin>stone sb:coin,coin")
    assert after["seats"][0]["depots"][1] == ["coin", 2]
    after, _ = play(state, 0, "produce base:coin+coin>stone wh:coin sb:coin")
    assert after["seats"][0]["depots"][1] == ["coin", 1] and after["seats"][0]["strongbox"]["coin"] == 1
    refused(state, 0, "produce base:coin+coin>stone wh:coin", "MOR-PROD-6")


def test_MOR_PROD_7_refusal_cites_the_payment_source_rule():
    """MOR-PROD-7: paying from a source that lacks the units is refused under MOR-PROD-7 (the
    message used to cite MOR-PROD-4, the base production rule)."""
    state = blank_game()
    depots(state, 0, None, ("coin", 2))
    strongbox(state, 0, coin=1)
    err = refused(state, 0, "produce base:coin+coin>stone sb:coin,coin", "MOR-PROD-7")
    assert err.message == "Your strongbox holds 1 coin, not 2 (MOR-PROD-7)."
    depots(state, 0, ("coin", 1))
    strongbox(state, 0)
    err = refused(state, 0, "produce base:coin+coin>stone", "MOR-PROD-6")
    assert err.message == "You cannot run those powers together: it needs 2 coin and you have 1. (MOR-PROD-6)"


def test_MOR_PROD_1_available_powers_listed():
    """MOR-PROD-1: top cards, the base power and played production leaders are offered."""
    state = blank_game()
    c = card("purple", 1, 2)
    give_slot(state, 0, 1, [c])
    prod_leader = leader("extra_production", "coin")
    play_leader_now(state, 0, prod_leader)
    strongbox(state, 0, coin=3)
    produce = [a for a in GAME.legal_actions(state, 0) if a["type"] == "produce"]
    assert {"type": "produce", "cards": [c], "leaders": {prod_leader: "shield"}} in produce
    assert {"type": "produce", "base": {"in": ["coin", "coin"], "out": "servant"}} in produce
    for action in produce:
        GAME.apply(state, 0, action)
