"""A member's presence through Discord, on a fake clock: quiet hours hold reminders back (across a
change of the clocks), vacations pause a player's turns and are told once, turn messages arrive as
direct messages with the board's link, and a member whose direct messages are closed is skipped."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from turn_clocks import DAY, HOUR, at, clocked_bot, reminders, saying, stamp
from bottega_harness import text_of


async def test_a_reminder_in_quiet_hours_comes_at_their_end_on_the_night_the_clocks_go_forward(table, env, make_bot):
    """Europe/Rome moves from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026: quiet hours 23-7 end at
    05:00 UTC that morning, not 06:00 (what a fixed offset would say)."""
    opened = datetime(2026, 3, 28, 0, 30, tzinfo=UTC)
    clock = await clocked_bot(env, make_bot, opened)
    actor = table.actor(await table.open())
    answer = await actor.slash(table.channel, "game quiet", start=23, end=7, timezone="Europe/Rome")
    assert "23:00 to 07:00, Europe/Rome time" in answer.response.content
    await at(env, clock, opened + DAY)  # 01:30 in Rome: quiet
    assert reminders(table) == []
    game = await env.bot.service.table(table.channel.id)
    held = [t.due_at for t in game.timers if t.kind == "reminder"]
    assert held == [datetime(2026, 3, 29, 5, tzinfo=UTC)], "the delay is a stored timer"
    await at(env, clock, datetime(2026, 3, 29, 4, 59, tzinfo=UTC))
    assert reminders(table) == []
    await at(env, clock, datetime(2026, 3, 29, 5, tzinfo=UTC))
    [reminder] = reminders(table)
    assert f"<@{actor.id}>" in text_of(reminder)


async def test_a_vacation_holds_reminders_is_told_once_and_shows_on_the_status(table, env, make_bot):
    start = datetime(2026, 6, 1, 12, tzinfo=UTC)
    clock = await clocked_bot(env, make_bot, start)
    actor = table.actor(await table.open())
    other = table.bob if actor is table.alice else table.alice
    answer = await actor.slash(table.channel, "game away", days=3)
    until = start + 3 * DAY
    assert answer.ephemeral and f"You are away until {stamp(until)}" in answer.response.content
    [told] = saying(table, "is away until")
    assert text_of(told) == (f"**{actor.name}** is away until {stamp(until)}: their turns here wait for them"
                            " (no reminders, deadlines and clock paused).")
    status = await other.slash(table.channel, "game status")
    assert f"**{actor.name}** is away until {stamp(until)}." in status.response.content
    assert f"Next reminder {stamp(until)}." in status.response.content, "the reminder moved with the vacation"
    for day in (1, 2):
        await at(env, clock, start + day * DAY + HOUR)
    assert reminders(table) == [] and len(saying(table, "is away until")) == 1
    back = await actor.slash(table.channel, "game back")
    assert "Welcome back" in back.response.content
    assert [text_of(m) for m in saying(table, "is back")] == [f"**{actor.name}** is back: their turns here run again."]
    refused = await actor.slash(table.channel, "game back")
    assert refused.response.content.startswith("You are not away")
    await at(env, clock, until + HOUR)  # the vacation's end timer went with the early return
    assert len(saying(table, "is back")) == 1
    assert len(reminders(table)) == 1, "the reminder held for the vacation comes once it is over"
    status = await other.slash(table.channel, "game status")
    assert "is away" not in status.response.content


async def test_vacations_are_limited_to_21_days_and_30_in_90_and_refusals_change_nothing(table, env, make_bot):
    start = datetime(2026, 6, 1, 12, tzinfo=UTC)
    clock = await clocked_bot(env, make_bot, start)
    await table.open()
    too_long = await table.alice.slash(table.channel, "game away", days=22)
    assert too_long.response.content == "A vacation lasts 1 to 21 days, not 22."
    assert (await table.alice.slash(table.channel, "game away", days=0)).response.content.startswith(
        "A vacation lasts 1 to 21 days")
    assert saying(table, "is away") == []
    await table.alice.slash(table.channel, "game away", days=21)
    again = await table.alice.slash(table.channel, "game away", days=2)
    assert again.response.content.startswith("You are away already")
    await at(env, clock, start + 21 * DAY)
    assert len(saying(table, "is back")) == 1, "the vacation's end is told once"
    await at(env, clock, start + 21 * DAY + 2 * HOUR)
    assert len(saying(table, "is back")) == 1
    over = await table.alice.slash(table.channel, "game away", days=10)
    assert over.response.content == ("You may be away at most 30 days in any 90, and you have been away 21 of "
                                     "them, which leaves at most 9 more days now.")
    assert len(saying(table, "is away until")) == 1
    ok = await table.alice.slash(table.channel, "game away", days=9)
    assert "You are away until" in ok.response.content
    assert len(saying(table, "is away until")) == 2


async def test_a_pending_vacation_end_survives_a_restart_and_is_told_once(table, env, make_bot):
    start = datetime(2026, 6, 1, 12, tzinfo=UTC)
    clock = await clocked_bot(env, make_bot, start)
    await table.open()
    await table.bob.slash(table.channel, "game away", days=2)
    await env.restart_bot(await make_bot(clock=clock))
    await at(env, clock, start + 2 * DAY + HOUR)
    assert [text_of(m) for m in saying(table, "is back")] == ["**bob** is back: their turns here run again."]
    await env.restart_bot(await make_bot(clock=clock))
    await at(env, clock, start + 3 * DAY)
    assert len(saying(table, "is back")) == 1


async def test_out_of_range_quiet_hours_get_one_sentence_and_change_nothing(table, env, make_bot):
    await clocked_bot(env, make_bot, datetime(2026, 6, 1, 12, tzinfo=UTC))
    await table.open()
    refusals = {
        (24, 7, "Europe/Rome"): "Quiet hours begin and end on a whole hour from 0 to 23, not 24.",
        (23, -1, "Europe/Rome"): "Quiet hours begin and end on a whole hour from 0 to 23, not -1.",
        (23, 7, "Mars/Olympus"): "'Mars/Olympus' is not a time zone I know: choose one from the list, "
                                 "such as Europe/Rome.",
        (7, 7, "Europe/Rome"): "Quiet hours need a start and an end that differ, such as start:23 end:7.",
    }
    for (start, end, zone), sentence in refusals.items():
        answer = await table.alice.slash(table.channel, "game quiet", start=start, end=end, timezone=zone)
        assert answer.ephemeral and answer.response.content == sentence
    shown = await table.alice.slash(table.channel, "game quiet")
    assert shown.response.content.startswith("You have no quiet hours.")


async def test_time_zones_are_offered_as_you_type(table, env):
    choices = await table.alice.autocomplete(table.channel, "game quiet", "timezone", "new_y")
    assert [c["value"] for c in choices] == ["America/New_York"]
    assert len(await table.alice.autocomplete(table.channel, "game quiet", "timezone", "")) == 25


def dms(member):
    return member.user.dm_channel.history()


async def test_with_direct_messages_on_the_turn_ping_arrives_as_a_dm_with_the_board_link(table, env, make_bot):
    await clocked_bot(env, make_bot, datetime(2026, 6, 1, 12, tzinfo=UTC))
    actor = table.actor(await table.open())
    other = table.bob if actor is table.alice else table.alice
    answer = await other.slash(table.channel, "game notify", dm="on")
    assert "direct message" in answer.response.content
    await actor.slash(table.channel, "duel move", notation="add 1")
    board = table.last()
    [message] = dms(other)
    assert text_of(message).startswith("Your turn in **Duel to Ten** in ")
    assert board.jump_url in text_of(message)
    assert dms(actor) == [], "only those who asked get direct messages"
    await actor.slash(table.channel, "game status", public=True)
    assert f"<@{other.id}>" in text_of(table.last()), "posted again, with its ping"
    assert len(dms(other)) == 1, "the same board posted again sends nothing more"
    await other.slash(table.channel, "game notify", dm="off")
    await other.slash(table.channel, "duel move", notation="add 1")
    await actor.slash(table.channel, "duel move", notation="add 1")
    assert len(dms(other)) == 1


async def test_a_member_with_closed_direct_messages_is_skipped_silently(table, env, make_bot, caplog):
    await clocked_bot(env, make_bot, datetime(2026, 6, 1, 12, tzinfo=UTC))
    actor = table.actor(await table.open())
    other = table.bob if actor is table.alice else table.alice
    await other.slash(table.channel, "game notify", dm="on")
    env.inject_error("POST", f"/channels/{other.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    with caplog.at_level(logging.INFO):
        moved = await actor.slash(table.channel, "duel move", notation="add 2")
    assert moved.response is None, "a played move with nothing private to say leaves no reply"
    assert table.actor() is other and "adds 2" in text_of(table.last())
    assert dms(other) == []
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], "skipped without a word"
    assert [r for r in env.http_requests if r.path == f"/channels/{other.user.dm_channel.id}/messages"]


async def turn_in_quiet_hours(table, env, make_bot, start: datetime, zone: str):
    """From ``start``, the player who moves second has quiet hours 0-8 in ``zone`` and direct messages
    on, and it is their turn; returns the clock and that player."""
    clock = await clocked_bot(env, make_bot, start)
    actor = table.actor(await table.open())
    other = table.bob if actor is table.alice else table.alice
    await other.slash(table.channel, "game quiet", start=0, end=8, timezone=zone)
    await other.slash(table.channel, "game notify", dm="on")
    await actor.slash(table.channel, "duel move", notation="add 1")
    return clock, other


async def test_a_turn_message_in_quiet_hours_waits_for_their_end(table, env, make_bot):
    """New York at 02:00 on 8 March 2026, the night its clocks go forward: quiet hours 0-8 end at
    12:00 UTC (08:00 EDT), an hour earlier than the day before."""
    clock, other = await turn_in_quiet_hours(table, env, make_bot, datetime(2026, 3, 8, 7, tzinfo=UTC),
                                             "America/New_York")
    assert dms(other) == []
    await at(env, clock, datetime(2026, 3, 8, 11, 59, tzinfo=UTC))
    assert dms(other) == []
    await at(env, clock, datetime(2026, 3, 8, 12, tzinfo=UTC))
    [message] = dms(other)
    assert table.last().jump_url in text_of(message)
    await at(env, clock, datetime(2026, 3, 8, 13, tzinfo=UTC))
    assert len(dms(other)) == 1, "a held message is sent once"


async def test_a_turn_message_held_for_a_vacation_comes_at_once_after_an_early_return(table, env, make_bot):
    start = datetime(2026, 6, 1, 12, tzinfo=UTC)
    clock = await clocked_bot(env, make_bot, start)
    actor = table.actor(await table.open())
    other = table.bob if actor is table.alice else table.alice
    await other.slash(table.channel, "game notify", dm="on")
    await other.slash(table.channel, "game away", days=3)
    await actor.slash(table.channel, "duel move", notation="add 1")
    board = table.last()
    await at(env, clock, start + DAY)
    assert dms(other) == [], "held for the vacation"
    await other.slash(table.channel, "game back")
    await env.restart_bot(await make_bot(clock=clock))  # the moved timer is in the store
    await at(env, clock, start + DAY)
    [message] = dms(other)
    assert text_of(message).startswith("Your turn in **Duel to Ten** in ")
    assert board.jump_url in text_of(message)
    await at(env, clock, start + 3 * DAY + HOUR)
    assert len(dms(other)) == 1, "not again at the vacation's planned end"


async def test_turning_quiet_hours_off_sends_a_held_turn_message_at_once(table, env, make_bot):
    clock, other = await turn_in_quiet_hours(table, env, make_bot, datetime(2026, 6, 1, 2, tzinfo=UTC), "UTC")
    await at(env, clock, datetime(2026, 6, 1, 3, tzinfo=UTC))
    assert dms(other) == []
    await other.slash(table.channel, "game quiet", off=True)
    await at(env, clock, datetime(2026, 6, 1, 3, tzinfo=UTC))
    [message] = dms(other)
    assert table.last().jump_url in text_of(message)
    await at(env, clock, datetime(2026, 6, 1, 9, tzinfo=UTC))
    assert len(dms(other)) == 1
