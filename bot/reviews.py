"""The post-game review on Discord: the loop that runs the review jobs, the line and the **Your
review** button it adds to a finished game's final card, and what the button shows.

The jobs live in the database (the store queues one with a game's last move), so a restart loses
nothing: the loop's first pass after start-up resumes a review cut short. When a review is ready,
the final card (the table's latest board message) gets one more line, the biggest swing of the
game, and the button; when that message cannot be edited any more, the line and the button come
as a new message. Every player who presses the button (or runs ``/<game> review`` in the
channel) sees their own review, privately.
"""

from __future__ import annotations

import io
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import ui
from discord.ext import tasks

from i18n import Message, translate

from .presentation import post, text
from .table import Person, Reply, TableError, TableService
from .views import person_of, public_language, reader_language, report_error, service

if TYPE_CHECKING:
    from .bot import BottegaBot

log = logging.getLogger(__name__)

CHECK_EVERY_SECONDS = 60
REVIEW_PREFIX = "bottega:review"
YOUR_REVIEW = Message("Your review")
REVIEW_READY = Message("The coach has reviewed this game: press **Your review** to see your turning points.")


class ReviewButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{REVIEW_PREFIX}:(?P<game_id>\d+)"),
):
    """Shows the presser their review of finished game ``game_id``: ``bottega:review:<game id>``."""

    def __init__(self, game_id: int, label: str = YOUR_REVIEW) -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           custom_id=f"{REVIEW_PREFIX}:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ReviewButton:
        return cls(int(match["game_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_review(interaction, lambda tables, person, reader: tables.review(self.game_id, person, reader))


Reviewed = Callable[[TableService, Person, str], Awaitable[list[Reply]]]
"""Which review to show: ``(service, person, language) -> replies``."""


async def show_review(interaction: discord.Interaction, reviewed: Reviewed) -> None:
    """The invoker's turning points, privately: one message per turning point, with its board."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    reader = reader_language(interaction)
    try:
        replies = await reviewed(service(interaction.client), person_of(interaction), reader)
    except TableError as error:
        await report_error(interaction, error)
        return
    presenter = interaction.client.presenter  # type: ignore[attr-defined]
    for index, reply in enumerate(replies):
        shown = post(presenter, reply, private=reader)
        image = shown.ephemeral_image
        files = [discord.File(io.BytesIO(image.data), filename=image.filename)] if image is not None else []
        if index == 0:
            await interaction.edit_original_response(content=shown.ephemeral, attachments=files)
        else:
            await interaction.followup.send(shown.ephemeral, files=files, ephemeral=True)


class ReviewLoop:
    """Runs the review jobs waiting, once a minute, and tells each table whose review is ready."""

    def __init__(self, bot: BottegaBot, *, seconds: float = CHECK_EVERY_SECONDS) -> None:
        self.bot = bot
        self._loop = tasks.loop(seconds=seconds)(self._tick)
        self._loop.before_loop(self.bot.wait_until_ready)

    def start(self) -> None:
        self._loop.start()

    def stop(self) -> None:
        self._loop.cancel()

    async def _tick(self) -> None:
        try:
            await self.run()
        except Exception:
            log.exception("review pass failed (error id %s)", secrets.token_hex(4))

    async def run(self) -> list[int]:
        """One pass: every waiting review run, each table told; the games reviewed."""
        ready = await service(self.bot).run_reviews()
        for game_id in ready:
            try:
                await announce(self.bot, game_id)
            except discord.HTTPException as error:
                log.warning("the review of game %s is ready but could not be announced: %s", game_id, error)
        return ready


async def announce(bot: BottegaBot, game_id: int) -> None:
    """Add the biggest swing and the **Your review** button to the game's final card (or, when it
    cannot be edited, post them as a new message)."""
    tables = service(bot)
    table = await tables.game(game_id)
    if table is None:
        return
    channel = bot.get_channel(table.row.channel_id) or await bot.fetch_channel(table.row.channel_id)
    assert isinstance(channel, discord.abc.Messageable)
    language = await public_language(bot, channel, game_id)
    swing = await tables.review_swing(game_id)
    lines = [swing] if swing is not None else []
    words = text(bot.presenter, [*lines, (REVIEW_READY,)], language)
    button = ReviewButton(game_id, translate(YOUR_REVIEW, language))
    if table.row.board_message_id is not None:
        try:
            message = await channel.fetch_message(table.row.board_message_id)  # type: ignore[attr-defined]
            card = ui.LayoutView.from_message(message, timeout=None)
            container = next((item for item in card.children if isinstance(item, ui.Container)), None)
            if container is not None:
                container.add_item(ui.TextDisplay(words))
                container.add_item(ui.ActionRow(button))
                await message.edit(view=card)
                return
        except (discord.NotFound, discord.Forbidden):
            pass
    view = ui.View(timeout=None)
    view.add_item(button)
    await channel.send(words, view=view)
