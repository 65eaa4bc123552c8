"""The store: games, seats, the move log, snapshots, timers, votes, turn messages and a little
metadata, behind one interface with two backends.

:class:`Store` is that interface, and it holds every operation's SQL and logic, written once.
A backend only opens and closes the database and runs a transaction body on its connection
(``db.sql`` holds the dialects): :class:`db.sqlite.SqliteStore` (one process per database file)
and :class:`db.postgres.PostgresStore` (several processes sharing one server).
``await Store.open(target)`` opens the backend a setting names: a ``postgresql://`` URL or the
path of an SQLite file.

Guarantees both backends keep:

- every write is one transaction: all of it or none of it; every write that depends on a game's
  current row reads it ``FOR UPDATE`` (on SQLite the write transaction holds the whole file), so
  the version guard (:class:`StaleVersion`) refuses a move made on a board that has moved on;
- a read of several tables (:meth:`Store.load_game`) sees one committed database;
- every row read back is checked (``db.rows``): damage of any kind raises :class:`DamagedGame`
  naming the game and the place, and each snapshot is checked against the checksum saved with it.
  Lists that span games (due timers, active games) leave a damaged row out and log it once
  instead, so one damaged game never stops the others;
- a due timer is claimed by one process only (``SKIP LOCKED`` and a lease), and only by a process
  serving the shard of the game's guild (:meth:`Store.claim_due_timers`).

Times are passed in by the caller as timezone-aware :class:`datetime.datetime` values (the table
service owns the clock) and are stored as fixed-width ISO-8601 UTC text. The store keeps game
states and options as opaque text/JSON; it knows the games only by their keys.

Versions: a new game is at version 0; starting it and each move add one, and a move's ``seq`` is
the version it produced. The snapshot at seq 0 is the state at the start; a snapshot at seq *n*
is the state after the move with seq *n*. So a game created at version 0 starts at version 1 and
its first move has seq 2; seqs only ever grow, which is all that replay needs.
"""

from __future__ import annotations

import json
import os
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Collection, Iterable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from . import ratings
from .coaching import Coaching
from .errors import (
    AlreadySeated,
    ChannelBusy,
    DamagedGame,
    DuplicateInteraction,
    GameNotFound,
    NotSeated,
    RematchExists,
    StaleVersion,
    WrongStatus,
)
from .presence import Presence
from .rows import (
    TABLE_LANGUAGES,
    GameRow,
    MoveRow,
    SeatChange,
    SeatRow,
    Snapshot,
    TimerRow,
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
    SEAT_BANK_RAISED,
    SEAT_CHANGE_INSERT,
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
    TurnMove,
    claim_statement,
    move_assignments,
    options_text,
    seat_change_params,
    timers_matching,
    turn_message,
    undo_marks,
)
from .sql import Connection, ForeignKeyViolation, Row, UniqueViolation

__all__ = [
    "BoardMessage", "GameRow", "GameTimers", "LoadedGame", "MoveRow", "NewTimer",
    "SeatRow", "Shards", "Snapshot", "Store", "TimerFilter", "TimerRow", "from_db_time", "to_db_time",
]

T = TypeVar("T")
Work = Callable[[Connection], Awaitable[T]]
SEAT_ORDER = "ORDER BY seats.seat IS NULL, seats.seat, seats.joined_at, seats.joined_order"
GAME_FOR_UPDATE = "SELECT * FROM games WHERE id = ? FOR UPDATE"
SET_TIMER = (
    "INSERT INTO timers (game_id, kind, user_id, due_at, payload) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (game_id, kind, user_id)"
    " DO UPDATE SET due_at = excluded.due_at, payload = excluded.payload, claimed_until = NULL"
)
GAME_TIMERS = "SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id"
LATEST_SNAPSHOT = "SELECT * FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1"
VOTERS = "SELECT * FROM votes WHERE game_id = ? AND kind = ? ORDER BY user_id"


