"""Operator tasks on a database file that need no running bot: backup and check.

Both leave the source untouched: it is opened read-only, so a backup taken before an upgrade is
not migrated by the act of taking it.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .migrations import MIGRATIONS


def _open_read_only(path: str | os.PathLike[str]) -> sqlite3.Connection:
    source = Path(path)
    if not source.is_file():
        raise FileNotFoundError(f"no database file at {source}")
    return sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)


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

    @property
    def ok(self) -> bool:
        """Sound, and openable by this code (an older schema is upgraded at start-up)."""
        return not self.problems and self.schema_version <= self.current_version

    def lines(self) -> list[str]:
        integrity = "ok" if not self.problems else "FAILED\n  " + "\n  ".join(self.problems)
        if self.schema_version == self.current_version:
            schema = "current"
        elif self.schema_version < self.current_version:
            schema = "older; upgraded automatically when the bot opens it"
        else:
            schema = "NEWER than this code; upgrade Bottega before using it"
        return [
            f"integrity: {integrity}",
            f"schema version: {self.schema_version} of {self.current_version} ({schema})",
        ]


def check_file(path: str | os.PathLike[str]) -> CheckReport:
    """Read ``PRAGMA user_version`` and run ``PRAGMA integrity_check``.

    Damage bad enough to stop the check itself is reported as a problem, not raised.
    """
    connection = _open_read_only(path)
    try:
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        try:
            findings = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        except sqlite3.DatabaseError as error:
            findings = [f"the check stopped: {error}"]
    finally:
        connection.close()
    problems = [] if findings == ["ok"] else findings
    return CheckReport(problems=problems, schema_version=version, current_version=len(MIGRATIONS))
