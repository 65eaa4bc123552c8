"""Turn time: deadlines, chess-clock time banks, and the timeout ladder.

A table's turn clock (``GameRow.turn_seconds``, ``clock``, ``bank_seconds``, ``on_timeout``,
``strike_limit``) gives every person the table waits on one ``deadline`` timer, a row in the store
beside the reminders, written in the same transaction as the move or start that calls for it
(:func:`.clocks.deadline_changes`) and given back at start-up (:func:`.clocks.rebuilt_deadlines`). When is a
deadline? Only :func:`.clocks.deadline_at` says, for the player's presence: a vacation pauses the
turn, quiet hours push its end past them (:func:`.presence.shift_deadline`). The timer keeps its
turn's start, so a change of presence moves it (see :mod:`.members`) and a passing deadline is
computed again before the turn is played.

- ``move`` clock: each turn has ``turn_seconds``, counted from the start of the turn (when the
  table began waiting on the player): a step within the turn (:func:`.turns.continues`) does not
  restart it.
- ``bank`` clock (a chess clock): each seat has a time bank, at first ``bank_seconds``; a turn
  uses it up, and every move that ends the seat's turn (the ladder's too) adds ``turn_seconds``
  back, without a cap. A bank that runs out is a passed deadline like any other: the ladder
  plays that turn with a strike, and the seat's following turns each have ``turn_seconds`` (what
  the ladder's move gave back) until the player plays again and their bank refills.

When a deadline passes (:meth:`Deadlines.fire`), ``on_timeout`` decides:

- ``ai``: the bot plays the whole turn for the player with the AI at ``normal`` level;
- ``skip``: the bot plays the least harmful move: the first legal move of a type in
  :data:`games.ai.NEUTRAL_MOVES` for the game (ending the turn, passing, declining a bonus)
  that loses nothing, else the ``easy`` AI's choice;
- ``pause``: it only tells the table and waits (no move, no strike).

Either way it says so publicly. The stand-in never makes a choice that loses something for good
(a leader discarded, the Church's support refused, resources thrown away) while a move that
loses nothing exists (:meth:`Deadlines.ladder_move`); the AI holding an open seat plays to win.
A turn played for a player is a strike; ``strike_limit`` strikes in a row open the seat: the AI
plays it (at ``normal``) until a member not at the table takes it with ``/game sit``, or the host
or a manager gives it to someone with ``/game replace``. A player who moves again loses their
strikes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from db import NewTimer, SeatRow, TimerFilter, TimerRow
from games.ai import NEUTRAL_MOVES, decision_seed, destroys, harmless, safe_move
from games.core import Message

from .ai_runner import AiRunner, said_as_played
from .boards import Boards
from .clocks import (
    BANK_CLOCK,
    DEADLINE,
    LADDER,
    LADDER_MOVES,
    SKIP_LEVEL,
    STRIKE,
    TIMEOUT_LEVEL,
    TurnSettings,
    bank_left,
    deadline_changes,
    deadline_of,
    rebuilt_deadlines,
    seat_row,
    settings_text,
    shifted_deadline,
    short,
    with_timers,
)
from .coach import COACH_SETTING_NAMES
from .loading import NOT_STARTED, Tables
from .model import Line, Moment, Person, Reminder, Reply, Strong, Table, TableError, said
from .play import TIMEOUT, Play, UnwrittenTurn
from .timing import duration, reminder_changes

Clock = Callable[[], datetime]
TIME_UP = {
    True: Message("{who}'s time is up: the AI plays this turn for them (strike {strikes} of {limit})."),
    False: Message("{who}'s time is up: Bottega skips this turn for them (strike {strikes} of {limit})."),
}
"""The line of a turn the table played for a late player: by the AI (``on_timeout`` ai) or skipped."""


class Deadlines:
    """The timeout ladder, taking seats over, the turn settings and the status lines."""

    def __init__(self, tables: Tables, boards: Boards, play: Play, clock: Clock, runner: AiRunner) -> None:
        self.tables, self.boards, self.play, self.clock, self.runner = tables, boards, play, clock, runner

    # ------------------------------------------------------------------ a deadline passes
    async def fire(self, game_id: int, claimed: list[TimerRow], now: datetime) -> Reminder | None:
        """The passed deadlines this pass claimed, under the channel's lock: each computed again
        for its player's presence now (a vacation or quiet hours begun since it was written move it
        instead), then each late player's turn played (or, with ``pause``, announced), the board
        after it."""
        table = await self.tables.by_id(game_id)
        mine = {t.id for t in claimed}
        passed = [t for t in table.timers if t.kind == DEADLINE and t.id in mine and t.due_at <= now]
        actors = set(table.actor_users())
        waited = [t for t in passed if t.user_id in actors]
        if not waited or table.state is None or table.row.turn_seconds is None:
            await self.tables.update_timers(game_id, clear=[TimerFilter(DEADLINE, t.user_id) for t in passed])
            return None
        presences = await self.tables.presences(table, now)
        shifted = [shifted_deadline(table, t, presences[t.user_id]) for t in waited]
        later = [timer for timer in shifted if timer.due_at > now]  # a vacation or quiet hours since
        if later:
            await self.tables.update_timers(game_id, timers=later)
            table = with_timers(table, [], later)
        late = [timer.user_id for timer in shifted if timer.due_at <= now]
        if not late:
            return None
        if table.row.on_timeout == "pause":
            await self.tables.update_timers(game_id, clear=[TimerFilter(DEADLINE, user) for user in late])
            lines = [said("{who}'s time is up: the table waits for their move. {prompt}",
                          who=table.mention(user), prompt=table.prompt(table.seat_of(user))) for user in late]
            return Reminder(channel_id=table.row.channel_id, game_id=game_id, user_ids=late, lines=lines)
        lines: list[Line] = []
        for user in late:
            seat = table.seat_of(user)
            if not table.is_acting(seat) or seat in table.ai_levels():
                continue
            table, played = await self.play_turn(table, seat)
            held = seat_row(table, seat)
            lines.append(said(TIME_UP[table.row.on_timeout == "ai"], who=Strong(held.display_name),
                              strikes=held.strikes, limit=table.row.strike_limit))
            lines.extend(played)
            if held.opened_at is not None:
                lines.append(said("{who}'s seat is open after {strikes} timeouts in a row: any member not at "
                                  "the table can take it with `/game sit`. Until then the AI plays it.",
                                  who=Strong(held.display_name), strikes=held.strikes))
        reply = await self.boards.reply(table, lines)
        # whoever was still deciding before (a simultaneous decision) was pinged for it already
        reply.mentions = [user for user in reply.mentions if user not in actors]
        return Reminder(channel_id=table.row.channel_id, game_id=game_id, user_ids=reply.mentions,
                        lines=reply.lines, board=reply)

    async def play_turn(self, table: Table, seat: int) -> tuple[Table, list[Line]]:
        """Play ``seat``'s turn for it (lock held): its first move is a strike. Every move of the
        turn is written in one transaction with the strike and the timers (a crash leaves the
        turn and its deadline as they were, so the first timer pass after a restart plays it)."""
        lines: list[Line] = []
        played = STRIKE
        unwritten = UnwrittenTurn(table)
        for _ in range(LADDER_MOVES):
            if not table.is_acting(seat) or table.finished():
                break
            notation = await self.ladder_move(table, seat)
            table, events = await self.play.move(table, seat, table.user_of(seat), notation, played=played,
                                                 made_by=TIMEOUT, unwritten=unwritten)
            lines.extend(said_as_played(notation, events))
            played = LADDER
        if unwritten.moves:
            table = await self.play.write_turn(unwritten, table)
        return table, lines

    async def ladder_move(self, table: Table, seat: int) -> str:
        """The stand-in's move for an absent player: never one that loses something for good (a
        leader discarded, the Church's support refused, resources thrown away) while a move that
        loses nothing exists. ``skip`` plays the neutral move (end the turn, pass, decline) where
        there is one, else the ``easy`` AI's choice; ``ai`` plays the ``normal`` AI's choice."""
        key, state = table.row.game_key, table.state
        harmless_moves = harmless(key, state, seat)
        if table.row.on_timeout == "skip":
            neutral = [n for n in harmless_moves if table.game.parse(state, n)["type"] in NEUTRAL_MOVES.get(key, ())]
            if neutral:
                return neutral[0]
        level = SKIP_LEVEL if table.row.on_timeout == "skip" else TIMEOUT_LEVEL
        choice = await self.runner.choose(key, state, seat, level, decision_seed(table.row.seed, table.row.version))
        if harmless_moves and destroys(key, state, seat, choice):
            return safe_move(key, state, seat)
        return choice

    # ------------------------------------------------------------------ seats taken over
    async def sit(self, channel_id: int, person: Person) -> Reply:
        """``person`` (not at the table) takes its first open seat, or the player of an open seat
        takes it back."""
        async with self.tables.lock(channel_id):
            table = await self.started(channel_id)
            open_seats = [s for s in table.seats if s.opened_at is not None]
            own = [s for s in open_seats if s.user_id == person.id]
            if own:  # the player whose seat was opened comes back for it
                table = await self.take_over(table, own[0], person)
                lines = [said("{who} is back and takes their seat again.", who=Strong(person.name))]
                return await self.seated_reply(table, lines, person)
            if table.has_seat(person.id):
                raise TableError("You already have a seat at this table.")
            if not open_seats:
                raise TableError("This table is full ({players} players): no seat is open.", players=table.row.players)
            seat = open_seats[0]
            table = await self.take_over(table, seat, person)
        lines = [said("{who} sits down in {player}'s open seat (seat {seat}).", who=Strong(person.name),
                      player=seat.display_name, seat=seat.seat + 1)]
        return await self.seated_reply(table, lines, person)

    async def replace(self, channel_id: int, person: Person, old_user: int, new: Person) -> Reply:
        """The host or a manager gives ``old_user``'s seat to ``new``."""
        async with self.tables.lock(channel_id):
            table = await self.started(channel_id)
            table.require_manager(person, Message("replace a player"))
            seat_number = table.seat_of(old_user)
            if seat_number is None:
                raise TableError("That member has no seat at this table: only a seated player can be replaced.")
            if table.has_seat(new.id):
                raise TableError("{who} already has a seat at this table.", who=new.name)
            seat = seat_row(table, seat_number)
            table = await self.take_over(table, seat, new)
        lines = [said("{who} takes over {player}'s seat (seat {seat}).", who=Strong(new.name),
                      player=seat.display_name, seat=seat.seat + 1)]
        return await self.seated_reply(table, lines, new)

    async def seated_reply(self, table: Table, lines: list[Line], newcomer: Person) -> Reply:
        """The board after a seat changed hands: it pings only the newcomer, when the table waits on
        them; whoever else must act was pinged for this turn already."""
        reply = await self.boards.reply(table, lines)
        reply.mentions = [user for user in reply.mentions if user == newcomer.id]
        return reply

    async def started(self, channel_id: int) -> Table:
        table = await self.tables.in_channel(channel_id)
        if table.state is None:
            raise TableError("{not_started} Until then, take a seat with `/game join`.", not_started=NOT_STARTED)
        if table.finished():
            raise TableError("This game is over.")
        return table

    async def take_over(self, table: Table, seat: SeatRow, person: Person) -> Table:
        """Give ``seat`` to ``person`` with the timers that follow (lock held); the table after."""
        now = self.clock()
        bank_at_least = None
        if table.row.clock == BANK_CLOCK and table.row.turn_seconds is not None:
            # whoever takes a seat (its own player coming back too) has at least one turn's time
            bank_at_least = table.row.turn_seconds
            if seat.bank_seconds is not None and seat.bank_seconds < bank_at_least:
                seat = replace(seat, bank_seconds=bank_at_least)
        taken = replace(seat, user_id=person.id, display_name=person.name, is_bot=False, ai_level=None,
                        strikes=0, opened_at=None)
        moved = replace(table, seats=[taken if s.seat == seat.seat else s for s in table.seats],
                        timers=[t for t in table.timers if t.user_id != seat.user_id])
        clears = [TimerFilter(None, seat.user_id)]
        reminders = reminder_changes(moved, acted_user=None,
                                     due_at=now + timedelta(seconds=table.row.reminder_seconds))[1]
        deadlines = deadline_changes(moved, now, await self.tables.presences(moved, now))[1]
        await self.tables.take_over_seat(table.row.id, seat.seat, person, now, clears, [*reminders, *deadlines],
                                         bank_at_least)
        return with_timers(moved, [], [*reminders, *deadlines])

    # ------------------------------------------------------------------ settings and start-up
    async def rebuilt(self, table: Table) -> tuple[list[TimerFilter], list[NewTimer]]:
        """At start-up: the deadlines ``table`` lacks, for its players' presence now."""
        return rebuilt_deadlines(table, await self.tables.presences(table, self.clock()))

    async def settings(self, channel_id: int, person: Person, changes: TurnSettings) -> Reply:
        async with self.tables.lock(channel_id):
            table = await self.tables.in_channel(channel_id)
            if not changes.any():  # only asked what the settings are: anyone may, and only they see it
                reminders = duration(timedelta(seconds=table.row.reminder_seconds))
                return Reply(private=[said("Turn time at this table: {clock}", clock=settings_text(table.row)),
                                      said("Reminders every {interval}.", interval=reminders),
                                      said("The coach: {setting}.", setting=COACH_SETTING_NAMES[table.row.coach])],
                             game_id=table.row.id, game_key=table.row.game_key)
            table.require_manager(person, Message("change the table settings"))
            clock = changes.applied(table.row)
            now = self.clock()
            row = replace(table.row, **vars(clock))
            clears: list[TimerFilter] = []
            timers: list[NewTimer] = []
            if table.state is not None:  # every deadline follows the new clock, counted from now
                changed = replace(table, row=row)
                clears = [TimerFilter(DEADLINE)] if any(t.kind == DEADLINE for t in table.timers) else []
                _, timers = deadline_changes(replace(changed, timers=[]), now,
                                             await self.tables.presences(changed, now))
            await self.tables.set_turn_clock(table.row.id, clock, now, clear=clears, timers=timers)
        return Reply(lines=[said("Turn time at this table: {clock}", clock=settings_text(row))])

    def status_lines(self, table: Table) -> list[Line]:
        """Each seat's clock for ``/game status``: its deadline or bank, strikes, an open seat."""
        if table.state is None or table.finished():
            return []
        lines = []
        ai_seats = table.ai_levels()
        for seat, name in enumerate(table.names()):
            held = seat_row(table, seat)
            if held.opened_at is not None:
                lines.append(said("{who}: open seat, played by the AI until someone takes it with `/game sit`.",
                                  who=Strong(name)))
                continue
            if seat in ai_seats:
                continue
            details: list[Message] = []
            due = deadline_of(table, held.user_id)
            if due is not None:
                details.append(Message("time runs out {when}.", when=Moment(due)))
            elif table.row.clock == BANK_CLOCK and table.row.turn_seconds is not None:
                details.append(Message("time bank {left}.", left=short(bank_left(table, seat))))
            if held.strikes:
                details.append(Message("Strikes: {strikes} of {limit}.", strikes=held.strikes,
                                       limit=table.row.strike_limit))
            if len(details) == 2:
                lines.append(said("{who}: {clock} {strikes}", who=Strong(name), clock=details[0], strikes=details[1]))
            elif details:
                lines.append(said("{who}: {detail}", who=Strong(name), detail=details[0]))
        return ([said("Turn time: {clock}", clock=settings_text(table.row))] + lines) if table.row.turn_seconds else lines

