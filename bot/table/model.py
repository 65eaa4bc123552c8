"""What the table service deals in: people, tables, structured replies and refusals.

Replies carry no Discord markup: a line is a tuple of parts (plain text, a :class:`Mention`, a
:class:`Moment`, a :class:`Strong` span, a :class:`ChannelLink`, a :class:`BoardLink`), and
:mod:`bot.presentation` turns them into Discord text or into plain text for the local console.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from db import GameRow, SeatRow, TimerRow
from db.rows import SeatChange
from games.core import Description, Game, Message
from games.core.message import message as as_message

_SEAT_PLACEHOLDER = re.compile(r"\{p(\d+)\}")
AI_NAME = "Bottega AI"


def ai_name(number: int, level: str) -> str:
    """The name of a table's ``number``-th AI seat; number 1 is also the name its level is rated under."""
    return f"{AI_NAME} ({level})" if number == 1 else f"{AI_NAME} {number} ({level})"


OPEN_SEAT_LEVEL = "normal"


@dataclass(frozen=True)
class Mention:
    """A user to address by name (a ping on Discord)."""

    user_id: int
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Moment:
    """A point in time, shown to each reader in their own time zone where the client can."""

    at: datetime


@dataclass(frozen=True)
class Strong:
    """Emphasised text: a player's name, a game's title, a heading."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ChannelLink:
    channel_id: int


@dataclass(frozen=True)
class BoardLink:
    """The latest board of a table: its message when known, else its channel."""

    guild_id: int
    channel_id: int
    message_url: str | None


@dataclass(frozen=True)
class Clipped:
    """Text cut to at most ``limit`` characters once written in its reader's language (the events
    of a log entry, which must fit a page whatever the language)."""

    text: str
    limit: int

    def __str__(self) -> str:
        return clip(self.text, self.limit)


Part = str | Mention | Moment | Strong | ChannelLink | BoardLink | Clipped
Line = tuple[Part, ...]


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the last one an ellipsis when something was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def listed(items: list[str]) -> str:
    """Items as one translatable list, ``a, b, c`` (Japanese writes ``a、b、c``).

    >>> listed([Message("faith track {n}", n=3), "Ada"])
    'faith track 3, Ada'
    """
    joined = ""
    for item in items:
        joined = Message("{earlier}, {item}", earlier=joined, item=item) if joined else item
    return joined


def one_after_another(sentences: list[str]) -> str:
    """Several sentences (the event lines of one move) as one text that stays translatable: each
    keeps its template, joined two by two by a translatable space (Japanese writes none).

    >>> one_after_another([Message("Ada passed."), Message("Round 2 begins.")])
    'Ada passed. Round 2 begins.'
    """
    joined = ""
    for sentence in sentences:
        joined = Message("{first} {then}", first=joined, then=sentence) if joined else sentence
    return joined


def line(*parts: Part) -> Line:
    return tuple(parts)


def plain(line_: Line) -> str:
    """A line's words without any emphasis or link (what a board image prints)."""
    words = []
    for part in line_:
        if isinstance(part, (str, Clipped)):
            words.append(str(part))
        elif isinstance(part, Strong):
            words.append(part.text)
        elif isinstance(part, Mention):
            words.append(part.name)
    return "".join(words)


def fill_seat_names(text: str, names: list[str]) -> str:
    """``text`` with each ``{p0}``, ``{p1}``... of an event line replaced by that seat's name."""
    return _SEAT_PLACEHOLDER.sub(
        lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text
    )


def game_title(game: Game) -> Message:
    """A game's title, which the catalogues translate (it names the game's choice in ``/game new``).

    >>> import games
    >>> game_title(games.get("opera")).template
    'Opera Magna'
    """
    return Message(game.title)


TAKEN_AUTOMATICALLY = Message("(taken automatically)")
"""Said after a move the table played for a seat that had no real choice (``Game.automatic``)."""


MADE_FOR = {
    "timeout": Message("(played for them when their time ran out)"),
    "open_seat": Message("(played by the AI while the seat was open)"),
    "automatic": TAKEN_AUTOMATICALLY,
}
"""Said after a move no member of the seat chose, by who made it (``db.rows.MADE_BY``); a move of
the seat's member or of an AI seat says nothing more."""
MADE_FOR_YOU = {
    "timeout": Message("(played for you when your time ran out)"),
    "open_seat": Message("(played for you by the AI while your seat was open)"),
}
"""The same, in the digest of the player the move was made for."""
TOOK_OVER = Message("({who} took over {previous}'s seat)")
"""Said after the first move of a seat's new holder."""


def who_made(made_by: str, yours: bool = False) -> list[Part]:
    """What a log line adds after a move made by ``made_by``: nothing for a member's own move."""
    marker = (MADE_FOR_YOU.get(made_by) if yours else None) or MADE_FOR.get(made_by)
    return [" ", marker] if marker else []


