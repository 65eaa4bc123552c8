"""The database file itself: one process at a time, and only a Bottega database.

SQLite serialises writes but not the bot's own read-then-write decisions (who is seated, which
reminders are due), so two bot processes on one file would seat two people in the last seat and
send every reminder twice. :func:`lock_database` holds an exclusive ``flock`` on ``<db>.lock``
for as long as a store of this process has the file open; the lock goes with the process, so a
crash never leaves it stale, and a forked child (a worker process) closes its copy at once.
Running several processes is what a server database is for, not SQLite.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
from pathlib import Path

from .errors import DamagedDatabase, DatabaseInUse, NotABottegaDatabase
from .migrations import APPLICATION_ID, UNMARKED_VERSIONS

BOTTEGA_TABLES = frozenset({"games", "seats", "moves", "snapshots", "timers", "meta"})


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


_held: dict[str, list[int]] = {}
"""The lock files this process holds: real path -> [descriptor, number of stores using it]."""
_held_guard = threading.Lock()


def _release_in_child() -> None:
    """In a child forked from this process (the AI's worker processes): close its copies of the
    lock descriptors, which would otherwise keep the lock for as long as the child lives, and
    refuse a bot restarted after a crash of this process."""
    for descriptor, _ in _held.values():
        os.close(descriptor)
    _held.clear()


os.register_at_fork(after_in_child=_release_in_child)


def lock_database(database: Path) -> str:
    """Take the database's lock for this process; returns a key for :func:`unlock`.

    Raises :class:`DatabaseInUse` (with the holder's process id when it can be read) if another
    process holds it. Stores in this process share the lock (a bot restarted in place opens its
    store before the old one is closed); the file stays locked until the last of them closes.
    """
    key = os.path.realpath(lock_path(database))
    with _held_guard:
        if key in _held:
            _held[key][1] += 1
            return key
        _held[key] = [_take(database, key), 1]
    return key


def _take(database: Path, key: str) -> int:
    descriptor = os.open(key, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(descriptor, 32).decode("ascii", "replace").strip()
        os.close(descriptor)
        by = f"process {holder}" if holder.isdigit() else "another process"
        raise DatabaseInUse(
            f"{database} is already in use by {by}: on SQLite only one Bottega process may run "
            "at a time (several processes need the PostgreSQL store)."
        ) from None
    except BaseException:
        os.close(descriptor)
        raise
    os.ftruncate(descriptor, 0)
    os.write(descriptor, f"{os.getpid()}\n".encode("ascii"))
    return descriptor


def unlock(key: str) -> None:
    with _held_guard:
        held = _held[key]
        held[1] -= 1
        if held[1] == 0:
            del _held[key]
            os.close(held[0])


def identify(connection: sqlite3.Connection, database: Path) -> None:
    """Refuse, with one sentence, a file that is not a Bottega database.

    A Bottega database carries :data:`APPLICATION_ID`; one made before databases were marked is
    known by its schema version and its tables (the next migration marks it).
    """
    if database.stat().st_size == 0:
        raise NotABottegaDatabase(
            f"{database} is an empty file, not a Bottega database; Bottega creates a new database "
            "only where no file exists."
        )
    try:
        (application_id,) = connection.execute("PRAGMA application_id").fetchone()
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        tables = {name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()}
    except sqlite3.DatabaseError:
        raise unreadable(database) from None
    if application_id == APPLICATION_ID:
        return
    if application_id == 0 and version in UNMARKED_VERSIONS and BOTTEGA_TABLES <= tables:
        return
    raise NotABottegaDatabase(f"{database} is an SQLite database but not a Bottega database.")


SQLITE_HEADER = b"SQLite format 3\x00"
APPLICATION_ID_AT = 68
"""Where the SQLite file header keeps ``PRAGMA application_id`` (4 bytes, big-endian)."""


def unreadable(database: Path) -> DamagedDatabase | NotABottegaDatabase:
    """Why SQLite cannot read ``database``, in one sentence: a file whose header is a Bottega
    database's (a file cut short, pages overwritten) is damaged, not foreign."""
    with open(database, "rb") as file:
        header = file.read(100)
    if not header.startswith(SQLITE_HEADER):
        return NotABottegaDatabase(f"{database} is not an SQLite database, so not a Bottega one.")
    marked = int.from_bytes(header[APPLICATION_ID_AT:APPLICATION_ID_AT + 4], "big", signed=True)
    if marked == APPLICATION_ID:
        return DamagedDatabase(
            f"{database} is a Bottega database, but it is damaged (cut short or overwritten) and SQLite cannot "
            "read it: keep the file, and restore the latest backup (see docs/operator.md).")
    return NotABottegaDatabase(f"{database} is a damaged SQLite database that is not marked as a Bottega one.")


def building_path(database: Path) -> Path:
    """Where a new database is built before it is moved into place (any leftover is removed)."""
    building = database.with_name(database.name + ".new")
    for leftover in (building, building.with_name(building.name + "-journal")):
        leftover.unlink(missing_ok=True)
    return building


def move_into_place(building: Path, database: Path) -> None:
    """Rename a finished new database onto its path, durably: a crash leaves no file or a whole one.

    A write-ahead log left beside a database file that was deleted is removed first: SQLite
    would otherwise replay the old database's pages onto the new one.
    """
    with open(building, "rb") as built:
        os.fsync(built.fileno())
    for stale in ("-wal", "-shm"):
        database.with_name(database.name + stale).unlink(missing_ok=True)
    os.replace(building, database)
    directory = os.open(database.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)
