"""Every engine keeps the shared contract (games/core/contract.py)."""

from __future__ import annotations

import json
import random

import pytest

import games
from games.core import IllegalAction, clone
from tests.engine_checks import check_refusals_change_nothing, check_replay, random_playout


def player_counts(game):
    return range(game.min_players, game.max_players + 1)


CASES = [(key, n) for key in games.keys() for n in player_counts(games.get(key))]


@pytest.mark.parametrize("key", games.keys())
def test_registry_and_metadata(key):
    game = games.get(key)
    assert game.key == key and game.title
    with pytest.raises(IllegalAction) as err:
        game.setup(game.max_players + 1, 1, {})
    assert err.value.rule == "CORE-PLAYERS"
    with pytest.raises(IllegalAction) as err:
        game.setup(game.min_players, 1, {"no_such_option": True})
    assert err.value.rule == "CORE-OPTION"


@pytest.mark.parametrize("key,players", CASES)
def test_setup_is_deterministic_and_views_are_json(key, players):
    game = games.get(key)
    a, b = game.setup(players, 99, {}), game.setup(players, 99, {})
    assert game.dumps(a) == game.dumps(b)
    assert game.loads(game.dumps(a)) == a
    assert game.actors(a) and game.result(a) is None
    public = game.view(a, None)
    json.dumps(public)
    assert len(public["players"]) == players
    for seat in range(players):
        json.dumps(game.view(a, seat))
        assert isinstance(game.prompt(a, seat), str)


@pytest.mark.parametrize("key,players", CASES)
def test_random_game_replays_bit_for_bit(key, players):
    game = games.get(key)
    final, log = random_playout(game, players, seed=players * 17, check_every=7)
    check_replay(game, players, players * 17, {}, final, log)
    result = game.result(final)
    json.dumps(result)
    assert sorted(s for group in result["ranking"] for s in group) == list(range(players))
    assert all(score["breakdown"] for score in result["scores"])
    assert game.actors(final) == set()


@pytest.mark.parametrize("key,players", CASES)
def test_refusals_leave_the_state_unchanged(key, players):
    game = games.get(key)
    state = game.setup(players, 5, {})
    check_refusals_change_nothing(game, state)
    with pytest.raises(IllegalAction) as err:
        game.parse(state, "%%% not a move %%%")
    assert err.value.rule.startswith(("CORE", key.upper()[:2]))


def random_moves(game, players: int, setup_seed: int, chooser_seed: int):
    """Each move of a random game: the state before it, the seat, the move, and what ``apply`` gives."""
    chooser = random.Random(chooser_seed)
    state = game.setup(players, setup_seed, {})
    while game.result(state) is None:
        seat = chooser.choice(sorted(game.actors(state)))
        action = chooser.choice(game.legal_actions(state, seat))
        expected, events = game.apply(state, seat, action)
        yield state, seat, action, expected, events
        state = expected


@pytest.mark.parametrize("key,players", CASES)
def test_simulate_plays_a_listed_move_as_apply_does(key, players):
    """The simulations' fast path (no copy, no round trip) reaches the state apply reaches."""
    game = games.get(key)
    for state, seat, action, expected, events in random_moves(game, players, players * 31, players):
        simulated = clone(state)
        assert game.simulate(simulated, seat, action) == events
        assert game.dumps(simulated) == game.dumps(expected)


@pytest.mark.parametrize("key,players", CASES)
def test_a_move_played_unrecorded_reaches_the_same_state(key, players):
    """The playouts write no event line (``Game.unrecorded``): the states are those ``apply`` reaches."""
    game = games.get(key)
    for state, seat, action, expected, _ in random_moves(game, players, players * 37, players + 7):
        simulated = clone(state)
        with game.unrecorded():
            game.simulate(simulated, seat, action)
        assert game.dumps(simulated) == game.dumps(expected)
        state = expected
