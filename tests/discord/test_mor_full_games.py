"""A simple Masters of Renaissance player that uses only what a Discord user sees: the board's
buttons, the ``/mor`` commands and their suggestions, and the private menus they open.

Its policy prefers short games: it buys whenever it can, and otherwise takes from the market and
often discards what it took (which pushes the other players' faith, or Lorenzo's cross, to 24).
"""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import simcord
from bottega_harness import Table

from games.mor.data import LEADERS

SELECT_TYPES = {3}
BUTTON_TYPE = 2
MAX_ANSWERS = 8


def flat(components: list[Any]) -> list[dict[str, Any]]:
    """The interactive components of a message, as raw dicts (buttons and selects)."""
    out = []
    for row in components:
        row = row if isinstance(row, dict) else row.to_dict()
        out.extend(row.get("components", [row]))
    return out


def labels(message: Any) -> list[str]:
    return [c.get("label") for c in flat(message.components) if c["type"] == BUTTON_TYPE]


def hidden_leaders(table: Any, seats: int) -> set[str]:
    """The leader ids in hands (or dealt) right now: what must never appear in public."""
    hidden: set[str] = set()
    for seat in range(seats):
        player = table.state["seats"][seat]
        hidden |= set(player["hand"]) | set(player["dealt"])
    return hidden


class MorPlayer:
    def __init__(self, table: Table, members: list[simcord.MemberActor], seed: int) -> None:
        self.table = table
        self.members = members
        self.rng = random.Random(seed)
        self.private_texts: list[str] = []
        self.interactions = 0

    # ------------------------------------------------------------------ answering menus
    async def answer(self, member: simcord.MemberActor, result: simcord.InteractionResult,
                     prefer: tuple[str, ...] = ()) -> str:
        """Answer the private menu of ``result`` until the move is played; returns the last text."""
        for _ in range(MAX_ANSWERS):
            message = result.response
            assert message is not None and message.ephemeral, "menus and answers are private"
            self.private_texts.append(message.content)
            items = flat(message.components)
            if not items or message.content.startswith("Done:"):
                return message.content
            select = next((c for c in items if c["type"] in SELECT_TYPES), None)
            buttons = [c for c in items if c["type"] == BUTTON_TYPE]
            preferred = [b for b in buttons if b["label"] in prefer]
            self.interactions += 1
            if preferred:
                result = await member.click(message, custom_id=self.rng.choice(preferred)["custom_id"])
            elif select is not None:
                values = [o["value"] for o in select["options"]]
                count = select.get("min_values", 1)
                top = select.get("max_values", 1)
                chosen = self.rng.sample(values, self.rng.randint(count, top) if top > count else count)
                result = await member.select(message, chosen, custom_id=select["custom_id"])
            else:
                plain = [b for b in buttons if b["label"] not in ("Rearrange…",)] or buttons
                result = await member.click(message, custom_id=self.rng.choice(plain)["custom_id"])
        raise AssertionError(f"a menu did not end in a move: {result.response.content}")

    # ------------------------------------------------------------------ a whole game
    async def setup_choices(self) -> None:
        """Every player presses "Choose your leaders" on the latest board, in their own time."""
        for member in self.rng.sample(self.members, len(self.members)):
            board = self.table.last()
            assert "Choose your leaders" in labels(board)
            self.interactions += 1
            opened = await member.click(board, label="Choose your leaders")
            text = await self.answer(member, opened)
            assert text.startswith("Done:"), text

    async def turn(self, member: simcord.MemberActor) -> None:
        channel = self.table.channel
        self.interactions += 1
        offers = await member.autocomplete(channel, "mor buy", "card", "")
        if offers and self.rng.random() < 0.9:
            self.interactions += 1
            result = await member.slash(channel, "mor buy", card=self.rng.choice(offers)["value"])
            await self.answer(member, result)
        elif self.rng.random() < 0.15 and "Produce" in labels(self.table.last()):
            self.interactions += 1
            result = await member.click(self.table.last(), label="Produce")
            if flat(result.response.components):
                await self.answer(member, result)
            else:  # nothing to produce with: take from the market instead
                await self.market(member)
        else:
            await self.market(member)
        if self.rng.random() < 0.3 and "Leaders" in labels(self.table.last()):
            self.interactions += 1
            leaders = await member.autocomplete(channel, "mor leader", "leader", "")
            if leaders:
                self.interactions += 1
                action = self.rng.choice(["play", "discard"])
                await member.slash(channel, "mor leader", action=action, leader=leaders[0]["value"])
        if "Game over" in self.table.last().content or self.table.actor() is not member:
            return
        assert "End turn" in labels(self.table.last()), (self.table.last().content, self.private_texts[-3:])
        self.interactions += 1
        if self.rng.random() < 0.5:
            await member.slash(channel, "mor end")
        else:
            await member.click(self.table.last(), label="End turn")

    async def market(self, member: simcord.MemberActor) -> None:
        channel = self.table.channel
        self.interactions += 1
        lines = await member.autocomplete(channel, "mor market", "line", "")
        assert len(lines) == 7 and all(re.match(r"(row|col)-\d: ", c["name"]) for c in lines)
        self.interactions += 1
        result = await member.slash(channel, "mor market", line=self.rng.choice(lines)["value"])
        prefer = ("Discard what I took",) if self.rng.random() < 0.7 else ("Confirm", "Rearrange…")
        await self.answer(member, result, prefer)

    def known_leader_ids(self) -> set[str]:
        return set(LEADERS)

    @staticmethod
    def pinged(message: discord.Message) -> set[int]:
        return {int(i) for i in re.findall(r"<@(\d+)>", message.content)}


# ============================================================================ the games
async def play_to_the_end(table: Table, player: MorPlayer, turn_limit: int) -> int:
    for turns in range(turn_limit):
        board = table.last()
        if "Game over" in board.content:
            return turns
        assert board.attachments and board.attachments[0].filename.startswith("mor-"), "every move posts the board"
        await player.turn(table.actor(board))
    raise AssertionError(f"no result after {turn_limit} turns")


async def test_solo_game_through_commands_and_buttons(table):
    await table.alice.slash(table.channel, "game new", game="mor", players=1)
    await table.alice.slash(table.channel, "game start")
    player = MorPlayer(table, [table.alice], seed=3)
    await player.setup_choices()
    assert "Setup is complete" in table.last().content
    turns = await play_to_the_end(table, player, 60)
    final = table.last().content
    assert "Game over" in final and ("You beat Lorenzo" in final or "Lorenzo wins" in final)
    assert turns > 3
    print(turns, player.interactions)
