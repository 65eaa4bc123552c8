"""Fuzzing what a member can send: slash-command options and button custom_ids, for every game.

Every string option of every command, and custom_ids near the bot's own (``bottega:mv:...``,
``bottega:menu:...``), get random and mutated values mid-game. Whatever arrives, the bot answers
with a refusal or a result, never with the generic error reply, raises nothing, and a refused
input leaves the game exactly as it was.
"""

from __future__ import annotations

import random
import re

import discord
import pytest
from hypothesis import HealthCheck, given, settings
from bottega_harness import move, text_of, controls_of
from hypothesis import strategies as st

from tests.reliability.fuzz import near_miss

REAL_GAMES = ["mor", "lim", "opera"]
FUZZ = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
TEXT = st.one_of(st.text(max_size=80), st.sampled_from(["", " ", "²", "1" * 99, "place black council servants:²",
                                                        "buy " + "9" * 90, "L1:coin L1:coin", "\u200b", "@everyone"]))


async def started_game(table, key: str) -> None:
    await table.alice.slash(table.channel, "game new", game=key, players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    chooser = random.Random(7)
    for _ in range(6):  # a few real moves, so the fuzz meets a game in progress
        board = table.last()
        mover = table.member(int(re.findall(r"<@(\d+)>", text_of(board))[0]))
        legal = await table.env.bot.service.legal(table.channel.id, _person(mover))
        await move(mover, table.channel, key, chooser.choice(legal))


def _person(member):
    from bot.table import Person

    return Person(member.id, member.name)


async def version(table) -> int:
    return (await table.env.bot.service.table(table.channel.id)).row.version


def string_commands(bot) -> list[tuple[str, str, dict]]:
    """(command, string option, valid values for the other required options) of every command."""
    found = []
    for command in bot.tree.walk_commands():
        for parameter in getattr(command, "parameters", []):
            if parameter.type is not discord.AppCommandOptionType.string or parameter.choices:
                continue  # Discord itself only sends one of the listed choices
            others = {p.name: 2 for p in command.parameters
                      if p.required and p.name != parameter.name and p.type is discord.AppCommandOptionType.integer}
            if any(p.required and p.name != parameter.name and p.name not in others for p in command.parameters):
                continue
            found.append((command.qualified_name, parameter.name, others))
    return found


def assert_clean(result, env) -> None:
    answer = result.response.content if result.response is not None else ""
    assert "Something went wrong on our side" not in answer, answer
    assert not env.errors


async def ready_table(table, key: str) -> None:
    """The game in progress that the examples of one test share (set up by the first)."""
    if await table.env.bot.service.store.active_game(table.channel.id) is None:
        await started_game(table, key)


@pytest.mark.parametrize("key", REAL_GAMES)
@FUZZ
@given(data=st.data())
async def test_fuzzed_slash_options_are_answered_cleanly(table, key, data):
    await ready_table(table, key)
    commands = [c for c in string_commands(table.env.bot) if c[0].split()[0] in (key, "game")]
    assert any(name == f"{key} move" for name, _, _ in commands)
    legal = await table.env.bot.service.legal(table.channel.id, _person(table.alice)) or ["end"]
    name, option, others = data.draw(st.sampled_from(commands))
    # The game moves on between examples, so near-misses are drawn from a random generator, not
    # from the legal list itself (hypothesis wants its strategies independent of outside state).
    chooser = random.Random(data.draw(st.integers(0, 2**32)))
    value = data.draw(TEXT) if data.draw(st.booleans()) else near_miss(chooser.choice(legal), chooser)
    before = await version(table)
    member = data.draw(st.sampled_from([table.alice, table.bob, table.carol]))
    result = await member.slash(table.channel, name, **{option: value[:100]}, **others)
    assert_clean(result, table.env)
    assert await version(table) in (before, before + 1)


@pytest.mark.parametrize("key", REAL_GAMES)
@FUZZ
@given(data=st.data())
async def test_fuzzed_custom_ids_are_answered_cleanly(table, key, data):
    await ready_table(table, key)
    game_id = (await table.env.bot.service.table(table.channel.id)).row.id
    board_ids = [child.custom_id for message in table.channel.history() for child in controls_of(message)]
    near = [f"bottega:mv:{game_id}:{{v}}:{{m}}", f"bottega:menu:{game_id}:{{v}}",
            f"bottega:gpage:{game_id}:{{v}}:0:{{m}}", "bottega:mv:{g}:{v}:{m}", "bottega:{m}"]
    chooser = random.Random(data.draw(st.integers(0, 2**32)))
    filled = chooser.choice(near).format(
        g=data.draw(st.integers(-5, 10**20)), v=data.draw(st.integers(-5, 10**12)),
        m=data.draw(st.text(min_size=0, max_size=40)),
    )
    custom_id = (filled if data.draw(st.booleans()) or not board_ids else chooser.choice(board_ids[-5:]))[:100] or "x"
    before = await version(table)
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="press", custom_id=custom_id))
    view.stop()  # not registered with the bot: only the bot's own persistent items may answer
    message = await table.env.bot.get_channel(table.channel.id).send("a button from an older board", view=view)
    member = data.draw(st.sampled_from([table.alice, table.bob, table.carol]))
    result = await member.click(message, label="press")
    assert_clean(result, table.env)
    assert await version(table) in (before, before + 1)
