"""Board images: a game's view in, PNG bytes out.

>>> import games, rendering
>>> game = games.get("mor")
>>> png = rendering.render("mor", game.view(game.setup(2, 7), None), names=["Ada", "Bea"])
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True

Each game with a board of its own has a renderer module (see ``_RENDERERS``); any other game is
drawn by the generic table renderer, so every game can be shown from its first commit. Rendering
never does I/O (fonts and icons are loaded once) and never looks inside a game's state: it reads
only the view the engine publishes and the game's public card data.

Every image is at most ``kit.MAX_SIDE`` (1600) pixels on its longest side. A process that posts
boards draws them through :class:`rendering.pool.RenderPool`, whose worker processes draw
several boards at once and keep their caches warm.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

import games

from . import generic, kit

__all__ = ["render", "render_card", "render_private", "renderer_for"]


class Renderer(Protocol):
    """What a game's renderer module provides (each returns a Pillow image)."""

    def draw_board(self, view: dict[str, Any], names: list[str] | None,
                   highlight: str | None) -> Any: ...

    def draw_private(self, view: dict[str, Any], names: list[str] | None) -> Any: ...

    def draw_card(self, card_id: str) -> Any: ...


_RENDERERS = {
    "mor": "rendering.mor",
    "lim": "rendering.lim",
    "opera": "rendering.opera",
}


class GenericRenderer:
    """The table renderer bound to one game (for games without a renderer of their own)."""

    def __init__(self, game_key: str) -> None:
        self.game_key = game_key

    @property
    def title(self) -> str:
        return games.get(self.game_key).title

    def draw_board(self, view: dict[str, Any], names: list[str] | None, highlight: str | None):
        return generic.draw_table(self.title, view, names, highlight)

    def draw_private(self, view: dict[str, Any], names: list[str] | None):
        seat = (view.get("you") or {}).get("seat")
        seat = seat if isinstance(seat, int) else None
        subtitle = None if seat is None else kit.said("Private view of {name}", name=kit.seat_label(seat, names))
        return generic.draw_table(self.title, view, names, subtitle=subtitle, public=False)

    def draw_card(self, card_id: str):
        return generic.draw_card(self.title, card_id, None)


def renderer_for(game_key: str) -> Renderer:
    """The renderer of ``game_key``: its own module, or the generic table renderer."""
    if game_key not in games.keys():
        raise KeyError(f"unknown game {game_key!r}")
    module = _RENDERERS.get(game_key)
    if module is None:
        return GenericRenderer(game_key)
    return import_module(module)


def render(game_key: str, view: dict[str, Any], *, names: list[str] | None = None,
           highlight: str | None = None, caption: str | None = None, language: str | None = None) -> bytes:
    """The public board image of ``view`` (which must be ``view(state, None)``).

    ``names`` are the players' display names by seat ("P1", "P2"... when absent); ``highlight`` is
    the last move's log line, shown on the board; ``caption`` is a line under the board (the
    table's turn clocks); both come written in ``language``, the table's, in which the board draws
    its own words (English when None).
    """
    with kit.drawing_in(language):
        board = renderer_for(game_key).draw_board(view, names, highlight)
        return kit.encode_png(kit.with_caption(board, caption) if caption else board)


def render_private(game_key: str, view: dict[str, Any], *, names: list[str] | None = None,
                   language: str | None = None) -> bytes:
    """One seat's own view (for example its leader hand), for an ephemeral reply in the member's
    ``language``."""
    with kit.drawing_in(language):
        return kit.encode_png(renderer_for(game_key).draw_private(view, names))


def render_card(game_key: str, card_id: str, language: str | None = None) -> bytes:
    """A detail image of one card, its words in ``language``; KeyError for a card the game does
    not have."""
    with kit.drawing_in(language):
        return kit.encode_png(renderer_for(game_key).draw_card(card_id))