def names_at(table: Table, changes: list[SeatChange], seq: int) -> list[str]:
    """The names of the seats' holders when the move of version ``seq`` was made (``changes``: the
    seats' changes of hands, oldest first)."""
    names = table.names()
    for change in reversed(changes):
        if seq <= change.version:
            names[change.seat] = change.from_name
    return names


def took_over(changes: list[SeatChange], seat: int, previous_seq: int, seq: int) -> SeatChange | None:
    """The change of hands of ``seat`` between its moves of versions ``previous_seq`` and ``seq``."""
    return next((c for c in reversed(changes) if c.seat == seat and previous_seq <= c.version < seq), None)


def taken_automatically(said_line: Line) -> Line:
    """``said_line`` marked as a move the table took for its seat, the mark inside its sentence.

    >>> taken_automatically(("Ada ends phase 3.",))
    ('Ada ends phase 3', ' ', '(taken automatically)', '.')
    """
    *head, last = said_line
    if isinstance(last, str) and last.endswith("."):
        return line(*head, last.removesuffix("."), " ", TAKEN_AUTOMATICALLY, ".")
    return line(*said_line, " ", TAKEN_AUTOMATICALLY)


def said(template: str, **params: Any) -> Line:
    """A line that is one translatable sentence; ``params`` may be parts (a bold name, a mention).

    >>> said("{who} joined the table.", who=Strong("Ada"))
    ('Ada joined the table.',)
    """
    return (Message(template, **params),)


@dataclass(frozen=True)
class Person:
    """Whoever sent a command: a Discord member or a console user."""

    id: int
    name: str
    is_manager: bool = False


@dataclass(frozen=True)
class Image:
    filename: str
    data: bytes
    alt: str = ""
    """What the image shows, as a sentence a screen reader speaks (a :class:`Message`, written in
    the table's language where it is posted)."""


@dataclass
class Reply:
    """What an adapter should post: ``lines`` to the channel, ``private`` only to the invoker."""

    lines: list[Line] = field(default_factory=list)
    image: Image | None = None
    mentions: list[int] = field(default_factory=list)
    private: list[Line] = field(default_factory=list)
    private_image: Image | None = None
    game_id: int | None = None
    version: int | None = None
    game_key: str | None = None
    acting: list[int] = field(default_factory=list)
    """The people the board waits on, pinged or not (``mentions`` are the ones to ping)."""
    ai_to_move: bool = False
    """The board waits on an AI seat: the adapter asks the service to play its moves next."""
    over: bool = False
    """The board shows a finished game (its result, and a Rematch button on Discord)."""
    focus: Image | None = None
    """The focused image a phone shows first (see :mod:`rendering.focus`), beside the board."""
    summary: Image | None = None
    """At game over: the summary image (ranking, scores by category, scores over the rounds),
    posted beside the final board."""
    story: int = 0
    """How many of the first ``lines`` tell what happened (the turn that ended, this turn's steps);
    the rest say who must act now, or the result."""
    turn: Any = None
    """For a board after a move, a :class:`bot.table.turns.TurnPost`: whether it edits the message
    of its turn or begins a new one; None for other boards (status, a stale button's answer)."""


@dataclass(frozen=True)
class Reminder:
    channel_id: int
    game_id: int
    user_ids: list[int]
    lines: list[Line]
    board: Reply | None = None
    """A board to post instead of the lines alone (a turn the table played for a late player)."""


class TableError(Exception):
    """A refusal at table level (no game here, not your seat, not the host...), for the player.

    ``message`` may be a template with ``params``, like an engine's refusal (see
    :class:`~games.core.Message`), so the bot can say it in the player's language.
    """

    def __init__(self, message: str, **params: Any) -> None:
        text = as_message(message, **params)
        super().__init__(text)
        self.message: Message = text


DAMAGED = Message(
    "This game's saved state is damaged and cannot be loaded. Nothing was changed; "
    "a server operator can find the damage with `python -m db check` and restore the game from a "
    "backup (see docs/operator.md)."
)


class DamagedTable(TableError):
    """Game ``game_id`` cannot be loaded: its saved rows or state are damaged (the documented message)."""

    def __init__(self, message: str, game_id: int | None) -> None:
        super().__init__(message)
        self.game_id = game_id


class StaleAction(TableError):
    """A button or command aimed at a board that has moved on; ``current`` is the board now."""

    def __init__(self, message: str, current: Reply | None = None, **params: Any) -> None:
        super().__init__(message, **params)
        self.current = current


class SecondThought(TableError):
    """A move the player may regret (``Game.describe(...).destructive``), asked about instead of
    played: ``notation`` is its canonical text, ``found`` the engine's description of it, asked on
    board ``version`` of game ``game_id``."""

    def __init__(self, notation: str, found: Description, game_id: int, version: int) -> None:
        super().__init__(found.destructive)
        self.notation, self.found, self.game_id, self.version = notation, found, game_id, version


