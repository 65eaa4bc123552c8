"""Who may do what: seated players act, the host or server managers manage, and the bot says
which of its own channel permissions are missing."""

from __future__ import annotations

import discord
from bottega_harness import text_of


async def test_only_the_host_or_a_manager_starts(table):
    await table.open(start=False)
    refused = await table.bob.slash(table.channel, "game start")
    assert refused.ephemeral and "Only the host of this table or a server manager" in refused.response.content
    started = await table.manager.slash(table.channel, "game start")
    assert started.ephemeral and "begins" in text_of(table.last())


async def test_only_the_host_or_a_manager_changes_settings(table):
    await table.open()
    refused = await table.bob.slash(table.channel, "game settings", reminder_hours=2)
    assert "Only the host" in refused.response.content
    allowed = await table.manager.slash(table.channel, "game settings", reminder_hours=2)
    assert "Done" in allowed.response.content and "every 2 hours" in text_of(table.last())


async def test_a_manager_abandons_but_an_outsider_cannot(table):
    await table.open()
    outsider = await table.carol.slash(table.channel, "game abandon")
    assert "Only the host, a server manager or a seated player" in outsider.response.content
    await table.manager.slash(table.channel, "game abandon")
    assert "mona** abandoned the game" in text_of(table.last())


async def test_only_seated_players_move(table):
    await table.open()
    outsider = await table.carol.slash(table.channel, "duel move", notation="add 1")
    assert outsider.ephemeral and "not playing at this table" in outsider.response.content
    assert await table.carol.autocomplete(table.channel, "duel move", "notation", "") == []


async def test_only_the_player_to_move_moves(table):
    board = await table.open()
    actor = table.actor(board)
    other = table.bob if actor is table.alice else table.alice
    refused = await other.slash(table.channel, "duel move", notation="add 1")
    assert refused.ephemeral and "not your turn" in refused.response.content
    assert table.last().id == board.id


async def test_moves_before_the_start_are_refused(table):
    await table.open(start=False)
    early = await table.alice.slash(table.channel, "duel move", notation="add 1")
    assert "has not started yet" in early.response.content


async def test_no_game_here(table):
    for command in ("game join", "game start", "game abandon", "duel hand"):
        result = await table.alice.slash(table.channel, command)
        assert result.ephemeral and "no game in this channel" in result.response.content


async def test_bot_says_which_permissions_it_lacks(env, table):
    me = table.guild.me
    muted = table.guild.create_text_channel(
        "muted", overwrites={me: discord.PermissionOverwrite(send_messages=False, attach_files=False)}
    )
    result = await table.alice.slash(muted, "game new", game="duel", players=2)
    assert result.ephemeral and "missing permissions here: Send Messages." in result.response.content
    no_files = table.guild.create_text_channel(
        "no-files", overwrites={me: discord.PermissionOverwrite(attach_files=False)}
    )
    await table.alice.slash(no_files, "game new", game="duel", players=1)
    started = await table.alice.slash(no_files, "game start")
    assert "missing permissions here: Attach Files." in started.response.content
    no_threads = table.guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    threaded = await table.alice.slash(no_threads, "game new", game="duel", players=2, thread=True)
    assert "missing permissions here: Create Public Threads." in threaded.response.content
    assert no_threads.threads == []



async def test_bot_needs_to_post_in_threads_to_open_a_table_in_one(table):
    quiet = table.guild.create_text_channel(
        "no-thread-posts", overwrites={table.guild.me: discord.PermissionOverwrite(send_messages_in_threads=False)}
    )
    result = await table.alice.slash(quiet, "game new", game="duel", players=2, thread=True)
    assert "missing permissions here: Send Messages in Threads." in result.response.content
    plain = await table.alice.slash(quiet, "game new", game="duel", players=2)
    assert "Table opened" in plain.response.content
