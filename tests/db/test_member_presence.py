"""A member's presence in the store, on both backends: settings, vacations with their end timer,
and member timers that are taken (fired) exactly once, also by racing passes."""

import asyncio
import sqlite3
from datetime import timedelta

import asyncpg
import pytest
from store_fixtures import START

from db import Shards
from db.presence import AbsenceRow

DAY = timedelta(days=1)
GUILD = 1


async def test_settings_are_kept_per_guild_member_and_unknown_members_have_none(store):
    await store.set_quiet_hours(GUILD, 7, 23, 7, "Europe/Rome")
    await store.set_turn_dms(GUILD, 7, True)
    await store.set_turn_dms(2, 7, False)
    found = await store.member_presence(GUILD, [7, 8], START)
    mine = found[7].settings
    assert (mine.quiet_start, mine.quiet_end, mine.time_zone, mine.turn_dms) == (23, 7, "Europe/Rome", True)
    assert found[8].settings is None and found[8].absences == ()
    await store.set_quiet_hours(GUILD, 7, None, None, "Europe/Rome")
    mine = (await store.member_presence(GUILD, [7], START))[7].settings
    assert (mine.quiet_start, mine.quiet_end, mine.turn_dms) == (None, None, True)
    assert (await store.member_presence(2, [7], START))[7].settings.turn_dms is False
    assert await store.member_presence(GUILD, [], START) == {}


async def test_the_schema_refuses_hours_out_of_range_and_half_set_quiet_hours(store):
    refused = (sqlite3.IntegrityError, asyncpg.CheckViolationError)
    with pytest.raises(refused):
        await store.set_quiet_hours(GUILD, 7, 24, 7, "UTC")
    with pytest.raises(refused):
        await store.set_quiet_hours(GUILD, 7, 23, None, "UTC")
    assert (await store.member_presence(GUILD, [7], START))[7].settings is None


async def test_a_vacation_and_its_end_timer_are_written_together_once(store):
    assert await store.start_absence(GUILD, 7, START, START + 3 * DAY)
    assert not await store.start_absence(GUILD, 7, START + DAY, START + 2 * DAY), "away already"
    assert (await store.member_presence(GUILD, [7], START))[7].absences == (AbsenceRow(START, START + 3 * DAY),)
    assert await store.take_due_member_timers(START + 3 * DAY - timedelta(seconds=1)) == []
    [ended] = await store.take_due_member_timers(START + 3 * DAY)
    assert (ended.guild_id, ended.user_id, ended.kind, ended.game_id) == (GUILD, 7, "away_end", 0)
    assert await store.take_due_member_timers(START + 4 * DAY) == [], "taken once"


async def test_an_early_return_moves_the_end_and_drops_the_timer(store):
    await store.start_absence(GUILD, 7, START, START + 3 * DAY)
    assert await store.end_absence(GUILD, 7, START + DAY)
    assert not await store.end_absence(GUILD, 7, START + DAY), "not away any more"
    assert (await store.member_presence(GUILD, [7], START))[7].absences == (AbsenceRow(START, START + DAY),)
    assert await store.take_due_member_timers(START + 4 * DAY) == []
    assert (await store.member_presence(GUILD, [7], START + 2 * DAY))[7].absences == (), "ended before then"


async def test_away_back_and_away_again_in_one_instant_keeps_the_last_vacation(store):
    assert await store.start_absence(GUILD, 7, START, START + 3 * DAY)
    assert await store.end_absence(GUILD, 7, START)
    assert await store.start_absence(GUILD, 7, START, START + 2 * DAY)
    assert (await store.member_presence(GUILD, [7], START))[7].absences == (AbsenceRow(START, START + 2 * DAY),)
    [ended] = await store.take_due_member_timers(START + 2 * DAY)
    assert (ended.user_id, ended.kind) == (7, "away_end")


async def test_vacations_older_than_90_days_are_forgotten(store):
    await store.start_absence(GUILD, 7, START, START + DAY)
    await store.start_absence(GUILD, 7, START + 2 * DAY, START + 3 * DAY)
    await store.start_absence(GUILD, 7, START + 92 * DAY, START + 93 * DAY)
    kept = (await store.member_presence(GUILD, [7], START - DAY))[7].absences
    assert [a.starts_at for a in kept] == [START + 2 * DAY, START + 92 * DAY]


async def test_a_held_message_timer_moves_rather_than_doubles(store):
    await store.set_member_timer(GUILD, 7, "turn_dm", 5, START + DAY)
    await store.set_member_timer(GUILD, 7, "turn_dm", 5, START + 2 * DAY)
    await store.set_member_timer(GUILD, 7, "turn_dm", 6, START + DAY)
    assert [t.game_id for t in await store.take_due_member_timers(START + DAY)] == [6]
    assert [t.due_at for t in await store.take_due_member_timers(START + 2 * DAY)] == [START + 2 * DAY]


async def test_racing_passes_take_each_timer_once(store):
    for user in range(10):
        await store.set_member_timer(GUILD, user, "turn_dm", 5, START + user * timedelta(minutes=1))
    taken = await asyncio.gather(*(store.take_due_member_timers(START + DAY) for _ in range(4)))
    assert sorted(t.user_id for each in taken for t in each) == list(range(10))


async def test_a_sharded_store_takes_only_its_guilds_timers(store):
    first, second = 0 << 22, 1 << 22
    await store.set_member_timer(first, 7, "turn_dm", 5, START)
    await store.set_member_timer(second, 7, "turn_dm", 5, START)
    store._shards = Shards(2, frozenset({1}))
    assert [t.guild_id for t in await store.take_due_member_timers(START)] == [second]
    store._shards = None
    assert [t.guild_id for t in await store.take_due_member_timers(START)] == [first]


async def test_moving_a_members_timers_moves_all_their_games_of_that_kind_only(store):
    await store.set_member_timer(GUILD, 7, "turn_dm", 5, START + 3 * DAY)
    await store.set_member_timer(GUILD, 7, "turn_dm", 6, START + 3 * DAY)
    await store.start_absence(GUILD, 7, START, START + 3 * DAY)
    await store.set_member_timer(GUILD, 8, "turn_dm", 5, START + 3 * DAY)
    await store.set_member_timer(2, 7, "turn_dm", 5, START + 3 * DAY)
    assert await store.move_member_timers(GUILD, 7, "turn_dm", START + DAY) == 2
    moved = await store.take_due_member_timers(START + DAY)
    assert sorted((t.user_id, t.kind, t.game_id, t.due_at) for t in moved) == [
        (7, "turn_dm", 5, START + DAY), (7, "turn_dm", 6, START + DAY)]
    left = await store.take_due_member_timers(START + 3 * DAY)
    assert sorted((t.guild_id, t.user_id, t.kind) for t in left) == [
        (GUILD, 7, "away_end"), (GUILD, 8, "turn_dm"), (2, 7, "turn_dm")], "other kinds, members, guilds stay"
    assert await store.move_member_timers(GUILD, 7, "turn_dm", START) == 0
