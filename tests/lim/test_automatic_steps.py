"""Steps with no real choice: taken without asking, and said in the log as taken automatically.

A turn end and a forced pass are taken by the engine inside the move that leads to them
(``moves.settle``); the last bonus tile and the last leader of a pack are played by the table
(``Game.automatic``). Where the seat still has a choice, nothing is taken for it.
"""

from __future__ import annotations

from games.lim.data import LEADERS

from .helpers import G, dice, holdings, leaders, legal, new, turn_of

AUTOMATIC = "(taken automatically)"


def texts(events: list[dict]) -> list[str]:
    return [str(e["text"]) for e in events]


def cannot_place(state: dict, seat: int) -> dict:
    """``seat`` has only its neutral member left, worth 0, and no servant to raise it."""
    for member in ("white", "black", "orange"):
        state["seats"][seat]["members"][member] = "council"
    holdings(state, seat)
    return state


def once_per_round_leader() -> str:
    return next(lid for lid in sorted(LEADERS) if LEADERS[lid]["kind"] == "once")


def test_LIM_ROUND_7_a_turn_with_nothing_left_ends_by_itself_and_says_so():
    """LIM-ROUND-7: after the placement, 'end' is the only move (basic game): the turn ends."""
    state = turn_of(new(players=2), 0)
    dice(state, white=1)
    holdings(state, 0, servants=3)
    state["queue"] = [{"seat": 1, "skip": False}]
    state, events = G.play(state, 0, "place white harvest-1")
    assert state["turn"]["seat"] == 1
    assert texts(events)[-1] == f"{{p0}} ends the turn {AUTOMATIC}."
    assert G.automatic(state, 1) is None


def test_LIM_ROUND_7_a_leader_action_left_keeps_the_turn_open():
    """LIM-ROUND-7, LIM-LEADER-3: a leader that may still be activated makes 'end' a choice."""
    state = turn_of(new(players=2, advanced=True), 0)
    state["seats"][0]["tile"] = "basic"
    dice(state, white=1)
    holdings(state, 0, servants=3)
    leaders(state, 0, once_per_round_leader())
    state["queue"] = [{"seat": 1, "skip": False}]
    state, events = G.play(state, 0, "place white harvest-1")
    assert state["turn"] == {"seat": 0, "skip": False, "placed": True}
    assert "end" in legal(state, 0) and len(legal(state, 0)) > 1
    assert G.automatic(state, 0) is None
    assert not any(AUTOMATIC in text for text in texts(events))
    state, events = G.play(state, 0, "end")
    assert state["turn"]["seat"] == 1 and not any(AUTOMATIC in text for text in texts(events))


def test_LIM_ROUND_9_a_forced_pass_is_taken_and_said_as_taken_automatically():
    """LIM-ROUND-9: a seat that cannot place and has no leader action passes without being asked."""
    state = turn_of(new(players=2), 1)
    dice(state, white=1)
    cannot_place(state, 0)
    state["queue"] = [{"seat": 0, "skip": False}, {"seat": 1, "skip": False}]
    state, _ = G.play(state, 1, "place white council")
    state, more = G.play(state, 1, "privilege servants")
    assert state["turn"]["seat"] == 1 and state["seats"][0]["members"]["neutral"] == "unused"
    assert f"{{p0}} cannot place a family member and passes for the rest of the round {AUTOMATIC}." in texts(more)


def test_LIM_ROUND_9_a_pass_with_a_leader_action_left_is_the_players_own():
    """LIM-ROUND-9, LIM-LEADER-11: a leader action is possible before passing, so the seat is
    asked; its own 'pass' is not said as taken automatically."""
    state = turn_of(new(players=2, advanced=True), 0)
    state["seats"][0]["tile"] = "basic"
    dice(state, white=1)
    cannot_place(state, 0)
    leaders(state, 0, once_per_round_leader())
    assert "pass" in legal(state, 0) and len(legal(state, 0)) > 1
    assert G.automatic(state, 0) is None
    _, events = G.play(state, 0, "pass")
    assert "{p0} cannot place a family member and passes for the rest of the round." in texts(events)
    assert not any(AUTOMATIC in text for text in texts(events))


def test_LIM_ADV_2_the_last_bonus_tile_of_four_players_is_taken_automatically():
    """LIM-ADV-2, LIM-ADV-4: four tiles for four players leave the last player one, taken for them."""
    state = G.setup(4, 3, {"advanced": True})
    for _ in range(3):
        seat = state["tile_pick"]["order"][0]
        assert G.automatic(state, seat) is None, "two tiles or more left: a real choice"
        state, _ = G.play(state, seat, f"tile {state['tile_pick']['left'][-1]}")
    last = state["tile_pick"]["order"][0]
    assert G.automatic(state, last) == {"type": "tile", "tile": state["tile_pick"]["left"][0]}


def test_LIM_ADV_4_with_fewer_players_the_last_tile_pick_is_a_choice():
    """LIM-ADV-4: with three players the last to pick still chooses between two tiles."""
    state = G.setup(3, 3, {"advanced": True})
    for _ in range(3):
        seat = state["tile_pick"]["order"][0]
        assert G.automatic(state, seat) is None
        state, _ = G.play(state, seat, f"tile {state['tile_pick']['left'][0]}")
    assert state["phase"] == "draft"


def test_LIM_VATICAN_4_supporting_the_church_is_never_automatic():
    """LIM-VATICAN-4: an eligible seat chooses, even when one answer is plainly better."""
    state = new(players=2)
    state["phase"], state["turn"] = "vatican", None
    state["vatican"] = {"waiting": [0, 1], "choices": {}}
    for seat in (0, 1):
        assert len(legal(state, seat)) == 2 and G.automatic(state, seat) is None
