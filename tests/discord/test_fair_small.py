"""The smaller fairness points, through Discord: `/game settings` alone shows the settings privately
to anyone; `/game mine` tells a player whose seat was opened that it is open and how to take it
back; event sentences start with a capital letter."""

from __future__ import annotations

import random

import pytest
from turn_clocks import config, patient  # noqa: F401 (the fixtures of turn-time tests)

import games
from i18n import ENGLISH, translate

HOUR = 3600
CHECK = 3600


async def test_settings_alone_are_shown_privately_to_anyone(table, env):
    await table.open()
    posts = len(table.channel.history())
    for member in (table.bob, table.carol):  # a player who is not the host, and a member not at the table
        shown = await member.slash(table.channel, "game settings")
        assert shown.ephemeral
        assert shown.response.content == ("Turn time at this table: 3 days per move; when time runs out the AI "
                                          "plays the turn, and 3 timeouts in a row open the seat.\n"
                                          "Reminders every 1 day.\nThe coach: for players new to the game.")
    assert len(table.channel.history()) == posts


async def test_mine_tells_a_player_their_seat_is_open_and_how_to_take_it_back(table, env):
    board = await table.open()
    await table.alice.slash(table.channel, "game settings", strike_limit=1)
    late = table.actor(board)
    await env.advance_time(72 * HOUR + CHECK)
    mine = (await late.slash(table.channel, "game mine")).response.content
    assert "your seat is open after your timeouts and the AI plays it for now; take it back with `/game sit` there" in mine
    await late.slash(table.channel, "game sit")
    assert "your seat is open" not in (await late.slash(table.channel, "game mine")).response.content


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_event_sentences_start_with_a_capital_letter(key):
    game = games.get(key)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.setup(2 + seed % 3, seed, {})
        for _ in range(300):
            if game.result(state) is not None:
                break
            seat = min(game.actors(state))
            state, events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            for event in events:
                text = translate(event["text"], ENGLISH).replace("{p", "P{")
                assert not text[:1].islower(), text


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
async def test_no_refusal_or_prompt_shows_a_raw_seat_placeholder(table, env, key):
    """CORE-TURN: a move out of turn is refused naming whom the table waits for, never ``{p1}``;
    the same words answer `/game help` and `/game mine` for a player who is waiting."""
    await table.alice.slash(table.channel, "game new", game=key, players=3)
    await table.bob.slash(table.channel, "game join")
    await table.carol.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    game_id = int(table.last().attachments[0].filename.split("-")[1])
    game = games.get(key)
    for _ in range(12):  # until someone is waiting on the others
        served = await env.bot.service.game(game_id)
        waiting = [m for m in (table.alice, table.bob, table.carol) if served.seat_of(m.id) not in game.actors(served.state)]
        if waiting:
            break
        seat = min(game.actors(served.state))
        member = next(m for m in (table.alice, table.bob, table.carol) if served.user_of(seat) == m.id)
        await member.slash(table.channel, f"{key} move",
                           notation=game.notation(game.legal_actions(served.state, seat)[0]))
    assert waiting
    idle = waiting[0]
    served = await env.bot.service.game(game_id)
    actor = min(game.actors(served.state))
    answers = [(await idle.slash(table.channel, f"{key} move",
                                 notation=game.notation(game.legal_actions(served.state, actor)[0]))).response.content,
               (await idle.slash(table.channel, "game help")).response.content,
               (await idle.slash(table.channel, "game mine")).response.content]
    for answer in answers:
        assert "{p" not in answer and "{" not in answer.replace("{}", ""), answer
