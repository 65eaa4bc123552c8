"""The post-game review: a stored job, run in the background at low priority, and what it shows.

When a game with a person at it finishes, the store queues its review in the transaction of the
last move (:mod:`db.coaching`). :meth:`Reviews.run_pending` claims queued jobs and runs each
reviewed player's part with :func:`games.ai.coach.review` in the review pool (:class:`ReviewRunner`:
its own worker processes at the lowest CPU priority, so the tables' AI moves, whose workers run at
normal priority, are never kept waiting). Each player's part is saved as soon as it is found, so a
restart resumes the job with the players not yet done (the store hands the job out again once the
dead process's claim runs out).

Who is reviewed: each person who made a decision of the game themselves (``made_by`` ``player``),
for the moves they made; AI seats are not reviewed, and moves the table made for someone (a timeout,
the AI in an open seat, a step with no real choice) are no one's decisions. A part is saved as
``{"seat", "name", "points"}`` with the turning points as :meth:`TurningPoint.to_dict` gives them,
numbered in the standing moves (the moves not taken back), as the coach replays the game.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from db import MoveRow
from db.record import LoggedMove
from db.replay import standing
from games.ai.coach import REVIEW_BUDGET, CoachBudget, TurningPoint, biggest_swing, review
from games.core import Message, counted

from .boards import Boards
from .coach import vp_words
from .history import History
from .loading import Tables
from .model import Image, Line, Person, Reply, Strong, Table, TableError, line, said
from .score_labels import category_words
from .workers import end_with_parent

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
REVIEW_SECONDS = 3600.0
"""The longest one player's review may run in a worker before it is given up (a hung worker)."""
LOWEST_PRIORITY = 19
NOT_READY = Message("The review of this game is not ready yet: the coach is still going through it.")
NO_REVIEW = Message(
    "There is no review for you in this game: the coach reviews the decisions of the people who played it. "
    "Thank you for following the game!")
BIGGEST_SWING = Message("The biggest swing of the game:")
YOUR_REVIEW = Message("Your review:")
REVIEWED_MOVE = Message("Move {number}:")
REVIEW_FAILED = Message("The coach could not review this game, sorry.")


def review_player(game_key: str, players: int, seed: int, options: dict[str, Any],
                  moves: list[tuple[int, str]], seat: int, numbers: list[int],
                  budget: CoachBudget | None) -> list[dict[str, Any]]:
    """One player's turning points (as dicts), worked out in a review worker."""
    found = review(game_key, players, seed, options, moves, {seat: numbers}, budget=budget)
    return [point.to_dict() for point in found.get(seat, [])]


def lower_priority(parent: int) -> None:
    """A review worker's initializer: end with the bot, and yield the CPU to every other process."""
    end_with_parent(parent)
    os.nice(LOWEST_PRIORITY)


Review = Callable[..., list[dict[str, Any]]]
""":func:`review_player`'s signature (the function a review worker runs)."""


