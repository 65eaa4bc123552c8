"""A game played to its end by random legal moves (the lowest acting seat moves first)."""

from __future__ import annotations

import random
from typing import Any

from games.core import Game


def played_to_the_end(game: Game, players: int, seed: int, choices_seed: int) -> dict[str, Any]:
    """The finished state of ``game`` dealt from ``seed``, its moves chosen by ``choices_seed``."""
    state, chooser = game.setup(players, seed), random.Random(choices_seed)
    while game.result(state) is None:
        seat = min(game.actors(state))
        state, _ = game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))
    return state
