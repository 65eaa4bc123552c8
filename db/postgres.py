"""The PostgreSQL store: the same interface and guarantees as the SQLite store (``db.store``), for
several bot processes, on one or more machines, sharing one database.

What keeps processes from stepping on each other:

- every write that depends on a game's current row reads it ``FOR UPDATE``: moves, starts, seats,
  timers and board messages of one game are serialised across processes, and the version guard
  (:class:`StaleVersion`) still refuses a move made on a board that has moved on;
- a seat is taken once: ``UNIQUE (game_id, user_id)`` and ``UNIQUE (game_id, seat)``, and the seat
  count is checked under the game's row lock (:class:`TableFull`);
- a due timer is claimed by one process (``FOR UPDATE SKIP LOCKED`` and a lease), and only by a
  process serving the shard of the game's guild (:meth:`PostgresStore.claim_due_timers`);
- schema upgrades run under an advisory lock, so processes starting together apply each step once.

Every operation is one transaction on a connection of a small pool. A database is refused
(:class:`NotABottegaDatabase`) if it holds tables but no Bottega schema mark.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
from collections.abc import AsyncIterator, Collection, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

import asyncpg

from . import ratings, rows, shared
from .errors import (
    AlreadySeated,
    ChannelBusy,
    DuplicateInteraction,
    GameNotFound,
    NotABottegaDatabase,
    NotSeated,
    RematchExists,
    StaleVersion,
    WrongStatus,
)
from .pg_migrations import MARK, MIGRATION_LOCK, MIGRATIONS
from .presence import PostgresPresence
from .rows import GameRow, MoveRow, SeatRow, TimerRow
from .shared import Shards, StoreChecks

POOL_SIZE = 4
SEAT_ORDER = "ORDER BY seats.seat IS NULL, seats.seat, seats.joined_at, seats.joined_order"
_SKIP_HELD_GAMES = "FOR UPDATE OF games, timers SKIP LOCKED"
"""Timers are claimed a whole game at a time: the game's row is locked, so two processes never
split one game's due timers between them (and each would post a reminder for that game)."""


def is_postgres_url(target: str | os.PathLike[str]) -> bool:
    return isinstance(target, str) and target.startswith(("postgres://", "postgresql://"))


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """The store's SQL is written with ``?`` placeholders (as SQLite's); PostgreSQL numbers them."""
    counter = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


def _count(status: str) -> int:
    """Rows touched, from a command status such as ``UPDATE 3``."""
    return int(status.rsplit(" ", 1)[-1])


