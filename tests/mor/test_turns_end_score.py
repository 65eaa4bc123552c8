"""Turn structure (MOR-TURN), the end of the game (MOR-END) and scoring (MOR-SCORE).

Scenarios MOR-TEST-18, -19, -20.
"""

from __future__ import annotations

from games.mor import GAME
from games.mor.rules import faith_event

from .helpers import (
    blank_game,
    card,
    depots,
    give_slot,
    leader,
    market,
    play,
    play_leader_now,
    refused,
    strongbox,
)


def market_turn(state, seat, line="row-1"):
    """A whole quiet turn: take a line of white marbles (nothing to place), end."""
    market(state, ["WWWW", "WGGY", "YBBP"], "P")
    state, _ = play(state, seat, f"market {line}")
    state, _ = play(state, seat, "end")
    return state


def test_MOR_TURN_1_clockwise_order_never_changes():
    """MOR-TURN-1, MOR-TURN-7: 0, 1, 2, 0, ...; only the seat on turn may act."""
    state = blank_game(3)
    order = []
    for _ in range(6):
        seat = next(iter(GAME.actors(state)))
        order.append(seat)
        for other in range(3):
            if other != seat:
                assert GAME.legal_actions(state, other) == []
                refused(state, other, "market row-1", "CORE-TURN")
        state = market_turn(state, seat)
    assert order == [0, 1, 2, 0, 1, 2]


def test_MOR_TURN_2_and_3_exactly_one_main_action():
    """MOR-TURN-2, MOR-TURN-3: no second main action, no passing."""
    state = blank_game()
    strongbox(state, 0, coin=9)
    refused(state, 0, "end", "MOR-TURN-3")
    state, _ = play(state, 0, "produce base:coin+coin>stone")
    refused(state, 0, "market row-1", "MOR-TURN-3")
    refused(state, 0, "produce base:coin+coin>stone", "MOR-TURN-3")
    refused(state, 0, "buy green-1", "MOR-TURN-3")
    kinds = {a["type"] for a in GAME.legal_actions(state, 0)}
    assert kinds <= {"leader", "end"} and "end" in kinds


def test_MOR_TURN_4_no_leader_action_between_market_and_placement():
    """MOR-TURN-4, D-1; MOR-TURN-6, D-2: the turn ends only on 'end' after the main action."""
    state = blank_game()
    state["seats"][0]["hand"] = ["L1"]
    market(state, ["GGYY", "WGWY", "YBBP"], "P")
    state, _ = play(state, 0, "market row-1")
    refused(state, 0, "leader discard L1", "MOR-TURN-4")
    refused(state, 0, "end", "MOR-TURN-4")
    state, _ = play(state, 0, "place")
    assert GAME.actors(state) == {0}
    state, _ = play(state, 0, "leader discard L1")
    state, _ = play(state, 0, "end")
    assert GAME.actors(state) == {1}


def test_MOR_TURN_8_market_always_available():
    """MOR-TURN-8: with nothing at all a player can still take the market."""
    state = blank_game()
    legal = GAME.legal_actions(state, 0)
    assert sum(1 for a in legal if a["type"] == "market") == 7


def test_MOR_TURN_5_rearrange_any_time_in_own_turn():
    """MOR-TURN-5: before and after the main action."""
    state = blank_game()
    depots(state, 0, ("coin", 1))
    state, _ = play(state, 0, "arrange d3:coin")
    market(state, ["WWWW", "WGGY", "YBBP"], "P")
    state, _ = play(state, 0, "market row-1")
    state, _ = play(state, 0, "arrange d2:coin")
    assert state["seats"][0]["depots"][1] == ["coin", 1]


def _seven_cards_minus_one(state, seat):
    give_slot(state, seat, 1, [card("green", 1, 1), card("green", 2, 5), card("green", 3, 9)])
    give_slot(state, seat, 2, [card("blue", 1, 1), card("blue", 2, 5)])
    give_slot(state, seat, 3, [card("yellow", 1, 1)])
    strongbox(state, seat, coin=9, stone=9, servant=9, shield=9)


