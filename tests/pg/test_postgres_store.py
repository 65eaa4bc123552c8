"""What only the PostgreSQL store has: its schema steps and marking, several stores at once on one
database, pg_dump backups, timers claimed per shard, and the copy from SQLite (the rest of its
behaviour is the store suite in tests/db, which runs on both backends)."""

import asyncio
from datetime import timedelta

import asyncpg
import pytest
from store_fixtures import START, minutes, real_game, started_game

import games
from db import (
    NewTimer,
    NotABottegaDatabase,
    PostgresStore,
    RefusedDatabase,
    Shards,
    SqliteStore,
    Store,
    TurnClock,
    open_store,
)
from db.__main__ import main
from db.backends import describe
from db.copy import copy_database
from db.migrations import MIGRATIONS as SQLITE_MIGRATIONS
from db.pg_migrations import MIGRATIONS
from db.postgres import postgres_program
from db.sql import postgres_sql
from db.ratings import Outcome, Placing
from db.rows import to_db_time
from db.shared import CLAIM_LEASE


def test_each_sqlite_schema_step_has_its_postgresql_step():
    assert len(MIGRATIONS) == len(SQLITE_MIGRATIONS) >= 6


def test_placeholders_are_numbered_in_order():
    assert postgres_sql("SELECT ? WHERE a = ? AND b IN (?, ?)") == "SELECT $1 WHERE a = $2 AND b IN ($3, $4)"


async def test_a_new_database_is_marked_and_migrated_and_several_processes_may_open_it_at_once(pg_url):
    stores = await asyncio.gather(*(PostgresStore.open(pg_url) for _ in range(4)))
    try:
        assert {await store.schema_version() for store in stores} == {len(MIGRATIONS)}
        game = await started_game(stores[0])
        assert (await stores[3].get_game(game.id)).version == game.version
    finally:
        await asyncio.gather(*(store.close() for store in stores))


async def test_another_programs_database_and_a_newer_schema_are_refused(pg_server):
    foreign = await pg_server.new_database()
    connection = await asyncpg.connect(foreign)
    await connection.execute("CREATE TABLE invoices (id INT)")
    await connection.close()
    with pytest.raises(NotABottegaDatabase, match="not a Bottega database"):
        await PostgresStore.open(foreign)
    newer = await pg_server.new_database()
    await (await PostgresStore.open(newer)).close()
    connection = await asyncpg.connect(newer)
    await connection.execute("UPDATE bottega_schema SET version = version + 1")
    await connection.close()
    with pytest.raises(RefusedDatabase, match="newer than this Bottega"):
        await PostgresStore.open(newer)


async def test_open_store_picks_the_backend_from_the_setting(pg_url, tmp_path):
    postgres = await open_store(pg_url)
    sqlite = await open_store(tmp_path / "bottega.db")
    try:
        assert isinstance(postgres, PostgresStore) and isinstance(sqlite, SqliteStore)
    finally:
        await postgres.close()
        await sqlite.close()
    assert (
        describe("postgresql://bot:secret@db.example:5432/bottega")
        == "postgresql://bot@db.example:5432/bottega"
    )
    assert describe(tmp_path / "x.db") == str(tmp_path / "x.db")


async def test_a_pg_dump_backup_restores_every_game(pg_server, pg_url, tmp_path):
    store = await PostgresStore.open(pg_url)
    try:
        game, stack = await real_game(store, moves=5)
        await store.update_timers(game.id, timers=[NewTimer("reminder", 8, minutes(60))])
        await store.backup(tmp_path / "bottega.dump")
    finally:
        await store.close()
    restored_url = await pg_server.new_database()
    restore = await asyncio.create_subprocess_exec(
        postgres_program("pg_restore"),
        "--no-owner",
        f"--dbname={restored_url}",
        str(tmp_path / "bottega.dump"),
    )
    assert await restore.wait() == 0
    restored = await PostgresStore.open(restored_url)
    try:
        loaded = await restored.load_game(game.id)
        assert loaded.game.version == game.version and [t.user_id for t in loaded.timers] == [8]
        assert [m.notation for m in await restored.moves(game.id)] == [n for _, n in stack.moves]
    finally:
        await restored.close()


async def test_timers_are_claimed_once_and_only_by_the_owner_of_the_guilds_shard(pg_url):
    first_shard_guild, second_shard_guild = 0 << 22, 1 << 22
    store = await PostgresStore.open(pg_url)
    try:
        games_by_guild = {}
        for channel, guild in ((100, first_shard_guild), (101, second_shard_guild)):
            game = await store.create_game(
                guild_id=guild,
                channel_id=channel,
                game_key="mor",
                options={},
                seed=1,
                players=1,
                host_id=7,
                now=START,
            )
            await store.update_timers(game.id, timers=[NewTimer("reminder", 7, minutes(5))])
            games_by_guild[guild] = game.id
        shard_zero, shard_one = Shards(2, frozenset({0})), Shards(2, frozenset({1}))
        claims = await asyncio.gather(*(store.claim_due_timers(minutes(10), shard_zero) for _ in range(5)))
        assert sorted(len(claimed) for claimed in claims) == [0, 0, 0, 0, 1]
        assert [t.game_id for claimed in claims for t in claimed] == [games_by_guild[first_shard_guild]]
        assert [t.game_id for t in await store.claim_due_timers(minutes(10), shard_one)] == [
            games_by_guild[second_shard_guild]
        ]
        after_lease = minutes(10) + CLAIM_LEASE
        assert len(await store.claim_due_timers(after_lease - timedelta(seconds=1), Shards.every())) == 0
        assert len(await store.claim_due_timers(after_lease, Shards.every())) == 2
        await store.update_timers(games_by_guild[first_shard_guild],
                                  timers=[NewTimer("reminder", 7, minutes(5))])
        assert len(await store.claim_due_timers(after_lease, shard_zero)) == 1
    finally:
        await store.close()


