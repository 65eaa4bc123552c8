"""What the table service asks of a renderer: images as PNG bytes, each in a language.

The service only holds this interface; the drawing happens elsewhere, in
:class:`rendering.pool.RenderPool` (the bot's worker processes) or :class:`bot.drawing.ThreadRenderer`
(threads), which the process that builds the service injects. So importing the service loads no
drawing code. A service given ``None`` instead posts no images.
"""

from __future__ import annotations

from typing import Any, Protocol


class Renderer(Protocol):
    """Every image is drawn in a language: the table's for what the channel sees, the member's for
    a private image or a card (None: English)."""

    async def board(self, game_key: str, view: dict[str, Any], *, names: list[str] | None,
                    highlight: str | None, caption: str | None = None, language: str | None = None) -> bytes: ...

    async def private(self, game_key: str, view: dict[str, Any], *, names: list[str] | None,
                      language: str | None = None) -> bytes: ...

    async def focus(self, game_key: str, view: dict[str, Any], *, names: list[str] | None, acting: list[int],
                    turn: str | None, language: str | None = None) -> bytes: ...

    async def card(self, game_key: str, card_id: str, language: str | None = None) -> bytes: ...

    async def summary(self, summary: dict[str, Any], language: str | None = None) -> bytes: ...

    def close(self) -> None: ...
