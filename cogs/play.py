"""The command cog every game has: ``/<game key> move``, ``/<game key> hand``, and the coach's
``/<game key> hint`` (:mod:`bot.table.coach`) and ``/<game key> review`` (:mod:`bot.reviews`).

:class:`GameCommands` is a :class:`discord.ext.commands.GroupCog`: each game subclasses it with
its key as the group name (``class MorCommands(GameCommands, group_name="mor")``), adds its own
commands as methods and may override :meth:`GameCommands.board_components` (the components of
its public boards). A game without a module of its own among the bot's extensions gets the plain subclass made
by :func:`plain_commands`.
"""

from __future__ import annotations

import json
import types
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.components import menu_view
from bot.guided import play
from bot.reviews import show_review
from bot.menus import suggestions
from bot.table import Reply, Table, TableError, line
from bot.views import person_of, reader_language, report_error, respond, service

from .cards import find
from .cards import suggestions as card_suggestions

if TYPE_CHECKING:
    from bot.bot import BottegaBot

AUTOCOMPLETE_LIMIT = 25
CHOICE_LIMIT = 100


@app_commands.guild_only()
class GameCommands(commands.GroupCog):
    """``/<key> ...``: a game's commands; ``game_key`` is the group's name."""

    game_key: ClassVar[str]

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.game_key = cls.__cog_group_name__

    def __init__(self, bot: BottegaBot) -> None:
        self.bot = bot
        title = games.get(self.game_key).title
        self.title = title
        describe(self.app_command, f"Play {title} in this channel.")
        describe(self.move, f"Make your move in {title} (start typing to see your legal moves).")
        describe(self.hand, f"Your private view of {title} (only you see it).")

    async def table(self, interaction: discord.Interaction) -> Table:
        """The channel's table, refused when it plays another game than this cog's."""
        table = await service(self.bot).table(interaction.channel_id)
        table.require_game(self.game_key)
        return table

    async def board_components(self, reply: Reply) -> tuple[Reply, discord.ui.View | None]:
        """A public board of this game (a game may give it a line of its own: a new reply) and its
        components: by default the "Your move" button."""
        return reply, menu_view(reply)

    @app_commands.command(name="move", description="Make your move (start typing to see your legal moves).")
    @app_commands.describe(notation="Your move; the suggestions are exactly the moves you may make now")
    async def move(self, interaction: discord.Interaction, notation: str) -> None:
        await play(interaction, notation.strip(), game_key=self.game_key)

    @move.autocomplete("notation")
    async def legal_moves(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The moves the player may make now, described by the engine, most useful first and the
        ones that need a second thought last, labelled in the member's language; the value is the
        notation (the move log stays the same in every language)."""
        try:
            await self.table(interaction)
            described = await service(self.bot).described(interaction.channel_id, person_of(interaction))
        except TableError:
            return []
        except Exception as error:  # noqa: BLE001 - the one error path also covers suggestions
            await report_error(interaction, error)
            return []
        return [app_commands.Choice(name=label, value=notation) for label, notation in suggestions(described, current, reader_language(interaction))]

    @app_commands.command(name="hand", description="Your private view (only you see it).")
    async def hand(self, interaction: discord.Interaction) -> None:
        async def own_view() -> Reply:
            await self.table(interaction)
            return await service(self.bot).private(interaction.channel_id, person_of(interaction),
                                                   reader_language(interaction))

        await respond(interaction, own_view, public=False)

    @app_commands.command(name="hint", description="The coach suggests moves for your decision now (only you see it).")
    async def hint(self, interaction: discord.Interaction) -> None:
        """Hints have their own command in each game's group: ``/game`` holds Discord's most (25)."""
        async def suggested() -> Reply:
            await self.table(interaction)
            return await service(self.bot).hint(interaction.channel_id, person_of(interaction),
                                                reader_language(interaction))

        await respond(interaction, suggested, public=False)

    @app_commands.command(name="review", description="Your review of this channel's last game, by the coach (only you see it).")
    async def review(self, interaction: discord.Interaction) -> None:
        await show_review(interaction, lambda tables, person, reader: tables.channel_review(
            interaction.channel_id, person, reader))

    @app_commands.command(name="card", description="Any card, leader, tile or building, large, with its effects.")
    @app_commands.describe(card="Start typing a name or an id")
    async def card(self, interaction: discord.Interaction, card: str) -> None:
        async def shown() -> Reply:
            entry = find(self.game_key, card, reader_language(interaction))
            if entry is None:
                raise TableError("{title} has no card, leader, tile or building '{card}': "
                                 "start typing to see the names.", title=self.title, card=card)
            image = await service(self.bot).card_image(self.game_key, entry.ident, reader_language(interaction))
            return Reply(private=[line(text) for text in entry.lines], private_image=image)

        await respond(interaction, shown, public=False)

    @card.autocomplete("card")
    async def card_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=entry.label[:CHOICE_LIMIT], value=entry.ident)
                for entry in card_suggestions(self.game_key, current, AUTOCOMPLETE_LIMIT,
                                              reader_language(interaction))]


def describe(command: app_commands.Command | app_commands.Group, text: str) -> None:
    """Set a command's description once it is built, and have it translated like a declared one
    (discord.py localises the ``locale_str`` it keeps beside the description)."""
    command.description = text
    command._locale_description = app_commands.locale_str(text)


def rule_topics(key: str) -> dict[str, dict[str, Any]]:
    """A game's short rules help by topic (``cogs/<key>_rules.json``: title, rule IDs, text); empty
    for a game without one. ``/<key> rules`` shows a topic, ``/game help`` lists them."""
    path = Path(__file__).with_name(f"{key}_rules.json")
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def plain_commands(key: str) -> type[GameCommands]:
    """The command cog of a game that has no cog module of its own: ``move`` and ``hand``."""
    return types.new_class(f"{key.title()}Commands", (GameCommands,), {"group_name": key})


async def setup(bot: BottegaBot) -> None:
    for key in games.keys():
        if f"cogs.{key}" not in bot.EXTENSIONS:
            await bot.add_cog(plain_commands(key)(bot))
