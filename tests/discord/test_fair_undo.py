"""Undo and the turn clock, through Discord on the simulated clock: an undo puts the turn back
exactly as it was (its deadline, the chess clock's bank, the strikes), so no sequence of moves and
undos lengthens a turn or refills a bank; a move the table made for someone who was not there
cannot be taken back."""

from __future__ import annotations

import re

import pytest
from bottega_harness import game_state, move, text_of
from turn_clocks import config, patient, timeouts  # noqa: F401 (the fixtures of turn-time tests)
from undo_games import REAL_GAMES, choose, open_game

import games

HOUR = 3600
DAY = 24 * HOUR
CHECK = 3600


async def undoable(env, table, key: str, game_id: int, who=None):
    """Play on (each actor's first move that can be taken back, else its first move) until one
    person alone must act (``who``, when given) and has a move that can be taken back; that person
    and the move."""
    game = games.get(key)
    for _ in range(80):
        state = await game_state(env.bot, game_id)
        actors = sorted(game.actors(state))
        seat = actors[0]
        member = table.member((await env.bot.service.game(game_id)).user_of(seat))
        notation, refusal = choose(key, state, seat, {None})
        if len(actors) == 1 and refusal is None and who in (None, member):
            return member, notation
        await move(member, table.channel, key, notation)
    raise AssertionError("no move that can be taken back came up")


async def status(table) -> str:
    return (await table.carol.slash(table.channel, "game status")).response.content


def deadline_of(shown: str, member) -> int:
    return int(re.search(rf"\*\*{member.user.name}\*\*: time runs out <t:(\d+):R>", shown).group(1))


@pytest.mark.parametrize("key", REAL_GAMES)
async def test_moves_and_undos_never_lengthen_a_turn_under_the_move_clock(table, env, key):
    game_id = await open_game(table, key)
    mover, notation = await undoable(env, table, key, game_id)
    deadline = deadline_of(await status(table), mover)
    for _ in range(3):  # a day later each time: the move, then taken back
        await env.advance_time(DAY - 2 * CHECK)
        await move(mover, table.channel, key, notation)
        await mover.slash(table.channel, "game undo")
        assert "took back move" in text_of(table.last())
        assert deadline_of(await status(table), mover) == deadline
    assert timeouts(table) == []
    await env.advance_time(deadline - int(env.now().timestamp()) + CHECK)  # past the turn's deadline
    assert f"**{mover.user.name}**'s time is up" in timeouts(table)[0]


@pytest.mark.parametrize("key", REAL_GAMES)
async def test_moves_and_undos_never_refill_a_chess_clock_bank(table, env, key):
    game_id = await open_game(table, key)
    await table.alice.slash(table.channel, "game settings", clock="bank", bank_days=1, turn_hours="2")
    mover, notation = await undoable(env, table, key, game_id)
    deadline = deadline_of(await status(table), mover)
    bank = await bank_of(env, game_id, mover)
    for _ in range(3):
        await env.advance_time(6 * HOUR)
        await move(mover, table.channel, key, notation)
        await mover.slash(table.channel, "game undo")
        assert deadline_of(await status(table), mover) == deadline
        assert await bank_of(env, game_id, mover) == bank  # nothing charged, nothing given back
    await env.advance_time(deadline - int(env.now().timestamp()) + CHECK)  # the bank runs out as it would have
    assert f"**{mover.user.name}**'s time is up" in timeouts(table)[0]


async def bank_of(env, game_id: int, member) -> int | None:
    table = await env.bot.service.game(game_id)
    return next(s.bank_seconds for s in table.seats if s.user_id == member.id)


async def test_an_undo_gives_back_the_strikes_the_move_cleared(table, env):
    game_id = await open_game(table, "mor")
    late, _ = await undoable(env, table, "mor", game_id)
    await env.advance_time(72 * HOUR + CHECK)
    assert "(strike 1 of 3)" in timeouts(table)[0]
    mover, notation = await undoable(env, table, "mor", game_id, who=late)
    await move(mover, table.channel, "mor", notation)
    assert "Strikes" not in await status(table)
    await mover.slash(table.channel, "game undo")
    assert "Strikes: 1 of 3" in await status(table)


async def test_a_turn_the_table_played_for_a_late_player_cannot_be_taken_back(table, env):
    board = await table.open()
    late = table.actor(board)
    await env.advance_time(72 * HOUR + CHECK)
    assert len(timeouts(table)) == 1
    refused = await late.slash(table.channel, "game undo")
    assert "was played for you when you were not there, so it stands" in refused.response.content
    assert table.actor() != late
