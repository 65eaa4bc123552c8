"""Move buttons and the move select: persistent, version-guarded, and alive after a restart."""

from __future__ import annotations

import discord


def custom_ids(message: discord.Message) -> list[str]:
    return [child.custom_id for row in message.components for child in row.children]


async def test_buttons_carry_game_version_and_move(table):
    board = await table.open()
    assert custom_ids(board) == [f"bottega:act:1:1:add {n}" for n in (1, 2, 3)]
    assert all(len(c) <= 100 for c in custom_ids(board))


async def test_pressing_a_button_plays_the_move(table):
    board = await table.open()
    actor = table.actor(board)
    result = await actor.click(board, label="add 2")
    assert result.ephemeral
    assert "adds 2: the count is 2" in table.last().content
    assert custom_ids(table.last())[0] == "bottega:act:1:2:add 1"


async def test_a_stale_button_shows_the_current_board_instead(table):
    first = await table.open()
    actor = table.actor(first)
    await actor.slash(table.channel, "duel move", notation="add 1")
    second = table.last()
    count = len(table.channel.history())
    result = await actor.click(first, label="add 3")
    assert result.ephemeral and "the game has moved on" in result.response.content
    assert "the count (1/10)" in result.response.content and result.response.attachments
    assert len(table.channel.history()) == count
    # the next player's old button from the first board is refused too, by version
    nxt = table.actor(second)
    stale = await nxt.click(first, label="add 1")
    assert "moved on" in stale.response.content


async def test_a_double_press_applies_once(table):
    board = await table.open()
    actor = table.actor(board)
    await actor.click(board, label="add 3")
    again = await actor.click(board, label="add 3")
    assert "moved on" in again.response.content
    moves = [m for m in table.channel.history() if "adds 3" in m.content]
    assert len(moves) == 1


async def test_a_button_pressed_by_someone_else_is_refused(table):
    board = await table.open()
    actor = table.actor(board)
    other = table.bob if actor is table.alice else table.alice
    waiting = await other.click(board, label="add 1")
    assert waiting.ephemeral and "not your turn" in waiting.response.content
    outsider = await table.carol.click(board, label="add 1")
    assert "not playing at this table" in outsider.response.content


async def test_select_offers_every_move_when_buttons_do_not_fit(table):
    board = await table.open(options="wide=true")
    select = board.components[0].children[0]
    assert isinstance(select, discord.SelectMenu) and select.custom_id == "bottega:pick:1:1"
    assert [o.value for o in select.options] == [f"add {n}" for n in range(1, 9)]
    actor = table.actor(board)
    await actor.select(board, ["add 7"])
    assert "adds 7: the count is 7" in table.last().content
    stale = await actor.select(board, ["add 1"])
    assert "moved on" in stale.response.content


async def test_old_buttons_work_after_a_restart(table, env, make_bot):
    board = await table.open()
    actor = table.actor(board)
    await env.restart_bot(await make_bot())
    result = await actor.click(board, label="add 1")
    assert result.ephemeral and "adds 1: the count is 1" in table.last().content
    stale = await actor.click(board, label="add 2")
    assert "moved on" in stale.response.content


async def test_a_button_of_an_abandoned_game_is_refused(table):
    board = await table.open()
    actor = table.actor(board)
    await table.alice.slash(table.channel, "game abandon")
    await table.open()
    result = await actor.click(board, label="add 1")
    assert "belongs to a game that is over" in result.response.content


def test_long_notations_become_digests_within_the_custom_id_limit():
    from bot.views import ActButton, move_token

    long = "place " + "x" * 120
    button = ActButton(12345, 678, long)
    assert len(button.custom_id) <= 100 and button.custom_id.startswith("bottega:act:12345:678:#")
    assert move_token(12345, 678, long) == move_token(12345, 678, long) != move_token(12345, 679, long + "y")
    assert ActButton(1, 2, "add 1").custom_id == "bottega:act:1:2:add 1"
