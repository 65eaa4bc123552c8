"""Operator tasks on a database file that need no running bot: backup and check.

Both leave the source untouched: it is opened read-only, so a backup taken before an upgrade is
not migrated by the act of taking it, and both work while the bot runs.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from .files import identify
from .migrations import MIGRATIONS, install_functions
from .replay import check_games
from .rows import decode_text


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
    """What ``PRAGMA integrity_check`` found; empty when the file is sound."""
    schema_version: int
    current_version: int
    damage: list[str] = field(default_factory=list)
    """Each game whose rows are damaged or whose replay differs from what is stored."""
    games_replayed: int = 0

    @property
    def ok(self) -> bool:
        """Sound, every game replays to what is stored, and this code can open it (an older schema
        is upgraded at start-up)."""
        return not self.problems and not self.damage and self.schema_version <= self.current_version

    def lines(self) -> list[str]:
        integrity = "ok" if not self.problems else "FAILED\n  " + "\n  ".join(self.problems)
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


def check_file(path: str | os.PathLike[str]) -> CheckReport:
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
            try:
                replayed, damage = check_games(connection)
            except sqlite3.DatabaseError as error:
                damage = [f"the replay stopped: {error}"]
    finally:
        connection.close()
    problems = [] if findings == ["ok"] else findings
    return CheckReport(problems=problems, schema_version=version, current_version=len(MIGRATIONS),
                       damage=damage, games_replayed=replayed)
