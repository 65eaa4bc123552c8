"""The render pool: worker processes draw exactly what rendering draws in-process, and a
worker that dies is replaced."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal

import pytest

import games
import rendering
from rendering.pool import RenderPool
from tests.rendering.late_games import NAMES, late_positions


@pytest.fixture(scope="module")
def late_views():
    """A late 4-player position of every game: its public view, a seat's own view, the last move."""
    views = {}
    for key in ("mor", "lim", "opera"):
        state, line = late_positions(key, 4, 20, 1)[0]
        game = games.get(key)
        views[key] = (game.view(state, None), game.view(state, min(game.actors(state))), line)
    return views


def expected(key, views):
    public, own, line = views[key]
    return (rendering.render(key, public, names=NAMES, highlight=line),
            rendering.render_private(key, own, names=NAMES))


async def draw_all(pool, key, views):
    public, own, line = views[key]
    return await asyncio.gather(pool.board(key, public, names=NAMES, highlight=line),
                                pool.private(key, own, names=NAMES))


@pytest.fixture
def pool():
    workers = RenderPool(2)
    yield workers
    workers.close()


async def test_two_workers_draw_the_same_bytes_as_rendering(pool, late_views):
    for key in late_views:
        assert tuple(await draw_all(pool, key, late_views)) == expected(key, late_views)
    assert await pool.card("lim", "pico") == rendering.render_card("lim", "pico")


async def test_workers_draw_in_the_language_they_are_given(pool, late_views):
    public, own, line = late_views["lim"]
    drawn = await asyncio.gather(pool.board("lim", public, names=NAMES, highlight=line, language="ja"),
                                 pool.private("lim", own, names=NAMES, language="ko"),
                                 pool.card("lim", "73", language="ja"))
    assert drawn == [rendering.render("lim", public, names=NAMES, highlight=line, language="ja"),
                     rendering.render_private("lim", own, names=NAMES, language="ko"),
                     rendering.render_card("lim", "73", "ja")]
    assert drawn[0] != rendering.render("lim", public, names=NAMES, highlight=line)
    assert drawn[2] != rendering.render_card("lim", "73")


async def test_errors_of_a_drawing_reach_the_caller(pool, late_views):
    with pytest.raises(KeyError):
        await pool.card("mor", "c99")
    with pytest.raises(ValueError):
        await pool.private("mor", late_views["mor"][0], names=None)
    assert await pool.card("mor", "c1") == rendering.render_card("mor", "c1"), "the worker still draws"


async def test_a_killed_worker_is_replaced(late_views):
    others = {child.pid for child in multiprocessing.active_children()}
    pool = RenderPool(2)
    try:
        await draw_all(pool, "opera", late_views)  # both workers have started
        workers = [child for child in multiprocessing.active_children() if child.pid not in others]
        assert len(workers) == 2
        for worker in workers:
            os.kill(worker.pid, signal.SIGKILL)
            worker.join()
        assert tuple(await draw_all(pool, "mor", late_views)) == expected("mor", late_views)
        replaced = {child.pid for child in multiprocessing.active_children()} - others
        assert len(replaced) == 2 and not replaced & {worker.pid for worker in workers}
    finally:
        pool.close()


async def test_no_workers_draws_in_a_thread(late_views):
    inline = RenderPool(0)
    assert tuple(await draw_all(inline, "lim", late_views)) == expected("lim", late_views)
    inline.close()
    with pytest.raises(RuntimeError):
        await inline.card("lim", "pico")
