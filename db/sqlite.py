"""The SQLite backend of the store (:class:`db.store.Store`): one database file, one process.

One :class:`SqliteStore` owns one aiosqlite connection and the database file's lock: **one process
per database file**. A second bot process on the same file is refused at open with
:class:`DatabaseInUse`; running several processes is what a server database (PostgreSQL) is for.
(Stores within one process share the lock: a bot restarted in place may open its store before
the old one is closed.) Within the process, every operation takes the store's lock and runs as one
function on the connection's own thread (``db.sql.run_to_end``), so a whole transaction is one
round trip and a multi-statement read never sees another coroutine's half-finished write.

Only a Bottega database is opened: a file that is empty, not SQLite, or another program's is
refused with :class:`NotABottegaDatabase`, and a new database is created only where no file
exists (built beside it and renamed into place, so a crash leaves no file or a whole one).

Durability: write-ahead log with ``synchronous = FULL``, so a write the store has returned from
(a move it acknowledged) survives a power cut.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import Callable, Collection, Iterable
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from . import files
from .migrations import MIGRATIONS, install_functions, statements
from .rows import decode_text
from .shared import Shards
from .sql import Row, SqliteConnection, run_to_end, sqlite_sql
from .store import Store, Work

T = TypeVar("T")
BUSY_TIMEOUT_MS = 5000


def _configure(db: sqlite3.Connection) -> None:
    db.row_factory = sqlite3.Row
    db.text_factory = decode_text
    install_functions(db)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}").close()
    db.execute("PRAGMA foreign_keys = ON").close()


class SqliteStore(Store):
    """Create with ``await SqliteStore.open(path)`` (or :meth:`Store.open`); ``await close()`` at exit."""

    def __init__(self, connection: aiosqlite.Connection, *, lock: str | None = None,
                 game_keys: Collection[str] | None = None, shards: Shards | None = None) -> None:
        self._db = connection
        self._lock = asyncio.Lock()
        self._file_lock = lock
        self._game_keys = game_keys
        self._shards = shards
        self._reported_damage: set[str] = set()

    # -- lifecycle ---------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, game_keys: Collection[str] | None = None,
                   shards: Shards | None = None) -> SqliteStore:
        """Open the database at ``path`` (creating it only where no file exists) and upgrade its schema.

        Refused with one sentence: :class:`DatabaseInUse` if another process has the file open,
        :class:`NotABottegaDatabase` if the file is not a Bottega database.
        """
        if game_keys is None:
            import games

            game_keys = frozenset(games.keys())
        if os.fspath(path) == ":memory:":
            store = cls(await cls._connect(":memory:"), game_keys=game_keys, shards=shards)
            await store._migrate()
            return store
        database = Path(path)
        database.parent.mkdir(parents=True, exist_ok=True)
        lock = await asyncio.to_thread(files.lock_database, database)
        try:
            if not database.exists():
                await cls._create(database)
            store = cls(await cls._connect(database), lock=lock, game_keys=game_keys, shards=shards)
        except BaseException:
            files.unlock(lock)
            raise
        try:
            await store._call(lambda db: files.identify(db, database))
            await store._call(lambda db: db.execute("PRAGMA journal_mode = WAL").fetchall())
            await store._call(lambda db: db.execute("PRAGMA synchronous = FULL").fetchall())
            await store._migrate()
        except BaseException:
            await store.close()
            raise
        return store

    @classmethod
    async def _connect(cls, path: str | Path) -> aiosqlite.Connection:
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            await connection._execute(_configure, connection._conn)
        except BaseException:
            await connection.close()
            raise
        return connection

    @classmethod
    async def _create(cls, database: Path) -> None:
        """Build a new database beside ``database`` and move it into place once it is whole."""
        building = await asyncio.to_thread(files.building_path, database)
        store = cls(await cls._connect(building))
        try:
            await store._migrate()
        finally:
            await store.close()
        await asyncio.to_thread(files.move_into_place, building, database)

    async def close(self) -> None:
        async with self._lock:
            try:
                await self._db.close()
            finally:
                if self._file_lock is not None:
                    files.unlock(self._file_lock)
                    self._file_lock = None

    async def _migrate(self) -> None:
        """Apply every migration past ``user_version``, each in its own transaction."""

        async def step(db: SqliteConnection) -> bool:
            applied = db.connection.execute("PRAGMA user_version").fetchall()[0][0]
            if self._schema_is_current(applied, len(MIGRATIONS)):
                return False
            for statement in statements(MIGRATIONS[applied]):
                db.connection.execute(statement).close()
            db.connection.execute(f"PRAGMA user_version = {applied + 1}").close()
            return True

        while await self._writing(step):
            pass

    async def schema_version(self) -> int:
        return await self.pragma("user_version")

    async def pragma(self, name: str) -> Any:
        """The value of a read-only PRAGMA such as ``journal_mode`` (for checks and tests)."""
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        return await self._call(lambda db: db.execute(f"PRAGMA {name}").fetchall()[0][0])

    async def backup(self, path: str | os.PathLike[str]) -> None:
        """Copy the live database to ``path`` with SQLite's online backup API (safe while running)."""
        destination_path = os.fspath(path)
        Path(destination_path).parent.mkdir(parents=True, exist_ok=True)
        async with self._lock:
            destination = await aiosqlite.connect(destination_path)
            try:
                await self._db.backup(destination)
            finally:
                await destination.close()

    # -- transactions --------------------------------------------------------------------------

    async def _call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` on the connection's own thread, under the store's lock: one round trip.

        aiosqlite queues every call to that thread in order (``_execute`` is how its own
        ``backup`` and ``create_function`` get there), so work queued here runs whole, in turn
        with every other statement, even if the awaiting task is cancelled meanwhile.
        """
        async with self._lock:
            return await self._db._execute(work, self._db._conn)

    async def _query(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        translated, values = sqlite_sql(sql), tuple(params)
        return await self._call(lambda db: db.execute(translated, values).fetchall())

    async def _reading(self, work: Work[T]) -> T:
        def read(db: sqlite3.Connection) -> T:
            db.execute("BEGIN")
            try:
                return run_to_end(work(SqliteConnection(db)))
            finally:
                db.execute("COMMIT")

        return await self._call(read)

    async def _writing(self, work: Work[T]) -> T:
        """``work`` inside one ``BEGIN IMMEDIATE`` transaction, committed only if it returns."""

        def write(db: sqlite3.Connection) -> T:
            db.execute("BEGIN IMMEDIATE")
            try:
                result = run_to_end(work(SqliteConnection(db)))
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return result

        return await self._call(write)
