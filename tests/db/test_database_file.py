"""Only a Bottega database is opened, a new one only where no file exists, and only by one process."""

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from store_fixtures import new_game, sqlite_only

from db import DamagedDatabase, DatabaseInUse, NotABottegaDatabase, Store
from db.__main__ import main
from db.migrations import APPLICATION_ID

ROOT = Path(__file__).resolve().parents[2]


def not_bottega_files(folder: Path) -> dict[str, Path]:
    files = {name: folder / f"{name}.db" for name in ("empty", "other sqlite", "other application", "text")}
    files["empty"].touch()
    raw = sqlite3.connect(files["other sqlite"])
    raw.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, title TEXT)")
    raw.commit()
    raw.close()
    raw = sqlite3.connect(files["other application"])
    raw.execute("PRAGMA application_id = 1234")
    raw.execute("CREATE TABLE games (id INTEGER)")
    raw.commit()
    raw.close()
    files["text"].write_text("DISCORD_TOKEN=not-a-database\n" * 200)
    return files


@pytest.mark.parametrize("kind", ["empty", "other sqlite", "other application", "text"])
async def test_the_store_refuses_a_file_that_is_not_a_bottega_database_and_leaves_it_alone(tmp_path, kind):
    path = not_bottega_files(tmp_path)[kind]
    before = path.read_bytes()
    with pytest.raises(NotABottegaDatabase) as refused:
        await Store.open(path)
    sentence = str(refused.value)
    assert str(path) in sentence and "not a Bottega" in sentence and sentence.count(". ") == 0
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists()


@pytest.mark.parametrize("kind", ["empty", "other sqlite", "other application", "text"])
def test_check_refuses_a_file_that_is_not_a_bottega_database(tmp_path, kind, capsys):
    path = not_bottega_files(tmp_path)[kind]
    assert main(["check", str(path)]) == 2
    error = capsys.readouterr().err.strip()
    assert "not a Bottega" in error and len(error.splitlines()) == 1


@pytest.mark.parametrize("kept", [0.5, 0.02])
async def test_a_bottega_database_cut_short_is_called_damaged_not_foreign(tmp_path, kept, capsys):
    path = tmp_path / "bottega.db"
    store = await Store.open(path)
    for channel in range(40):  # a file of many pages
        await new_game(store, channel_id=1000 + channel)
    await store.close()
    whole = path.read_bytes()
    path.write_bytes(whole[:int(len(whole) * kept)])
    with pytest.raises(DamagedDatabase) as refused:
        await Store.open(path)
    sentence = str(refused.value)
    assert sentence.startswith(f"{path} is a Bottega database, but it is damaged")
    assert "backup" in sentence and "docs/operator.md" in sentence and "not a Bottega" not in sentence
    assert main(["check", str(path)]) == 2
    assert "is a Bottega database, but it is damaged" in capsys.readouterr().err


async def test_a_new_database_is_created_only_where_no_file_exists_and_is_marked(tmp_path):
    path = tmp_path / "new" / "bottega.db"
    store = await Store.open(path)
    assert await store.pragma("application_id") == APPLICATION_ID
    await new_game(store)
    await store.close()
    assert not Path(f"{path}.new").exists()
    reopened = await Store.open(path)
    assert (await reopened.get_game(1)).game_key == "mor"
    await reopened.close()


async def test_a_write_ahead_log_left_by_a_deleted_database_is_not_replayed_onto_a_new_one(tmp_path):
    path = tmp_path / "bottega.db"
    old = sqlite3.connect(path, isolation_level=None)
    old.execute("PRAGMA journal_mode = WAL")
    old.execute("PRAGMA wal_autocheckpoint = 0")
    old.execute("CREATE TABLE photos (title TEXT)")
    old.execute("INSERT INTO photos VALUES ('kept only in the log')")
    wal = Path(f"{path}-wal").read_bytes()
    old.close()
    path.unlink()
    Path(f"{path}-wal").write_bytes(wal)  # the log of a database that was deleted, left behind
    store = await Store.open(path)
    try:
        assert await store.pragma("application_id") == APPLICATION_ID
        assert (await new_game(store)).id == 1
    finally:
        await store.close()
    raw = sqlite3.connect(path)
    assert "photos" not in {name for (name,) in raw.execute("SELECT name FROM sqlite_master")}
    assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    raw.close()


async def test_a_leftover_half_built_database_is_rebuilt_not_used(tmp_path):
    """A crash while creating a database leaves only ``<db>.new``; the next start builds afresh."""
    path = tmp_path / "bottega.db"
    Path(f"{path}.new").write_bytes(b"half a database")
    store = await Store.open(path)
    assert await store.pragma("application_id") == APPLICATION_ID
    await store.close()
    assert not Path(f"{path}.new").exists()


OPENER = textwrap.dedent("""
    import asyncio, sys
    from db import Store, StoreError
    async def main():
        await (await Store.open(sys.argv[1])).close()
    try:
        asyncio.run(main())
    except StoreError as refused:
        sys.exit(str(refused))
    print("opened")
""")


def open_elsewhere(path: Path) -> str:
    """What another process gets when it opens ``path``: "opened" or the sentence it was refused with."""
    done = subprocess.run([sys.executable, "-c", OPENER, str(path)], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    return done.stdout.strip() or done.stderr.strip()


HOLDER = textwrap.dedent("""
    import asyncio, sys
    from db import Store
    async def main():
        store = await Store.open(sys.argv[1])
        print("open", flush=True)
        await asyncio.sleep(60)
    asyncio.run(main())
""")


async def test_a_second_process_is_refused_with_one_sentence_and_may_start_once_the_first_dies(tmp_path):
    path = tmp_path / "shared.db"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], cwd=ROOT, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "open"
        assert open_elsewhere(path) == (
            f"{path} is already in use by process {holder.pid}: on SQLite only one Bottega process may run "
            "at a time (several processes need the PostgreSQL store).")
        with pytest.raises(DatabaseInUse):
            await Store.open(path)
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
    after_crash = await Store.open(path)
    await after_crash.close()


async def test_stores_of_one_process_share_its_lock_until_the_last_closes(tmp_path):
    path = tmp_path / "bottega.db"
    first = await Store.open(path)
    second = await Store.open(path)
    await first.close()
    assert open_elsewhere(path).startswith(f"{path} is already in use by process {os.getpid()}")
    await second.close()
    assert open_elsewhere(path) == "opened"
    again = await Store.open(path)
    await again.close()


@sqlite_only
async def test_check_and_backup_still_work_while_the_bot_has_the_database_open(store, tmp_path, capsys):
    await new_game(store)
    assert main(["check", str(tmp_path / "bottega.db")]) == 0
    assert main(["backup", str(tmp_path / "bottega.db"), str(tmp_path / "copy.db")]) == 0
    assert "integrity: ok" in capsys.readouterr().out
