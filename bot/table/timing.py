"""Time at a table: the timers in the store, and what each kind does when it falls due.

Which reminder timers a table needs follows from who must act (:func:`reminder_changes`); a move
or a start writes them in its own transaction, and :meth:`Timing.rebuild` restores them at
start-up for every game in play. Due timers are dispatched by kind (:attr:`Timing.handlers`): a
``reminder`` pings the players a table is waiting on, except those who are away or in their quiet
hours: their reminder moves to the first moment they may be pinged (``hold``). Each game is handled under its channel's
lock, like a move, so a move made meanwhile is not reminded of and its timers are not
overwritten. A game that cannot be loaded is skipped: its channel is told once, its timers are
cleared (the rebuild at the next start brings them back once it is repaired), the others go on.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from db import GameRow, NewTimer, TimerFilter, TimerRow
from games.core import Message, counted

from .loading import DAMAGED, Tables
from .model import (
    BoardLink,
    DamagedTable,
    Line,
    Moment,
    Person,
    Reminder,
    Reply,
    Strong,
    Table,
    TableError,
    game_title,
    line,
    said,
)

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
MIN_REMINDER = timedelta(hours=1)
MAX_REMINDER = timedelta(days=7)
REMINDER = "reminder"


def reminder_changes(table: Table, *, acted_user: int | None, due_at: datetime
                     ) -> tuple[list[TimerFilter], list[NewTimer]]:
    """The timer changes after a change of ``table`` (its state now, its timers as they were):
    exactly one reminder per player the table waits on, restarted for the player who acted."""
    actors = set(table.actor_users())
    if not actors:
        return [TimerFilter()], []
    current = {t.user_id for t in table.timers if t.kind == REMINDER}
    clears = [TimerFilter(REMINDER, user) for user in sorted(current - actors)]
    timers = [NewTimer(REMINDER, user, due_at) for user in sorted(actors)
              if user not in current or user == acted_user]
    return clears, timers


HELD_FROM = "due"
"""The payload key of a reminder held back by its player's presence: when it was due before."""


def held_reminder(user_id: int, due: datetime, until: datetime) -> NewTimer:
    """The reminder of ``user_id`` due at ``due``, waiting until ``until`` (when they may be pinged).
    A held reminder keeps ``due``, so a vacation that ends early brings it back (:func:`reminder_due`)."""
    return NewTimer(REMINDER, user_id, until, {HELD_FROM: due.isoformat()} if until > due else None)


def reminder_due(timer: TimerRow) -> datetime:
    """When reminder ``timer`` was due before a vacation or quiet hours held it back."""
    held = timer.payload.get(HELD_FROM)
    return datetime.fromisoformat(held) if held else timer.due_at


Hold = Callable[[Table, list[int], datetime], Awaitable[dict[int, datetime]]]
"""Which of a table's players may not be pinged now (away, in quiet hours), and until when."""


