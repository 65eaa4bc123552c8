"""``python -m db copy --from bottega.db --to postgresql://...``: move a community's SQLite database
onto PostgreSQL, to run several bot processes.

Every row is copied as it is (ids included): games, seats, moves (undone ones too), snapshots,
timers, votes, board posts, turn messages, metadata, the members' settings, vacations and timers, ratings,
rematch links, the seats' changes of hands, the hints asked for and the reviews, in one PostgreSQL transaction, so the target ends up with
all of it or none of it. The target must be a new or empty Bottega database. Afterwards every game is
checked as ``python -m db check`` checks one (``db.replay``), as PostgreSQL holds it: the copy is reported
sound only if every row passes the store's checks and each game replays to exactly what is stored.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from .errors import RefusedDatabase
from .maintenance import _open_read_only
from .migrations import MIGRATIONS as SQLITE_MIGRATIONS
from .postgres import PostgresStore
from .progress import progress
from .replay import check_games

TABLES = {
    "games": (
        "id",
        "guild_id",
        "channel_id",
        "game_key",
        "options",
        "seed",
        "players",
        "status",
        "version",
        "host_id",
        "reminder_seconds",
        "created_at",
        "updated_at",
        "last_move_at",
        "board_message_id",
        "board_jump_url",
        "turn_seconds",
        "clock",
        "bank_seconds",
        "on_timeout",
        "strike_limit",
        "language",
        "coach",
    ),
    "seats": ("game_id", "seat", "user_id", "display_name", "is_bot", "ai_level", "joined_at", "strikes",
              "bank_seconds", "opened_at"),
    "moves": ("game_id", "seq", "seat", "user_id", "notation", "created_at", "interaction_id", "undone_seq",
              "automatic", "made_by", "clock_before"),
    "snapshots": ("game_id", "seq", "state", "created_at", "checksum"),
    "timers": ("id", "game_id", "kind", "user_id", "due_at", "payload"),
    "votes": ("game_id", "user_id", "kind"),
    "board_posts": ("game_id", "version", "message_id", "jump_url"),
    "turn_messages": ("game_id", "started", "version", "message_id", "lines"),
    "meta": ("key", "value"),
    "member_settings": ("guild_id", "user_id", "quiet_start", "quiet_end", "time_zone", "turn_dms"),
    "member_absences": ("guild_id", "user_id", "starts_at", "ends_at"),
    "member_timers": ("id", "guild_id", "user_id", "kind", "game_id", "due_at"),
    "ratings": ("guild_id", "game_key", "user_id", "ai_level", "display_name", "mu", "sigma", "games", "wins",
                "points", "updated_at"),
    "rematches": ("game_id", "previous_id"),
    "rating_changes": ("game_id", "user_id", "ai_level", "change"),
    "seat_changes": ("id", "game_id", "version", "seat", "from_user_id", "from_name", "to_user_id", "to_name",
                     "was_open", "changed_at"),
    "coach_hints": ("game_id", "user_id", "hints"),
    "reviews": ("game_id", "status", "queued_at", "finished_at", "attempts", "claimed_until", "people"),
}
"""What is copied, in an order that satisfies the foreign keys (seats keep their joining order)."""

ORDER = {
    "seats": "rowid", "moves": "game_id, seq", "snapshots": "game_id, seq", "board_posts": "game_id, version",
}


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)
    games_verified: int = 0
    findings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    def lines(self) -> list[str]:
        copied = ", ".join(f"{count} {table}" for table, count in self.rows.items())
        verdict = (
            f"{self.games_verified} games replayed from PostgreSQL, every snapshot matches"
            if self.ok
            else "DIFFERENCES\n  " + "\n  ".join(self.findings)
        )
        return [f"copied: {copied}", f"games: {verdict}"]


async def copy_database(source: str | os.PathLike[str], target_url: str, *,
                        show_progress: bool = False) -> CopyReport:
    """Copy the SQLite database at ``source`` into the PostgreSQL database at ``target_url`` and verify it.

    With ``show_progress``, the tables copied and the games replayed show on standard error."""
    reader = _open_read_only(source)
    try:
        (version,) = reader.execute("PRAGMA user_version").fetchone()
        if version != len(SQLITE_MIGRATIONS):
            raise RefusedDatabase(
                f"{source} is at schema version {version}, not {len(SQLITE_MIGRATIONS)}: open it once with "
                "this Bottega (which upgrades it) before copying it."
            )
        reader.execute("BEGIN")  # one consistent read, even while a bot writes to the file
        tables = {
            table: reader.execute(
                f"SELECT {', '.join(columns)} FROM {table} ORDER BY {ORDER.get(table, columns[0])}"
            ).fetchall()
            for table, columns in TABLES.items()
        }
    finally:
        reader.close()
    store = await PostgresStore.open(target_url)
    try:
        report = CopyReport(rows={table: len(rows) for table, rows in tables.items()})
        async with store._transaction() as db:
            if await db.one("SELECT 1 FROM games LIMIT 1") is not None:
                raise RefusedDatabase("The PostgreSQL database already holds games: copy into an empty one.")
            copying = tables.items()
            if show_progress:
                copying = progress(copying, total=len(tables), label="tables copied")
            for table, rows in copying:
                await db.connection.copy_records_to_table(table, records=rows, columns=TABLES[table])
            for table in ("games", "timers", "member_timers", "seat_changes"):
                await db.run(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" coalesce((SELECT max(id) FROM {table}), 0) + 1, false)"
                )
        await _verify(store, report, show_progress)
    finally:
        await store.close()
    return report


async def _verify(store: PostgresStore, report: CopyReport, show_progress: bool) -> None:
    """Check and replay every game as PostgreSQL now holds it."""
    async with store._consistent_read() as db:
        report.games_verified, report.findings = await check_games(db, show_progress=show_progress)
