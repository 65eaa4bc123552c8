"""Which store a database setting names: a ``postgresql://`` URL opens the PostgreSQL store, anything
else is the path of an SQLite file (the default, for one process)."""

from __future__ import annotations

import os

from .postgres import is_postgres_url
from .store import Store

open_store = Store.open
"""Open the store ``target`` names (a PostgreSQL URL or an SQLite path), migrated to the latest schema."""


def describe(target: str | os.PathLike[str]) -> str:
    """The database for a log line: a URL without its password, or the file path."""
    if not is_postgres_url(target):
        return os.fspath(target)
    scheme, _, rest = str(target).partition("://")
    credentials, at, place = rest.rpartition("@")
    user = credentials.partition(":")[0]
    return f"{scheme}://{user}{at}{place}" if at else str(target)
