"""The Masters of Renaissance position estimate: each term prefers the position better by it, all else equal."""

from __future__ import annotations

import pytest

import games
from games.ai import decide, mor
from games.core import clone

GAME = games.get("mor")


def _started(players: int = 4, seed: int = 3) -> dict:
    """A game just past its set-up: every seat has kept its leaders and starting resources."""
    state = GAME.setup(players, seed)
    while state["phase"] == "setup":
        seat = min(GAME.actors(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])[0]
    return state


def _with(state: dict, seat: int, **fields) -> dict:
    changed = clone(state)
    changed["seats"][seat].update(fields)
    return changed


def test_a_faith_step_is_worth_more_near_the_end_of_the_track():
    steps = [mor.faith_value(space + 1) - mor.faith_value(space) for space in range(24)]
    assert all(step > 0 for step in steps)
    assert steps[22] > steps[10] > steps[1]
    assert mor.faith_value(24) == 20 and mor.faith_value(0) == 0
    state = _started()
    assert mor.evaluate(_with(state, 1, faith=10), 1) > mor.evaluate(_with(state, 1, faith=9), 1)


def test_an_unreported_favour_tile_is_sure_once_the_marker_is_in_its_section():
    vatican = GAME.view(_started(), None)["vatican"]
    inside = mor.favour_value(5, 7, vatican)
    assert inside == 2 + mor.favour_value(5, 7, vatican[1:])  # section 1's tile counts whole
    assert mor.favour_value(4, 7, vatican) < inside
    assert mor.favour_value(1, 7, vatican) < mor.favour_value(4, 7, vatican)
    # the nearer the leading marker is to the pope space, the less a seat outside the section can hope
    assert mor.favour_value(3, 7, vatican) < mor.favour_value(3, 4, vatican)
    reported = [dict(section, reported=True) for section in vatican]
    assert mor.favour_value(20, 20, reported) == 0
    state = _started()
    gain = mor.evaluate(_with(state, 0, faith=5), 0) - mor.evaluate(_with(state, 0, faith=4), 0)
    step = mor.evaluate(_with(state, 0, faith=4), 0) - mor.evaluate(_with(state, 0, faith=3), 0)
    assert gain > step > 0


def test_the_expected_place_counts_every_opponent_on_the_scale_of_a_finished_game():
    # the same best opponent: being ahead of the two others is worth more than being behind them
    assert mor.expected_place([10, 9, 9, 20], 0) > mor.expected_place([10, 11, 11, 20], 0)
    assert mor.expected_place([12, 10, 10, 10], 0) > mor.expected_place([10, 10, 10, 10], 0)
    assert 900 < mor.expected_place([100, 0, 0, 0], 0) < 1100  # a finished first place counts 1000 + margin
    assert mor.expected_place([0, 100, 100, 100], 0) < -1000


def test_resources_and_production_count_less_as_the_game_nears_its_end():
    state = _started()
    early, late = clone(state), clone(state)
    late["seats"][2]["faith"] = 21  # another seat close to the end of the faith track
    assert mor.progress(GAME.view(early, None)) < mor.progress(GAME.view(late, None)) < 1

    def worth_of_a_strongbox(position: dict) -> float:
        richer = clone(position)
        richer["seats"][0]["strongbox"]["coin"] += 3
        no_leaders = [[] for _ in position["seats"]]  # the coins only, not a leader they bring nearer
        return (mor._estimates(GAME.view(richer, None), no_leaders)[0]
                - mor._estimates(GAME.view(position, None), no_leaders)[0])

    assert worth_of_a_strongbox(early) > 2 * worth_of_a_strongbox(late) > 0
    ended = clone(late)
    ended["end_triggered"] = True
    assert mor.progress(GAME.view(ended, None)) == 1


def _holding(state: dict, seat: int, leader: str, **strongbox: int) -> dict:
    """``state`` with ``leader`` alone in the seat's hand and ``strongbox`` added to its strongbox."""
    changed = _with(state, seat, hand=[leader])
    for resource, count in strongbox.items():
        changed["seats"][seat]["strongbox"][resource] += count
    return changed


