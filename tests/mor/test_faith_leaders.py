"""Faith (MOR-FAITH), Vatican reports (MOR-VATICAN) and leaders (MOR-LEADER).

Scenarios MOR-TEST-12 (the rulebook's Vatican example), -13, -14, -15, -16, -17, -28, -29.
"""

from __future__ import annotations

from games.mor import GAME
from games.mor.rules import faith_event

from .helpers import (
    blank_game,
    card,
    depots,
    give_slot,
    holdings,
    leader,
    market,
    play,
    play_leader_now,
    refused,
    strongbox,
    turn_of,
)


def positions(state):
    return [p["faith"] for p in state["seats"]]


def test_MOR_TEST_12_rulebook_vatican_example():
    """MOR-TEST-12 (the rulebook's worked example); MOR-VATICAN-2, MOR-VATICAN-3, MOR-VATICAN-4, MOR-VATICAN-5, MOR-VATICAN-6."""
    state = blank_game(3)
    for seat, faith in enumerate((7, 6, 3)):
        state["seats"][seat]["faith"] = faith
    events = faith_event(state, {0: 1})
    assert state["reported"] == [True, False, False]
    assert [p["favour"][0] for p in state["seats"]] == ["active", "active", "discarded"]
    assert "Vatican report 1" in events[0]["text"]
    events = faith_event(state, {1: 2})  # B reaches 8 later: nothing happens
    assert events == [] and [p["favour"][0] for p in state["seats"]] == ["active", "active", "discarded"]


def test_MOR_TEST_13_discard_moves_everyone_before_the_report():
    """MOR-TEST-13; MOR-VATICAN-9, D-4: B passes 8 and C enters section 1 in the same event."""
    state = blank_game(3)
    for seat, faith in enumerate((2, 7, 3)):
        state["seats"][seat]["faith"] = faith
    market(state, ["GYWW", "BPWG", "WBPR"], "Y")
    state, _ = play(state, 0, "market row-1")
    state, events = play(state, 0, "place empty discard:coin,stone")
    assert positions(state) == [2, 9, 5]
    assert [p["favour"][0] for p in state["seats"]] == ["discarded", "active", "active"]
    assert sum(1 for e in events if e["type"] == "vatican") == 1


def test_MOR_TEST_14_two_sections_in_one_event():
    """MOR-TEST-14; MOR-VATICAN-5, MOR-VATICAN-8, MOR-VATICAN-9, MOR-WAREHOUSE-8, D-3, D-4."""
    state = blank_game(3)
    for seat, faith in enumerate((3, 7, 6)):
        state["seats"][seat]["faith"] = faith
    depots(state, 0, ("coin", 1), ("shield", 2), ("stone", 3))
    market(state, ["GYBP", "WWWW", "WRGY"], "B")
    state, _ = play(state, 0, "market row-1")
    assert state["turn"]["pending"]["gained"] == {"stone": 1, "coin": 1, "shield": 1, "servant": 1}
    state, events = play(state, 0, "place empty discard:coin,coin,stone,stone,stone,stone,servant,shield,shield,shield")
    assert positions(state) == [3, 17, 16]
    reports = [e["text"] for e in events if e["type"] == "vatican"]
    assert len(reports) == 2 and reports[0].startswith("Vatican report 1") and reports[1].startswith("Vatican report 2")
    assert state["reported"] == [True, True, False]
    assert [p["favour"][:2] for p in state["seats"]] == [["discarded", "discarded"], ["active", "active"],
                                                          ["active", "active"]]


def test_MOR_VATICAN_7_tile_states_never_change_again():
    """MOR-VATICAN-7, MOR-VATICAN-10, MOR-SCORE-3: later movement does not flip a decided tile."""
    state = blank_game(2)
    state["seats"][0]["faith"] = 8
    faith_event(state, {0: 0, 1: 0})
    assert [p["favour"][0] for p in state["seats"]] == ["active", "discarded"]
    faith_event(state, {1: 10})
    assert [p["favour"][0] for p in state["seats"]] == ["active", "discarded"]
    assert GAME.view(state, None)["players"][0]["vp_breakdown"]["favour_tiles"] == 2


def test_MOR_FAITH_3_and_4_never_backwards_never_past_24():
    """MOR-FAITH-3, MOR-FAITH-4, D-5, MOR-FAITH-6: markers stop at 24 (which reports section 3)."""
    state = blank_game(2)
    state["seats"][0]["faith"] = 22
    events = faith_event(state, {0: 5})
    assert state["seats"][0]["faith"] == 24 and state["reported"][2]
    assert state["end_triggered"] and any(e["type"] == "end_triggered" for e in events)
    faith_event(state, {0: 3})
    assert state["seats"][0]["faith"] == 24