class ReviewRunner:
    """The review jobs' own pool: ``workers`` processes at the lowest CPU priority, started at the
    first review; one player's review at a time in each, within ``time_limit`` seconds."""

    def __init__(self, *, workers: int = 1, time_limit: float = REVIEW_SECONDS, budget: CoachBudget | None = None,
                 review: Review = review_player) -> None:
        if workers < 1 or time_limit <= 0:
            raise ValueError("a review runner needs at least one worker and a positive time limit")
        self.workers, self.time_limit, self.budget, self.review = workers, time_limit, budget, review
        self._pool: ProcessPoolExecutor | None = None

    async def run(self, game_key: str, players: int, seed: int, options: dict[str, Any],
                  moves: list[tuple[int, str]], seat: int, numbers: list[int]) -> list[dict[str, Any]]:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=lower_priority,
                                             initargs=(os.getpid(),))
        pool = self._pool
        work = asyncio.get_running_loop().run_in_executor(pool, self.review, game_key, players, seed, options,
                                                          moves, seat, numbers, self.budget)
        try:
            return await asyncio.wait_for(work, self.time_limit)
        except (TimeoutError, BrokenProcessPool):
            self.close()
            raise

    def close(self) -> None:
        """End the workers now (a review under way is left to its job's next run)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            workers = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in workers:
                if process.is_alive():
                    process.terminate()


@dataclass(frozen=True)
class Reviewed:
    """A person whose decisions are reviewed: their seat, name and the standing moves they made."""

    user_id: int
    seat: int
    name: str
    numbers: list[int]


def reviewed_people(table: Table, moves: list[MoveRow], names: dict[int, str]) -> list[Reviewed]:
    """Each person who decided moves of the game themselves, with those moves (numbered in the
    standing moves); AI seats and moves made for someone are left out."""
    ai_seats = {seat.seat for seat in table.seats if seat.ai_level is not None}
    found: dict[int, Reviewed] = {}
    for number, move in enumerate(standing(moves)):
        if move.made_by != "player" or move.seat in ai_seats:
            continue
        person = found.setdefault(move.user_id, Reviewed(move.user_id, move.seat,
                                                         names.get(move.user_id, str(move.user_id)), []))
        person.numbers.append(number)
    return sorted(found.values(), key=lambda person: (person.seat, person.user_id))


class Reviews:
    def __init__(self, tables: Tables, boards: Boards, history: History, clock: Clock,
                 runner: ReviewRunner | None) -> None:
        self.tables, self.boards, self.history, self.clock, self.runner = tables, boards, history, clock, runner

    # ------------------------------------------------------------------ the job
    async def run_pending(self) -> list[int]:
        """Run every review job waiting (as many at once as the runner has workers); the games
        whose review is now ready. Without a runner (reviews turned off) nothing runs."""
        if self.runner is None:
            return []
        ready: list[int] = []
        await asyncio.gather(*(self._work(ready) for _ in range(self.runner.workers)))
        return ready

    async def _work(self, ready: list[int]) -> None:
        while (job := await self.tables.store.claim_review(self.clock())) is not None:
            try:
                if await self._run(job.game_id, set(job.people)):
                    ready.append(job.game_id)
            except Exception as error:  # noqa: BLE001 - one review's failure never stops the others
                # The job stays claimed: it is tried again when the claim runs out, and given up
                # after a few attempts (db.coaching.REVIEW_ATTEMPTS).
                log.warning("the review of game %s stopped (%s); it will be tried again later",
                            job.game_id, type(error).__name__)

    async def _run(self, game_id: int, done: set[int]) -> bool:
        """Review each player of the game not yet ``done``, saving each part; whether it finished."""
        assert self.runner is not None
        table = await self.tables.by_id(game_id)
        if table.row.status != "finished":
            await self.tables.store.finish_review(game_id, self.clock(), failed=True)
            return False
        moves = await self.tables.moves(game_id)
        plays = [(move.seat, move.notation) for move in standing(moves)]
        for person in reviewed_people(table, moves, await self._names(table)):
            if person.user_id in done:
                continue
            points = await self.runner.run(table.row.game_key, table.row.players, table.row.seed, table.row.options,
                                           plays, person.seat, person.numbers)
            part = {"seat": person.seat, "name": person.name, "points": points,
                    "least_gain": (self.runner.budget or REVIEW_BUDGET).least_gain}
            await self.tables.store.save_review_part(game_id, person.user_id, part, self.clock())
        await self.tables.store.finish_review(game_id, self.clock())
        return True

    async def _names(self, table: Table) -> dict[int, str]:
        """Every person who held a seat of the game, by user id, under the name they had then."""
        names = {}
        for change in await self.tables.seat_changes(table.row.id):
            names[change.from_user_id] = change.from_name
            names[change.to_user_id] = change.to_name
        names.update({seat.user_id: seat.display_name for seat in table.seats})
        return names

    # ------------------------------------------------------------------ what players see
    async def points(self, game_id: int) -> dict[int, dict[str, Any]] | None:
        """Each reviewed person's part of a finished review (None: no review ready)."""
        job = await self.tables.store.review(game_id)
        return job.people if job is not None and job.done else None

    async def swing(self, game_id: int) -> Line | None:
        """The public line naming the biggest swing of the game, in the table's language's words
        (None: no review ready, or no turning point in it). The game is over, so nothing it names is
        hidden any more."""
        people = await self.points(game_id)
        if not people:
            return None
        turning = {part["seat"]: [TurningPoint.from_dict(p) for p in part["points"]] for part in people.values()}
        biggest = biggest_swing(turning)
        if biggest is None:
            return None
        name = next(part["name"] for part in people.values() if part["seat"] == biggest.seat)
        table = await self.tables.by_id(game_id)
        history = await self.history.logged(table)
        played = _standing_moves(history.moves)
        before = _before(table, played, biggest.number)
        labels = _labels(table, before, biggest)
        return said("{heading} {who}'s move {number}, {played}: {alternative} was worth about {points} more.",
                    heading=Strong(BIGGEST_SWING), who=Strong(name),
                    number=played[biggest.number].number, played=labels[0], alternative=labels[1],
                    points=vp_words(biggest.gain))

    async def show(self, game_id: int, person: Person, language: str) -> list[Reply]:
        """``person``'s review, privately: for each turning point, the board before it, the move
        played, the alternative and the difference in VP with its uncertainty and its reason."""
        job = await self.tables.store.review(game_id)
        if job is None:
            raise TableError(NO_REVIEW)
        if job.status == "failed":
            raise TableError(REVIEW_FAILED)
        if not job.done:
            raise TableError(NOT_READY)
        part = job.people.get(person.id)
        if part is None:
            raise TableError(NO_REVIEW)
        points = [TurningPoint.from_dict(p) for p in part["points"]]
        if not points:
            found_nothing = said("The coach found no decision of yours where another move was clearly better "
                                 "(by {points} or more). Well played!",
                                 points=vp_words(part.get("least_gain", REVIEW_BUDGET.least_gain)))
            return [Reply(private=[found_nothing], game_id=game_id)]
        table = await self.tables.by_id(game_id)
        history = await self.history.logged(table)
        played = _standing_moves(history.moves)
        heading = counted("{heading} the coach found {count} decision where another move was better.",
                          "{heading} the coach found {count} decisions where another move was better.",
                          by="count", heading=Strong(YOUR_REVIEW), count=len(points))
        replies = []
        for index, point in enumerate(points):
            before = _before(table, played, point.number)
            labels = _labels(table, before, point)
            image = await self.boards.public_image(replace(table, state=before), None, clock=False)
            if image is not None:
                image = Image(f"{table.row.game_key}-{table.row.id}-before-move-{played[point.number].number}.png",
                              image.data)
            lines = [line(heading)] if index == 0 else []
            lines += point_lines(point, played[point.number].number, labels, language)
            replies.append(Reply(private=lines, private_image=image, game_id=game_id, game_key=table.row.game_key))
        return replies


