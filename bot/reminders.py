"""The reminder loop: once a minute, post the reminders that are due (and the boards of the turns
the table played for players whose deadline passed), then fire the members' timers (the end of a
vacation, a turn message held back by quiet hours).

The timers live in the database (the table service sets them after every move), so a restart
loses nothing: the first pass after start-up posts whatever fell due while the bot was away.
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING

import discord
from discord.ext import tasks

from .components import since_view
from .notices import post_notices, send_direct
from .presentation import text
from .views import in_language, mentions_of, post_reply, public_language

if TYPE_CHECKING:
    from .bot import BottegaBot
    from .table import Reminder

log = logging.getLogger(__name__)

CHECK_EVERY_SECONDS = 60


class ReminderLoop:
    def __init__(self, bot: BottegaBot, *, seconds: float = CHECK_EVERY_SECONDS) -> None:
        self.bot = bot
        self._loop = tasks.loop(seconds=seconds)(self._tick)
        self._loop.before_loop(self._wait_until_ready)

    def start(self) -> None:
        self._loop.start()

    def stop(self) -> None:
        self._loop.cancel()

    @property
    def running(self) -> bool:
        return self._loop.is_running()

    async def _wait_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def _tick(self) -> None:
        """One pass; an error is logged with an id and the loop carries on."""
        try:
            await self.post_due()
        except Exception:
            log.exception("reminder pass failed (error id %s)", secrets.token_hex(4))

    async def post_due(self) -> int:
        """Post every due reminder; returns how many were posted."""
        service = self.bot.service
        assert service is not None
        posted = 0
        for reminder in await service.due_reminders():
            if await self._post(reminder):
                posted += 1
        presence = await service.due_presence()
        await post_notices(self.bot, presence.notices)
        await send_direct(self.bot, presence.messages)
        return posted

    async def _post(self, reminder: Reminder) -> bool:
        try:
            channel = self.bot.get_channel(reminder.channel_id) or await self.bot.fetch_channel(
                reminder.channel_id
            )
            assert isinstance(channel, discord.abc.Messageable)
            if reminder.board is not None:  # a turn played for a late player: the board after it
                await post_reply(self.bot, channel, reminder.board)
                return True
            language = await public_language(self.bot, channel, reminder.game_id)
            await channel.send(text(self.bot.presenter, reminder.lines, language)[:2000],
                               allowed_mentions=mentions_of(reminder.user_ids),
                               view=in_language(since_view(reminder.game_id), language))
        except (discord.NotFound, discord.Forbidden) as error:
            log.warning(
                "reminder for game %s not posted in channel %s: %s",
                reminder.game_id, reminder.channel_id, error,
            )
            return False
        return True
