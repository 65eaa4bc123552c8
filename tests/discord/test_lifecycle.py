"""``/game`` and ``/<game> move``: a table from its opening to a finished game."""

from __future__ import annotations

import re

import discord
from bottega_harness import text_of, answered


async def test_full_lobby_to_finished_game_through_move_autocomplete(table):
    """new, join, start, then every move chosen from the autocomplete until someone wins."""
    opened = await table.alice.slash(table.channel, "game new", game="duel", players=2)
    assert opened.ephemeral and "Table opened" in opened.response.content
    assert "opened a table of **Duel to Ten** for 2" in text_of(table.last())
    joined = await table.bob.slash(table.channel, "game join")
    assert joined.ephemeral and "joined the table (2/2)" in text_of(table.last())
    await table.alice.slash(table.channel, "game start")
    board = table.last()
    assert "begins" in text_of(board) and board.attachments[0].filename.endswith(".png")

    for _ in range(10):
        actor = table.actor()
        other = table.bob if actor is table.alice else table.alice
        assert await other.autocomplete(table.channel, "duel move", "notation", "") == []
        choices = await actor.autocomplete(table.channel, "duel move", "notation", "")
        assert [c["value"] for c in choices] == ["add 1", "add 2", "add 3"]
        result = await actor.slash(table.channel, "duel move", notation=choices[-1]["value"])
        assert result.response is None, "the move is on the board; nothing private to say"
        posted = table.last()
        assert f"{actor.name} adds 3" in text_of(posted)
        assert posted.attachments, "every move posts the board"
        if "Game over" in text_of(posted):
            break
    assert "Winner:" in text_of(posted)
    assert not re.findall(r"<@\d+>", text_of(posted).split("Game over")[0]), "nobody is pinged at the end"
    result = await table.alice.slash(table.channel, "game status")
    assert "Game over." in result.response.content and "Winner:" in result.response.content, "the result stays"


async def test_after_a_move_only_the_next_player_is_pinged(table, env):
    await table.open(players=3)
    actor = table.actor()
    await actor.slash(table.channel, "duel move", notation="add 1")
    posted = table.last()
    nxt = table.actor(posted)
    assert nxt is not actor
    request = [r for r in env.http_requests if r.method == "POST" and r.path.endswith("/messages")][-1]
    assert request.json["allowed_mentions"] == {"users": [nxt.id], "parse": []}
    assert "adds 1: the count is 1" in text_of(posted)


async def test_move_suggestions_filter_by_what_was_typed(table):
    await table.open()
    choices = await table.actor().autocomplete(table.channel, "duel move", "notation", "2")
    assert [c["value"] for c in choices] == ["add 2"]


async def test_illegal_move_is_refused_privately_with_the_rule(table):
    await table.open()
    before = table.last().id
    result = await table.actor().slash(table.channel, "duel move", notation="add 7")
    assert result.ephemeral and "You may add 1 to 3" in result.response.content
    assert table.last().id == before
    garbled = await table.actor().slash(table.channel, "duel move", notation="jump")
    assert "'jump' is not a move" in garbled.response.content


async def test_game_options_are_offered_and_applied(table):
    choices = await table.alice.autocomplete(table.channel, "game new", "options", "wi", game="duel", players=2)
    assert [c["value"] for c in choices] == ["wide=true", "wide=false"]
    await table.open(options="wide=true")
    actor = table.actor()
    moves = await actor.autocomplete(table.channel, "duel move", "notation", "")
    assert len(moves) == 8


async def test_unknown_option_is_refused(table):
    result = await table.alice.slash(table.channel, "game new", game="duel", players=2, options="fast=true")
    assert "has no option 'fast'" in result.response.content
    assert table.channel.last_message is None


async def test_new_table_in_a_thread(table):
    result = await table.alice.slash(table.channel, "game new", game="duel", players=2, thread=True)
    thread = table.channel.threads[0]
    assert thread.mention in result.response.content
    assert "opened a table" in text_of(thread.last_message)
    await table.bob.slash(thread, "game join")
    await table.alice.slash(thread, "game start")
    assert thread.last_message.attachments
    again = await table.alice.slash(table.channel, "game new", game="duel", players=2, thread=True)
    assert "Table opened" in again.response.content and len(table.channel.threads) == 2
    inside = await table.alice.slash(thread, "game new", game="duel", players=2, thread=True)
    assert "not inside a thread" in inside.response.content


async def test_one_table_per_channel(table):
    await table.open(start=False)
    again = await table.bob.slash(table.channel, "game new", game="duel", players=2)
    assert "already has a table" in again.response.content


