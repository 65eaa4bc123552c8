"""Online backup (from the running store and from the command line) and the file check."""

import sqlite3
import subprocess
import sys
from pathlib import Path

from store_fixtures import minutes, real_game, sqlite_memory_only, sqlite_only

from db import NewTimer, Store
from db.__main__ import main
from db.maintenance import backup_file, check_file
from db.migrations import MIGRATIONS

FIRST_MOVE: list[str] = []


async def a_played_game(store: Store) -> int:
    game, stack = await real_game(store, moves=1)
    FIRST_MOVE[:] = [stack.moves[0][1]]
    await store.update_timers(game.id, timers=[NewTimer("reminder", 8, minutes(60))])
    await store.set_meta("command_sync_hash", "abc")
    return game.id


async def assert_same_game(copy_path, game_id: int) -> None:
    copy = await Store.open(copy_path)
    try:
        assert (await copy.get_game(game_id)).version == 2
        (seq, _, later) = await copy.load(game_id)
        assert seq == 0 and later == await copy.moves(game_id)
        assert [m.notation for m in await copy.moves(game_id)] == FIRST_MOVE
        assert [t.user_id for t in await copy.timers(game_id)] == [8]
        assert await copy.get_meta("command_sync_hash") == "abc"
    finally:
        await copy.close()


@sqlite_only
async def test_store_backup_makes_a_readable_copy_while_open(store, tmp_path):
    game_id = await a_played_game(store)
    destination = tmp_path / "backups" / "copy.db"
    await store.backup(destination)
    await store.set_meta("command_sync_hash", "after the backup")
    report = check_file(destination)
    assert report.ok and report.problems == [] and report.schema_version == len(MIGRATIONS)
    await assert_same_game(destination, game_id)


@sqlite_memory_only
async def test_memory_store_can_be_backed_up_to_a_file(memory_store, tmp_path):
    game_id = await a_played_game(memory_store)
    await memory_store.backup(tmp_path / "from-memory.db")
    await assert_same_game(tmp_path / "from-memory.db", game_id)


@sqlite_only
async def test_cli_backup_copies_a_live_database_and_checks_the_copy(store, tmp_path, capsys):
    game_id = await a_played_game(store)
    destination = tmp_path / "cli" / "copy.db"
    assert main(["backup", str(tmp_path / "bottega.db"), str(destination)]) == 0
    output = capsys.readouterr().out
    assert "integrity: ok" in output and f"schema version: {len(MIGRATIONS)} of {len(MIGRATIONS)}" in output
    await assert_same_game(destination, game_id)


def test_backup_file_does_not_migrate_an_old_source(tmp_path):
    old = tmp_path / "old.db"
    raw = sqlite3.connect(old)
    raw.executescript(MIGRATIONS[0])
    raw.execute("PRAGMA user_version = 1")
    raw.close()
    backup_file(old, tmp_path / "old-copy.db")
    for path in (old, tmp_path / "old-copy.db"):
        report = check_file(path)
        assert report.ok and report.schema_version == 1
    assert "older" in report.lines()[1]


async def test_check_reports_a_damaged_file(tmp_path, capsys):
    path = tmp_path / "damaged.db"
    await (await Store.open(path)).close()
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA journal_mode = DELETE")
    raw.execute("CREATE TABLE notes (text TEXT)")
    raw.execute("CREATE INDEX notes_by_text ON notes(text)")
    raw.executemany("INSERT INTO notes VALUES (?)", [(f"note {n:05}",) for n in range(3000)])
    raw.commit()
    # a leaf page of the index (the page after its root may be the schema's own, once it has grown)
    (index_leaf,) = raw.execute("SELECT pageno FROM dbstat WHERE name = 'notes_by_text' AND pagetype = 'leaf'"
                                " ORDER BY pageno LIMIT 1").fetchone()
    (page_size,) = raw.execute("PRAGMA page_size").fetchone()
    raw.close()
    data = bytearray(path.read_bytes())
    damaged_page = (index_leaf - 1) * page_size  # pages count from 1
    data[damaged_page + 200:damaged_page + 260] = b"\xff" * 60
    path.write_bytes(bytes(data))

    report = check_file(path)
    assert not report.ok and report.problems
    assert main(["check", str(path)]) == 1
    assert "integrity: FAILED" in capsys.readouterr().out


async def test_check_refuses_a_newer_schema_and_a_missing_file(tmp_path, capsys):
    future = tmp_path / "future.db"
    await (await Store.open(future)).close()
    raw = sqlite3.connect(future)
    raw.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    raw.close()
    assert main(["check", str(future)]) == 1
    assert "NEWER" in capsys.readouterr().out
    assert main(["check", str(tmp_path / "missing.db")]) == 2
    assert "no database file" in capsys.readouterr().err


async def test_python_dash_m_db_runs_the_cli(tmp_path):
    path = tmp_path / "bottega.db"
    await (await Store.open(path)).close()
    done = subprocess.run([sys.executable, "-m", "db", "check", str(path)], capture_output=True, text=True,
                          check=False, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    assert "integrity: ok" in done.stdout
