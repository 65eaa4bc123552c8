"""Masters of Renaissance on Discord: the generic ``/mor move``, ``/mor hand`` and ``/mor card``,
``/mor board`` (one player's area in words), and Lorenzo's turn on the boards of a solo game.

Masters is played like every game: the board's "Your move" button opens the guided menu built
from the engine's descriptions (:mod:`bot.guided`), and every move takes the one play path.
This cog reads the game only through views.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.components import menu_view
from bot.table import Line, Reply, Strong, Table, TableError, line
from bot.table.loading import NOT_STARTED
from bot.table.model import plain
from bot.views import respond, service
from i18n import Message

from .play import GameCommands

if TYPE_CHECKING:
    from bot.bot import BottegaBot

KEY = "mor"


def lorenzo_line(view: dict[str, Any], reply: Reply) -> Line | None:
    """Lorenzo's token and black cross, when the reply reports his turn (solo game): a turn's
    message begins with the end of the turn before, Lorenzo's included, and keeps it as it grows."""
    solo = view["solo"]
    said = [plain(text) for text in reply.lines]
    if solo is None or not solo["last_token"] or not any(text.startswith("Lorenzo") for text in said):
        return None
    return line(Message("Lorenzo's token: {token}. Black cross: space {space} of 24.",
                        token=Strong(token_text(solo["last_token"]["id"])), space=Strong(str(solo["black_cross"]))))


def token_text(token_id: str) -> str:
    colour = re.fullmatch(r"discard-(\w+)", token_id)
    if colour:
        return Message("discard 2 {colour} cards", colour=colour[1])
    spaces = re.fullmatch(r"black-cross-(\d)(-reshuffle)?(-\w)?", token_id)
    if spaces:
        if spaces[2]:
            return Message("black cross +{spaces}, then reshuffle", spaces=spaces[1])
        return Message("black cross +{spaces}", spaces=spaces[1])
    return token_id


def area_lines(table: Table, seat: int) -> list[Line]:
    """One player's public area in words (everything here is public: MOR-BUY-12, MOR-LEADER-1)."""
    player = table.view(None)["players"][seat]
    stored = [Message("{place} {amount}", place=d.get("depot") or d["leader"], amount=f"{d['count']} {d['resource']}")
              for d in [*player["depots"], *player["leader_depots"]] if d["count"]]
    slots = [Message("slot {slot}: {card} (+{covered} covered)", slot=s["slot"], card=s["top"]["id"],
                     covered=s["covered"]) if s["covered"]
             else Message("slot {slot}: {card}", slot=s["slot"], card=s["top"]["id"]) if s["top"]
             else Message("slot {slot}: empty", slot=s["slot"]) for s in player["slots"]]
    played = ", ".join(leader["id"] for leader in player["leaders"]) or Message("none")
    return [
        line(Strong(table.names()[seat]), Message(" — faith {faith}, {vp} VP so far", faith=player["faith"],
                                                  vp=player["vp"])),
        line(Message("Warehouse: {layout}; strongbox: {strongbox}", layout=joined(stored) if stored else
                     Message("empty"), strongbox=amounts(player["strongbox"]))),
        line(Message("Cards: {slots}", slots=joined(slots))),
        line(Message("Leaders played: {played}; in hand: {count}", played=played, count=player["hand_count"])),
    ]


def amounts(counts: dict[str, int]) -> str:
    """'2 coin, 1 stone' (the view's order), 'nothing' when empty; written term by term in the reader's language."""
    return ", ".join(f"{n} {resource}" for resource, n in counts.items() if n) or "nothing"


def joined(parts: list[Any]) -> Message:
    """``parts`` one after another, each written in the reader's language."""
    keys = [f"part{index}" for index in range(len(parts))]
    return Message(", ".join("{" + key + "}" for key in keys), **dict(zip(keys, parts)))


class MorCommands(GameCommands, group_name=KEY):
    """``/mor``: the generic commands, and ``board``."""

    async def board_components(self, reply: Reply) -> tuple[Reply, discord.ui.View | None]:
        """The "Your move" button, and Lorenzo's turn in the text of a solo game's board."""
        table = await service(self.bot).game(reply.game_id)
        lorenzo = lorenzo_line(table.view(None), reply) if table is not None else None
        if lorenzo is not None:
            reply = replace(reply, lines=[*reply.lines, lorenzo])
        return reply, menu_view(reply)

    @app_commands.command(name="board", description="The board now (only you see it), and one player's area in words.")
    @app_commands.describe(player="A player whose area to describe")
    async def board(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        async def reply() -> Reply:
            table = await self.table(interaction)
            if not table.started:
                raise TableError(NOT_STARTED)
            status = await service(self.bot).status(interaction.channel_id)
            if player is None:
                return status
            seat = table.seat_of(player.id)
            if seat is None:
                raise TableError("{display_name} is not playing at this table.", display_name=player.display_name)
            return replace(status, lines=[*area_lines(table, seat), line(""), *status.lines])

        await respond(interaction, reply, public=False)


async def setup(bot: BottegaBot) -> None:
    await bot.add_cog(MorCommands(bot))
