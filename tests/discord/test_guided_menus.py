"""Guided menus through Discord, in every game (issue 26): whole games played only with the board's
"Your move" button, the menu's selects and its Confirm button (no typed notation), at 2 and 4
players; a preview before every move that spends or gains something; the turn going on in the same
private message; confirmations of moves that need a second thought; descriptive suggestions; the
moves the table takes by itself; menus that survive a restart and refuse once the board moved on."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import simcord
from bottega_harness import Table, text_of

from component_payloads import BUTTON, SELECT, items, pinged

from bench.taps import ButtonPlayer
from bot.config import Config

MOVE_LIMIT = 2000


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """No pause before AI moves (the tests' clock only moves when told); the restart's bot draws its
    boards in a thread, with no render workers to start."""
    return Config(token=None, database_path=tmp_path / "bottega.db", dev_guild_id=None, render_workers=0,
                  ai_pause_seconds=0, ai_time_limit_seconds=30)


@pytest.fixture
async def simcord_bot(make_bot):
    """No board images: these tests are about choosing moves (the restart's bot draws them)."""
    return await make_bot(renderer=None)


async def open_table(table: Table, key: str, players: int, options: str = "") -> list[simcord.MemberActor]:
    members = [table.alice, table.bob, table.carol, table.manager][:players]
    extra = {"options": options} if options else {}
    await table.alice.slash(table.channel, "game new", game=key, players=players, **extra)
    for member in members[1:]:
        await member.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    return members


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
async def test_a_whole_game_is_played_with_buttons_and_selects_only(table, env, key, players):
    members = await open_table(table, key, players)
    player = ButtonPlayer(table.channel, members, random.Random(players))
    assert await player.play_out(MOVE_LIMIT), "the game ends"
    assert "Game over." in text_of(table.last()) and len(player.taps) > 20
    assert player.previews and all("You pay" in text for text in player.previews), "a move is previewed"
    assert player.unpreviewed == [], "no move that spends or gains something is played unseen"
    if key == "opera":
        assert not re.search(r"gains [LWMSbpcg]{2,}", "\n".join(text_of(m) for m in table.channel.history()))
    if key == "mor":
        bought = [text for text in player.previews if "in slot" in text]
        assert bought, "a purchase is previewed (its card, slot, payment and price) and confirmed"
        cards = [re.search(r"› (c\d+) ", text)[1] for text in bought]
        said = "\n".join(text_of(m) for m in table.channel.history())
        assert any(f"bought {card} " in said for card in cards), "and bought"



async def advanced_game_in_round_one(table: Table, player: ButtonPlayer) -> simcord.MemberActor:
    """alice and bob pick their tiles and draft their leaders through the menus; the first mover."""
    await open_table(table, "lim", 2, "advanced=true")
    for _ in range(20):
        if "place a family member" in text_of(table.last()):
            return pinged(table)[0]
        await player.turn(pinged(table)[0])
    raise AssertionError(text_of(table.last()))


async def test_the_last_draft_pick_is_taken_automatically_and_said_in_the_log(table, env):
    """LIM-ADV-5: the one leader left in a pack is kept without asking; the log says so, and names
    no leader (the draft is hidden)."""
    player = ButtonPlayer(table.channel, [table.alice, table.bob], random.Random(2))
    await advanced_game_in_round_one(table, player)
    automatic = [text_of(m) for m in table.channel.history() if "(taken automatically)" in text_of(m)]
    assert len(automatic) == 1
    assert automatic[0].count("keeps a leader (taken automatically).") == 2
    game_id = (await env.bot.service.table(table.channel.id)).row.id
    drafts = [move for move in await env.bot.store.moves(game_id, 0) if move.notation.startswith("draft")]
    assert len(drafts) == 8 and sum(move.automatic for move in drafts) == 2  # 4 leaders each, 3 picked by hand


async def test_discarding_a_leader_asks_for_a_confirmation_and_cancel_goes_back(table):
    player = ButtonPlayer(table.channel, [table.alice, table.bob], random.Random(3))
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
    assert "for a council privilege" in text_of(table.last())
    assert done.id == menu.id and "Done:" not in text_of(done), "the turn goes on in the same private message"
    assert "Council privileges" in text_of(done)
    privileges = next(i for i in items(done) if i["type"] == SELECT)
    assert len(privileges["options"]) == 5
    chosen = (await mover.select(done, [privileges["options"][0]["value"]], custom_id=privileges["custom_id"])).response
    await mover.click(chosen, label="Confirm")
    assert "takes the wood-stone privilege" in text_of(table.last())


def discord_danger() -> int:
    import discord

    return discord.ButtonStyle.danger.value


async def test_suggestions_are_described_with_the_notation_as_value_and_risky_moves_last(table):
    player = ButtonPlayer(table.channel, [table.alice, table.bob], random.Random(4))
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
    await open_table(table, "opera", 2)
    mover = pinged(table)[0]
    menu, second = [(await mover.click(table.last(), label="Your move")).response for _ in range(2)]
    select = next(i for i in items(menu) if i["type"] == SELECT)
    assert select["custom_id"].startswith("bottega:guide:")
    await env.restart_bot(await make_bot(renderer=None))
    preview = (await mover.select(menu, [select["options"][0]["value"]], custom_id=select["custom_id"])).response
    assert "You pay" in text_of(preview)
    await mover.click(preview, label="Confirm")
    assert "drafts" in text_of(table.last())
    stale = await mover.select(second, [select["options"][1]["value"]], custom_id=select["custom_id"])
    assert "moved on" in stale.response.content


async def test_a_confirm_pressed_after_the_board_moved_on_is_refused_and_plays_nothing(table, env):
    await open_table(table, "mor", 2)
    for member in pinged(table):  # each seat keeps its leaders (a simultaneous choice)
        await ButtonPlayer(table.channel, [member], random.Random(1)).turn(member)
    mover = pinged(table)[0]
    previews = []
    for _ in range(2):
        menu = (await mover.click(table.last(), label="Your move")).response
        top = next(i for i in items(menu) if i["type"] == SELECT)
        market = (await mover.select(menu, ["g:market"], custom_id=top["custom_id"])).response
        lines = next(i for i in items(market) if i["type"] == SELECT)
        previews.append((await mover.select(market, [lines["options"][0]["value"]],
                                            custom_id=lines["custom_id"])).response)
    assert all("You pay nothing; you get" in preview.content for preview in previews)
    await mover.click(previews[0], label="Confirm")
    version = (await env.bot.service.table(table.channel.id)).row.version
    stale = (await mover.click(previews[1], label="Confirm")).response
    assert "moved on" in stale.content
    assert (await env.bot.service.table(table.channel.id)).row.version == version, "nothing was played"


async def test_after_a_market_action_the_player_stores_it_in_the_same_private_message(table):
    """MOR-WAREHOUSE-7: storing what was taken follows in the menu the player acted on, with no
    dead-end "Done" in between; storing with nothing thrown away needs no second tap."""
    await open_table(table, "mor", 2)
    for member in pinged(table):
        await ButtonPlayer(table.channel, [member], random.Random(1)).turn(member)
    mover = pinged(table)[0]
    menu = (await mover.click(table.last(), label="Your move")).response
    top = next(i for i in items(menu) if i["type"] == SELECT)
    assert "g:market" in [o["value"] for o in top["options"]]
    market = (await mover.select(menu, ["g:market"], custom_id=top["custom_id"])).response
    lines = next(i for i in items(market) if i["type"] == SELECT)
    assert all(o["label"].startswith("Take ") for o in lines["options"])
    preview = (await mover.select(market, [lines["options"][0]["value"]], custom_id=lines["custom_id"])).response
    stored = (await mover.click(preview, label="Confirm")).response
    assert stored.id == menu.id and "Done" not in stored.content and "Store" in stored.content, stored.content
    layouts = next(i for i in items(stored) if i["type"] == SELECT)
    keep = [o for o in layouts["options"] if o["value"].startswith("p:")]
    assert keep, "a layout that throws nothing away is played as soon as it is chosen"
    after = (await mover.select(stored, [keep[0]["value"]], custom_id=layouts["custom_id"])).response
    assert "stores" in table.last().content or "warehouse" in table.last().content
    assert after.id == menu.id and any(i["type"] == SELECT for i in items(after)), "the turn goes on"
