"""A member's presence at the tables of a server: vacations, quiet hours and "your turn" messages.

The rules are pure (:mod:`.presence`); this module reads and writes what the store keeps about a
member (``db.presence``: settings, vacations, member timers) and says what the adapters post:
:class:`Notice` s for the channels of a member's tables and :class:`DirectMessage` s for members
who asked for them. A member's presence is per server, like their games: it reaches every table
they sit at there.

Every delay is a row in the store. When a vacation begins or ends, or quiet hours change, the
member's reminders and deadlines at every game in play on the server move with it (:func:`retimed`):
a reminder to the first moment they may be pinged (back to when it was due after an early
return), a deadline shifted again from the start of its turn (:func:`.presence.shift_deadline`),
and their held turn messages to the first moment they may be sent.
A reminder that falls due while its player is away or in quiet hours is moved the same way
(:meth:`Members.held`, asked by the reminder pass); a turn message held back and the end of a
vacation are member timers, taken once by :meth:`Members.due`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import datetime

from db import NewTimer
from games.core import Message, counted

from .clocks import DEADLINE, shifted_deadline
from .loading import Tables, presence
from .model import (
    BoardLink,
    ChannelLink,
    DamagedTable,
    Line,
    Moment,
    Person,
    Reply,
    Strong,
    Table,
    TableError,
    game_title,
    said,
)
from .presence import Presence, QuietHours, new_absence, time_zone
from .timing import REMINDER, held_reminder, reminder_due

Clock = Callable[[], datetime]
TURN_DM = "turn_dm"
AWAY_END = "away_end"
NOT_AWAY = Message("You are not away: `/game away days:3` starts a vacation of three days.")
SET_QUIET = Message("Set them with `/game quiet start:23 end:7 timezone:Europe/Rome` (hours of your own day).")


@dataclass(frozen=True)
class Notice:
    """A line for the players of one table (posted without pinging anyone)."""

    channel_id: int
    lines: list[Line]


@dataclass(frozen=True)
class DirectMessage:
    """Lines for one member alone, written in ``language``: that of the table they are about (a
    direct message answers no interaction, so the member's own Discord language is not known)."""

    user_id: int
    lines: list[Line]
    language: str | None = None


@dataclass
class PresenceReply:
    """What a presence command answers its member, and what the channels of their tables are told."""

    reply: Reply
    notices: list[Notice] = field(default_factory=list)


@dataclass
class PresenceDue:
    """What the member timers that fell due have to say."""

    notices: list[Notice] = field(default_factory=list)
    messages: list[DirectMessage] = field(default_factory=list)


def describe_quiet(quiet: QuietHours) -> Message:
    return Message("{start}:00 to {end}:00, {zone} time", start=f"{quiet.start:02d}", end=f"{quiet.end:02d}",
                   zone=quiet.zone)


class Members:
    def __init__(self, tables: Tables, clock: Clock) -> None:
        self.tables, self.store, self.clock = tables, tables.store, clock
        self._told: dict[int, int] = {}
        """The newest board version of each game whose turn messages went out (a board posted
        again, by a public ``/game status``, sends none)."""

    async def presence_of(self, guild_id: int, user_ids: Collection[int]) -> dict[int, Presence]:
        """What is known about each of ``user_ids`` on the server, with the vacations of the last 90 days."""
        return await self.tables.presence_of(guild_id, user_ids, self.clock())

    async def _own(self, guild_id: int, person: Person) -> Presence:
        return (await self.presence_of(guild_id, [person.id]))[person.id]

    # ------------------------------------------------------------------ vacations
    async def away(self, guild_id: int, person: Person, days: int) -> PresenceReply:
        now = self.clock()
        absence = new_absence(await self._own(guild_id, person), now, days)
        if not await self.store.start_absence(guild_id, person.id, absence.start, absence.end):
            raise TableError("You are away already: `/game back` ends that vacation before you plan another.")
        notices = await self._retime(guild_id, person.id, lambda name: said(
            "{who} is away until {end}: their turns here wait for them (no reminders, deadlines and clock "
            "paused).", who=Strong(name), end=Moment(absence.end)))
        reply = Reply(private=[(counted(
            "You are away until {end} ({days} day): your turns at every table of this server wait for you, "
            "and their players have been told. `/game back` ends it early.",
            "You are away until {end} ({days} days): your turns at every table of this server wait for you, "
            "and their players have been told. `/game back` ends it early.",
            by="days", end=Moment(absence.end), days=days),)])
        return PresenceReply(reply, notices)

    async def back(self, guild_id: int, person: Person) -> PresenceReply:
        if not await self.store.end_absence(guild_id, person.id, self.clock()):
            raise TableError(NOT_AWAY)
        notices = await self._retime(guild_id, person.id, back_line)
        return PresenceReply(Reply(private=[said("Welcome back: your turns run again at every table of "
                                                 "this server.")]), notices)

    async def _retime(self, guild_id: int, user_id: int, say: Callable[[str], Line] | None = None) -> list[Notice]:
        """Move ``user_id``'s reminders and deadlines at every game in play on the server to where
        their presence now puts them (:func:`retimed`), and their held turn messages to the first
        moment they may be sent; with ``say``, one notice for each of these games."""
        member = (await self.presence_of(guild_id, [user_id]))[user_id]
        await self.store.move_member_timers(guild_id, user_id, TURN_DM, member.next_free(self.clock()))
        notices = []
        for row in await self.tables.rows_of(guild_id, user_id):
            if row.status != "active":
                continue
            async with self.tables.lock(row.channel_id):
                try:
                    table = await self.tables.by_id(row.id)
                except DamagedTable:  # logged by its id; the other tables are told
                    continue
                moved = retimed(table, user_id, member)
                if moved:
                    await self.tables.update_timers(row.id, timers=moved)
            if say is not None:
                notices.append(Notice(row.channel_id, [say(table.mention(user_id).name)]))
        return notices

    async def away_until(self, table: Table) -> dict[int, datetime]:
        """The players of ``table`` who are away now, and until when (for its board and status)."""
        people = [seat.user_id for seat in table.seats if seat.ai_level is None]
        now = self.clock()
        away = {user: p.away_at(now) for user, p in (await self.presence_of(table.row.guild_id, people)).items()}
        return {user: absence.end for user, absence in away.items() if absence is not None}

    # ------------------------------------------------------------------ settings
    async def quiet(self, guild_id: int, person: Person, start: int | None, end: int | None,
                    zone: str | None, off: bool) -> Reply:
        """Set, show or (``off``) clear ``person``'s quiet hours; a setting out of range changes nothing."""
        stored = (await self.store.member_presence(guild_id, [person.id], self.clock()))[person.id]
        current = presence(stored).quiet
        saved_zone = stored.settings.time_zone if stored.settings is not None else None
        if off:
            await self.store.set_quiet_hours(guild_id, person.id, None, None, saved_zone)
            await self._retime(guild_id, person.id)
            return Reply(private=[said("Your quiet hours are off: reminders and direct messages reach you at "
                                       "any hour.")])
        if start is None and end is None and zone is None:
            if current is None:
                return Reply(private=[said("You have no quiet hours. {how}", how=SET_QUIET)])
            return Reply(private=[said("Your quiet hours: {hours}. {how}", hours=describe_quiet(current),
                                       how=SET_QUIET)])
        for hour in (start, end):
            if hour is not None and not 0 <= hour <= 23:
                raise TableError("Quiet hours begin and end on a whole hour from 0 to 23, not {hour}.", hour=hour)
        if (start is None) != (end is None) and current is None:
            raise TableError("Give both the start and the end of your quiet hours. {how}", how=SET_QUIET)
        zone = zone if zone is not None else saved_zone
        if zone is None:
            raise TableError("Name your time zone too, such as `timezone:Europe/Rome`, so the hours are yours.")
        time_zone(zone)
        start = start if start is not None else current.start if current else None
        end = end if end is not None else current.end if current else None
        if start is not None and start == end:
            raise TableError("Quiet hours need a start and an end that differ, such as start:23 end:7.")
        await self.store.set_quiet_hours(guild_id, person.id, start, end, zone)
        await self._retime(guild_id, person.id)
        if start is None or end is None:
            return Reply(private=[said("Your time zone is now {zone}. You have no quiet hours. {how}", zone=zone,
                                       how=SET_QUIET)])
        hours = describe_quiet(QuietHours(start, end, zone))
        return Reply(private=[said("Quiet hours: {hours}. Reminders and direct messages that fall in them wait "
                                   "until {end}:00, and so do your deadlines.", hours=hours, end=f"{end:02d}")])

    async def notify(self, guild_id: int, person: Person, on: bool) -> Reply:
        await self.store.set_turn_dms(guild_id, person.id, on)
        if on:
            return Reply(private=[said(
                "Your turns now also come as a direct message with a link to the board (held back during "
                "your quiet hours). If your direct messages are closed to this server, none arrive.")])
        return Reply(private=[said("No more direct messages about your turns: the pings in the channel stay.")])

    # ------------------------------------------------------------------ pings and messages
    async def held(self, table: Table, user_ids: list[int], now: datetime) -> dict[int, datetime]:
        """The players of ``user_ids`` who may not be pinged at ``now`` (away, quiet), and until when."""
        presences = await self.presence_of(table.row.guild_id, user_ids)
        free = {user: presences[user].next_free(now) for user in user_ids}
        return {user: moment for user, moment in free.items() if moment > now}

    async def turn_messages(self, game_id: int, version: int, user_ids: list[int],
                            board_url: str | None) -> list[DirectMessage]:
        """The "your turn" direct messages of board ``version``, which pings ``user_ids``: sent now to
        those who asked for them, or held back (a member timer) until their vacation or quiet hours
        end. Once per board version."""
        if self._told.get(game_id, -1) >= version:
            return []
        self._told[game_id] = version
        row = await self.tables.row(game_id)
        presences = {} if row is None else await self.presence_of(row.guild_id, user_ids)
        wanted = [user for user, each in presences.items() if each.turn_dms]
        if not wanted:
            return []
        table = await self.tables.by_id(game_id)
        now = self.clock()
        messages = []
        for user in wanted:
            free = presences[user].next_free(now)
            if free > now:
                await self.store.set_member_timer(table.row.guild_id, user, TURN_DM, game_id, free)
            else:
                messages.append(DirectMessage(user, turn_lines(table, user, board_url), table.row.language))
        return messages

    async def due(self) -> PresenceDue:
        """Fire every member timer that fell due, each once: vacations that ended are announced,
        held turn messages are sent if the game still waits on their member."""
        now = self.clock()
        due = PresenceDue()
        for timer in await self.store.take_due_member_timers(now):
            if timer.kind == AWAY_END:
                due.notices += await self._retime(timer.guild_id, timer.user_id, back_line)
                continue
            try:
                table = await self.tables.by_id(timer.game_id)
            except TableError:  # gone or damaged: nothing to say
                continue
            if table.row.status != "active" or timer.user_id not in table.actor_users():
                continue
            member = (await self.presence_of(timer.guild_id, [timer.user_id]))[timer.user_id]
            free = member.next_free(now)
            if not member.turn_dms:
                continue
            if free > now:
                await self.store.set_member_timer(timer.guild_id, timer.user_id, TURN_DM, timer.game_id, free)
            else:
                due.messages.append(DirectMessage(timer.user_id,
                                                  turn_lines(table, timer.user_id, table.row.board_jump_url),
                                                  table.row.language))
        return due


def retimed(table: Table, user_id: int, member: Presence) -> list[NewTimer]:
    """The reminders and deadlines of ``user_id`` at ``table`` that ``member`` (their presence now)
    moves: a reminder waits until they may be pinged, or comes back to when it was due once they
    are back early; a deadline is shifted again from the start of its turn."""
    moved = []
    for timer in table.timers:
        if timer.user_id != user_id:
            continue
        if timer.kind == REMINDER:
            due = reminder_due(timer)
            new = held_reminder(user_id, due, member.next_free(due))
        elif timer.kind == DEADLINE and table.row.turn_seconds is not None:
            new = shifted_deadline(table, timer, member)
        else:
            continue
        if new.due_at != timer.due_at:
            moved.append(new)
    return moved


def back_line(name: str) -> Line:
    return said("{who} is back: their turns here run again.", who=Strong(name))


def turn_lines(table: Table, user_id: int, board_url: str | None) -> list[Line]:
    row = table.row
    return [said("Your turn in {title} in {channel}: {prompt}", title=Strong(game_title(table.game)),
                 channel=ChannelLink(row.channel_id), prompt=table.prompt(table.seat_of(user_id))),
            said("The board: {board}", board=BoardLink(row.guild_id, row.channel_id, board_url))]
