"""AI players through Discord: whole games of every game between one person and an AI seat, from
``/game new ... bots:1`` to the final scores (one with restarts in the middle), and the lobby's
``/game bot`` commands. AI seats are named "Bottega AI (level)" and never pinged."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest
from ai_games import AI, Watch, finished_game, open_against_the_ai
from bottega_harness import Table, move, text_of

import games
from bot.config import Config
from games.ai import safe_move
from games.core import MoveStack
from tests.support.ai_checks import ai_moves_replayed, always_fails


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """No pause before AI moves (the tests' clock only moves when told), a generous hard limit, and
    boards drawn in a thread: no render workers to start for each test."""
    return Config(token=None, database_path=tmp_path / "bottega.db", dev_guild_id=None, render_workers=0,
                  ai_pause_seconds=0, ai_time_limit_seconds=30)


@pytest.mark.parametrize("key", ["mor", "opera"])
async def test_one_person_plays_a_whole_game_against_the_ai(table, env, key):
    await open_against_the_ai(table, key)
    watch = Watch(table)
    await watch.play(key, random.Random(1))
    game_id = await finished_game(env, table)
    assert watch.ai_posts > 0
    assert await ai_moves_replayed(env.bot.store, game_id) >= watch.ai_posts


async def test_the_ai_plays_what_it_owes_after_a_restart_and_the_game_ends(table, env, make_bot, config):
    await open_against_the_ai(table, "lim")
    watch = Watch(table)
    rng = random.Random(2)
    await watch.play("lim", rng, until=8)
    # A bot that waits an hour before the AI's moves stops while the AI owes one.
    await env.restart_bot(await make_bot(config=replace(config, ai_pause_seconds=3600)))
    while True:
        choices = await table.alice.autocomplete(table.channel, "lim move", "notation", "")
        await move(table.alice, table.channel, "lim", rng.choice(choices)["value"])
        if f"**{AI}**:" in text_of(table.last()):
            break
    assert f"<@{table.alice.id}>" not in text_of(table.last())
    owing = table.last().id
    await env.restart_bot(await make_bot())
    await env.settle()
    assert table.last().id != owing and f"<@{table.alice.id}>" in text_of(table.last())
    await watch.play("lim", rng)
    game_id = await finished_game(env, table)
    assert await ai_moves_replayed(env.bot.store, game_id) > watch.moves // 2


async def test_a_person_alone_with_two_ai_seats_starts_at_once(table):
    await table.alice.slash(table.channel, "game new", game="lim", players=3, bots=2)
    assert "with Bottega AI (normal), Bottega AI 2 (normal). The table is full" in text_of(table.last())
    await table.alice.slash(table.channel, "game start")
    assert "Lorenzo il Magnifico** begins" in "\n".join(text_of(m) for m in table.channel.history())
    assert f"<@{table.alice.id}>" in text_of(table.last())  # the AI seats have played up to alice's move


async def test_the_host_adds_and_removes_ai_players_in_the_lobby(table):
    refused = await table.alice.slash(table.channel, "game new", game="opera", players=2, bots=2)
    assert "A table for 2 can have 0 to 1 AI players, not 2." in refused.response.content
    await table.alice.slash(table.channel, "game new", game="opera", players=3)
    not_host = await table.bob.slash(table.channel, "game bot add")
    assert "Only the host of this table or a server manager can add an AI player" in not_host.response.content
    await table.alice.slash(table.channel, "game bot add", level="strong")
    assert "**Bottega AI (strong)** takes a seat (2/3)." in text_of(table.last())
    await table.manager.slash(table.channel, "game bot add")
    assert "**Bottega AI 2 (normal)** takes a seat (3/3). The table is full" in text_of(table.last())
    full = await table.bob.slash(table.channel, "game join")
    assert "This table is full" in full.response.content
    await table.alice.slash(table.channel, "game bot remove")
    assert "**Bottega AI 2 (normal)** leaves the table (2/3)." in text_of(table.last())
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    board = text_of(table.last())
    assert "Bottega AI (strong)" in board and not re.search(r"<@-\d+>", board)
    late = await table.alice.slash(table.channel, "game bot remove")
    assert "already started" in late.response.content


async def test_a_failing_ai_plays_a_legal_move_and_the_game_goes_on(table, env):
    env.bot.ai.decide = always_fails
    await open_against_the_ai(table, "opera")
    watch = Watch(table)
    await watch.play("opera", random.Random(3), until=12)
    assert watch.ai_posts > 0 and env.bot.ai.fallbacks >= watch.ai_posts
    game_id = int(table.last().attachments[0].filename.split("-")[1])
    row = await env.bot.store.get_game(game_id)
    game = games.get("opera")
    stack = MoveStack(game, game.setup(row.players, row.seed, row.options))
    for stored in await env.bot.store.moves(game_id):
        if stored.user_id < 1:  # the AI seat played the safe move: it loses nothing, ends the turn if it can
            assert stored.notation == safe_move("opera", stack.state, stored.seat)
        stack.play(stored.seat, stored.notation)


def channel_requests(env, table: Table, since: int) -> list[tuple[str, str]]:
    """The requests sent to the table's channel since request number ``since``: (method, path end)."""
    prefix = f"/channels/{table.channel.id}/"
    return [(r.method, r.path.removeprefix(prefix).split("/")[0]) for r in env.http_requests[since:]
            if r.path.startswith(prefix)]


async def alice_hands_the_turn_to_the_ai(env, table: Table) -> int:
    """alice plays until the AI has answered; the number of requests sent before that move."""
    rng = random.Random(4)
    for _ in range(40):
        board = table.last()
        choices = await table.alice.autocomplete(table.channel, "lim move", "notation", "")
        sent = len(env.http_requests)
        await move(table.alice, table.channel, "lim", rng.choice(choices)["value"])
        if table.last().id != board.id and AI in text_of(table.last()):  # the AI's turn: a new message
            return sent
    raise AssertionError("the AI never answered")


async def test_the_channel_shows_the_bot_typing_while_the_ai_thinks(table, env):
    await open_against_the_ai(table, "lim")
    sent = await alice_hands_the_turn_to_the_ai(env, table)
    requests = channel_requests(env, table, sent)
    assert ("POST", "typing") in requests
    typing = requests.index(("POST", "typing"))
    assert ("POST", "messages") in requests[typing + 1:], "the AI's move is posted after the indicator"


async def test_a_channel_that_refuses_the_typing_indicator_still_gets_the_ai_moves(table, env, monkeypatch):
    async def refused(channel_id):
        raise discord.HTTPException(SimpleNamespace(status=500, reason="Server Error"), "typing failed")

    monkeypatch.setattr(env.bot.http, "send_typing", refused)
    await open_against_the_ai(table, "lim")
    sent = await alice_hands_the_turn_to_the_ai(env, table)
    assert ("POST", "typing") not in channel_requests(env, table, sent)
