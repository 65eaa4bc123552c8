"""``/game``: the lifecycle every game shares (new, join, leave, start, status, abandon, mine,
help, settings, sit, replace), taking a move back (undo) and catching up (since), its history (log,
board, export) and the community around it (rematch, stats, leaderboard)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from i18n import LANGUAGES, Message, language_of, translate
from bot.table import (
    AI_LEVELS,
    CLOCKS,
    COACH_SETTINGS,
    DEFAULT_LEVEL,
    MAX_REMINDER,
    MIN_REMINDER,
    TIMEOUT_ACTIONS,
    Person,
    Reply,
    TableError,
    TurnSettings,
    line,
)
from bot.presentation import post
from bot.views import (
    person_of,
    post_reply,
    reader_language,
    report_error,
    require_bot_permissions,
    respond,
    respond_in_parts,
    service,
)
from cogs.community import AgainButton, RematchButton, final_components, open_rematch
from cogs.history import show_page
from cogs.help_topics import MORE, HelpSelect, help_view
from cogs.rules_help import rules_lines, topic_choices

if TYPE_CHECKING:
    from bot.bot import BottegaBot

MAX_PLAYERS = 4
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in AI_LEVELS]
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in
                    (("en", "English"), ("ja", "Japanese (日本語)"), ("ko", "Korean (한국어)")) if code in LANGUAGES]
COACH_CHOICES = [app_commands.Choice(name=name, value=name) for name in COACH_SETTINGS]
DEFAULT_COACH = "learners"
HOURS_MIN = int(MIN_REMINDER.total_seconds() // 3600)
HOURS_MAX = int(MAX_REMINDER.total_seconds() // 3600)


def game_title(key: str) -> str:
    return games.get(key).title


GAME_CHOICES = [app_commands.Choice(name=game_title(k), value=k) for k in games.keys()]


def parse_options(key: str, text: str) -> dict[str, Any]:
    """``"advanced=true, solo=false"`` as the game's option values; an unknown option or value is
    refused by the engine, in the contract's words (:meth:`games.core.Game.normalize_options`)."""
    game = games.get(key)
    specs = {spec.name: spec for spec in game.options}
    chosen: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
        name, _, raw = part.partition("=")
        name, raw = name.strip().lower(), raw.strip().lower() or "true"
        choices = specs[name].choices if name in specs else ()
        chosen[name] = next((choice for choice in choices if str(choice).lower() == raw), raw)
    game.normalize_options(chosen)
    return chosen


