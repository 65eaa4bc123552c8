"""How the table service gets its pictures: a renderer object, injected.

:class:`Renderer` is the interface (a process pool offers the same one); :class:`ThreadRenderer`
draws with :mod:`rendering` in worker threads so the event loop keeps answering. A service given
``None`` instead posts no images.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

import rendering
from rendering.focus import render_focus
from rendering.summary import render_summary


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


class ThreadRenderer:
    """Draws in :func:`asyncio.to_thread`; nothing to release on close."""

    async def board(self, game_key: str, view: dict[str, Any], *, names: list[str] | None,
                    highlight: str | None, caption: str | None = None, language: str | None = None) -> bytes:
        return await asyncio.to_thread(rendering.render, game_key, view, names=names, highlight=highlight,
                                       caption=caption, language=language)

    async def private(self, game_key: str, view: dict[str, Any], *, names: list[str] | None,
                      language: str | None = None) -> bytes:
        return await asyncio.to_thread(rendering.render_private, game_key, view, names=names, language=language)

    async def focus(self, game_key: str, view: dict[str, Any], *, names: list[str] | None, acting: list[int],
                    turn: str | None, language: str | None = None) -> bytes:
        return await asyncio.to_thread(render_focus, game_key, view, names=names, acting=acting, turn=turn,
                                       language=language)

    async def card(self, game_key: str, card_id: str, language: str | None = None) -> bytes:
        return await asyncio.to_thread(rendering.render_card, game_key, card_id, language)

    async def summary(self, summary: dict[str, Any], language: str | None = None) -> bytes:
        return await asyncio.to_thread(render_summary, summary, language)

    def close(self) -> None:
        return None
