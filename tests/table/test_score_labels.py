"""A finished game's scores read in words (``bot/table/score_labels.py``)."""

from __future__ import annotations

import re

import pytest

import games
from bot.table.score_labels import score_breakdown
from tests.support.played import played_to_the_end


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_final_scores_are_in_words(key):
    game = games.get(key)
    state = played_to_the_end(game, 2, 3, 4)
    for score in game.result(state)["scores"]:
        words = score_breakdown(score["breakdown"])
        assert "_" not in words and "total" not in words and re.search(r"\d", words)
