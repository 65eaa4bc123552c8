"""Operator tasks on a database that need no running bot: backup (of a file) and check (of a file
or a PostgreSQL database).

Both leave the source untouched: it is only read, so a backup taken before an upgrade is not
migrated by the act of taking it, and both work while the bot runs.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

from . import pg_migrations
from .errors import NotABottegaDatabase
from .files import identify
from .migrations import MIGRATIONS, install_functions
from .postgres import is_postgres_url
from .replay import check_games
from .rows import decode_text
from .sql import PostgresConnection, SqliteConnection, run_to_end


def _open_read_only(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """The file read-only, refused with :class:`NotABottegaDatabase` unless it is a Bottega database
    (:class:`DamagedDatabase` if it is one that SQLite cannot read)."""
    source = Path(path)
    if not source.is_file():
        raise FileNotFoundError(f"no database file at {source}")
    connection = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    try:
        identify(connection, source)
    except BaseException:
        connection.close()
        raise
    return connection


def backup_file(source: str | os.PathLike[str], destination: str | os.PathLike[str]) -> None:
    """Copy ``source`` to ``destination`` with SQLite's online backup API (safe while the bot runs)."""
    Path(destination).parent.mkdir(parents=True, exist_ok=True)
    reader = _open_read_only(source)
    try:
        writer = sqlite3.connect(destination)
        try:
            reader.backup(writer)
        finally:
            writer.close()
    finally:
        reader.close()


@dataclass(frozen=True)
class CheckReport:
    problems: list[str]
    """What ``PRAGMA integrity_check`` found; empty when the file is sound (or the database is on
    a PostgreSQL server, which keeps its own storage sound)."""
    schema_version: int
    current_version: int
    damage: list[str] = field(default_factory=list)
    """Each game whose rows are damaged or whose replay differs from what is stored."""
    games_replayed: int = 0
    server: bool = False
    """A PostgreSQL database: no file of Bottega's to check."""

    @property
    def ok(self) -> bool:
        """Sound, every game replays to what is stored, and this code can open it (an older schema
        is upgraded at start-up)."""
        return not self.problems and not self.damage and self.schema_version <= self.current_version

    def lines(self) -> list[str]:
        integrity = "ok" if not self.problems else "FAILED\n  " + "\n  ".join(self.problems)
        if self.server:
            integrity = "kept by the PostgreSQL server"
        if self.schema_version == self.current_version:
            schema = "current"
        elif self.schema_version < self.current_version:
            schema = "older; upgraded automatically when the bot opens it"
        else:
            schema = "NEWER than this code; upgrade Bottega before using it"
        if self.damage:
            games = "DAMAGED\n  " + "\n  ".join(self.damage)
        else:
            games = f"{self.games_replayed} replayed from their seeds, every snapshot matches"
        return [
            f"integrity: {integrity}",
            f"schema version: {self.schema_version} of {self.current_version} ({schema})",
            f"games: {games}",
        ]


def check_database(target: str | os.PathLike[str], *, show_progress: bool = False) -> CheckReport:
    """:func:`check_file` of an SQLite file, or :func:`check_postgres` of a ``postgresql://`` URL."""
    if is_postgres_url(target):
        return asyncio.run(check_postgres(str(target), show_progress=show_progress))
    return check_file(target, show_progress=show_progress)


def check_file(path: str | os.PathLike[str], *, show_progress: bool = False) -> CheckReport:
    """Read the schema version, run ``PRAGMA integrity_check`` and replay every game.

    Damage bad enough to stop the check itself is reported as a problem, not raised. Raises
    :class:`FileNotFoundError` for a missing file and :class:`NotABottegaDatabase` for a file
    that is not a Bottega database.
    """
    connection = _open_read_only(path)
    try:
        connection.execute("BEGIN")  # one read transaction: a bot writing meanwhile is not seen half way
        connection.row_factory = sqlite3.Row
        connection.text_factory = decode_text
        install_functions(connection)
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        try:
            findings = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        except sqlite3.DatabaseError as error:
            findings = [f"the check stopped: {error}"]
        replayed, damage = 0, []
        if version <= len(MIGRATIONS):
            tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            columns = {row[1] for row in connection.execute("PRAGMA table_info(snapshots)")}
            try:
                replayed, damage = run_to_end(check_games(
                    SqliteConnection(connection), has_votes="votes" in tables, show_progress=show_progress,
                    checksum="checksum" if "checksum" in columns else "bottega_checksum(CAST(state AS BLOB))"
                                                                       " AS checksum"))
            except sqlite3.DatabaseError as error:
                damage = [f"the replay stopped: {error}"]
    finally:
        connection.close()
    problems = [] if findings == ["ok"] else findings
    return CheckReport(problems=problems, schema_version=version, current_version=len(MIGRATIONS),
                       damage=damage, games_replayed=replayed)


async def check_postgres(url: str, *, show_progress: bool = False) -> CheckReport:
    """Read the schema version and replay every game of the PostgreSQL database at ``url``, in one
    read-only transaction (nothing is migrated or written). :class:`NotABottegaDatabase` if the
    database has no Bottega schema mark."""
    connection = await asyncpg.connect(url)
    try:
        async with connection.transaction(isolation="repeatable_read", readonly=True):
            db = PostgresConnection(connection)
            marked = await db.one("SELECT to_regclass('bottega_schema') IS NOT NULL AS marked")
            if not marked["marked"]:
                raise NotABottegaDatabase("The PostgreSQL database is not a Bottega database (no schema mark).")
            version = (await db.one("SELECT version FROM bottega_schema"))["version"]
            replayed, damage = 0, []
            if version <= len(pg_migrations.MIGRATIONS):
                replayed, damage = await check_games(db, show_progress=show_progress)
    finally:
        await connection.close()
    return CheckReport(problems=[], schema_version=version, current_version=len(pg_migrations.MIGRATIONS),
                       damage=damage, games_replayed=replayed, server=True)
