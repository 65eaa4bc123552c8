"""Steps with no real choice, through Discord: a Lorenzo il Magnifico turn that ends by itself
(LIM-ROUND-7) and a forced pass (LIM-ROUND-9) are said as taken automatically in the channel and
in ``/game log``; the next player is pinged once, in the turn's one new message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bottega_harness import Table, game_state, text_of

import games
from bot.config import Config

LIM = games.get("lim")
ENDS = "ends the turn (taken automatically)."
PASSES = "cannot place a family member and passes for the rest of the round (taken automatically)."


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return Config(token=None, database_path=tmp_path / "bottega.db", dev_guild_id=None, render_workers=0)


def spends_servants_keeps_neutral(action: dict) -> tuple:
    """A way of playing that soon leaves a seat with its neutral member (worth 0) and no servant:
    coloured members first, as many servants as a space takes, no servants from privileges."""
    notation = LIM.notation(action)
    return ("neutral" in notation, action["type"] == "privilege" and "servants" in notation,
            -action.get("servants", 0) if action["type"] == "place" else 0)


async def test_LIM_ROUND_7_and_LIM_ROUND_9_taken_automatically_in_the_channel_and_the_log(table: Table, env):
    await table.alice.slash(table.channel, "game new", game="lim", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    game_id = int(table.last().attachments[0].filename.split("-")[1])
    for _ in range(30):
        if PASSES in text_of(table.last()):
            break
        service_table = await env.bot.service.game(game_id)
        state = await game_state(env.bot, game_id)
        seat = min(LIM.actors(state))
        action = min(LIM.legal_actions(state, seat), key=spends_servants_keeps_neutral)
        mover = table.member(service_table.user_of(seat))
        await mover.slash(table.channel, "lim move", notation=LIM.notation(action))
    board = text_of(table.last())
    assert PASSES in board, board
    passed = re.search(rf"(\w+) {re.escape(PASSES)}", board).group(1)
    assert sum(ENDS in text_of(m) for m in table.channel.history()) >= 4  # every turn so far ended by itself
    pinged = re.findall(r"<@(\d+)>", board)
    assert len(pinged) == 1 and table.member(int(pinged[0])).name != passed, "only the next mover, once"

    log = (await table.alice.slash(table.channel, "game log")).response.content
    assert f"{passed} {PASSES}" in log
    assert ENDS in log
