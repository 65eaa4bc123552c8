"""Playing: a move, the moves a player may make, a player's own view.

A button carries the board version it was made for. It is stale once the game has moved on,
except for a seat's own part of a simultaneous decision (``Move.own_decision``, such as a
leader draft pick): other seats answering theirs does not close it, so it stays valid while that
seat is still acting, has not moved since and the action is still legal.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from db import NewTimer, SeatClock, TimerFilter, TurnMove
from db.rows import MADE_BY
from games.core import Description, IllegalAction, Message

from .boards import Boards
from .clocks import LADDER, clock_record, deadline_changes, seat_clocks, timer_cleared, with_clocks, with_timers
from .loading import NOT_STARTED, Tables
from .model import (
    Line,
    Person,
    Reply,
    SecondThought,
    StaleAction,
    Table,
    TableError,
    line,
    said,
    taken_automatically,
)
from .timing import reminder_changes
from .turns import Turns, continues

Clock = Callable[[], datetime]
NOT_PLAYING = Message("You are not playing at this table.")
DIGEST = "#"
PLAYER, TIMEOUT, OPEN_SEAT, AI_SEAT, AUTOMATIC = MADE_BY
"""Who made a move (``db.rows.MADE_BY``): the seat's member, the stand-in on a timeout, the AI in an
open seat, an AI seat, the table taking a step that left no real choice."""
OLD_GAME = Message("That button belongs to a game that is over; this channel has a new table.")


@dataclass
class UnwrittenTurn:
    """The moves of one turn the table plays for a seat (the timeout ladder), played in memory
    from ``before`` and written together by :meth:`Play.write_turn`: with its strike and its
    timers in one transaction, so a crash leaves the turn unplayed, never half played."""

    before: Table
    moves: list[TurnMove] = field(default_factory=list)
    clears: list[TimerFilter] = field(default_factory=list)
    timers: list[NewTimer] = field(default_factory=list)

    def add(self, move: TurnMove, clears: Iterable[TimerFilter], timers: Iterable[NewTimer]) -> None:
        """One more move, with its timer changes folded into the turn's: clearing ``clears`` then
        setting ``timers`` after the changes so far is the same as clearing all the clears, then
        setting what is left of the earlier timers and the new ones."""
        clears = list(clears)
        kept = {(t.kind, t.user_id): t for t in self.timers if not timer_cleared(t.kind, t.user_id, clears)}
        kept.update({(t.kind, t.user_id): t for t in timers})
        self.moves.append(move)
        self.clears += clears
        self.timers = list(kept.values())

    def seat_clocks(self, after: Table) -> list[SeatClock]:
        """The seats' clocks the turn changed, as they stand ``after`` it."""
        before = {s.seat: (s.strikes, s.bank_seconds, s.opened_at) for s in self.before.seats}
        return [SeatClock(s.seat, s.strikes, s.bank_seconds, s.opened_at) for s in after.seats
                if s.seat is not None and before.get(s.seat) != (s.strikes, s.bank_seconds, s.opened_at)]


