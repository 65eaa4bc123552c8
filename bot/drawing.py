"""Drawing in threads: a renderer the table service can be given instead of the process pool.

:class:`ThreadRenderer` offers the interface :class:`bot.table.renderer.Renderer` (as does
:class:`rendering.pool.RenderPool`) and draws with :mod:`rendering` in worker threads, so the event
loop keeps answering.
"""

from __future__ import annotations

import asyncio
from typing import Any

import rendering
from rendering.focus import render_focus
from rendering.summary import render_summary


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
