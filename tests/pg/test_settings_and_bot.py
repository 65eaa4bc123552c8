"""DATABASE_URL, SHARD_COUNT and SHARD_IDS; the bot over its own shards; the console on PostgreSQL."""

import io

import pytest

from bot.__main__ import parse_args
from bot.bot import BottegaBot, ShardedBottegaBot, create_bot, timer_shards
from bot.config import Config, ConfigError
from bot.console import play
from db import PostgresStore, Shards

URL = "postgresql://bot:secret@db.example/bottega"


def test_database_url_selects_postgresql_and_is_never_printed():
    config = Config.load(environ={"DATABASE_URL": URL, "DATABASE_PATH": "x.db"}, env_file=None)
    assert config.database == URL and "secret" not in repr(config)
    assert Config.load(environ={"DATABASE_PATH": "x.db"}, env_file=None).database == "x.db"


@pytest.mark.parametrize(
    "environ,shards",
    [
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-1"}, (4, (0, 1))),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "2, 5-6"}, (8, (2, 5, 6))),
        ({"SHARD_COUNT": "2"}, (2, (0, 1))),
        ({}, (None, None)),
    ],
)
def test_shard_settings(environ, shards):
    config = Config.load(environ=environ, env_file=None)
    assert (config.shard_count, config.shard_ids) == shards


@pytest.mark.parametrize(
    "environ,named",
    [
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "a-b"}, "SHARD_IDS"),
        ({"SHARD_IDS": "0"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
        ({"DATABASE_URL": "mysql://x"}, "DATABASE_URL"),
    ],
)
def test_bad_database_and_shard_settings_are_explained(environ, named):
    with pytest.raises(ConfigError, match=named):
        Config.load(environ=environ, env_file=None)


def test_the_bot_runs_over_its_own_shards_and_fires_only_their_timers():
    sharded = create_bot(Config(shard_count=4, shard_ids=(2, 3)), renderer=None)
    assert isinstance(sharded, ShardedBottegaBot)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [2, 3])
    assert type(create_bot(Config(), renderer=None)) is BottegaBot
    assert timer_shards(Config(shard_count=4, shard_ids=(2, 3))) == Shards(4, frozenset({2, 3}))
    assert timer_shards(Config(database_url=URL)) == Shards.every()
    assert timer_shards(Config()) is None


def test_the_console_takes_a_database_url():
    assert parse_args(["--local", "--db", URL]).db == URL


async def test_the_console_plays_on_postgresql(pg_url, tmp_path):
    out = io.StringIO()
    code = await play(
        Config(database_url=pg_url, render_workers=0),
        tmp_path / "images",
        [
            "@alice /game new game:mor players:2",
            "@bob /game join",
            "@alice /game start",
        ],
        out,
        interactive=False,
        seed=5,
    )
    assert code == 0, out.getvalue()
    store = await PostgresStore.open(pg_url)
    try:
        [game] = await store.active_games()
        assert [seat.display_name for seat in await store.seats(game.id)] != []
    finally:
        await store.close()
