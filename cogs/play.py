"""``/<game key> move`` and ``/<game key> hand``: the commands every game has.

One :class:`app_commands.Group` per game key is created here, in :func:`game_group`, and kept in
``bot.game_groups``; a game-specific cog (``cogs/mor.py`` ...) adds richer commands to the same
group in its own ``setup``::

    group = bot.game_groups["mor"]
    group.add_command(app_commands.Command(name="market", description=..., callback=...))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

import games
from bot.service import TableError
from bot.views import person_of, report_error, respond
from cogs.game import game_title

if TYPE_CHECKING:
    from bot.bot import BottegaBot
    from bot.service import Table

AUTOCOMPLETE_LIMIT = 25
CHOICE_LIMIT = 100


def game_group(bot: BottegaBot, key: str) -> app_commands.Group:
    """The ``/<key>`` group with its ``move`` and ``hand`` commands."""
    title = game_title(key)
    group = app_commands.Group(name=key, description=f"Play {title} in this channel.", guild_only=True)

    async def check_game(interaction: discord.Interaction) -> None:
        await game_table(bot, interaction.channel_id, key)

    @group.command(name="move", description=f"Make your move in {title} (start typing to see your legal moves).")
    @app_commands.describe(notation="Your move; the suggestions are exactly the moves you may make now")
    async def move(interaction: discord.Interaction, notation: str) -> None:
        async def play():
            await check_game(interaction)
            return await service(bot).act(
                interaction.channel_id, person_of(interaction), notation.strip(), interaction_id=interaction.id
            )

        await respond(interaction, play)

    @move.autocomplete("notation")
    async def legal_moves(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            await check_game(interaction)
            legal = await service(bot).legal(interaction.channel_id, person_of(interaction))
        except TableError:
            return []
        except Exception as error:  # noqa: BLE001 - the one error path also covers suggestions
            await report_error(interaction, error)
            return []
        typed = current.strip().lower()
        matching = [n for n in legal if typed in n.lower() and len(n) <= CHOICE_LIMIT]
        matching.sort(key=lambda n: (not n.lower().startswith(typed), n))
        return [app_commands.Choice(name=n, value=n) for n in matching[:AUTOCOMPLETE_LIMIT]]

    @group.command(name="hand", description=f"Your private view of {title} (only you see it).")
    async def hand(interaction: discord.Interaction) -> None:
        async def view():
            await check_game(interaction)
            return await service(bot).private(interaction.channel_id, person_of(interaction))

        await respond(interaction, view, public=False)

    return group


async def game_table(bot: BottegaBot, channel_id: int, key: str) -> Table:
    """The channel's table, refused when it plays another game than ``key``."""
    table = await service(bot).table(channel_id)
    if table.row.game_key != key:
        raise TableError(f"This channel is playing {table.game.title}: use `/{table.row.game_key}` commands here.")
    return table


def service(bot: BottegaBot):
    assert bot.service is not None
    return bot.service


async def setup(bot: BottegaBot) -> None:
    for key in games.keys():
        bot.game_groups[key] = game_group(bot, key)
        bot.tree.add_command(bot.game_groups[key])
