"""Timers (upsert on game, kind and user; due; clear) and the meta key/value table."""

from datetime import timedelta, timezone

import pytest
from store_fixtures import START, minutes, new_game, started_game

from db import GameNotFound, NewTimer, Shards, TimerFilter
from db.shared import CLAIM_LEASE


async def test_update_timers_upserts_on_game_kind_and_user(store):
    game = await started_game(store)
    await store.update_timers(game.id, timers=[NewTimer("reminder", 7, minutes(60), {"nudges": 0})])
    await store.update_timers(game.id, timers=[NewTimer("reminder", 7, minutes(120), {"nudges": 1})])
    [timer] = await store.timers(game.id)
    assert (timer.game_id, timer.kind, timer.user_id, timer.due_at, timer.payload) == (
        game.id, "reminder", 7, minutes(120), {"nudges": 1})
    await store.update_timers(game.id, timers=[NewTimer("deadline", 7, minutes(90))])
    await store.update_timers(game.id, timers=[NewTimer("reminder", 8, minutes(30))])
    assert [(t.kind, t.user_id, t.payload) for t in await store.timers(game.id)] == [
        ("reminder", 8, {}), ("deadline", 7, {}), ("reminder", 7, {"nudges": 1})]


async def test_due_timers_are_those_at_or_before_now_earliest_first(store):
    first = await started_game(store, channel_id=100)
    second = await started_game(store, channel_id=101)
    await store.update_timers(first.id, timers=[NewTimer("reminder", 7, minutes(10))])
    await store.update_timers(second.id, timers=[NewTimer("reminder", 8, minutes(5)),
                                                 NewTimer("deadline", 8, minutes(30))])
    assert await store.due_timers(minutes(4)) == []
    assert [(t.game_id, t.due_at) for t in await store.due_timers(minutes(10))] == [
        (second.id, minutes(5)), (first.id, minutes(10))]
    assert len(await store.due_timers(minutes(30))) == 3


async def test_due_timers_compare_times_across_time_zones(store):
    game = await started_game(store)
    rome = timezone(timedelta(hours=1))
    await store.update_timers(game.id, timers=[NewTimer("reminder", 7, START.astimezone(rome))])
    [timer] = await store.due_timers(START)
    assert timer.due_at == START and timer.due_at.tzinfo == timezone.utc
    assert await store.due_timers(START - timedelta(microseconds=1)) == []


async def test_update_timers_clears_by_game_kind_and_user(store):
    game = await started_game(store)
    other = await started_game(store, channel_id=101)
    await store.update_timers(game.id, timers=[NewTimer(kind, user_id, START)
                                               for kind in ("reminder", "deadline") for user_id in (7, 8)])
    await store.update_timers(other.id, timers=[NewTimer("reminder", 7, START)])
    assert await store.update_timers(game.id, clear=[TimerFilter("reminder", 7)]) == 1
    assert await store.update_timers(game.id, clear=[TimerFilter(user_id=8)]) == 2
    assert [(t.kind, t.user_id) for t in await store.timers(game.id)] == [("deadline", 7)]
    assert await store.update_timers(game.id, clear=[TimerFilter("deadline")]) == 1
    assert await store.timers(game.id) == []
    assert len(await store.timers(other.id)) == 1
    await store.update_timers(other.id, timers=[NewTimer("deadline", 8, START)])
    assert await store.update_timers(other.id, clear=[TimerFilter()]) == 2


async def test_timers_refuse_unknown_kinds_and_games(store):
    game = await new_game(store)
    with pytest.raises(ValueError):
        await store.update_timers(game.id, timers=[NewTimer("alarm", 7, START)])
    with pytest.raises(GameNotFound):
        await store.update_timers(999, timers=[NewTimer("deadline", 7, START)])


async def test_meta_get_and_set(memory_store):
    assert await memory_store.get_meta("command_sync_hash") is None
    await memory_store.set_meta("command_sync_hash", "abc123")
    await memory_store.set_meta("command_sync_hash", "def456")
    assert await memory_store.get_meta("command_sync_hash") == "def456"


async def test_claimed_timers_are_skipped_until_moved_cleared_or_the_claim_runs_out(store):
    game = await started_game(store)
    other = await started_game(store, channel_id=101)
    await store.update_timers(game.id, timers=[NewTimer("reminder", 7, minutes(5))])
    await store.update_timers(other.id, timers=[NewTimer("deadline", 8, minutes(6))])
    every = Shards.every()
    assert [t.game_id for t in await store.claim_due_timers(minutes(10), every)] == [game.id, other.id]
    assert await store.claim_due_timers(minutes(10), every) == []
    assert len(await store.due_timers(minutes(10))) == 2  # reading is not claiming
    await store.update_timers(game.id, timers=[NewTimer("reminder", 7, minutes(8))])
    assert [t.game_id for t in await store.claim_due_timers(minutes(10), every)] == [game.id]
    assert await store.claim_due_timers(minutes(10) + CLAIM_LEASE, Shards(2, frozenset({1}))) == []  # guild 1
    assert [t.game_id for t in await store.claim_due_timers(minutes(10) + CLAIM_LEASE, every)] == [
        other.id, game.id]  # earliest due first