def test_MOR_FAITH_2_sources_of_faith():
    """MOR-FAITH-2, MOR-FAITH-1: red marble, production, leader discard, others' discards, setup."""
    state = blank_game(2)
    market(state, ["RWWW", "BPWG", "GBPY"], "W")
    after, _ = play(state, 0, "market row-1")
    assert after["seats"][0]["faith"] == 1 and after["turn"]["pending"] is None
    state["seats"][0]["hand"] = [leader("discount", "coin")]
    after, _ = play(state, 0, f"leader discard {leader('discount', 'coin')}")
    assert after["seats"][0]["faith"] == 1
    assert GAME.setup(3, 1)["seats"][2]["faith"] == 1


def test_MOR_TEST_17_leader_discard_triggers_report():
    """MOR-TEST-17; MOR-LEADER-4, MOR-VATICAN-2."""
    state = blank_game(2)
    state["seats"][0]["faith"] = 7
    state["seats"][0]["hand"] = ["L1", "L9"]
    state, events = play(state, 0, "leader discard L9")
    assert state["seats"][0]["faith"] == 8 and state["reported"][0]
    assert state["seats"][0]["hand"] == ["L1"]
    assert all("L9" not in e["text"] for e in events)  # D-16: the discarded leader stays hidden


def test_MOR_TEST_28_red_marble_resolved_before_discards():
    """MOR-TEST-28; MOR-MARKET-8, MOR-VATICAN-9, D-4."""
    state = blank_game(2)
    state["seats"][0]["faith"], state["seats"][1]["faith"] = 7, 4
    depots(state, 0, ("coin", 1), ("shield", 2), ("stone", 3))
    market(state, ["RYBG", "PYWW", "WBGW"], "P")
    state, _ = play(state, 0, "market col-1")
    assert state["seats"][0]["faith"] == 8 and state["reported"][0]
    assert [p["favour"][0] for p in state["seats"]] == ["active", "discarded"]
    state, _ = play(state, 0, "place")
    assert state["seats"][1]["faith"] == 5 and state["seats"][1]["favour"][0] == "discarded"


def test_MOR_TEST_15_covered_cards_count_for_requirements():
    """MOR-TEST-15; MOR-LEADER-6, MOR-LEADER-7, MOR-LEADER-5."""
    state = blank_game()
    give_slot(state, 0, 1, [card("yellow", 1, 1), card("blue", 2, 5)])
    give_slot(state, 0, 2, [card("yellow", 1, 2)])
    white = leader("white_marble", "servant")  # 2 yellow + 1 blue
    state["seats"][0]["hand"] = [white]
    state, _ = play(state, 0, f"leader play {white}")
    assert state["seats"][0]["played"] == [white] and len(state["seats"][0]["slots"][0]) == 2
    assert GAME.view(state, None)["players"][0]["leaders"][0]["id"] == white


def test_MOR_TEST_16_resource_requirement_is_checked_not_paid():
    """MOR-TEST-16; MOR-LEADER-6, MOR-LEADER-8, MOR-LEADER-12."""
    state = blank_game()
    depot_leader = leader("extra_depot", "stone")  # requires 5 coins
    state["seats"][0]["hand"] = [depot_leader]
    depots(state, 0, None, ("coin", 2))
    strongbox(state, 0, coin=2)
    refused(state, 0, f"leader play {depot_leader}", "MOR-LEADER-8")
    strongbox(state, 0, coin=3)
    state, _ = play(state, 0, f"leader play {depot_leader}")
    assert holdings(state, 0) == {"coin": 5}
    assert state["seats"][0]["leader_depots"] == {depot_leader: 0}


def test_MOR_TEST_29_production_leader_needs_exactly_level_two():
    """MOR-TEST-29; MOR-LEADER-7, D-8."""
    prod = leader("extra_production", "shield")  # 1 yellow level II
    state = blank_game()
    give_slot(state, 0, 1, [card("green", 1, 1), card("blue", 2, 5), card("yellow", 3, 9)])
    state["seats"][0]["hand"] = [prod]
    refused(state, 0, f"leader play {prod}", "MOR-LEADER-7")
    state = blank_game()
    give_slot(state, 0, 1, [card("green", 1, 1), card("yellow", 2, 5), card("blue", 3, 9)])
    state["seats"][0]["hand"] = [prod]
    state, _ = play(state, 0, f"leader play {prod}")
    assert state["seats"][0]["played"] == [prod]


def test_MOR_LEADER_2_and_3_leader_actions_on_own_turn_before_and_after():
    """MOR-LEADER-2, MOR-LEADER-3, MOR-TURN-4: both actions, before and after the main action."""
    state = blank_game()
    state["seats"][0]["hand"] = ["L1", "L2"]
    state["seats"][1]["hand"] = ["L3", "L4"]
    refused(state, 1, "leader discard L3", "CORE-TURN")
    state, _ = play(state, 0, "leader discard L1")
    market(state, ["WWWW", "WGGY", "YBBP"], "P")
    state, _ = play(state, 0, "market row-1")
    state, _ = play(state, 0, "leader discard L2")
    assert state["seats"][0]["hand"] == [] and state["seats"][0]["faith"] == 2


