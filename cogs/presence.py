"""``/game away``, ``/game back``, ``/game quiet`` and ``/game notify``: a member's presence on the
server (vacations, quiet hours, direct messages about their turns).

They belong to the ``/game`` group of :mod:`cogs.game` (loaded first); this extension adds them to
it, built afresh for each bot, since a command belongs to one group. Every answer is private;
the tables a vacation concerns are told in their channels, without pinging anyone.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.notices import post_notices
from bot.table import PresenceReply, Reply
from bot.table.presence import MAX_AWAY_DAYS, time_zone_names
from bot.views import person_of, respond, service

if TYPE_CHECKING:
    from bot.bot import BottegaBot

SWITCH = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
NAMES = ("away", "back", "quiet", "notify")


async def announced(interaction: discord.Interaction, change: Awaitable[PresenceReply]) -> Reply:
    """Tell the tables a presence change concerns, then answer its member."""
    done = await change
    await post_notices(interaction.client, done.notices)  # type: ignore[arg-type]
    return done.reply


def zone_choices(current: str) -> list[app_commands.Choice[str]]:
    """Up to 25 zone names containing what was typed, those starting with it first."""
    typed = current.strip().lower().replace(" ", "_")
    names = sorted((n for n in time_zone_names() if typed in n.lower()),
                   key=lambda n: (not n.lower().startswith(typed), n))
    return [app_commands.Choice(name=n, value=n) for n in names[:25]]


def presence_commands() -> list[app_commands.Command]:
    """The four commands, new objects each call."""

    @app_commands.command(name="away",
                          description=f"Go on vacation (1 to {MAX_AWAY_DAYS} days): your turns here wait.")
    @app_commands.describe(days=f"How many days, 1 to {MAX_AWAY_DAYS} (at most 30 days away in any 90)")
    async def away(interaction: discord.Interaction, days: int) -> None:
        await respond(interaction, lambda: announced(interaction, service(interaction.client).away(
            interaction.guild_id, person_of(interaction), days)), public=False)

    @app_commands.command(name="back", description="End your vacation early.")
    async def back(interaction: discord.Interaction) -> None:
        await respond(interaction, lambda: announced(interaction, service(interaction.client).back(
            interaction.guild_id, person_of(interaction))), public=False)

    @app_commands.command(name="quiet",
                          description="Your quiet hours: no reminders or direct messages then.")
    @app_commands.describe(start="The hour they begin, 0 to 23 (23: at 11 pm)", end="The hour they end, 0 to 23",
                           timezone="Your time zone, such as Europe/Rome (start typing to see them)",
                           off="Turn your quiet hours off")
    async def quiet(interaction: discord.Interaction, start: int | None = None, end: int | None = None,
                    timezone: str | None = None, off: bool = False) -> None:
        await respond(interaction, lambda: service(interaction.client).quiet(
            interaction.guild_id, person_of(interaction), start, end, timezone, off=off), public=False)

    @quiet.autocomplete("timezone")
    async def quiet_zones(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return zone_choices(current)

    @app_commands.command(name="notify", description="Your turns as direct messages too, with a board link.")
    @app_commands.describe(dm="on: a direct message when it is your turn (outside your quiet hours)")
    @app_commands.choices(dm=SWITCH)
    async def notify(interaction: discord.Interaction, dm: str) -> None:
        await respond(interaction, lambda: service(interaction.client).notify(
            interaction.guild_id, person_of(interaction), dm == "on"), public=False)

    return [away, back, quiet, notify]


def game_group(bot: BottegaBot) -> app_commands.Group:
    group = bot.tree.get_command("game")
    assert isinstance(group, app_commands.Group), "cogs.game is loaded first"
    return group


async def setup(bot: BottegaBot) -> None:
    group = game_group(bot)
    for command in presence_commands():
        group.add_command(command)


async def teardown(bot: BottegaBot) -> None:
    group = game_group(bot)
    for name in NAMES:
        group.remove_command(name)