@dataclass
class Table:
    """A game as loaded from the store: its row, its seats, (once started) its state, its timers.

    Adapters read the game through :meth:`view` and :meth:`actions`, never through ``state``.
    """

    row: GameRow
    seats: list[SeatRow]
    game: Game
    state: dict[str, Any] | None
    timers: list[TimerRow] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return self.state is not None

    def has_seat(self, user_id: int) -> bool:
        """Whether the user sits at this table (in the lobby, before seats are numbered, too)."""
        return any(seat.user_id == user_id for seat in self.seats)

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat_number: int) -> int:
        """Who holds numbered seat ``seat_number``; a seat the game has but the store lost makes the
        table damaged (the loader refuses such a table, see ``loading.py``)."""
        for seat in self.seats:
            if seat.seat == seat_number:
                return seat.user_id
        raise DamagedTable(DAMAGED, self.row.id)

    def names(self) -> list[str]:
        ordered = sorted((s for s in self.seats if s.seat is not None), key=lambda s: s.seat)
        return [s.display_name for s in ordered]

    def mention(self, user_id: int) -> Mention:
        name = next((s.display_name for s in self.seats if s.user_id == user_id), str(user_id))
        return Mention(user_id, name)

    def fill_names(self, text: str, names: list[str] | None = None) -> str:
        """``text`` (an event line) with its seats named: by ``names``, by default their holders now."""
        names = self.names() if names is None else names
        if isinstance(text, Message):  # keeps its template, so it can still be translated
            return text.with_names(names)
        return fill_seat_names(text, names)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` sees (``None``: the public view); the only way adapters read the game."""
        assert self.state is not None
        return self.game.view(self.state, seat)

    def is_acting(self, seat: int | None) -> bool:
        return seat is not None and self.state is not None and seat in self.game.actors(self.state)

    def actions(self, seat: int | None) -> list[dict[str, Any]]:
        """The legal actions of ``seat`` now (empty when it is not that seat's move)."""
        if not self.is_acting(seat):
            return []
        return self.game.legal_actions(self.state, seat)

    def legal(self, seat: int | None) -> list[str]:
        """The notations ``seat`` may play now (empty when it is not that seat's move)."""
        return [self.game.notation(a) for a in self.actions(seat)]

    def described(self, seat: int | None) -> list[tuple[str, Description]]:
        """The legal moves of ``seat`` now, each as its notation and the engine's description."""
        return [(self.game.notation(a), self.game.describe(self.state, seat, a)) for a in self.actions(seat)]

    def prompt(self, seat: int) -> str:
        """What ``seat`` must do now, in the engine's words, with the seats it names filled in (a
        seat not acting is told whom the table waits for)."""
        return self.fill_names(self.game.prompt(self.state, seat))

    def waiting_message(self, seat: int) -> str:
        """Why ``seat`` may not act now, with the seats it names filled in."""
        return self.fill_names(self.game.waiting_message(self.state, seat))

    def require_manager(self, person: Person, what: str) -> None:
        """Refuse ``person`` unless they host this table or manage the server."""
        if person.id != self.row.host_id and not person.is_manager:
            raise TableError("Only the host of this table or a server manager can {what}.",
                             what=what)

    def require_game(self, game_key: str) -> None:
        """Refuse a command of another game than the one this table plays."""
        if self.row.game_key != game_key:
            raise TableError(
                "This channel is playing {title}: use `/{game_key}` commands here.",
                title=self.game.title, game_key=self.row.game_key
            )

    def finished(self) -> bool:
        return self.state is not None and self.game.result(self.state) is not None

    def waiting_since(self) -> datetime:
        """When the table last changed: its latest move, or its start."""
        return self.row.last_move_at or self.row.updated_at

    def actor_users(self) -> list[int]:
        """The people the table waits on (AI seats are never reminded or pinged)."""
        if self.state is None or self.finished():
            return []
        ai_seats = self.ai_levels()
        return [self.user_of(seat) for seat in sorted(self.game.actors(self.state)) if seat not in ai_seats]

    def ai_levels(self) -> dict[int, str]:
        """The numbered AI seats and the level each plays at; an open seat (its player timed out
        too often, see ``deadlines.py``) is played at ``normal`` until someone takes it."""
        return {s.seat: s.ai_level or OPEN_SEAT_LEVEL for s in self.seats
                if s.seat is not None and (s.ai_level is not None or s.opened_at is not None)}

    def ai_to_move(self) -> list[int]:
        """The AI seats that must act now, in seat order."""
        if self.state is None or self.finished():
            return []
        levels = self.ai_levels()
        return [seat for seat in sorted(self.game.actors(self.state)) if seat in levels]
