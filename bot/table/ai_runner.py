"""AI decisions off the event loop: a process pool with a hard time limit per decision.

``games.ai.choose`` is CPU-bound, so it runs in a :class:`~concurrent.futures.ProcessPoolExecutor`
(created at the first decision), whose workers end with the bot (:mod:`.workers`) and never keep
the database's lock (:mod:`db.files` closes it in every forked child). The search itself is told to
stop a little before the limit; if a worker still has no answer when the limit is reached, raises,
or dies, its pool is replaced (hung workers are terminated) and the seat plays
:func:`games.ai.safe_move` instead, so a game never stalls: the move that destroys nothing (no
leader discarded, no resource thrown away, no excommunication taken) and, among those, ends the
turn, passes or declines where it can; the log says so (:func:`said_as_played`). A decision depends only on the state, the seat, the level and the seed, so it is
reproducible whenever the search finished within its budget.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from games.ai import SafeMove, choose, fallback

from .model import Line, said
from .workers import end_with_parent

log = logging.getLogger(__name__)

SEARCH_SHARE = 0.8
"""The share of the hard limit the search may use before it answers its best move so far."""
WORKER_START_LIMIT = 120.0
"""Seconds new workers may take to start (where the platform starts a fresh interpreter, it imports
the engines): a decision's hard limit counts from when its workers are ready."""

Decide = Callable[..., str]
"""``choose``'s signature: ``(game_key, state, seat, level, seed, time_limit) -> notation``."""


class AiRunner:
    """Plays AI decisions in ``workers`` processes, each within ``time_limit`` seconds.

    ``decide`` is the function the workers run (``games.ai.choose``; it must be importable by
    the workers).
    """

    def __init__(self, *, workers: int = 1, time_limit: float = 10.0, decide: Decide = choose) -> None:
        if workers < 1 or time_limit <= 0:
            raise ValueError("an AI runner needs at least one worker and a positive time limit")
        self.workers, self.time_limit, self.decide = workers, time_limit, decide
        self._pool: ProcessPoolExecutor | None = None
        self._starting: list[asyncio.Future[bool]] = []
        self.fallbacks = 0
        """How many decisions fell back to the safe move (failed, too slow, or a dead worker)."""

    def _executor(self) -> ProcessPoolExecutor:
        """The pool, started with all its workers (each one imports the engines once, now)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=end_with_parent,
                                             initargs=(os.getpid(),))
            self._starting = [asyncio.wrap_future(self._pool.submit(_started)) for _ in range(self.workers)]
        return self._pool

    async def choose(self, game_key: str, state: dict[str, Any], seat: int, level: str, seed: int) -> str:
        """The notation ``seat`` plays: the AI's choice, or the safe legal move if it fails."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            await asyncio.wait_for(asyncio.gather(*self._starting), WORKER_START_LIMIT)
            future = loop.run_in_executor(pool, self.decide, game_key, state, seat, level, seed,
                                          self.time_limit * SEARCH_SHARE)
            return await asyncio.wait_for(future, self.time_limit)
        except TimeoutError:
            log.warning("AI decision in %s ran past %.1f s: playing the safe move", game_key,
                        self.time_limit)
            self._replace(pool)
        except BrokenProcessPool:
            log.warning("an AI worker died during a decision in %s: playing the safe move", game_key)
            self._replace(pool)
        except Exception as error:  # noqa: BLE001 - whatever the AI does, the table plays a legal move
            log.warning("AI decision in %s failed (%s): playing the safe move", game_key, type(error).__name__)
        self.fallbacks += 1
        safe = fallback(game_key, state, seat)
        log.warning("the safe move played in %s for seat %s: %s", game_key, seat, safe)
        return safe

    async def run(self, limit: float, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in one of the workers (another pure computation than a move, such as
        the coach's hints), awaited for at most ``limit`` seconds. Raises what it raised,
        :class:`TimeoutError` after the limit and :class:`BrokenProcessPool` when its worker died
        (the pool is then replaced). A computation past its limit is not killed: it is bounded by
        its own budget, and ending its worker would also end the AI decisions of other tables
        waiting in the pool; its answer is dropped."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            await asyncio.wait_for(asyncio.gather(*self._starting), WORKER_START_LIMIT)
            return await asyncio.wait_for(loop.run_in_executor(pool, function, *args), limit)
        except BrokenProcessPool:
            self._replace(pool)
            raise

    def _replace(self, pool: ProcessPoolExecutor) -> None:
        """Drop ``pool`` (terminating its workers, which may hang); the next decision starts a new one."""
        if self._pool is pool:
            self._pool = None
        _terminate(pool)

    def close(self) -> None:
        if self._pool is not None:
            _terminate(self._pool)
            self._pool = None


def said_as_played(notation: str, events: list[Line]) -> list[Line]:
    """The event lines of a move an AI seat played, the first one saying, when the fallback played
    it (a :class:`~games.ai.SafeMove`), that the AI did not choose it."""
    if not isinstance(notation, SafeMove) or not events:
        return events
    first, *rest = events
    return [said("The AI could not decide in time, so it played a safe move: {move}", move=first[0]) + first[1:],
            *rest]


def _started() -> bool:
    """A new worker's first job: being unpickled, it has imported this module and the engines."""
    return True


def _terminate(pool: ProcessPoolExecutor) -> None:
    # The executor cannot cancel a call that is running: its worker processes are ended directly.
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        if process.is_alive():
            process.terminate()