def test_MOR_TEST_18_final_round():
    """MOR-TEST-18; MOR-END-1, MOR-END-2, MOR-END-3, MOR-END-4, MOR-END-5."""
    # (a) seat 1 (the spec's seat 2) buys a 7th card: seats 2 and 3 play once more, seat 0 not.
    state = blank_game(4)
    state = market_turn(state, 0)
    _seven_cards_minus_one(state, 1)
    state, _ = play(state, 1, "buy purple-2 slot:3")
    state, _ = play(state, 1, "end")
    state = market_turn(state, 2)
    assert GAME.result(state) is None and GAME.actors(state) == {3}
    state = market_turn(state, 3)
    assert GAME.result(state) is not None and GAME.actors(state) == set()
    # (b) the last seat reaches 24 on its own turn: the game ends at the end of that turn
    state = blank_game(4)
    for seat in range(3):
        state = market_turn(state, seat)
    state["seats"][3]["faith"] = 23
    market(state, ["RWWW", "WGGY", "YBBP"], "P")
    state, _ = play(state, 3, "market row-1")
    assert state["end_triggered"] and GAME.result(state) is None
    state["seats"][3]["hand"] = ["L1"]
    state, _ = play(state, 3, "leader discard L1")  # D-11: the turn is completed
    state, events = play(state, 3, "end")
    assert GAME.result(state) is not None and any(e["type"] == "game_over" for e in events)
    # (c) the first player triggers: seats 1, 2, 3 play, then the end
    state = blank_game(4)
    _seven_cards_minus_one(state, 0)
    state, _ = play(state, 0, "buy purple-2 slot:3")
    state, _ = play(state, 0, "end")
    for seat in (1, 2):
        state = market_turn(state, seat)
        assert GAME.result(state) is None
    state = market_turn(state, 3)
    assert GAME.result(state) is not None
    # (d) seat 0 reaches 24 through seat 2's discards: seat 2 finishes, seat 3 plays, end
    state = blank_game(4)
    state = market_turn(state, 0)
    state = market_turn(state, 1)
    state["seats"][0]["faith"] = 23
    market(state, ["GWWW", "WGGY", "YBBP"], "P")
    state, _ = play(state, 2, "market row-1")
    state, _ = play(state, 2, "place empty discard:stone")
    assert state["end_triggered"] and state["seats"][0]["faith"] == 24
    state, _ = play(state, 2, "end")
    assert GAME.actors(state) == {3}
    state = market_turn(state, 3)
    assert GAME.result(state) is not None


def test_MOR_END_6_later_triggers_change_nothing():
    """MOR-END-6, MOR-END-2: a second trigger does not shorten or lengthen the last round."""
    state = blank_game(3)
    state = market_turn(state, 0)
    state["seats"][0]["faith"] = 24
    faith_event(state, {0: 0})
    assert state["end_triggered"]
    state["seats"][2]["faith"] = 23
    faith_event(state, {2: 1})
    state = market_turn(state, 1)
    assert GAME.result(state) is None
    state = market_turn(state, 2)
    assert GAME.result(state) is not None


def test_MOR_TEST_19_scoring_breakdown():
    """MOR-TEST-19; MOR-SCORE-1, MOR-SCORE-2, MOR-SCORE-3, MOR-SCORE-4, MOR-SCORE-5, MOR-SCORE-6, MOR-LEADER-14, MOR-LEADER-19."""
    state = blank_game(2)
    give_slot(state, 0, 1, [card("green", 1, 3), card("green", 2, 7), card("green", 3, 10)])
    give_slot(state, 0, 2, [card("blue", 1, 2), card("blue", 2, 5)])
    give_slot(state, 0, 3, [card("yellow", 1, 1)])
    state["seats"][0]["faith"] = 17
    state["seats"][0]["favour"] = ["active", "active", "discarded"]
    depot_leader = leader("extra_depot", "stone")
    play_leader_now(state, 0, depot_leader)
    state["seats"][0]["leader_depots"][depot_leader] = 2
    state["seats"][0]["hand"] = [leader("white_marble", "coin")]
    depots(state, 0, ("coin", 1), ("shield", 2), ("servant", 1))
    strongbox(state, 0, coin=13)
    state["phase"] = "over"
    result = GAME.result(state)
    assert result["scores"][0]["breakdown"] == {"cards": 28, "faith_track": 9, "favour_tiles": 5, "leaders": 3,
                                                "resources": 3}
    assert result["scores"][0]["total"] == 48
    assert GAME.view(state, None)["players"][0]["vp"] == 48


def test_MOR_SCORE_2_highest_faith_space_only():
    from games.mor.data import faith_vp
    assert [faith_vp(p) for p in (0, 2, 3, 8, 16, 23, 24)] == [0, 0, 1, 2, 9, 16, 20]


def test_MOR_TEST_20_tie_break_and_shared_victory():
    """MOR-TEST-20; MOR-SCORE-7, MOR-SCORE-8, D-12."""
    state = blank_game(2)
    for seat in (0, 1):
        state["seats"][seat]["faith"] = 24  # 20 VP
        state["seats"][seat]["favour"] = ["active", "active", "active"]  # 9 VP
    strongbox(state, 0, coin=19)  # 3 VP
    strongbox(state, 1, coin=12)  # 2 VP
    state["seats"][1]["played"] = ["L1"]  # 2 VP: both on 32
    state["phase"] = "over"
    result = GAME.result(state)
    assert [s["total"] for s in result["scores"]] == [32, 33]
    state["seats"][1]["played"] = []
    strongbox(state, 1, coin=14, stone=1)  # 3 VP, 15 left < 19
    result = GAME.result(state)
    assert [s["total"] for s in result["scores"]] == [32, 32]
    assert result["winners"] == [0] and result["ranking"] == [[0], [1]]
    strongbox(state, 1, coin=19)
    result = GAME.result(state)
    assert result["winners"] == [0, 1] and result["ranking"] == [[0, 1]]
