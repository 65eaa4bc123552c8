"""The Masters of Renaissance position estimate: each term prefers the position better by it, all else equal."""

from __future__ import annotations

import games
from games.ai import mor
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
        return mor._estimates(GAME.view(richer, None))[0] - mor._estimates(GAME.view(position, None))[0]

    assert worth_of_a_strongbox(early) > 2 * worth_of_a_strongbox(late) > 0
    ended = clone(late)
    ended["end_triggered"] = True
    assert mor.progress(GAME.view(ended, None)) == 1
