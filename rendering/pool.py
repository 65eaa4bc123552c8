"""Drawing boards in worker processes, so that two cores draw two boards at once.

Drawing is CPU-bound Python and Pillow work: in threads, a busy bot draws one board at a time
under the GIL. :class:`RenderPool` keeps ``workers`` processes, each with its own fonts, glyph
masks, icons and card drawings loaded once and kept warm between jobs, and gives a job to the
least busy one. A worker that dies (killed, out of memory) is replaced and its job drawn again
once. ``RenderPool(0)`` draws in a thread of the calling process (tests, tiny installs).

>>> import asyncio, games
>>> game = games.get("mor")
>>> pool = RenderPool(0)
>>> png = asyncio.run(pool.board("mor", game.view(game.setup(2, 7), None), names=None, highlight=None))
>>> png == render("mor", game.view(game.setup(2, 7), None))
True
>>> pool.close()
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import games
from i18n import LANGUAGES

from . import render, render_card, render_private
from .focus import render_focus
from .summary import render_summary

__all__ = ["RenderPool"]

log = logging.getLogger(__name__)

def _load_once(on_start: Callable[[int], None] | None, parent: int) -> None:
    """A new worker's start: ``on_start(parent)`` (the bot's watch that ends the worker with it),
    then every game's board drawn once at setup in every language, which loads the fonts (Latin
    and CJK), the catalogues, icons, track and card drawings and the palette tables, so its first
    real board costs no more than the next."""
    if on_start is not None:
        on_start(parent)
    for key in games.keys():
        game = games.get(key)
        view = game.view(game.setup(game.max_players, 0), None)
        for language in LANGUAGES:
            render(key, view, language=language)


def _ready() -> bool:
    return True


class RenderPool:
    """Board, private and card images drawn by ``workers`` processes (0: in a thread).

    Workers are fresh interpreters (``spawn``), so they inherit no file of the process that
    starts them; ``on_start(parent_pid)`` runs first in each (the bot passes
    ``bot.table.workers.end_with_parent``, so its workers end with it)."""

    def __init__(self, workers: int, *, on_start: Callable[[int], None] | None = None) -> None:
        if workers < 0:
            raise ValueError("a render pool needs zero or more workers")
        self.workers = workers
        self._context = multiprocessing.get_context("spawn")
        self._on_start = on_start
        self._executors = [self._start() for _ in range(workers)]
        self._busy = [0] * workers
        self._closed = False

    def _start(self) -> ProcessPoolExecutor:
        executor = ProcessPoolExecutor(max_workers=1, mp_context=self._context, initializer=_load_once,
                                       initargs=(self._on_start, os.getpid()))
        executor.submit(_ready)  # start the process (and its loading) now, not on the first board
        return executor

    def _replace(self, index: int, broken: ProcessPoolExecutor) -> None:
        if self._executors[index] is broken:  # not already replaced by another job that saw it die
            log.warning("render worker %d died; starting a new one", index)
            broken.shutdown(wait=False, cancel_futures=True)
            self._executors[index] = self._start()

    async def _run(self, job: Callable[..., bytes], *args: Any) -> bytes:
        if self._closed:
            raise RuntimeError("the render pool is closed")
        if not self.workers:
            return await asyncio.to_thread(job, *args)
        index = min(range(self.workers), key=self._busy.__getitem__)
        self._busy[index] += 1
        try:
            for retry in (False, True):
                executor = self._executors[index]
                try:
                    return await asyncio.get_running_loop().run_in_executor(executor, job, *args)
                except BrokenProcessPool:
                    self._replace(index, executor)
                    if retry:
                        raise
        finally:
            self._busy[index] -= 1

    async def board(self, game_key: str, view: dict, *, names: list[str] | None,
                    highlight: str | None, caption: str | None = None, language: str | None = None) -> bytes:
        """The public board PNG of ``view`` in the table's ``language`` (see :func:`rendering.render`)."""
        return await self._run(_board, game_key, view, names, highlight, caption, language)

    async def private(self, game_key: str, view: dict, *, names: list[str] | None,
                      language: str | None = None) -> bytes:
        """A seat's private image PNG (see :func:`rendering.render_private`)."""
        return await self._run(_private, game_key, view, names, language)

    async def focus(self, game_key: str, view: dict, *, names: list[str] | None, acting: list[int],
                    turn: str | None, language: str | None = None) -> bytes:
        """The focused image PNG of a turn's message (see :mod:`rendering.focus`)."""
        return await self._run(_focus, game_key, view, names, acting, turn, language)

    async def card(self, game_key: str, card_id: str, language: str | None = None) -> bytes:
        """A card or leader detail image PNG; KeyError for an unknown card."""
        return await self._run(render_card, game_key, card_id, language)

    async def summary(self, summary: dict, language: str | None = None) -> bytes:
        """The summary PNG of a finished game (see :mod:`rendering.summary`)."""
        return await self._run(render_summary, summary, language)

    def close(self) -> None:
        """Stop the workers (jobs not started yet are cancelled). Closing twice is harmless."""
        self._closed = True
        for executor in self._executors:
            executor.shutdown(wait=True, cancel_futures=True)
        self._executors = []


def _board(game_key: str, view: dict, names: list[str] | None, highlight: str | None,
           caption: str | None = None, language: str | None = None) -> bytes:
    return render(game_key, view, names=names, highlight=highlight, caption=caption, language=language)


def _focus(game_key: str, view: dict, names: list[str] | None, acting: list[int], turn: str | None,
           language: str | None = None) -> bytes:
    return render_focus(game_key, view, names=names, acting=acting, turn=turn, language=language)


def _private(game_key: str, view: dict, names: list[str] | None, language: str | None = None) -> bytes:
    return render_private(game_key, view, names=names, language=language)
