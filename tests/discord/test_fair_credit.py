"""Credit goes to the people who played, through Discord on the simulated clock: a player whose
seat was opened after timeouts is rated as having left (last place, no points); a member who sat
down late is rated with the seat only when they made at least half of its moves. The ratings are
checked against openskill run directly."""

from __future__ import annotations

import pytest
from bottega_harness import text_of
from openskill.models import PlackettLuce
from turn_clocks import config, patient  # noqa: F401 (the fixtures of turn-time tests)

HOUR = 3600
CHECK = 3600
MODEL = PlackettLuce()


async def test_a_leaver_is_rated_last_and_a_late_sitter_who_played_half_the_seat_is_rated_with_it(table, env):
    board = await table.open(3)
    await table.alice.slash(table.channel, "game settings", strike_limit=1)
    game_id = (await env.bot.service.table(table.channel.id)).row.id
    await table.actor(board).slash(table.channel, "duel move", notation="add 1")
    await table.actor().slash(table.channel, "duel move", notation="add 1")
    assert table.actor() == table.carol
    await env.advance_time(72 * HOUR + CHECK)  # carol's time runs out: one strike opens her seat
    assert "**carol**'s seat is open" in text_of(table.last())
    await table.manager.slash(table.channel, "game sit")  # mona sits down in it
    while "Game over." not in text_of(table.last()):
        await table.actor().slash(table.channel, "duel move", notation="add 1")
    finished = await env.bot.service.game(game_id)
    moves = [m for m in await env.bot.store.moves(game_id) if m.seat == 2]
    assert [m.made_by for m in moves][0] == "timeout" and 2 * sum(m.user_id == table.manager.id for m in moves) >= len(moves)
    result = finished.game.result(finished.state)
    place = {seat: rank + 1 for rank, group in enumerate(result["ranking"]) for seat in group}
    # openskill, directly: alice, bob and mona with their seats' places, carol after everyone.
    people = [table.alice.id, table.bob.id, table.manager.id, table.carol.id]
    places = [place[0], place[1], place[2], max(place.values()) + 1]
    rated = MODEL.rate([[MODEL.rating()] for _ in people], ranks=places)
    stored = {row.user_id: row for row in await env.bot.store.ratings(table.guild.id, game_key="duel")}
    assert set(stored) == set(people)  # the AI that played the open seat meanwhile is not rated
    for person, team in zip(people, rated, strict=True):
        assert stored[person].rating.mu == pytest.approx(team[0].mu, abs=1e-9)
        assert stored[person].rating.sigma == pytest.approx(team[0].sigma, abs=1e-9)
    assert (stored[table.carol.id].rating.games, stored[table.carol.id].rating.wins,
            stored[table.carol.id].rating.points) == (1, 0, 0)
    assert stored[table.carol.id].rating.shown < min(stored[p].rating.shown for p in people[:3])


async def test_a_late_sitter_who_played_less_than_half_the_seat_is_not_rated(table, env):
    board = await table.open(2)
    await table.alice.slash(table.channel, "game settings", strike_limit=1)
    game_id = (await env.bot.service.table(table.channel.id)).row.id
    await table.actor(board).slash(table.channel, "duel move", notation="add 1")
    late = table.actor()
    await env.advance_time(72 * HOUR + CHECK)  # the seat opens; the AI plays it until someone sits
    others = [m for m in (table.alice, table.bob) if m != late]
    for _ in range(2):
        if "Game over." in text_of(table.last()):
            break
        await others[0].slash(table.channel, "duel move", notation="add 1")
        await env.settle()
    if "Game over." not in text_of(table.last()):
        await table.manager.slash(table.channel, "game sit")
        while "Game over." not in text_of(table.last()):
            await table.actor().slash(table.channel, "duel move", notation="add 1")
    moves = [m for m in await env.bot.store.moves(game_id) if m.seat == (late == table.bob)]
    assert 0 < 2 * sum(m.user_id == table.manager.id for m in moves) < len(moves)
    stored = {row.user_id for row in await env.bot.store.ratings(table.guild.id, game_key="duel")}
    assert table.manager.id not in stored and {others[0].id, late.id} <= stored
