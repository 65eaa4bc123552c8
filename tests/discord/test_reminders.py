"""Reminders after simulated days: posted by the loop from timers kept in the database."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from bottega_harness import REMINDER_CHECK_SECONDS, text_of

HOUR = 3600
DAY = 24 * HOUR
CHECK = REMINDER_CHECK_SECONDS


def reminders(table):
    return [m for m in table.channel.history() if text_of(m).startswith("Reminder:")]


async def test_a_waiting_player_is_reminded_after_a_day_with_a_link_to_the_board(table, env):
    board = await table.open()
    actor = table.actor(board)
    await env.advance_time(DAY - CHECK)
    assert reminders(table) == []
    await env.advance_time(2 * CHECK)
    [reminder] = reminders(table)
    assert f"<@{actor.id}>" in text_of(reminder) and board.jump_url in text_of(reminder)
    assert re.search(r"waiting since <t:\d+:R>", text_of(reminder))
    request = [r for r in env.http_requests if r.method == "POST" and r.path.endswith("/messages")][-1]
    assert request.json["allowed_mentions"]["users"] == [actor.id]


async def test_reminders_repeat_each_interval_and_stop_after_the_move(table, env):
    board = await table.open()
    actor = table.actor(board)
    await env.advance_time(2 * DAY + CHECK)
    assert len(reminders(table)) == 2
    await actor.slash(table.channel, "duel move", notation="add 1")
    nxt = table.actor()
    await env.advance_time(DAY + CHECK)
    latest = reminders(table)[-1]
    assert f"<@{nxt.id}>" in text_of(latest) and f"<@{actor.id}>" not in text_of(latest)
    assert table.last().jump_url != board.jump_url


async def test_the_interval_follows_the_table_settings(table, env):
    await table.open()
    await table.alice.slash(table.channel, "game settings", reminder_hours=3)
    await env.advance_time(3 * HOUR + CHECK)
    assert len(reminders(table)) == 1


async def test_reminders_survive_a_restart(table, env, make_bot):
    board = await table.open()
    actor = table.actor(board)
    await env.advance_time(12 * HOUR)
    await env.restart_bot(await make_bot())
    await env.advance_time(12 * HOUR + CHECK)
    [reminder] = reminders(table)
    assert f"<@{actor.id}>" in text_of(reminder)


async def test_a_finished_or_abandoned_game_sends_no_reminders(table, env):
    await table.open()
    await table.alice.slash(table.channel, "game abandon")
    await env.advance_time(DAY + CHECK)
    assert reminders(table) == []


async def test_the_service_uses_the_simulated_clock(table, env):
    await table.open()
    await env.advance_time(2 * DAY)
    assert env.bot.clock() - env.now() < timedelta(seconds=1)
    status = await table.carol.slash(table.channel, "game status")
    stamp = int(re.search(r"Waiting since <t:(\d+):R>", status.response.content).group(1))
    assert (env.now() - timedelta(days=2)).timestamp() - 1 <= stamp <= env.now().timestamp()


async def test_an_injected_clock_drives_the_table_times(table, env, make_bot):
    """The bot takes "now" from one clock: inject one and every time the service records follows it."""
    now = {"at": datetime(2030, 5, 1, 12, 0, tzinfo=UTC)}
    await env.restart_bot(await make_bot(clock=lambda: now["at"]))
    board = await table.open()
    status = await table.carol.slash(table.channel, "game status")
    assert f"<t:{int(now['at'].timestamp())}:R>" in status.response.content
    await env.advance_time(3 * CHECK)
    assert reminders(table) == [], "the simulated hours do not count: only the injected clock does"
    now["at"] += timedelta(days=1, minutes=1)
    await env.advance_time(CHECK)
    [reminder] = reminders(table)
    assert f"<@{table.actor(board).id}>" in text_of(reminder)


async def test_a_reminder_the_bot_may_not_post_is_skipped_and_the_next_one_still_comes(table, env, caplog):
    board = await table.open()
    env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=403, code=50013,
                     message="Missing Permissions")
    await env.advance_time(DAY + CHECK)
    assert reminders(table) == []
    assert any("not posted" in r.getMessage() for r in caplog.records)
    await env.advance_time(DAY)
    [reminder] = reminders(table)
    assert f"<@{table.actor(board).id}>" in text_of(reminder)
