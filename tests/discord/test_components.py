"""The guided menu of a game that says nothing more of its moves than their notation (the test
game ``duel``): private to the mover, persistent, version-guarded, and alive after a restart. The
public board carries only a "Your move" button (and "Since your move"); a move with nothing to
preview is played as soon as it is chosen."""

from __future__ import annotations

import discord
from bottega_harness import text_of, controls_of

from bot.guided import MoveButton, move_token


def custom_ids(message) -> list[str]:
    """The custom_ids of a channel message or of a private response (simcord's ResponseMessage)."""
    message = getattr(message, "message", message)
    return [child.custom_id for child in controls_of(message)]


async def open_menu(table, actor, board):
    menu = await actor.click(board, label="Your move")
    assert menu.ephemeral
    return menu.response


def options(menu) -> dict[str, str]:
    """The menu select's options, label to value."""
    select = menu.message.components[0].children[0]
    assert isinstance(select, discord.SelectMenu)
    return {option.label: option.value for option in select.options}


async def choose(actor, menu, label: str):
    """``actor`` chooses ``label`` in the menu's select."""
    return await actor.select(menu, [options(menu)[label]])


async def test_the_public_board_shows_no_moves_only_a_private_menu(table):
    board = await table.open()
    assert custom_ids(board) == ["bottega:menu:1:1", "bottega:since:1"]
    menu = await open_menu(table, table.actor(board), board)
    assert "Add 1 to 3" in text_of(menu)
    assert custom_ids(menu) == ["bottega:guide:1:1:0:add", "bottega:hint:1:1"]  # the coach helps learners
    assert options(menu) == {f"add {n}": f"p:add {n}" for n in (1, 2, 3)}


async def test_choosing_a_move_with_nothing_to_preview_plays_it_and_the_menu_goes_quiet(table, env):
    """Once the turn passes, the menu the player acted on becomes a short "played" without buttons
    or a link, and nothing new appears in their view (issue 27's quiet acknowledgements)."""
    board = await table.open()
    actor = table.actor(board)
    menu = await open_menu(table, actor, board)
    sent = len(env.http_requests)
    result = await choose(actor, menu, "add 2")
    assert result.response.id == menu.id, "the menu message itself is updated"
    assert result.response.content == "Played. Nothing more for you to do now; the table has moved on."
    assert custom_ids(result.response) == [] and "Done" not in result.response.content
    assert not [r for r in env.http_requests[sent:] if r.method == "POST" and "/webhooks/" in r.path], \
        "no new private message"
    assert "adds 2: the count is 2" in text_of(table.last())
    assert custom_ids(table.last()) == ["bottega:menu:1:2", "bottega:since:1"]


async def test_the_menu_of_a_player_who_may_not_move_says_why(table):
    board = await table.open()
    actor = table.actor(board)
    other = table.bob if actor is table.alice else table.alice
    waiting = await other.click(board, label="Your move")
    assert waiting.ephemeral and "not your turn" in waiting.response.content
    assert custom_ids(waiting.response) == []
    outsider = await table.carol.click(board, label="Your move")
    assert "not playing at this table" in outsider.response.content


async def test_a_stale_board_or_button_shows_the_current_board_instead(table):
    first = await table.open()
    actor = table.actor(first)
    menu = await open_menu(table, actor, first)
    await actor.slash(table.channel, "duel move", notation="add 1")
    count = len(table.channel.history())
    result = await choose(actor, menu, "add 3")
    assert result.response.ephemeral and "the game has moved on" in result.response.content
    assert "the count (1/10)" in result.response.content and result.response.attachments
    stale_menu = await table.actor().click(first, label="Your move")
    assert "moved on" in stale_menu.response.content
    assert len(table.channel.history()) == count


async def test_a_double_press_applies_once(table):
    board = await table.open()
    actor = table.actor(board)
    menu = await open_menu(table, actor, board)
    second = await open_menu(table, actor, board)
    await choose(actor, menu, "add 3")
    again = await choose(actor, second, "add 3")
    assert "moved on" in again.response.content
    moves = [m for m in table.channel.history() if "adds 3" in text_of(m)]
    assert len(moves) == 1


async def test_the_select_offers_every_move(table):
    board = await table.open(options="wide=true")
    actor = table.actor(board)
    menu = await open_menu(table, actor, board)
    assert list(options(menu)) == [f"add {n}" for n in range(1, 9)]
    second = await open_menu(table, actor, board)
    await choose(actor, menu, "add 7")
    assert "adds 7: the count is 7" in text_of(table.last())
    stale = await choose(actor, second, "add 1")
    assert "moved on" in stale.response.content


async def test_old_buttons_work_after_a_restart(table, env, make_bot):
    board = await table.open()
    actor = table.actor(board)
    menu = await open_menu(table, actor, board)
    await env.restart_bot(await make_bot())
    result = await choose(actor, menu, "add 1")
    assert result.response.ephemeral and "adds 1: the count is 1" in text_of(table.last())
    fresh = await open_menu(table, table.actor(), table.last())
    assert custom_ids(fresh)[0] == "bottega:guide:1:2:0:add"
    stale = await actor.click(board, label="Your move")
    assert "moved on" in stale.response.content


async def test_a_button_of_an_abandoned_game_is_refused(table):
    board = await table.open()
    actor = table.actor(board)
    menu = await open_menu(table, actor, board)
    await table.alice.slash(table.channel, "game abandon")
    await table.open()
    for result in (await choose(actor, menu, "add 1"), await actor.click(board, label="Your move")):
        assert "belongs to a game that is over" in result.response.content


def test_long_notations_become_digests_within_the_custom_id_limit():
    long = "place " + "x" * 120
    button = MoveButton(12345, 678, move_token(12345, 678, long), "Confirm")
    assert len(button.custom_id) <= 100 and button.custom_id.startswith("bottega:mv:12345:678:#")
    assert move_token(12345, 678, long) == move_token(12345, 678, long) != move_token(12345, 679, long + "y")
    assert MoveButton(1, 2, move_token(1, 2, "add 1"), "Confirm").custom_id == "bottega:mv:1:2:add 1"


async def test_the_menu_of_a_waiting_player_names_who_is_awaited(table, monkeypatch):
    from duel_game import Duel

    monkeypatch.setattr(Duel, "waiting_message",
                        lambda self, state, seat: f"It is not your turn: waiting for {{p{state['turn']}}}.")
    board = await table.open()
    actor = table.actor(board)
    other = table.bob if actor is table.alice else table.alice
    waiting = await other.click(board, label="Your move")
    assert f"waiting for {actor.name}." in waiting.response.content and "{p" not in waiting.response.content
