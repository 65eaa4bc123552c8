"""A whole move in one transaction: the move, its snapshot, the status, the timers and the board
message; the start likewise; the read that loads a game; durability."""

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from store_fixtures import START, finish_game, minutes, new_game, sqlite_only, started_game

from db import (
    BoardMessage,
    DuplicateInteraction,
    GameNotFound,
    NewTimer,
    StaleVersion,
    Store,
    TimerFilter,
    WrongStatus,
)

ROOT = Path(__file__).resolve().parents[2]


def timer_set(timers) -> set[tuple[str, int, object]]:
    return {(t.kind, t.user_id, t.due_at) for t in timers}


async def test_record_move_writes_move_snapshot_status_timers_and_board_in_one_call(store):
    game = await started_game(store)
    await store.update_timers(game.id, timers=[NewTimer("reminder", 7, minutes(60)),
                                               NewTimer("deadline", 7, minutes(90))])
    row = await store.record_move(
        game.id, expected_version=game.version, seat=0, user_id=7, notation="market row-2", now=minutes(3),
        interaction_id=5, snapshot='{"after": 1}', clear_timers=[TimerFilter(user_id=7)],
        timers=[NewTimer("reminder", 8, minutes(63), {"nudges": 0})],
        board_message=BoardMessage(42, "https://discord.com/channels/1/100/42"),
    )
    assert row == await store.get_game(game.id)
    assert (row.version, row.status, row.last_move_at, row.board_message_id) == (game.version + 1, "active",
                                                                                   minutes(3), 42)
    assert await store.latest_snapshot(game.id) == (row.version, '{"after": 1}')
    [timer] = await store.timers(game.id)
    assert (timer.kind, timer.user_id, timer.due_at, timer.payload) == (
        "reminder", 8, minutes(63), {"nudges": 0})


async def test_record_move_clears_before_it_sets_and_may_finish_the_game(store):
    game = await started_game(store)
    await store.update_timers(game.id, timers=[NewTimer("reminder", 7, minutes(1)),
                                               NewTimer("reminder", 8, minutes(1))])
    row = await store.record_move(game.id, expected_version=game.version, seat=0, user_id=7, notation="a",
                                  now=minutes(2), clear_timers=[TimerFilter("reminder")],
                                  timers=[NewTimer("reminder", 7, minutes(9))])
    assert timer_set(await store.timers(game.id)) == {("reminder", 7, minutes(9))}
    last = await store.record_move(game.id, expected_version=row.version, seat=1, user_id=8, notation="b",
                                   now=minutes(3), snapshot='{"over": 1}', finished=True,
                                   clear_timers=[TimerFilter()])
    assert last.status == "finished" and await store.timers(game.id) == []
    assert await store.active_game(game.channel_id) is None


@pytest.mark.parametrize("refusal", ["stale", "duplicate", "finished", "unknown timer kind"])
async def test_a_refused_record_move_writes_nothing_at_all(store, refusal):
    game = await started_game(store)
    await store.record_move(game.id, expected_version=game.version, seat=0, user_id=7, notation="a",
                            now=minutes(1), interaction_id=1, timers=[NewTimer("reminder", 8, minutes(60))])
    before = await store.load_game(game.id)
    version = before.game.version
    expected, interaction, kind, error = {
        "stale": (version - 1, 2, "reminder", StaleVersion),
        "duplicate": (version, 1, "reminder", DuplicateInteraction),
        "finished": (version, 2, "reminder", None),
        "unknown timer kind": (version, 2, "alarm", ValueError),
    }[refusal]
    if refusal == "finished":
        finished = await finish_game(store, before.game, minutes(2))
        before, expected, error = await store.load_game(game.id), finished.version, WrongStatus
    with pytest.raises(error):
        await store.record_move(game.id, expected_version=expected, seat=1, user_id=8, notation="b",
                                now=minutes(5), interaction_id=interaction, snapshot='{"b": 1}',
                                clear_timers=[TimerFilter()], timers=[NewTimer(kind, 7, minutes(70))],
                                board_message=BoardMessage(9, "u"))
    assert await store.load_game(game.id) == before
    with pytest.raises(GameNotFound):
        await store.record_move(999, expected_version=0, seat=0, user_id=7, notation="x", now=START)


