"""AI decision functions that misbehave (run in the AI runner's worker processes), and the check
that every AI move of a game is the one its seed and move number give."""

from __future__ import annotations

import os
import random
import time
from typing import Any

import games
from games.ai import choose, decision_seed
from games.core import MoveStack

SLOW_SEED = 7
DYING_SEED = 13


def slow_on_one_seed(game_key: str, state: dict[str, Any], seat: int, level: str, seed: int,
                     time_limit: float | None) -> str:
    """Thinks for a minute when given :data:`SLOW_SEED`, like an AI that hangs; else decides."""
    if seed == SLOW_SEED:
        time.sleep(60)
    return choose(game_key, state, seat, level, seed, time_limit)


def dies_on_one_seed(game_key: str, state: dict[str, Any], seat: int, level: str, seed: int,
                     time_limit: float | None) -> str:
    """Kills its worker process when given :data:`DYING_SEED`; else decides."""
    if seed == DYING_SEED:
        os._exit(1)
    return choose(game_key, state, seat, level, seed, time_limit)


def any_legal(game_key: str, state: dict[str, Any], seat: int, level: str, seed: int,
              time_limit: float | None) -> str:
    """A legal move drawn by ``seed``: an AI seat that costs no thinking, for tests of the table."""
    return random.Random(seed).choice(legal_notations(game_key, state, seat))


def always_fails(game_key: str, state: dict[str, Any], seat: int, level: str, seed: int,
                 time_limit: float | None) -> str:
    raise RuntimeError("the AI broke")


def legal_notations(game_key: str, state: dict[str, Any], seat: int) -> list[str]:
    game = games.get(game_key)
    return [game.notation(action) for action in game.legal_actions(state, seat)]


async def ai_moves_replayed(store: Any, game_id: int) -> int:
    """Replays game ``game_id`` from its seed and checks that every move of an AI seat is the move
    ``choose`` gives for that seat's level, the game's seed and the move number; how many there were."""
    row = await store.get_game(game_id)
    game = games.get(row.game_key)
    levels = {seat.seat: seat.ai_level for seat in await store.seats(game_id) if seat.ai_level}
    stack = MoveStack(game, game.setup(row.players, row.seed, row.options))
    checked = 0
    for move in await store.moves(game_id):
        if move.seat in levels:
            expected = choose(row.game_key, stack.state, move.seat, levels[move.seat],
                              decision_seed(row.seed, move.seq - 1))
            assert move.notation == expected, (move.seq, move.notation, expected)
            assert move.user_id < 1
            checked += 1
        stack.play(move.seat, move.notation)
    return checked
