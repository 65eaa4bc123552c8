"""Computer players for every game, pure and without I/O (see docs/ai.md).

An AI seat decides from what that seat may see: ``game.view(state, seat)`` and the list of moves
it may play (which the seat knows), plus a seed. Hidden parts of the game (other hands, deck
order) are sampled afresh by the game's ``determinize``, so re-dealing them never changes the
choice. The table passes a seed derived from its own seed and the move number
(:func:`decision_seed`), so every decision can be reproduced.

>>> import games
>>> mor = games.get("mor")
>>> state = mor.setup(2, 5)
>>> move = choose("mor", state, 1, "easy", decision_seed(5, 0))
>>> move in [mor.notation(a) for a in mor.legal_actions(state, 1)]
True
"""

from __future__ import annotations

import random
import time
from importlib import import_module
from typing import Any

import games

from .search import Budget, Search

LEVELS: dict[str, Budget] = {
    "easy": Budget(worlds=1),
    "normal": Budget(worlds=8, keep=16, playouts=128, depth=8),
    "strong": Budget(worlds=16, keep=32, playouts=1024, depth=8),
}
"""The search budget of each level (counted in worlds and playouts, never in seconds); a game's
module may set its own (``BUDGETS``), e.g. deeper playouts where a round takes more moves, and
its own for a number of players (``PLAYER_BUDGETS``), e.g. the solo game. Each level keeps as
many moves after the one-move look-ahead as its playouts can tell apart: that look-ahead often
ranks the move the playouts prefer below the eighth (docs/ai.md)."""

_MODULES = {"mor": "games.ai.mor", "lim": "games.ai.lim", "opera": "games.ai.opera"}


def game_ai(game_key: str) -> Any:
    """The per-game module (``determinize`` and ``evaluate``) of ``game_key``."""
    return import_module(_MODULES[game_key])


def level_budget(game_key: str, level: str, players: int | None = None) -> Budget:
    """The budget ``level`` searches with in ``game_key`` at ``players`` seats: the game's own for
    that many players (``PLAYER_BUDGETS``), else the game's own (``BUDGETS``), else the level's."""
    ai = game_ai(game_key)
    for_players = getattr(ai, "PLAYER_BUDGETS", {}).get(players, {})
    return for_players.get(level) or getattr(ai, "BUDGETS", {}).get(level, LEVELS[level])


def decision_seed(table_seed: int, move_number: int) -> int:
    """The seed of one decision: the table's seed and how many moves were played before it."""
    return random.Random(f"{table_seed}:{move_number}").getrandbits(63)


def decide(game_key: str, view: dict[str, Any], seat: int, legal: list[str], level: str, seed: int,
           deadline: float | None = None, budget: Budget | None = None) -> str:
    """The move (notation, one of ``legal``) that ``seat`` plays at ``level``.

    ``view`` is ``game.view(state, seat)``; ``legal`` the notations of the seat's legal moves.
    ``deadline`` (a ``time.monotonic()`` value) stops the search early with the best move so far;
    ``budget`` overrides the level's budget (for benchmarks). Raises if the game's AI fails.
    """
    if not legal:
        raise ValueError("the seat has no move to play")
    plan = budget or level_budget(game_key, level, len(view["players"]))
    ai = game_ai(game_key)
    if hasattr(ai, "candidates"):
        legal = ai.candidates(view, legal)
    if len(legal) == 1:
        return legal[0]
    search = Search(games.get(game_key), ai, view, seat, legal, plan, seed, deadline)
    if plan.playouts:
        return search.playouts()
    return search.look_ahead()[0][1]


NEUTRAL_MOVES: dict[str, tuple[str, ...]] = {
    "mor": ("end",),
    "lim": ("pass", "end", "decline"),
    "opera": ("done",),
}
"""The move types that skip a turn as harmlessly as a game allows, preferred in this order."""


class SafeMove(str):
    """The notation of a move the fallback played instead of the AI's choice (the AI raised, answered
    a move that is not legal, or ran out of time), so the table can say so in its log."""

    __slots__ = ()


def destroys(game_key: str, state: dict[str, Any], seat: int, notation: str) -> bool:
    """Whether ``seat`` playing ``notation`` loses something for good (the engine's description
    says why: a leader discarded, resources thrown away, the Church's support refused)."""
    game = games.get(game_key)
    return bool(game.describe(state, seat, game.parse(state, notation)).destructive)


def harmless(game_key: str, state: dict[str, Any], seat: int) -> list[str]:
    """``seat``'s legal moves that destroy nothing, the neutral ones (:data:`NEUTRAL_MOVES`) first."""
    game = games.get(game_key)
    actions = [a for a in game.legal_actions(state, seat) if not game.describe(state, seat, a).destructive]
    order = NEUTRAL_MOVES.get(game_key, ())
    actions.sort(key=lambda a: order.index(a["type"]) if a["type"] in order else len(order))
    return [game.notation(action) for action in actions]


def safe_move(game_key: str, state: dict[str, Any], seat: int) -> str:
    """The move played for a seat when no one may choose for it destructively (the AI failed, or a
    stand-in's choice would lose something for good): a move that destroys nothing, ending the
    turn, passing or declining where it can; only when every legal move destroys something, the
    first legal move."""
    game = games.get(game_key)
    return next(iter(harmless(game_key, state, seat)), None) or game.notation(game.legal_actions(state, seat)[0])


def fallback(game_key: str, state: dict[str, Any], seat: int) -> SafeMove:
    """:func:`safe_move`, marked as played by the fallback rather than chosen by the AI."""
    return SafeMove(safe_move(game_key, state, seat))


def choose(game_key: str, state: dict[str, Any], seat: int, level: str, seed: int,
           time_limit: float | None = None, budget: Budget | None = None) -> str:
    """What an AI seat plays in ``state``: the table's entry point, never raises for a legal seat.

    Only ``view(state, seat)`` and the seat's legal moves reach the AI. If the AI raises, or
    answers something that is not a legal move, the :func:`fallback` is played instead (a
    :class:`SafeMove`), so the game never stalls and loses nothing it need not; ``time_limit``
    (seconds) becomes the search deadline.
    """
    game = games.get(game_key)
    legal = [game.notation(action) for action in game.legal_actions(state, seat)]
    if not legal:
        raise ValueError("the seat has no move to play")
    deadline = time.monotonic() + time_limit if time_limit is not None else None
    try:
        move = decide(game_key, game.view(state, seat), seat, legal, level, seed, deadline, budget)
    except Exception:  # noqa: BLE001 - any failure of the AI must still give a legal move
        return fallback(game_key, state, seat)
    return move if move in legal else fallback(game_key, state, seat)


__all__ = ["LEVELS", "NEUTRAL_MOVES", "Budget", "SafeMove", "choose", "decide", "decision_seed", "destroys",
           "fallback", "game_ai", "harmless", "level_budget", "safe_move"]
