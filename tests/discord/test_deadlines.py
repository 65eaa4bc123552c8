"""Turn time through Discord, on the simulated clock: deadlines in pings and status, the timeout
ladder (a turn played for a late player, strikes, an open seat, `/game sit`, `/game replace`), the
chess clock, refusals of out-of-range settings, and a restart between a deadline and its turn."""

from __future__ import annotations

import random
import re

from bottega_harness import REMINDER_CHECK_SECONDS, move, text_of
from turn_clocks import config, patient, timeouts  # noqa: F401 (the fixtures of turn-time tests)

from bot.table.clocks import short

HOUR = 3600
DAY = 24 * HOUR
CHECK = REMINDER_CHECK_SECONDS


def stamp(content: str, before: str) -> int:
    return int(re.search(rf"{before} <t:(\d+):R>", content).group(1))


async def test_a_new_table_gives_each_turn_72_hours_shown_in_the_ping_and_the_status(table, env):
    board = await table.open()
    actor = table.actor(board)
    assert stamp(text_of(board), "Deadline") == int(env.now().timestamp()) + 72 * HOUR
    status = (await table.carol.slash(table.channel, "game status")).response.content
    assert "Turn time: 3 days per move; when time runs out the AI plays the turn" in status
    assert re.search(rf"\*\*{actor.user.name}\*\*: time runs out <t:\d+:R>", status), status


async def test_a_passed_deadline_plays_the_turn_publicly_with_a_strike_and_a_move_resets_it(table, env):
    board = await table.open(3)
    late = table.actor(board)
    await env.advance_time(72 * HOUR - CHECK)
    assert timeouts(table) == []
    await env.advance_time(2 * CHECK)
    [notice] = timeouts(table)
    assert f"**{late.user.name}**'s time is up: the AI plays this turn for them (strike 1 of 3)." in notice
    assert f"<@{late.id}>" not in notice  # said publicly, not a ping for the late player
    nxt = table.actor()
    assert nxt != late and "Deadline <t:" in text_of(table.last())
    request = [r for r in env.http_requests if r.method == "POST" and r.path.endswith("/messages")][-1]
    assert request.json["allowed_mentions"]["users"] == [nxt.id]
    await nxt.slash(table.channel, "duel move", notation="add 1")
    await table.actor().slash(table.channel, "duel move", notation="add 1")
    status = (await table.carol.slash(table.channel, "game status")).response.content
    assert "Strikes: 1 of 3" in status
    await late.slash(table.channel, "duel move", notation="add 1")  # the player is back
    status = (await table.carol.slash(table.channel, "game status")).response.content
    assert "Strikes" not in status


async def test_pause_only_pings_and_waits(table, env):
    board = await table.open()
    await table.alice.slash(table.channel, "game settings", on_timeout="pause", turn_hours="5")
    late = table.actor(board)
    version = table.last().id
    await env.advance_time(5 * HOUR + CHECK)
    [notice] = timeouts(table)
    assert f"<@{late.id}>'s time is up: the table waits for their move." in notice
    assert table.actor(board) == late and "strike" not in notice
    await env.advance_time(DAY)
    assert len(timeouts(table)) == 1, "a deadline fires once"
    assert version != table.last().id


async def test_out_of_range_settings_are_refused_in_one_sentence_and_change_nothing(table, env):
    await table.open()
    before = (await table.carol.slash(table.channel, "game status")).response.content
    refusals = {
        (("turn_hours", "0"),): "The turn time is 1 to 336 hours, or off (not '0').",
        (("turn_hours", "337"),): "The turn time is 1 to 336 hours, or off (not '337').",
        (("turn_hours", "soon"), ("strike_limit", 2)): "The turn time is 1 to 336 hours, or off (not 'soon').",
        (("bank_days", 0), ("clock", "bank")): "A time bank is 1 to 60 days (not 0).",
        (("strike_limit", 11),): "The strike limit is 1 to 10 (not 11).",
    }
    for options, sentence in refusals.items():
        result = await table.alice.slash(table.channel, "game settings", **dict(options))
        assert result.response.content == sentence
    assert (await table.carol.slash(table.channel, "game status")).response.content == before
    refused = await table.bob.slash(table.channel, "game settings", turn_hours="off")
    assert "Only the host of this table or a server manager" in refused.response.content
    await table.alice.slash(table.channel, "game settings", turn_hours="off")
    assert "Turn time at this table: No turn time limit" in text_of(table.last())
    assert "Deadline" not in (await table.carol.slash(table.channel, "game status")).response.content


async def test_sit_and_replace_refusals_and_a_replacement(table, env):
    board = await table.open(3)
    full = await table.manager.slash(table.channel, "game sit")
    assert full.response.content == "This table is full (3 players): no seat is open."
    seated = await table.alice.slash(table.channel, "game sit")
    assert seated.response.content == "You already have a seat at this table."
    nobody = await table.alice.slash(table.channel, "game replace", old=table.manager, new=table.manager)
    assert nobody.response.content == ("That member has no seat at this table: only a seated player can be "
                                       "replaced.")
    not_host = await table.bob.slash(table.channel, "game replace", old=table.carol, new=table.manager)
    assert "Only the host of this table or a server manager can replace a player." == not_host.response.content
    actor = table.actor(board)
    await table.alice.slash(table.channel, "game replace", old=actor, new=table.manager)
    assert f"**mona** takes over {actor.user.name}'s seat" in text_of(table.last())
    assert f"<@{table.manager.id}>" in text_of(table.last())  # it is mona's move now
    await table.manager.slash(table.channel, "duel move", notation="add 2")
    assert "mona adds 2" in text_of(table.channel.history()[-1])


