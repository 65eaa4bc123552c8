"""Checks every engine must pass, used by each game's property tests and by test_contract.py, and
the random positions the engine-wide tests run over."""

from __future__ import annotations

import json
import random
from typing import Any

from games.core import Game, IllegalAction


def positions(game, players, seed, options=None, every=5, limit=400):
    """Random legal positions of one game: (state, seat to act), every ``every`` moves."""
    chooser = random.Random(seed)
    state = game.setup(players, seed, options or {})
    for step in range(limit):
        if game.result(state) is not None:
            return
        seat = chooser.choice(sorted(game.actors(state)))
        if step % every == 0:
            yield state, seat
        state, _ = game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))


def random_playout(game: Game, players: int, seed: int, options: dict[str, Any] | None = None,
                   *, max_moves: int = 5000, check_every: int = 0) -> tuple[dict, list[tuple[int, str]]]:
    """Play random legal actions to the end; returns the final state and the notation log.

    With ``check_every`` = k, every k-th move also checks the contract invariants below.
    """
    chooser = random.Random(seed)
    state = game.setup(players, seed, options)
    log: list[tuple[int, str]] = []
    for step in range(max_moves):
        if game.result(state) is not None:
            return state, log
        seat = chooser.choice(sorted(game.actors(state)))
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        action = chooser.choice(legal)
        text = game.notation(action)
        before = game.dumps(state)
        if check_every and step % check_every == 0:
            check_notation_round_trip(game, state, legal)
            check_public_view_is_json(game, state)
        new_state, events = game.apply(state, seat, action)
        assert game.dumps(state) == before, "apply changed its input state"
        assert all(isinstance(e.get("text"), str) for e in events)
        log.append((seat, text))
        state = new_state
    raise AssertionError(f"game did not end within {max_moves} moves")


def check_notation_round_trip(game: Game, state: dict, legal: list[dict]) -> None:
    for action in legal:
        text = game.notation(action)
        assert game.parse(state, text) == action, f"{text!r} does not round-trip"


def check_public_view_is_json(game: Game, state: dict) -> None:
    json.dumps(game.view(state, None))
    for seat in game.actors(state):
        json.dumps(game.view(state, seat))


def check_replay(game: Game, players: int, seed: int, options: dict | None,
                 final: dict, log: list[tuple[int, str]]) -> None:
    replayed = game.replay(players, seed, options, log)
    assert game.dumps(replayed) == game.dumps(final)
    assert game.dumps(game.loads(game.dumps(final))) == game.dumps(final)


def check_refusals_change_nothing(game: Game, state: dict) -> None:
    """A seat that may not act, and a malformed action, are refused; the state stays as it was."""
    before = game.dumps(state)
    actors = sorted(game.actors(state))
    some_action = game.legal_actions(state, actors[0])[0]
    for seat in range(len(game.view(state, None)["players"])):
        if seat in actors:
            continue
        assert game.legal_actions(state, seat) == []
        try:
            game.apply(state, seat, some_action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"seat {seat} was allowed to act out of turn")
    try:
        game.apply(state, actors[0], {"type": "no-such-move"})
    except IllegalAction:
        pass
    else:
        raise AssertionError("a malformed action was accepted")
    assert game.dumps(state) == before

