"""The PostgreSQL backend of the store (:class:`db.store.Store`): several bot processes, on one or
more machines, sharing one database.

What keeps processes from stepping on each other, beyond what the store's SQL does everywhere
(row locks on a game's row, ``SKIP LOCKED`` claims of due timers, see ``db.store``):

- a seat is taken once: ``UNIQUE (game_id, user_id)`` and ``UNIQUE (game_id, seat)``, and the seat
  count is checked under the game's row lock (:class:`TableFull`);
- ratings and one member's vacations are changed under advisory locks (``Connection.lock``);
- schema upgrades run under an advisory lock, so processes starting together apply each step once.

Every operation is one transaction on a connection of a small pool. A database is refused
(:class:`NotABottegaDatabase`) if it holds tables but no Bottega schema mark.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator, Collection, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote, urlsplit, urlunsplit

import asyncpg

from .errors import NotABottegaDatabase
from .pg_migrations import MARK, MIGRATION_LOCK, MIGRATIONS
from .shared import Shards
from .sql import PostgresConnection
from .store import Store, Work

T = TypeVar("T")
POOL_SIZE = 4


def is_postgres_url(target: str | os.PathLike[str]) -> bool:
    return isinstance(target, str) and target.startswith(("postgres://", "postgresql://"))


class PostgresStore(Store):
    """Create with ``await PostgresStore.open(url)``; ``await close()`` at exit."""

    def __init__(self, pool: asyncpg.Pool, url: str, *, game_keys: Collection[str] | None,
                 shards: Shards | None) -> None:
        self._pool = pool
        self._url = url
        self._game_keys = game_keys
        self._shards = shards
        self._reported_damage: set[str] = set()

    # -- lifecycle ---------------------------------------------------------------------------

    @classmethod
    async def open(cls, url: str, *, game_keys: Collection[str] | None = None, shards: Shards | None = None,
                   pool_size: int = POOL_SIZE) -> PostgresStore:
        """Connect to ``url``, mark an empty database as Bottega's and apply every pending migration.

        With ``shards``, :meth:`due_timers` claims the due timers of those shards' guilds only.
        """
        if game_keys is None:
            import games

            game_keys = frozenset(games.keys())
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        store = cls(pool, url, game_keys=game_keys, shards=shards)
        try:
            await store._migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[PostgresConnection]:
        """One transaction, committed only if the body returns (a cancelled body rolls back)."""
        async with self._pool.acquire() as connection, connection.transaction():
            yield PostgresConnection(connection)

    @asynccontextmanager
    async def _consistent_read(self) -> AsyncIterator[PostgresConnection]:
        """A read-only transaction in which every query sees the same committed database."""
        async with self._pool.acquire() as connection, connection.transaction(
                isolation="repeatable_read", readonly=True):
            yield PostgresConnection(connection)

    async def _migrate(self) -> None:
        while True:
            async with self._transaction() as db:
                await db.run("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
                applied = await self._applied(db)
                if self._schema_is_current(applied, len(MIGRATIONS)):
                    return
                await db.connection.execute(MIGRATIONS[applied])
                await db.run("UPDATE bottega_schema SET version = ?", (applied + 1,))

    @staticmethod
    async def _applied(db: PostgresConnection) -> int:
        """The schema version; an empty database is marked as Bottega's at version 0."""
        tables = {row["tablename"] for row in await db.all(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
        if "bottega_schema" in tables:
            return (await db.one("SELECT version FROM bottega_schema"))["version"]
        if tables:
            raise NotABottegaDatabase(
                "The PostgreSQL database holds tables but is not a Bottega database; "
                "give Bottega a database of its own.")
        await db.connection.execute(MARK)
        return 0

    async def schema_version(self) -> int:
        return (await self._query("SELECT version FROM bottega_schema"))[0]["version"]

    async def _query(self, sql: str, params: Iterable[Any] = ()) -> list[asyncpg.Record]:
        """One statement, so one snapshot of the database and one round trip: no transaction needed."""
        return await PostgresConnection(self._pool).all(sql, params)

    async def _reading(self, work: Work[T]) -> T:
        async with self._consistent_read() as db:
            return await work(db)

    async def _writing(self, work: Work[T]) -> T:
        async with self._transaction() as db:
            return await work(db)

    # -- maintenance ---------------------------------------------------------------------------

    async def backup(self, path: str | os.PathLike[str]) -> None:
        """A consistent ``pg_dump`` of the live database in its custom format (``pg_restore`` reads it)."""
        destination = Path(path)
        destination.parent.mkdir(parents=True, exist_ok=True)
        target, environment = dump_target(self._url)
        dump = await asyncio.create_subprocess_exec(
            postgres_program("pg_dump"), "--format=custom", f"--file={destination}",
            f"--dbname={target}", stderr=asyncio.subprocess.PIPE, env=environment)
        _, errors = await dump.communicate()
        if dump.returncode != 0:
            raise RuntimeError(f"pg_dump failed: {errors.decode(errors='replace').strip()}")


def dump_target(url: str) -> tuple[str, dict[str, str]]:
    """The address and environment for a PostgreSQL client program started on ``url``.

    The password goes through the environment (``PGPASSWORD``), never on the command line, where
    every user of the machine could read it in the process list.

    >>> address, environment = dump_target("postgresql://bot:s%40cret@db.example:5432/bottega")
    >>> address, environment["PGPASSWORD"]
    ('postgresql://bot@db.example:5432/bottega', 's@cret')
    """
    address = urlsplit(url)
    environment = dict(os.environ)
    if address.password is not None:
        environment["PGPASSWORD"] = unquote(address.password)
        userinfo, _, hostport = address.netloc.rpartition("@")
        address = address._replace(netloc=f"{userinfo.split(':', 1)[0]}@{hostport}")
    return urlunsplit(address), environment


def postgres_program(name: str) -> str:
    """A PostgreSQL client or server program: on ``PATH``, else from the newest Debian install."""
    found = shutil.which(name)
    if found:
        return found
    installed = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"),
                       key=lambda path: int(path.parts[-3]) if path.parts[-3].isdigit() else 0)
    if not installed:
        raise FileNotFoundError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return str(installed[-1])