async def test_a_chess_clock_whose_bank_runs_out(table, env):
    """With the bank clock a running-out bank is a passed deadline: the ladder plays that turn (a
    strike), and the seat's next turns have only the refill (turn_hours) until the player moves."""
    board = await table.open()
    late = table.actor(board)
    await table.alice.slash(table.channel, "game settings", clock="bank", bank_days=1, turn_hours="2")
    start = int(env.now().timestamp())
    status = (await table.carol.slash(table.channel, "game status")).response.content
    assert "Chess clock: a time bank of 1 day, plus 2 hours back per move" in status
    assert stamp(status, "time runs out") == start + DAY
    await env.advance_time(DAY + CHECK)
    [notice] = timeouts(table)
    assert "(strike 1 of 3)" in notice
    turn_began = table.last().created_at
    other = table.actor()
    assert other != late and "Time bank runs out <t:" in text_of(table.last())
    await env.advance_time(3 * HOUR)  # the other player takes three hours of their day
    await other.slash(table.channel, "duel move", notation="add 1")
    ping = text_of(table.last())
    assert table.actor() == late
    assert stamp(ping, "Time bank runs out") == int(env.now().timestamp()) + 2 * HOUR
    used = int((env.now() - turn_began).total_seconds())
    status = (await table.carol.slash(table.channel, "game status")).response.content
    assert f"**{other.user.name}**: time bank {short(DAY - used + 2 * HOUR)}." in status  # plus 2 h back
    assert used >= 3 * HOUR


async def test_a_restart_between_a_deadline_passing_and_its_turn_being_played(table, env, make_bot):
    board = await table.open()
    late = table.actor(board)
    # A bot that looks at its timers once at start and then not for a month: it is down, in effect.
    await env.restart_bot(await make_bot(reminder_check_seconds=30 * DAY))
    await env.advance_time(72 * HOUR + CHECK)
    assert timeouts(table) == []
    await env.restart_bot(await make_bot())
    await env.settle()
    [notice] = timeouts(table)
    assert f"**{late.user.name}**'s time is up" in notice
    await env.restart_bot(await make_bot())
    await env.advance_time(2 * CHECK)
    assert len(timeouts(table)) == 1, "the passed deadline is played once across restarts"
    assert table.actor() != late


async def test_a_player_vanishes_and_the_game_still_reaches_the_final_scores(table, env):
    """A three-player Lorenzo il Magnifico: carol stops after her fifth move. The table plays her
    turns (strikes 1, 2, 3), her seat opens, mona (not at the table) sits down and plays on, and the
    game ends with final scores naming mona."""
    await table.alice.slash(table.channel, "game new", game="lim", players=3)
    await table.bob.slash(table.channel, "game join")
    await table.carol.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game settings", turn_hours="2")
    await table.alice.slash(table.channel, "game start")
    rng = random.Random(11)
    playing = {table.alice, table.bob, table.carol}
    carol_moves, sat = 0, False
    for _ in range(3000):
        board = text_of(table.last())
        if "Game over." in board:
            break
        pinged = [table.member(int(i)) for i in re.findall(r"<@(\d+)>", board)]
        movers = [m for m in pinged if m in playing and (m is not table.carol or carol_moves < 5)]
        if not movers:  # only carol is awaited, and she is gone: two hours later the table plays for her
            seen = len(timeouts(table))
            while len(timeouts(table)) == seen:
                await env.advance_time(CHECK)
            if not sat and "seat is open" in "\n".join(timeouts(table)):
                full = await table.alice.slash(table.channel, "game sit")
                assert full.response.content == "You already have a seat at this table."
                await table.manager.slash(table.channel, "game sit")
                assert "**mona** sits down in carol's open seat" in text_of(table.last())
                playing = {table.alice, table.bob, table.manager}
                sat = True
            continue
        mover = rng.choice(movers)
        choices = await mover.autocomplete(table.channel, "lim move", "notation", "")
        await move(mover, table.channel, "lim", rng.choice(choices)["value"])
        carol_moves += mover is table.carol
    final = text_of(table.last())
    assert "Game over." in final and "mona" in final
    notices = "\n".join(timeouts(table))
    for strike in (1, 2, 3):
        assert f"**carol**'s time is up: the AI plays this turn for them (strike {strike} of 3)." in notices
    assert carol_moves == 5 and sat


async def test_a_simultaneous_decision_has_deadlines_too(table, env):
    """Masters of Renaissance begins with every player keeping leaders at once: alice answers, bob
    does not, and when his time is up the AI keeps two of his leaders (which stay hidden)."""
    await table.alice.slash(table.channel, "game new", game="mor", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    assert {f"<@{table.alice.id}>", f"<@{table.bob.id}>"} <= set(re.findall(r"<@\d+>", text_of(table.last())))
    [keep, *_] = await table.alice.autocomplete(table.channel, "mor move", "notation", "")
    await move(table.alice, table.channel, "mor", keep["value"])
    await env.advance_time(72 * HOUR + CHECK)
    [notice] = timeouts(table)
    assert "**bob**'s time is up: the AI plays this turn for them (strike 1 of 3)." in notice
    assert "bob kept 2 leaders" in notice and not re.search(r"\bL\d+\b", notice)
