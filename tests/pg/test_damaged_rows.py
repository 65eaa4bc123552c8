"""Damaged rows on PostgreSQL raise the same DamagedGame, naming game and place, as on SQLite
(kinds that PostgreSQL's own constraints make impossible to write are left out)."""

import asyncio

import asyncpg
import pytest
from store_fixtures import DAMAGE, SECRET, minutes, real_game

from db import DamagedGame, NewTimer, PostgresStore
from db.__main__ import main

KINDS = ["snapshot text changed", "updated_at not a time", "seat out of range", "unknown game",
         "garbled timer time", "snapshot missing", "move missing"]


@pytest.mark.parametrize("kind", KINDS)
async def test_damage_on_postgresql_is_a_damaged_game_naming_the_place(pg_url, kind):
    statement, where = DAMAGE[kind]
    store = await PostgresStore.open(pg_url)
    try:
        for channel in (100, 101):
            game, _ = await real_game(store, channel, moves=1)
            await store.update_timers(game.id, timers=[NewTimer("reminder", 8, minutes(5))])
        raw = await asyncpg.connect(pg_url)
        await raw.execute(statement)
        await raw.close()
        with pytest.raises(DamagedGame) as damaged:
            await store.load_game(1)
        assert (damaged.value.game_id, damaged.value.where) == (1, where)
        assert SECRET not in str(damaged.value)
        assert (await store.load_game(2)).game.id == 2
        assert 2 in [entry.game.id for entry in await store.active_games_with_timers()]
    finally:
        await store.close()


async def test_db_check_reads_a_postgresql_database_as_it_reads_a_file(pg_server, pg_url, capsys):
    """``python -m db check postgresql://...`` replays every game, names damage, refuses another
    program's database; its progress goes to standard error as plain lines (no terminal here)."""
    store = await PostgresStore.open(pg_url)
    try:
        for channel in (100, 101):
            await real_game(store, channel, moves=3)
    finally:
        await store.close()
    assert await asyncio.to_thread(main, ["check", pg_url]) == 0
    sound = capsys.readouterr()
    assert "games: 2 replayed from their seeds, every snapshot matches" in sound.out
    assert "integrity: kept by the PostgreSQL server" in sound.out
    assert "games checked: 2 of 2" in sound.err
    statement, where = DAMAGE["snapshot text changed"]
    raw = await asyncpg.connect(pg_url)
    await raw.execute(statement)
    await raw.close()
    assert await asyncio.to_thread(main, ["check", pg_url]) == 1
    assert f"game 1: the saved {where} of game 1 is damaged" in capsys.readouterr().out
    foreign = await pg_server.new_database()
    assert await asyncio.to_thread(main, ["check", foreign]) == 2
    assert "not a Bottega database" in capsys.readouterr().err
