"""The store's tests run on both backends: ``store`` and ``memory_store`` are an SQLite store and a
PostgreSQL store (a database of its own on a throwaway server, see ``tests/pg/server.py``).
Tests of what only SQLite has (the file, its pragmas, its lock) are marked ``sqlite_only``."""

import pytest

from db import Store
from db.postgres import PostgresStore
from tests.pg.server import server_or_skip

BACKENDS = ["sqlite", "postgresql"]


async def open_backend(backend: str, tmp_path) -> Store | PostgresStore:
    if backend == "sqlite":
        return await Store.open(tmp_path / "bottega.db")
    return await PostgresStore.open(await server_or_skip().migrated_database())


@pytest.fixture(params=BACKENDS)
async def store(request, tmp_path):
    opened = await open_backend(request.param, tmp_path)
    yield opened
    await opened.close()


@pytest.fixture(params=["sqlite-memory", "postgresql"])
async def memory_store(request, tmp_path):
    opened = await (Store.open(":memory:") if request.param == "sqlite-memory"
                    else open_backend(request.param, tmp_path))
    yield opened
    await opened.close()
