"""Time at a table: the timers in the store, and what each kind does when it falls due.

Due timers are dispatched by kind (:attr:`Timing.handlers`): a ``reminder`` pings the players a
table is waiting on. Each game is handled under its channel's lock, like a move, so a move made
meanwhile is not reminded of and its timers are not overwritten.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from db import TimerRow

from .loading import Tables
from .model import BoardLink, Line, Moment, Person, Reminder, Reply, Strong, Table, TableError, line

Clock = Callable[[], datetime]
MIN_REMINDER = timedelta(hours=1)
MAX_REMINDER = timedelta(days=7)
REMINDER = "reminder"


class Timing:
    def __init__(self, tables: Tables, clock: Clock) -> None:
        self.tables, self.clock = tables, clock
        self.handlers: dict[str, Callable[[int, list[TimerRow], datetime], Awaitable[Reminder | None]]] = {
            REMINDER: self._remind,
        }

    async def due(self) -> list[Reminder]:
        """What every due timer has to say, each handled once under its game's channel lock."""
        now = self.clock()
        due: dict[tuple[str, int], list[TimerRow]] = {}
        for timer in await self.tables.due_timers(now):
            if timer.kind in self.handlers:
                due.setdefault((timer.kind, timer.game_id), []).append(timer)
        posts = []
        for (kind, game_id), timers in due.items():
            row = await self.tables.row(game_id)
            async with self.tables.lock(row.channel_id):
                post = await self.handlers[kind](game_id, timers, now)
            if post is not None:
                posts.append(post)
        return posts

    async def _remind(self, game_id: int, _: list[TimerRow], now: datetime) -> Reminder | None:
        """One game's reminder, from its state and timers as they are once its channel is locked."""
        table = await self.tables.by_id(game_id)
        timers = [t for t in await self.tables.timers(game_id, REMINDER) if t.due_at <= now]
        actors = set(table.actor_users())
        users = [t.user_id for t in timers if t.user_id in actors]
        for timer in timers:
            if timer.user_id in actors:
                interval = timedelta(seconds=table.row.reminder_seconds)
                await self.tables.set_timer(game_id, REMINDER, timer.user_id, now + interval)
            else:
                await self.tables.clear_timers(game_id, kind=REMINDER, user_id=timer.user_id)
        if not users:
            return None
        lines: list[Line] = [line("Reminder: ", Strong(table.game.title), " has been waiting since ",
                                  Moment(table.waiting_since()), ".")]
        for user in users:
            lines.append(line(table.mention(user), f": {table.prompt(table.seat_of(user))}"))
        if table.row.board_jump_url:
            lines.append(line("Latest board: ", BoardLink(table.row.guild_id, table.row.channel_id,
                                                          table.row.board_jump_url)))
        return Reminder(channel_id=table.row.channel_id, game_id=game_id, user_ids=users, lines=lines)

    async def sync_reminders(self, table: Table, *, acted_user: int | None, now: datetime) -> None:
        """After a change: a reminder timer for exactly the players the table waits on."""
        game_id = table.row.id
        actors = set(table.actor_users())
        if not actors:
            await self.tables.clear_timers(game_id)
            return
        current = {t.user_id for t in await self.tables.timers(game_id, REMINDER)}
        interval = timedelta(seconds=table.row.reminder_seconds)
        for user in current - actors:
            await self.tables.clear_timers(game_id, kind=REMINDER, user_id=user)
        for user in actors:
            if user not in current or user == acted_user:
                await self.tables.set_timer(game_id, REMINDER, user, now + interval)

    async def next_reminder(self, game_id: int) -> datetime | None:
        reminders = [t.due_at for t in await self.tables.timers(game_id, REMINDER)]
        return min(reminders) if reminders else None

    async def settings(self, channel_id: int, person: Person, reminder_hours: float) -> Reply:
        async with self.tables.lock(channel_id):
            table = await self.tables.in_channel(channel_id)
            table.require_manager(person, "change the table settings")
            interval = timedelta(hours=reminder_hours)
            if not MIN_REMINDER <= interval <= MAX_REMINDER:
                raise TableError("The reminder interval must be between 1 hour and 7 days (168 hours).")
            now = self.clock()
            await self.tables.set_reminder_seconds(table.row.id, int(interval.total_seconds()), now)
            for timer in await self.tables.timers(table.row.id, REMINDER):
                await self.tables.set_timer(table.row.id, REMINDER, timer.user_id, now + interval)
        return Reply(lines=[line(f"Reminders at this table now come every {duration(interval)} of waiting.")])


def duration(interval: timedelta) -> str:
    hours = interval.total_seconds() / 3600
    if hours >= 24 and hours % 24 == 0:
        days = int(hours // 24)
        return f"{days} day" + ("s" if days != 1 else "")
    return f"{hours:g} hour" + ("s" if hours != 1 else "")
