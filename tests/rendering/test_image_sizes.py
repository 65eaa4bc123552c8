"""Every image of every game fits a phone screen: its longest side is at most kit.MAX_SIDE
pixels, for every player count, at setup, late in the game and once it is over."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
import rendering
from rendering import kit
from tests.rendering.components import card_ids
from tests.rendering.late_games import NAMES, PLAYER_COUNTS, moves

CASES = [(key, players) for key, counts in PLAYER_COUNTS.items() for players in counts]


def size_of(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


@pytest.mark.parametrize(("key", "players"), CASES)
def test_boards_and_private_images_fit_the_longest_side(key, players):
    game = games.get(key)
    positions = list(moves(key, players, seed=20))
    setup = game.setup(players, 20, {"advanced": True} if key == "lim" else {})
    late, line = positions[-2]
    over = positions[-1][0]
    assert game.result(late) is None and game.result(over) is not None
    names = NAMES[:players]
    for state in (setup, late, over):
        board = size_of(rendering.render(key, game.view(state, None), names=names, highlight=line))
        assert max(board) <= kit.MAX_SIDE, (key, players, board)
        for seat in range(players):
            private = size_of(rendering.render_private(key, game.view(state, seat), names=names))
            assert max(private) <= kit.MAX_SIDE, (key, players, seat, private)


@pytest.mark.parametrize("key", sorted(PLAYER_COUNTS))
def test_card_images_fit_the_longest_side(key):
    renderer = rendering.renderer_for(key)
    for card_id in card_ids(key):
        assert max(renderer.draw_card(card_id).size) <= kit.MAX_SIDE, (key, card_id)


@pytest.mark.parametrize("key", sorted(PLAYER_COUNTS))
def test_a_board_with_the_turn_clocks_under_it_still_fits_and_keeps_its_width(key):
    game = games.get(key)
    view = game.view(game.setup(max(PLAYER_COUNTS[key]), 20, {}), None)
    caption = " · ".join(f"{name}: until 04 Dec 16:02 UTC" for name in NAMES)
    plain = size_of(rendering.render(key, view, names=NAMES))
    clocked = rendering.render(key, view, names=NAMES, caption=caption)
    width, height = size_of(clocked)
    assert width == plain[0] and height > min(plain[1], kit.MAX_SIDE - 60) and max(width, height) <= kit.MAX_SIDE
    assert clocked != rendering.render(key, view, names=NAMES, caption=caption.replace("04 Dec", "05 Dec"))
