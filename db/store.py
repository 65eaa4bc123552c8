"""The SQLite store: games, seats, the move log, snapshots, timers and a little metadata.

One :class:`Store` owns one aiosqlite connection. Every operation takes the store's lock, so
writes are serialised and a multi-statement read never sees another coroutine's half-finished
transaction. Writes run in ``BEGIN IMMEDIATE`` transactions and the move log is guarded by the
game's version number, so a second process on the same file is refused rather than interleaved.

The store keeps game states and options as opaque text/JSON; it knows nothing about the games.
Times are passed in by the caller as timezone-aware :class:`datetime.datetime` values (the table
service owns the clock) and are stored as fixed-width ISO-8601 UTC text.

Versions: a new game is at version 0; :meth:`Store.start_game` and each
:meth:`Store.append_move` add one, and a move's ``seq`` is the version it produced. The snapshot
at seq 0 is the state at the start; a snapshot at seq *n* is the state after the move with seq *n*.
So a game created at version 0 starts at version 1 and its first move has seq 2; seqs only ever
grow, which is all that replay needs.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, AsyncIterator

import aiosqlite

from .errors import (
    AlreadySeated,
    ChannelBusy,
    DuplicateInteraction,
    GameNotFound,
    StaleVersion,
    StoreError,
    WrongStatus,
)
from .migrations import MIGRATIONS, statements

GAME_STATUSES = ("lobby", "active", "finished", "abandoned")
TIMER_KINDS = ("reminder", "deadline")
BUSY_TIMEOUT_MS = 5000
_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def to_db_time(moment: datetime) -> str:
    """Fixed-width UTC text, so that comparing the text compares the times."""
    if not isinstance(moment, datetime) or moment.tzinfo is None:
        raise TypeError(f"store times must be timezone-aware datetimes, got {moment!r}")
    return moment.astimezone(timezone.utc).strftime(_TIME_FORMAT)


def from_db_time(text: str | None) -> datetime | None:
    if text is None:
        return None
    return datetime.strptime(text, _TIME_FORMAT).replace(tzinfo=timezone.utc)


@dataclass(frozen=True)
class _Outcome:
    rowcount: int
    lastrowid: int | None


async def _run(db: aiosqlite.Connection, sql: str, params: tuple | list = ()) -> _Outcome:
    """Execute one statement and close its cursor at once.

    A cursor left open keeps its statement pending (a PRAGMA that returned a row, say), and SQLite
    refuses to COMMIT while one is; nothing may rely on the garbage collector closing it.
    """
    async with db.execute(sql, params) as cursor:
        return _Outcome(cursor.rowcount, cursor.lastrowid)


async def _run_many(db: aiosqlite.Connection, sql: str, rows: list) -> _Outcome:
    async with db.executemany(sql, rows) as cursor:
        return _Outcome(cursor.rowcount, cursor.lastrowid)


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


@dataclass(frozen=True)
class SeatRow:
    game_id: int
    seat: int | None
    user_id: int
    display_name: str
    is_bot: bool
    joined_at: datetime


@dataclass(frozen=True)
class MoveRow:
    game_id: int
    seq: int
    seat: int
    user_id: int
    notation: str
    created_at: datetime
    interaction_id: int | None


@dataclass(frozen=True)
class TimerRow:
    id: int
    game_id: int
    kind: str
    user_id: int
    due_at: datetime
    payload: dict[str, Any]


def _game(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game_key=row["game_key"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        players=row["players"],
        status=row["status"],
        version=row["version"],
        host_id=row["host_id"],
        reminder_seconds=row["reminder_seconds"],
        created_at=from_db_time(row["created_at"]),
        updated_at=from_db_time(row["updated_at"]),
        last_move_at=from_db_time(row["last_move_at"]),
        board_message_id=row["board_message_id"],
        board_jump_url=row["board_jump_url"],
    )


def _seat(row: sqlite3.Row) -> SeatRow:
    return SeatRow(
        game_id=row["game_id"],
        seat=row["seat"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        is_bot=bool(row["is_bot"]),
        joined_at=from_db_time(row["joined_at"]),
    )


def _move(row: sqlite3.Row) -> MoveRow:
    return MoveRow(
        game_id=row["game_id"],
        seq=row["seq"],
        seat=row["seat"],
        user_id=row["user_id"],
        notation=row["notation"],
        created_at=from_db_time(row["created_at"]),
        interaction_id=row["interaction_id"],
    )


def _timer(row: sqlite3.Row) -> TimerRow:
    return TimerRow(
        id=row["id"],
        game_id=row["game_id"],
        kind=row["kind"],
        user_id=row["user_id"],
        due_at=from_db_time(row["due_at"]),
        payload=json.loads(row["payload"]),
    )


_SEAT_ORDER = "ORDER BY seat IS NULL, seat, joined_at, rowid"


class Store:
    """Bottega's persistent state. Create with ``await Store.open(path)``; ``await close()`` at exit."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._lock = asyncio.Lock()

    # -- lifecycle ---------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | os.PathLike[str]) -> Store:
        """Open (creating if needed) the database at ``path`` and bring its schema up to date."""
        path = os.fspath(path)
        in_memory = path == ":memory:"
        if not in_memory:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            connection.row_factory = sqlite3.Row
            await _run(connection, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await _run(connection, "PRAGMA foreign_keys = ON")
            if not in_memory:
                await _run(connection, "PRAGMA journal_mode = WAL")
            store = cls(connection)
            await store._migrate()
        except BaseException:
            await connection.close()
            raise
        return store

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def _migrate(self) -> None:
        """Apply every migration past ``user_version``, each in its own transaction."""
        while True:
            async with self._write() as db:
                applied = await self._scalar(db, "PRAGMA user_version")
                if applied > len(MIGRATIONS):
                    raise StoreError(
                        f"database schema version {applied} is newer than this code "
                        f"({len(MIGRATIONS)}); upgrade Bottega before opening it"
                    )
                if applied == len(MIGRATIONS):
                    return
                for statement in statements(MIGRATIONS[applied]):
                    await _run(db, statement)
                await _run(db, f"PRAGMA user_version = {applied + 1}")

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._scalar(self._db, "PRAGMA user_version")

    async def pragma(self, name: str) -> Any:
        """The value of a read-only PRAGMA such as ``journal_mode`` (for checks and tests)."""
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        async with self._lock:
            return await self._scalar(self._db, f"PRAGMA {name}")

    # -- transactions --------------------------------------------------------------------------

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction, taken under the lock; rolled back if the body raises."""
        async with self._lock:
            try:
                await _run(self._db, "BEGIN IMMEDIATE")
                yield self._db
                await _run(self._db, "COMMIT")
            except BaseException:
                await self._end_transaction("ROLLBACK")
                raise

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """One read transaction: every query inside sees the same committed database."""
        async with self._lock:
            try:
                await _run(self._db, "BEGIN")
                yield self._db
            finally:
                await self._end_transaction("COMMIT")

    async def _end_transaction(self, statement: str) -> None:
        """COMMIT or ROLLBACK, tolerating a transaction that never began.

        The connection runs statements in order on its own thread, so after a cancellation this
        still runs after any BEGIN that was already queued, and the connection is never left
        inside a transaction.
        """
        try:
            await _run(self._db, statement)
        except sqlite3.OperationalError as error:
            if "no transaction is active" not in str(error):
                raise

    @staticmethod
    async def _scalar(db: aiosqlite.Connection, sql: str, params: tuple = ()) -> Any:
        async with db.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return None if row is None else row[0]

    async def _fetch_all(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        async with self._lock:
            async with self._db.execute(sql, params) as cursor:
                return list(await cursor.fetchall())

    async def _fetch_one(self, sql: str, params: tuple = ()) -> sqlite3.Row | None:
        async with self._lock:
            async with self._db.execute(sql, params) as cursor:
                return await cursor.fetchone()

    @staticmethod
    async def _game_for_update(db: aiosqlite.Connection, game_id: int) -> sqlite3.Row:
        async with db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cursor:
            row = await cursor.fetchone()
        if row is None:
            raise GameNotFound(f"no game with id {game_id}")
        return row

    # -- games ---------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_key: str,
        options: dict[str, Any],
        seed: int,
        players: int,
        host_id: int,
        now: datetime,
    ) -> GameRow:
        """A new game in the lobby; :class:`ChannelBusy` if the channel already has an open one."""
        stamp = to_db_time(now)
        async with self._write() as db:
            try:
                async with db.execute(
                    "INSERT INTO games (guild_id, channel_id, game_key, options, seed, players,"
                    " host_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " RETURNING *",
                    (guild_id, channel_id, game_key, json.dumps(options, sort_keys=True), seed,
                     players, host_id, stamp, stamp),
                ) as cursor:
                    row = await cursor.fetchone()
            except sqlite3.IntegrityError as error:
                if "games.channel_id" in str(error):
                    raise ChannelBusy(f"channel {channel_id} already has a game in progress") from error
                raise
        return _game(row)

    async def get_game(self, game_id: int) -> GameRow | None:
        row = await self._fetch_one("SELECT * FROM games WHERE id = ?", (game_id,))
        return None if row is None else _game(row)

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or in play, if any."""
        row = await self._fetch_one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return None if row is None else _game(row)

    async def games_for_user(self, guild_id: int, user_id: int) -> list[GameRow]:
        """Lobby and active games in the guild where the user holds a seat, oldest first."""
        rows = await self._fetch_all(
            "SELECT games.* FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE games.guild_id = ? AND seats.user_id = ? AND games.status IN ('lobby', 'active')"
            " ORDER BY games.id",
            (guild_id, user_id),
        )
        return [_game(row) for row in rows]

    async def active_games(self) -> list[GameRow]:
        """Every game in play (status 'active'), oldest first."""
        rows = await self._fetch_all("SELECT * FROM games WHERE status = 'active' ORDER BY id")
        return [_game(row) for row in rows]

    async def set_status(self, game_id: int, status: str, now: datetime) -> None:
        if status not in GAME_STATUSES:
            raise ValueError(f"unknown game status {status!r}; expected one of {GAME_STATUSES}")
        await self._update_game(game_id, "status = ?, updated_at = ?", (status, to_db_time(now)))

    async def set_reminder_seconds(self, game_id: int, seconds: int, now: datetime) -> None:
        if seconds <= 0:
            raise ValueError(f"reminder interval must be positive, got {seconds}")
        await self._update_game(
            game_id, "reminder_seconds = ?, updated_at = ?", (seconds, to_db_time(now))
        )

    async def set_board_message(self, game_id: int, message_id: int | None, jump_url: str | None) -> None:
        """Remember the message that shows the board, so it can be found or edited later."""
        await self._update_game(
            game_id, "board_message_id = ?, board_jump_url = ?", (message_id, jump_url)
        )

    async def _update_game(self, game_id: int, assignments: str, params: tuple) -> None:
        async with self._write() as db:
            try:
                cursor = await _run(db, 
                    f"UPDATE games SET {assignments} WHERE id = ?", (*params, game_id)
                )
            except sqlite3.IntegrityError as error:
                if "games.channel_id" in str(error):
                    raise ChannelBusy(f"game {game_id}'s channel already has another open game") from error
                raise
            if cursor.rowcount == 0:
                raise GameNotFound(f"no game with id {game_id}")

    # -- seats ---------------------------------------------------------------------------------

    async def add_seat(
        self, game_id: int, user_id: int, display_name: str, *, is_bot: bool = False, now: datetime
    ) -> SeatRow:
        """Seat a user (without a seat number until the game starts); :class:`AlreadySeated` twice."""
        stamp = to_db_time(now)
        async with self._write() as db:
            await self._game_for_update(db, game_id)
            try:
                async with db.execute(
                    "INSERT INTO seats (game_id, user_id, display_name, is_bot, joined_at)"
                    " VALUES (?, ?, ?, ?, ?) RETURNING *",
                    (game_id, user_id, display_name, int(is_bot), stamp),
                ) as cursor:
                    row = await cursor.fetchone()
            except sqlite3.IntegrityError as error:
                if "seats.game_id, seats.user_id" in str(error):
                    raise AlreadySeated(f"user {user_id} already has a seat at game {game_id}") from error
                raise
        return _seat(row)

    async def remove_seat(self, game_id: int, user_id: int) -> bool:
        """True if the user had a seat and no longer has one."""
        async with self._write() as db:
            cursor = await _run(db, 
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            return cursor.rowcount > 0

    async def seats(self, game_id: int) -> list[SeatRow]:
        """The game's seats by seat number (unnumbered ones last), then by joining time."""
        rows = await self._fetch_all(f"SELECT * FROM seats WHERE game_id = ? {_SEAT_ORDER}", (game_id,))
        return [_seat(row) for row in rows]

    async def assign_seats(self, game_id: int, user_ids_in_seat_order: list[int]) -> None:
        """Number the seats: the first user gets seat 0. The list must name every seated user once."""
        async with self._write() as db:
            await self._game_for_update(db, game_id)
            async with db.execute("SELECT user_id FROM seats WHERE game_id = ?", (game_id,)) as cursor:
                seated = {row[0] for row in await cursor.fetchall()}
            ordered = list(user_ids_in_seat_order)
            if len(ordered) != len(set(ordered)) or set(ordered) != seated:
                raise ValueError(
                    f"seat order {ordered} must name each of the seated users {sorted(seated)} once"
                )
            await _run(db, "UPDATE seats SET seat = NULL WHERE game_id = ?", (game_id,))
            await _run_many(db, 
                "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                [(seat, game_id, user_id) for seat, user_id in enumerate(ordered)],
            )

    # -- play ----------------------------------------------------------------------------------

    async def start_game(self, game_id: int, *, expected_version: int, snapshot: str, now: datetime) -> int:
        """Lobby → active with the initial state as the snapshot at seq 0; returns the new version.

        Raises :class:`StaleVersion` if the game's version is not ``expected_version`` and
        :class:`WrongStatus` if it is not in the lobby; nothing is written then.
        """
        stamp = to_db_time(now)
        async with self._write() as db:
            game = await self._game_for_update(db, game_id)
            if game["status"] != "lobby":
                raise WrongStatus(f"game {game_id} is {game['status']}, not in the lobby")
            self._check_version(game, expected_version)
            new_version = expected_version + 1
            await _run(db, 
                "UPDATE games SET status = 'active', version = ?, updated_at = ? WHERE id = ? AND version = ?",
                (new_version, stamp, game_id, expected_version),
            )
            await _run(db, 
                "INSERT OR REPLACE INTO snapshots (game_id, seq, state, created_at) VALUES (?, 0, ?, ?)",
                (game_id, snapshot, stamp),
            )
        return new_version

    async def append_move(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        user_id: int,
        notation: str,
        now: datetime,
        interaction_id: int | None = None,
        snapshot: str | None = None,
        finished: bool = False,
    ) -> int:
        """Record one move in one transaction and return the game's new version (= the move's seq).

        Refused with nothing written: :class:`DuplicateInteraction` if ``interaction_id`` was
        recorded before (a replayed click), :class:`WrongStatus` if the game is not in play,
        :class:`StaleVersion` if the game's version is not ``expected_version``.
        ``snapshot`` is the state after this move; ``finished`` marks the game over.
        """
        stamp = to_db_time(now)
        async with self._write() as db:
            game = await self._game_for_update(db, game_id)
            if interaction_id is not None:
                seen = await self._scalar(
                    db, "SELECT game_id FROM moves WHERE interaction_id = ?", (interaction_id,)
                )
                if seen is not None:
                    raise DuplicateInteraction(f"interaction {interaction_id} was already recorded")
            if game["status"] != "active":
                raise WrongStatus(f"game {game_id} is {game['status']}, not in play")
            self._check_version(game, expected_version)
            new_version = expected_version + 1
            await _run(db, 
                "UPDATE games SET version = ?, updated_at = ?, last_move_at = ?, status = ?"
                " WHERE id = ? AND version = ?",
                (new_version, stamp, stamp, "finished" if finished else "active", game_id, expected_version),
            )
            await _run(db, 
                "INSERT INTO moves (game_id, seq, seat, user_id, notation, created_at, interaction_id)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, new_version, seat, user_id, notation, stamp, interaction_id),
            )
            if snapshot is not None:
                await _run(db, 
                    "INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?)",
                    (game_id, new_version, snapshot, stamp),
                )
        return new_version

    @staticmethod
    def _check_version(game: sqlite3.Row, expected_version: int) -> None:
        if game["version"] != expected_version:
            raise StaleVersion(
                f"game {game['id']} is at version {game['version']}, not {expected_version}"
            )

    async def moves(self, game_id: int, after_seq: int = 0) -> list[MoveRow]:
        """The move log after ``after_seq``, in order."""
        rows = await self._fetch_all(
            "SELECT * FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after_seq)
        )
        return [_move(row) for row in rows]

    async def latest_snapshot(self, game_id: int) -> tuple[int, str] | None:
        """``(seq, state text)`` of the newest snapshot, or None before the game starts."""
        row = await self._fetch_one(
            "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
        )
        return None if row is None else (row["seq"], row["state"])

    async def load(self, game_id: int) -> tuple[int, str, list[MoveRow]] | None:
        """The newest snapshot's seq and text and the moves after it, read in one transaction.

        None when the game has no snapshot: it has not started, or there is no such game.
        """
        async with self._read() as db:
            async with db.execute(
                "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
            ) as cursor:
                snapshot = await cursor.fetchone()
            if snapshot is None:
                return None
            async with db.execute(
                "SELECT * FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, snapshot["seq"])
            ) as cursor:
                later = [_move(row) for row in await cursor.fetchall()]
        return snapshot["seq"], snapshot["state"], later

    # -- timers --------------------------------------------------------------------------------

    async def set_timer(
        self, game_id: int, kind: str, user_id: int, due_at: datetime, payload: dict[str, Any] | None = None
    ) -> None:
        """Create or move the game's ``kind`` timer for ``user_id`` (one per game, kind and user)."""
        if kind not in TIMER_KINDS:
            raise ValueError(f"unknown timer kind {kind!r}; expected one of {TIMER_KINDS}")
        async with self._write() as db:
            await self._game_for_update(db, game_id)
            await _run(db, 
                "INSERT INTO timers (game_id, kind, user_id, due_at, payload) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, kind, user_id)"
                " DO UPDATE SET due_at = excluded.due_at, payload = excluded.payload",
                (game_id, kind, user_id, to_db_time(due_at), json.dumps(payload or {}, sort_keys=True)),
            )

    async def clear_timers(self, game_id: int, *, kind: str | None = None, user_id: int | None = None) -> int:
        """Delete the game's timers, optionally only of one kind and/or one user; returns how many."""
        conditions, params = ["game_id = ?"], [game_id]
        if kind is not None:
            conditions.append("kind = ?")
            params.append(kind)
        if user_id is not None:
            conditions.append("user_id = ?")
            params.append(user_id)
        async with self._write() as db:
            cursor = await _run(db, f"DELETE FROM timers WHERE {' AND '.join(conditions)}", tuple(params))
            return cursor.rowcount

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        """Timers due at or before ``now``, earliest first. They stay until cleared or moved."""
        rows = await self._fetch_all(
            "SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at, id", (to_db_time(now),)
        )
        return [_timer(row) for row in rows]

    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._fetch_all(
            "SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id", (game_id,)
        )
        return [_timer(row) for row in rows]

    # -- metadata ------------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        row = await self._fetch_one("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else row["value"]

    async def set_meta(self, key: str, value: str) -> None:
        async with self._write() as db:
            await _run(db, 
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # -- maintenance ---------------------------------------------------------------------------

    async def backup(self, path: str | os.PathLike[str]) -> None:
        """Copy the live database to ``path`` with SQLite's online backup API (safe while running)."""
        destination_path = os.fspath(path)
        Path(destination_path).parent.mkdir(parents=True, exist_ok=True)
        async with self._lock:
            destination = await aiosqlite.connect(destination_path)
            try:
                await self._db.backup(destination)
            finally:
                await destination.close()
