"""``python -m db backup <db> <dest>``, ``python -m db check <db or postgresql://...>`` and
``python -m db copy --from <db> --to postgresql://...``. The check and the copy show their
progress on standard error.

Exit status: 0 when the file (or the copy) is sound and every game replays to what is stored, 1 when
damage or a difference was found, 2 when the work could not be done (a missing file, a database
that is not Bottega's, a PostgreSQL server that refuses: one sentence).
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys

from asyncpg import PostgresError

from .copy import copy_database
from .errors import RefusedDatabase
from .maintenance import backup_file, check_database, check_file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m db", description="Bottega database maintenance.")
    commands = parser.add_subparsers(dest="command", required=True)
    backup = commands.add_parser("backup", help="copy a database safely, even while the bot runs")
    backup.add_argument("database")
    backup.add_argument("destination")
    check = commands.add_parser(
        "check", help="integrity check, schema version, and every game replayed from its seed")
    check.add_argument("database", help="an SQLite file or a postgresql:// URL")
    copy = commands.add_parser(
        "copy", help="copy every game from an SQLite file into an empty PostgreSQL database, then replay it")
    copy.add_argument("--from", dest="source", required=True, metavar="SQLITE_FILE")
    copy.add_argument("--to", dest="target", required=True, metavar="POSTGRESQL_URL")
    args = parser.parse_args(argv)

    try:
        if args.command == "copy":
            copied = asyncio.run(copy_database(args.source, args.target, show_progress=True))
            print("\n".join(copied.lines()))
            return 0 if copied.ok else 1
        if args.command == "backup":
            backup_file(args.database, args.destination)
            report = check_file(args.destination)
            print(f"backed up {args.database} to {args.destination}")
        else:
            report = check_database(args.database, show_progress=True)
    except (RefusedDatabase, sqlite3.Error, PostgresError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
