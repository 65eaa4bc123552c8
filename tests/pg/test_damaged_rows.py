"""Damaged rows on PostgreSQL raise the same DamagedGame, naming game and place, as on SQLite
(kinds that PostgreSQL's own constraints make impossible to write are left out)."""

import asyncpg
import pytest
from store_fixtures import DAMAGE, SECRET, minutes, real_game

from db import DamagedGame, NewTimer, PostgresStore

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
