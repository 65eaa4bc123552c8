"""What the store's rows are in Python, and the checks that turn a damaged row into :class:`DamagedGame`.

Every value read back is checked against what the store itself could have written: times in
one fixed-width UTC form, JSON objects, text that decodes as UTF-8, statuses, kinds, game keys
and seat numbers from their domains, and each snapshot against the checksum saved with it.
The same converters serve the store and ``python -m db check``.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from .errors import DamagedGame

GAME_STATUSES = ("lobby", "active", "finished", "abandoned")
from i18n import LANGUAGES as TABLE_LANGUAGES
"""The languages a table may choose for its public messages (the bot's languages)."""
TIMER_KINDS = ("reminder", "deadline")
VOTE_KINDS = ("abandon",)
AI_LEVELS = ("easy", "normal", "strong")
CLOCKS = ("move", "bank")
TIMEOUT_ACTIONS = ("ai", "skip", "pause")
COACH_SETTINGS = ("off", "learners", "all")
"""Who may ask the coach for hints at a table: no one, players new to the game, everyone."""
MADE_BY = ("player", "timeout", "open_seat", "ai", "automatic")
"""Who made a move: the seat's member, the stand-in on a timeout, the AI in an open seat, an AI seat,
or the table taking a step that left no real choice."""
_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"
_TIME_LENGTH = len("2026-01-01T00:00:00.000000Z")


def to_db_time(moment: datetime) -> str:
    """Fixed-width UTC text, so that comparing the text compares the times."""
    if not isinstance(moment, datetime) or moment.tzinfo is None:
        raise TypeError(f"store times must be timezone-aware datetimes, got {moment!r}")
    return moment.astimezone(timezone.utc).strftime(_TIME_FORMAT)


def from_db_time(text: str | None) -> datetime | None:
    if text is None:
        return None
    return datetime.strptime(text, _TIME_FORMAT).replace(tzinfo=timezone.utc)


def snapshot_checksum(state: str | bytes) -> str:
    """The checksum saved beside a snapshot: SHA-256 of its UTF-8 bytes, in hex."""
    data = state.encode("utf-8") if isinstance(state, str) else state
    return hashlib.sha256(data).hexdigest()


class Undecodable(str):
    """Stored text that is not UTF-8, kept (with replacement characters) only so it can be refused."""


def decode_text(data: bytes) -> str:
    """The connection's text factory: never fails, so one bad row cannot hide the rows beside it."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return Undecodable(data.decode("utf-8", "replace"))


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    game_key: str
    options: dict[str, Any]
    seed: int
    players: int
    status: str
    version: int
    host_id: int
    reminder_seconds: int
    created_at: datetime
    updated_at: datetime
    last_move_at: datetime | None
    board_message_id: int | None
    board_jump_url: str | None
    turn_seconds: int | None = None
    """The time for a turn (the bank's increment with the ``bank`` clock); None: no deadlines."""
    clock: str = "move"
    bank_seconds: int = 259200
    on_timeout: str = "ai"
    strike_limit: int = 3
    language: str | None = None
    """The language of the table's public messages (``en``, ``ja``, ``ko``); None follows the server's."""
    coach: str = "learners"
    """Who may ask for hints (:data:`COACH_SETTINGS`)."""


@dataclass(frozen=True)
class SeatRow:
    game_id: int
    seat: int | None
    user_id: int
    display_name: str
    is_bot: bool
    joined_at: datetime
    ai_level: str | None = None
    """The level an AI seat plays at (``easy``, ``normal``, ``strong``); None for a person."""
    strikes: int = 0
    """Deadlines passed in a row (the table played for the seat)."""
    bank_seconds: int | None = None
    """What is left of the seat's time bank; None: the table's whole bank."""
    opened_at: datetime | None = None
    """When the seat was opened after too many strikes (the AI plays it until someone sits)."""


@dataclass(frozen=True)
class MoveRow:
    game_id: int
    seq: int
    seat: int
    user_id: int
    notation: str
    created_at: datetime
    interaction_id: int | None
    undone_seq: int | None = None
    """The version of the undo that took this move back; None while the move stands."""
    automatic: bool = False
    """The table took it for its seat, which had no real choice (``Game.automatic``)."""
    made_by: str = "player"
    """Who made it, one of :data:`MADE_BY`."""
    clock_before: dict[str, Any] | None = None
    """The turn clock just before it (see ``bot/table/clocks.py``), put back when it is taken back."""


@dataclass(frozen=True)
class SeatChange:
    """A seat that changed hands at game version ``version`` (its moves after it are the newcomer's)."""

    game_id: int
    version: int
    seat: int
    from_user_id: int
    from_name: str
    to_user_id: int
    to_name: str
    was_open: bool
    """The seat was open then: its player had timed out ``strike_limit`` times in a row."""
    changed_at: datetime


@dataclass(frozen=True)
class TimerRow:
    id: int
    game_id: int
    kind: str
    user_id: int
    due_at: datetime
    payload: dict[str, Any]


@dataclass(frozen=True)
class Snapshot:
    seq: int
    state: str


class _Checked:
    """Reads one row's columns, raising :class:`DamagedGame` naming the column that is wrong."""

    def __init__(self, row: sqlite3.Row, game_id: Any, table: str, detail: str = "") -> None:
        self.row, self.table, self.detail = row, table, detail
        self.game_id = game_id if isinstance(game_id, int) else None

    def damaged(self, column: str) -> DamagedGame:
        return DamagedGame(self.game_id, f"{self.table}.{column}{self.detail}")

    def integer(self, column: str, *, optional: bool = False, minimum: int | None = None,
                below: int | None = None) -> int | None:
        value = self.row[column]
        if value is None and optional:
            return None
        if type(value) is not int or (minimum is not None and value < minimum) or (
                below is not None and value >= below):
            raise self.damaged(column)
        return value

    def text(self, column: str, *, optional: bool = False,
             choices: Collection[str] | None = None) -> str | None:
        value = self.row[column]
        if value is None and optional:
            return None
        if not isinstance(value, str) or isinstance(value, Undecodable) or (
                choices is not None and value not in choices):
            raise self.damaged(column)
        return value

    def time(self, column: str, *, optional: bool = False) -> datetime | None:
        value = self.text(column, optional=optional)
        if value is None:
            return None
        try:
            if len(value) != _TIME_LENGTH:
                raise ValueError(value)
            return from_db_time(value)
        except ValueError:
            raise self.damaged(column) from None

    def json_object(self, column: str) -> dict[str, Any]:
        try:
            value = json.loads(self.text(column))
        except ValueError:
            raise self.damaged(column) from None
        if not isinstance(value, dict):
            raise self.damaged(column)
        return value


def game_row(row: sqlite3.Row, game_keys: Collection[str] | None) -> GameRow:
    """``game_keys`` is the set of games this code can play; None accepts any key."""
    read = _Checked(row, row["id"], "games")
    return GameRow(
        id=read.integer("id"),
        guild_id=read.integer("guild_id"),
        channel_id=read.integer("channel_id"),
        game_key=read.text("game_key", choices=game_keys),
        options=read.json_object("options"),
        seed=read.integer("seed"),
        players=read.integer("players", minimum=1),
        status=read.text("status", choices=GAME_STATUSES),
        version=read.integer("version", minimum=0),
        host_id=read.integer("host_id"),
        reminder_seconds=read.integer("reminder_seconds", minimum=1),
        created_at=read.time("created_at"),
        updated_at=read.time("updated_at"),
        last_move_at=read.time("last_move_at", optional=True),
        board_message_id=read.integer("board_message_id", optional=True),
        board_jump_url=read.text("board_jump_url", optional=True),
        turn_seconds=read.integer("turn_seconds", optional=True, minimum=1),
        clock=read.text("clock", choices=CLOCKS),
        bank_seconds=read.integer("bank_seconds", minimum=1),
        on_timeout=read.text("on_timeout", choices=TIMEOUT_ACTIONS),
        strike_limit=read.integer("strike_limit", minimum=1),
        language=read.text("language", optional=True, choices=TABLE_LANGUAGES),
        coach=read.text("coach", choices=COACH_SETTINGS),
    )


def seat_row(row: sqlite3.Row, players: int) -> SeatRow:
    """A seat of a game for ``players``: a numbered seat must be one of ``0 .. players - 1``."""
    read = _Checked(row, row["game_id"], "seats")
    return SeatRow(
        game_id=read.integer("game_id"),
        seat=read.integer("seat", optional=True, minimum=0, below=players),
        user_id=read.integer("user_id"),
        display_name=read.text("display_name"),
        is_bot=bool(read.integer("is_bot", minimum=0, below=2)),
        joined_at=read.time("joined_at"),
        ai_level=read.text("ai_level", optional=True, choices=AI_LEVELS),
        strikes=read.integer("strikes", minimum=0),
        bank_seconds=read.integer("bank_seconds", optional=True, minimum=0),
        opened_at=read.time("opened_at", optional=True),
    )


def move_row(row: sqlite3.Row, players: int) -> MoveRow:
    read = _Checked(row, row["game_id"], "moves", f" at seq {row['seq']}")
    return MoveRow(
        game_id=read.integer("game_id"),
        seq=read.integer("seq", minimum=1),
        seat=read.integer("seat", minimum=0, below=players),
        user_id=read.integer("user_id"),
        notation=read.text("notation"),
        created_at=read.time("created_at"),
        interaction_id=read.integer("interaction_id", optional=True),
        # A database checked before its upgrade to undone moves has no such column.
        undone_seq=read.integer("undone_seq", optional=True, minimum=row["seq"] + 1)
        if "undone_seq" in row.keys() else None,  # noqa: SIM118 - a sqlite3.Row tests values with `in`
        # ... nor, before its upgrade to automatic moves, that column.
        automatic=read.integer("automatic", minimum=0, below=2) == 1
        if "automatic" in row.keys() else False,  # noqa: SIM118
        # ... nor, before its upgrade to move authors, these two.
        made_by=read.text("made_by", choices=MADE_BY) if "made_by" in row.keys() else "player",  # noqa: SIM118
        clock_before=read.json_object("clock_before")
        if "clock_before" in row.keys() and row["clock_before"] is not None else None,  # noqa: SIM118
    )


def seat_change_row(row: sqlite3.Row, players: int) -> SeatChange:
    read = _Checked(row, row["game_id"], "seat_changes")
    return SeatChange(
        game_id=read.integer("game_id"),
        version=read.integer("version", minimum=0),
        seat=read.integer("seat", minimum=0, below=players),
        from_user_id=read.integer("from_user_id"),
        from_name=read.text("from_name"),
        to_user_id=read.integer("to_user_id"),
        to_name=read.text("to_name"),
        was_open=read.integer("was_open", minimum=0, below=2) == 1,
        changed_at=read.time("changed_at"),
    )


def timer_row(row: sqlite3.Row) -> TimerRow:
    read = _Checked(row, row["game_id"], "timers")
    return TimerRow(
        id=read.integer("id"),
        game_id=read.integer("game_id"),
        kind=read.text("kind", choices=TIMER_KINDS),
        user_id=read.integer("user_id"),
        due_at=read.time("due_at"),
        payload=read.json_object("payload"),
    )


def snapshot(row: sqlite3.Row) -> Snapshot:
    """A snapshot whose text decodes and matches the checksum saved with it."""
    read = _Checked(row, row["game_id"], "snapshots", f" at seq {row['seq']}")
    seq = read.integer("seq", minimum=0)
    state = read.text("state")
    if row["checksum"] != snapshot_checksum(state):
        raise read.damaged("checksum")
    return Snapshot(seq, state)


def vote_row(row: sqlite3.Row) -> tuple[int, str]:
    """``(user_id, kind)`` of one vote."""
    read = _Checked(row, row["game_id"], "votes")
    return read.integer("user_id"), read.text("kind", choices=VOTE_KINDS)