def test_MOR_LEADER_4_and_10_only_leaders_in_hand():
    """MOR-LEADER-4, MOR-LEADER-10, MOR-LEADER-9: played leaders stay, even if requirements lapse."""
    state = blank_game()
    depot_leader = leader("extra_depot", "stone")
    strongbox(state, 0, coin=5)
    state["seats"][0]["hand"] = [depot_leader]
    state, _ = play(state, 0, f"leader play {depot_leader}")
    refused(state, 0, f"leader discard {depot_leader}", "MOR-LEADER-10")
    refused(state, 0, f"leader play {depot_leader}", "MOR-LEADER-10")
    refused(state, 0, "leader discard L16", "MOR-LEADER-10")
    state, _ = play(state, 0, "produce base:coin+coin>stone")
    assert state["seats"][0]["played"] == [depot_leader]


def test_MOR_LEADER_11_discounts_stack_and_never_go_below_zero():
    """MOR-LEADER-11, D-9: two discounts on one card; a cost without the resource is unchanged."""
    state = blank_game()
    play_leader_now(state, 0, leader("discount", "coin"))
    play_leader_now(state, 0, leader("discount", "stone"))
    from games.mor.rules import discounted_cost
    player = state["seats"][0]
    assert discounted_cost(player, card("blue", 2, 8)) == {"coin": 2, "stone": 2}
    assert discounted_cost(player, card("green", 1, 1)) == {"shield": 2}
    assert discounted_cost(player, card("blue", 1, 2)) == {"servant": 1}


def test_MOR_LEADER_13_and_14_leader_depot_beside_base_depot():
    """MOR-LEADER-13, MOR-LEADER-14: the leader depot holds its type alongside a base depot;
    it is filled first by the default placement and pays like the warehouse."""
    state = blank_game()
    stone_depot = leader("extra_depot", "stone")
    play_leader_now(state, 0, stone_depot)
    depots(state, 0, None, None, ("stone", 3))
    market(state, ["GGWW", "WYYB", "BPPR"], "W")
    state, _ = play(state, 0, "market row-1")
    state, _ = play(state, 0, "place")
    assert state["seats"][0]["leader_depots"][stone_depot] == 2
    assert state["seats"][0]["depots"][2] == ["stone", 3]
    view = GAME.view(state, None)["players"][0]["leader_depots"]
    assert view == [{"leader": stone_depot, "resource": "stone", "capacity": 2, "count": 2}]
    turn_of(state, 0)
    on = card("yellow", 1, 3)  # 3 stone
    from .helpers import on_top
    on_top(state, on)
    state, _ = play(state, 0, "buy yellow-1 slot:1")
    assert holdings(state, 0) == {"stone": 2}


def test_MOR_LEADER_18_use_a_leader_the_turn_it_is_played():
    """MOR-LEADER-18, D-1: play a white-marble leader, then take the market with it."""
    state = blank_game()
    white = leader("white_marble", "coin")  # 2 purple + 1 green
    give_slot(state, 0, 1, [card("purple", 1, 1)])
    give_slot(state, 0, 2, [card("purple", 1, 2)])
    give_slot(state, 0, 3, [card("green", 1, 1)])
    state["seats"][0]["hand"] = [white]
    market(state, ["WWWG", "WYYB", "BPPR"], "G")
    state, _ = play(state, 0, f"leader play {white}")
    state, _ = play(state, 0, "market row-1")
    assert state["turn"]["pending"]["gained"] == {"coin": 3, "stone": 1}
    refused(state, 0, "leader discard L1", "MOR-TURN-4")


def test_MOR_LEADER_19_only_played_leaders_score():
    """MOR-LEADER-19, MOR-SCORE-4, D-10."""
    state = blank_game()
    play_leader_now(state, 0, leader("white_marble", "coin"))
    state["seats"][0]["hand"] = [leader("white_marble", "stone")]
    assert GAME.view(state, None)["players"][0]["vp_breakdown"]["leaders"] == 5


def test_MOR_LEADER_17_production_leader_output_choice():
    """MOR-LEADER-17, D-7: pay 1 of its resource, gain 1 chosen resource and 1 faith."""
    state = blank_game()
    prod = leader("extra_production", "servant")
    play_leader_now(state, 0, prod)
    strongbox(state, 0, servant=1)
    refused(state, 0, f"produce {leader('extra_production', 'coin')}:stone", "MOR-LEADER-17")
    after, _ = play(state, 0, f"produce {prod}:shield")
    assert holdings(after, 0) == {"shield": 1} and after["seats"][0]["faith"] == 1
