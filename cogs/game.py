"""``/game``: the lifecycle every game shares (new, join, leave, start, status, abandon, mine,
help, settings)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.table import AI_LEVELS, DEFAULT_LEVEL, MAX_REMINDER, MIN_REMINDER, Reply, TableError, line
from bot.views import person_of, post_reply, report_error, require_bot_permissions, respond, service
from cogs.play import rule_topics
from cogs.rules_help import rules_lines, topic_choices

if TYPE_CHECKING:
    from bot.bot import BottegaBot

MAX_PLAYERS = 4
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in AI_LEVELS]
HOURS_MIN = int(MIN_REMINDER.total_seconds() // 3600)
HOURS_MAX = int(MAX_REMINDER.total_seconds() // 3600)


def game_title(key: str) -> str:
    return games.get(key).title


GAME_CHOICES = [app_commands.Choice(name=game_title(key), value=key) for key in games.keys()]  # noqa: SIM118


def parse_options(key: str, text: str) -> dict[str, Any]:
    """``"advanced=true, solo=false"`` as the game's option values (validated by the engine)."""
    game = games.get(key)
    specs = {spec.name: spec for spec in game.options}
    chosen: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
        name, _, raw = part.partition("=")
        name, raw = name.strip().lower(), raw.strip().lower() or "true"
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(specs) or "none"
            raise TableError(f"{game.title} has no option '{name}' (options: {known}).")
        value = next((c for c in spec.choices if str(c).lower() == raw), None)
        if value is None:
            allowed = ", ".join(str(c).lower() for c in spec.choices)
            raise TableError(f"Option '{name}' must be one of: {allowed}.")
        chosen[name] = value
    return chosen


