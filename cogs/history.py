"""The pages of ``/game log``: a private message with Previous/Next buttons.

The buttons are :class:`discord.ui.DynamicItem` s whose ``custom_id`` names the game and the page
they open (``bottega:log:<game id>:<page>``), so they keep working after a restart; a button of
an earlier game of the channel is refused by the table service.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord

from i18n import Message
from bot.presentation import text
from bot.table import LogPage, TableError
from bot.views import in_language, reader_language, report_error, service
from games import IllegalAction

if TYPE_CHECKING:
    from bot.bot import BottegaBot

LOG_PREFIX = "bottega:log"


def page_view(page: LogPage) -> discord.ui.View | None:
    """Previous (newer moves) and Next (older moves); none for a one-page log."""
    if page.pages == 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LogButton(page.game_id, page.page - 1, Message("Previous"), disabled=page.page == 1))
    view.add_item(LogButton(page.game_id, page.page + 1, Message("Next"), disabled=page.page == page.pages))
    return view


async def show_page(interaction: discord.Interaction, page: LogPage) -> None:
    """Show ``page`` in the invoker's (deferred) private response, in their language."""
    bot: BottegaBot = interaction.client  # type: ignore[assignment]
    reader = reader_language(interaction)
    content = text(bot.presenter, page.lines, reader)
    view = in_language(page_view(page), reader)
    await interaction.edit_original_response(content=content, view=view)


class LogButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{LOG_PREFIX}:(?P<game_id>\d+):(?P<page>\d+)"),
):
    """Opens page ``page`` of game ``game_id``'s log in place of the page shown."""

    def __init__(self, game_id: int, page: int, label: str, *, disabled: bool = False) -> None:
        self.game_id, self.page = game_id, page
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                              custom_id=f"{LOG_PREFIX}:{game_id}:{page}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> LogButton:
        return cls(int(match["game_id"]), int(match["page"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # the page replaces the one shown
        assert interaction.channel_id is not None
        try:
            page = await service(interaction.client).log_page(interaction.channel_id, self.page, self.game_id)
            await show_page(interaction, page)
        except (TableError, IllegalAction) as error:
            await report_error(interaction, error)


async def setup(bot: BottegaBot) -> None:
    bot.add_dynamic_items(LogButton)
