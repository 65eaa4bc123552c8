"""Deadlines and presence in the table service (no Discord): a passing deadline is computed again
for the player's presence before their turn is played, deadlines given back at start-up follow a
vacation, and a deadline written without its turn's start is still shifted from the right moment."""

from __future__ import annotations

from datetime import timedelta

from bot.table import TableService
from bot.table.clocks import DEADLINE, TURN_BEGAN
from db import NewTimer, TimerFilter, TurnClock
from tests.support.table import ALICE, BOB, GUILD, current, said, started

DAY = timedelta(days=1)
TURN = timedelta(hours=72)


async def deadline(service, game_id: int, user_id: int):
    return next(t for t in await service.store.timers(game_id) if t.kind == DEADLINE and t.user_id == user_id)


async def test_a_vacation_recorded_before_its_timers_moved_holds_the_ladder_back(service):
    """A crash between the vacation's row and the move of its timers: the passing deadline is
    computed again, moved by the vacation, and the turn is played only once that time has passed."""
    await started(service, ALICE, BOB)
    table, late = await current(service)
    turn_began = service.clock()
    service.clock.advance(days=1)
    assert await service.store.start_absence(GUILD, late.id, service.clock(), service.clock() + 3 * DAY)
    service.clock.advance(days=2)
    assert await service.due_reminders() == [], "nothing is said: the reminder and the deadline wait"
    timer = await deadline(service, table.row.id, late.id)
    assert timer.due_at == turn_began + TURN + 3 * DAY
    assert timer.payload[TURN_BEGAN] == turn_began.isoformat(), "still the same turn"
    assert await service.store.moves(table.row.id) == []
    service.clock.now = timer.due_at
    [ladder] = await service.due_reminders()
    assert f"**{late.name}**'s time is up" in said(ladder.board).text
    assert [m.user_id for m in await service.store.moves(table.row.id)] == [late.id]


async def test_deadlines_given_back_at_start_up_follow_a_vacation(service):
    await started(service, ALICE, BOB)
    table, away = await current(service)
    turn_began = service.clock()
    service.clock.advance(hours=1)
    await service.away(GUILD, away, 2)
    await service.store.update_timers(table.row.id, clear=[TimerFilter(DEADLINE)])
    restarted = TableService(service.store, clock=service.clock, renderer=None)
    assert await restarted.rebuild_timers() == 1
    assert (await deadline(service, table.row.id, away.id)).due_at == turn_began + TURN + 2 * DAY


async def test_a_deadline_written_without_its_turns_start_is_shifted_from_one_turn_before_it(service):
    await started(service, ALICE, BOB)
    table, away = await current(service)
    written = service.clock() + TURN + timedelta(hours=5)  # as an earlier version wrote it: no payload
    await service.store.update_timers(table.row.id, timers=[NewTimer(DEADLINE, away.id, written)])
    service.clock.advance(hours=6)  # after the turn began, 72 hours before that deadline
    await service.away(GUILD, away, 2)
    assert (await deadline(service, table.row.id, away.id)).due_at == written + 2 * DAY


async def test_a_deadline_left_by_a_turn_clock_turned_off_is_dropped_not_played(service):
    """A crash between turning the clock off and clearing the deadlines: a vacation leaves that
    deadline alone, and once it passes it is dropped without playing the turn."""
    await started(service, ALICE, BOB)
    table, late = await current(service)
    row = table.row
    off = TurnClock(turn_seconds=None, clock=row.clock, bank_seconds=row.bank_seconds, on_timeout=row.on_timeout,
                    strike_limit=row.strike_limit)
    await service.store.set_turn_clock(row.id, off, service.clock())
    before = await deadline(service, row.id, late.id)
    await service.away(GUILD, late, 1)
    assert (await deadline(service, row.id, late.id)).due_at == before.due_at
    service.clock.now = before.due_at
    assert all(post.board is None for post in await service.due_reminders()), "no turn played"
    assert [t.kind for t in await service.store.timers(row.id)] == ["reminder"]
    assert await service.store.moves(row.id) == []
