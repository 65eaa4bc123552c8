"""The pure presence rules: when a deadline really falls (vacations pause it, quiet hours move it,
with the zoneinfo database across changes of the clocks), and the limits on vacations."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.table import TableError
from bot.table.presence import (
    Absence,
    Presence,
    QuietHours,
    new_absence,
    shift_deadline,
    time_zone,
    time_zone_names,
)

DAY = timedelta(days=1)
HOUR = timedelta(hours=1)
NOON = datetime(2026, 6, 1, 12, tzinfo=UTC)


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


def test_a_deadline_before_any_vacation_or_quiet_hour_stays():
    assert shift_deadline(NOON + 2 * DAY, Presence(), NOON) == NOON + 2 * DAY
    later = Presence(absences=(Absence(NOON + 3 * DAY, NOON + 5 * DAY),))
    assert shift_deadline(NOON + 2 * DAY, later, NOON) == NOON + 2 * DAY


def test_a_vacation_spanning_the_deadline_pauses_the_time_left():
    """Two days to play, away from day 1 to day 4: one day was left, so the deadline is day 5."""
    away = Presence(absences=(Absence(NOON + DAY, NOON + 4 * DAY),))
    assert shift_deadline(NOON + 2 * DAY, away, NOON) == NOON + 5 * DAY


def test_a_vacation_under_way_when_the_turn_began_counts_from_the_turn():
    away = Presence(absences=(Absence(NOON - 2 * DAY, NOON + DAY),))
    assert shift_deadline(NOON + 2 * DAY, away, NOON) == NOON + 3 * DAY


def test_an_early_return_gives_back_the_days_not_taken_and_two_vacations_both_pause():
    returned = Presence(absences=(Absence(NOON + DAY, NOON + 2 * DAY),))  # planned 3 days, back after 1
    assert shift_deadline(NOON + 2 * DAY, returned, NOON) == NOON + 3 * DAY
    # Half a day was left when the second vacation began: the first pause reached into it.
    twice = Presence(absences=(Absence(NOON + DAY, NOON + 2 * DAY), Absence(NOON + 2.5 * DAY, NOON + 6 * DAY)))
    assert shift_deadline(NOON + 2 * DAY, twice, NOON) == NOON + 6.5 * DAY
    after = Presence(absences=(Absence(NOON + DAY, NOON + 2 * DAY), Absence(NOON + 3 * DAY, NOON + 6 * DAY)))
    assert shift_deadline(NOON + 2 * DAY, after, NOON) == NOON + 3 * DAY, "due as the second one begins"


def test_quiet_hours_across_midnight_move_a_deadline_to_their_end():
    quiet = Presence(quiet=QuietHours(22, 6, "UTC"))
    assert shift_deadline(utc(2026, 6, 2, 23), quiet, NOON) == utc(2026, 6, 3, 6)
    assert shift_deadline(utc(2026, 6, 3, 2), quiet, NOON) == utc(2026, 6, 3, 6)
    assert shift_deadline(utc(2026, 6, 3, 6), quiet, NOON) == utc(2026, 6, 3, 6), "the end hour is free"
    assert shift_deadline(utc(2026, 6, 3, 21, 59), quiet, NOON) == utc(2026, 6, 3, 21, 59)


def test_quiet_hours_within_one_day():
    lunch = Presence(quiet=QuietHours(12, 14, "UTC"))
    assert shift_deadline(utc(2026, 6, 2, 13, 30), lunch, NOON) == utc(2026, 6, 2, 14)
    assert shift_deadline(utc(2026, 6, 2, 11, 59), lunch, NOON) == utc(2026, 6, 2, 11, 59)


@pytest.mark.parametrize(("deadline", "end"), [
    (utc(2026, 3, 28, 23), utc(2026, 3, 29, 5)),  # Rome: 00:00 CET; the night the clocks go forward
    (utc(2026, 3, 29, 1, 30), utc(2026, 3, 29, 5)),  # 03:30 CEST, just after the change
    (utc(2026, 3, 27, 23), utc(2026, 3, 28, 6)),  # the night before: still UTC+1
    (utc(2026, 10, 25, 0, 30), utc(2026, 10, 25, 6)),  # 02:30 CEST; at 01:00 UTC the clocks go back
    (utc(2026, 10, 25, 1, 30), utc(2026, 10, 25, 6)),  # 02:30 again, CET this time
    (utc(2026, 10, 24, 0, 30), utc(2026, 10, 24, 5)),  # the night before: still UTC+2
])
def test_quiet_hours_end_at_the_local_hour_on_the_nights_the_clocks_change(deadline, end):
    rome = Presence(quiet=QuietHours(23, 7, "Europe/Rome"))
    assert shift_deadline(deadline, rome, deadline - DAY) == end


def test_a_vacation_ending_in_quiet_hours_ends_the_pause_at_their_end():
    both = Presence(absences=(Absence(NOON, NOON + DAY + 11 * HOUR),), quiet=QuietHours(22, 6, "UTC"))
    # The turn had 0 days left when the vacation began at noon: it ends with the vacation, 23:00, quiet.
    assert shift_deadline(NOON + HOUR, both, NOON) == utc(2026, 6, 3, 6)
    assert both.next_free(NOON) == utc(2026, 6, 3, 6)
    assert both.next_free(NOON - HOUR) == NOON - HOUR


def test_the_time_away_within_a_span():
    away = Presence(absences=(Absence(NOON, NOON + 2 * DAY),))
    assert away.away_within(NOON + DAY, NOON + 5 * DAY) == DAY
    assert away.away_within(NOON - DAY, NOON) == timedelta(0)


def test_a_vacation_lasts_1_to_21_days():
    assert new_absence(Presence(), NOON, 21) == Absence(NOON, NOON + 21 * DAY)
    for days in (0, 22, -3):
        with pytest.raises(TableError, match=f"lasts 1 to 21 days, not {days}"):
            new_absence(Presence(), NOON, days)


def test_at_most_30_days_away_in_any_90():
    past = Presence(absences=(Absence(NOON - 60 * DAY, NOON - 39 * DAY),))  # 21 days, 39 days ago
    assert new_absence(past, NOON, 9).end == NOON + 9 * DAY
    with pytest.raises(TableError) as refused:
        new_absence(past, NOON, 10)
    assert refused.value.message == ("You may be away at most 30 days in any 90, and you have been away 21 of "
                                     "them, which leaves at most 9 more days now.")
    # 21 days that ended 75 days ago lie outside the 90 days that a 21-day vacation from now closes.
    older = Presence(absences=(Absence(NOON - 96 * DAY, NOON - 75 * DAY),))
    assert new_absence(older, NOON, 21).end == NOON + 21 * DAY
    full = Presence(absences=(Absence(NOON - 40 * DAY, NOON - 19 * DAY), Absence(NOON - 18 * DAY, NOON - 9 * DAY)))
    with pytest.raises(TableError, match="which leaves none now"):
        new_absence(full, NOON, 1)


def test_no_second_vacation_while_away():
    with pytest.raises(TableError, match="away already"):
        new_absence(Presence(absences=(Absence(NOON - DAY, NOON + DAY),)), NOON, 2)


def test_time_zones_come_from_the_zoneinfo_database():
    assert "Europe/Rome" in time_zone_names() and len(time_zone_names()) > 300
    assert time_zone("Asia/Kolkata").utcoffset(NOON.replace(tzinfo=None)) == timedelta(hours=5, minutes=30)
    for unknown in ("Mars/Olympus", "../../etc/passwd", "", "europe/rome"):
        with pytest.raises(TableError, match="is not a time zone I know"):
            time_zone(unknown)


def test_quiet_hours_must_be_two_different_hours():
    for start, end in ((7, 7), (24, 6), (22, -1)):
        with pytest.raises(ValueError):
            QuietHours(start, end, "UTC")
