"""Reminders: who is reminded and when, their interval, and their timers kept in the same
transaction as the move (or rebuilt at start-up)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from bot.presentation import DiscordMarkup, text
from bot.table import TableError, TableService
from db import TimerFilter
from tests.support.table import (
    ALICE,
    BOB,
    CHANNEL,
    MOD,
    current,
    current_after_start,
    move_during_the_next_load,
    said,
    started,
)


async def test_reminders_follow_the_player_who_must_act(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    service.clock.advance(hours=23)
    assert await service.due_reminders() == []
    service.clock.advance(hours=2)
    due = await service.due_reminders()
    assert [r.user_ids for r in due] == [[actor.id]] and "waiting since <t:" in text(DiscordMarkup(), due[0].lines)
    assert await service.due_reminders() == []  # at most once per interval
    await service.act(CHANNEL, actor, "add 1")
    service.clock.advance(hours=25)
    due = await service.due_reminders()
    assert len(due) == 1 and due[0].user_ids != [actor.id]


async def test_status_shows_when_the_next_reminder_is_due(service):
    await started(service, ALICE, BOB)
    service.clock.advance(hours=3)
    reply = said(await service.status(CHANNEL))
    since = int(datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc).timestamp())
    assert f"Waiting since <t:{since}:R>. Next reminder <t:{since + 24 * 3600}:R>." in reply.text


async def test_reminder_interval_is_bounded_and_for_managers(service):
    await started(service, ALICE, BOB)
    with pytest.raises(TableError, match="between 1 hour and 7 days"):
        await service.settings(CHANNEL, ALICE, 0.5)
    with pytest.raises(TableError, match="Only the host"):
        await service.settings(CHANNEL, BOB, 2)
    reply = said(await service.settings(CHANNEL, MOD, 48))
    assert "2 days" in reply.text


async def test_a_move_made_during_a_reminder_pass_leaves_no_reminder_for_the_mover(service, monkeypatch):
    """The reminder pass and a move take the same channel lock: a move that lands while the pass
    reads the game is applied after it, and its timers are the ones that remain."""
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    service.clock.advance(hours=25)
    moves = move_during_the_next_load(service, monkeypatch, actor, "add 1")
    due = await service.due_reminders()
    await moves[0]
    assert [r.user_ids for r in due] == [[actor.id]], "the pass ran before the move"
    waiting = (await service.table(CHANNEL)).actor_users()
    reminded = {t.user_id for t in await service.store.timers(table.row.id) if t.kind == "reminder"}
    assert reminded == set(waiting) and actor.id not in waiting


async def test_a_move_writes_the_next_players_reminder_in_its_own_transaction(service, monkeypatch):
    """A kill between the move and a separate timer write would lose the reminder: there is none."""
    table, actor = await current_after_start(service)

    async def killed(*args, **kwargs):
        raise SystemExit("killed")

    with monkeypatch.context() as kill:
        kill.setattr(service.store, "update_timers", killed)
        await service.act(CHANNEL, actor, "add 1")
    waiting = (await service.table(CHANNEL)).actor_users()
    reminded = {t.user_id for t in await service.store.timers(table.row.id) if t.kind == "reminder"}
    assert reminded == set(waiting) and actor.id not in waiting


async def test_missing_timers_are_rebuilt_from_who_must_act_at_start_up(service):
    table, actor = await current_after_start(service)
    await service.act(CHANNEL, actor, "add 1")
    moved_at = service.clock()
    waiting = (await service.table(CHANNEL)).actor_users()
    await service.store.update_timers(table.row.id, clear=[TimerFilter()])
    service.clock.advance(hours=30)
    restarted = TableService(service.store, clock=service.clock, renderer=None)
    assert await restarted.rebuild_timers() == 1
    timers = [t for t in await service.store.timers(table.row.id) if t.kind == "reminder"]
    assert [(t.user_id, t.due_at) for t in timers] == [(waiting[0], moved_at + timedelta(days=1))]
    assert await restarted.rebuild_timers() == 0
    [reminder] = await restarted.due_reminders()
    assert reminder.user_ids == waiting
