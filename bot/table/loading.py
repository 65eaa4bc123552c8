"""Loading tables and writing them back: every store call of the table service is here.

A table is loaded in one read (:meth:`db.Store.load_channel` / :meth:`db.Store.load_game`: its
row, seats, latest snapshot, the moves after it and its timers). Its state comes from
:class:`StateCache` when the cache holds the game at the loaded version, else from the snapshot
and the moves replayed through :class:`games.core.MoveStack`. A move is written in one
transaction with its snapshot and the reminder timers it changes.

Damage of any kind (a row the store refuses with :class:`db.DamagedGame`, a snapshot or move the
engine cannot read, seat rows that do not make a table, a call the database answers with damage,
see :class:`DamageGuard`) becomes :class:`DamagedTable` with the documented message; the log names the
game's id and the damaged place, never the content. Each channel has a lock: every change of a
table happens under it.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
from collections import OrderedDict
from collections.abc import Collection, Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import games
from db import (
    DamagedGame,
    GameRow,
    LoadedGame,
    MoveRow,
    NewTimer,
    SeatClock,
    Store,
    TimerFilter,
    TimerRow,
    TurnClock,
    TurnMessage,
    TurnMove,
)
from db.errors import (
    AlreadySeated,
    ChannelBusy,
    DuplicateInteraction,
    RematchExists,
    StaleVersion,
    TableFull,
    is_damage,
)
from db.presence import MemberPresence
from db.ratings import RatingRow
from db.replay import standing
from db.rows import SeatChange
from games.core import CorruptState, Game, IllegalAction, Message, MoveStack

from .model import DAMAGED, DamagedTable, Person, StaleAction, Table, TableError
from .presence import AWAY_WINDOW, Absence, Presence, QuietHours
from .results import outcome_of

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 25
CACHED_GAMES = 512
ABANDON = "abandon"
NO_GAME = Message("There is no game in this channel. Start one with `/game new`.")
NO_GAME_PLAYED = Message("No game has been played in this channel yet. Start one with `/game new`.")
NOT_STARTED = Message("This game has not started yet: the host starts it with `/game start`.")
REMATCH_SEATS = Message("This table is a rematch: only the players of the last game can take its seats.")
REMATCH_EXISTS = Message("This game already has a rematch table.")


@contextmanager
def damage_refused(game_id: int | None = None) -> Iterator[None]:
    """Turn the store's :class:`DamagedGame` into the player's :class:`DamagedTable`."""
    try:
        yield
    except DamagedGame as damage:
        owner = damage.game_id if damage.game_id is not None else game_id
        log.error("game %s cannot be loaded: its saved %s is damaged", owner, damage.where)
        raise DamagedTable(DAMAGED, owner) from None


@contextmanager
def seating_refused() -> Iterator[None]:
    """Turn the store's refusal of a seat into the player's one sentence."""
    try:
        yield
    except AlreadySeated:
        raise TableError("You already have a seat at this table.") from None
    except TableFull:
        raise TableError("This table is full.") from None


class StateCache:
    """The state of recently used games, each kept with the version it belongs to.

    A state is served only for the version it was stored with, so a table read at any other
    version is replayed from the store: the cache can never answer with a stale state. (Only this
    process writes the database: the store refuses a second process on a SQLite file.) States are
    never changed in place (engines apply moves to a copy), so one object may be shared.
    """

    def __init__(self, size: int = CACHED_GAMES) -> None:
        self.size = size
        self._states: OrderedDict[int, tuple[int, dict[str, Any]]] = OrderedDict()

    def get(self, game_id: int, version: int) -> dict[str, Any] | None:
        cached = self._states.get(game_id)
        if cached is None or cached[0] != version:
            return None
        self._states.move_to_end(game_id)
        return cached[1]

    def put(self, game_id: int, version: int, state: dict[str, Any]) -> None:
        self._states[game_id] = (version, state)
        self._states.move_to_end(game_id)
        while len(self._states) > self.size:
            self._states.popitem(last=False)

    def drop(self, game_id: int) -> None:
        self._states.pop(game_id, None)


class DamageGuard:
    """The store as the table service calls it: an error by which the database says it is damaged
    (a malformed page met in the middle of a move, a broken constraint, see :func:`db.errors.is_damage`)
    becomes the damaged-game refusal, with the next step for the operator, instead of a failure."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._store, name)
        if not inspect.iscoroutinefunction(found):
            return found

        @functools.wraps(found)
        async def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                return await found(*args, **kwargs)
            except Exception as error:
                if not is_damage(error):
                    raise
                # The error's text may quote a row: the log names only the call and the kind.
                log.error("the database is damaged: %s met %s; run `python -m db check`", name,
                          type(error).__name__)
                raise DamagedTable(DAMAGED, None) from None

        return guarded


