"""The summary image of a finished game: within the size limit, the same pixels for the same
summary, and a picture that follows what it is given."""

import io

import pytest
from PIL import Image

import games
from bot.table.results import FINAL, summary
from games.core.playout import random_game
from rendering import kit
from rendering.pool import RenderPool
from rendering.summary import render_summary
from tests.rendering.late_games import NAMES


def finished(key: str, players: int, seed: int) -> dict:
    start, played, _ = random_game(games.get(key), players, seed)
    return summary(key, start, played, NAMES[:players])


@pytest.mark.parametrize("key,players", [("mor", 1), ("mor", 4), ("lim", 4), ("opera", 4), ("opera", 2)])
def test_a_summary_fits_and_draws_the_same_twice(key, players):
    shown = finished(key, players, 5)
    assert shown["labels"][-1] == FINAL and all(len(line) == len(shown["labels"]) for line in shown["series"])
    png = render_summary(shown)
    assert png == render_summary(shown)
    image = Image.open(io.BytesIO(png))
    assert max(image.size) <= kit.MAX_SIDE and len(png) <= kit.MAX_BYTES


def test_the_picture_follows_the_scores_it_is_given():
    shown = finished("lim", 3, 8)
    changed = dict(shown, series=[line[:-1] + [line[-1] + 7] for line in shown["series"]])
    assert render_summary(changed) != render_summary(shown)
    renamed = dict(shown, names=["Zoe", *shown["names"][1:]])
    assert render_summary(renamed) != render_summary(shown)


async def test_the_render_pool_draws_summaries_too():
    shown = finished("mor", 2, 3)
    pool = RenderPool(0)
    try:
        assert await pool.summary(shown) == render_summary(shown)
    finally:
        pool.close()
