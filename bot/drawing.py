"""How the table service gets its pictures: a renderer object, injected.

:class:`Renderer` is the interface (a process pool offers the same one); :class:`ThreadRenderer`
draws with :mod:`rendering` in worker threads so the event loop keeps answering. A service given
``None`` instead posts no images.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

import rendering
from rendering.summary import render_summary


class Renderer(Protocol):
    async def board(self, game_key: str, view: dict[str, Any], *, names: list[str] | None,
                    highlight: str | None, caption: str | None = None) -> bytes: ...

    async def private(self, game_key: str, view: dict[str, Any], *, names: list[str] | None) -> bytes: ...

    async def card(self, game_key: str, card_id: str) -> bytes: ...

    async def summary(self, summary: dict[str, Any]) -> bytes: ...

    def close(self) -> None: ...


class ThreadRenderer:
    """Draws in :func:`asyncio.to_thread`; nothing to release on close."""

    async def board(self, game_key: str, view: dict[str, Any], *, names: list[str] | None,
                    highlight: str | None, caption: str | None = None) -> bytes:
        return await asyncio.to_thread(rendering.render, game_key, view, names=names, highlight=highlight,
                                       caption=caption)

    async def private(self, game_key: str, view: dict[str, Any], *, names: list[str] | None) -> bytes:
        return await asyncio.to_thread(rendering.render_private, game_key, view, names=names)

    async def card(self, game_key: str, card_id: str) -> bytes:
        return await asyncio.to_thread(rendering.render_card, game_key, card_id)

    async def summary(self, summary: dict[str, Any]) -> bytes:
        return await asyncio.to_thread(render_summary, summary)

    def close(self) -> None:
        return None
