"""A typed move the player may regret asks first (issue 17): ``/<game> move`` and the guided menu
show the move's preview and why it needs a second thought, with Confirm and Cancel (back to the
menu), and play nothing until Confirm; a harmless typed move is played at once. The table service
says whether a move needs a second thought (issue 26).

Each game is played with typed moves (the engine's own legal moves, read from the table) until
the player on turn may make a move that needs a confirmation."""

from __future__ import annotations

from typing import Any

import re

import discord
import pytest
import simcord
import simcord.interactions
from bottega_harness import Table, text_of

SELECT, BUTTON = 3, 2
OPTIONS = {"lim": "advanced=true", "opera": "", "mor": ""}
"""Lorenzo il Magnifico's leaders (the discard that asks) come with the advanced game."""
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def items(message: Any) -> list[dict[str, Any]]:
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    return [item for row in rows for item in row.get("components", [row])]


def buttons(message: Any) -> dict[str, dict[str, Any]]:
    return {item["label"]: item for item in items(message) if item["type"] == BUTTON}


async def start(table: Table, key: str) -> None:
    extra = {"options": OPTIONS[key]} if OPTIONS[key] else {}
    await table.alice.slash(table.channel, "game new", game=key, players=2, **extra)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")


async def reach_a_risky_move(table: Table, bot: Any, key: str, wanted: str = "") -> tuple[simcord.MemberActor, str, str]:
    """Typed moves (each seat's first harmless legal move) until a player may make a move that
    needs a confirmation (whose notation starts with ``wanted``): that player, the risky move and
    a harmless one."""
    for _ in range(300):
        played = await bot.service.table(table.channel.id)
        seat = sorted(played.game.actors(played.state))[0]
        described = played.described(seat)
        risky = [n for n, d in described if d.destructive and n.startswith(wanted)]
        harmless = [n for n, d in described if not d.destructive]
        member = table.member(played.user_of(seat))
        if risky and harmless:
            return member, risky[0], harmless[0]
        said = await member.slash(table.channel, f"{key} move", notation=(harmless or risky)[0])
        if not harmless:  # every move of the position asks (a payment that costs points, say)
            said = await member.click(said.response, label="Confirm")
        assert said.response is None or "Confirm" not in buttons(said.response), said.response.content
    raise AssertionError(f"no move needing a confirmation came up in {key}")


async def snapshot(bot: Any, table: Table) -> tuple[int, Any]:
    played = await bot.service.table(table.channel.id)
    return played.row.version, played.state


@pytest.mark.parametrize("key", ["lim", "opera", "mor"])
async def test_a_typed_risky_move_asks_and_cancel_plays_nothing_then_confirm_plays_it(table, env, key):
    await start(table, key)
    member, risky, _ = await reach_a_risky_move(table, env.bot, key)
    before, messages = await snapshot(env.bot, table), len(table.channel.history())
    asked = (await member.slash(table.channel, f"{key} move", notation=risky)).response
    assert asked.ephemeral and text_of(asked).startswith("⚠ This move needs a second thought: ")
    assert "Confirm plays it; Cancel plays nothing." in text_of(asked)
    choices = buttons(asked)
    assert set(choices) == {"Confirm", "Cancel"}
    assert choices["Confirm"]["style"] == discord.ButtonStyle.danger.value
    assert choices["Confirm"]["custom_id"].startswith("bottega:mv:") and len(choices["Confirm"]["custom_id"]) <= 100
    assert await snapshot(env.bot, table) == before and len(table.channel.history()) == messages, "asking plays nothing"

    cancelled = (await member.click(asked, label="Cancel")).response
    assert any(item["type"] == SELECT for item in items(cancelled)), "Cancel goes back to the player's menu"
    assert await snapshot(env.bot, table) == before and len(table.channel.history()) == messages

    asked = (await member.slash(table.channel, f"{key} move", notation=risky)).response
    done = (await member.click(asked, label="Confirm")).response
    assert "second thought" not in text_of(done) and "Confirm" not in buttons(done), text_of(done)
    assert (await snapshot(env.bot, table))[0] > before[0] and len(table.channel.history()) > messages - 1
    game_id = (await env.bot.service.table(table.channel.id)).row.id
    move = (await env.bot.store.moves(game_id, before[0]))[0]
    assert (move.seq, move.user_id, move.notation) == (before[0] + 1, member.id, risky), "exactly that move, for them"


