"""The coach as the store keeps it: a table's coach setting, the hints each player asked for, and
the post-game review as a job that survives restarts.

Three parts of the migration "coach": ``games.coach`` (``off``, ``learners``, ``all``), the table
``coach_hints`` (a count per game and player) and the table ``reviews`` (one job per finished game
with a person at it, queued in the transaction of the game's last move: :meth:`Coaching._queue_review`).

A review job is *claimed* by one process for :data:`REVIEW_LEASE` (``SKIP LOCKED`` on PostgreSQL,
the whole file on SQLite), which counts an attempt; each player's part is saved as soon as it is
found (:meth:`Coaching.save_review_part`, which renews the claim), so a job cut short by a restart
is claimed again once its lease has run out and goes on with the players not yet done. A job
claimed :data:`REVIEW_ATTEMPTS` times without finishing is given up.

The calls are :class:`Coaching`, mixed into the store (:class:`db.store.Store`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from .errors import GameNotFound
from .rows import COACH_SETTINGS, _Checked, to_db_time
from .sql import Connection, Row

REVIEW_STATUSES = ("queued", "done", "failed")
REVIEW_LEASE = timedelta(minutes=20)
"""How long a process holds the review job it runs without saving a part of it."""
REVIEW_ATTEMPTS = 3
"""Runs of one review begun before it is given up (a review that crashes its worker every time)."""

QUEUE_REVIEW = (
    "INSERT INTO reviews (game_id, queued_at) SELECT ?, ?"
    " WHERE EXISTS (SELECT 1 FROM seats WHERE game_id = ? AND ai_level IS NULL) ON CONFLICT DO NOTHING"
)
ADD_HINT = (
    "INSERT INTO coach_hints (game_id, user_id, hints) VALUES (?, ?, 1)"
    " ON CONFLICT (game_id, user_id) DO UPDATE SET hints = coach_hints.hints + 1 RETURNING hints"
)
CLAIM_REVIEW = (
    "UPDATE reviews SET claimed_until = ?, attempts = attempts + 1 WHERE game_id = ("
    " SELECT game_id FROM reviews WHERE status = 'queued' AND (claimed_until IS NULL OR claimed_until <= ?)"
    " ORDER BY queued_at, game_id LIMIT 1 FOR UPDATE SKIP LOCKED)"
    " AND (claimed_until IS NULL OR claimed_until <= ?) RETURNING *"
)
REVIEW_FOR_UPDATE = "SELECT * FROM reviews WHERE game_id = ? FOR UPDATE"


@dataclass(frozen=True)
class ReviewRow:
    """A game's review job: its status, how many runs began, and each reviewed player's part so far
    (by user id: the JSON the table service saved, its turning points)."""

    game_id: int
    status: str
    attempts: int
    queued_at: datetime
    finished_at: datetime | None
    people: dict[int, Any] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        return self.status == "done"


def review_row(row: Row) -> ReviewRow:
    read = _Checked(row, row["game_id"], "reviews")
    people = read.json_object("people")
    try:
        by_user = {int(user): part for user, part in people.items()}
    except ValueError:
        raise read.damaged("people") from None
    return ReviewRow(game_id=read.integer("game_id"), status=read.text("status", choices=REVIEW_STATUSES),
                     attempts=read.integer("attempts", minimum=0), queued_at=read.time("queued_at"),
                     finished_at=read.time("finished_at", optional=True), people=by_user)


class Coaching:
    """The coach's calls of the store (:class:`db.store.Store`)."""

    @staticmethod
    async def _queue_review(db: Connection, game_id: int, stamp: str) -> None:
        """Queue the review of a game that just finished, if a person played it (inside the
        transaction of its last move, so a finished game is never left without its job)."""
        await db.run(QUEUE_REVIEW, (game_id, stamp, game_id))

    async def set_coach(self, game_id: int, coach: str, now: datetime) -> None:
        """Who may ask for hints at the table (:data:`~db.rows.COACH_SETTINGS`)."""
        if coach not in COACH_SETTINGS:
            raise ValueError(f"unknown coach setting {coach!r}; expected one of {COACH_SETTINGS}")
        await self._update_game(game_id, "coach = ?, updated_at = ?", (coach, to_db_time(now)))

    async def add_hint(self, game_id: int, user_id: int) -> int:
        """Count one more hint ``user_id`` asked for at the game; how many they have now."""
        row = await self._writing(lambda db: db.one(ADD_HINT, (game_id, user_id)))
        return row["hints"]

    async def hints(self, game_id: int) -> dict[int, int]:
        """How many hints each player who asked for any asked for at the game."""
        found = await self._query("SELECT user_id, hints FROM coach_hints WHERE game_id = ? ORDER BY user_id",
                                  (game_id,))
        return {row["user_id"]: row["hints"] for row in found}

    async def finished_games(self, guild_id: int, game_key: str, user_id: int) -> int:
        """How many games of ``game_key`` on the server ``user_id`` held a seat at to the end."""
        row = await self._query_one(
            "SELECT count(*) AS n FROM seats JOIN games ON games.id = seats.game_id WHERE games.guild_id = ?"
            " AND games.game_key = ? AND games.status = 'finished' AND seats.user_id = ?",
            (guild_id, game_key, user_id))
        return int(row["n"])

    async def claim_review(self, now: datetime) -> ReviewRow | None:
        """The oldest queued review no process holds, now held by this one for :data:`REVIEW_LEASE`
        (an attempt counted); None when there is none. A job past :data:`REVIEW_ATTEMPTS` attempts
        is marked failed instead of being returned."""
        stamp = to_db_time(now)
        while True:
            row = await self._writing(lambda db: db.one(CLAIM_REVIEW, (to_db_time(now + REVIEW_LEASE), stamp, stamp)))
            if row is None:
                return None
            job = review_row(row)
            if job.attempts <= REVIEW_ATTEMPTS:
                return job
            await self.finish_review(job.game_id, now, failed=True)

    async def save_review_part(self, game_id: int, user_id: int, part: Any, now: datetime) -> None:
        """Save one player's part of the review (JSON-safe) and renew this process's hold on the job."""

        async def save(db: Connection) -> None:
            row = await db.one(REVIEW_FOR_UPDATE, (game_id,))
            if row is None:
                raise GameNotFound(f"game {game_id} has no review")
            people = review_row(row).people
            people[user_id] = part
            await db.run("UPDATE reviews SET people = ?, claimed_until = ? WHERE game_id = ?",
                         (json.dumps({str(user): value for user, value in people.items()}, sort_keys=True),
                          to_db_time(now + REVIEW_LEASE), game_id))

        await self._writing(save)

    async def finish_review(self, game_id: int, now: datetime, *, failed: bool = False) -> None:
        """The job is over: done (every player's part is saved), or given up."""
        await self._writing(lambda db: db.run(
            "UPDATE reviews SET status = ?, finished_at = ?, claimed_until = NULL WHERE game_id = ?",
            ("failed" if failed else "done", to_db_time(now), game_id)))

    async def review(self, game_id: int) -> ReviewRow | None:
        """The game's review job (None: it has none, no person played it or it is not over)."""
        row = await self._query_one("SELECT * FROM reviews WHERE game_id = ?", (game_id,))
        return None if row is None else review_row(row)