class Play:
    def __init__(self, tables: Tables, boards: Boards, clock: Clock, turns: Turns) -> None:
        self.tables, self.boards, self.clock, self.turns = tables, boards, clock, turns

    async def act(self, channel_id: int, person: Person, notation: str, *, interaction_id: int | None = None,
                  expected_version: int | None = None, game_key: str | None = None, game_id: int | None = None,
                  ask: bool = False) -> Reply:
        """Play ``notation`` (or the :func:`digest` of a legal one) for ``person``: the table is
        loaded once and the move parsed once. ``game_id``: refused unless the table plays that game
        (a button of an earlier game in the channel).
        ``ask``: a move the player may regret is not played but raised as :class:`SecondThought`
        (the player confirms it with ``ask=False``)."""
        async with self.tables.lock(channel_id):
            table = await self.tables.in_channel(channel_id)
            if game_key is not None:
                table.require_game(game_key)
            if game_id not in (None, table.row.id):
                raise TableError(OLD_GAME)
            if table.state is None:
                raise TableError(NOT_STARTED)
            seat = seat_of(table, person)
            game, state = table.game, table.state
            if notation.startswith(DIGEST):
                notation = next((n for n in table.legal(seat) if digest(n) == notation), "")
                if not notation:
                    raise StaleAction(Message("That move is not available to you now."),
                                      await self.boards.reply(table, []))
            try:
                action, refusal = game.parse(state, notation), None
            except IllegalAction as error:
                action, refusal = None, error
            if expected_version not in (None, table.row.version) and (action is None or not await self._still_open(
                    table, seat, expected_version, lambda: [action])):
                raise StaleAction(
                    Message("That button belongs to an earlier board; the game has moved on. Here is the board now."),
                    await self.boards.reply(table, []),
                )
            if refusal is not None:
                raise filled(table, refusal)
            new_state, events = applied(table, seat, action)
            if ask and (found := game.describe(state, seat, action)).destructive:
                raise SecondThought(game.notation(action), found, table.row.id, table.row.version)
            before = table
            table, lines = await self._record(table, seat, person.id, action, new_state, events, interaction_id, None,
                                              PLAYER)
            table, lines = await self.automatic(table, lines)
            board = await self.turns.record(before, table, lines, last_move=lines, mover=person.id)
        return await self.turns.reply(board)

    async def move(self, table: Table, seat: int, user_id: int, notation: str,
                   interaction_id: int | None = None, *, played: str | None = None,
                   made_by: str = PLAYER, unwritten: UnwrittenTurn | None = None) -> tuple[Table, list[Line]]:
        """Play ``notation`` for ``seat`` (a person's or an AI's) at a started ``table``, under the
        channel's lock held by the caller: the move, its snapshot, the reminder and deadline timers
        and the seats' clocks it changes are written in one transaction (or, with ``unwritten``,
        added to that turn, which :meth:`write_turn` writes). ``played`` says the timeout ladder
        played it (see ``clocks.seat_clocks``), ``made_by`` who made it (``db.rows.MADE_BY``). The
        table after it (no new read) and its event lines, with the moves that then had no real
        choice (see :meth:`automatic`)."""
        try:
            action = table.game.parse(table.state, notation)
        except IllegalAction as refusal:
            raise filled(table, refusal) from None
        new_state, events = applied(table, seat, action)
        table, lines = await self._record(table, seat, user_id, action, new_state, events, interaction_id, played,
                                          made_by, unwritten)
        return await self.automatic(table, lines, unwritten)

    async def write_turn(self, unwritten: UnwrittenTurn, table: Table) -> Table:
        """Write the turn played in memory from ``unwritten.before`` to ``table`` (lock held):
        every move, its timers and seat clocks in one transaction; the table after it."""
        row = await self.tables.record_turn(unwritten.before, unwritten.moves, table, self.clock(),
                                            unwritten.clears, unwritten.timers, unwritten.seat_clocks(table))
        return replace(table, row=row)

    async def automatic(self, table: Table, lines: list[Line],
                        unwritten: UnwrittenTurn | None = None) -> tuple[Table, list[Line]]:
        """Play every move that leaves its seat no real choice (``Game.automatic``: the last card
        of a draft, an end of phase with nothing left to do), each recorded like any move and said
        in the log as taken automatically. The seat did not act, so its strikes stand (``LADDER``)."""
        game = table.game
        while not table.finished():
            owed = [(seat, action) for seat in sorted(game.actors(table.state))
                    if (action := game.automatic(table.state, seat)) is not None]
            if not owed:
                break
            seat, action = owed[0]
            new_state, events = game.apply(table.state, seat, action)
            table, done = await self._record(table, seat, table.user_of(seat), action, new_state, events, None,
                                             LADDER, AUTOMATIC, unwritten)
            lines += [taken_automatically(said) for said in done]
        return table, lines

    async def _record(self, table: Table, seat: int, user_id: int, action: dict[str, Any],
                      new_state: dict[str, Any], events: list[dict[str, Any]],
                      interaction_id: int | None, played: str | None,
                      made_by: str, unwritten: UnwrittenTurn | None = None) -> tuple[Table, list[Line]]:
        """Write one move (or add it to ``unwritten``) with who made it and the turn clock before
        it. A step within a turn (:func:`.turns.continues`) keeps the turn's deadline: a deadline
        counts from the start of the turn."""
        game = table.game
        now = self.clock()
        moved = replace(table, state=new_state)
        turn_goes_on = continues(table, moved)
        clears, timers = reminder_changes(
            moved, acted_user=user_id, due_at=now + timedelta(seconds=table.row.reminder_seconds))
        presences = await self.tables.presences(table, now)
        clocks = seat_clocks(table, moved, seat, now, played, presences, turn_goes_on=turn_goes_on)
        moved = with_clocks(moved, clocks)
        deadline_clears, deadlines = deadline_changes(moved, now, presences,
                                                      restart=[] if turn_goes_on else [user_id])
        clears, timers = clears + deadline_clears, timers + deadlines
        notation = game.notation(action)
        if unwritten is None:
            row = await self.tables.record_move(table, seat, user_id, notation, new_state, now, interaction_id,
                                                clears, timers, clocks, made_by == AUTOMATIC, made_by,
                                                clock_record(table))
        else:
            unwritten.add(TurnMove(seat, user_id, notation, made_by, made_by == AUTOMATIC, clock_record(table)),
                          clears, timers)
            row = replace(table.row, version=table.row.version + 1, updated_at=now, last_move_at=now,
                          status="finished" if game.result(new_state) is not None else table.row.status)
        table = with_timers(replace(moved, row=row), clears, timers)
        return table, [line(table.fill_names(event["text"])) for event in events]

    async def menu(self, channel_id: int, person: Person, game_id: int, version: int) -> tuple[Table, int]:
        """The table and ``person``'s seat for a "Your move" button of board ``version`` of game
        ``game_id``; refused when that board is stale for them (see the module's docstring)."""
        table = await self.tables.in_channel(channel_id)
        if table.row.id != game_id:
            raise TableError(OLD_GAME)
        if table.state is None:
            raise TableError(NOT_STARTED)
        seat = seat_of(table, person)
        if version != table.row.version and not await self._still_open(
                table, seat, version, lambda: table.actions(seat)):
            raise StaleAction(
                Message("That board is out of date; the game has moved on. Here is the board now."),
                await self.boards.reply(table, []),
            )
        return table, seat

    async def _still_open(self, table: Table, seat: int, version: int,
                          actions: Callable[[], list[dict[str, Any]]]) -> bool:
        """Whether a button of board ``version`` still stands for ``seat``'s open own decision."""
        if version > table.row.version or not table.is_acting(seat):
            return False
        try:
            chosen = actions()
            if not chosen or not all(table.game.move(a["type"]).own_decision for a in chosen):
                return False
        except IllegalAction:
            return False
        return all(move.seat != seat for move in await self.tables.moves(table.row.id, version))

    async def private(self, channel_id: int, person: Person, language: str | None = None) -> Reply:
        """``person``'s own view (hand, pending choices), for an ephemeral reply; the image in their
        ``language`` (default: the table's)."""
        table = await self.tables.playing_in(channel_id)
        seat = seat_of(table, person)
        image = await self.boards.private_image(table, table.view(seat), language)
        prompt = table.prompt(seat) if table.is_acting(seat) else ""
        yours = said("Your seat: {number} ({name}). {prompt}", number=seat + 1, name=table.names()[seat], prompt=prompt)
        return Reply(private=[yours], private_image=image, game_id=table.row.id,
                     version=table.row.version, game_key=table.row.game_key)

    async def legal(self, channel_id: int, person: Person) -> list[str]:
        """The notations ``person`` may play now (empty when it is not their move)."""
        try:
            table = await self.tables.playing_in(channel_id)
        except TableError:
            return []
        return table.legal(table.seat_of(person.id))

    async def described(self, channel_id: int, person: Person) -> list[tuple[str, Description]]:
        """The moves ``person`` may play now with the engine's descriptions (empty when none)."""
        try:
            table = await self.tables.playing_in(channel_id)
        except TableError:
            return []
        return table.described(table.seat_of(person.id))


def digest(notation: str) -> str:
    """A short stand-in for a notation too long to travel whole (in a button's ``custom_id``).

    >>> digest("place d1:coin d2:2stone")
    '#c00cc7289eda3ceb'
    """
    return DIGEST + hashlib.sha256(notation.encode()).hexdigest()[:16]


def filled(table: Table, refusal: IllegalAction) -> IllegalAction:
    """An engine's refusal with the seats it names as {p0} written as the players' names."""
    return IllegalAction(table.fill_names(refusal.message), refusal.rule)


def applied(table: Table, seat: int, action: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The state after ``seat`` plays ``action`` and its events; the engine's refusal otherwise."""
    try:
        return table.game.apply(table.state, seat, action)
    except IllegalAction as refusal:
        raise filled(table, refusal) from None


def seat_of(table: Table, person: Person) -> int:
    seat = table.seat_of(person.id)
    if seat is None:
        raise TableError(NOT_PLAYING)
    return seat
