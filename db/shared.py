"""What both stores (SQLite and PostgreSQL) share: the shapes of their arguments and results, and
the checks that do not depend on the database.

Everything that decides what a row means, whether a read is whole, which guilds a process owns
and when a write is refused lives here once.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from .errors import DamagedGame, RefusedDatabase, StaleVersion, TableFull, WrongStatus
from .rows import (
    TIMER_KINDS,
    VOTE_KINDS,
    GameRow,
    MoveRow,
    SeatRow,
    Snapshot,
    TimerRow,
    game_row,
    move_row,
    seat_row,
    snapshot,
    timer_row,
    to_db_time,
    vote_row,
)

log = logging.getLogger("db.store")
T = TypeVar("T")
Row = Mapping[str, Any]

CLAIM_LEASE = timedelta(minutes=5)
"""How long a claimed timer is left to the process that claimed it: if that process dies before
moving or clearing it, another owner of the guild's shard fires it once the lease has run out."""


@dataclass(frozen=True)
class NewTimer:
    """A timer to create or move: one per game, kind and user."""

    kind: str
    user_id: int
    due_at: datetime
    payload: dict[str, Any] | None = None

    def params(self, game_id: int) -> tuple:
        if self.kind not in TIMER_KINDS:
            raise ValueError(f"unknown timer kind {self.kind!r}; expected one of {TIMER_KINDS}")
        return (
            game_id,
            self.kind,
            self.user_id,
            to_db_time(self.due_at),
            json.dumps(self.payload or {}, sort_keys=True),
        )


@dataclass(frozen=True)
class TimerFilter:
    """Which of a game's timers to clear: all of them, or only one kind and/or one user's."""

    kind: str | None = None
    user_id: int | None = None

    def condition(self) -> tuple[str, list[Any]]:
        conditions, params = ["game_id = ?"], []
        if self.kind is not None:
            conditions.append("kind = ?")
            params.append(self.kind)
        if self.user_id is not None:
            conditions.append("user_id = ?")
            params.append(self.user_id)
        return "(" + " AND ".join(conditions) + ")", params


@dataclass(frozen=True)
class TurnMove:
    """One move of a turn recorded whole (:meth:`db.store.Store.record_turn`): the table played it
    for ``seat`` (held by ``user_id``); ``automatic``: the seat had no real choice; ``made_by``: who
    made it (:data:`db.rows.MADE_BY`); ``clock_before``: the turn clock just before it, as
    :meth:`db.store.Store.record_move` keeps it."""

    seat: int
    user_id: int
    notation: str
    made_by: str
    automatic: bool = False
    clock_before: dict[str, Any] | None = None

    def params(self, game_id: int, seq: int, stamp: str) -> tuple:
        """The ``moves`` row (:data:`MOVE_INSERT`): a move the table made has no interaction."""
        clock = None if self.clock_before is None else json.dumps(self.clock_before, sort_keys=True)
        return (game_id, seq, self.seat, self.user_id, self.notation, stamp, None, int(self.automatic),
                self.made_by, clock)


@dataclass(frozen=True)
class SeatClock:
    """A seat's turn clock after a move (written with the move): its strikes in a row, what is
    left of its time bank (None: the whole bank) and when it was opened (None: a player holds it)."""

    seat: int
    strikes: int
    bank_seconds: int | None
    opened_at: datetime | None

    UPDATE = "UPDATE seats SET strikes = ?, bank_seconds = ?, opened_at = ? WHERE game_id = ? AND seat = ?"

    def params(self, game_id: int) -> tuple:
        opened = None if self.opened_at is None else to_db_time(self.opened_at)
        return (self.strikes, self.bank_seconds, opened, game_id, self.seat)


@dataclass(frozen=True)
class TurnClock:
    """A table's turn-time settings (see ``bot/table/deadlines.py``); ``turn_seconds`` None: no deadlines."""

    turn_seconds: int | None
    clock: str
    bank_seconds: int
    on_timeout: str
    strike_limit: int

    ASSIGNMENTS = "turn_seconds = ?, clock = ?, bank_seconds = ?, on_timeout = ?, strike_limit = ?, updated_at = ?"

    def params(self, now: datetime) -> tuple:
        return (self.turn_seconds, self.clock, self.bank_seconds, self.on_timeout, self.strike_limit,
                to_db_time(now))