class _Transaction:
    """One connection inside one transaction, spoken to with ``?`` placeholders."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        self.connection = connection

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[asyncpg.Record]:
        return await self.connection.fetch(numbered(sql), *params)

    async def fetch(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        return await self.connection.fetch(sql, *params)

    async def one(self, sql: str, params: Iterable[Any] = ()) -> asyncpg.Record | None:
        return await self.connection.fetchrow(numbered(sql), *params)

    async def run(self, sql: str, params: Iterable[Any] = ()) -> int:
        return _count(await self.connection.execute(numbered(sql), *params))

    async def many(self, sql: str, rows: list[tuple]) -> None:
        if rows:
            await self.connection.executemany(numbered(sql), rows)


class PostgresStore(StoreChecks, PostgresPresence):
    """Create with ``await PostgresStore.open(url)``; ``await close()`` at exit."""

    def __init__(self, pool: asyncpg.Pool, url: str, *, game_keys: Collection[str] | None,
                 shards: Shards | None) -> None:
        self._pool = pool
        self._url = url
        self._game_keys = game_keys
        self._shards = shards
        self._reported_damage: set[str] = set()

    # -- lifecycle ---------------------------------------------------------------------------

    @classmethod
    async def open(cls, url: str, *, game_keys: Collection[str] | None = None, shards: Shards | None = None,
                   pool_size: int = POOL_SIZE) -> PostgresStore:
        """Connect to ``url``, mark an empty database as Bottega's and apply every pending migration.

        With ``shards``, :meth:`due_timers` claims the due timers of those shards' guilds only.
        """
        if game_keys is None:
            import games

            game_keys = frozenset(games.keys())
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        store = cls(pool, url, game_keys=game_keys, shards=shards)
        try:
            await store._migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[_Transaction]:
        """One transaction, committed only if the body returns (a cancelled body rolls back)."""
        async with self._pool.acquire() as connection, connection.transaction():
            yield _Transaction(connection)

    @asynccontextmanager
    async def _consistent_read(self) -> AsyncIterator[_Transaction]:
        """A read-only transaction in which every query sees the same committed database."""
        async with self._pool.acquire() as connection, connection.transaction(
                isolation="repeatable_read", readonly=True):
            yield _Transaction(connection)

    async def _migrate(self) -> None:
        while True:
            async with self._transaction() as db:
                await db.run("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
                applied = await self._applied(db)
                if self._schema_is_current(applied, len(MIGRATIONS)):
                    return
                await db.connection.execute(MIGRATIONS[applied])
                await db.run("UPDATE bottega_schema SET version = ?", (applied + 1,))

    @staticmethod
    async def _applied(db: _Transaction) -> int:
        """The schema version; an empty database is marked as Bottega's at version 0."""
        tables = {row["tablename"] for row in await db.all(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
        if "bottega_schema" in tables:
            return (await db.one("SELECT version FROM bottega_schema"))["version"]
        if tables:
            raise NotABottegaDatabase(
                "The PostgreSQL database holds tables but is not a Bottega database; "
                "give Bottega a database of its own.")
        await db.connection.execute(MARK)
        return 0

    async def schema_version(self) -> int:
        return (await self._read("SELECT version FROM bottega_schema"))[0]["version"]

    async def _read(self, sql: str, params: Iterable[Any] = ()) -> list[asyncpg.Record]:
        """One statement, so one snapshot of the database and one round trip: no transaction needed."""
        return await self._pool.fetch(numbered(sql), *params)

    @staticmethod
    async def _game_for_update(db: _Transaction, game_id: int) -> asyncpg.Record:
        row = await db.one("SELECT * FROM games WHERE id = ? FOR UPDATE", (game_id,))
        if row is None:
            raise GameNotFound(f"no game with id {game_id}")
        return row

    # -- games ---------------------------------------------------------------------------------

    async def create_game(self, *, guild_id: int, channel_id: int, game_key: str, options: dict[str, Any],
                          seed: int, players: int, host_id: int, now: datetime) -> GameRow:
        """A new game in the lobby; :class:`ChannelBusy` if the channel already has an open one."""
        stamp = rows.to_db_time(now)
        try:
            async with self._transaction() as db:
                row = await db.one(
                    "INSERT INTO games (guild_id, channel_id, game_key, options, seed, players, host_id,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                    (guild_id, channel_id, game_key, shared.options_text(options), seed, players, host_id,
                     stamp, stamp))
        except asyncpg.UniqueViolationError as error:
            raise ChannelBusy(f"channel {channel_id} already has a game in progress") from error
        return self._game(row)

    async def get_game(self, game_id: int) -> GameRow | None:
        found = await self._read("SELECT * FROM games WHERE id = ?", (game_id,))
        return self._game(found[0]) if found else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        found = await self._read(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))
        return self._game(found[0]) if found else None

    async def last_played_game(self, channel_id: int) -> GameRow | None:
        """As :meth:`db.store.Store.last_played_game`."""
        found = await self._read(
            "SELECT * FROM games WHERE channel_id = ? AND version > 0 ORDER BY id DESC LIMIT 1", (channel_id,))
        return self._game(found[0]) if found else None

    async def games_for_user(self, guild_id: int, user_id: int) -> list[GameRow]:
        return self._sound(await self._read(
            "SELECT games.* FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE games.guild_id = ? AND seats.user_id = ? AND games.status IN ('lobby', 'active')"
            " ORDER BY games.id", (guild_id, user_id)), self._game)

    async def active_games(self) -> list[GameRow]:
        return self._sound(
            await self._read("SELECT * FROM games WHERE status = 'active' ORDER BY id"), self._game)

    async def set_reminder_seconds(self, game_id: int, seconds: int, now: datetime) -> None:
        if seconds <= 0:
            raise ValueError(f"reminder interval must be positive, got {seconds}")
        await self._update_game(
            game_id, "reminder_seconds = ?, updated_at = ?", (seconds, rows.to_db_time(now)))

    async def set_turn_clock(self, game_id: int, clock: shared.TurnClock, now: datetime, *,
                             clear: Iterable[shared.TimerFilter] = (), timers: Iterable[shared.NewTimer] = ()) -> None:
        """As :meth:`db.store.Store.set_turn_clock`."""
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear)
        async with self._transaction() as db:
            changed = await db.run(f"UPDATE games SET {shared.TurnClock.ASSIGNMENTS} WHERE id = ?",
                                   (*clock.params(now), game_id))
            if changed == 0:
                raise GameNotFound(f"no game with id {game_id}")
            await self._clear_timers(db, game_id, clears)
            await self._set_timers(db, timer_rows)

    async def set_language(self, game_id: int, language: str | None, now: datetime) -> None:
        """As :meth:`db.store.Store.set_language`."""
        if language is not None and language not in rows.TABLE_LANGUAGES:
            raise ValueError(f"unknown table language {language!r}; expected one of {rows.TABLE_LANGUAGES}")
        await self._update_game(game_id, "language = ?, updated_at = ?", (language, rows.to_db_time(now)))

    async def set_board_message(self, game_id: int, message_id: int | None, jump_url: str | None,
                                *, for_version: int | None = None) -> bool:
        """As :meth:`db.store.Store.set_board_message`."""
        if for_version is None:
            await self._update_game(
                game_id, "board_message_id = ?, board_jump_url = ?", (message_id, jump_url))
            return True
        async with self._transaction() as db:
            await self._game_for_update(db, game_id)
            if message_id is not None and jump_url is not None:
                await db.run("INSERT INTO board_posts (game_id, version, message_id, jump_url)"
                             " VALUES (?, ?, ?, ?) ON CONFLICT (game_id, version)"
                             " DO UPDATE SET message_id = excluded.message_id, jump_url = excluded.jump_url",
                             (game_id, for_version, message_id, jump_url))
            return await db.run(
                "UPDATE games SET board_message_id = ?, board_jump_url = ? WHERE id = ? AND version = ?",
                (message_id, jump_url, game_id, for_version)) > 0

    async def _update_game(self, game_id: int, assignments: str, params: tuple) -> None:
        async with self._transaction() as db:
            changed = await db.run(f"UPDATE games SET {assignments} WHERE id = ?", (*params, game_id))
        if changed == 0:
            raise GameNotFound(f"no game with id {game_id}")

    async def close_game(self, game_id: int, status: str, now: datetime) -> GameRow:
        """Close a game (``abandoned`` or ``finished``) with its timers and votes, in one transaction."""
        if status not in ("abandoned", "finished"):
            raise ValueError(f"a game closes as 'abandoned' or 'finished', not {status!r}")
        async with self._transaction() as db:
            row = await db.one("UPDATE games SET status = ?, updated_at = ? WHERE id = ? RETURNING *",
                               (status, rows.to_db_time(now), game_id))
            if row is None:
                raise GameNotFound(f"no game with id {game_id}")
            await db.run("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await db.run("DELETE FROM votes WHERE game_id = ?", (game_id,))
        return self._game(row)

    # -- seats ---------------------------------------------------------------------------------

    async def add_seat(self, game_id: int, user_id: int, display_name: str, *, is_bot: bool = False,
                       ai_level: str | None = None, now: datetime) -> SeatRow:
        """Seat a user; :class:`AlreadySeated` twice, :class:`TableFull` past the last seat.

        An AI seat has ``is_bot`` and the ``ai_level`` it plays at.
        """
        try:
            async with self._transaction() as db:
                game = await self._game_for_update(db, game_id)
                row = await db.one(
                    "INSERT INTO seats (game_id, user_id, display_name, is_bot, ai_level, joined_at)"
                    " VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
                    (game_id, user_id, display_name, int(is_bot), ai_level, rows.to_db_time(now)))
                seated = await db.one("SELECT count(*) FROM seats WHERE game_id = ?", (game_id,))
                self._check_room(game, seated[0], user_id)
        except asyncpg.UniqueViolationError as error:
            raise AlreadySeated(f"user {user_id} already has a seat at game {game_id}") from error
        return rows.seat_row(row, game["players"])

    async def remove_seat(self, game_id: int, user_id: int) -> bool:
        async with self._transaction() as db:
            return await db.run("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)) > 0

    async def take_over_seat(self, game_id: int, *, seat: int, user_id: int, display_name: str, now: datetime,
                             clear_timers: Iterable[shared.TimerFilter] = (),
                             timers: Iterable[shared.NewTimer] = (), bank_at_least: int | None = None) -> None:
        """As :meth:`db.store.Store.take_over_seat`."""
        timer_rows = [timer.params(game_id) for timer in timers]
        stamp = rows.to_db_time(now)
        try:
            async with self._transaction() as db:
                game = await self._game_for_update(db, game_id)
                held = await db.one(shared.SEAT_HELD, (game_id, seat))
                if held is None:
                    raise NotSeated(f"no one holds seat {seat} at game {game_id}")
                await db.run("DELETE FROM votes WHERE game_id = ? AND user_id = ?", (game_id, held["user_id"]))
                await db.run(shared.SEAT_CHANGE_INSERT,
                             shared.seat_change_params(game, seat, held, user_id, display_name, stamp))
                await db.run(shared.SEAT_TAKEN_OVER, (user_id, display_name, game_id, seat))
                if bank_at_least is not None:
                    await db.run(shared.SEAT_BANK_RAISED, (bank_at_least, game_id, seat, bank_at_least))
                await self._clear_timers(db, game_id, list(clear_timers))
                await self._set_timers(db, timer_rows)
        except asyncpg.UniqueViolationError as error:
            raise AlreadySeated(f"user {user_id} already has a seat at game {game_id}") from error

    async def seat_changes(self, game_id: int) -> list[rows.SeatChange]:
        """As :meth:`db.store.Store.seat_changes`."""
        found = await self._read(shared.SEAT_CHANGES_SELECT, (game_id,))
        return [rows.seat_change_row(row, row["players"]) for row in found]

    async def seats(self, game_id: int) -> list[SeatRow]:
        found = await self._read(
            f"SELECT seats.*, games.players FROM seats JOIN games ON games.id = seats.game_id"
            f" WHERE game_id = ? {SEAT_ORDER}", (game_id,))
        return [rows.seat_row(row, row["players"]) for row in found]

    async def _assign_seats(self, db: _Transaction, game_id: int, ordered: list[int]) -> None:
        await self._game_for_update(db, game_id)
        seated = {row[0] for row in await db.all("SELECT user_id FROM seats WHERE game_id = ?", (game_id,))}
        self._check_seat_order(ordered, seated)
        await db.run("UPDATE seats SET seat = NULL WHERE game_id = ?", (game_id,))
        await db.many("UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                      [(seat, game_id, user_id) for seat, user_id in enumerate(ordered)])

    # -- play ----------------------------------------------------------------------------------

    async def record_start(self, game_id: int, *, expected_version: int, snapshot: str, now: datetime,
                           seat_order: list[int] | None = None,
                           timers: Iterable[shared.NewTimer] = ()) -> GameRow:
        """As :meth:`db.store.Store.record_start`."""
        stamp = rows.to_db_time(now)
        timer_rows = [timer.params(game_id) for timer in timers]
        async with self._transaction() as db:
            game = await self._game_for_update(db, game_id)
            if game["status"] != "lobby":
                raise WrongStatus(f"game {game_id} is {game['status']}, not in the lobby")
            self._check_version(game, expected_version)
            if seat_order is not None:
                await self._assign_seats(db, game_id, list(seat_order))
            row = await db.one("UPDATE games SET status = 'active', version = ?, updated_at = ?"
                               " WHERE id = ? RETURNING *", (expected_version + 1, stamp, game_id))
            await db.run("INSERT INTO snapshots (game_id, seq, state, created_at, checksum)"
                         " VALUES (?, 0, ?, ?, ?)"
                         " ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state,"
                         " created_at = excluded.created_at, checksum = excluded.checksum",
                         (game_id, snapshot, stamp, rows.snapshot_checksum(snapshot)))
            await self._set_timers(db, timer_rows)
        return self._game(row)

    async def record_move(self, game_id: int, *, expected_version: int, seat: int, user_id: int,
                          notation: str,
                          now: datetime, interaction_id: int | None = None, snapshot: str | None = None,
                          finished: bool = False, clear_timers: Iterable[shared.TimerFilter] = (),
                          timers: Iterable[shared.NewTimer] = (),
                          board_message: shared.BoardMessage | None = None,
                          outcome: ratings.Outcome | None = None,
                          seat_clocks: Iterable[shared.SeatClock] = (), automatic: bool = False,
                          made_by: str = "player", clock_before: dict[str, Any] | None = None) -> GameRow:
        """As :meth:`db.store.Store.record_move`: all of it in one transaction, under the game's row lock."""
        stamp = rows.to_db_time(now)
        new_version = expected_version + 1
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear_timers)
        assignments, params = shared.move_assignments(new_version, stamp, finished, board_message)
        async with self._transaction() as db:
            game = await self._game_for_update(db, game_id)
            if interaction_id is not None and await db.one(
                    "SELECT 1 FROM moves WHERE interaction_id = ?", (interaction_id,)) is not None:
                raise DuplicateInteraction(f"interaction {interaction_id} was already recorded")
            self._check_in_play(game, expected_version)
            row = await db.one(f"UPDATE games SET {assignments} WHERE id = ? RETURNING *", (*params, game_id))
            try:
                await db.run(shared.MOVE_INSERT,
                             (game_id, new_version, seat, user_id, notation, stamp, interaction_id, int(automatic),
                              made_by, None if clock_before is None else json.dumps(clock_before, sort_keys=True)))
            except asyncpg.UniqueViolationError as error:  # the same interaction on another game, meanwhile
                raise DuplicateInteraction(f"interaction {interaction_id} was already recorded") from error
            if snapshot is not None:
                await self._save_snapshot(db, game_id, new_version, snapshot, stamp)
            await self._clear_timers(db, game_id, clears)
            await self._set_timers(db, timer_rows)
            if outcome is not None:
                await self._rate(db, game, outcome, stamp)
            await db.many(shared.SeatClock.UPDATE, [clock.params(game_id) for clock in seat_clocks])
        return self._game(row)

    @staticmethod
    async def _rate(db: _Transaction, game: asyncpg.Record, outcome: ratings.Outcome, stamp: str) -> None:
        """Write the ratings a finished game changes. Games of one server and game finishing at once in
        two processes take turns (an advisory lock), so neither update is lost."""
        guild_id, game_key = game["guild_id"], game["game_key"]
        await db.run("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (f"ratings:{guild_id}:{game_key}",))
        found = await db.all(ratings.SELECT_FOR_GAME, (guild_id, game_key))
        await db.many(ratings.UPSERT, ratings.changes(outcome, found, guild_id, game_key, stamp))

    async def record_undo(self, game_id: int, *, expected_version: int, taken_back: Sequence[tuple[int, int]],
                          snapshot: str, now: datetime, clear_timers: Iterable[shared.TimerFilter] = (),
                          timers: Iterable[shared.NewTimer] = (),
                          seat_clocks: Iterable[shared.SeatClock] = ()) -> GameRow:
        """As :meth:`db.store.Store.record_undo`: all of it in one transaction, under the game's row lock."""
        marks = shared.undo_marks(expected_version, taken_back)
        stamp = rows.to_db_time(now)
        new_version = expected_version + len(marks)
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear_timers)
        async with self._transaction() as db:
            game = await self._game_for_update(db, game_id)
            self._check_in_play(game, expected_version)
            for version, seq, seat in marks:
                marked = await db.run(
                    "UPDATE moves SET undone_seq = ? WHERE game_id = ? AND seq = ? AND seat = ?"
                    " AND undone_seq IS NULL", (version, game_id, seq, seat))
                if marked != 1:
                    raise StaleVersion(f"game {game_id} has no standing move of seat {seat} at seq {seq}")
                await db.run("DELETE FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, seq))
            row = await db.one("UPDATE games SET version = ?, updated_at = ? WHERE id = ? RETURNING *",
                               (new_version, stamp, game_id))
            await self._save_snapshot(db, game_id, new_version, snapshot, stamp)
            await self._clear_timers(db, game_id, clears)
            await self._set_timers(db, timer_rows)
            await db.many(shared.SeatClock.UPDATE, [clock.params(game_id) for clock in seat_clocks])
        return self._game(row)

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """As :meth:`db.store.Store.latest_game`."""
        found = await self._read("SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return self._game(found[0]) if found else None

    async def board_posts(self, game_id: int, after_version: int = 0) -> dict[int, str]:
        """As :meth:`db.store.Store.board_posts`."""
        found = await self._read(
            "SELECT version, jump_url FROM board_posts WHERE game_id = ? AND version > ? ORDER BY version",
            (game_id, after_version))
        return {row["version"]: row["jump_url"] for row in found}

    async def moves(self, game_id: int, after_seq: int = 0) -> list[MoveRow]:
        found = await self._read(
            "SELECT moves.*, games.players FROM moves JOIN games ON games.id = moves.game_id"
            " WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after_seq))
        return [rows.move_row(row, row["players"]) for row in found]

    async def latest_snapshot(self, game_id: int) -> tuple[int, str] | None:
        found = await self._read(
            "SELECT * FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,))
        if not found:
            return None
        latest = rows.snapshot(found[0])
        return latest.seq, latest.state

    async def load(self, game_id: int) -> tuple[int, str, list[MoveRow]] | None:
        loaded = await self.load_game(game_id)
        if loaded is None or loaded.snapshot is None:
            return None
        return loaded.snapshot.seq, loaded.snapshot.state, loaded.moves

    async def load_game(self, game_id: int) -> shared.LoadedGame | None:
        """As :meth:`db.store.Store.load_game`: one repeatable-read transaction."""
        return await self._load("id", game_id)

    async def load_channel(self, channel_id: int) -> shared.LoadedGame | None:
        return await self._load("channel_id", channel_id)

    async def _load(self, column: str, key: int) -> shared.LoadedGame | None:
        open_only = " AND status IN ('lobby', 'active')" if column == "channel_id" else ""
        async with self._consistent_read() as db:
            row = await db.one(f"SELECT * FROM games WHERE {column} = ?{open_only}", (key,))
            if row is None:
                return None
            game_id = row["id"]
            latest = await db.one(
                "SELECT * FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,))
            return self._loaded(
                row,
                await db.all(f"SELECT * FROM seats WHERE game_id = ? {SEAT_ORDER}", (game_id,)),
                latest,
                [] if latest is None else await db.all(
                    "SELECT * FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq",
                    (game_id, latest["seq"])),
                await db.all("SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id", (game_id,)),
                await db.all("SELECT * FROM votes WHERE game_id = ? ORDER BY kind, user_id", (game_id,)))

    # -- timers --------------------------------------------------------------------------------

    async def update_timers(self, game_id: int, *, clear: Iterable[shared.TimerFilter] = (),
                            timers: Iterable[shared.NewTimer] = ()) -> int:
        """As :meth:`db.store.Store.update_timers`."""
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear)
        async with self._transaction() as db:
            await self._game_for_update(db, game_id)
            deleted = await self._clear_timers(db, game_id, clears)
            await self._set_timers(db, timer_rows)
        return deleted

    @staticmethod
    async def _save_snapshot(db: _Transaction, game_id: int, seq: int, snapshot: str, stamp: str) -> None:
        await db.run("INSERT INTO snapshots (game_id, seq, state, created_at, checksum) VALUES (?, ?, ?, ?, ?)",
                     (game_id, seq, snapshot, stamp, rows.snapshot_checksum(snapshot)))

    @staticmethod
    async def _clear_timers(db: _Transaction, game_id: int, clears: list[shared.TimerFilter]) -> int:
        if not clears:
            return 0
        condition, params = shared.timers_matching(game_id, clears)
        return await db.run(f"DELETE FROM timers WHERE {condition}", params)

    @staticmethod
    async def _set_timers(db: _Transaction, timer_rows: list[tuple]) -> None:
        await db.many(
            "INSERT INTO timers (game_id, kind, user_id, due_at, payload) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, kind, user_id)"
            " DO UPDATE SET due_at = excluded.due_at, payload = excluded.payload, claimed_until = NULL",
            timer_rows)

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        """As :meth:`db.store.Store.due_timers`; a store opened with ``shards`` claims them."""
        if self._shards is not None:
            return await self.claim_due_timers(now, self._shards)
        return self._sound(await self._read(
            "SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at, id", (rows.to_db_time(now),)),
            rows.timer_row)

    async def claim_due_timers(self, now: datetime, shards: Shards) -> list[TimerRow]:
        """The due timers of ``shards``' guilds that no other process holds, now held by this one.

        Games another transaction holds at this moment are skipped with all their timers
        (``SKIP LOCKED`` on the game's row), and a claimed timer is skipped by everyone until it is
        moved, cleared or its lease runs out.
        """
        sql, params = shared.claim_statement(now, shards, lock_rows=_SKIP_HELD_GAMES)
        async with self._transaction() as db:
            found = await db.all(sql, params)
        return sorted(self._sound(found, rows.timer_row), key=lambda timer: (timer.due_at, timer.id))

    async def timers(self, game_id: int) -> list[TimerRow]:
        found = await self._read("SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id", (game_id,))
        return [rows.timer_row(row) for row in found]

    async def active_games_with_timers(self) -> list[shared.GameTimers]:
        """As :meth:`db.store.Store.active_games_with_timers`."""
        async with self._consistent_read() as db:
            games = await db.all("SELECT * FROM games WHERE status = 'active' ORDER BY id")
            timers = await db.all("SELECT timers.* FROM timers JOIN games ON games.id = timers.game_id"
                                  " WHERE games.status = 'active' ORDER BY due_at, timers.id")
        return self._active_with_timers(self._sound(games, self._game), self._sound(timers, rows.timer_row))

    # -- votes ---------------------------------------------------------------------------------

    async def add_vote(self, game_id: int, user_id: int, kind: str) -> list[int]:
        """As :meth:`db.store.Store.add_vote`; :class:`NotSeated` for a user without a seat."""
        self._check_vote_kind(kind)
        try:
            async with self._transaction() as db:
                await db.run("INSERT INTO votes (game_id, user_id, kind) VALUES (?, ?, ?)"
                             " ON CONFLICT DO NOTHING",
                             (game_id, user_id, kind))
                return await self._voters(db, game_id, kind)
        except asyncpg.ForeignKeyViolationError as error:
            raise NotSeated(f"user {user_id} has no seat at game {game_id}") from error

    async def votes(self, game_id: int, kind: str) -> list[int]:
        self._check_vote_kind(kind)
        return await self._voters(self._pool, game_id, kind)

    async def clear_votes(self, game_id: int, kind: str | None = None) -> int:
        if kind is not None:
            self._check_vote_kind(kind)
        async with self._transaction() as db:
            return await db.run("DELETE FROM votes WHERE game_id = ? AND kind = coalesce(?::text, kind)",
                                (game_id, kind))

    @staticmethod
    async def _voters(db: _Transaction | asyncpg.Pool, game_id: int, kind: str) -> list[int]:
        found = await db.fetch(
            numbered("SELECT * FROM votes WHERE game_id = ? AND kind = ? ORDER BY user_id"),
                              game_id, kind)
        return [rows.vote_row(row)[0] for row in found]

    # -- ratings and rematches -------------------------------------------------------------------

    async def ratings(self, guild_id: int, *, game_key: str | None = None, user_id: int | None = None,
                      limit: int | None = None) -> list[ratings.RatingRow]:
        """As :meth:`db.store.Store.ratings`."""
        sql, params = ratings.select_ratings(guild_id, game_key, user_id, limit)
        return [ratings.rating_row(row) for row in await self._read(sql, params)]

    async def record_rematch(self, game_id: int, previous_id: int) -> None:
        """As :meth:`db.store.Store.record_rematch`."""
        try:
            async with self._transaction() as db:
                await db.run("INSERT INTO rematches (game_id, previous_id) VALUES (?, ?)", (game_id, previous_id))
        except asyncpg.UniqueViolationError as error:
            raise RematchExists(f"game {previous_id} already has a rematch") from error

    async def rematch_links(self, game_id: int) -> tuple[int | None, int | None]:
        return ratings.links(game_id, await self._read(
            "SELECT * FROM rematches WHERE game_id = ? OR previous_id = ?", (game_id, game_id)))

    # -- turn messages -------------------------------------------------------------------------

    async def set_turn(self, game_id: int, started: int, version: int, lines: list[Any]) -> None:
        """As :meth:`db.store.Store.set_turn`."""
        async with self._transaction() as db:
            await db.run(shared.TURN_UPSERT, (game_id, started, version, json.dumps(lines)))

    async def set_turn_message(self, game_id: int, started: int, message_id: int) -> bool:
        """As :meth:`db.store.Store.set_turn_message`."""
        async with self._transaction() as db:
            return await db.run(shared.TURN_MESSAGE_SET, (message_id, game_id, started)) > 0

    async def turn_message(self, game_id: int) -> shared.TurnMessage | None:
        found = await self._read(shared.TURN_SELECT, (game_id,))
        return shared.turn_message(found[0]) if found else None

    # -- metadata ------------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        found = await self._read("SELECT value FROM meta WHERE key = ?", (key,))
        return found[0]["value"] if found else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._transaction() as db:
            await db.run("INSERT INTO meta (key, value) VALUES (?, ?)"
                         " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    # -- maintenance ---------------------------------------------------------------------------

    async def backup(self, path: str | os.PathLike[str]) -> None:
        """A consistent ``pg_dump`` of the live database in its custom format (``pg_restore`` reads it)."""
        destination = Path(path)
        destination.parent.mkdir(parents=True, exist_ok=True)
        target, environment = dump_target(self._url)
        dump = await asyncio.create_subprocess_exec(
            postgres_program("pg_dump"), "--format=custom", f"--file={destination}",
            f"--dbname={target}", stderr=asyncio.subprocess.PIPE, env=environment)
        _, errors = await dump.communicate()
        if dump.returncode != 0:
            raise RuntimeError(f"pg_dump failed: {errors.decode(errors='replace').strip()}")


def dump_target(url: str) -> tuple[str, dict[str, str]]:
    """The address and environment for a PostgreSQL client program started on ``url``.

    The password goes through the environment (``PGPASSWORD``), never on the command line, where
    every user of the machine could read it in the process list.

    >>> address, environment = dump_target("postgresql://bot:s%40cret@db.example:5432/bottega")
    >>> address, environment["PGPASSWORD"]
    ('postgresql://bot@db.example:5432/bottega', 's@cret')
    """
    address = urlsplit(url)
    environment = dict(os.environ)
    if address.password is not None:
        environment["PGPASSWORD"] = unquote(address.password)
        userinfo, _, hostport = address.netloc.rpartition("@")
        address = address._replace(netloc=f"{userinfo.split(':', 1)[0]}@{hostport}")
    return urlunsplit(address), environment


def postgres_program(name: str) -> str:
    """A PostgreSQL client or server program: on ``PATH``, else from the newest Debian install."""
    found = shutil.which(name)
    if found:
        return found
    installed = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"),
                       key=lambda path: int(path.parts[-3]) if path.parts[-3].isdigit() else 0)
    if not installed:
        raise FileNotFoundError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return str(installed[-1])
