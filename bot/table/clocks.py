"""The turn clock's arithmetic: when a deadline is, what a move does to strikes and time banks,
which deadline timers a table needs, and how the clocks are shown. Pure functions of a
:class:`Table`; :mod:`.deadlines` does the rest (see its docstring for the rules).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from i18n import ENGLISH, translate
from db import NewTimer, SeatClock, SeatRow, TimerFilter, TimerRow, TurnClock
from db.rows import CLOCKS, TIMEOUT_ACTIONS
from games.core import Message

from .model import Moment, Part, Table, TableError
from .presence import Presence, shift_deadline
from .timing import duration

DEADLINE = "deadline"
BANK_CLOCK = "bank"
TIMEOUT_LEVEL = "normal"
SKIP_LEVEL = "easy"
TURN_HOURS = (1, 336)
BANK_DAYS = (1, 60)
STRIKE_LIMITS = (1, 10)
LADDER_MOVES = 50
"""At most this many moves of one turn are played for a player (a turn is a few moves at most)."""


STRIKE = "strike"
LADDER = "ladder"
"""How a move was played: by the player (None), the first move of a timed-out turn (a strike),
or the rest of that turn (the ladder)."""


ALWAYS_PRESENT = Presence()
TURN_BEGAN = "since"
"""The payload key of a deadline timer: when the turn it counts began."""


def deadline_at(table: Table, seat: int, since: datetime, presence: Presence = ALWAYS_PRESENT) -> datetime | None:
    """When ``seat``'s time runs out if its turn began at ``since``, for a player whose vacations
    pause it and whose quiet hours it does not end in (:func:`.presence.shift_deadline`); None when
    the table has no deadlines. The one place a deadline is computed."""
    if table.row.turn_seconds is None:
        return None
    return shift_deadline(since + turn_time(table, seat), presence, since)


def turn_time(table: Table, seat: int) -> timedelta:
    """How long ``seat``'s turn may last: the table's turn time, or with a chess clock its bank."""
    row = table.row
    assert row.turn_seconds is not None, "only a table with a turn clock has turns that run out"
    return timedelta(seconds=bank_left(table, seat) if row.clock == BANK_CLOCK else row.turn_seconds)


def deadline_timer(table: Table, user_id: int, since: datetime, presence: Presence) -> NewTimer:
    """The deadline timer of ``user_id``'s turn begun at ``since``; it keeps ``since``, so the
    deadline can be shifted again when the player's presence changes (:func:`shifted_deadline`)."""
    due = deadline_at(table, table.seat_of(user_id), since, presence)
    assert due is not None, "only a table with a turn clock has deadlines"
    return NewTimer(DEADLINE, user_id, due, {TURN_BEGAN: since.isoformat()})


def turn_began(table: Table, timer: TimerRow) -> datetime:
    """When the turn deadline ``timer`` counts began (a timer written without it was never shifted:
    its turn began one turn time before it)."""
    since = timer.payload.get(TURN_BEGAN)
    if since:
        return datetime.fromisoformat(since)
    return timer.due_at - turn_time(table, table.seat_of(timer.user_id))


def shifted_deadline(table: Table, timer: TimerRow, presence: Presence) -> NewTimer:
    """Deadline ``timer`` computed again for the player's ``presence`` now (a vacation begun or
    ended, quiet hours changed): the same turn, the same time to play it."""
    return deadline_timer(table, timer.user_id, turn_began(table, timer), presence)


def bank_left(table: Table, seat: int) -> int:
    """Seconds left in ``seat``'s time bank at the start of its turn."""
    held = seat_row(table, seat).bank_seconds
    return table.row.bank_seconds if held is None else held


def seat_row(table: Table, seat: int) -> SeatRow:
    return next(s for s in table.seats if s.seat == seat)


