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
from bottega_harness import Table, text_of

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
            if text_of(message).startswith("Done:"):
                return text_of(message)
            self.screens += 1
            confirm = next((i for i in found if i["type"] == BUTTON and i.get("label") == "Confirm"), None)
            select = next((i for i in found if i["type"] == SELECT), None)
            if confirm is not None:
                self.previews.append(text_of(message))
                result = await member.click(message, custom_id=confirm["custom_id"])
            else:
                assert select is not None, text_of(message)
                value = self.rng.choice([o["value"] for o in select["options"]])
                result = await member.select(message, [value], custom_id=select["custom_id"])
        raise AssertionError(f"the menu did not end in a move: {result.response.content}")

    async def play_out(self, limit: int) -> int:
        """alice moves through menus while the board pings her, to the final scores."""
        for moves in range(limit):
            board = self.table.last()
            if "Game over." in text_of(board):
                return moves
            assert f"<@{self.table.alice.id}>" in text_of(board), text_of(board)
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
    assert moves > 20 and "Game over." in text_of(table.last())
    assert player.screens > moves, "moves are chosen in several steps"
    assert all("You pay" in text for text in player.previews)
    if key == "opera":
        assert not re.search(r"gains [LWMSbpcg]{2,}", "\n".join(text_of(m) for m in table.channel.history()))


def pinged(table: Table) -> list[simcord.MemberActor]:
    return [table.member(int(i)) for i in re.findall(r"<@(\d+)>", text_of(table.last()))]


async def advanced_game_in_round_one(table: Table, player: Guided) -> simcord.MemberActor:
    """alice and bob pick their tiles and draft their leaders through the menus; the first mover."""
    await table.alice.slash(table.channel, "game new", game="lim", players=2, options="advanced=true")
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    for _ in range(20):
        if "place a family member" in text_of(table.last()):
            return pinged(table)[0]
        await player.move(pinged(table)[0])
    raise AssertionError(text_of(table.last()))


async def test_the_last_draft_pick_is_taken_automatically_and_said_in_the_log(table):
    """LIM-ADV-5: the one leader left in a pack is kept without asking; the log says so, and names
    no leader (the draft is hidden)."""
    player = Guided(table, random.Random(2))
    await advanced_game_in_round_one(table, player)
    automatic = [text_of(m) for m in table.channel.history() if "(taken automatically)" in text_of(m)]
    assert len(automatic) == 1
    assert automatic[0].count("keeps a leader. (taken automatically)") == 2
    keeps = [m for m in table.channel.history() if "keeps a leader" in text_of(m)]
    assert sum(text_of(m).count("keeps a leader") for m in keeps) == 8  # 4 leaders each, 3 picked by hand


async def test_discarding_a_leader_asks_for_a_confirmation_and_cancel_goes_back(table):
    player = Guided(table, random.Random(3))
    mover = await advanced_game_in_round_one(table, player)
    menu = (await mover.click(table.last(), label="Your move")).response
    top = next(i for i in items(menu) if i["type"] == SELECT)
    leaders = next(o for o in top["options"] if o["value"] == "g:leaders")
    assert "some need a confirmation" in leaders["description"]
    assert top["options"][-1]["value"] == "g:leaders", "the group of risky moves comes after the placements"
    menu = (await mover.select(menu, ["g:leaders"], custom_id=top["custom_id"])).response
    level = next(i for i in items(menu) if i["type"] == SELECT)
    if any(o["value"] == "g:discard" for o in level["options"]):
        menu = (await mover.select(menu, ["g:discard"], custom_id=level["custom_id"])).response
        level = next(i for i in items(menu) if i["type"] == SELECT)
    discards = [o for o in level["options"] if o["label"].startswith("Discard ")]
    assert discards and all(o["description"].startswith("⚠") for o in discards)
    preview = (await mover.select(menu, [discards[0]["value"]], custom_id=level["custom_id"])).response
    assert "⚠ Are you sure?" in text_of(preview) and "is gone for the rest of the game" in text_of(preview)
    buttons = {i["label"]: i for i in items(preview) if i["type"] == BUTTON}
    assert buttons["Confirm"]["style"] == discord_danger() and set(buttons) == {"Confirm", "Cancel"}
    back = (await mover.click(preview, custom_id=buttons["Cancel"]["custom_id"])).response
    assert [o["value"] for o in next(i for i in items(back) if i["type"] == SELECT)["options"]] == \
        [o["value"] for o in level["options"]]
    assert "discards" not in text_of(table.last()), "Cancel plays nothing"
    again = (await mover.select(back, [discards[0]["value"]], custom_id=level["custom_id"])).response
    done = (await mover.click(again, label="Confirm")).response
    assert text_of(done).startswith("Done:") and "for a council privilege" in text_of(table.last())
    assert "Council privileges" in text_of(done), "the follow-up choice is asked in the same private message"
    privileges = next(i for i in items(done) if i["type"] == SELECT)
    assert len(privileges["options"]) == 5
    chosen = (await mover.select(done, [privileges["options"][0]["value"]], custom_id=privileges["custom_id"])).response
    await mover.click(chosen, label="Confirm")
    assert "takes the wood-stone privilege" in text_of(table.last())


def discord_danger() -> int:
    import discord

    return discord.ButtonStyle.danger.value


async def test_suggestions_are_described_with_the_notation_as_value_and_risky_moves_last(table):
    player = Guided(table, random.Random(4))
    mover = await advanced_game_in_round_one(table, player)
    offered = await mover.autocomplete(table.channel, "lim move", "notation", "")
    assert offered and len(offered) <= 25
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in offered)
    first = offered[0]
    assert first["value"].startswith("place ") and "→" in first["name"] and first["name"] != first["value"]
    risky = await mover.autocomplete(table.channel, "lim move", "notation", "leader")
    names = [c["name"] for c in risky]
    assert any(n.startswith("⚠ Discard") for n in names)
    marked = [n.startswith("⚠") for n in names]
    assert marked == sorted(marked), "moves that need a confirmation come last"
    assert all(c["value"].startswith("leader ") for c in risky)
    by_label = await mover.autocomplete(table.channel, "lim move", "notation", "council privilege")
    assert by_label and all(c["value"].split()[0] in ("place", "leader") for c in by_label)


async def test_a_menu_survives_a_restart_and_refuses_once_the_board_moved_on(table, env, make_bot):
    await table.alice.slash(table.channel, "game new", game="opera", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    mover = pinged(table)[0]
    menu, second = [(await mover.click(table.last(), label="Your move")).response for _ in range(2)]
    select = next(i for i in items(menu) if i["type"] == SELECT)
    assert select["custom_id"].startswith("bottega:guide:")
    await env.restart_bot(await make_bot())
    preview = (await mover.select(menu, [select["options"][0]["value"]], custom_id=select["custom_id"])).response
    assert "You pay" in text_of(preview)
    await mover.click(preview, label="Confirm")
    assert "drafts" in text_of(table.last())
    stale = await mover.select(second, [select["options"][1]["value"]], custom_id=select["custom_id"])
    assert "moved on" in stale.response.content