def point_lines(point: TurningPoint, number: int, labels: tuple[str, str], language: str) -> list[Line]:
    """A turning point in words: the move played, the coach's move, how much better and why."""
    alternative, gain = Strong(labels[1]), vp_words(point.gain)
    if math.isfinite(point.gain_spread):
        prefer = said("The coach would have played {alternative}: about {points} more at the end "
                      "(give or take {spread}).", alternative=alternative, points=gain,
                      spread=vp_words(point.gain_spread))
    else:
        prefer = said("The coach would have played {alternative}: about {points} more at the end.",
                      alternative=alternative, points=gain)
    lines = [said("{heading} you played {played}.", heading=Strong(Message(REVIEWED_MOVE, number=number)),
                  played=Strong(labels[0])), prefer]
    reason = point.alternative.reason
    if reason is not None and round(reason[1]) != 0:
        category, points = category_words(reason[0], language), vp_words(reason[1])
        if reason[1] > 0:
            lines.append(said("Mostly this part of the score: {category}, {points} more.", category=category,
                              points=points))
        else:
            lines.append(said("Mostly this part of the score: {category}, {points} less.", category=category,
                              points=points))
    return lines


def _standing_moves(moves: list[LoggedMove]) -> list[LoggedMove]:
    return [move for move in moves if not move.undone]


def _before(table: Table, played: list[LoggedMove], number: int) -> dict[str, Any]:
    """The state before standing move ``number`` (0-based)."""
    if number == 0:
        row = table.row
        return table.game.setup(row.players, row.seed, row.options)
    return played[number - 1].state


def _labels(table: Table, before: dict[str, Any], point: TurningPoint) -> tuple[str, str]:
    """The move played and the alternative in the game's words (as its menus describe them)."""
    game = table.game
    return tuple(game.describe(before, point.seat, game.parse(before, judged.move)).label  # type: ignore[return-value]
                 for judged in (point.played, point.alternative))


