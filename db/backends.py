"""Which store a database setting names: a ``postgresql://`` URL opens the PostgreSQL store, anything
else is the path of an SQLite file (the default, for one process)."""

from __future__ import annotations

import os
from collections.abc import Collection

from .postgres import PostgresStore, is_postgres_url
from .shared import Shards
from .store import Store

AnyStore = Store | PostgresStore


async def open_store(
    target: str | os.PathLike[str], *, shards: Shards | None = None, game_keys: Collection[str] | None = None
) -> AnyStore:
    """Open the store ``target`` names (a PostgreSQL URL or an SQLite path), migrated to the latest schema."""
    if is_postgres_url(target):
        return await PostgresStore.open(str(target), shards=shards, game_keys=game_keys)
    return await Store.open(target, shards=shards, game_keys=game_keys)


def describe(target: str | os.PathLike[str]) -> str:
    """The database for a log line: a URL without its password, or the file path."""
    if not is_postgres_url(target):
        return os.fspath(target)
    scheme, _, rest = str(target).partition("://")
    credentials, at, place = rest.rpartition("@")
    user = credentials.partition(":")[0]
    return f"{scheme}://{user}{at}{place}" if at else str(target)
