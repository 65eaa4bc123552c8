"""A member's presence on a server, as both stores keep it: quiet hours, direct messages about
their turns, vacations, and the timers that belong to a member rather than to a game.

Three tables (migration "member preferences"): ``member_settings`` (one row per guild member who
changed something), ``member_absences`` (every vacation, the current one included, so the
30-days-in-90 rule can be checked) and ``member_timers`` (a vacation's end, a "your turn" direct
message held back by quiet hours). A member timer is *taken* when it falls due: one statement
deletes it and returns it, so it fires once, whichever process or restart gets to it first.

The calls are :class:`Presence`, mixed into the store (:class:`db.store.Store`), which runs them
on either backend.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from .rows import _Checked, to_db_time
from .shared import Shards
from .sql import Connection

MEMBER_TIMER_KINDS = ("away_end", "turn_dm")
NO_GAME = 0
"""The ``game_id`` of a member timer that belongs to no game (a vacation's end)."""
ABSENCE_HISTORY = timedelta(days=90)
"""How far back vacations are kept: the 30-days-in-90 rule looks no further."""


@dataclass(frozen=True)
class MemberSettings:
    guild_id: int
    user_id: int
    quiet_start: int | None
    quiet_end: int | None
    time_zone: str | None
    turn_dms: bool


@dataclass(frozen=True)
class AbsenceRow:
    starts_at: datetime
    ends_at: datetime


@dataclass(frozen=True)
class MemberPresence:
    """What the store holds about one member: their settings (None: never changed) and vacations."""

    user_id: int
    settings: MemberSettings | None
    absences: tuple[AbsenceRow, ...]


@dataclass(frozen=True)
class MemberTimerRow:
    id: int
    guild_id: int
    user_id: int
    kind: str
    game_id: int
    due_at: datetime


def settings_row(row: Any) -> MemberSettings:
    read = _Checked(row, None, "member_settings")
    return MemberSettings(
        guild_id=read.integer("guild_id"),
        user_id=read.integer("user_id"),
        quiet_start=read.integer("quiet_start", optional=True, minimum=0, below=24),
        quiet_end=read.integer("quiet_end", optional=True, minimum=0, below=24),
        time_zone=read.text("time_zone", optional=True),
        turn_dms=bool(read.integer("turn_dms", minimum=0, below=2)),
    )


def absence_row(row: Any) -> AbsenceRow:
    read = _Checked(row, None, "member_absences")
    return AbsenceRow(starts_at=read.time("starts_at"), ends_at=read.time("ends_at"))


def member_timer_row(row: Any) -> MemberTimerRow:
    read = _Checked(row, None, "member_timers")
    return MemberTimerRow(
        id=read.integer("id"),
        guild_id=read.integer("guild_id"),
        user_id=read.integer("user_id"),
        kind=read.text("kind", choices=MEMBER_TIMER_KINDS),
        game_id=read.integer("game_id", minimum=0),
        due_at=read.time("due_at"),
    )


def _marks(values: Collection[Any]) -> str:
    return ", ".join("?" for _ in values)


def _settings_sql(user_ids: Collection[int]) -> str:
    return f"SELECT * FROM member_settings WHERE guild_id = ? AND user_id IN ({_marks(user_ids)})"


def _absences_sql(user_ids: Collection[int]) -> str:
    return (f"SELECT * FROM member_absences WHERE guild_id = ? AND user_id IN ({_marks(user_ids)})"
            " AND ends_at > ? ORDER BY starts_at")


UPSERT_QUIET = (
    "INSERT INTO member_settings (guild_id, user_id, quiet_start, quiet_end, time_zone) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, user_id) DO UPDATE SET quiet_start = excluded.quiet_start,"
    " quiet_end = excluded.quiet_end, time_zone = excluded.time_zone"
)
UPSERT_DMS = (
    "INSERT INTO member_settings (guild_id, user_id, turn_dms) VALUES (?, ?, ?)"
    " ON CONFLICT (guild_id, user_id) DO UPDATE SET turn_dms = excluded.turn_dms"
)
FORGET_OLD_ABSENCES = "DELETE FROM member_absences WHERE guild_id = ? AND user_id = ? AND ends_at <= ?"
CURRENT_ABSENCE = "guild_id = ? AND user_id = ? AND starts_at <= ? AND ends_at > ?"
INSERT_ABSENCE = (
    "INSERT INTO member_absences (guild_id, user_id, starts_at, ends_at) VALUES (?, ?, ?, ?)"
    # a vacation that began and ended at this very moment (away, back, away again within one
    # instant) had no length: the new one takes its place
    " ON CONFLICT (guild_id, user_id, starts_at) DO UPDATE SET ends_at = excluded.ends_at"
)
UPSERT_TIMER = (
    "INSERT INTO member_timers (guild_id, user_id, kind, game_id, due_at) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, user_id, kind, game_id) DO UPDATE SET due_at = excluded.due_at"
)
CLEAR_TIMER = "DELETE FROM member_timers WHERE guild_id = ? AND user_id = ? AND kind = ? AND game_id = ?"
MOVE_TIMERS = "UPDATE member_timers SET due_at = ? WHERE guild_id = ? AND user_id = ? AND kind = ?"


def take_statement(now: datetime, shards: Shards | None) -> tuple[str, list[Any]]:
    """One statement that deletes the due member timers (of ``shards``' guilds) and returns them,
    skipping rows another transaction holds."""
    owned, owned_params = shards.condition("guild_id") if shards is not None else ("1 = 1", [])
    sql = (f"DELETE FROM member_timers WHERE id IN (SELECT id FROM member_timers WHERE due_at <= ? AND {owned}"
           " FOR UPDATE SKIP LOCKED) RETURNING *")
    return sql, [to_db_time(now), *owned_params]


def _presences(user_ids: Collection[int], settings: list[MemberSettings],
               absences: dict[int, list[AbsenceRow]]) -> dict[int, MemberPresence]:
    by_user = {row.user_id: row for row in settings}
    return {user: MemberPresence(user, by_user.get(user), tuple(absences.get(user, ()))) for user in user_ids}


class Presence:
    """The presence calls of the store (:class:`db.store.Store`); due timers are taken once across
    processes, and one member's vacation changes take turns (a lock)."""

    _shards: Shards | None  # the store's, as its ``_reading`` and ``_writing``

    async def member_presence(self, guild_id: int, user_ids: Collection[int],
                              since: datetime) -> dict[int, MemberPresence]:
        """Each user's settings and the vacations that end after ``since``: one read."""
        users = sorted(set(user_ids))
        if not users:
            return {}

        async def read(db: Connection) -> dict[int, MemberPresence]:
            settings = [settings_row(row) for row in await db.all(_settings_sql(users), (guild_id, *users))]
            absences: dict[int, list[AbsenceRow]] = {}
            for row in await db.all(_absences_sql(users), (guild_id, *users, to_db_time(since))):
                absences.setdefault(row["user_id"], []).append(absence_row(row))
            return _presences(users, settings, absences)

        return await self._reading(read)

    async def set_quiet_hours(self, guild_id: int, user_id: int, start: int | None, end: int | None,
                              time_zone: str | None) -> None:
        """Set (or, with None hours, clear) a member's quiet hours and time zone."""
        await self._writing(lambda db: db.run(UPSERT_QUIET, (guild_id, user_id, start, end, time_zone)))

    async def set_turn_dms(self, guild_id: int, user_id: int, on: bool) -> None:
        await self._writing(lambda db: db.run(UPSERT_DMS, (guild_id, user_id, int(on))))

    async def start_absence(self, guild_id: int, user_id: int, starts_at: datetime, ends_at: datetime) -> bool:
        """Record a vacation and its end timer in one transaction (forgetting vacations older than
        :data:`ABSENCE_HISTORY`); False, with nothing written, if the member is away already."""
        start, end = to_db_time(starts_at), to_db_time(ends_at)

        async def write(db: Connection) -> bool:
            await db.lock(f"member:{guild_id}:{user_id}")
            if await db.one(f"SELECT 1 FROM member_absences WHERE {CURRENT_ABSENCE}",
                            (guild_id, user_id, start, start)) is not None:
                return False
            await db.run(FORGET_OLD_ABSENCES, (guild_id, user_id, to_db_time(starts_at - ABSENCE_HISTORY)))
            await db.run(INSERT_ABSENCE, (guild_id, user_id, start, end))
            await db.run(UPSERT_TIMER, (guild_id, user_id, "away_end", NO_GAME, end))
            return True

        return await self._writing(write)

    async def end_absence(self, guild_id: int, user_id: int, now: datetime) -> bool:
        """End the member's current vacation at ``now`` and drop its end timer: one transaction.
        False if they were not away."""
        stamp = to_db_time(now)

        async def write(db: Connection) -> bool:
            await db.lock(f"member:{guild_id}:{user_id}")
            ended = await db.run(f"UPDATE member_absences SET ends_at = ? WHERE {CURRENT_ABSENCE}",
                                 (stamp, guild_id, user_id, stamp, stamp))
            await db.run(CLEAR_TIMER, (guild_id, user_id, "away_end", NO_GAME))
            return ended > 0

        return await self._writing(write)

    async def set_member_timer(self, guild_id: int, user_id: int, kind: str, game_id: int,
                               due_at: datetime) -> None:
        """Create or move the member's ``kind`` timer for ``game_id`` (one per member, kind and game)."""
        await self._writing(lambda db: db.run(UPSERT_TIMER, (guild_id, user_id, kind, game_id, to_db_time(due_at))))

    async def move_member_timers(self, guild_id: int, user_id: int, kind: str, due_at: datetime) -> int:
        """Move every ``kind`` timer of the member (all their games) to ``due_at``; returns how many."""
        return await self._writing(lambda db: db.run(MOVE_TIMERS, (to_db_time(due_at), guild_id, user_id, kind)))

    async def take_due_member_timers(self, now: datetime) -> list[MemberTimerRow]:
        """Delete the member timers due at ``now`` (of this store's shards) and return them, earliest first."""
        sql, params = take_statement(now, self._shards)
        rows = await self._writing(lambda db: db.all(sql, params))
        return sorted((member_timer_row(row) for row in rows), key=lambda timer: (timer.due_at, timer.id))