class GameCog(commands.Cog):
    game = app_commands.Group(name="game", description="Open, join and manage the game table of this channel.",
                              guild_only=True)

    def __init__(self, bot: BottegaBot) -> None:
        self.bot = bot

    @property
    def service(self):
        return service(self.bot)

    def final_components(self, reply: Reply, view: discord.ui.View | None) -> discord.ui.View:
        """A finished game's board components: its game's, and the Rematch button."""
        return final_components(reply, view)

    @game.command(name="new", description="Open a table for a game in this channel (or in a new thread).")
    @app_commands.describe(
        game="Which game to play",
        players="How many players, you included",
        options="The game's setup options, e.g. advanced=true (start typing to see them)",
        thread="Open the table in a new thread of this channel, so one channel can host many games",
        bots="How many of the seats Bottega's AI takes at once",
        level="How well those AI players play (normal unless chosen)",
        coach="Who may ask the coach for hints: players new to the game unless chosen",
    )
    @app_commands.choices(game=GAME_CHOICES, level=LEVEL_CHOICES, coach=COACH_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        players: app_commands.Range[int, 1, MAX_PLAYERS],
        options: str = "",
        thread: bool = False,
        bots: app_commands.Range[int, 0, MAX_PLAYERS - 1] = 0,
        level: str = DEFAULT_LEVEL,
        coach: str = DEFAULT_COACH,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            require_bot_permissions(interaction, thread=thread)
            chosen = parse_options(game, options)
            engine = games.get(game)
            if not engine.min_players <= players <= engine.max_players:  # checked before any thread opens
                raise TableError("{title} is for {player_range} players, not {players}.",
                                 title=engine.title, player_range=engine.player_range(), players=players)
            if bots >= players:
                raise TableError("A table for {players} can have 0 to {most} AI players, not {bots}.",
                                 players=players, most=players - 1, bots=bots)
            channel = interaction.channel
            if thread:
                if isinstance(channel, discord.Thread) or not isinstance(channel, discord.TextChannel):
                    raise TableError("A thread can only be opened from a text channel, not inside a thread.")
                thread_name = Message("{title} table", title=Message(game_title(game)))
                channel = await channel.create_thread(
                    name=translate(thread_name, language_of(interaction.guild_locale)),
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080,
                )
            assert interaction.guild_id is not None and channel is not None
            reply = await self.service.new_game(
                interaction.guild_id, channel.id, person_of(interaction), game, players, chosen,
                bots=bots, level=level,
            )
            if coach != DEFAULT_COACH:
                await self.service.set_coach(channel.id, person_of(interaction), coach)
        except (TableError, games.IllegalAction) as error:
            await report_error(interaction, error)
            return
        if reply.game_id is not None:
            await self.service.adopt_language(reply.game_id, language_of(interaction.guild_locale))
        posted = await post_reply(self.bot, channel, reply)
        opened = (Message("Table opened in {channel}: {link}", channel=channel.mention, link=posted.jump_url)
                  if thread else Message("Table opened: {link}", link=posted.jump_url))
        await interaction.edit_original_response(content=translate(opened, reader_language(interaction)))

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        key = interaction.namespace.game
        try:
            specs = games.get(key).options if key else ()
        except games.IllegalAction:
            return []
        done, _, typing = current.rpartition(",")
        prefix = f"{done}, " if done else ""
        reader = reader_language(interaction)
        suggestions = []
        for spec in specs:
            about = translate(Message(spec.description), reader)
            for choice in spec.choices:
                text = f"{spec.name}={str(choice).lower()}"
                if text.startswith(typing.strip().lower()):
                    suggestions.append(app_commands.Choice(name=f"{prefix}{text}: {about}"[:100],
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
        await interaction.response.defer(ephemeral=True, thinking=True)
        key = None
        try:
            reply = await self.service.game_help(interaction.channel_id, person_of(interaction))
            lines, key = reply.private, reply.game_key
        except TableError:
            lines = [line(Message("There is no game in this channel yet: `/game new` opens a table."))]
        reader = reader_language(interaction)
        shown = post(self.bot.presenter, Reply(private=[*lines, line(MORE)]), private=reader).ephemeral
        await interaction.edit_original_response(content=shown, view=help_view(key, reader))

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
            return Reply(private=rules_lines(key, topic, reader_language(interaction)))

        await respond(interaction, reply, public=False)

    @rules.autocomplete("topic")
    async def rules_topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return topic_choices(interaction.namespace.game or await self.channel_game(interaction), current,
                             reader_language(interaction))

    async def channel_game(self, interaction: discord.Interaction) -> str | None:
        """The key of this channel's game (None: no table here)."""
        try:
            return (await self.service.table(interaction.channel_id)).row.game_key
        except TableError:
            return None

    @game.command(name="settings", description="Table settings (host or server managers).")
    @app_commands.describe(
        reminder_hours=f"Remind waiting players every this many hours ({HOURS_MIN} to {HOURS_MAX})",
        turn_hours="Time for a turn in hours (1 to 336), the bank's refill per move with a chess clock, or off",
        clock="move: a deadline per turn; bank: a chess clock, a time bank per player",
        bank_days="With the chess clock: each player's time bank in days (1 to 60)",
        on_timeout="When time runs out: the AI plays the turn, the turn is skipped, or the table waits",
        strike_limit="Timeouts in a row that open the seat for someone else (1 to 10)",
        language="The language of the table's public messages (default: the server's language)",
        coach="Who may ask the coach for hints: no one, players new to the game, or everyone",
    )
    @app_commands.choices(
        clock=[app_commands.Choice(name=name, value=name) for name in CLOCKS],
        on_timeout=[app_commands.Choice(name=name, value=name) for name in TIMEOUT_ACTIONS],
        language=LANGUAGE_CHOICES,
        coach=COACH_CHOICES,
    )
    async def settings(
        self, interaction: discord.Interaction,
        reminder_hours: app_commands.Range[int, HOURS_MIN, HOURS_MAX] | None = None,
        turn_hours: str | None = None, clock: str | None = None, bank_days: int | None = None,
        on_timeout: str | None = None, strike_limit: int | None = None, language: str | None = None,
        coach: str | None = None,
    ) -> None:
        person = person_of(interaction)
        turn = TurnSettings(turn_hours, clock, bank_days, on_timeout, strike_limit)

        async def change() -> Reply:
            """Each setting given is changed; none given shows the table's settings, privately."""
            if not turn.any() and reminder_hours is None and language is None and coach is None:
                return await self.service.turn_settings(interaction.channel_id, person, turn)
            lines, game_id = [], None
            if turn.any():
                lines += (await self.service.turn_settings(interaction.channel_id, person, turn)).lines
            if reminder_hours is not None:
                lines += (await self.service.settings(interaction.channel_id, person, reminder_hours)).lines
            if language is not None:
                chosen = await self.service.set_language(interaction.channel_id, person, language)
                lines += chosen.lines
                game_id = chosen.game_id
            if coach is not None:
                lines += (await self.service.set_coach(interaction.channel_id, person, coach)).lines
            return Reply(lines=lines, game_id=game_id)

        await respond(interaction, change, files=False)

    @game.command(name="sit", description="Take the open seat of a player who timed out too often.")
    async def sit(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda: self.service.sit(interaction.channel_id, person_of(interaction)))

    @game.command(name="replace", description="Give a player's seat to another member (host or server managers).")
    @app_commands.describe(old="The seated player to replace", new="The member who takes the seat")
    async def replace(self, interaction: discord.Interaction, old: discord.Member, new: discord.Member) -> None:
        await respond(interaction, lambda: self.service.replace_player(
            interaction.channel_id, person_of(interaction), old.id, Person(new.id, new.display_name)))

    @game.command(name="rematch", description="Play the finished game again with the same players.")
    async def rematch(self, interaction: discord.Interaction) -> None:
        await open_rematch(self.bot, interaction)

    @game.command(name="stats", description="A member's games, wins, average score and rating.")
    @app_commands.describe(member="Whose statistics (you unless chosen)", game="Only this game")
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None,
                    game: str | None = None) -> None:
        who = person_of(interaction) if member is None else Person(member.id, member.display_name)
        await respond(interaction, lambda: self.service.stats(interaction.guild_id, who, game), public=False)

    @game.command(name="leaderboard", description="This server's best players of a game.")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        await respond(interaction, lambda: self.service.leaderboard(interaction.guild_id, game), public=False)

    @game.command(name="log", description="The moves so far, newest first.")
    @app_commands.describe(page="Which page of 15 moves (1: the newest)")
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1] = 1) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            found = await self.service.log_page(interaction.channel_id, page)
        except (TableError, games.IllegalAction) as error:
            await report_error(interaction, error)
            return
        await show_page(interaction, found)

    @game.command(name="board", description="The board after a past move.")
    @app_commands.describe(move="The move's number (see /game log)", public="Post it for everyone instead of only you")
    async def board(self, interaction: discord.Interaction, move: app_commands.Range[int, 1],
                    public: bool = False) -> None:
        await respond(interaction, lambda: self.service.past_board(interaction.channel_id, move), public=public)

    @game.command(name="export", description="The game's record, as a JSON file.")
    async def export(self, interaction: discord.Interaction) -> None:
        async def reply() -> Reply:
            found = await self.service.export(interaction.channel_id)
            about = (
                Message("The record of this finished game, with its seed: it replays exactly "
                        "(`python -m bot --replay FILE`).") if found.finished else
                Message("The record so far: the game is still running, so it holds only public information "
                        "(no seed, no private moves) and cannot be replayed until the game is over.")
            )
            return Reply(private=[line(about)], private_image=found.file)

        await respond(interaction, reply, public=False)


    @game.command(name="undo",
                  description="Take back your last move, if no one has acted since and it revealed nothing.")
    async def undo(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda: self.service.undo(interaction.channel_id, person_of(interaction)))

    @game.command(name="since",
                  description="What happened since your last move, only for you, with links to the boards.")
    async def since(self, interaction: discord.Interaction) -> None:
        await respond_in_parts(
            interaction, lambda: self.service.since(interaction.channel_id, person_of(interaction)))

async def setup(bot: BottegaBot) -> None:
    await bot.add_cog(GameCog(bot))
    bot.add_dynamic_items(RematchButton, AgainButton, HelpSelect)
