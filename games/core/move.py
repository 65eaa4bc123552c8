"""The words every engine's moves are made of: states, actions, events and the move table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from .message import message

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]
"""One thing that happened, for the public log: ``{"type": ..., "text": ...}``.

``text`` is one English line that may name seats as ``{p0}``, ``{p1}``...; the table fills in the
players' display names. Events never carry hidden information.
"""


def event(kind: str, text: str, **params: Any) -> Event:
    """One public event line; ``params`` carry the values the line was written from.

    ``text`` may use the params as placeholders; it becomes a translatable
    :class:`~games.core.message.Message` (still the English line as a ``str``).

    >>> event("buy", "{p0} bought {card}.", card="c19")
    {'type': 'buy', 'text': '{p0} bought c19.', 'params': {'card': 'c19'}}
    """
    if _UNWRITTEN.get():
        return {"type": kind}
    found: Event = {"type": kind, "text": message(text, **params)}
    if params:
        found["params"] = params
    return found


_UNWRITTEN: ContextVar[bool] = ContextVar("events_unwritten", default=False)


@contextmanager
def events_unwritten() -> Iterator[None]:
    """Inside, :func:`event` gives only the event's type and writes no line: for simulations,
    which read no event (the AI's playouts). The state a move reaches is the same.

    >>> with events_unwritten():
    ...     event("buy", "{p0} bought {card}.", card="c19")
    {'type': 'buy'}
    """
    token = _UNWRITTEN.set(True)
    try:
        yield
    finally:
        _UNWRITTEN.reset(token)


@dataclass(frozen=True)
class Move:
    """One kind of move in a game's move table.

    ``phases`` are the values of :meth:`Game.phase` in which the move may be played; in any other
    phase it is refused with ``rule`` (and the game's :meth:`Game.out_of_phase` message).
    ``reveals``: playing it may turn up hidden information (a card drawn, a tile turned); whether one
    application did is judged by :meth:`Game.revealed`, and a move that did can never be taken
    back (a move without the flag never reveals anything). ``private``: its notation may name hidden information, so the public log
    shows only that the move was made. ``own_decision``: it is one seat's own answer to a
    simultaneous decision, so other seats answering theirs does not make it stale.
    """

    type: str
    handler: Callable[[State, int, Action], list[Event]]
    phases: tuple[str, ...]
    rule: str
    reveals: bool = False
    private: bool = False
    own_decision: bool = False