class Tables:
    """The store as the table service uses it, with one lock per channel and the state cache."""

    def __init__(self, store: Store) -> None:
        self.store = DamageGuard(store)
        self.states = StateCache()
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # ------------------------------------------------------------------ reading
    async def in_channel(self, channel_id: int) -> Table:
        with damage_refused():
            loaded = await self.store.load_channel(channel_id)
        if loaded is None:
            raise TableError(NO_GAME)
        return self._table(loaded)

    async def playing_in(self, channel_id: int) -> Table:
        table = await self.in_channel(channel_id)
        if table.state is None:
            raise TableError(NOT_STARTED)
        return table

    async def played_in(self, channel_id: int) -> Table:
        """The channel's game in play, else the last game played there (finished or abandoned)."""
        with damage_refused():
            row = await self.store.last_played_game(channel_id)
        if row is None:
            raise TableError(NO_GAME_PLAYED)
        return await self.by_id(row.id)

    async def by_id(self, game_id: int) -> Table:
        with damage_refused(game_id):
            loaded = await self.store.load_game(game_id)
        if loaded is None:
            raise TableError(NO_GAME)
        return self._table(loaded)

    async def row(self, game_id: int) -> GameRow | None:
        with damage_refused(game_id):
            return await self.store.get_game(game_id)

    async def has_ai_seats(self, game_id: int) -> bool:
        with damage_refused(game_id):
            return any(seat.ai_level is not None or seat.opened_at is not None
                       for seat in await self.store.seats(game_id))

    async def rows_of(self, guild_id: int, user_id: int) -> list[GameRow]:
        return await self.store.games_for_user(guild_id, user_id)

    async def presence_of(self, guild_id: int, user_ids: Collection[int], now: datetime) -> dict[int, Presence]:
        """What is known about each of ``user_ids`` on the server, with the vacations of the last 90 days."""
        stored = await self.store.member_presence(guild_id, user_ids, now - AWAY_WINDOW)
        return {user: presence(each) for user, each in stored.items()}

    async def presences(self, table: Table, now: datetime) -> dict[int, Presence]:
        """The presence of each person seated at ``table``, which its deadlines and time banks
        follow; none at a table without a turn clock."""
        if table.row.turn_seconds is None:
            return {}
        people = [seat.user_id for seat in table.seats if seat.ai_level is None]
        return await self.presence_of(table.row.guild_id, people, now)

    def _table(self, loaded: LoadedGame) -> Table:
        row = loaded.game
        game = games.get(row.game_key)
        if not seats_consistent(loaded):
            log.error("game %s cannot be loaded: its saved seats are damaged (a seat missing, extra or repeated)",
                      row.id)
            raise DamagedTable(DAMAGED, row.id)
        state = None if loaded.snapshot is None else self._state(loaded, game)
        return Table(row=row, seats=loaded.seats, game=game, state=state, timers=loaded.timers)

    def _state(self, loaded: LoadedGame, game: Game) -> dict[str, Any]:
        """The cached state at the loaded version, or the latest snapshot plus the moves after it."""
        row = loaded.game
        cached = self.states.get(row.id, row.version)
        if cached is not None:
            return cached
        assert loaded.snapshot is not None
        step = "snapshot"
        try:
            stack = MoveStack(game, game.loads(loaded.snapshot.state))
            for move in standing(loaded.moves):
                step = f"move {move.seq}"
                stack.play(move.seat, move.notation)
        except (CorruptState, IllegalAction, KeyError, TypeError, ValueError, AttributeError) as exc:
            # The exception's text may quote a hand or a hidden card: the log names only where it broke.
            log.error("game %s cannot be loaded: %s failed (%s)", row.id, step, type(exc).__name__)
            raise DamagedTable(DAMAGED, row.id) from None
        self.states.put(row.id, row.version, stack.state)
        return stack.state

    async def moves(self, game_id: int, after_seq: int = 0) -> list[MoveRow]:
        with damage_refused(game_id):
            return await self.store.moves(game_id, after_seq)

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        return await self.store.due_timers(now)

    async def active_games(self) -> list[GameRow]:
        return [entry.game for entry in await self.store.active_games_with_timers()]

    # ------------------------------------------------------------------ writing
    async def open(self, guild_id: int, channel_id: int, host: Person, game_key: str, options: dict[str, Any],
                   seed: int, players: int, now: datetime) -> GameRow:
        try:
            row = await self.store.create_game(
                guild_id=guild_id, channel_id=channel_id, game_key=game_key, options=options,
                seed=seed, players=players, host_id=host.id, now=now,
            )
        except ChannelBusy:
            raise TableError(
                "This channel already has a table. Finish or abandon it first, "
                "or open a new one in a thread (`/game new ... thread:true`)."
            ) from None
        await self.store.add_seat(row.id, host.id, host.name, now=now)
        return row

    async def seat(self, game_id: int, person: Person, now: datetime) -> None:
        """Seat ``person``. Another bot process (PostgreSQL) may have filled the last seat or seated
        the same person a moment ago: the store refuses, and so does the table, in one sentence."""
        with seating_refused():
            await self.store.add_seat(game_id, person.id, person.name, now=now)

    async def seat_ai(self, game_id: int, user_id: int, name: str, level: str, now: datetime) -> None:
        """Seat an AI at ``level``; refused like :meth:`seat` when another process filled the table."""
        with seating_refused():
            await self.store.add_seat(game_id, user_id, name, is_bot=True, ai_level=level, now=now)

    async def unseat(self, game_id: int, user_id: int) -> None:
        await self.store.remove_seat(game_id, user_id)

    async def start(self, table: Table, seat_order: list[int], state: dict[str, Any], now: datetime,
                    timers: list[NewTimer]) -> GameRow:
        """Number the seats, save the first snapshot and the first timers: one transaction."""
        row = await self.store.record_start(
            table.row.id, expected_version=table.row.version, snapshot=table.game.dumps(state), now=now,
            seat_order=seat_order, timers=timers,
        )
        self.states.put(row.id, row.version, state)
        return row

    async def record_move(self, table: Table, seat: int, user_id: int, notation: str,
                          new_state: dict[str, Any], now: datetime, interaction_id: int | None,
                          clear_timers: list[TimerFilter], timers: list[NewTimer],
                          seat_clocks: list[SeatClock] | None = None, automatic: bool = False,
                          made_by: str = "player", clock_before: dict[str, Any] | None = None) -> GameRow:
        """Append a move under the table's version with its snapshot (when due), the timers and
        the seats' clocks it changes, in one transaction (with the players' new ratings when it ends
        the game); the game's new row. ``automatic``: the table took it for the seat; ``made_by``:
        who made it; ``clock_before``: the turn clock before it, for an undo."""
        result = table.game.result(new_state)
        finished = result is not None
        next_version = table.row.version + 1
        outcome = None
        if finished:
            history = await self.store.moves(table.row.id)
            history.append(MoveRow(table.row.id, next_version, seat, user_id, notation, now, None,
                                   automatic=automatic, made_by=made_by))
            outcome = outcome_of(table, result, history, await self.store.seat_changes(table.row.id),
                                 await self.store.hints(table.row.id))
        snapshot = table.game.dumps(new_state) if finished or next_version % SNAPSHOT_EVERY == 0 else None
        try:
            row = await self.store.record_move(
                table.row.id, expected_version=table.row.version, seat=seat, user_id=user_id,
                notation=notation, now=now, interaction_id=interaction_id,
                snapshot=snapshot, finished=finished, clear_timers=clear_timers, timers=timers,
                outcome=outcome, seat_clocks=seat_clocks or (), automatic=automatic, made_by=made_by,
                clock_before=clock_before,
            )
        except DuplicateInteraction:
            raise TableError("That move was already recorded.") from None
        except StaleVersion:
            raise StaleAction("Someone moved at the same moment; the board has moved on.") from None
        self.states.put(row.id, row.version, new_state)
        return row

    async def record_turn(self, before: Table, moves: list[TurnMove], after: Table, now: datetime,
                          clear_timers: list[TimerFilter], timers: list[NewTimer],
                          seat_clocks: list[SeatClock]) -> GameRow:
        """Append ``moves``, the turn the table played for a seat from ``before`` to ``after``,
        under ``before``'s version in one transaction with the timers and seats' clocks they
        change, a snapshot when one falls due among them (and the ratings when they end the game);
        the game's new row."""
        assert after.state is not None
        result = after.game.result(after.state)
        finished = result is not None
        version = before.row.version
        snapshot_due = finished or (version + len(moves)) // SNAPSHOT_EVERY > version // SNAPSHOT_EVERY
        outcome = None
        if finished:
            history = await self.store.moves(before.row.id)
            history += [MoveRow(before.row.id, version + i, move.seat, move.user_id, move.notation, now, None,
                                automatic=move.automatic, made_by=move.made_by)
                        for i, move in enumerate(moves, start=1)]
            outcome = outcome_of(after, result, history, await self.store.seat_changes(before.row.id),
                                 await self.store.hints(before.row.id))
        try:
            row = await self.store.record_turn(
                before.row.id, expected_version=version, moves=moves, now=now,
                snapshot=after.game.dumps(after.state) if snapshot_due else None, finished=finished,
                clear_timers=clear_timers, timers=timers, outcome=outcome, seat_clocks=seat_clocks)
        except StaleVersion:
            raise StaleAction("Someone moved at the same moment; the board has moved on.") from None
        self.states.put(row.id, row.version, after.state)
        return row

    async def rating_changes(self, game_id: int) -> dict[tuple[int, str], float]:
        """How a finished game moved each shown rating (by ``(user id, AI level)``), as the store
        wrote it with the game's last move; empty for a game not rated."""
        return await self.store.rating_changes(game_id)

    async def close(self, game_id: int, now: datetime) -> None:
        """Abandon a table: its timers and votes go with it, in one transaction."""
        await self.store.close_game(game_id, "abandoned", now)
        self.states.drop(game_id)

    async def vote_to_abandon(self, game_id: int, user_id: int) -> list[int]:
        """Record ``user_id``'s vote; the voters among the current seats (votes leave with a seat)."""
        return await self.store.add_vote(game_id, user_id, ABANDON)

    async def set_reminder_seconds(self, game_id: int, seconds: int, now: datetime) -> None:
        await self.store.set_reminder_seconds(game_id, seconds, now)

    async def set_turn_clock(self, game_id: int, clock: TurnClock, now: datetime, *,
                             clear: Iterable[TimerFilter] = (), timers: Iterable[NewTimer] = ()) -> None:
        """The table's turn clock and the deadlines that follow it, in one transaction."""
        await self.store.set_turn_clock(game_id, clock, now, clear=clear, timers=timers)

    async def take_over_seat(self, game_id: int, seat: int, person: Person, now: datetime,
                             clear_timers: list[TimerFilter], timers: list[NewTimer],
                             bank_at_least: int | None = None) -> None:
        """Give numbered ``seat`` to ``person`` with the timers that follow, in one transaction;
        refused in one sentence when another process seated them meanwhile."""
        with seating_refused():
            await self.store.take_over_seat(game_id, seat=seat, user_id=person.id, display_name=person.name,
                                            now=now, clear_timers=clear_timers, timers=timers,
                                            bank_at_least=bank_at_least)

    async def update_timers(self, game_id: int, *, clear: Iterable[TimerFilter] = (),
                            timers: Iterable[NewTimer] = ()) -> None:
        await self.store.update_timers(game_id, clear=clear, timers=timers)

    async def turn_message(self, game_id: int) -> TurnMessage | None:
        return await self.store.turn_message(game_id)

    async def set_turn(self, game_id: int, started: int, version: int, lines: list[Any]) -> None:
        await self.store.set_turn(game_id, started, version, lines)

    async def set_turn_message(self, game_id: int, started: int, message_id: int) -> bool:
        """Name the message of the turn that began at ``started``, unless another turn is current."""
        return await self.store.set_turn_message(game_id, started, message_id)

    async def record_board_message(self, game_id: int, version: int | None, message_id: int,
                                   jump_url: str) -> bool:
        """Remember the board message of ``version``; never replaces the link to a newer board."""
        return await self.store.set_board_message(game_id, message_id, jump_url, for_version=version)


    # ------------------------------------------------------------------ ratings and rematches
    async def ratings(self, guild_id: int, *, game_key: str | None = None, user_id: int | None = None,
                      limit: int | None = None) -> list[RatingRow]:
        return await self.store.ratings(guild_id, game_key=game_key, user_id=user_id, limit=limit)

    async def latest_in_channel(self, channel_id: int) -> GameRow | None:
        """The channel's newest game, whatever its status (a finished one too)."""
        with damage_refused():
            return await self.store.latest_game(channel_id)

    async def link_rematch(self, game_id: int, previous_id: int) -> None:
        """Mark ``game_id`` as the rematch of ``previous_id``; refused when that game has one already
        (another player, or another bot process, opened it a moment ago)."""
        try:
            await self.store.record_rematch(game_id, previous_id)
        except RematchExists:
            raise TableError(REMATCH_EXISTS) from None

    async def rematch_links(self, game_id: int) -> tuple[int | None, int | None]:
        """(the game ``game_id`` plays again, the game playing ``game_id`` again), None where none."""
        return await self.store.rematch_links(game_id)

    async def require_rematch_player(self, table: Table, person: Person) -> None:
        """Refuse a seat at a rematch table to anyone who did not play the game it plays again."""
        previous, _ = await self.rematch_links(table.row.id)
        if previous is not None and all(seat.user_id != person.id for seat in await self.store.seats(previous)):
            raise TableError(REMATCH_SEATS)

    async def record_undo(self, table: Table, taken_back: list[MoveRow], state: dict[str, Any], now: datetime,
                          clear_timers: list[TimerFilter], timers: list[NewTimer],
                          seat_clocks: list[SeatClock]) -> GameRow:
        """Take ``taken_back`` (newest first) back under the table's version: the moves marked,
        ``state`` (the game without them) saved as the new version's snapshot, the timers and the
        seats' clocks put back; one transaction."""
        try:
            row = await self.store.record_undo(
                table.row.id, expected_version=table.row.version,
                taken_back=[(move.seq, move.seat) for move in taken_back],
                snapshot=table.game.dumps(state), now=now, clear_timers=clear_timers, timers=timers,
                seat_clocks=seat_clocks)
        except StaleVersion:
            raise StaleAction("Someone moved at the same moment; the board has moved on.") from None
        self.states.put(row.id, row.version, state)
        return row

    async def board_posts(self, game_id: int, after_version: int = 0) -> dict[int, str]:
        """The link of the board posted for each version after ``after_version``."""
        return await self.store.board_posts(game_id, after_version)

    async def seat_changes(self, game_id: int) -> list[SeatChange]:
        """Every time a seat of the game changed hands, oldest first."""
        return await self.store.seat_changes(game_id)


def seats_consistent(loaded: LoadedGame) -> bool:
    """Whether a game's seat rows make a table (each row alone is checked by the store): a table
    in the lobby seats each person once and at most its players, unnumbered; a started table has
    exactly one row for each of its seats ``0 .. players - 1``."""
    seats, players = loaded.seats, loaded.game.players
    if len({seat.user_id for seat in seats}) != len(seats):
        return False
    numbers = sorted(seat.seat for seat in seats if seat.seat is not None)
    if loaded.snapshot is None:
        return not (numbers and loaded.game.status == "lobby") and len(seats) <= players
    return len(numbers) == len(seats) and numbers == list(range(players))


def presence(stored: MemberPresence) -> Presence:
    """A member's presence as the rules read it, from what the store keeps."""
    settings = stored.settings
    quiet = None
    if settings is not None and settings.quiet_start is not None and settings.time_zone is not None:
        quiet = QuietHours(settings.quiet_start, settings.quiet_end, settings.time_zone)
    return Presence(absences=tuple(Absence(a.starts_at, a.ends_at) for a in stored.absences), quiet=quiet,
                    turn_dms=settings is not None and settings.turn_dms)
