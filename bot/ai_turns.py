"""Posting the AI's moves on Discord.

When a board posted in a channel leaves AI seats to play (``Reply.ai_to_move``), :meth:`AiTurns.after`
waits ``AI_PAUSE_SECONDS`` (so the channel reads naturally), shows "Bottega is typing…" in the
channel while the AI thinks, asks the table service to play every move those seats owe, and posts
them as one message: all their event lines, the final board and the ping of the next person. At start-up :meth:`AiTurns.catch_up` does the same for every table
that was waiting on an AI seat when the bot stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Coroutine
from typing import TYPE_CHECKING, Any

import discord

from .table import TableError
from .views import post_reply

if TYPE_CHECKING:
    from .bot import BottegaBot

log = logging.getLogger(__name__)


@contextlib.asynccontextmanager
async def thinking(channel: discord.abc.Messageable) -> AsyncIterator[None]:
    """Discord's "Bottega is typing…" in ``channel`` while the AI thinks (renewed every 5 seconds
    by discord.py). It is a courtesy: a channel that refuses it gets the AI's moves all the same."""
    typing = channel.typing()
    try:
        await typing.__aenter__()
    except discord.HTTPException as refused:
        log.info("no typing indicator in channel %s: %s", channel.id, refused)
        yield
        return
    try:
        yield
    finally:
        await typing.__aexit__(None, None, None)


class AiTurns:
    def __init__(self, bot: BottegaBot, pause_seconds: float) -> None:
        self.bot, self.pause_seconds = bot, pause_seconds
        self._tasks: set[asyncio.Task[None]] = set()

    def after(self, channel: discord.abc.Messageable) -> None:
        """Play and post the AI moves owed in ``channel``, in the background."""
        self._spawn(self._play(channel))

    def catch_up_soon(self) -> None:
        """Once the bot is connected, play the AI moves every table still owes (at start-up)."""
        self._spawn(self._catch_up())

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)  # the loop keeps only weak references to tasks
        task.add_done_callback(self._tasks.discard)

    async def _play(self, channel: discord.abc.Messageable) -> None:
        await asyncio.sleep(self.pause_seconds)
        assert self.bot.service is not None
        try:
            async with thinking(channel):
                reply = await self.bot.service.play_ai(channel.id)
            if reply is not None:
                await post_reply(self.bot, channel, reply)
        except TableError as refusal:  # the table was abandoned or changed meanwhile
            log.info("AI moves in channel %s not played: %s", channel.id, refusal.message)
        except Exception:
            log.exception("AI moves in channel %s failed", channel.id)

    async def _catch_up(self) -> None:
        await self.bot.wait_until_ready()
        assert self.bot.service is not None
        for channel_id in await self.bot.service.ai_owed_channels():
            try:
                channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s of a table waiting on an AI seat is out of reach", channel_id)
                continue
            assert isinstance(channel, discord.abc.Messageable)
            self.after(channel)