def deadline_changes(table: Table, now: datetime, presences: Mapping[int, Presence], *,
                     restart: Iterable[int] = ()) -> tuple[list[TimerFilter], list[NewTimer]]:
    """Exactly one deadline per person ``table`` waits on (its state and seats now, its timers as
    they were): a new one from ``now`` for each person who had none or is in ``restart``, for
    their presence in ``presences``."""
    actors = set(table.actor_users())
    current = {t.user_id for t in table.timers if t.kind == DEADLINE}
    if table.row.turn_seconds is None or not actors:
        return ([TimerFilter(DEADLINE)] if current else []), []
    again = set(restart)
    clears = [TimerFilter(DEADLINE, user) for user in sorted(current - actors)]
    timers = []
    for user in sorted(actors):
        if user not in current or user in again:
            timers.append(deadline_timer(table, user, now, presences.get(user, ALWAYS_PRESENT)))
    return clears, timers


def rebuilt_deadlines(table: Table, presences: Mapping[int, Presence]) -> tuple[list[TimerFilter], list[NewTimer]]:
    """At start-up: the deadlines ``table`` lacks, counted from when it last changed."""
    return deadline_changes(table, table.waiting_since(), presences)


def seat_clocks(before: Table, after: Table, seat: int, now: datetime, played: str | None,
                presences: Mapping[int, Presence], *, turn_goes_on: bool) -> list[SeatClock]:
    """What a move of ``seat`` (``played`` by the player, or by the ladder) changes in the seats'
    strikes and banks: written with the move. A bank is charged once per turn, when the turn
    ends (or, for a seat that acts again at once, when its next turn begins: not
    ``turn_goes_on``), the time the turn took since it began less the player's time away
    (:meth:`.presence.Presence.away_within`); a step within a turn charges nothing, as it
    keeps the turn's deadline."""
    ai_seats = before.ai_levels()
    if seat in ai_seats:
        return []
    row, mover = before.row, seat_row(before, seat)
    strikes, opened = mover.strikes, mover.opened_at
    if played is None:
        strikes = 0
    elif played == STRIKE:
        strikes += 1
        if strikes >= row.strike_limit:
            opened = now
    changed = {seat: (strikes, mover.bank_seconds, opened)}
    if row.clock == BANK_CLOCK and row.turn_seconds is not None:
        still = set(after.game.actors(after.state)) if not after.finished() else set()
        for timer in before.timers:
            waited = before.seat_of(timer.user_id)
            if timer.kind != DEADLINE or waited is None or waited in ai_seats:
                continue
            turn_ended = waited not in still or (waited == seat and not turn_goes_on)
            if turn_ended:
                since = turn_began(before, timer)
                away = presences.get(timer.user_id, ALWAYS_PRESENT).away_within(since, now)
                used = now - since - away
                left = max(0, int((timedelta(seconds=bank_left(before, waited)) - used).total_seconds()))
                refill = row.turn_seconds if waited == seat else 0
                held = seat_row(before, waited)
                old = changed.get(waited, (held.strikes, held.bank_seconds, held.opened_at))
                changed[waited] = (old[0], left + refill, old[2])
    clocks = []
    for number, (strikes, bank, opened) in sorted(changed.items()):
        held = seat_row(before, number)
        if (strikes, bank, opened) != (held.strikes, held.bank_seconds, held.opened_at):
            clocks.append(SeatClock(number, strikes, bank, opened))
    return clocks


def clock_record(table: Table) -> dict[str, Any]:
    """The turn clock of ``table`` as it stands, written with a move so that an undo can put it back
    exactly (:func:`restored_clocks`): each seat's strikes, bank and opening, and when each awaited
    person's turn began (a deadline's start, not its end, so vacations and quiet hours still count)."""
    seats = {str(s.seat): [s.strikes, s.bank_seconds, None if s.opened_at is None else s.opened_at.isoformat()]
             for s in table.seats if s.seat is not None}
    turns = {str(t.user_id): turn_began(table, t).isoformat() for t in table.timers if t.kind == DEADLINE}
    return {"seats": seats, "turns": turns}


def restored_clocks(table: Table, record: Mapping[str, Any]) -> list[SeatClock]:
    """The seats' clocks ``record`` (:func:`clock_record`, before the moves an undo takes back) holds,
    where they differ from ``table``'s now."""
    clocks = []
    for held in table.seats:
        kept = record.get("seats", {}).get(str(held.seat))
        if held.seat is None or kept is None:
            continue
        strikes, bank, opened = kept
        clock = SeatClock(held.seat, strikes, bank, None if opened is None else datetime.fromisoformat(opened))
        if (clock.strikes, clock.bank_seconds, clock.opened_at) != (held.strikes, held.bank_seconds, held.opened_at):
            clocks.append(clock)
    return clocks