class GameCog(commands.Cog):
    game = app_commands.Group(name="game", description="Open, join and manage the game table of this channel.",
                              guild_only=True)

    def __init__(self, bot: BottegaBot) -> None:
        self.bot = bot

    @property
    def service(self):
        return service(self.bot)

    @game.command(name="new", description="Open a table for a game in this channel (or in a new thread).")
    @app_commands.describe(
        game="Which game to play",
        players="How many players, you included",
        options="The game's setup options, e.g. advanced=true (start typing to see them)",
        thread="Open the table in a new thread of this channel, so one channel can host many games",
        bots="How many of the seats Bottega's AI takes at once",
        level="How well those AI players play (normal unless chosen)",
    )
    @app_commands.choices(game=[app_commands.Choice(name=game_title(k), value=k) for k in games.keys()],
                          level=LEVEL_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        players: app_commands.Range[int, 1, MAX_PLAYERS],
        options: str = "",
        thread: bool = False,
        bots: app_commands.Range[int, 0, MAX_PLAYERS - 1] = 0,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            require_bot_permissions(interaction, thread=thread)
            chosen = parse_options(game, options)
            engine = games.get(game)
            if not engine.min_players <= players <= engine.max_players:  # checked before any thread opens
                raise TableError(f"{engine.title} is for {engine.player_range()} players, not {players}.")
            if bots >= players:
                raise TableError(f"A table for {players} can have 0 to {players - 1} AI players, not {bots}.")
            channel = interaction.channel
            if thread:
                if isinstance(channel, discord.Thread) or not isinstance(channel, discord.TextChannel):
                    raise TableError("A thread can only be opened from a text channel, not inside a thread.")
                channel = await channel.create_thread(
                    name=f"{game_title(game)} table", type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080,
                )
            assert interaction.guild_id is not None and channel is not None
            reply = await self.service.new_game(
                interaction.guild_id, channel.id, person_of(interaction), game, players, chosen,
                bots=bots, level=level,
            )
        except (TableError, games.IllegalAction) as error:
            await report_error(interaction, error)
            return
        posted = await post_reply(self.bot, channel, reply)
        where = f" in {channel.mention}" if thread else ""
        await interaction.edit_original_response(content=f"Table opened{where}: {posted.jump_url}")

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        key = interaction.namespace.game
        try:
            specs = games.get(key).options if key else ()
        except games.IllegalAction:
            return []
        done, _, typing = current.rpartition(",")
        prefix = f"{done}, " if done else ""
        suggestions = []
        for spec in specs:
            for choice in spec.choices:
                text = f"{spec.name}={str(choice).lower()}"
                if text.startswith(typing.strip().lower()):
                    suggestions.append(app_commands.Choice(name=f"{prefix}{text}: {spec.description}"[:100],
                                                           value=f"{prefix}{text}"[:100]))
        return suggestions[:25]

    @game.command(name="join", description="Take a seat at this channel's table.")
    async def join(self, interaction: discord.Interaction) -> None:
        await respond(
            interaction, lambda: self.service.join(interaction.channel_id, person_of(interaction)), files=False
        )

    @game.command(name="leave", description="Give up your seat before the game starts.")
    async def leave(self, interaction: discord.Interaction) -> None:
        await respond(
            interaction, lambda: self.service.leave(interaction.channel_id, person_of(interaction)), files=False
        )

    ai_players = app_commands.Group(
        name="bot", description="AI players at this channel's table (before it starts).", parent=game
    )

    @ai_players.command(name="add", description="Seat an AI player at this table (host or server managers).")
    @app_commands.describe(level="How well it plays (normal unless chosen)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def bot_add(self, interaction: discord.Interaction, level: str = DEFAULT_LEVEL) -> None:
        await respond(
            interaction, lambda: self.service.add_ai(interaction.channel_id, person_of(interaction), level),
            files=False,
        )

    @ai_players.command(name="remove",
                        description="Remove the last AI player seated at this table (host or server managers).")
    async def bot_remove(self, interaction: discord.Interaction) -> None:
        await respond(
            interaction, lambda: self.service.remove_ai(interaction.channel_id, person_of(interaction)), files=False
        )

    @game.command(name="start", description="Start the game (host or server managers).")
    async def start(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda: self.service.start(interaction.channel_id, person_of(interaction)))

    @game.command(name="status", description="The board, whose turn it is and since when.")
    @app_commands.describe(public="Post it for everyone instead of only you")
    async def status(self, interaction: discord.Interaction, public: bool = False) -> None:
        await respond(
            interaction, lambda: self.service.status(interaction.channel_id),
            public=public,
        )

    @game.command(name="abandon",
                  description="End this game: the host or a server manager, or a vote of most players.")
    async def abandon(self, interaction: discord.Interaction) -> None:
        await respond(
            interaction, lambda: self.service.abandon(interaction.channel_id, person_of(interaction)), files=False
        )

    @game.command(name="mine", description="The games in this server that are waiting on you.")
    async def mine(self, interaction: discord.Interaction) -> None:
        await respond(
            interaction, lambda: self.service.mine(interaction.guild_id, person_of(interaction)), public=False
        )

    @game.command(name="help", description="The commands of this channel's game and what you can do now.")
    async def help(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda: self.help_reply(interaction), public=False)

    async def help_reply(self, interaction: discord.Interaction) -> Reply:
        lines = []
        key = None
        try:
            reply = await self.service.game_help(interaction.channel_id, person_of(interaction))
            lines.extend(reply.private)
            key = reply.game_key
        except TableError:
            lines.append(line("There is no game in this channel yet."))
        lines.append(line(""))
        lines.extend(line(text) for text in command_lines(self.game))
        for cog in self.bot.cogs.values():
            if key is not None and getattr(cog, "game_key", None) == key:
                lines.extend(line(text) for text in command_lines(cog.app_command))
        topics = rule_topics(key) if key else {}
        if topics:
            lines.append(line("Rules by topic (`/game rules topic:`): " + ", ".join(topics)))
        return Reply(private=lines)

    @game.command(name="rules", description="Rules help by topic, from the player's guide of the game.")
    @app_commands.describe(topic="What you want to know about (start typing to see the topics)",
                           game="Which game (this channel's unless chosen)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, topic: str | None = None,
                    game: str | None = None) -> None:
        async def reply() -> Reply:
            key = game or await self.channel_game(interaction)
            if key is None:
                raise TableError("There is no game in this channel: choose one with `game:`.")
            return Reply(private=rules_lines(key, topic))

        await respond(interaction, reply, public=False)

    @rules.autocomplete("topic")
    async def rules_topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return topic_choices(interaction.namespace.game or await self.channel_game(interaction), current)

    async def channel_game(self, interaction: discord.Interaction) -> str | None:
        """The key of this channel's game (None: no table here)."""
        try:
            return (await self.service.table(interaction.channel_id)).row.game_key
        except TableError:
            return None

    @game.command(name="settings", description="Table settings (host or server managers).")
    @app_commands.describe(reminder_hours=f"Remind waiting players every this many hours ({HOURS_MIN} to {HOURS_MAX})")
    async def settings(
        self, interaction: discord.Interaction, reminder_hours: app_commands.Range[int, HOURS_MIN, HOURS_MAX]
    ) -> None:
        await respond(
            interaction,
            lambda: self.service.settings(interaction.channel_id, person_of(interaction), reminder_hours),
            files=False,
        )


def command_lines(group: app_commands.Group) -> list[str]:
    return [
        f"`/{command.qualified_name}`: {command.description}"
        for command in group.walk_commands()
        if isinstance(command, app_commands.Command)
    ]


async def setup(bot: BottegaBot) -> None:
    await bot.add_cog(GameCog(bot))
