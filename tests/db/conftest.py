"""The store's tests run on both backends: ``store`` and ``memory_store`` are an SQLite store and a
PostgreSQL store (a database of its own on a throwaway server, see ``tests/pg/server.py``).
Tests of what only SQLite has (the file, its pragmas, its lock) are marked ``sqlite_only``."""

import pytest

from db import Store
from db.postgres import PostgresStore
from tests.pg.server import server_or_skip

BACKENDS = ["sqlite", "postgresql"]


async def opened(backend: str, tmp_path):
    if backend == "sqlite":
        store = await Store.open(tmp_path / "bottega.db")
    elif backend == "sqlite-memory":
        store = await Store.open(":memory:")
    else:
        server = server_or_skip()
        url = await server.migrated_database()
        store = await PostgresStore.open(url)
    try:
        yield store
    finally:
        await store.close()
        if backend == "postgresql":
            await server.give_back(url)


@pytest.fixture(params=BACKENDS)
async def store(request, tmp_path):
    async for each in opened(request.param, tmp_path):
        yield each


@pytest.fixture(params=["sqlite-memory", "postgresql"])
async def memory_store(request, tmp_path):
    async for each in opened(request.param, tmp_path):
        yield each
