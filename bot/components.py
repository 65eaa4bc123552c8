"""The buttons of a public board: "Your move" and "Since your move".

Move buttons are never put on a public board: a notation can name a hidden card (the one leader
left in a Lorenzo il Magnifico draft, ``draft ariosto``), and a ``custom_id`` is readable by every
client. "Your move" answers each player privately with their own moves (:mod:`bot.guided`).
Both are dynamic items rebuilt from their ``custom_id``, so they keep working after a restart.
"""

from __future__ import annotations

import re

import discord

from i18n import Message

from .guided import show_menu
from .table import Reply, TableError
from .views import person_of, report_error, respond_in_parts, service

MENU_PREFIX = "bottega:menu"
SINCE_PREFIX = "bottega:since"


def menu_view(reply: Reply) -> discord.ui.View | None:
    """A "Your move" button, and a "Since your move" one, when someone must act."""
    if reply.over or not (reply.acting or reply.mentions) or reply.game_id is None or reply.version is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(MenuButton(reply.game_id, reply.version))
    view.add_item(SinceButton(reply.game_id))
    return view


def since_view(game_id: int) -> discord.ui.View:
    """The "Since your move" button alone, for a reminder's ping."""
    view = discord.ui.View(timeout=None)
    view.add_item(SinceButton(game_id))
    return view


class MenuButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{MENU_PREFIX}:(?P<game_id>\d+):(?P<version>\d+)"),
):
    """Shows the presser their own moves on this board: ``bottega:menu:<game id>:<version>``."""

    def __init__(self, game_id: int, version: int) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(discord.ui.Button(label=Message("Your move"), style=discord.ButtonStyle.primary,
                                           custom_id=f"{MENU_PREFIX}:{game_id}:{version}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> MenuButton:
        return cls(int(match["game_id"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await show_menu(interaction, self.game_id, self.version)
        except Exception as error:  # noqa: BLE001 - the one error path also covers components
            await report_error(interaction, error)


class SinceButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{SINCE_PREFIX}:(?P<game_id>\d+)"),
):
    """Shows the presser, privately, what happened since their own last move:
    ``bottega:since:<game id>``. It stays valid for the whole game (it shows the game as it is)."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=Message("Since your move"), style=discord.ButtonStyle.secondary,
                                           custom_id=f"{SINCE_PREFIX}:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> SinceButton:
        return cls(int(match["game_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        channel_id = interaction.channel_id
        assert channel_id is not None
        tables = service(interaction.client)

        async def digest() -> Reply:
            if (await tables.table(channel_id)).row.id != self.game_id:
                raise TableError("That button belongs to a game that is over; this channel has a new table.")
            return await tables.since(channel_id, person_of(interaction))

        try:
            await respond_in_parts(interaction, digest)
        except Exception as error:  # noqa: BLE001 - the one error path also covers components
            await report_error(interaction, error)


DYNAMIC_ITEMS = (MenuButton, SinceButton)
