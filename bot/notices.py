"""Messages that answer no command: notices to the channels of a member's tables (a vacation
begins or ends) and direct messages about a member's turn.

Neither may fail anyone's command. A member whose direct messages are closed to the bot (Discord
error 50007) is skipped without a word, and so is a channel the bot can no longer post in; other
failures are logged and the rest go on. Notices ping no one.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from i18n import ENGLISH
from .presentation import text
from .table import TableError
from .views import MESSAGE_LIMIT, mentions_of, public_language, service

if TYPE_CHECKING:
    from .bot import BottegaBot
    from .table import DirectMessage, Notice, Reply

log = logging.getLogger(__name__)

CANNOT_MESSAGE_USER = 50007
"""Discord's code for a user whose direct messages are closed to the bot."""


async def post_notices(bot: BottegaBot, notices: list[Notice]) -> None:
    for notice in notices:
        try:
            channel = bot.get_channel(notice.channel_id) or await bot.fetch_channel(notice.channel_id)
            assert isinstance(channel, discord.abc.Messageable)
            language = await public_language(bot, channel)
            await channel.send(text(bot.presenter, notice.lines, language)[:MESSAGE_LIMIT],
                               allowed_mentions=mentions_of([]))
        except discord.HTTPException as error:
            log.warning("notice not posted in channel %s: %s", notice.channel_id, error)


async def send_direct(bot: BottegaBot, messages: list[DirectMessage]) -> int:
    """Send each direct message; returns how many arrived."""
    sent = 0
    for message in messages:
        try:
            user = bot.get_user(message.user_id) or await bot.fetch_user(message.user_id)
            shown = text(bot.presenter, message.lines, message.language or ENGLISH)
            await user.send(shown[:MESSAGE_LIMIT], allowed_mentions=mentions_of([]))
            sent += 1
        except discord.Forbidden as error:
            if error.code != CANNOT_MESSAGE_USER:
                log.warning("direct message to user %s not sent: %s", message.user_id, error)
        except discord.HTTPException as error:
            log.warning("direct message to user %s not sent: %s", message.user_id, error)
    return sent


async def send_turn_messages(bot: BottegaBot, reply: Reply, board: discord.Message) -> None:
    """After a board that pings players: their "your turn" direct messages, with its jump link."""
    if not reply.mentions or reply.game_id is None or reply.version is None:
        return
    try:
        messages = await service(bot).turn_messages(reply.game_id, reply.version, reply.mentions, board.jump_url)
    except TableError as error:  # a damaged game is told in its channel; the mover's move stands
        log.warning("no turn messages for game %s: %s", reply.game_id, error)
        return
    await send_direct(bot, messages)