async def test_record_start_numbers_seats_saves_the_start_and_sets_timers_at_once(store):
    game = await new_game(store)
    for user_id in (7, 8):
        await store.add_seat(game.id, user_id, f"u{user_id}", now=START)
    with pytest.raises(ValueError):
        await store.record_start(game.id, expected_version=0, snapshot="{}", now=START, seat_order=[8],
                                 timers=[NewTimer("reminder", 8, minutes(60))])
    assert (await store.get_game(game.id)).status == "lobby" and await store.timers(game.id) == []
    row = await store.record_start(game.id, expected_version=0, snapshot='{"s": 0}', now=minutes(1),
                                   seat_order=[8, 7], timers=[NewTimer("reminder", 8, minutes(61))])
    assert (row.status, row.version, row.updated_at) == ("active", 1, minutes(1))
    loaded = await store.load_game(game.id)
    assert [(s.seat, s.user_id) for s in loaded.seats] == [(0, 8), (1, 7)]
    assert (loaded.snapshot.seq, loaded.snapshot.state, loaded.moves) == (0, '{"s": 0}', [])
    assert timer_set(loaded.timers) == {("reminder", 8, minutes(61))}
    with pytest.raises(WrongStatus):
        await store.record_start(game.id, expected_version=1, snapshot="{}", now=START)


async def test_load_game_and_load_channel_read_everything_about_a_game(store):
    game = await started_game(store)
    row = await store.record_move(game.id, expected_version=game.version, seat=0, user_id=7, notation="a",
                                  now=minutes(1), snapshot='{"a": 1}')
    await store.record_move(game.id, expected_version=row.version, seat=1, user_id=8, notation="b",
                            now=minutes(2), timers=[NewTimer("reminder", 7, minutes(62))])
    await store.add_vote(game.id, 8, "abandon")
    loaded = await store.load_channel(game.channel_id)
    assert loaded == await store.load_game(game.id)
    assert loaded.game == await store.get_game(game.id)
    assert loaded.seats == await store.seats(game.id)
    assert (loaded.snapshot.seq, loaded.snapshot.state) == (row.version, '{"a": 1}')
    assert [m.notation for m in loaded.moves] == ["b"]
    assert loaded.timers == await store.timers(game.id)
    assert loaded.votes == {"abandon": [8]}
    lobby = await new_game(store, channel_id=101)
    assert (await store.load_channel(101)).snapshot is None
    assert await store.load_game(999) is None and await store.load_channel(555) is None
    await store.close_game(lobby.id, "abandoned", START)
    assert await store.load_channel(101) is None
    assert (await store.load_game(lobby.id)).game.status == "abandoned"


@sqlite_only
async def test_one_move_and_one_load_are_one_round_trip_each(store, monkeypatch):
    """Each store call reaches the database thread once, whatever it reads or writes."""
    game = await started_game(store)
    trips = []
    real = store._db._execute

    async def counted(function, *args, **kwargs):
        trips.append(function)
        return await real(function, *args, **kwargs)

    monkeypatch.setattr(store._db, "_execute", counted)
    row = await store.record_move(game.id, expected_version=game.version, seat=0, user_id=7, notation="a",
                                  now=minutes(1), snapshot="{}", clear_timers=[TimerFilter("reminder")],
                                  timers=[NewTimer("reminder", 8, minutes(60))],
                                  board_message=BoardMessage(1, "u"))
    assert len(trips) == 1
    await store.load_game(game.id)
    assert len(trips) == 2 and row.version == game.version + 1