class Timing:
    def __init__(self, tables: Tables, clock: Clock, hold: Hold | None = None) -> None:
        self.tables, self.clock, self.hold = tables, clock, hold
        self.handlers: dict[str, Callable[[int, list[TimerRow], datetime], Awaitable[Reminder | None]]] = {
            REMINDER: self._remind,
        }
        self.rebuilders: list[Callable[[Table], Awaitable[tuple[list[TimerFilter], list[NewTimer]]]]] = []
        """Other kinds' timer changes a table needs at start-up (deadlines), beside its reminders."""

    async def due(self) -> list[Reminder]:
        """What every due timer has to say, each handled once under its game's channel lock."""
        now = self.clock()
        due: dict[tuple[str, int], list[TimerRow]] = {}
        for timer in await self.tables.due_timers(now):
            if timer.kind in self.handlers:
                due.setdefault((timer.kind, timer.game_id), []).append(timer)
        posts = []
        # Reminders go last: a deadline passing in the same pass plays the turn first, and the
        # reminder of that turn then has nothing left to say.
        damaged: set[int] = set()
        for (kind, game_id), timers in sorted(due.items(), key=lambda item: item[0][0] == REMINDER):
            if game_id in damaged:
                continue  # its channel was told and its timers cleared by its other kind of timer
            try:
                post = await self._fire(kind, game_id, timers, now, damaged)
            except Exception as error:  # noqa: BLE001 - one table's fault never stops the others' timers
                # Only the kind of error: its text may quote a hand or a hidden card.
                log.error("game %s: its %s timers failed (%s); the other tables go on", game_id, kind,
                          type(error).__name__)
                continue
            if post is not None:
                posts.append(post)
        return posts

    async def _fire(self, kind: str, game_id: int, timers: list[TimerRow], now: datetime,
                    damaged: set[int]) -> Reminder | None:
        """Game ``game_id``'s due timers of ``kind``, under its channel's lock. A damaged game's
        timers are cleared and its channel is told once (the rebuild at the next start brings them
        back once it is repaired); it joins ``damaged``."""
        try:
            row = await self.tables.row(game_id)
        except DamagedTable:
            damaged.add(game_id)
            await self.tables.update_timers(game_id, clear=[TimerFilter()])  # nowhere to tell
            return None
        if row is None:
            return None
        async with self.tables.lock(row.channel_id):
            try:
                return await self.handlers[kind](game_id, timers, now)
            except DamagedTable:
                damaged.add(game_id)
                await self.tables.update_timers(game_id, clear=[TimerFilter()])
                return Reminder(channel_id=row.channel_id, game_id=game_id, user_ids=[], lines=[line(DAMAGED)])

    async def _remind(self, game_id: int, claimed: list[TimerRow], now: datetime) -> Reminder | None:
        """One game's reminder, from its state and timers as they are once its channel is locked.

        Only the timers this pass claimed are acted on: with several processes on one database,
        a timer that fell due meanwhile belongs to whichever pass claims it.
        """
        table = await self.tables.by_id(game_id)
        mine = {t.id for t in claimed}
        timers = [t for t in table.timers if t.kind == REMINDER and t.due_at <= now and t.id in mine]
        actors = set(table.actor_users())
        waiting = [t.user_id for t in timers if t.user_id in actors]
        held = await self.hold(table, waiting, now) if self.hold else {}
        users = [user for user in waiting if user not in held]  # a held reminder waits for its player
        interval = timedelta(seconds=table.row.reminder_seconds)
        await self.tables.update_timers(
            game_id, clear=[TimerFilter(REMINDER, t.user_id) for t in timers if t.user_id not in actors],
            timers=[held_reminder(t.user_id, reminder_due(t), held[t.user_id]) if t.user_id in held
                    else NewTimer(REMINDER, t.user_id, now + interval) for t in timers if t.user_id in actors])
        if not users:
            return None
        lines: list[Line] = [said("Reminder: {game} has been waiting since {since}.",
                                  game=Strong(game_title(table.game)),
                                  since=Moment(table.waiting_since()))]
        for user in users:
            lines.append(said("{who}: {prompt}", who=table.mention(user), prompt=table.prompt(table.seat_of(user))))
        if table.row.board_jump_url:
            lines.append(said("Latest board: {board}", board=BoardLink(table.row.guild_id, table.row.channel_id,
                                                                       table.row.board_jump_url)))
        return Reminder(channel_id=table.row.channel_id, game_id=game_id, user_ids=users, lines=lines)

    async def rebuild(self) -> int:
        """Give every game in play the reminder timers its players need (after a crash between a
        move and its timers, or a repair); a missing one falls due one interval after the table
        last changed. The :attr:`rebuilders` add their kinds' timers. Returns how many games were
        changed."""
        changed = 0
        for row in await self.tables.active_games():
            try:
                changed += await self._rebuild(row)
            except Exception as error:  # noqa: BLE001 - one table's fault never stops the others' timers
                log.error("game %s: its timers could not be rebuilt (%s); the other tables go on", row.id,
                          type(error).__name__)
        return changed

    async def _rebuild(self, row: GameRow) -> int:
        """:meth:`rebuild` of one game: 1 if its timers changed, else 0."""
        async with self.tables.lock(row.channel_id):
            try:
                table = await self.tables.by_id(row.id)
            except DamagedTable:
                return 0  # logged by its id; its channel is told when a reminder falls due
            due_at = table.waiting_since() + timedelta(seconds=table.row.reminder_seconds)
            clears, timers = reminder_changes(table, acted_user=None, due_at=due_at)
            for rebuild in self.rebuilders:
                more_clears, more_timers = await rebuild(table)
                clears, timers = clears + more_clears, timers + more_timers
            if (clears and table.timers) or timers:
                await self.tables.update_timers(row.id, clear=clears, timers=timers)
                return 1
        return 0

    def next_reminder(self, table: Table) -> datetime | None:
        reminders = [t.due_at for t in table.timers if t.kind == REMINDER]
        return min(reminders) if reminders else None

    async def settings(self, channel_id: int, person: Person, reminder_hours: float) -> Reply:
        async with self.tables.lock(channel_id):
            table = await self.tables.in_channel(channel_id)
            table.require_manager(person, Message("change the table settings"))
            interval = timedelta(hours=reminder_hours)
            if not MIN_REMINDER <= interval <= MAX_REMINDER:
                raise TableError(Message("The reminder interval must be between 1 hour and 7 days (168 hours)."))
            now = self.clock()
            await self.tables.set_reminder_seconds(table.row.id, int(interval.total_seconds()), now)
            await self.tables.update_timers(table.row.id, timers=[
                NewTimer(REMINDER, t.user_id, now + interval) for t in table.timers if t.kind == REMINDER])
        return Reply(lines=[said("Reminders at this table now come every {interval} of waiting.",
                                 interval=duration(interval))])


def duration(interval: timedelta) -> Message:
    hours = interval.total_seconds() / 3600
    if hours >= 24 and hours % 24 == 0:
        days = int(hours // 24)
        return counted("{n} day", "{n} days", n=days)
    whole = hours == int(hours)
    return counted("{n} hour", "{n} hours", n=int(hours) if whole else f"{hours:g}")
