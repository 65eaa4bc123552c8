"""A second thought before a typed move the player may regret.

A move typed (or picked from the suggestions) with ``/<game> move``, or chosen in a game's own
menus, is played at once, unless the engine's description of it says it needs a confirmation
(``Game.describe(...).destructive``: a leader discarded, goods thrown away, points lost). Then
nothing is played: the player alone sees what the move costs and gives and why it needs a second
thought, with Confirm and Cancel. Confirm plays exactly that move for the presser through the same
path as every move button (:func:`bot.views.play_token`), at the board version the question was
asked on, so a question answered after the table moved on is refused with the board as it is now
(the own decisions of a simultaneous choice stay open, as for any button). Both buttons are
dynamic items (``bottega:tok:<game id>:<version>:<move>``, ``bottega:tno:<game id>``), so a
question survives a restart.

Only people are asked: AI seats, the timeout ladder and the moves the table plays by itself go
straight to the table service.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import discord

from games import IllegalAction
from games.core import Description

from i18n import Message, translate
from .table import StaleAction, Table, TableError
from .views import deliver, move_token, play_token, reader_language, report_error, require_bot_permissions, service

CONFIRM_PREFIX = "bottega:tok"
"""As long as the move buttons' prefix, so :func:`bot.views.move_token` keeps the id under Discord's limit."""
CANCEL_PREFIX = "bottega:tno"
CANCELLED = Message("Cancelled: nothing was played.")


@dataclass(frozen=True)
class Doubt:
    """A move that needs a confirmation: its canonical notation and the engine's description."""

    notation: str
    found: Description


def second_thought(table: Table, seat: int | None, notation: str) -> Doubt | None:
    """``notation`` of ``seat`` when playing it now needs a confirmation, else None.

    A move that would be refused is not asked about: playing it gives the refusal, which says why.
    """
    if not table.is_acting(seat):
        return None
    game, state = table.game, table.state
    try:
        action = game.parse(state, notation)
        game.apply(state, seat, action)  # a copy: only to know the move is legal before describing it
    except IllegalAction:
        return None
    found = game.describe(state, seat, action)
    return Doubt(game.notation(action), found) if found.destructive else None


def question(doubt: Doubt) -> Message:
    """The text above Confirm and Cancel: the reason first, then the move and its preview."""
    found = doubt.found
    return Message("⚠ This move needs a second thought: {reason}\n{label}\n{preview}\n"
                   "Confirm plays it; Cancel plays nothing.",
                   reason=found.destructive, label=found.label, preview=found.preview())


def buttons(table: Table, doubt: Doubt, language: str) -> discord.ui.View:
    game_id, version = table.row.id, table.row.version
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmTyped(game_id, version, move_token(game_id, version, doubt.notation),
                               translate(Message("Confirm"), language)))
    view.add_item(CancelTyped(game_id, translate(Message("Cancel"), language)))
    return view


async def ask_first(interaction: discord.Interaction, notation: str, *, game_key: str | None = None,
                    edit: bool = False) -> bool:
    """Ask the invoker before ``notation`` is played when it needs a second thought; True when
    asked (then the caller plays nothing). ``edit``: the question replaces the private message of
    the component pressed. Anything the table would refuse is left to the move path."""
    assert interaction.channel_id is not None
    try:
        table = await service(interaction.client).table(interaction.channel_id)
    except TableError:
        return False
    if game_key is not None and table.row.game_key != game_key:
        return False
    doubt = second_thought(table, table.seat_of(interaction.user.id), notation)
    if doubt is None:
        return False
    reader = reader_language(interaction)
    text, view = translate(question(doubt), reader)[:2000], buttons(table, doubt, reader)
    if edit:
        await interaction.response.edit_message(content=text, view=view, attachments=[])
    else:
        await interaction.response.send_message(text, view=view, ephemeral=True)
    return True


class ConfirmTyped(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{CONFIRM_PREFIX}:(?P<game_id>\d+):(?P<version>\d+):(?P<token>.+)"),
):
    """Plays the move asked about; the question becomes the "Done" line (its buttons go)."""

    def __init__(self, game_id: int, version: int, token: str, label: str) -> None:
        self.game_id, self.version, self.token = game_id, version, token
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.danger,
                                           custom_id=f"{CONFIRM_PREFIX}:{game_id}:{version}:{token}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ConfirmTyped:
        return cls(int(match["game_id"]), int(match["version"]), match["token"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # the answer takes the question's place
        try:
            require_bot_permissions(interaction, files=True)
            reply = await play_token(interaction, self.game_id, self.version, self.token)
            await deliver(interaction, reply)
        except Exception as error:  # noqa: BLE001 - the one error path also covers components
            await report_error(interaction, error)
            if not isinstance(error, StaleAction):
                return  # e.g. a permission the bot lacks: once granted, Confirm works
        await interaction.edit_original_response(view=None)  # answered, or asked of an earlier board


class CancelTyped(
    discord.ui.DynamicItem[discord.ui.Button],
    template=re.compile(rf"{CANCEL_PREFIX}:(?P<game_id>\d+)"),
):
    """Plays nothing and says so in place of the question."""

    def __init__(self, game_id: int, label: str) -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"{CANCEL_PREFIX}:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> CancelTyped:
        return cls(int(match["game_id"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=translate(CANCELLED, reader_language(interaction)),
                                                view=None)


DYNAMIC_ITEMS = (ConfirmTyped, CancelTyped)
