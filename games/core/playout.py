"""A whole game of random legal moves: the position every bench and test of finished games starts from."""

from __future__ import annotations

import random
from typing import Any

from .contract import Game, State


def random_game(game: Game, players: int, seed: int, options: dict[str, Any] | None = None,
                *, max_moves: int = 10_000) -> tuple[State, list[tuple[int, str]], State]:
    """Play ``game`` from ``seed`` to its end, each time the lowest seat that must act choosing a
    legal move at random (a generator seeded with ``seed``): the start, the moves as
    ``(seat, notation)`` and the final state. Reproducible from its arguments.

    >>> import games
    >>> start, moves, final = random_game(games.get("mor"), 1, 3)
    >>> games.get("mor").result(final) is not None and moves == random_game(games.get("mor"), 1, 3)[1]
    True
    """
    start = state = game.setup(players, seed, options)
    chooser, played = random.Random(seed), []
    while game.result(state) is None:
        if len(played) >= max_moves:
            raise RuntimeError(f"{game.key} did not end within {max_moves} random moves (seed {seed})")
        seat = min(game.actors(state))
        action = chooser.choice(game.legal_actions(state, seat))
        played.append((seat, game.notation(action)))
        state, _ = game.apply(state, seat, action)
    return start, played, state