def test_a_leader_whose_requirement_is_met_is_played_rather_than_kept_or_discarded():
    """MOR-LEADER-7: L5 asks for 5 coins; once held, playing it (3 points and a depot) beats
    keeping it, and both beat discarding it for a faith step (MOR-LEADER-4)."""
    state = _holding(_started(), 0, "L5", coin=5)
    state["turn"].update({"seat": 0, "main": True})
    played = mor.evaluate(GAME.play(state, 0, "leader play L5")[0], 0)
    discarded = mor.evaluate(GAME.play(state, 0, "leader discard L5")[0], 0)
    assert played > mor.evaluate(state, 0) > discarded


def test_a_leader_in_hand_is_worth_more_the_nearer_its_requirement():
    state = _started()
    far, near = _holding(state, 0, "L5", coin=1), _holding(state, 0, "L5", coin=4)
    assert mor.evaluate(near, 0) - mor.evaluate(far, 0) > 3 * 0.3  # more than the 3 coins themselves
    player = GAME.view(near, None)["players"][0]
    assert 0.8 <= mor.requirement_share(player, "L5") < 1


def test_alone_against_lorenzo_the_race_to_the_end_comes_before_the_points():
    """MOR-SOLO-16..18: the 7th card or the faith track's end wins, Lorenzo's cross at its end loses."""
    state = _started(players=1)
    race = mor.solo_race(GAME.view(state, None))
    behind = clone(state)
    behind["solo"]["cross"] = 12
    assert mor.solo_race(GAME.view(behind, None)) < race
    assert mor.evaluate(behind, 0) < mor.evaluate(state, 0)
    richer = _with(state, 0, faith=2)
    richer["seats"][0]["strongbox"]["coin"] += 4
    assert mor.evaluate(richer, 0) > mor.evaluate(state, 0)


def test_a_leader_is_discarded_only_once_keeping_it_is_worth_no_more():
    """MOR-LEADER-4: a discard is always legal; for a leader half of whose requirement is met (alone
    against Lorenzo: any leader) it is judged only when the leader's prospect has fallen to the
    faith step it brings, so noise in the playouts cannot throw such a leader away."""
    alone = _holding(_started(players=1), 0, "L9")  # 5 points, 2 yellow cards and a blue one to go
    alone["turn"].update({"seat": 0, "main": True})
    legal = [GAME.notation(action) for action in GAME.legal_actions(alone, 0)]
    assert "leader discard L9" in legal
    assert "leader discard L9" not in mor.candidates(GAME.view(alone, 0), legal)
    state = _holding(_started(players=2), 0, "L9")
    state["turn"].update({"seat": 0, "main": True})
    legal = [GAME.notation(action) for action in GAME.legal_actions(state, 0)]
    assert "leader discard L9" in mor.candidates(GAME.view(state, 0), legal)  # nothing of it met yet
    state["seats"][0]["slots"][0] = ["c4"]  # a yellow card: a third of it
    state["seats"][0]["slots"][1] = ["c3"]  # and a blue one: two thirds
    legal = [GAME.notation(action) for action in GAME.legal_actions(state, 0)]
    assert "leader discard L9" in legal
    assert "leader discard L9" not in mor.candidates(GAME.view(state, 0), legal)
    late = clone(state)
    late["seats"][0]["faith"] = 20  # the game nearly over: L9 will not be played in time
    legal = [GAME.notation(action) for action in GAME.legal_actions(late, 0)]
    assert "leader discard L9" in mor.candidates(GAME.view(late, 0), legal)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_ready_leader_is_activated(players):
    """MOR-LEADER-5/6: a leader whose requirement is met costs nothing to play and its ability only
    helps: at every level and player count the AI plays it rather than end the turn or discard it."""
    state = _holding(_started(players=players), 0, "L5", coin=5)
    state["turn"].update({"seat": 0, "main": True})
    legal = [GAME.notation(action) for action in GAME.legal_actions(state, 0)]
    assert {"leader play L5", "leader discard L5", "end"} <= set(legal)
    for level in ("easy", "normal"):
        assert decide("mor", GAME.view(state, 0), 0, legal, level, 11) == "leader play L5"
