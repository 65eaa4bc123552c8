"""Guided menus through Discord: whole Lorenzo il Magnifico and Opera Magna games played only with
the board's "Your move" button, the menu's selects and its Confirm button (no typed notation),
confirmations of moves that need a second thought, descriptive suggestions, and the moves the
table takes by itself."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import simcord
from bottega_harness import Table

from bot.config import Config

SELECT, BUTTON = 3, 2
MAX_STEPS = 12
AI = "Bottega AI (easy)"


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """No pause before AI moves (the tests' clock only moves when told)."""
    return Config(token=None, database_path=tmp_path / "bottega.db", dev_guild_id=None,
                  ai_pause_seconds=0, ai_time_limit_seconds=30)


def items(message: Any) -> list[dict[str, Any]]:
    """The buttons and selects of a message, as raw dicts, after checking Discord's limits."""
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    assert len(rows) <= 5
    found = [item for row in rows for item in row.get("components", [row])]
    for item in found:
        assert len(item.get("custom_id", "")) <= 100
        assert len(item.get("label") or "") <= 80
        options = item.get("options", [])
        assert len(options) <= 25
        assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in options)
    return found


class Guided:
    """A player who only clicks: "Your move", then one option of each select, then Confirm."""

    def __init__(self, table: Table, rng: random.Random) -> None:
        self.table, self.rng = table, rng
        self.previews: list[str] = []
        self.screens = 0

    async def move(self, member: simcord.MemberActor) -> str:
        """One move of ``member`` through the menu of the latest board; the final private text."""
        result = await member.click(self.table.last(), label="Your move")
        for _ in range(MAX_STEPS):
            message = result.response
            assert message is not None and message.ephemeral, "menus are private"
            found = items(message)
            if message.content.startswith("Done:"):
                return message.content
            self.screens += 1
            confirm = next((i for i in found if i["type"] == BUTTON and i.get("label") == "Confirm"), None)
            select = next((i for i in found if i["type"] == SELECT), None)
            if confirm is not None:
                self.previews.append(message.content)
                result = await member.click(message, custom_id=confirm["custom_id"])
            else:
                assert select is not None, message.content
                value = self.rng.choice([o["value"] for o in select["options"]])
                result = await member.select(message, [value], custom_id=select["custom_id"])
        raise AssertionError(f"the menu did not end in a move: {result.response.content}")

    async def play_out(self, limit: int) -> int:
        """alice moves through menus while the board pings her, to the final scores."""
        for moves in range(limit):
            board = self.table.last()
            if "Game over." in board.content:
                return moves
            assert f"<@{self.table.alice.id}>" in board.content, board.content
            said = await self.move(self.table.alice)
            assert said.startswith("Done:"), said
        raise AssertionError(f"no result after {limit} moves")


async def open_against_the_ai(table: Table, key: str, options: str = "") -> None:
    extra = {"options": options} if options else {}
    await table.alice.slash(table.channel, "game new", game=key, players=2, bots=1, level="easy", **extra)
    await table.alice.slash(table.channel, "game start")


@pytest.mark.parametrize("key", ["lim", "opera"])
async def test_a_whole_game_is_played_with_the_guided_menu_only(table, env, key):
    await open_against_the_ai(table, key)
    player = Guided(table, random.Random(5))
    moves = await player.play_out(400)
    assert moves > 20 and "Game over." in table.last().content
    assert player.screens > moves, "moves are chosen in several steps"
    assert all("You pay" in text for text in player.previews)
    if key == "opera":
        assert not re.search(r"gains [LWMSbpcg]{2,}", "\n".join(m.content for m in table.channel.history()))
