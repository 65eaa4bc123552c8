"""A member's presence, as pure rules: vacations, quiet hours, and when a deadline really falls.

Nothing here reads the store or the clock: a :class:`Presence` is what the store holds about one
member, and every function takes the moments it needs. Quiet hours are whole local hours of an
IANA time zone (``zoneinfo``, with the ``tzdata`` package where the system has no database), so a
night that changes the clocks ends at the right instant.

:func:`shift_deadline` is the one answer for deadlines and clocks: a vacation pauses the time a
member has left, and a moment inside their quiet hours moves to the end of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from games.core import Message

from .model import TableError

MAX_AWAY_DAYS = 21
AWAY_WINDOW = timedelta(days=90)
AWAY_PER_WINDOW = timedelta(days=30)
DAY = timedelta(days=1)


@cache
def time_zone_names() -> tuple[str, ...]:
    """Every IANA zone name the zoneinfo database knows, sorted (for validation and autocomplete)."""
    return tuple(sorted(available_timezones()))


def time_zone(name: str) -> ZoneInfo:
    """The zone called ``name``; a name outside the database is refused in one sentence."""
    if name not in time_zone_names():
        raise TableError("'{name}' is not a time zone I know: choose one from the list, such as Europe/Rome.",
                         name=name)
    return ZoneInfo(name)


@dataclass(frozen=True)
class QuietHours:
    """From ``start``:00 to ``end``:00 local time in ``zone`` (across midnight when start > end)."""

    start: int
    end: int
    zone: str

    def __post_init__(self) -> None:
        if not (0 <= self.start <= 23 and 0 <= self.end <= 23) or self.start == self.end:
            raise ValueError(f"quiet hours {self.start}-{self.end} must be two different hours of 0-23")

    def covers(self, moment: datetime) -> bool:
        hour = moment.astimezone(ZoneInfo(self.zone)).hour
        if self.start < self.end:
            return self.start <= hour < self.end
        return hour >= self.start or hour < self.end

    def end_after(self, moment: datetime) -> datetime:
        """The UTC instant the quiet hours covering ``moment`` end (``moment`` must be inside them).

        >>> rome = QuietHours(23, 7, "Europe/Rome")
        >>> rome.end_after(datetime(2026, 1, 10, 23, 30, tzinfo=UTC)).isoformat()
        '2026-01-11T06:00:00+00:00'
        >>> rome.end_after(datetime(2026, 3, 29, 0, 30, tzinfo=UTC)).isoformat()  # clocks go forward
        '2026-03-29T05:00:00+00:00'
        """
        zone = ZoneInfo(self.zone)
        local = moment.astimezone(zone)
        day = local.date() if local.hour < self.end else local.date() + DAY
        return datetime.combine(day, time(self.end), tzinfo=zone).astimezone(UTC)


@dataclass(frozen=True)
class Absence:
    """A vacation: from ``start`` to ``end`` (moved earlier by an early return)."""

    start: datetime
    end: datetime

    def overlap(self, start: datetime, end: datetime) -> timedelta:
        return max(timedelta(0), min(self.end, end) - max(self.start, start))


@dataclass(frozen=True)
class Presence:
    """What is known about one member: vacations (in time order), quiet hours, direct messages."""

    absences: tuple[Absence, ...] = ()
    quiet: QuietHours | None = None
    turn_dms: bool = False

    def away_at(self, moment: datetime) -> Absence | None:
        """The vacation ``moment`` falls in, if any."""
        return next((a for a in self.absences if a.start <= moment < a.end), None)

    def away_within(self, start: datetime, end: datetime) -> timedelta:
        """How much of ``start`` .. ``end`` the member spends away (what a chess clock does not charge)."""
        return sum((a.overlap(start, end) for a in self.absences), timedelta(0))

    def past_quiet(self, moment: datetime) -> datetime:
        """``moment``, or the end of the quiet hours it falls in."""
        if self.quiet is not None and self.quiet.covers(moment):
            return self.quiet.end_after(moment)
        return moment

    def next_free(self, moment: datetime) -> datetime:
        """The first moment from ``moment`` on when the member may be pinged: not away, not quiet."""
        while True:
            absence = self.away_at(moment)
            free = self.past_quiet(absence.end if absence else moment)
            if free == moment:
                return moment
            moment = free


def shift_deadline(deadline: datetime, presence: Presence, since: datetime) -> datetime:
    """When a deadline of ``deadline``, whose time started running at ``since``, really falls.

    Each vacation of ``presence`` that begins before the (already shifted) deadline and ends after
    ``since`` pauses the time left: the deadline moves on by the part of the vacation after
    ``since``. Then a deadline inside quiet hours moves to their end. Pure and repeatable: call it
    again with the same nominal ``deadline`` and ``since`` when a vacation begins or ends early.

    >>> start = datetime(2026, 5, 4, 12, tzinfo=UTC)
    >>> away = Presence(absences=(Absence(start + DAY, start + 4 * DAY),))
    >>> shift_deadline(start + 2 * DAY, away, start) - start  # a 2-day turn, 3 days away in it
    datetime.timedelta(days=5)
    """
    moment = deadline
    for absence in presence.absences:
        if absence.start < moment and absence.end > since:
            moment += absence.end - max(absence.start, since)
    return presence.past_quiet(moment)


def new_absence(presence: Presence, now: datetime, days: int) -> Absence:
    """A vacation of ``days`` from ``now``, or a one-sentence refusal: at most
    :data:`MAX_AWAY_DAYS` at a time, and at most 30 days away in any 90."""
    if presence.away_at(now) is not None:
        raise TableError("You are away already: `/game back` ends that vacation before you plan another.")
    if not 1 <= days <= MAX_AWAY_DAYS:
        raise TableError("A vacation lasts 1 to {most} days, not {days}.", most=MAX_AWAY_DAYS, days=days)
    longest = max(n for n in range(days + 1) if fits(presence, now, n))  # 0 always fits
    if longest < days:
        used = presence.away_within(now + days * DAY - AWAY_WINDOW, now)
        room = Message("at most {days} more days now", days=longest) if longest else Message("none now")
        raise TableError("You may be away at most 30 days in any 90, and you have been away {used} of them, "
                         "which leaves {room}.", used=f"{used / DAY:.0f}", room=room)
    return Absence(now, now + days * DAY)


def fits(presence: Presence, now: datetime, days: int) -> bool:
    """Whether ``days`` away from ``now`` keep the 90 days that end with them within 30 days away
    (the tightest window: vacations are only ever planned from now on)."""
    end = now + days * DAY
    return presence.away_within(end - AWAY_WINDOW, now) + days * DAY <= AWAY_PER_WINDOW
