"""``python -m db backup <db> <dest>`` and ``python -m db check <db>``.

Exit status: 0 when the file is sound and every game replays to what is stored, 1 when damage was
found, 2 when the file could not be checked (missing, or not a Bottega database: one sentence).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys

from .errors import NotABottegaDatabase
from .maintenance import backup_file, check_file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m db", description="Bottega database maintenance.")
    commands = parser.add_subparsers(dest="command", required=True)
    backup = commands.add_parser("backup", help="copy a database safely, even while the bot runs")
    backup.add_argument("database")
    backup.add_argument("destination")
    check = commands.add_parser(
        "check", help="integrity check, schema version, and every game replayed from its seed")
    check.add_argument("database")
    args = parser.parse_args(argv)

    try:
        if args.command == "backup":
            backup_file(args.database, args.destination)
            report = check_file(args.destination)
            print(f"backed up {args.database} to {args.destination}")
        else:
            report = check_file(args.database)
    except (FileNotFoundError, NotABottegaDatabase, sqlite3.Error) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
