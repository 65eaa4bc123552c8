"""The SQLite store: games, seats, the move log, snapshots, timers, votes and a little metadata.

One :class:`Store` owns one aiosqlite connection and the database file's lock: **one process
per database file**. A second bot process on the same file is refused at open with
:class:`DatabaseInUse`; running several processes is what a server database (PostgreSQL) is for.
(Stores within one process share the lock: a bot restarted in place may open its store before
the old one is closed.) Within the process, every operation takes the store's lock and
runs as one function on the connection's own thread, so a whole transaction is one round trip
and a multi-statement read never sees another coroutine's half-finished write.

Only a Bottega database is opened: a file that is empty, not SQLite, or another program's is
refused with :class:`NotABottegaDatabase`, and a new database is created only where no file
exists (built beside it and renamed into place, so a crash leaves no file or a whole one).

Durability: write-ahead log with ``synchronous = FULL``, so a write the store has returned from
(a move it acknowledged) survives a power cut.

The store keeps game states and options as opaque text/JSON; it knows the games only by their
keys. Every row read back is checked (``db.rows``): damage of any kind raises
:class:`DamagedGame` naming the game and the place, and each snapshot is checked against the
checksum saved with it. Lists that span games (due timers, active games) leave a damaged row out
and log it once instead, so one damaged game never stops the others.

Times are passed in by the caller as timezone-aware :class:`datetime.datetime` values (the table
service owns the clock) and are stored as fixed-width ISO-8601 UTC text.

Versions: a new game is at version 0; starting it and each move add one, and a move's ``seq`` is
the version it produced. The snapshot at seq 0 is the state at the start; a snapshot at seq *n*
is the state after the move with seq *n*. So a game created at version 0 starts at version 1 and
its first move has seq 2; seqs only ever grow, which is all that replay needs.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Collection, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from . import files, ratings
from .errors import (
    AlreadySeated,
    ChannelBusy,
    DuplicateInteraction,
    GameNotFound,
    NotSeated,
    RematchExists,
    StaleVersion,
    WrongStatus,
)
from .migrations import MIGRATIONS, SQL_FUNCTIONS, statements
from .presence import SqlitePresence
from .rows import (
    TABLE_LANGUAGES,
    GameRow,
    MoveRow,
    SeatChange,
    SeatRow,
    Snapshot,
    TimerRow,
    decode_text,
    from_db_time,
    move_row,
    seat_change_row,
    seat_row,
    snapshot,
    snapshot_checksum,
    timer_row,
    to_db_time,
    vote_row,
)
from .shared import (
    MOVE_INSERT,
    SEAT_CHANGE_INSERT,
    SEAT_BANK_RAISED,
    SEAT_CHANGES_SELECT,
    SEAT_HELD,
    SEAT_TAKEN_OVER,
    TURN_MESSAGE_SET,
    TURN_SELECT,
    TURN_UPSERT,
    BoardMessage,
    GameTimers,
    LoadedGame,
    NewTimer,
    SeatClock,
    Shards,
    StoreChecks,
    TimerFilter,
    TurnClock,
    TurnMessage,
    claim_statement,
    move_assignments,
    options_text,
    seat_change_params,
    timers_matching,
    turn_message,
    undo_marks,
)

__all__ = [
    "BUSY_TIMEOUT_MS", "BoardMessage", "GameRow", "GameTimers", "LoadedGame", "MoveRow", "NewTimer",
    "SeatRow", "Shards", "Snapshot", "Store", "TimerFilter", "TimerRow", "from_db_time", "to_db_time",
]

log = logging.getLogger(__name__)
T = TypeVar("T")
BUSY_TIMEOUT_MS = 5000
_SEAT_ORDER = "ORDER BY seats.seat IS NULL, seats.seat, seats.joined_at, seats.rowid"


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


def _all(db: sqlite3.Connection, sql: str, params: tuple | list = ()) -> list[sqlite3.Row]:
    """Run one statement to completion on the connection's thread (nothing is left pending)."""
    return db.execute(sql, params).fetchall()


def _one(db: sqlite3.Connection, sql: str, params: tuple | list = ()) -> sqlite3.Row | None:
    rows = _all(db, sql, params)
    return rows[0] if rows else None


