"""A week at a Masters of Renaissance table whose seat changes hands, through Discord on the
simulated clock: every move records who made it (the member, the stand-in on a timeout, the AI in
an open seat), and the log, the catch-up digests, a past board and the record show it; the
newcomer's digest starts where they sat down, the absent player's lists what the table did at
their seat, marked as such."""

from __future__ import annotations

import json

from bottega_harness import game_state, move, text_of
from turn_clocks import config, patient  # noqa: F401 (the fixtures of turn-time tests)
from undo_games import open_game

import games
from db.record import encode, read_record

HOUR = 3600
CHECK = 3600


async def play(env, table, game_id: int, member, times: int) -> None:
    """``member`` plays their first legal move ``times`` times, whenever the table waits on them."""
    game = games.get("mor")
    for _ in range(times):
        served = await env.bot.service.game(game_id)
        seat = served.seat_of(member.id)
        if seat not in game.actors(served.state):
            return
        state = await game_state(env.bot, game_id)
        await move(member, table.channel, "mor", game.notation(game.legal_actions(state, seat)[0]))
        await env.settle()


async def test_a_seat_changing_hands_over_a_week_shows_who_made_each_move(table, env):
    game_id = await open_game(table, "mor")
    await table.alice.slash(table.channel, "game settings", strike_limit=1)
    await play(env, table, game_id, table.alice, 1)  # alice keeps her leaders; bob never answers
    await env.advance_time(72 * HOUR + CHECK)  # bob's time runs out: his answer is chosen, his seat opens
    assert "**bob**'s seat is open" in "\n".join(text_of(m) for m in table.channel.history()[-3:])
    for _ in range(3):  # a few days of alice against the AI holding bob's seat
        await env.advance_time(20 * HOUR)
        await play(env, table, game_id, table.alice, 4)
    stored = await env.bot.store.moves(game_id)
    bob_seat = (await env.bot.service.game(game_id)).seat_of(table.bob.id)
    assert {m.made_by for m in stored if m.seat == bob_seat} >= {"timeout", "open_seat"}

    away = (await table.bob.slash(table.channel, "game since")).response.content
    assert away.startswith("Since the start:")
    assert "(played for you when your time ran out)" in away
    assert "(played for you by the AI while your seat was open)" in away

    await env.advance_time(HOUR)
    before_sitting = len(await env.bot.store.moves(game_id))
    await table.carol.slash(table.channel, "game sit")  # carol sits down in bob's open seat
    sat = (await table.carol.slash(table.channel, "game since")).response.content
    assert sat == "Nothing has happened since you sat down."
    await play(env, table, game_id, table.alice, 4)
    await play(env, table, game_id, table.carol, 4)
    await play(env, table, game_id, table.alice, 4)
    digest = (await table.carol.slash(table.channel, "game since")).response.content
    first_of_carol = next(n for n, m in enumerate(await env.bot.store.moves(game_id), 1)
                          if m.user_id == table.carol.id)
    numbers = [int(entry.split(".")[0]) for entry in digest.splitlines()[1:] if entry[:1].isdigit()]
    assert digest.startswith(("Since your move", "Since you sat down")) and min(numbers) >= first_of_carol

    pages = []
    for page in range(1, 6):
        pages.append((await table.alice.slash(table.channel, "game log", page=page)).response.content)
    log = "\n".join(pages)
    assert "(played for them when their time ran out)" in log
    assert "(played by the AI while the seat was open)" in log
    assert "(carol took over bob's seat)" in log
    took_over = next(line for line in log.splitlines() if "took over" in line)
    assert took_over.startswith(f"{first_of_carol}. **carol**")
    timeout = next(int(line.split(".")[0]) for line in log.splitlines() if "their time ran out" in line)
    past = (await table.alice.slash(table.channel, "game board", move=timeout)).response.content
    assert "**bob**" in past and "(played for them when their time ran out)" in past

    record = json.loads((await env.bot.service.export(table.channel.id)).file.data)
    assert read_record(encode(record)) == record
    made = {m["made_by"] for m in record["moves"] if m["seat"] == bob_seat}
    assert made >= {"timeout", "open_seat", "player"}
    [change] = record["seat_changes"]
    assert change == {"after_move": before_sitting, "seat": bob_seat, "from": "bob", "to": "carol", "open": True}
