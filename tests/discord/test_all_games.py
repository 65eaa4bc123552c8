"""Every game key has its ``/<key>`` group: open, start and play with the real engines."""

from __future__ import annotations

import re

import pytest
from bottega_harness import move, text_of, controls_of

import games
from bot.bot import COMMAND_HASH_KEY, create_bot
from db import Store

REAL_GAMES = ["mor", "lim", "opera"]


@pytest.mark.parametrize("key", REAL_GAMES)
async def test_each_game_opens_starts_and_takes_a_move_from_autocomplete(table, key):
    title = games.get(key).title
    await table.alice.slash(table.channel, "game new", game=key, players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    board = table.last()
    assert f"**{title}** begins" in text_of(board) and board.attachments[0].filename.startswith(f"{key}-")
    pinged = [table.member(int(i)) for i in re.findall(r"<@(\d+)>", text_of(board))]
    mover = pinged[0]
    choices = await mover.autocomplete(table.channel, f"{key} move", "notation", "")
    assert choices and all(len(c["value"]) <= 100 for c in choices)
    shown = (text_of(board), board.attachments[0].id)
    await move(mover, table.channel, key, choices[0]["value"])
    # a new board, or (a step of the same turn, or one answer to a decision others still make)
    # the turn's message edited with the new board
    after = table.last()
    assert after.attachments and (after.id != board.id or (text_of(after), after.attachments[0].id) != shown)
    hand = await mover.slash(table.channel, f"{key} hand")
    assert hand.ephemeral and "Your seat:" in hand.response.content


async def test_lim_advanced_rules_are_an_option_of_game_new(table):
    offered = await table.alice.autocomplete(table.channel, "game new", "options", "adv", game="lim", players=2)
    assert [c["value"] for c in offered] == ["advanced=true", "advanced=false"]
    both = await table.alice.autocomplete(
        table.channel, "game new", "options", "advanced=true, lea", game="lim", players=2
    )
    assert [c["value"] for c in both] == [
        "advanced=true, leader_types=rulebook", "advanced=true, leader_types=published"
    ]
    await table.alice.slash(table.channel, "game new", game="lim", players=2, options="advanced=true")
    assert "advanced: true" in text_of(table.last())


async def test_a_game_below_its_player_count_is_refused(table):
    result = await table.alice.slash(table.channel, "game new", game="lim", players=1)
    assert "Lorenzo il Magnifico is for 2 to 4 players, not 1" in result.response.content
    threaded = await table.alice.slash(table.channel, "game new", game="opera", players=1, thread=True)
    assert "Opera Magna is for 2 to 4 players" in threaded.response.content
    assert table.channel.threads == [] and table.channel.last_message is None


async def test_the_bot_opens_its_database_at_start_and_closes_it_on_close(env, config):
    store = env.bot.store
    assert config.database_path.is_file() and await store.get_meta(COMMAND_HASH_KEY) is not None
    await env.bot.close()
    assert env.bot.store is None
    with pytest.raises(ValueError):
        await store.get_meta("anything")


async def test_close_leaves_an_injected_store_open(config):
    store = await Store.open(config.database_path)
    bot = create_bot(config, store=store)
    await bot.close()
    assert await store.get_meta("anything") is None
    await store.close()


async def play_lim_draft(table, env, check_board) -> int:
    """Twelve moves of an advanced two-player game, which include the leader draft."""
    await table.alice.slash(table.channel, "game new", game="lim", players=2, options="advanced=true")
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    drafted = 0
    for _ in range(12):
        board = table.last()
        mover = table.member(int(re.findall(r"<@(\d+)>", text_of(board))[0]))
        choices = await mover.autocomplete(table.channel, "lim move", "notation", "")
        drafts = [c["value"] for c in choices if c["value"].startswith("draft ")]
        drafted += bool(drafts)
        await check_board(board, [d.split()[1] for d in drafts])
        await move(mover, table.channel, "lim", choices[0]["value"])
    return drafted


async def test_public_boards_never_carry_move_notations_through_the_lim_leader_draft(table, env):
    """With advanced rules a drafting player's only move can be ``draft <leader>``: a hidden card.
    Public boards carry only the "Your move" and "Since your move" buttons; the moves are shown to
    their player alone."""

    async def only_the_menu_button(board, hidden_leaders):
        current = await env.bot.service.table(table.channel.id)
        ids = [c.custom_id for c in controls_of(board)]
        assert ids == [f"bottega:menu:{current.row.id}:{current.row.version}",
                       f"bottega:since:{current.row.id}"]

    assert await play_lim_draft(table, env, only_the_menu_button)


async def test_public_board_text_never_names_a_drafting_players_leaders(table, env):
    async def no_hidden_leader_in_the_text(board, hidden_leaders):
        assert not [leader for leader in hidden_leaders if leader in text_of(board)]

    await play_lim_draft(table, env, no_hidden_leader_in_the_text)
