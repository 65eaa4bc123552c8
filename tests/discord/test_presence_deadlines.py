"""Turn time and presence together, through Discord on a fake clock: a vacation moves a player's
deadline (the ladder leaves their turn alone while they are away, and they keep the time they had
left, across a restart), quiet hours in a real time zone move a deadline to their end, an early
`/game back` brings the deadline and the held reminder forward, and a chess clock's bank is not
charged for the days away."""

from __future__ import annotations

from datetime import UTC, datetime

from turn_clocks import DAY, HOUR, at, clocked_bot, config, patient, reminders, saying, stamp, timeouts

from bot.table.clocks import short
from bottega_harness import text_of

__all__ = ["config", "patient"]  # the fixtures this module uses

START = datetime(2026, 6, 1, 12, tzinfo=UTC)
TURN = 72 * HOUR


async def status(table) -> str:
    return (await table.manager.slash(table.channel, "game status")).response.content


def runs_out(member, moment: datetime) -> str:
    return f"**{member.user.name}**: time runs out {stamp(moment)}."


async def played_at(env, clock, table, member, deadline: datetime) -> str:
    """Pass the hour before ``deadline`` (the ladder waits) and then ``deadline`` itself (it plays
    ``member``'s turn); the notice of that turn."""
    await at(env, clock, deadline - HOUR)
    assert timeouts(table) == []
    await at(env, clock, deadline)
    [notice] = timeouts(table)
    assert f"**{member.user.name}**'s time is up: the AI plays this turn for them (strike 1 of 3)." in notice
    return notice


async def test_a_vacation_moves_the_deadline_and_the_time_left_is_kept_across_a_restart(table, env, make_bot):
    clock = await clocked_bot(env, make_bot, START)
    away = table.actor(await table.open())
    assert f"Deadline {stamp(START + TURN)}" in text_of(table.last())
    await at(env, clock, START + DAY)
    await away.slash(table.channel, "game away", days=3)  # one day of the turn used, two left
    shifted = START + TURN + 3 * DAY
    assert runs_out(away, shifted) in await status(table)
    await env.restart_bot(await make_bot(clock=clock))  # the moved deadline is a row in the store
    await at(env, clock, START + TURN + HOUR)
    assert timeouts(table) == [], "the turn is not played while its player is away"
    await at(env, clock, START + 4 * DAY + HOUR)
    assert len(saying(table, "is back")) == 1 and timeouts(table) == []
    assert runs_out(away, shifted) in await status(table), "two days left after the vacation"
    await played_at(env, clock, table, away, shifted)


async def test_quiet_hours_in_a_real_time_zone_move_a_deadline_to_their_end(table, env, make_bot):
    """Rome is at UTC+2 and New York at UTC-4 in June. The first player's deadline (4 June 06:00
    UTC, 08:00 in Rome) moves to 07:00 UTC when they choose quiet hours 23-9; the second player's
    deadline, counted from the first move (4 June 07:00 UTC, 03:00 in New York), falls in their
    quiet hours 0-8 and moves to 12:00 UTC, in the ping and the status; the ladder waits until then."""
    opened = datetime(2026, 6, 1, 6, tzinfo=UTC)
    clock = await clocked_bot(env, make_bot, opened)
    first = table.actor(await table.open())
    second = table.bob if first is table.alice else table.alice
    await first.slash(table.channel, "game quiet", start=23, end=9, timezone="Europe/Rome")
    assert runs_out(first, datetime(2026, 6, 4, 7, tzinfo=UTC)) in await status(table)
    await second.slash(table.channel, "game quiet", start=0, end=8, timezone="America/New_York")
    clock.at = opened + HOUR
    await first.slash(table.channel, "duel move", notation="add 1")
    moved = datetime(2026, 6, 4, 12, tzinfo=UTC)
    assert f"<@{second.id}>" in text_of(table.last()) and f"Deadline {stamp(moved)}" in text_of(table.last())
    assert runs_out(second, moved) in await status(table)
    await at(env, clock, opened + HOUR + TURN)
    await played_at(env, clock, table, second, moved)


async def test_an_early_return_brings_the_deadline_and_the_held_reminder_forward(table, env, make_bot):
    clock = await clocked_bot(env, make_bot, START)
    away = table.actor(await table.open())
    await at(env, clock, START + 2 * HOUR)
    await away.slash(table.channel, "game away", days=5)
    now = await status(table)
    assert runs_out(away, START + TURN + 5 * DAY) in now
    assert f"Next reminder {stamp(START + 5 * DAY + 2 * HOUR)}." in now, "held for the vacation"
    returned = START + DAY + 2 * HOUR
    await at(env, clock, returned)
    assert reminders(table) == []
    await away.slash(table.channel, "game back")
    now = await status(table)
    assert runs_out(away, START + TURN + DAY) in now, "the deadline keeps only the day really away"
    assert f"Next reminder {stamp(returned)}." in now, "the reminder was due during the vacation: now"
    await at(env, clock, returned + HOUR)
    [reminder] = reminders(table)
    assert f"<@{away.id}>" in text_of(reminder)
    await played_at(env, clock, table, away, START + TURN + DAY)


async def test_a_chess_clock_bank_is_not_charged_for_the_days_away(table, env, make_bot):
    """A bank of 2 days with 2 hours back per move: six hours of thinking, then three days away; a
    move one day into the vacation is charged the six hours only, though its deadline had moved on
    by the whole vacation."""
    clock = await clocked_bot(env, make_bot, START)
    mover = table.actor(await table.open())
    await table.alice.slash(table.channel, "game settings", clock="bank", bank_days=2, turn_hours="2")
    await at(env, clock, START + 6 * HOUR)
    await mover.slash(table.channel, "game away", days=3)
    assert runs_out(mover, START + 2 * DAY + 3 * DAY) in await status(table)
    clock.at = START + DAY + 6 * HOUR
    await mover.slash(table.channel, "duel move", notation="add 1")
    left = 2 * DAY - 6 * HOUR + 2 * HOUR
    assert f"**{mover.user.name}**: time bank {short(int(left.total_seconds()))}." in await status(table)
    waiting = table.actor()
    assert waiting is not mover
    assert f"Time bank runs out {stamp(clock.at + 2 * DAY)}." in text_of(table.last())