def restored_deadlines(table: Table, record: Mapping[str, Any] | None, now: datetime,
                       presences: Mapping[int, Presence]) -> tuple[list[TimerFilter], list[NewTimer]]:
    """After an undo: the deadline of every person ``table`` waits on again, counted from when their
    turn began before the moves taken back (``record``, see :func:`clock_record`): the turn goes on
    where it was, it does not start again. A person the record knows no turn of starts from ``now``."""
    began = (record or {}).get("turns", {})
    clears = [TimerFilter(DEADLINE)] if any(t.kind == DEADLINE for t in table.timers) else []
    if table.row.turn_seconds is None:
        return clears, []
    timers = []
    for user in sorted(set(table.actor_users())):
        since = datetime.fromisoformat(began[str(user)]) if str(user) in began else now
        timers.append(deadline_timer(table, user, since, presences.get(user, ALWAYS_PRESENT)))
    return clears, timers


def with_clocks(table: Table, clocks: Iterable[SeatClock]) -> Table:
    """``table`` with its seat rows as ``clocks`` leave them."""
    by_seat = {clock.seat: clock for clock in clocks}
    seats = [s if s.seat not in by_seat else replace(
        s, strikes=by_seat[s.seat].strikes, bank_seconds=by_seat[s.seat].bank_seconds,
        opened_at=by_seat[s.seat].opened_at) for s in table.seats]
    return replace(table, seats=seats)


def timer_cleared(kind: str, user_id: int, clears: Iterable[TimerFilter]) -> bool:
    """Whether the timer of ``kind`` for ``user_id`` matches one of ``clears``."""
    return any((c.kind in (None, kind)) and (c.user_id in (None, user_id)) for c in clears)


def with_timers(table: Table, clears: Iterable[TimerFilter], timers: Iterable[NewTimer]) -> Table:
    """``table`` with its timers as the store holds them after ``clears`` then ``timers`` (new rows
    get id 0: they are for showing, the store's rows are read again before any timer fires)."""
    clears = list(clears)
    kept = {(t.kind, t.user_id): t for t in table.timers if not timer_cleared(t.kind, t.user_id, clears)}
    for new in timers:
        kept[(new.kind, new.user_id)] = TimerRow(0, table.row.id, new.kind, new.user_id, new.due_at,
                                                 new.payload or {})
    return replace(table, timers=sorted(kept.values(), key=lambda t: (t.due_at, t.id)))


def deadline_of(table: Table, user_id: int) -> datetime | None:
    return next((t.due_at for t in table.timers if t.kind == DEADLINE and t.user_id == user_id), None)


def deadline_parts(table: Table, seat: int) -> list[Part]:
    """What a turn ping adds after the prompt: when the seat's time runs out."""
    due = deadline_of(table, table.user_of(seat))
    if due is None:
        return []
    if table.row.clock == BANK_CLOCK:
        return [" ", Message("Time bank runs out {due}.", due=Moment(due))]
    return [" ", Message("Deadline {due}.", due=Moment(due))]


CAPTION_TIME = {ENGLISH: "%d %b %H:%M"}
"""How the board's caption writes a moment (UTC) per language; numbers only where no month name
is translated (``12/04 16:02``)."""


def clock_caption(table: Table, language: str | None = None) -> str | None:
    """One compact line for the board image (drawn in UTC, in ``language``, default the table's):
    each seat's deadline or bank."""
    if table.row.turn_seconds is None or table.state is None or table.finished():
        return None
    language = language or table.row.language or ENGLISH
    ai_seats = table.ai_levels()
    parts: list[Message] = []
    for seat, name in enumerate(table.names()):
        held = seat_row(table, seat)
        if held.opened_at is not None:
            parts.append(Message("{name}: open seat", name=name))
            continue
        if seat in ai_seats:
            continue
        due = deadline_of(table, table.user_of(seat))
        if due is not None:
            parts.append(Message("{name}: until {time} UTC", name=name,
                                 time=f"{due:{CAPTION_TIME.get(language, '%m/%d %H:%M')}}"))
        elif table.row.clock == BANK_CLOCK:
            parts.append(Message("{name}: bank {left}", name=name, left=short(bank_left(table, seat))))
    return " · ".join(translate(part, language) for part in parts) or None