async def test_join_and_leave_rules(table):
    await table.open(start=False)
    twice = await table.bob.slash(table.channel, "game join")
    assert "already have a seat" in twice.response.content
    full = await table.carol.slash(table.channel, "game join")
    assert "full" in full.response.content
    left = await table.bob.slash(table.channel, "game leave")
    assert left.ephemeral and "bob** left the table (1/2)" in text_of(table.last())
    stranger = await table.carol.slash(table.channel, "game leave")
    assert "no seat" in stranger.response.content
    await table.carol.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    late = await table.carol.slash(table.channel, "game leave")
    assert "cannot leave a game in progress" in late.response.content


async def test_status_is_private_unless_asked_public(table):
    await table.open()
    count = len(table.channel.history())
    private = await table.carol.slash(table.channel, "game status")
    assert private.ephemeral and "Waiting since <t:" in private.response.content
    assert private.response.attachments and len(table.channel.history()) == count
    await table.carol.slash(table.channel, "game status", public=True)
    assert "Waiting since <t:" in text_of(table.last()) and table.last().attachments


async def test_status_of_a_lobby(table):
    await table.open(start=False)
    result = await table.carol.slash(table.channel, "game status")
    assert "waiting for players (2/2): alice, bob" in result.response.content


async def test_hand_is_private(table):
    await table.open()
    result = await table.bob.slash(table.channel, "duel hand")
    assert result.ephemeral and "Your seat:" in result.response.content
    assert result.response.attachments
    outsider = await table.carol.slash(table.channel, "duel hand")
    assert "not playing at this table" in outsider.response.content


async def test_commands_of_another_game_are_refused(table):
    await table.open()
    result = await table.actor().slash(table.channel, "mor move", notation="add 1")
    assert "This channel is playing Duel to Ten: use `/duel` commands here." in result.response.content
    assert await table.actor().autocomplete(table.channel, "mor move", "notation", "") == []


async def test_mine_lists_games_waiting_on_me_with_jump_links(table):
    board = await table.open()
    actor = table.actor()
    result = await actor.slash(table.channel, "game mine")
    assert result.ephemeral and "**Your move:**" in result.response.content
    assert board.jump_url in result.response.content
    other = table.bob if actor is table.alice else table.alice
    waiting = await other.slash(table.channel, "game mine")
    assert "waiting on others" in waiting.response.content
    nothing = await table.carol.slash(table.channel, "game mine")
    assert "no games in this server" in nothing.response.content


async def test_help_lists_the_channel_game_commands(table):
    empty = await table.carol.slash(table.channel, "game help")
    assert "no game in this channel" in empty.response.content and "`/game new`" in empty.response.content
    await table.open()
    result = await table.actor().slash(table.channel, "game help")
    text = result.response.content
    assert "Duel to Ten" in text and "`/duel move`" in text and "Your move:" in text
    commands = await table.actor().select(result.response.message, ["commands"])
    assert "`/duel move`" in answered(commands) and "`/duel hand`" in answered(commands)


async def test_settings_change_the_reminder_interval(table):
    await table.open()
    result = await table.alice.slash(table.channel, "game settings", reminder_hours=48)
    assert result.ephemeral and "every 2 days" in text_of(table.last())


async def test_abandon_by_the_host_frees_the_channel(table):
    await table.open()
    await table.alice.slash(table.channel, "game abandon")
    assert "abandoned the game" in text_of(table.last())
    again = await table.bob.slash(table.channel, "game new", game="duel", players=2)
    assert "Table opened" in again.response.content


async def test_abandon_by_a_majority_of_the_players(table):
    await table.open(players=3)
    await table.bob.slash(table.channel, "game abandon")
    assert "1/2 votes needed" in text_of(table.last())
    await table.carol.slash(table.channel, "game abandon")
    assert "voted: the game is abandoned" in text_of(table.last())


async def test_commands_are_guild_only_and_the_bot_needs_only_the_guilds_intent(env):
    bot = env.bot
    assert bot.intents == discord.Intents(guilds=True)
    assert bot.tree.get_command("game").guild_only


async def test_every_public_post_never_pings_everyone(table, env):
    await table.open(players=3)
    for request in env.http_requests:
        if request.method == "POST" and request.path.endswith("/messages"):
            assert request.json["allowed_mentions"]["parse"] == []


def test_discord_message_limit_is_respected():
    from bot.views import MESSAGE_LIMIT, _clip

    assert len(_clip("x" * 5000)) == MESSAGE_LIMIT and _clip("short") == "short"


async def test_every_command_defers_before_any_slow_work(table, env):
    """Discord's 3-second rule: the first answer to every command is a private deferral."""
    await table.open()
    await table.actor().slash(table.channel, "duel move", notation="add 1")
    await table.carol.slash(table.channel, "game status")
    callbacks = [r for r in env.http_requests if r.path.endswith("/callback") and r.json["type"] != 8]
    assert callbacks and all(r.json == {"type": 5, "data": {"flags": 64}} for r in callbacks)
