"""Through the real client: simultaneous decisions through buttons, boards kept in order when
several players move at once, and reminder timers given back at start-up."""

from __future__ import annotations

import dataclasses
import re

import discord
import pytest
from bottega_harness import move, text_of

from bot.table import Person, StaleAction
from bot.views import post_reply
from db import TimerFilter
from rendering.pool import RenderPool

DAY = 24 * 3600
STALE = ("That button belongs to an earlier board", "That board is out of date", "Someone moved at the same moment")
"""How a refusal of a move aimed at a board that has moved on begins."""


def first_option(menu) -> str:
    """The first option of a guided menu's select (a draft offers one move per leader)."""
    item = menu.message.components[0].children[0]
    assert isinstance(item, discord.SelectMenu)
    return item.options[0].value


async def test_simultaneous_draft_buttons_of_one_board_all_apply(table, env):
    """In a 3-player advanced Lorenzo game all three open their menu on the same board and press
    their first draft move: each is their own part of the draft, so all three apply."""
    await table.alice.slash(table.channel, "game new", game="lim", players=3, options="advanced=true")
    await table.bob.slash(table.channel, "game join")
    await table.carol.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    while len(drafters := [table.member(int(i)) for i in re.findall(r"<@(\d+)>", text_of(table.last()))]) == 1:
        [mover] = drafters  # the personal bonus tiles are chosen one player at a time, before the draft
        choices = await mover.autocomplete(table.channel, "lim move", "notation", "")
        await move(mover, table.channel, "lim", choices[0]["value"])
    board = table.last()
    assert len(drafters) == 3
    menus = [(await player.click(board, label="Your move")).response for player in drafters]
    second = (await drafters[0].click(board, label="Your move")).response
    drafting = await env.bot.service.table(table.channel.id)
    version, game_id = drafting.row.version, drafting.row.id
    for player, menu in zip(drafters, menus):
        assert text_of(menu).startswith("Keep one of the")  # a draft pick, played as soon as it is chosen
        pressed = await player.select(menu, [first_option(menu)])
        assert not pressed.response.content.startswith(STALE)
    assert (await env.bot.service.table(table.channel.id)).row.version == version + 3
    twice = await drafters[0].select(second, [first_option(second)])
    assert twice.response.content.startswith(STALE)  # its player has answered: that decision passed
    # That draft round is over for everyone: a menu of its board is stale. (The steps of a
    # simultaneous decision edit one message, so the board in the channel now shows the next
    # round, and its button opens that round's pick.)
    with pytest.raises(StaleAction, match="moved on"):
        await env.bot.service.menu(table.channel.id, person(drafters[0]), game_id, version)
    again = await drafters[0].click(board, label="Your move")
    assert "Keep one of the 3 leaders" in again.response.content


async def test_a_board_posted_late_never_becomes_the_latest(table, env):
    """Two players move at once and the older board is drawn more slowly, so it is sent second:
    it goes out as text only, and the channel's latest board (and the reminders' link) stay the newest."""
    board = await table.open()
    service = env.bot.service
    first = table.actor(board)
    second = table.bob if first is table.alice else table.alice
    older = await service.act(table.channel.id, person(first), "add 3")
    newer = await service.act(table.channel.id, person(second), "add 1")
    channel = env.bot.get_channel(table.channel.id)
    await post_reply(env.bot, channel, newer)
    await post_reply(env.bot, channel, older)
    boards = [m for m in table.channel.history() if m.attachments]
    latest = await service.table(table.channel.id)
    assert boards[-1].attachments[0].filename.endswith(f"-{latest.row.version}.png")
    assert latest.row.version == newer.version and latest.row.board_jump_url == boards[-1].jump_url
    late = table.last()
    assert "adds 3" in text_of(late) and not late.attachments and not late.components


def person(member) -> Person:
    return Person(member.id, member.name)


async def test_a_reminder_whose_timer_was_lost_still_comes_after_a_restart(table, env, make_bot):
    """As after a kill between a move and its timers: the restarted bot rebuilds them."""
    board = await table.open()
    actor = table.actor(board)
    game = await env.bot.service.table(table.channel.id)
    await env.bot.store.update_timers(game.row.id, clear=[TimerFilter()])
    await env.restart_bot(await make_bot())
    await env.advance_time(DAY + 3600)
    reminders = [m for m in table.channel.history() if text_of(m).startswith("Reminder:")]
    assert len(reminders) == 1 and f"<@{actor.id}>" in text_of(reminders[0])


async def test_boards_are_drawn_by_a_render_pool_sized_by_the_settings_and_closed_with_the_bot(
        table, env, make_bot, config):
    bot = await make_bot(config=dataclasses.replace(config, render_workers=1))
    await env.restart_bot(bot)
    pool = bot.renderer
    assert isinstance(pool, RenderPool) and pool.workers == 1
    # The worker first loads every game's drawings, seconds on a busy machine: that wait is not the
    # bot's, so it is waited for here rather than inside the simulation's settling of a command.
    assert (await pool.card("mor", "L1")).startswith(b"\x89PNG")
    await table.alice.slash(table.channel, "game new", game="mor", players=2)  # a game the workers know
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    assert table.last().attachments[0].filename.endswith(".png")
    await bot.close()
    assert bot.renderer is None
    with pytest.raises(RuntimeError, match="closed"):
        await pool.card("mor", "L1")