class Store(StoreChecks, Presence, Coaching, ABC):
    """Bottega's persistent state. Create with ``await Store.open(target)``; ``await close()`` at exit."""

    _shards: Shards | None

    # -- what a backend provides ---------------------------------------------------------------

    @classmethod
    async def open(cls, target: str | os.PathLike[str], *, game_keys: Collection[str] | None = None,
                   shards: Shards | None = None) -> Store:
        """Open the store ``target`` names (a PostgreSQL URL or an SQLite path), migrated to the
        latest schema.

        ``game_keys`` are the games a stored row may name (default: every game of ``games``).
        With ``shards``, :meth:`due_timers` claims the due timers of those shards' guilds only.
        """
        from .postgres import PostgresStore, is_postgres_url
        from .sqlite import SqliteStore

        backend = PostgresStore if is_postgres_url(target) else SqliteStore
        return await backend.open(target, game_keys=game_keys, shards=shards)

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def backup(self, path: str | os.PathLike[str]) -> None:
        """A consistent copy of the live database at ``path``, safe while the bot runs."""

    @abstractmethod
    async def _query(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        """The rows of one statement (one statement sees one committed database)."""

    @abstractmethod
    async def _reading(self, work: Work[T]) -> T:
        """``work`` inside one read transaction: all its queries see the same committed database."""

    @abstractmethod
    async def _writing(self, work: Work[T]) -> T:
        """``work`` inside one write transaction, committed only if it returns."""

    async def _query_one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        found = await self._query(sql, params)
        return found[0] if found else None

    async def _game_or_none(self, sql: str, params: Iterable[Any]) -> GameRow | None:
        row = await self._query_one(sql, params)
        return None if row is None else self._game(row)

    @staticmethod
    async def _game_for_update(db: Connection, game_id: int) -> Row:
        row = await db.one(GAME_FOR_UPDATE, (game_id,))
        if row is None:
            raise GameNotFound(f"no game with id {game_id}")
        return row

    # -- games ---------------------------------------------------------------------------------

    async def create_game(self, *, guild_id: int, channel_id: int, game_key: str, options: dict[str, Any],
                          seed: int, players: int, host_id: int, now: datetime) -> GameRow:
        """A new game in the lobby; :class:`ChannelBusy` if the channel already has an open one."""
        stamp = to_db_time(now)
        params = (guild_id, channel_id, game_key, options_text(options), seed, players, host_id, stamp, stamp)

        async def create(db: Connection) -> GameRow:
            try:
                row = await db.one("INSERT INTO games (guild_id, channel_id, game_key, options, seed, players,"
                                   " host_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                                   " RETURNING *", params)
            except UniqueViolation as error:
                raise ChannelBusy(f"channel {channel_id} already has a game in progress") from error
            return self._game(row)

        return await self._writing(create)

    async def get_game(self, game_id: int) -> GameRow | None:
        """The game's row; :class:`DamagedGame` if it is damaged."""
        return await self._game_or_none("SELECT * FROM games WHERE id = ?", (game_id,))

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or in play, if any."""
        return await self._game_or_none(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))

    async def last_played_game(self, channel_id: int) -> GameRow | None:
        """The channel's newest game that has started: in play, else the last one finished or
        abandoned there (a table waiting in the lobby has not started)."""
        return await self._game_or_none(
            "SELECT * FROM games WHERE channel_id = ? AND version > 0 ORDER BY id DESC LIMIT 1", (channel_id,))

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's newest game, whatever its status (None if it never had one)."""
        return await self._game_or_none(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))

    async def games_for_user(self, guild_id: int, user_id: int) -> list[GameRow]:
        """Lobby and active games in the guild where the user holds a seat, oldest first."""
        return self._sound(await self._query(
            "SELECT games.* FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE games.guild_id = ? AND seats.user_id = ? AND games.status IN ('lobby', 'active')"
            " ORDER BY games.id", (guild_id, user_id)), self._game)

    async def active_games(self) -> list[GameRow]:
        """Every game in play (status 'active'), oldest first."""
        return self._sound(await self._query("SELECT * FROM games WHERE status = 'active' ORDER BY id"),
                           self._game)

    async def set_reminder_seconds(self, game_id: int, seconds: int, now: datetime) -> None:
        if seconds <= 0:
            raise ValueError(f"reminder interval must be positive, got {seconds}")
        await self._update_game(game_id, "reminder_seconds = ?, updated_at = ?", (seconds, to_db_time(now)))

    async def set_turn_clock(self, game_id: int, clock: TurnClock, now: datetime, *,
                             clear: Iterable[TimerFilter] = (), timers: Iterable[NewTimer] = ()) -> None:
        """A table's turn-time settings, with the timers they move (deleted by ``clear``, then
        ``timers`` created or moved, as :meth:`update_timers`): one transaction, so a table never
        keeps a new clock with the old deadlines. :class:`GameNotFound` for an unknown game."""
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear)

        async def update(db: Connection) -> None:
            if await db.run(f"UPDATE games SET {TurnClock.ASSIGNMENTS} WHERE id = ?",
                            (*clock.params(now), game_id)) == 0:
                raise GameNotFound(f"no game with id {game_id}")
            await self._clear_timers(db, game_id, clears)
            await db.many(SET_TIMER, timer_rows)

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
            await self._update_game(game_id, "board_message_id = ?, board_jump_url = ?", (message_id, jump_url))
            return True

        async def write(db: Connection) -> bool:
            await self._game_for_update(db, game_id)
            if message_id is not None and jump_url is not None:
                await db.run("INSERT INTO board_posts (game_id, version, message_id, jump_url)"
                             " VALUES (?, ?, ?, ?) ON CONFLICT (game_id, version)"
                             " DO UPDATE SET message_id = excluded.message_id, jump_url = excluded.jump_url",
                             (game_id, for_version, message_id, jump_url))
            return await db.run(
                "UPDATE games SET board_message_id = ?, board_jump_url = ? WHERE id = ? AND version = ?",
                (message_id, jump_url, game_id, for_version)) > 0

        return await self._writing(write)

    async def _update_game(self, game_id: int, assignments: str, params: tuple) -> None:
        async def update(db: Connection) -> None:
            if await db.run(f"UPDATE games SET {assignments} WHERE id = ?", (*params, game_id)) == 0:
                raise GameNotFound(f"no game with id {game_id}")

        await self._writing(update)

    async def close_game(self, game_id: int, status: str, now: datetime) -> GameRow:
        """Close a game (``abandoned`` or ``finished``) with its timers and votes, in one transaction."""
        if status not in ("abandoned", "finished"):
            raise ValueError(f"a game closes as 'abandoned' or 'finished', not {status!r}")

        async def close(db: Connection) -> GameRow:
            row = await db.one("UPDATE games SET status = ?, updated_at = ? WHERE id = ? RETURNING *",
                               (status, to_db_time(now), game_id))
            if row is None:
                raise GameNotFound(f"no game with id {game_id}")
            await db.run("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await db.run("DELETE FROM votes WHERE game_id = ?", (game_id,))
            return self._game(row)

        return await self._writing(close)

    # -- seats ---------------------------------------------------------------------------------

    async def add_seat(self, game_id: int, user_id: int, display_name: str, *, is_bot: bool = False,
                       ai_level: str | None = None, now: datetime) -> SeatRow:
        """Seat a user (without a seat number until the game starts); :class:`AlreadySeated` twice,
        :class:`TableFull` past the last seat (checked under the game's row lock).

        An AI seat has ``is_bot`` and the ``ai_level`` it plays at.
        """
        params = (game_id, user_id, display_name, int(is_bot), ai_level, to_db_time(now))

        async def add(db: Connection) -> SeatRow:
            game = await self._game_for_update(db, game_id)
            try:
                row = await db.one("INSERT INTO seats (game_id, user_id, display_name, is_bot, ai_level,"
                                   " joined_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *", params)
            except UniqueViolation as error:
                raise AlreadySeated(f"user {user_id} already has a seat at game {game_id}") from error
            seated = await db.one("SELECT count(*) FROM seats WHERE game_id = ?", (game_id,))
            self._check_room(game, seated[0], user_id)
            return seat_row(row, game["players"])

        return await self._writing(add)

    async def remove_seat(self, game_id: int, user_id: int) -> bool:
        """True if the user had a seat and no longer has one; their votes go with the seat."""
        return await self._writing(lambda db: db.run(
            "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))) > 0

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

        async def take(db: Connection) -> None:
            game = await self._game_for_update(db, game_id)
            held = await db.one(SEAT_HELD, (game_id, seat))
            if held is None:
                raise NotSeated(f"no one holds seat {seat} at game {game_id}")
            await db.run("DELETE FROM votes WHERE game_id = ? AND user_id = ?", (game_id, held["user_id"]))
            await db.run(SEAT_CHANGE_INSERT, seat_change_params(game, seat, held, user_id, display_name, stamp))
            try:
                await db.run(SEAT_TAKEN_OVER, (user_id, display_name, game_id, seat))
            except UniqueViolation as error:
                raise AlreadySeated(f"user {user_id} already has a seat at game {game_id}") from error
            if bank_at_least is not None:
                await db.run(SEAT_BANK_RAISED, (bank_at_least, game_id, seat, bank_at_least))
            await self._clear_timers(db, game_id, clears)
            await db.many(SET_TIMER, timer_rows)

        await self._writing(take)

    async def seat_changes(self, game_id: int) -> list[SeatChange]:
        """Every time a seat of the game changed hands, oldest first."""
        found = await self._query(SEAT_CHANGES_SELECT, (game_id,))
        return [seat_change_row(row, row["players"]) for row in found]

    async def seats(self, game_id: int) -> list[SeatRow]:
        """The game's seats by seat number (unnumbered ones last), then by joining time."""
        found = await self._query(f"SELECT seats.*, games.players FROM seats JOIN games ON games.id = seats.game_id"
                                  f" WHERE game_id = ? {SEAT_ORDER}", (game_id,))
        return [seat_row(row, row["players"]) for row in found]

    async def _assign_seats(self, db: Connection, game_id: int, ordered: list[int]) -> None:
        seated = {row[0] for row in await db.all("SELECT user_id FROM seats WHERE game_id = ?", (game_id,))}
        self._check_seat_order(ordered, seated)
        await db.run("UPDATE seats SET seat = NULL WHERE game_id = ?", (game_id,))
        await db.many("UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                      [(seat, game_id, user_id) for seat, user_id in enumerate(ordered)])

    # -- play ----------------------------------------------------------------------------------

    async def record_start(self, game_id: int, *, expected_version: int, snapshot: str, now: datetime,
                           seat_order: list[int] | None = None, timers: Iterable[NewTimer] = ()) -> GameRow:
        """Start a game (lobby → active) in one transaction and return its new row.

        Numbers the seats by ``seat_order`` when given (the first user gets seat 0; the list must
        name every seated user once), saves ``snapshot`` (the initial state) at seq 0, makes the
        game active and writes ``timers``. Refused with nothing written: :class:`StaleVersion` if
        the game's version is not ``expected_version``, :class:`WrongStatus` if it is not in the
        lobby, ``ValueError`` for a wrong seat order.
        """
        stamp = to_db_time(now)
        timer_rows = [timer.params(game_id) for timer in timers]

        async def start(db: Connection) -> GameRow:
            game = await self._game_for_update(db, game_id)
            if game["status"] != "lobby":
                raise WrongStatus(f"game {game_id} is {game['status']}, not in the lobby")
            self._check_version(game, expected_version)
            if seat_order is not None:
                await self._assign_seats(db, game_id, list(seat_order))
            row = await db.one("UPDATE games SET status = 'active', version = ?, updated_at = ?"
                               " WHERE id = ? AND version = ? RETURNING *",
                               (expected_version + 1, stamp, game_id, expected_version))
            await db.run("INSERT INTO snapshots (game_id, seq, state, created_at, checksum) VALUES (?, 0, ?, ?, ?)"
                         " ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state,"
                         " created_at = excluded.created_at, checksum = excluded.checksum",
                         (game_id, snapshot, stamp, snapshot_checksum(snapshot)))
            await db.many(SET_TIMER, timer_rows)
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
        update = move_assignments(new_version, stamp, finished, board_message)
        clock_rows = [clock.params(game_id) for clock in seat_clocks]
        duplicate = f"interaction {interaction_id} was already recorded"
        clock_text = None if clock_before is None else json.dumps(clock_before, sort_keys=True)

        async def record(db: Connection) -> GameRow:
            game = await self._game_for_update(db, game_id)
            if interaction_id is not None and await db.one(
                    "SELECT 1 FROM moves WHERE interaction_id = ?", (interaction_id,)) is not None:
                raise DuplicateInteraction(duplicate)
            self._check_in_play(game, expected_version)
            try:
                await db.run(MOVE_INSERT, (game_id, new_version, seat, user_id, notation, stamp, interaction_id,
                                           int(automatic), made_by, clock_text))
            except UniqueViolation as error:  # the same interaction on another game, meanwhile
                raise DuplicateInteraction(duplicate) from error
            return await self._advance_game(db, game, expected_version, new_version, update, stamp, snapshot,
                                            clears, timer_rows, outcome, clock_rows, finished)

        return await self._writing(record)

    async def record_turn(self, game_id: int, *, expected_version: int, moves: Sequence[TurnMove],
                          now: datetime, snapshot: str | None = None, finished: bool = False,
                          clear_timers: Iterable[TimerFilter] = (), timers: Iterable[NewTimer] = (),
                          outcome: ratings.Outcome | None = None,
                          seat_clocks: Iterable[SeatClock] = ()) -> GameRow:
        """Record every move of one turn the table played for a seat (the timeout ladder) in one
        transaction, and return the game's new row: the moves take the versions after
        ``expected_version`` in order, ``snapshot`` (the state after the last) is saved at the
        last, and the timers, seat clocks and ratings are written as :meth:`record_move` writes
        them. All of it or none of it: a crash never leaves a turn half played. Refused with
        nothing written like :meth:`record_move`.
        """
        if not moves:
            raise ValueError("a turn records at least one move")
        stamp = to_db_time(now)
        new_version = expected_version + len(moves)
        move_rows = [move.params(game_id, expected_version + 1 + i, stamp) for i, move in enumerate(moves)]
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear_timers)
        update = move_assignments(new_version, stamp, finished, None)
        clock_rows = [clock.params(game_id) for clock in seat_clocks]

        async def record(db: Connection) -> GameRow:
            game = await self._game_for_update(db, game_id)
            self._check_in_play(game, expected_version)
            await db.many(MOVE_INSERT, move_rows)
            return await self._advance_game(db, game, expected_version, new_version, update, stamp, snapshot,
                                            clears, timer_rows, outcome, clock_rows, finished)

        return await self._writing(record)

    async def _advance_game(self, db: Connection, game: Row, expected_version: int, new_version: int,
                            update: tuple[str, list[Any]], stamp: str, snapshot: str | None,
                            clears: list[TimerFilter], timer_rows: list[tuple], outcome: ratings.Outcome | None,
                            clock_rows: list[tuple], finished: bool) -> GameRow:
        """What :meth:`record_move` and :meth:`record_turn` write once their moves are logged: the
        game's row at ``new_version`` (``update``: the assignments of :func:`move_assignments`), the
        snapshot, the timers, the ratings and the review job of a finished game and the seats' clocks."""
        game_id = game["id"]
        assignments, params = update
        row = await db.one(f"UPDATE games SET {assignments} WHERE id = ? AND version = ? RETURNING *",
                           (*params, game_id, expected_version))
        if snapshot is not None:
            await self._save_snapshot(db, game_id, new_version, snapshot, stamp)
        await self._clear_timers(db, game_id, clears)
        await db.many(SET_TIMER, timer_rows)
        if outcome is not None:
            await self._rate(db, game, outcome, stamp)
        if finished:
            await self._queue_review(db, game_id, stamp)
        await db.many(SeatClock.UPDATE, clock_rows)
        return self._game(row)

    @staticmethod
    async def _rate(db: Connection, game: Row, outcome: ratings.Outcome, stamp: str) -> None:
        """Write the ratings a finished game changes, and by how much each shown rating moves (read
        back by :meth:`rating_changes`). Games of one server and game finishing at once in two
        processes take turns (a lock), so neither update is lost."""
        guild_id, game_key = game["guild_id"], game["game_key"]
        await db.lock(f"ratings:{guild_id}:{game_key}")
        found = await db.all(ratings.SELECT_FOR_GAME, (guild_id, game_key))
        await db.many(ratings.INSERT_CHANGE, ratings.shown_changes(outcome, found, game["id"]))
        await db.many(ratings.UPSERT, ratings.changes(outcome, found, guild_id, game_key, stamp))

    async def record_undo(self, game_id: int, *, expected_version: int, taken_back: Sequence[tuple[int, int]],
                          snapshot: str, now: datetime, clear_timers: Iterable[TimerFilter] = (),
                          timers: Iterable[NewTimer] = (), seat_clocks: Iterable[SeatClock] = ()) -> GameRow:
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

        async def undo(db: Connection) -> GameRow:
            game = await self._game_for_update(db, game_id)
            self._check_in_play(game, expected_version)
            for version, seq, seat in marks:
                if await db.run("UPDATE moves SET undone_seq = ? WHERE game_id = ? AND seq = ? AND seat = ?"
                                " AND undone_seq IS NULL", (version, game_id, seq, seat)) != 1:
                    raise StaleVersion(f"game {game_id} has no standing move of seat {seat} at seq {seq}")
                await db.run("DELETE FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, seq))
            row = await db.one("UPDATE games SET version = ?, updated_at = ? WHERE id = ? RETURNING *",
                               (new_version, stamp, game_id))
            await self._save_snapshot(db, game_id, new_version, snapshot, stamp)
            await self._clear_timers(db, game_id, clears)
            await db.many(SET_TIMER, timer_rows)
            await db.many(SeatClock.UPDATE, clock_rows)
            return self._game(row)

        return await self._writing(undo)

    async def board_posts(self, game_id: int, after_version: int = 0) -> dict[int, str]:
        """The link of the board message posted for each version after ``after_version``."""
        found = await self._query("SELECT version, jump_url FROM board_posts WHERE game_id = ? AND version > ?"
                                  " ORDER BY version", (game_id, after_version))
        return {row["version"]: row["jump_url"] for row in found}

    async def moves(self, game_id: int, after_seq: int = 0) -> list[MoveRow]:
        """The move log after ``after_seq``, in order."""
        found = await self._query("SELECT moves.*, games.players FROM moves JOIN games ON games.id = moves.game_id"
                                  " WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after_seq))
        return [move_row(row, row["players"]) for row in found]

    async def latest_snapshot(self, game_id: int) -> tuple[int, str] | None:
        """``(seq, state text)`` of the newest snapshot, or None before the game starts."""
        row = await self._query_one(LATEST_SNAPSHOT, (game_id,))
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

    async def _load(self, db: Connection, column: str, key: int) -> LoadedGame | None:
        open_only = " AND status IN ('lobby', 'active')" if column == "channel_id" else ""
        row = await db.one(f"SELECT * FROM games WHERE {column} = ?{open_only}", (key,))
        if row is None:
            if column == "channel_id":
                await self._check_channel_index(db, key)
            return None
        game_id = row["id"]
        latest = await db.one(LATEST_SNAPSHOT, (game_id,))
        return self._loaded(
            row,
            await db.all(f"SELECT * FROM seats WHERE game_id = ? {SEAT_ORDER}", (game_id,)),
            latest,
            [] if latest is None else await db.all(
                "SELECT * FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, latest["seq"])),
            await db.all(GAME_TIMERS, (game_id,)),
            await db.all("SELECT * FROM votes WHERE game_id = ? ORDER BY kind, user_id", (game_id,)))

    @staticmethod
    async def _check_channel_index(db: Connection, channel_id: int) -> None:
        """Refuse as damaged a channel whose open game the index by channel does not find: a
        garbled index would make its table (and every table) answer that there is no game. Read
        without the index, only when the index found nothing."""
        found = await db.one("SELECT id FROM games NOT INDEXED WHERE channel_id = ?"
                             " AND status IN ('lobby', 'active')", (channel_id,))
        if found is not None:
            raise DamagedGame(found["id"], "games index by channel")

    # -- timers --------------------------------------------------------------------------------

    async def update_timers(self, game_id: int, *, clear: Iterable[TimerFilter] = (),
                            timers: Iterable[NewTimer] = ()) -> int:
        """Delete the timers matching ``clear``, then create or move ``timers``: one transaction.

        Returns how many timers were deleted. :class:`GameNotFound` for an unknown game.
        """
        timer_rows = [timer.params(game_id) for timer in timers]
        clears = list(clear)

        async def update(db: Connection) -> int:
            await self._game_for_update(db, game_id)
            deleted = await self._clear_timers(db, game_id, clears)
            await db.many(SET_TIMER, timer_rows)
            return deleted

        return await self._writing(update)

    @staticmethod
    async def _save_snapshot(db: Connection, game_id: int, seq: int, snapshot: str, stamp: str) -> None:
        await db.run("INSERT INTO snapshots (game_id, seq, state, created_at, checksum) VALUES (?, ?, ?, ?, ?)",
                     (game_id, seq, snapshot, stamp, snapshot_checksum(snapshot)))

    @staticmethod
    async def _clear_timers(db: Connection, game_id: int, clears: list[TimerFilter]) -> int:
        if not clears:
            return 0
        condition, params = timers_matching(game_id, clears)
        return await db.run(f"DELETE FROM timers WHERE {condition}", params)

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        """Timers due at or before ``now``, earliest first. They stay until cleared or moved.

        A store opened with ``shards`` claims them instead (:meth:`claim_due_timers`).
        """
        if self._shards is not None:
            return await self.claim_due_timers(now, self._shards)
        return self._sound(await self._query("SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at, id",
                                             (to_db_time(now),)), timer_row)

    async def claim_due_timers(self, now: datetime, shards: Shards) -> list[TimerRow]:
        """The due timers of ``shards``' guilds that no other process holds, now held by this one for
        :data:`~db.shared.CLAIM_LEASE`; moving or clearing a timer ends its claim.

        Games another transaction holds at this moment are skipped with all their timers
        (``SKIP LOCKED`` on the game's row), and a claimed timer is skipped by everyone until it is
        moved, cleared or its lease runs out.
        """
        sql, params = claim_statement(now, shards)
        found = await self._writing(lambda db: db.all(sql, params))
        return sorted(self._sound(found, timer_row), key=lambda timer: (timer.due_at, timer.id))

    async def timers(self, game_id: int) -> list[TimerRow]:
        return [timer_row(row) for row in await self._query(GAME_TIMERS, (game_id,))]

    async def active_games_with_timers(self) -> list[GameTimers]:
        """Every game in play with its timers, oldest first: what a start-up rebuild compares.

        One read; no snapshot or move is read, so it is cheap with many games. A game whose
        rows are damaged is left out (and logged once).
        """

        async def read(db: Connection) -> tuple[list[Row], list[Row]]:
            return (await db.all("SELECT * FROM games WHERE status = 'active' ORDER BY id"),
                    await db.all("SELECT timers.* FROM timers JOIN games ON games.id = timers.game_id"
                                 " WHERE games.status = 'active' ORDER BY due_at, timers.id"))

        games, timers = await self._reading(read)
        return self._active_with_timers(self._sound(games, self._game), self._sound(timers, timer_row))

    # -- votes ---------------------------------------------------------------------------------

    async def add_vote(self, game_id: int, user_id: int, kind: str) -> list[int]:
        """Record ``user_id``'s vote of ``kind`` (again is harmless); returns that kind's voters.

        :class:`NotSeated` if the user holds no seat at the game: votes belong to seats, and
        :meth:`remove_seat` removes them with the seat.
        """
        self._check_vote_kind(kind)

        async def vote(db: Connection) -> list[int]:
            try:
                await db.run("INSERT INTO votes (game_id, user_id, kind) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                             (game_id, user_id, kind))
            except ForeignKeyViolation as error:
                raise NotSeated(f"user {user_id} has no seat at game {game_id}") from error
            return self._voters(await db.all(VOTERS, (game_id, kind)))

        return await self._writing(vote)

    async def votes(self, game_id: int, kind: str) -> list[int]:
        """The users who voted ``kind`` at the game, ascending."""
        self._check_vote_kind(kind)
        return self._voters(await self._query(VOTERS, (game_id, kind)))

    async def clear_votes(self, game_id: int, kind: str | None = None) -> int:
        """Delete the game's votes (of one kind, or all); returns how many."""
        if kind is not None:
            self._check_vote_kind(kind)
        return await self._writing(lambda db: db.run(
            "DELETE FROM votes WHERE game_id = ? AND kind = coalesce(CAST(? AS TEXT), kind)", (game_id, kind)))

    @staticmethod
    def _voters(found: list[Row]) -> list[int]:
        return [vote_row(row)[0] for row in found]

    # -- turn messages -------------------------------------------------------------------------

    async def set_turn(self, game_id: int, started: int, version: int, lines: list[Any]) -> None:
        """The game's current turn began at version ``started`` and its message shows ``lines``
        (JSON-safe) up to ``version``; a turn that began at another version than the stored one
        has no message yet."""
        await self._writing(lambda db: db.run(TURN_UPSERT, (game_id, started, version, json.dumps(lines))))

    async def set_turn_message(self, game_id: int, started: int, message_id: int) -> bool:
        """Name the message of the turn that began at ``started``; False if another turn is current."""
        return await self._writing(lambda db: db.run(TURN_MESSAGE_SET, (message_id, game_id, started))) > 0

    async def turn_message(self, game_id: int) -> TurnMessage | None:
        """The game's current turn message (None before its first board)."""
        row = await self._query_one(TURN_SELECT, (game_id,))
        return None if row is None else turn_message(row)

    # -- metadata ------------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        row = await self._query_one("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else row["value"]

    async def set_meta(self, key: str, value: str) -> None:
        await self._writing(lambda db: db.run(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value)))

    # -- ratings and rematches -------------------------------------------------------------------

    async def ratings(self, guild_id: int, *, game_key: str | None = None, user_id: int | None = None,
                      limit: int | None = None) -> list[ratings.RatingRow]:
        """The server's ratings (of one game, of one person), best first (see :mod:`db.ratings`)."""
        sql, params = ratings.select_ratings(guild_id, game_key, user_id, limit)
        return [ratings.rating_row(row) for row in await self._query(sql, params)]

    async def rating_changes(self, game_id: int) -> dict[tuple[int, str], float]:
        """How finished game ``game_id`` moved each shown rating, by ``(user id, AI level)`` (empty
        for a game not rated)."""
        return {(row["user_id"], row["ai_level"]): row["change"]
                for row in await self._query(ratings.SELECT_CHANGES, (game_id,))}

    async def record_rematch(self, game_id: int, previous_id: int) -> None:
        """Mark game ``game_id`` as the rematch of ``previous_id``; :class:`RematchExists` if that game
        already has one."""
        try:
            await self._writing(lambda db: db.run(
                "INSERT INTO rematches (game_id, previous_id) VALUES (?, ?)", (game_id, previous_id)))
        except UniqueViolation as error:
            raise RematchExists(f"game {previous_id} already has a rematch") from error

    async def rematch_links(self, game_id: int) -> tuple[int | None, int | None]:
        """``(the game that game_id plays again, the game that plays game_id again)``, None where none."""
        return ratings.links(game_id, await self._query(
            "SELECT * FROM rematches WHERE game_id = ? OR previous_id = ?", (game_id, game_id)))