async def test_update_timers_and_active_games_with_timers(store):
    first = await started_game(store, channel_id=100)
    second = await started_game(store, channel_id=101)
    lobby = await new_game(store, channel_id=102)
    await store.update_timers(first.id, timers=[NewTimer("reminder", 7, minutes(5)),
                                                NewTimer("deadline", 7, minutes(9))])
    await store.update_timers(lobby.id, timers=[NewTimer("reminder", 7, minutes(1))])
    assert await store.update_timers(first.id, clear=[TimerFilter("deadline")],
                                     timers=[NewTimer("reminder", 8, minutes(6))]) == 1
    listed = await store.active_games_with_timers()
    assert [(entry.game.id, timer_set(entry.timers)) for entry in listed] == [
        (first.id, {("reminder", 7, minutes(5)), ("reminder", 8, minutes(6))}), (second.id, set())]
    with pytest.raises(GameNotFound):
        await store.update_timers(999, timers=[NewTimer("reminder", 7, START)])


async def test_a_board_message_for_an_old_version_never_replaces_a_newer_one(store):
    game = await started_game(store)
    row = await store.record_move(game.id, expected_version=game.version, seat=0, user_id=7, notation="a",
                                  now=minutes(1))
    assert await store.set_board_message(game.id, 1, "old", for_version=game.version) is False
    assert await store.set_board_message(game.id, 2, "new", for_version=row.version) is True
    assert (await store.get_game(game.id)).board_jump_url == "new"
    with pytest.raises(GameNotFound):
        await store.set_board_message(999, 1, "x", for_version=1)


async def test_close_game_clears_timers_and_votes_in_the_same_transaction(store):
    game = await started_game(store)
    await store.update_timers(game.id, timers=[NewTimer("reminder", 7, minutes(5))])
    await store.add_vote(game.id, 7, "abandon")
    closed = await store.close_game(game.id, "abandoned", minutes(3))
    assert (closed.status, closed.updated_at) == ("abandoned", minutes(3))
    assert await store.timers(game.id) == [] and await store.votes(game.id, "abandon") == []
    with pytest.raises(ValueError):
        await store.close_game(game.id, "lobby", START)
    with pytest.raises(GameNotFound):
        await store.close_game(999, "abandoned", START)


@sqlite_only
async def test_writes_are_fully_durable(store):
    """WAL with synchronous FULL: a commit is on disk before the store returns."""
    assert await store.pragma("journal_mode") == "wal"
    assert await store.pragma("synchronous") == 2


async def test_an_acknowledged_move_and_its_timers_survive_the_process_being_killed(tmp_path):
    """A process records a move, says so, and is killed at once: the move and its timers are there."""
    path = tmp_path / "killed.db"
    store = await Store.open(path)
    game = await started_game(store)
    await store.close()
    script = textwrap.dedent(f"""
        import asyncio, sys, time
        from datetime import datetime, timezone
        from db import NewTimer, Store, TimerFilter
        async def main():
            store = await Store.open({str(path)!r})
            due = datetime(2026, 3, 2, tzinfo=timezone.utc)
            await store.record_move({game.id}, expected_version={game.version}, seat=0, user_id=7,
                                    notation="acknowledged", now=due, clear_timers=[TimerFilter()],
                                    timers=[NewTimer("reminder", 8, due)])
            print("recorded", flush=True)
            time.sleep(60)
        asyncio.run(main())
    """)
    child = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "recorded"
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    reopened = await Store.open(path)
    try:
        assert [m.notation for m in await reopened.moves(game.id)] == ["acknowledged"]
        assert [(t.kind, t.user_id) for t in await reopened.timers(game.id)] == [("reminder", 8)]
    finally:
        await reopened.close()


async def test_a_cancelled_record_move_is_all_or_nothing(store):
    game = await started_game(store)
    task = asyncio.create_task(store.record_move(
        game.id, expected_version=game.version, seat=0, user_id=7, notation="m", now=START,
        timers=[NewTimer("reminder", 8, minutes(60))]))
    await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    loaded = await store.load_game(game.id)
    assert (len(loaded.moves), len(loaded.timers)) in [(0, 0), (1, 1)]
