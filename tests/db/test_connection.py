"""Connection settings: WAL, foreign keys, busy timeout; files and in-memory databases."""

import sqlite3
from datetime import datetime

import pytest
from store_fixtures import START, new_game, raw_execute, sqlite_memory_only, sqlite_only

from db import GameNotFound, NewTimer, Store
from db.sqlite import BUSY_TIMEOUT_MS


@sqlite_only
async def test_file_database_uses_wal_foreign_keys_and_busy_timeout(store):
    assert await store.pragma("journal_mode") == "wal"
    assert await store.pragma("foreign_keys") == 1
    assert await store.pragma("busy_timeout") == BUSY_TIMEOUT_MS


async def test_open_creates_missing_parent_directories(tmp_path):
    path = tmp_path / "nested" / "deeper" / "bottega.db"
    store = await Store.open(path)
    await store.close()
    assert path.is_file()


@sqlite_memory_only
async def test_memory_database_works_without_wal(memory_store):
    assert await memory_store.pragma("journal_mode") == "memory"
    assert await memory_store.pragma("foreign_keys") == 1
    game = await new_game(memory_store)
    assert (await memory_store.get_game(game.id)).game_key == "mor"


async def test_foreign_keys_refuse_rows_for_missing_games(tmp_path):
    path = tmp_path / "bottega.db"
    store = await Store.open(path)
    with pytest.raises(GameNotFound):
        await store.add_seat(999, 1, "ghost", now=START)
    with pytest.raises(GameNotFound):
        await store.update_timers(999, timers=[NewTimer("reminder", 1, START)])
    await store.close()
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA foreign_keys = ON")
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        raw.execute("INSERT INTO moves (game_id, seq, seat, user_id, notation, created_at)"
                    " VALUES (999, 1, 0, 1, 'x', 't')")
    raw.close()


async def test_deleting_a_game_cascades_to_its_rows(store):
    game = await new_game(store)
    await store.add_seat(game.id, 7, "host", now=START)
    await store.update_timers(game.id, timers=[NewTimer("reminder", 7, START)])
    await raw_execute(store, "DELETE FROM games WHERE id = ?", (game.id,))
    assert await store.seats(game.id) == []
    assert await store.timers(game.id) == []


async def test_naive_times_are_refused(memory_store):
    with pytest.raises(TypeError, match="timezone-aware"):
        await new_game(memory_store, now=datetime(2026, 3, 1, 12, 0))
