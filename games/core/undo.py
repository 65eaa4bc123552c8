"""Whether a move may be taken back: the engine's half of ``/game undo``.

A move may be taken back only when playing it revealed nothing to anyone: no card, tile, die or
token drawn or turned, and no other seat's hidden answer disclosed by closing a decision every
seat answers at once. Whether *this* application of a move revealed something is decided from
the states on either side of it, so a move type that only *may* reveal (``Move.reveals``: a
Lorenzo placement that may end the round) is judged by what it did this time. The table adds the
log's half (the move is the mover's last, no one has acted since).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .move import Action, Move, State

if TYPE_CHECKING:
    from .contract import Game

ENDED_GAME = "That move ended the game, so it stands."
TURNED_UP = "That move turned up hidden information (a card, a tile, a die or a token), so it stands."
CLOSED_DECISION = "That answer completed a decision the other players had answered too, so it stands."


def revealed(game: Game, before: State, after: State, seat: int, action: Action) -> bool:
    """Whether ``seat`` playing ``action`` on ``before`` (giving ``after``) revealed hidden information.

    A move the table does not flag as ``reveals`` never does (a game without a move table is
    taken to reveal with every move); one that is flagged revealed something
    when the engine's :meth:`Game.disclosed` part changed; a seat's own answer to a simultaneous
    decision reveals the other seats' answers when it closes the decision.
    """
    move = _entry(game, action)
    if move is None:
        return True
    if move.reveals and game.disclosed(before) != game.disclosed(after):
        return True
    return move.own_decision and closes_decision(game, before, after, seat)


def closes_decision(game: Game, before: State, after: State, seat: int) -> bool:
    """Whether ``seat``'s answer closed a decision that other seats answered too.

    While the decision is open, the seats still to answer after the move are the ones before it
    less the mover. A decision closed in a game of one seat had no one else's answer to show.
    """
    still_open = game.actors(after) <= game.actors(before) - {seat}
    return not still_open and game.seat_count(before) > 1


def undo_refusal(game: Game, before: State, after: State, seat: int, action: Action) -> str | None:
    """Why the move that took ``before`` to ``after`` cannot be taken back; None when it can."""
    if game.result(after) is not None:
        return ENDED_GAME
    move = _entry(game, action)
    if move is not None and move.own_decision and closes_decision(game, before, after, seat):
        return CLOSED_DECISION
    if revealed(game, before, after, seat, action):
        return TURNED_UP
    return None


def _entry(game: Game, action: Action) -> Move | None:
    """The move table's entry for ``action``; None for a game without a table (all its moves
    count as revealing, since nothing says otherwise)."""
    return next((move for move in game.moves() if move.type == action["type"]), None)