def short(seconds: int) -> Message:
    """A time left, in days and hours (``2d 3h``) or hours and minutes (``5h 20m``)."""
    days, rest = divmod(max(0, seconds), 86400)
    hours = rest // 3600
    if days:
        return Message("{days}d {hours}h", days=days, hours=hours)
    return Message("{hours}h {minutes}m", hours=hours, minutes=rest % 3600 // 60)


TIMEOUT_LADDER = {
    "ai": Message("the AI plays the turn"),
    "skip": Message("the turn is skipped"),
    "pause": Message("the table pings and waits"),
}
"""What happens when a player's time runs out, by the table's ``on_timeout``."""


def settings_text(row: Any) -> Message:
    """The turn clock of a table in one sentence."""
    if row.turn_seconds is None:
        clock = Message("No turn time limit")
    elif row.clock == BANK_CLOCK:
        clock = Message("Chess clock: a time bank of {bank}, plus {back} back per move",
                        bank=duration(timedelta(seconds=row.bank_seconds)),
                        back=duration(timedelta(seconds=row.turn_seconds)))
    else:
        clock = Message("{turn} per move", turn=duration(timedelta(seconds=row.turn_seconds)))
    ladder = TIMEOUT_LADDER[row.on_timeout]
    if row.on_timeout == "pause":
        return Message("{clock}; when time runs out {ladder}.", clock=clock, ladder=ladder)
    return Message("{clock}; when time runs out {ladder}, and {strikes} timeouts in a row open the seat.",
                   clock=clock, ladder=ladder, strikes=row.strike_limit)


@dataclass(frozen=True)
class TurnSettings:
    """The turn-clock options of ``/game settings``; None leaves a setting as it is."""

    turn_hours: str | None = None
    clock: str | None = None
    bank_days: int | None = None
    on_timeout: str | None = None
    strike_limit: int | None = None

    def any(self) -> bool:
        return any(value is not None for value in vars(self).values())

    def applied(self, row: Any) -> TurnClock:
        """The table's turn clock with these changes; a :class:`TableError` sentence for the first
        value out of range (nothing is changed then)."""
        turn = row.turn_seconds
        if self.turn_hours is not None:
            text = self.turn_hours.strip().lower()
            if text == "off":
                turn = None
            else:
                hours = int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else 0
                if not TURN_HOURS[0] <= hours <= TURN_HOURS[1]:
                    raise TableError("The turn time is {low} to {high} hours, or off (not '{value}').",
                                     low=TURN_HOURS[0], high=TURN_HOURS[1], value=self.turn_hours.strip()[:20])
                turn = hours * 3600
        checks = ((self.clock, CLOCKS, Message("The clock is move or bank (not '{value}').")),
                  (self.on_timeout, TIMEOUT_ACTIONS,
                   Message("What happens on a timeout is ai, skip or pause (not '{value}').")))
        for value, allowed, sentence in checks:
            if value is not None and value not in allowed:
                raise TableError(sentence, value=value[:20])
        ranges = ((self.bank_days, BANK_DAYS, Message("A time bank is {low} to {high} days (not {value}).")),
                  (self.strike_limit, STRIKE_LIMITS, Message("The strike limit is {low} to {high} (not {value}).")))
        for value, (low, high), sentence in ranges:
            if value is not None and not low <= value <= high:
                raise TableError(sentence, low=low, high=high, value=value)
        return TurnClock(
            turn_seconds=turn, clock=self.clock or row.clock,
            bank_seconds=self.bank_days * 86400 if self.bank_days is not None else row.bank_seconds,
            on_timeout=self.on_timeout or row.on_timeout,
            strike_limit=self.strike_limit if self.strike_limit is not None else row.strike_limit)


