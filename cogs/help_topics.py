"""``/game help``: short, complete, never cut.

The answer says what the channel's game is, whose turn it is and what the reader can do now (what
to press), then offers the rest as topics in a select: the commands, playing at your own pace
(``since``, ``away``, ``quiet``, ``notify``, ``undo``) and every rules topic of the game. A topic
is answered in as many private messages as it needs, each under Discord's limit, cut between
lines. The select is a :class:`discord.ui.DynamicItem` carrying the game's key, so it works after
a restart.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.table import Line, Reply, line
from bot.views import in_language, reader_language, respond_in_parts
from i18n import Message, translate

from .play import rule_topics
from .rules_help import in_language as topic_in_language
from .rules_help import rules_lines

HELP_PREFIX = "bottega:help"
COMMANDS = "commands"
PACE = "pace"
RULES = "rules:"
PACE_COMMANDS = ("since", "away", "back", "quiet", "notify", "undo")
"""The ``/game`` commands of playing over days: catching up, vacations, quiet hours, direct
messages, taking a misclick back."""
PACE_INTRO = Message("A game here lasts days: play when you like. What helps:")
MORE = Message("More help: choose a topic below.")
OPTION_LIMIT = 25


def command_lines(group: app_commands.Group, only: tuple[str, ...] | None = None) -> list[Line]:
    """One help line per command of ``group`` (or of its commands named in ``only``): its name and
    its description (translatable)."""
    return [
        line(f"`/{command.qualified_name}`: ", Message(command.description))
        for command in group.walk_commands()
        if isinstance(command, app_commands.Command) and (only is None or command.name in only)
    ]


def help_view(key: str | None, language: str) -> discord.ui.View:
    """The select of help topics for a channel playing ``key`` (None: no game here)."""
    options = [discord.SelectOption(label=translate(Message("Commands"), language), value=COMMANDS),
               discord.SelectOption(label=translate(Message("Playing at your own pace"), language), value=PACE,
                                    description=translate(Message("since, away, quiet, notify, undo"), language))]
    for name, entry in (rule_topics(key) if key else {}).items():
        title = topic_in_language(entry, language)["title"]
        options.append(discord.SelectOption(label=translate(Message("Rules: {title}", title=title), language)[:100],
                                            value=f"{RULES}{name}"))
    view = discord.ui.View(timeout=None)
    view.add_item(HelpSelect(key or "", options[:OPTION_LIMIT]))
    return in_language(view, language)  # type: ignore[return-value]


def topic_lines(bot: discord.Client, key: str, topic: str, language: str) -> list[Line]:
    """The lines of one help topic."""
    game_group = next((cog.game for cog in bot.cogs.values() if hasattr(cog, "final_components")), None)
    if topic == PACE and game_group is not None:
        return [line(PACE_INTRO), *command_lines(game_group, PACE_COMMANDS)]
    if topic.startswith(RULES) and key:
        return rules_lines(key, topic.removeprefix(RULES), language)
    lines: list[Line] = []
    for cog in bot.cogs.values():
        if key and getattr(cog, "game_key", None) == key:
            lines.extend(command_lines(cog.app_command))
    return lines + (command_lines(game_group) if game_group is not None else [])


class HelpSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=re.compile(rf"{HELP_PREFIX}:(?P<game>[a-z]*)"),
):
    """Answers one help topic privately: ``bottega:help:<game key>``."""

    def __init__(self, game: str, options: list[discord.SelectOption]) -> None:
        self.game = game
        super().__init__(discord.ui.Select(custom_id=f"{HELP_PREFIX}:{game}", placeholder=Message("Help topics"),
                                           options=options))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> HelpSelect:
        return cls(match["game"], item.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        topic = self.item.values[0]

        async def answer() -> Reply:
            return Reply(private=topic_lines(interaction.client, self.game, topic, reader_language(interaction)))

        await respond_in_parts(interaction, answer)