SEAT_TAKEN_OVER = (
    "UPDATE seats SET user_id = ?, display_name = ?, is_bot = 0, ai_level = NULL, strikes = 0, opened_at = NULL"
    " WHERE game_id = ? AND seat = ?"
)
"""A numbered seat taken over by another person (``/game sit``, ``/game replace``)."""

SEAT_BANK_RAISED = (
    "UPDATE seats SET bank_seconds = ? WHERE game_id = ? AND seat = ? AND bank_seconds IS NOT NULL"
    " AND bank_seconds < ?"
)
"""A seat taken over with less left in its time bank than ``bank_at_least`` gets that much."""

SEAT_HELD = "SELECT user_id, display_name, opened_at FROM seats WHERE game_id = ? AND seat = ?"
SEAT_CHANGE_INSERT = (
    "INSERT INTO seat_changes (game_id, version, seat, from_user_id, from_name, to_user_id, to_name, was_open,"
    " changed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
SEAT_CHANGES_SELECT = (
    "SELECT seat_changes.*, games.players FROM seat_changes JOIN games ON games.id = seat_changes.game_id"
    " WHERE game_id = ? ORDER BY seat_changes.id"
)
"""A seat changing hands is written down (``seat_changes``) in the transaction that changes it."""


def seat_change_params(game: Any, seat: int, held: Any, user_id: int, display_name: str, stamp: str) -> tuple:
    """The ``seat_changes`` row of ``seat`` of ``game`` (its row) going from ``held`` (its seat row) to
    ``user_id``."""
    return (game["id"], game["version"], seat, held["user_id"], held["display_name"], user_id, display_name,
            int(held["opened_at"] is not None), stamp)


MOVE_INSERT = (
    "INSERT INTO moves (game_id, seq, seat, user_id, notation, created_at, interaction_id, automatic, made_by,"
    " clock_before) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


@dataclass(frozen=True)
class BoardMessage:
    """The Discord message that shows a game's board."""

    message_id: int | None
    jump_url: str | None


@dataclass(frozen=True)
class LoadedGame:
    """Everything the table service needs about one game, read in one transaction."""

    game: GameRow
    seats: list[SeatRow]
    snapshot: Snapshot | None
    """The latest snapshot; None only in the lobby."""
    moves: list[MoveRow]
    """The moves after the latest snapshot, in order."""
    timers: list[TimerRow]
    votes: dict[str, list[int]]
    """Each vote kind's voters (user ids, ascending); only seated users can have voted."""


@dataclass(frozen=True)
class GameTimers:
    game: GameRow
    timers: list[TimerRow]


@dataclass(frozen=True)
class Shards:
    """The Discord shards one bot process serves: ``ids`` out of ``count``.

    A guild belongs to shard ``(guild_id >> 22) % count`` (Discord's rule), so every process can
    tell, from the guild id alone, whether a game's timers are its own to fire.
    """

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= shard < self.count for shard in self.ids):
            raise ValueError(f"shards {sorted(self.ids)} must be a non-empty subset of 0..{self.count - 1}")

    @classmethod
    def every(cls) -> Shards:
        return cls(1, frozenset({0}))

    def owns(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.count in self.ids

    def condition(self, guild_column: str) -> tuple[str, list[Any]]:
        """SQL (with ``?`` placeholders) true for the rows of guilds on these shards."""
        marks = ", ".join("?" for _ in self.ids)
        return f"(({guild_column} >> 22) % ?) IN ({marks})", [self.count, *sorted(self.ids)]


def move_assignments(
    new_version: int, stamp: str, finished: bool, board_message: BoardMessage | None
) -> tuple[str, list[Any]]:
    """The ``UPDATE games SET`` part of recording a move (``?`` placeholders) and its values."""
    assignments, params = (
        "version = ?, updated_at = ?, last_move_at = ?, status = ?",
        [new_version, stamp, stamp, "finished" if finished else "active"],
    )
    if board_message is not None:
        assignments += ", board_message_id = ?, board_jump_url = ?"
        params += [board_message.message_id, board_message.jump_url]
    return assignments, params


def undo_marks(expected_version: int, taken_back: Sequence[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """``(undo version, seq, seat)`` of each move of an undo (``taken_back``: ``(seq, seat)``,
    newest first): one version each, from ``expected_version + 1``. Refuses an empty undo or one
    whose moves are not newest first, which no replay could follow."""
    seqs = [seq for seq, _ in taken_back]
    if not seqs or seqs != sorted(set(seqs), reverse=True):
        raise ValueError(f"an undo takes back at least one move, newest first (not {seqs})")
    return [(expected_version + 1 + i, seq, seat) for i, (seq, seat) in enumerate(taken_back)]


def timers_matching(game_id: int, clears: list[TimerFilter]) -> tuple[str, list[Any]]:
    """A condition (``?`` placeholders) true for the game's timers that any of ``clears`` matches."""
    conditions, params = [], []
    for clear in clears:
        condition, values = clear.condition()
        conditions.append(condition)
        params += [game_id, *values]
    return " OR ".join(conditions), params


def claim_statement(now: datetime, shards: Shards) -> tuple[str, list[Any]]:
    """One statement (``?`` placeholders) that claims the due, unheld timers of ``shards``' guilds
    and returns them. Timers are claimed a whole game at a time: the game's row is locked, so two
    processes never split one game's due timers between them (and each post a reminder for it)."""
    stamp = to_db_time(now)
    owned, owned_params = shards.condition("games.guild_id")
    # The outer condition repeats the lease check: a row another process claimed and committed
    # while this statement waited is read again in its newest version, and left alone.
    sql = (
        "UPDATE timers SET claimed_until = ? WHERE id IN ("
        " SELECT timers.id FROM timers JOIN games ON games.id = timers.game_id"
        " WHERE timers.due_at <= ? AND (timers.claimed_until IS NULL OR timers.claimed_until <= ?)"
        f" AND {owned}"
        " FOR UPDATE OF games, timers SKIP LOCKED) AND (claimed_until IS NULL OR claimed_until <= ?) RETURNING *"
    )
    return sql, [to_db_time(now + CLAIM_LEASE), stamp, stamp, *owned_params, stamp]


class StoreChecks:
    """The checks both stores make on what they read and before they write."""

    _game_keys: Collection[str] | None
    _reported_damage: set[str]

    def _game(self, row: Row) -> GameRow:
        return game_row(row, self._game_keys)

    def _sound(self, rows: Iterable[Row], convert: Callable[[Row], T]) -> list[T]:
        """The rows that convert, for lists spanning games; each damaged one is logged once."""
        sound = []
        for row in rows:
            try:
                sound.append(convert(row))
            except DamagedGame as damage:
                if str(damage) not in self._reported_damage:
                    self._reported_damage.add(str(damage))
                    log.error("%s; it is left out until repaired (run python -m db check)", damage)
        return sound

    @staticmethod
    def _check_version(game: Row, expected_version: int) -> None:
        if game["version"] != expected_version:
            raise StaleVersion(f"game {game['id']} is at version {game['version']}, not {expected_version}")

    @classmethod
    def _check_in_play(cls, game: Row, expected_version: int) -> None:
        """A move or an undo needs the game in play at ``expected_version``."""
        if game["status"] != "active":
            raise WrongStatus(f"game {game['id']} is {game['status']}, not in play")
        cls._check_version(game, expected_version)

    @staticmethod
    def _schema_is_current(applied: int, steps: int) -> bool:
        """Whether no migration is left; a database newer than this code is refused."""
        if applied > steps:
            raise RefusedDatabase(
                f"The database's schema version {applied} is newer than this Bottega's "
                f"({steps}): upgrade Bottega before opening it."
            )
        return applied == steps

    @staticmethod
    def _check_room(game: Row, seated: int, user_id: int) -> None:
        """Checked after the insert, in its transaction: a full table refuses the next player, even one
        who asked at the same moment from another process (the game's row is locked meanwhile)."""
        if seated > game["players"]:
            raise TableFull(
                f"game {game['id']} is full ({game['players']} players); user {user_id} not seated"
            )

    @staticmethod
    def _check_seat_order(ordered: list[int], seated: set[int]) -> None:
        if len(ordered) != len(set(ordered)) or set(ordered) != seated:
            raise ValueError(f"seat order {ordered} must name each of the seated users {sorted(seated)} once")

    @staticmethod
    def _check_vote_kind(kind: str) -> None:
        if kind not in VOTE_KINDS:
            raise ValueError(f"unknown vote kind {kind!r}; expected one of {VOTE_KINDS}")

    def _loaded(
        self,
        row: Row,
        seats: Iterable[Row],
        latest_row: Row | None,
        moves: Iterable[Row],
        timers: Iterable[Row],
        votes: Iterable[Row],
    ) -> LoadedGame:
        """One game's rows, read in one transaction, checked and put together."""
        game = self._game(row)
        latest = None if latest_row is None else snapshot(latest_row)
        voters: dict[str, list[int]] = {}
        for vote in votes:
            user_id, kind = vote_row(vote)
            voters.setdefault(kind, []).append(user_id)
        loaded = LoadedGame(
            game,
            [seat_row(seat, game.players) for seat in seats],
            latest,
            [] if latest is None else [move_row(move, game.players) for move in moves],
            [timer_row(timer) for timer in timers],
            voters,
        )
        if game.status != "lobby" and not (game.status == "abandoned" and latest is None):
            self._check_started(game, latest, loaded.moves)
        return loaded

    @staticmethod
    def _check_started(game: GameRow, latest: Snapshot | None, moves: list[MoveRow]) -> None:
        if latest is None:
            raise DamagedGame(game.id, "snapshots (none saved)")
        first = latest.seq + 1 if latest.seq else 2
        if [move.seq for move in moves] != list(range(first, game.version + 1)) or game.version < first - 1:
            raise DamagedGame(game.id, "moves (the log does not reach the game's version)")

    @staticmethod
    def _active_with_timers(games: list[GameRow], timers: list[TimerRow]) -> list[GameTimers]:
        by_game: dict[int, list[TimerRow]] = {game.id: [] for game in games}
        for timer in timers:
            if timer.game_id in by_game:
                by_game[timer.game_id].append(timer)
        return [GameTimers(game, by_game[game.id]) for game in games]


def options_text(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True)


@dataclass(frozen=True)
class TurnMessage:
    """The one channel message of a game's current turn (see migration 13, turn messages)."""

    game_id: int
    started: int
    """The game version the message began at."""
    version: int
    """The game version its lines reach."""
    message_id: int | None
    """None until the message is posted."""
    lines: list[Any]
    """The message's event lines so far, as the table service stored them (JSON)."""


TURN_UPSERT = (
    "INSERT INTO turn_messages (game_id, started, version, message_id, lines) VALUES (?, ?, ?, NULL, ?)"
    " ON CONFLICT (game_id) DO UPDATE SET lines = excluded.lines, started = excluded.started,"
    " version = excluded.version,"
    " message_id = CASE WHEN turn_messages.started = excluded.started THEN turn_messages.message_id END"
)
"""Sets a game's turn lines; a turn that began at another version forgets the old message."""
TURN_MESSAGE_SET = "UPDATE turn_messages SET message_id = ? WHERE game_id = ? AND started = ?"
TURN_SELECT = "SELECT * FROM turn_messages WHERE game_id = ?"


def turn_message(row: Row) -> TurnMessage:
    try:
        lines = json.loads(row["lines"])
    except ValueError:
        lines = []  # a damaged record only costs the turn its earlier lines
    return TurnMessage(int(row["game_id"]), int(row["started"]), int(row["version"]),
                       None if row["message_id"] is None else int(row["message_id"]),
                       lines if isinstance(lines, list) else [])