class Store(StoreChecks, SqlitePresence):
    """Bottega's persistent state. Create with ``await Store.open(path)``; ``await close()`` at exit."""

    def __init__(self, connection: aiosqlite.Connection, *, lock: str | None = None,
                 game_keys: Collection[str] | None = None, shards: Shards | None = None) -> None:
        self._db = connection
        self._lock = asyncio.Lock()
        self._file_lock = lock
        self._game_keys = game_keys
        self._shards = shards
        self._reported_damage: set[str] = set()

    # -- lifecycle ---------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, game_keys: Collection[str] | None = None,
                   shards: Shards | None = None) -> Store:
        """Open the database at ``path`` (creating it only where no file exists) and upgrade its schema.

        ``game_keys`` are the games a stored row may name (default: every game of ``games``).
        With ``shards``, :meth:`due_timers` claims the due timers of those shards' guilds only.
        Refused with one sentence: :class:`DatabaseInUse` if another process has the file open,
        :class:`NotABottegaDatabase` if the file is not a Bottega database.
        """
        if game_keys is None:
            import games

            game_keys = frozenset(games.keys())
        if os.fspath(path) == ":memory:":
            store = cls(await cls._connect(":memory:"), game_keys=game_keys, shards=shards)
            await store._migrate()
            return store
        database = Path(path)
        database.parent.mkdir(parents=True, exist_ok=True)
        lock = await asyncio.to_thread(files.lock_database, database)
        try:
            if not database.exists():
                await cls._create(database)
            store = cls(await cls._connect(database), lock=lock, game_keys=game_keys, shards=shards)
        except BaseException:
            files.unlock(lock)
            raise
        try:
            await store._call(lambda db: files.identify(db, database))
            await _run(store._db, "PRAGMA journal_mode = WAL")
            await _run(store._db, "PRAGMA synchronous = FULL")
            await store._migrate()
        except BaseException:
            await store.close()
            raise
        return store

    @classmethod
    async def _connect(cls, path: str | Path) -> aiosqlite.Connection:
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            connection.row_factory = sqlite3.Row
            connection.text_factory = decode_text
            for name, (arguments, function) in SQL_FUNCTIONS.items():
                await connection.create_function(name, arguments, function, deterministic=True)
            await _run(connection, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await _run(connection, "PRAGMA foreign_keys = ON")
        except BaseException:
            await connection.close()
            raise
        return connection

    @classmethod
    async def _create(cls, database: Path) -> None:
        """Build a new database beside ``database`` and move it into place once it is whole."""
        building = await asyncio.to_thread(files.building_path, database)
        store = cls(await cls._connect(building))
        try:
            await store._migrate()
        finally:
            await store.close()
        await asyncio.to_thread(files.move_into_place, building, database)

    async def close(self) -> None:
        async with self._lock:
            try:
                await self._db.close()
            finally:
                if self._file_lock is not None:
                    files.unlock(self._file_lock)
                    self._file_lock = None

    async def _migrate(self) -> None:
        """Apply every migration past ``user_version``, each in its own transaction."""
        while True:
            async with self._write() as db:
                applied = await self._scalar(db, "PRAGMA user_version")
                if self._schema_is_current(applied, len(MIGRATIONS)):
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

    async def _call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` on the connection's own thread, under the store's lock: one round trip.

        aiosqlite queues every call to that thread in order (``_execute`` is how its own
        ``backup`` and ``create_function`` get there), so work queued here runs whole, in turn
        with every other statement, even if the awaiting task is cancelled meanwhile.
        """
        async with self._lock:
            return await self._db._execute(work, self._db._conn)

    async def _reading(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` inside one read transaction: all its queries see the same committed database."""

        def read(db: sqlite3.Connection) -> T:
            db.execute("BEGIN")
            try:
                return work(db)
            finally:
                db.execute("COMMIT")

        return await self._call(read)

    async def _writing(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` inside one ``BEGIN IMMEDIATE`` transaction, committed only if it returns."""

        def write(db: sqlite3.Connection) -> T:
            db.execute("BEGIN IMMEDIATE")
            try:
                result = work(db)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return result

        return await self._call(write)

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

    @staticmethod
    def _game_for_update(db: sqlite3.Connection, game_id: int) -> sqlite3.Row:
        row = _one(db, "SELECT * FROM games WHERE id = ?", (game_id,))
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
        params = (guild_id, channel_id, game_key, options_text(options), seed, players,
                  host_id, stamp, stamp)

        def create(db: sqlite3.Connection) -> GameRow:
            try:
                row = _one(db, "INSERT INTO games (guild_id, channel_id, game_key, options, seed, players,"
                               " host_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                               " RETURNING *", params)
            except sqlite3.IntegrityError as error:
                if "games.channel_id" in str(error):
                    raise ChannelBusy(f"channel {channel_id} already has a game in progress") from error
                raise
            return self._game(row)

        return await self._writing(create)

    async def get_game(self, game_id: int) -> GameRow | None:
        """The game's row; :class:`DamagedGame` if it is damaged."""
        row = await self._call(lambda db: _one(db, "SELECT * FROM games WHERE id = ?", (game_id,)))
        return None if row is None else self._game(row)

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or in play, if any."""
        row = await self._call(lambda db: _one(
            db, "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)))
        return None if row is None else self._game(row)

    async def last_played_game(self, channel_id: int) -> GameRow | None:
        """The channel's newest game that has started: in play, else the last one finished or
        abandoned there (a table waiting in the lobby has not started)."""
        row = await self._call(lambda db: _one(
            db, "SELECT * FROM games WHERE channel_id = ? AND version > 0 ORDER BY id DESC LIMIT 1",
            (channel_id,)))
        return None if row is None else self._game(row)

    async def games_for_user(self, guild_id: int, user_id: int) -> list[GameRow]:
        """Lobby and active games in the guild where the user holds a seat, oldest first."""
        return await self._call(lambda db: self._sound(_all(
            db,
            "SELECT games.* FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE games.guild_id = ? AND seats.user_id = ? AND games.status IN ('lobby', 'active')"
            " ORDER BY games.id",
            (guild_id, user_id),
        ), self._game))

    async def active_games(self) -> list[GameRow]:
        """Every game in play (status 'active'), oldest first."""
        return await self._call(lambda db: self._sound(
            _all(db, "SELECT * FROM games WHERE status = 'active' ORDER BY id"), self._game))

    async def set_reminder_seconds(self, game_id: int, seconds: int, now: datetime) -> None:
        if seconds <= 0:
            raise ValueError(f"reminder interval must be positive, got {seconds}")
        await self._update_game(
            game_id, "reminder_seconds = ?, updated_at = ?", (seconds, to_db_time(now))
        )

    async def set_turn_clock(self, game_id: int, clock: TurnClock, now: datetime, *,
                             clear: Iterable[TimerFilter] = (), timers: Iterable[NewTimer] = ()) -> None:
        """A table's turn-time settings, with the timers they move (deleted by ``clear``, then
        ``timers`` created or moved, as :meth:`update_timers`): one transaction, so a table never
        keeps a new clock with the old deadlines. :class:`GameNotFound` for an unknown game."""
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear)

        def update(db: sqlite3.Connection) -> None:
            changed = db.execute(f"UPDATE games SET {TurnClock.ASSIGNMENTS} WHERE id = ?",
                                 (*clock.params(now), game_id)).rowcount
            if changed == 0:
                raise GameNotFound(f"no game with id {game_id}")
            self._clear_timers(db, game_id, clears)
            self._set_timers(db, timer_rows)

        await self._writing(update)

    async def set_language(self, game_id: int, language: str | None, now: datetime) -> None:
        """The language of the table's public messages; None follows the server's preferred locale."""
        if language is not None and language not in TABLE_LANGUAGES:
            raise ValueError(f"unknown table language {language!r}; expected one of {TABLE_LANGUAGES}")
        await self._update_game(game_id, "language = ?, updated_at = ?", (language, to_db_time(now)))

    async def set_board_message(self, game_id: int, message_id: int | None, jump_url: str | None,
                                *, for_version: int | None = None) -> bool:
        """Remember the message that shows the board, so it can be found or edited later.

        With ``for_version``, only while the game is still at that version (a board posted late
        never replaces a newer one); returns whether it was written. The link is also kept as the
        board post of that version (:meth:`board_posts`), late or not.
        """
        if for_version is None:
            await self._update_game(
                game_id, "board_message_id = ?, board_jump_url = ?", (message_id, jump_url))
            return True

        def write(db: sqlite3.Connection) -> bool:
            self._game_for_update(db, game_id)
            if message_id is not None and jump_url is not None:
                db.execute("INSERT OR REPLACE INTO board_posts (game_id, version, message_id, jump_url)"
                           " VALUES (?, ?, ?, ?)", (game_id, for_version, message_id, jump_url))
            return db.execute(
                "UPDATE games SET board_message_id = ?, board_jump_url = ? WHERE id = ? AND version = ?",
                (message_id, jump_url, game_id, for_version)).rowcount > 0

        return await self._writing(write)

    async def _update_game(self, game_id: int, assignments: str, params: tuple) -> None:
        def update(db: sqlite3.Connection) -> None:
            changed = db.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*params, game_id)).rowcount
            if changed == 0:
                raise GameNotFound(f"no game with id {game_id}")

        await self._writing(update)

    async def close_game(self, game_id: int, status: str, now: datetime) -> GameRow:
        """Close a game (``abandoned`` or ``finished``) with its timers and votes, in one transaction."""
        if status not in ("abandoned", "finished"):
            raise ValueError(f"a game closes as 'abandoned' or 'finished', not {status!r}")

        def close(db: sqlite3.Connection) -> GameRow:
            row = _one(db, "UPDATE games SET status = ?, updated_at = ? WHERE id = ? RETURNING *",
                       (status, to_db_time(now), game_id))
            if row is None:
                raise GameNotFound(f"no game with id {game_id}")
            db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM votes WHERE game_id = ?", (game_id,))
            return self._game(row)

        return await self._writing(close)

    # -- seats ---------------------------------------------------------------------------------

    async def add_seat(
        self, game_id: int, user_id: int, display_name: str, *, is_bot: bool = False,
        ai_level: str | None = None, now: datetime
    ) -> SeatRow:
        """Seat a user (without a seat number until the game starts); :class:`AlreadySeated` twice.

        An AI seat has ``is_bot`` and the ``ai_level`` it plays at.
        """
        params = (game_id, user_id, display_name, int(is_bot), ai_level, to_db_time(now))

        def add(db: sqlite3.Connection) -> SeatRow:
            game = self._game_for_update(db, game_id)
            try:
                row = _one(db, "INSERT INTO seats (game_id, user_id, display_name, is_bot, ai_level,"
                               " joined_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *", params)
            except sqlite3.IntegrityError as error:
                if "seats.game_id, seats.user_id" in str(error):
                    raise AlreadySeated(f"user {user_id} already has a seat at game {game_id}") from error
                raise
            self._check_room(game, _one(db, "SELECT count(*) FROM seats WHERE game_id = ?", (game_id,))[0],
                             user_id)
            return seat_row(row, game["players"])

        return await self._writing(add)

    async def remove_seat(self, game_id: int, user_id: int) -> bool:
        """True if the user had a seat and no longer has one; their votes go with the seat."""
        return await self._writing(lambda db: db.execute(
            "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)).rowcount > 0)

    async def take_over_seat(self, game_id: int, *, seat: int, user_id: int, display_name: str, now: datetime,
                             clear_timers: Iterable[TimerFilter] = (), timers: Iterable[NewTimer] = (),
                             bank_at_least: int | None = None) -> None:
        """Give numbered ``seat`` to another person, who plays it from now on: the seat keeps its
        place, state and time bank (raised to ``bank_at_least`` seconds when it holds less), loses
        its strikes and is no longer open; the change is written down (:meth:`seat_changes`), the
        previous holder's votes go, ``clear_timers`` are deleted and ``timers`` set. One transaction.

        :class:`AlreadySeated` if ``user_id`` holds a seat at the game, :class:`NotSeated` if no
        one holds ``seat``.
        """
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear_timers)
        stamp = to_db_time(now)

        def take(db: sqlite3.Connection) -> None:
            game = self._game_for_update(db, game_id)
            held = _one(db, SEAT_HELD, (game_id, seat))
            if held is None:
                raise NotSeated(f"no one holds seat {seat} at game {game_id}")
            db.execute("DELETE FROM votes WHERE game_id = ? AND user_id = ?", (game_id, held["user_id"]))
            db.execute(SEAT_CHANGE_INSERT, seat_change_params(game, seat, held, user_id, display_name, stamp))
            try:
                db.execute(SEAT_TAKEN_OVER, (user_id, display_name, game_id, seat))
            except sqlite3.IntegrityError as error:
                raise AlreadySeated(f"user {user_id} already has a seat at game {game_id}") from error
            if bank_at_least is not None:
                db.execute(SEAT_BANK_RAISED, (bank_at_least, game_id, seat, bank_at_least))
            self._clear_timers(db, game_id, clears)
            self._set_timers(db, timer_rows)

        await self._writing(take)

    async def seat_changes(self, game_id: int) -> list[SeatChange]:
        """Every time a seat of the game changed hands, oldest first."""
        rows = await self._call(lambda db: _all(db, SEAT_CHANGES_SELECT, (game_id,)))
        return [seat_change_row(row, row["players"]) for row in rows]

    async def seats(self, game_id: int) -> list[SeatRow]:
        """The game's seats by seat number (unnumbered ones last), then by joining time."""
        rows = await self._call(lambda db: _all(
            db, f"SELECT seats.*, games.players FROM seats JOIN games ON games.id = seats.game_id"
                f" WHERE game_id = ? {_SEAT_ORDER}", (game_id,)))
        return [seat_row(row, row["players"]) for row in rows]

    def _assign_seats(self, db: sqlite3.Connection, game_id: int, ordered: list[int]) -> None:
        self._game_for_update(db, game_id)
        seated = {row[0] for row in _all(db, "SELECT user_id FROM seats WHERE game_id = ?", (game_id,))}
        self._check_seat_order(ordered, seated)
        db.execute("UPDATE seats SET seat = NULL WHERE game_id = ?", (game_id,))
        db.executemany("UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                       [(seat, game_id, user_id) for seat, user_id in enumerate(ordered)])

    # -- play ----------------------------------------------------------------------------------

    async def record_start(
        self,
        game_id: int,
        *,
        expected_version: int,
        snapshot: str,
        now: datetime,
        seat_order: list[int] | None = None,
        timers: Iterable[NewTimer] = (),
    ) -> GameRow:
        """Start a game (lobby → active) in one transaction and return its new row.

        Numbers the seats by ``seat_order`` when given (the first user gets seat 0; the list must
        name every seated user once), saves ``snapshot`` (the initial state) at seq 0, makes the
        game active and writes ``timers``. Refused with nothing written: :class:`StaleVersion` if
        the game's version is not ``expected_version``, :class:`WrongStatus` if it is not in the
        lobby, ``ValueError`` for a wrong seat order.
        """
        stamp = to_db_time(now)
        timer_rows = [timer.params(game_id) for timer in timers]

        def start(db: sqlite3.Connection) -> GameRow:
            game = self._game_for_update(db, game_id)
            if game["status"] != "lobby":
                raise WrongStatus(f"game {game_id} is {game['status']}, not in the lobby")
            self._check_version(game, expected_version)
            if seat_order is not None:
                self._assign_seats(db, game_id, list(seat_order))
            row = _one(db, "UPDATE games SET status = 'active', version = ?, updated_at = ?"
                           " WHERE id = ? AND version = ? RETURNING *",
                       (expected_version + 1, stamp, game_id, expected_version))
            db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state, created_at, checksum)"
                       " VALUES (?, 0, ?, ?, ?)", (game_id, snapshot, stamp, snapshot_checksum(snapshot)))
            self._set_timers(db, timer_rows)
            return self._game(row)

        return await self._writing(start)

    async def record_move(
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
        clear_timers: Iterable[TimerFilter] = (),
        timers: Iterable[NewTimer] = (),
        board_message: BoardMessage | None = None,
        outcome: ratings.Outcome | None = None,
        seat_clocks: Iterable[SeatClock] = (),
        automatic: bool = False,
        made_by: str = "player",
        clock_before: dict[str, Any] | None = None,
    ) -> GameRow:
        """Record a whole move in one transaction and return the game's new row.

        Writes the move (its ``seq`` is the new version), ``snapshot`` (the state after the move)
        when given, the status (``finished`` ends the game), then deletes the timers matching
        ``clear_timers`` and creates or moves ``timers`` (clears first, so "clear every reminder,
        set these" is one call), ``board_message`` when given, the ``seat_clocks`` (strikes, time
        banks, open seats) the move changes, and the new ratings of the players of a finished game
        from its ``outcome`` (:mod:`db.ratings`). All of it or none of it. ``automatic`` marks a
        move the table took for a seat that had no real choice, ``made_by`` says who made the move
        (:data:`db.rows.MADE_BY`) and ``clock_before`` is the turn clock before it (JSON), which an
        undo puts back.

        Refused with nothing written: :class:`DuplicateInteraction` if ``interaction_id`` was
        recorded before (a replayed click), :class:`WrongStatus` if the game is not in play,
        :class:`StaleVersion` if the game's version is not ``expected_version``,
        :class:`GameNotFound` for an unknown game.
        """
        stamp = to_db_time(now)
        new_version = expected_version + 1
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear_timers)
        assignments, params = move_assignments(new_version, stamp, finished, board_message)
        clock_rows = [clock.params(game_id) for clock in seat_clocks]
        clock_text = None if clock_before is None else json.dumps(clock_before, sort_keys=True)

        def record(db: sqlite3.Connection) -> GameRow:
            game = self._game_for_update(db, game_id)
            if interaction_id is not None and _one(
                    db, "SELECT 1 FROM moves WHERE interaction_id = ?", (interaction_id,)) is not None:
                raise DuplicateInteraction(f"interaction {interaction_id} was already recorded")
            self._check_in_play(game, expected_version)
            row = _one(db, f"UPDATE games SET {assignments} WHERE id = ? AND version = ? RETURNING *",
                       (*params, game_id, expected_version))
            db.execute(MOVE_INSERT, (game_id, new_version, seat, user_id, notation, stamp, interaction_id,
                                     int(automatic), made_by, clock_text))
            if snapshot is not None:
                self._save_snapshot(db, game_id, new_version, snapshot, stamp)
            self._clear_timers(db, game_id, clears)
            self._set_timers(db, timer_rows)
            if outcome is not None:
                db.executemany(ratings.UPSERT, ratings.changes(
                    outcome, _all(db, ratings.SELECT_FOR_GAME, (game["guild_id"], game["game_key"])),
                    game["guild_id"], game["game_key"], stamp))
            db.executemany(SeatClock.UPDATE, clock_rows)
            return self._game(row)

        return await self._writing(record)

    async def record_undo(
        self,
        game_id: int,
        *,
        expected_version: int,
        taken_back: Sequence[tuple[int, int]],
        snapshot: str,
        now: datetime,
        clear_timers: Iterable[TimerFilter] = (),
        timers: Iterable[NewTimer] = (),
        seat_clocks: Iterable[SeatClock] = (),
    ) -> GameRow:
        """Take moves back in one transaction and return the game's new row.

        ``taken_back`` is each move's ``(seq, seat)``, newest first: a person's move with the moves
        that answered it on the table's side (see ``bot/table/undo.py``). Each undo takes one
        version, in that order, so the log reads as if they were taken back one by one. The moves
        stay in the log, marked with their undo's version (``undone_seq``); ``snapshot`` (the state
        without them) is saved at the last version, and snapshots saved after the moves go (they
        hold states the game no longer reaches). Timers and ``seat_clocks`` (the seats' clocks put
        back as they were before the moves) as :meth:`record_move`. Refused with
        nothing written: :class:`StaleVersion` if the game is not at ``expected_version`` or a
        move is not that seat's standing move, :class:`WrongStatus` if the game is not in play.
        """
        marks = undo_marks(expected_version, taken_back)
        stamp = to_db_time(now)
        new_version = expected_version + len(marks)
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear_timers)
        clock_rows = [clock.params(game_id) for clock in seat_clocks]

        def undo(db: sqlite3.Connection) -> GameRow:
            game = self._game_for_update(db, game_id)
            self._check_in_play(game, expected_version)
            for version, seq, seat in marks:
                marked = db.execute(
                    "UPDATE moves SET undone_seq = ? WHERE game_id = ? AND seq = ? AND seat = ?"
                    " AND undone_seq IS NULL", (version, game_id, seq, seat)).rowcount
                if marked != 1:
                    raise StaleVersion(f"game {game_id} has no standing move of seat {seat} at seq {seq}")
                db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, seq))
            row = _one(db, "UPDATE games SET version = ?, updated_at = ? WHERE id = ? RETURNING *",
                       (new_version, stamp, game_id))
            self._save_snapshot(db, game_id, new_version, snapshot, stamp)
            self._clear_timers(db, game_id, clears)
            self._set_timers(db, timer_rows)
            db.executemany(SeatClock.UPDATE, clock_rows)
            return self._game(row)

        return await self._writing(undo)

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's newest game, whatever its status (None if it never had one)."""
        row = await self._call(lambda db: _one(
            db, "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)))
        return None if row is None else self._game(row)

    async def board_posts(self, game_id: int, after_version: int = 0) -> dict[int, str]:
        """The link of the board message posted for each version after ``after_version``."""
        rows = await self._call(lambda db: _all(
            db, "SELECT version, jump_url FROM board_posts WHERE game_id = ? AND version > ?"
                " ORDER BY version", (game_id, after_version)))
        return {row["version"]: row["jump_url"] for row in rows}

    async def moves(self, game_id: int, after_seq: int = 0) -> list[MoveRow]:
        """The move log after ``after_seq``, in order."""
        rows = await self._call(lambda db: _all(
            db, "SELECT moves.*, games.players FROM moves JOIN games ON games.id = moves.game_id"
                " WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after_seq)))
        return [move_row(row, row["players"]) for row in rows]

    async def latest_snapshot(self, game_id: int) -> tuple[int, str] | None:
        """``(seq, state text)`` of the newest snapshot, or None before the game starts."""
        row = await self._call(lambda db: _one(
            db, "SELECT * FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)))
        if row is None:
            return None
        latest = snapshot(row)
        return latest.seq, latest.state

    async def load(self, game_id: int) -> tuple[int, str, list[MoveRow]] | None:
        """The newest snapshot's seq and text and the moves after it, read in one transaction.

        None when the game has no snapshot: it has not started, or there is no such game.
        """
        loaded = await self.load_game(game_id)
        if loaded is None or loaded.snapshot is None:
            return None
        return loaded.snapshot.seq, loaded.snapshot.state, loaded.moves

    async def load_game(self, game_id: int) -> LoadedGame | None:
        """The game's row, seats, latest snapshot, later moves, timers and votes: one read, one round trip.

        None if there is no such game. :class:`DamagedGame` if any of it is damaged, including a
        started game without a snapshot or with a move log that does not reach its version.
        """
        return await self._reading(lambda db: self._load(db, "id", game_id))

    async def load_channel(self, channel_id: int) -> LoadedGame | None:
        """:meth:`load_game` of the channel's game in the lobby or in play, if any."""
        return await self._reading(lambda db: self._load(db, "channel_id", channel_id))

    def _load(self, db: sqlite3.Connection, column: str, key: int) -> LoadedGame | None:
        open_only = " AND status IN ('lobby', 'active')" if column == "channel_id" else ""
        row = _one(db, f"SELECT * FROM games WHERE {column} = ?{open_only}", (key,))
        if row is None:
            return None
        game_id = row["id"]
        latest = _one(db, "SELECT * FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,))
        return self._loaded(
            row,
            _all(db, f"SELECT * FROM seats WHERE game_id = ? {_SEAT_ORDER}", (game_id,)),
            latest,
            [] if latest is None else _all(
                db, "SELECT * FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, latest["seq"])),
            _all(db, "SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id", (game_id,)),
            _all(db, "SELECT * FROM votes WHERE game_id = ? ORDER BY kind, user_id", (game_id,)))

    # -- timers --------------------------------------------------------------------------------

    async def update_timers(
        self, game_id: int, *, clear: Iterable[TimerFilter] = (), timers: Iterable[NewTimer] = ()
    ) -> int:
        """Delete the timers matching ``clear``, then create or move ``timers``: one transaction.

        Returns how many timers were deleted. :class:`GameNotFound` for an unknown game.
        """
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear)

        def update(db: sqlite3.Connection) -> int:
            self._game_for_update(db, game_id)
            deleted = self._clear_timers(db, game_id, clears)
            self._set_timers(db, timer_rows)
            return deleted

        return await self._writing(update)

    @staticmethod
    def _save_snapshot(db: sqlite3.Connection, game_id: int, seq: int, snapshot: str, stamp: str) -> None:
        db.execute("INSERT INTO snapshots (game_id, seq, state, created_at, checksum) VALUES (?, ?, ?, ?, ?)",
                   (game_id, seq, snapshot, stamp, snapshot_checksum(snapshot)))

    @staticmethod
    def _clear_timers(db: sqlite3.Connection, game_id: int, clears: list[TimerFilter]) -> int:
        if not clears:
            return 0
        condition, params = timers_matching(game_id, clears)
        return db.execute(f"DELETE FROM timers WHERE {condition}", params).rowcount

    @staticmethod
    def _set_timers(db: sqlite3.Connection, timer_rows: list[tuple]) -> None:
        db.executemany(
            "INSERT INTO timers (game_id, kind, user_id, due_at, payload) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, kind, user_id)"
            " DO UPDATE SET due_at = excluded.due_at, payload = excluded.payload, claimed_until = NULL",
            timer_rows,
        )

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        """Timers due at or before ``now``, earliest first. They stay until cleared or moved.

        A store opened with ``shards`` claims them instead (:meth:`claim_due_timers`).
        """
        if self._shards is not None:
            return await self.claim_due_timers(now, self._shards)
        stamp = to_db_time(now)
        return await self._call(lambda db: self._sound(
            _all(db, "SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at, id", (stamp,)), timer_row))

    async def claim_due_timers(self, now: datetime, shards: Shards) -> list[TimerRow]:
        """The due timers of games in ``shards``' guilds that no one holds, each now held for
        :data:`~db.shared.CLAIM_LEASE`; moving or clearing a timer ends its claim."""
        sql, params = claim_statement(now, shards, lock_rows="")
        return await self._writing(lambda db: sorted(
            self._sound(_all(db, sql, params), timer_row), key=lambda timer: (timer.due_at, timer.id)))

    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._call(lambda db: _all(
            db, "SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id", (game_id,)))
        return [timer_row(row) for row in rows]

    async def active_games_with_timers(self) -> list[GameTimers]:
        """Every game in play with its timers, oldest first: what a start-up rebuild compares.

        One read; no snapshot or move is read, so it is cheap with many games. A game whose
        rows are damaged is left out (and logged once).
        """

        def read(db: sqlite3.Connection) -> list[GameTimers]:
            return self._active_with_timers(
                self._sound(_all(db, "SELECT * FROM games WHERE status = 'active' ORDER BY id"), self._game),
                self._sound(_all(db, "SELECT timers.* FROM timers JOIN games ON games.id = timers.game_id"
                                     " WHERE games.status = 'active' ORDER BY due_at, timers.id"), timer_row))

        return await self._reading(read)

    # -- votes ---------------------------------------------------------------------------------

    async def add_vote(self, game_id: int, user_id: int, kind: str) -> list[int]:
        """Record ``user_id``'s vote of ``kind`` (again is harmless); returns that kind's voters.

        :class:`NotSeated` if the user holds no seat at the game: votes belong to seats, and
        :meth:`remove_seat` removes them with the seat.
        """
        self._check_vote_kind(kind)

        def vote(db: sqlite3.Connection) -> list[int]:
            try:
                db.execute("INSERT OR IGNORE INTO votes (game_id, user_id, kind) VALUES (?, ?, ?)",
                           (game_id, user_id, kind))
            except sqlite3.IntegrityError as error:
                if "FOREIGN KEY" in str(error):
                    raise NotSeated(f"user {user_id} has no seat at game {game_id}") from error
                raise
            return self._voters(db, game_id, kind)

        return await self._writing(vote)

    async def votes(self, game_id: int, kind: str) -> list[int]:
        """The users who voted ``kind`` at the game, ascending."""
        self._check_vote_kind(kind)
        return await self._call(lambda db: self._voters(db, game_id, kind))

    async def clear_votes(self, game_id: int, kind: str | None = None) -> int:
        """Delete the game's votes (of one kind, or all); returns how many."""
        if kind is not None:
            self._check_vote_kind(kind)
        return await self._writing(lambda db: db.execute(
            "DELETE FROM votes WHERE game_id = ? AND kind = coalesce(?, kind)", (game_id, kind)).rowcount)

    @staticmethod
    def _voters(db: sqlite3.Connection, game_id: int, kind: str) -> list[int]:
        rows = _all(
            db, "SELECT * FROM votes WHERE game_id = ? AND kind = ? ORDER BY user_id", (game_id, kind))
        return [vote_row(row)[0] for row in rows]

    # -- turn messages -------------------------------------------------------------------------

    async def set_turn(self, game_id: int, started: int, version: int, lines: list[Any]) -> None:
        """The game's current turn began at version ``started`` and its message shows ``lines``
        (JSON-safe) up to ``version``; a turn that began at another version than the stored one
        has no message yet."""
        await self._writing(lambda db: db.execute(TURN_UPSERT, (game_id, started, version, json.dumps(lines))))

    async def set_turn_message(self, game_id: int, started: int, message_id: int) -> bool:
        """Name the message of the turn that began at ``started``; False if another turn is current."""
        return await self._writing(
            lambda db: db.execute(TURN_MESSAGE_SET, (message_id, game_id, started)).rowcount > 0)

    async def turn_message(self, game_id: int) -> TurnMessage | None:
        """The game's current turn message (None before its first board)."""
        row = await self._call(lambda db: _one(db, TURN_SELECT, (game_id,)))
        return None if row is None else turn_message(row)

    # -- metadata ------------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        row = await self._call(lambda db: _one(db, "SELECT value FROM meta WHERE key = ?", (key,)))
        return None if row is None else row["value"]

    async def set_meta(self, key: str, value: str) -> None:
        await self._writing(lambda db: db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value)))

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

    # -- ratings and rematches -------------------------------------------------------------------

    async def ratings(self, guild_id: int, *, game_key: str | None = None, user_id: int | None = None,
                      limit: int | None = None) -> list[ratings.RatingRow]:
        """The server's ratings (of one game, of one person), best first (see :mod:`db.ratings`)."""
        sql, params = ratings.select_ratings(guild_id, game_key, user_id, limit)
        return [ratings.rating_row(row) for row in await self._call(lambda db: _all(db, sql, params))]

    async def record_rematch(self, game_id: int, previous_id: int) -> None:
        """Mark game ``game_id`` as the rematch of ``previous_id``; :class:`RematchExists` if that game
        already has one."""

        def link(db: sqlite3.Connection) -> None:
            try:
                db.execute("INSERT INTO rematches (game_id, previous_id) VALUES (?, ?)", (game_id, previous_id))
            except sqlite3.IntegrityError as error:
                raise RematchExists(f"game {previous_id} already has a rematch") from error

        await self._writing(link)

    async def rematch_links(self, game_id: int) -> tuple[int | None, int | None]:
        """``(the game that game_id plays again, the game that plays game_id again)``, None where none."""
        rows = await self._call(lambda db: _all(
            db, "SELECT * FROM rematches WHERE game_id = ? OR previous_id = ?", (game_id, game_id)))
        return ratings.links(game_id, rows)
