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
    whole game from its seed, and the undo of the last move (the state before it, kept as it was
    played: engines never change a state in place, so a log with many undos replays in one pass).

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
        self._before: list[State] = []
        for seat, text in moves:
            self.play(seat, text)

    def __len__(self) -> int:
        return len(self.moves)

    def play(self, seat: int, text: str) -> list[Event]:
        """Play ``text`` for ``seat``; the stack is unchanged when it is refused."""
        before = self.state
        self.state, events = self.game.play(self.state, seat, text)
        self._before.append(before)
        self.moves.append((seat, text))
        return events

    def undo(self) -> tuple[int, str]:
        """Take the last move back; returns it."""
        if not self.moves:
            raise IndexError("no move to undo")
        self.state = self._before.pop()
        return self.moves.pop()
