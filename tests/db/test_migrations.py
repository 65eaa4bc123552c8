"""Numbered migrations: from an empty file, from every earlier version, atomically, never downgrading."""

import sqlite3

import pytest
from store_fixtures import START, append_move, build_at_version, minutes

import db.sqlite
from db import ChannelBusy, Store, StoreError
from db.migrations import APPLICATION_ID, MIGRATIONS, statements
from db.rows import snapshot_checksum

EXPECTED_TABLES = {"games", "seats", "moves", "snapshots", "timers", "meta", "votes",
                   "member_settings", "member_absences", "member_timers", "ratings", "rematches",
                   "board_posts", "turn_messages", "seat_changes", "rating_changes",
                   "coach_hints", "reviews"}


def table_names(raw: sqlite3.Connection) -> set[str]:
    rows = raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in rows} - {"sqlite_sequence"}


def test_there_are_several_honest_steps():
    assert len(MIGRATIONS) >= 2
    assert all(statements(script) for script in MIGRATIONS)


async def test_migrates_an_empty_file_to_the_latest_version(tmp_path):
    path = tmp_path / "fresh.db"
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    raw = sqlite3.connect(path)
    assert table_names(raw) == EXPECTED_TABLES
    indexes = {name for (name,) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"games_one_open_per_channel", "seats_by_user", "timers_by_due_at"} <= indexes
    raw.close()


@pytest.mark.parametrize("start_version", range(1, len(MIGRATIONS)))
async def test_upgrades_from_every_earlier_version_keeping_the_data(tmp_path, start_version):
    """A game in play (with an abandon vote from the days votes were a meta key) upgrades intact."""
    path = tmp_path / "old.db"
    raw = build_at_version(path, start_version)
    raw.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_key, options, seed, players, status, version,"
        " host_id, created_at, updated_at) VALUES (1, 1, 100, 'lim', '{\"x\": 1}', 9, 2, 'active', 2, 7,"
        " '2026-03-01T12:00:00.000000Z', '2026-03-01T12:00:00.000000Z')")
    raw.executemany("INSERT INTO seats (game_id, seat, user_id, display_name, joined_at)"
                    " VALUES (1, ?, ?, ?, '2026-03-01T12:00:00.000000Z')", [(0, 7, "ada"), (1, 8, "bea")])
    has_checksums = "checksum" in {row[1] for row in raw.execute("PRAGMA table_info(snapshots)")}
    snapshot = ('{"s": 0}', "2026-03-01T12:00:00.000000Z")
    if has_checksums:
        raw.execute("INSERT INTO snapshots VALUES (1, 0, ?, ?, ?)",
                    (*snapshot, snapshot_checksum(snapshot[0])))
    else:
        raw.execute("INSERT INTO snapshots VALUES (1, 0, ?, ?)", snapshot)
    raw.execute("INSERT INTO moves (game_id, seq, seat, user_id, notation, created_at, interaction_id)"
                " VALUES (1, 2, 0, 7, 'place tower', '2026-03-01T12:01:00.000000Z', 77)")
    votes_were_meta = "votes" not in table_names(raw)
    if not votes_were_meta:
        raw.execute("INSERT INTO votes VALUES (1, 8, 'abandon')")
    else:  # 99 has no seat, game 5 does not exist: neither vote can be carried over
        raw.executemany("INSERT INTO meta VALUES (?, ?)", [("abandon-votes:1", "[8, 99]"),
                                                           ("abandon-votes:5", "[7]"), ("other", "kept")])
    raw.close()

    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert await store.pragma("application_id") == APPLICATION_ID
        game = await store.get_game(1)
        assert (game.game_key, game.options, game.status, game.version) == ("lim", {"x": 1}, "active", 2)
        assert [s.display_name for s in await store.seats(1)] == ["ada", "bea"]
        seq, state, later = await store.load(1)
        assert (seq, state, [m.notation for m in later]) == (0, '{"s": 0}', ["place tower"])
        assert await store.votes(1, "abandon") == [8]
        assert await store.get_meta("abandon-votes:1") is None
        assert await store.get_meta("abandon-votes:5") is None
        assert await store.get_meta("other") == ("kept" if votes_were_meta else None)
        assert await append_move(store, 1, expected_version=2, seat=0, user_id=7, notation="pass",
                                       now=minutes(2)) == 3
        assert [g.id for g in await store.games_for_user(1, 7)] == [1]
        with pytest.raises(ChannelBusy):
            await store.create_game(guild_id=1, channel_id=100, game_key="mor", options={}, seed=1,
                                    players=2, host_id=7, now=START)
    finally:
        await store.close()


@pytest.mark.parametrize("start_version", range(1, len(MIGRATIONS)))
async def test_every_earlier_version_reaches_the_latest(tmp_path, start_version):
    path = tmp_path / f"v{start_version}.db"
    build_at_version(path, start_version).close()
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    assert await store.pragma("application_id") == APPLICATION_ID
    await store.close()
    raw = sqlite3.connect(path)
    assert table_names(raw) == EXPECTED_TABLES
    raw.close()


async def test_a_failing_migration_leaves_the_database_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "broken.db"
    build_at_version(path, len(MIGRATIONS)).close()
    broken = "CREATE TABLE half_done (x INTEGER);\nCREATE TABLE games (id INTEGER);\n"
    monkeypatch.setattr(db.sqlite, "MIGRATIONS", [*MIGRATIONS, broken])
    with pytest.raises(sqlite3.OperationalError, match="already exists"):
        await Store.open(path)
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone() == (len(MIGRATIONS),)
    assert "half_done" not in table_names(raw)
    raw.close()


async def test_a_newer_database_is_refused(tmp_path):
    path = tmp_path / "future.db"
    raw = build_at_version(path, len(MIGRATIONS))
    raw.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    raw.close()
    with pytest.raises(StoreError, match="newer"):
        await Store.open(path)


def test_statements_split_scripts_without_breaking_trigger_bodies():
    script = """
    -- a comment
    CREATE TABLE a (x TEXT DEFAULT 'semi;colon');
    CREATE TRIGGER t AFTER INSERT ON a BEGIN
        UPDATE a SET x = 'y';
        DELETE FROM a WHERE x = 'z';
    END;
    """
    parts = statements(script)
    assert len(parts) == 2
    assert parts[1].startswith("CREATE TRIGGER") and parts[1].endswith("END;")
    with pytest.raises(ValueError, match="unterminated"):
        statements("CREATE TABLE b (x)")