def test_shards_follow_discords_rule_and_refuse_impossible_sets():
    assert Shards(4, frozenset({2})).owns(2 << 22) and not Shards(4, frozenset({2})).owns(3 << 22)
    with pytest.raises(ValueError):
        Shards(2, frozenset({2}))


async def test_copy_moves_every_row_and_replays_every_game(pg_server, pg_url, tmp_path, capsys):
    source = tmp_path / "bottega.db"
    sqlite = await Store.open(source)
    expected = {}
    try:
        for channel, key in enumerate(games.keys(), start=100):
            game, _ = await real_game(sqlite, channel, key=key, moves=12)
            await sqlite.update_timers(game.id, timers=[NewTimer("reminder", 8, minutes(60))])
            await sqlite.add_vote(game.id, 7, "abandon")
            await sqlite.set_turn_clock(game.id, TurnClock(3600, "bank", 86400, "skip", 2), START)
            await sqlite._writing(lambda db: db.run(  # a seat with strikes, a used bank and an open flag
                "UPDATE seats SET strikes = 2, bank_seconds = 60, opened_at = ? WHERE game_id = ? AND seat = 1",
                (to_db_time(minutes(9)), game.id)))
            expected[game.id] = await sqlite.load_game(game.id)
        lobby = await sqlite.create_game(
            guild_id=1, channel_id=200, game_key="mor", options={}, seed=3, players=2, host_id=7, now=START
        )
        await sqlite.add_seat(lobby.id, -1, "Bottega AI (easy)", is_bot=True, ai_level="easy", now=START)
        await sqlite.set_language(lobby.id, "ko", START)
        await sqlite.set_meta("command_sync_hash", "abc")
    finally:
        await sqlite.close()
    assert await asyncio.to_thread(main, ["copy", "--from", str(source), "--to", pg_url]) == 0
    output = capsys.readouterr()
    assert f"{len(expected)} games replayed from PostgreSQL, every snapshot matches" in output.out
    progress = output.err.splitlines()  # plain lines on standard error: no terminal here
    assert progress[0] == "tables copied: 0 of 18" and "tables copied: 18 of 18" in progress
    assert progress[-1] == f"games checked: {len(expected) + 1} of {len(expected) + 1}"  # the lobby too
    store = await PostgresStore.open(pg_url)
    try:
        for game_id, loaded in expected.items():
            assert await store.load_game(game_id) == loaded
        assert await store.get_meta("command_sync_hash") == "abc"
        lobby = await store.active_game(200)
        assert [(s.user_id, s.ai_level) for s in await store.seats(lobby.id)] == [(-1, "easy")]
        assert lobby.language == "ko"
        after = await store.create_game(
            guild_id=1, channel_id=201, game_key="mor", options={}, seed=3, players=2, host_id=7, now=START
        )
        assert after.id == lobby.id + 1
    finally:
        await store.close()
    with pytest.raises(RefusedDatabase, match="already holds games"):
        await copy_database(source, pg_url)
    assert (
        await asyncio.to_thread(main, ["copy", "--from", str(tmp_path / "missing.db"), "--to", pg_url]) == 2
    )


async def test_games_finishing_at_once_in_two_processes_both_count_in_the_ratings(pg_url):
    """Each finished game's ratings are written in its last move's transaction; two games of one server
    ending together from two stores take turns, so neither update is lost."""
    first, second = await PostgresStore.open(pg_url), await PostgresStore.open(pg_url)
    try:
        games_started = [await started_game(first, 100 + n, (7, 8 + n)) for n in range(2)]

        async def finish(store, game, rival):
            placings = (Placing(7, "", "user7", 1, 5), Placing(rival, "", f"user{rival}", 2, 1))
            return await store.record_move(game.id, expected_version=game.version, seat=0, user_id=7,
                                           notation="last", now=START, finished=True, outcome=Outcome(placings))

        await asyncio.gather(finish(first, games_started[0], 8), finish(second, games_started[1], 9))
        rows = {row.user_id: row.rating for row in await first.ratings(1, game_key="mor")}
        assert (rows[7].games, rows[7].wins, rows[8].games, rows[9].games) == (2, 2, 1, 1)
    finally:
        await first.close()
        await second.close()


async def test_copy_carries_ratings_and_rematch_links(pg_server, pg_url, tmp_path):
    source = tmp_path / "bottega.db"
    sqlite = await Store.open(source)
    try:
        game = await started_game(sqlite, 100, (7, 8))
        placings = (Placing(7, "", "user7", 1, 5), Placing(0, "strong", "Bottega AI (strong)", 2, 1))
        game = await sqlite.record_move(game.id, expected_version=game.version, seat=0, user_id=7, notation="x",
                                        now=START, finished=True, outcome=Outcome(placings))
        again = await sqlite.create_game(guild_id=1, channel_id=100, game_key="mor", options={}, seed=3,
                                         players=2, host_id=7, now=START)
        await sqlite.record_rematch(again.id, game.id)
        expected = await sqlite.ratings(1)
    finally:
        await sqlite.close()
    await copy_database(source, pg_url)
    store = await PostgresStore.open(pg_url)
    try:
        assert await store.ratings(1) == expected and len(expected) == 2
        assert await store.rematch_links(game.id) == (None, again.id)
    finally:
        await store.close()
