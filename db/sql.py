"""The two thin runners of the store's SQL, and every difference between the two dialects.

The store's SQL (``db.store``, ``db.presence``, ``db.replay``) is written once, with ``?``
placeholders and PostgreSQL's locking clauses, and run through a :class:`Connection`:

- :class:`SqliteConnection` runs it on an ``sqlite3`` connection, on that connection's own
  thread. SQLite has no row locks (a write transaction, ``BEGIN IMMEDIATE``, holds the whole
  database), so ``FOR UPDATE ...`` clauses and advisory locks are dropped; ties between seats
  that joined at the same instant are ordered by ``rowid``.
- :class:`PostgresConnection` runs it on an asyncpg connection, numbering the placeholders.

Both raise :class:`UniqueViolation` and :class:`ForeignKeyViolation` for the two constraint
failures the store turns into its own refusals.

A transaction body is an ``async`` function of a :class:`Connection`. On SQLite nothing in it
ever waits (each statement runs at once on the thread), so :func:`run_to_end` runs the whole body
there as one call: a transaction is one round trip, as if it were written as a plain function.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Awaitable, Iterable, Sequence
from functools import lru_cache
from typing import Any, Protocol, TypeVar

import asyncpg

T = TypeVar("T")
Row = Any
"""A row of either driver (``sqlite3.Row``, ``asyncpg.Record``): read by column name or position."""


class UniqueViolation(Exception):
    """A row would repeat a unique key (a seat taken twice, a second open game in a channel)."""


class ForeignKeyViolation(Exception):
    """A row names a parent that does not exist (a vote from a user without a seat)."""


class Connection(Protocol):
    """One connection inside one transaction, spoken to with ``?`` placeholders."""

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[Row]: ...

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Row | None: ...

    async def run(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement; how many rows it touched."""

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def lock(self, name: str) -> None:
        """Hold the lock ``name`` until the transaction ends (serialises work across processes)."""


_LOCKING = re.compile(r"\s+FOR UPDATE(?: OF \w+(?:, \w+)*)?(?: SKIP LOCKED)?")


@lru_cache(maxsize=512)
def sqlite_sql(sql: str) -> str:
    """The store's SQL as SQLite runs it.

    >>> sqlite_sql("SELECT id FROM t WHERE a = ? FOR UPDATE OF games, timers SKIP LOCKED) x")
    'SELECT id FROM t WHERE a = ?) x'
    >>> sqlite_sql("ORDER BY seats.joined_at, seats.joined_order")
    'ORDER BY seats.joined_at, seats.rowid'
    """
    return _LOCKING.sub("", sql).replace("seats.joined_order", "seats.rowid")


@lru_cache(maxsize=512)
def postgres_sql(sql: str) -> str:
    """The store's SQL as PostgreSQL runs it: placeholders numbered, SQLite's ``NOT INDEXED``
    (a read that must not trust an index) dropped, as PostgreSQL's planner chooses for itself.

    >>> postgres_sql("SELECT ? WHERE a = ? AND b IN (?, ?)")
    'SELECT $1 WHERE a = $2 AND b IN ($3, $4)'
    >>> postgres_sql("SELECT id FROM games NOT INDEXED WHERE channel_id = ?")
    'SELECT id FROM games WHERE channel_id = $1'
    """
    counter = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql.replace(" NOT INDEXED", ""))


def _sqlite_refusal(error: sqlite3.IntegrityError) -> Exception:
    name = getattr(error, "sqlite_errorname", "")
    if name in ("SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY"):
        return UniqueViolation(str(error))
    if name == "SQLITE_CONSTRAINT_FOREIGNKEY":
        return ForeignKeyViolation(str(error))
    return error


class SqliteConnection:
    """:class:`Connection` on an ``sqlite3`` connection; every call finishes before it returns."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def _execute(self, sql: str, params: Iterable[Any]) -> sqlite3.Cursor:
        try:
            return self.connection.execute(sqlite_sql(sql), tuple(params))
        except sqlite3.IntegrityError as error:
            raise _sqlite_refusal(error) from error

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return self._execute(sql, params).fetchall()

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        rows = self._execute(sql, params).fetchall()
        return rows[0] if rows else None

    async def run(self, sql: str, params: Iterable[Any] = ()) -> int:
        return self._execute(sql, params).rowcount

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            self.connection.executemany(sqlite_sql(sql), rows)
        except sqlite3.IntegrityError as error:
            raise _sqlite_refusal(error) from error

    async def lock(self, name: str) -> None:
        """Nothing to do: a write transaction on SQLite already holds the whole database."""


class PostgresConnection:
    """:class:`Connection` on an asyncpg connection (or pool, for single statements)."""

    def __init__(self, connection: asyncpg.Connection | asyncpg.Pool) -> None:
        self.connection = connection

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        try:
            return await self.connection.fetch(postgres_sql(sql), *params)
        except asyncpg.UniqueViolationError as error:
            raise UniqueViolation(str(error)) from error
        except asyncpg.ForeignKeyViolationError as error:
            raise ForeignKeyViolation(str(error)) from error

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        rows = await self.all(sql, params)
        return rows[0] if rows else None

    async def run(self, sql: str, params: Iterable[Any] = ()) -> int:
        try:
            status = await self.connection.execute(postgres_sql(sql), *params)
        except asyncpg.UniqueViolationError as error:
            raise UniqueViolation(str(error)) from error
        except asyncpg.ForeignKeyViolationError as error:
            raise ForeignKeyViolation(str(error)) from error
        return int(status.rsplit(" ", 1)[-1])  # a command status such as "UPDATE 3"

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self.connection.executemany(postgres_sql(sql), rows)

    async def lock(self, name: str) -> None:
        await self.run("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (name,))


def run_to_end(body: Awaitable[T]) -> T:
    """The result of ``body``, a coroutine that never waits (a transaction body on SQLite).

    >>> async def body(): return 42
    >>> run_to_end(body())
    42
    """
    steps = body.__await__()
    try:
        steps.send(None)
    except StopIteration as done:
        return done.value
    steps.close()
    raise RuntimeError("an SQLite transaction body waited on something other than its connection")
