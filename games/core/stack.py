"""The one replay loop: a starting state and the moves played on it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .move import Event, State

if TYPE_CHECKING:
    from .contract import Game


class MoveStack:
    """A game as a starting state and the moves played on it: play, undo, replay.

    The one replay loop of the project: the store's latest snapshot plus the moves after it, a
    whole game from its seed, and the undo of the last move (replayed from the start state, so
    nothing but the log is trusted).

    >>> import games
    >>> mor = games.get("mor")
    >>> stack = MoveStack(mor, mor.setup(1, 3))
    >>> keep = mor.notation(mor.legal_actions(stack.state, 0)[0])
    >>> _ = stack.play(0, keep)
    >>> len(stack), stack.undo() == (0, keep), len(stack)
    (1, True, 0)
    """

    def __init__(self, game: Game, start: State, moves: Iterable[tuple[int, str]] = ()) -> None:
        self.game = game
        self.start = start
        self.moves: list[tuple[int, str]] = []
        self.state = start
        for seat, text in moves:
            self.play(seat, text)

    def __len__(self) -> int:
        return len(self.moves)

    def play(self, seat: int, text: str) -> list[Event]:
        """Play ``text`` for ``seat``; the stack is unchanged when it is refused."""
        self.state, events = self.game.play(self.state, seat, text)
        self.moves.append((seat, text))
        return events

    def undo(self) -> tuple[int, str]:
        """Take the last move back; returns it."""
        if not self.moves:
            raise IndexError("no move to undo")
        last = self.moves[-1]
        rebuilt = MoveStack(self.game, self.start, self.moves[:-1])
        self.state, self.moves = rebuilt.state, rebuilt.moves
        return last
