"""Masters of Renaissance through Discord, start to finish, with the real engine and renderer:
every move is one of the choices ``/mor move`` autocompletes for the player to act."""

from __future__ import annotations

import random
import re

import pytest
from bottega_harness import move, text_of

import games

MOVE_LIMIT = 400


@pytest.fixture
def mor():
    try:
        return games.get("mor")
    except (ImportError, AttributeError):
        pytest.skip("the Masters of Renaissance engine is not in this checkout")


async def test_solo_game_of_masters_of_renaissance_to_the_end(table, mor):
    chooser = random.Random(2026)
    opened = await table.alice.slash(table.channel, "game new", game="mor", players=1)
    assert "Table opened" in opened.response.content
    await table.alice.slash(table.channel, "game start")
    board = table.last()
    assert "begins" in text_of(board) and board.attachments[0].filename.startswith("mor-")
    hand = await table.alice.slash(table.channel, "mor hand")
    assert hand.ephemeral and hand.response.attachments

    for played in range(MOVE_LIMIT):
        if "Game over" in text_of(table.last()):
            break
        assert f"<@{table.alice.id}>" in text_of(table.last()), "the one player is pinged to move"
        choices = await table.alice.autocomplete(table.channel, "mor move", "notation", "")
        assert choices, "a player who must act is offered legal moves"
        notation = chooser.choice(choices)["value"]
        result = await move(table.alice, table.channel, "mor", notation)
        assert result.response is None or "second thought" not in result.response.content, "the move was played"
        assert table.last().attachments, "every move posts the board"
    final = text_of(table.last())
    assert "Game over" in final and ("Lorenzo" in final or "Winner" in final)
    assert played > 5
    after = await table.alice.slash(table.channel, "mor move", notation=notation)
    assert "no game in this channel" in after.response.content


async def test_two_player_game_pings_exactly_the_players_who_must_act(table, mor):
    """Includes simultaneous decisions (several players pinged at once) through to the result."""
    chooser = random.Random(7)
    await table.alice.slash(table.channel, "game new", game="mor", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    players = [table.alice, table.bob]
    for _ in range(MOVE_LIMIT):
        content = text_of(table.last())
        if "Game over" in content:
            break
        pinged = {int(i) for i in re.findall(r"<@(\d+)>", content)}
        offers = {p.id: await p.autocomplete(table.channel, "mor move", "notation", "") for p in players}
        assert pinged == {pid for pid, choices in offers.items() if choices}
        mover = table.member(chooser.choice(sorted(pinged)))
        notation = chooser.choice(offers[mover.id])["value"]
        result = await move(mover, table.channel, "mor", notation)
        assert result.response is None or "second thought" not in result.response.content, result.response.content
    assert "Winner:" in text_of(table.last())