@pytest.mark.parametrize("key", ["lim", "opera", "mor"])
async def test_a_question_answered_after_the_table_moved_on_is_refused_clearly(table, env, key):
    await start(table, key)
    member, risky, harmless = await reach_a_risky_move(table, env.bot, key)
    asked = (await member.slash(table.channel, f"{key} move", notation=risky)).response
    await member.slash(table.channel, f"{key} move", notation=harmless)
    after = await snapshot(env.bot, table)
    refused = (await member.click(asked, label="Confirm")).response
    assert "the game has moved on" in text_of(refused), text_of(refused)
    assert await snapshot(env.bot, table) == after


@pytest.mark.parametrize("key", ["lim", "opera", "mor"])
async def test_a_typed_harmless_move_is_played_at_once(table, env, key):
    await start(table, key)
    member, _, harmless = await reach_a_risky_move(table, env.bot, key)
    before = await snapshot(env.bot, table)
    said = (await member.slash(table.channel, f"{key} move", notation=harmless)).response
    assert (await snapshot(env.bot, table))[0] > before[0]
    after = await env.bot.service.table(table.channel.id)
    still_acting = after.is_acting(after.seat_of(member.id))
    if still_acting:  # the turn goes on: the private reply is the player's next menu
        assert any(item["type"] == SELECT for item in items(said)) or "Confirm" in buttons(said), said.content
    else:
        assert said is None, "a typed move with nothing private to say leaves no reply"


async def test_a_question_survives_a_restart(table, env, make_bot):
    await start(table, "mor")
    member, risky, _ = await reach_a_risky_move(table, env.bot, "mor", "leader discard")
    asked = (await member.slash(table.channel, "mor move", notation=risky)).response
    await env.restart_bot(await make_bot())
    done = (await member.click(asked, label="Confirm")).response
    assert "second thought" not in text_of(done), text_of(done)
    assert "discard" in text_of(table.last())


async def test_a_question_is_in_the_readers_language(table, env, monkeypatch):
    create = simcord.interactions.base_payload

    def in_japanese(backend, **kwargs):
        record, payload = create(backend, **kwargs)
        payload["locale"] = "ja"
        return record, payload

    await start(table, "mor")
    member, risky, _ = await reach_a_risky_move(table, env.bot, "mor", "leader discard")
    monkeypatch.setattr(simcord.interactions, "base_payload", in_japanese)
    asked = (await member.slash(table.channel, "mor move", notation=risky)).response
    assert JAPANESE.search(text_of(asked)) and "second thought" not in text_of(asked), text_of(asked)
    assert len(buttons(asked)) == 2 and not set(buttons(asked)) & {"Confirm", "Cancel"}
    cancelled = (await member.click(asked, custom_id=list(buttons(asked).values())[1]["custom_id"])).response
    assert JAPANESE.search(text_of(cancelled)) and "Choose" not in text_of(cancelled)


async def test_masters_leader_menu_asks_in_place_before_discarding(table, env):
    await start(table, "mor")
    member, risky, _ = await reach_a_risky_move(table, env.bot, "mor", "leader discard")
    before = await snapshot(env.bot, table)
    menu = (await member.click(table.last(), label="Your move")).response
    top = next(item for item in items(menu) if item["type"] == SELECT)
    assert "some need a confirmation" in next(o for o in top["options"] if o["value"] == "g:leader")["description"]
    level = (await member.select(menu, ["g:leader"], custom_id=top["custom_id"])).response
    select = next(item for item in items(level) if item["type"] == SELECT)
    discard = next(o["value"] for o in select["options"] if o["label"].startswith("Discard"))
    asked = (await member.select(level, [discard], custom_id=select["custom_id"])).response
    assert asked.id == menu.id, "the question takes the menu's place"
    assert "⚠ Are you sure?" in text_of(asked) and "gone for the rest of the game" in text_of(asked), text_of(asked)
    assert buttons(asked)["Confirm"]["style"] == discord.ButtonStyle.danger.value
    assert await snapshot(env.bot, table) == before
    back = (await member.click(asked, label="Cancel")).response
    assert any(o["label"].startswith("Discard") for o in next(i for i in items(back) if i["type"] == SELECT)["options"])
    assert await snapshot(env.bot, table) == before
