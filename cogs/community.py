"""The Discord side of rematches: opening one (in a new thread when the finished game was in a
thread) and the **Join the rematch** button the other players confirm with.

The final board of a game carries a **Rematch** button: any of its players presses it (or runs
``/game rematch``) to open a new table of the same game, options and players; the other people
take their seats with **Join the rematch** and the game starts, seats drawn again, when the last
one has (the AI seats sit down at once). Agreeing before the start keeps anyone from being pulled
into a week-long game they did not want; only the players of the finished game may sit.

Both buttons are :class:`discord.ui.DynamicItem` s carrying a game id, so they keep working after
a restart; a press by anyone who did not play the finished game is refused in one sentence by
the table service.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar, Self

import discord

from i18n import Message, translate
from bot.presentation import post
from bot.table import Reply, TableError
from bot.table.community import JOIN_THE_REMATCH
from bot.views import (
    in_language,
    mentions_of,
    person_of,
    post_reply,
    public_language,
    reader_language,
    report_error,
    require_bot_permissions,
    respond,
    service,
)
from games import IllegalAction

if TYPE_CHECKING:
    from bot.bot import BottegaBot

REMATCH_PREFIX = "bottega:rematch"
AGAIN_PREFIX = "bottega:again"
REMATCH = Message("Rematch")
"""The final board's button, which opens the rematch."""


def _game_button_template(prefix: str) -> re.Pattern[str]:
    return re.compile(rf"{prefix}:(?P<game_id>\d+)")


class _GameButton:
    """A green button that carries a game id (``<prefix>:<game id>``), so it keeps working after a
    restart; mixed into each :class:`discord.ui.DynamicItem` of this module."""

    prefix: ClassVar[str]
    label: ClassVar[Message]

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=self.label, style=discord.ButtonStyle.success,
                                           custom_id=f"{self.prefix}:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["game_id"]))


class AgainButton(_GameButton, discord.ui.DynamicItem[discord.ui.Button],
                  template=_game_button_template(AGAIN_PREFIX)):
    """Opens the rematch of finished game ``game_id``, as ``/game rematch``: ``bottega:again:<game id>``."""

    prefix, label = AGAIN_PREFIX, REMATCH

    async def callback(self, interaction: discord.Interaction) -> None:
        await open_rematch(interaction.client, interaction)  # type: ignore[arg-type]


def final_components(reply: Reply, view: discord.ui.View | None) -> discord.ui.View:
    """The components of a finished game's board: its game's (if any) and the Rematch button."""
    view = view or discord.ui.View(timeout=None)
    if reply.game_id is not None:
        view.add_item(AgainButton(reply.game_id))
    return view


class RematchButton(_GameButton, discord.ui.DynamicItem[discord.ui.Button],
                    template=_game_button_template(REMATCH_PREFIX)):
    """Takes the presser's seat at rematch table ``game_id``: ``bottega:rematch:<game id>``."""

    prefix, label = REMATCH_PREFIX, JOIN_THE_REMATCH

    async def callback(self, interaction: discord.Interaction) -> None:
        channel_id = interaction.channel_id
        assert channel_id is not None
        await respond(interaction, lambda: service(interaction.client).confirm_rematch(
            channel_id, person_of(interaction), self.game_id))


async def open_rematch(bot: BottegaBot, interaction: discord.Interaction) -> None:
    """``/game rematch``: refuse at once, or open the table (and its thread) and ask the others."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    channel = interaction.channel
    try:
        in_thread = isinstance(channel, discord.Thread)
        require_bot_permissions(interaction, thread=in_thread)
        person = person_of(interaction)
        await service(bot).rematch_check(interaction.channel_id, person)
        target = channel
        if in_thread:
            parent = channel.parent
            if not isinstance(parent, discord.TextChannel):
                raise TableError("A rematch thread can only be opened in a text channel.")
            target = await parent.create_thread(name=channel.name, type=discord.ChannelType.public_thread,
                                                auto_archive_duration=10080)
        reply = await service(bot).rematch(interaction.channel_id, target.id, person)
    except (TableError, IllegalAction) as error:
        await report_error(interaction, error)
        return
    posted = await send_rematch(bot, target, reply)
    opened = (Message("Rematch opened in {channel}: {link}", channel=target.mention, link=posted.jump_url)
              if in_thread else Message("Rematch opened: {link}", link=posted.jump_url))
    await interaction.edit_original_response(content=translate(opened, reader_language(interaction)))


async def send_rematch(bot: BottegaBot, channel: discord.abc.Messageable, reply: Reply) -> discord.Message:
    """The rematch's opening message with its button, or (everyone else an AI) the first board."""
    if reply.image is not None or reply.game_id is None:
        return await post_reply(bot, channel, reply)
    language = await public_language(bot, channel, reply.game_id)
    shown = post(bot.presenter, reply, public=language)
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(reply.game_id))
    return await channel.send(content=shown.text, allowed_mentions=mentions_of(shown.mentions),
                              view=in_language(view, language))
