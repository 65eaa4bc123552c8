"""Playing a move through the table service (no Discord): refusals change nothing, a stale or
double press applies once, and the stored game always reloads to the live state."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.table import StaleAction, TableError, TableService
from games.core import IllegalAction
from tests.support.table import ALICE, BOB, CAROL, CHANNEL, GUILD, current, current_after_start, said, started


async def test_refused_moves_change_nothing(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    waiting = BOB if actor is ALICE else ALICE
    before = table.game.dumps(table.state), table.row.version
    with pytest.raises(IllegalAction) as out_of_turn:
        await service.act(CHANNEL, waiting, "add 1")
    assert out_of_turn.value.rule == "CORE-TURN"
    with pytest.raises(IllegalAction) as malformed:
        await service.act(CHANNEL, actor, "jump 3")
    assert malformed.value.rule == "CORE-NOTATION" and "`add 1`" in malformed.value.message
    with pytest.raises(TableError, match="not playing"):
        await service.act(CHANNEL, CAROL, "add 1")
    table = await service.table(CHANNEL)
    assert (table.game.dumps(table.state), table.row.version) == before


async def test_stale_button_and_double_press_apply_once(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    version = table.row.version
    await service.act(CHANNEL, actor, "add 2", interaction_id=555, expected_version=version)
    with pytest.raises(StaleAction) as stale:
        await service.act(CHANNEL, actor, "add 2", interaction_id=556, expected_version=version)
    assert stale.value.current is not None and stale.value.current.version == version + 1
    table, actor = await current(service)
    with pytest.raises(TableError, match="already recorded"):
        await service.act(CHANNEL, actor, "add 1", interaction_id=555)
    assert (await service.table(CHANNEL)).row.version == version + 1


async def test_concurrent_moves_on_one_version_apply_once(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    version = table.row.version
    outcomes = await asyncio.gather(
        service.act(CHANNEL, actor, "add 1", expected_version=version),
        service.act(CHANNEL, actor, "add 2", expected_version=version),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert (await service.table(CHANNEL)).row.version == version + 1


async def test_reload_equals_live_state_through_a_whole_game(service):
    await started(service, ALICE, BOB, CAROL)
    for turn in range(40):
        table, actor = await current(service)
        reply = said(await service.act(CHANNEL, actor, "add 2" if turn % 3 else "add 1"))
        if "Game over" in reply.text:
            break
        fresh = await service.table(CHANNEL)
        replayed = fresh.game.replay(3, fresh.row.seed, fresh.row.options,
                                     [(m.seat, m.notation) for m in await service.store.moves(fresh.row.id)])
        assert fresh.game.dumps(replayed) == fresh.game.dumps(fresh.state)
    assert "Winner:" in reply.text and sorted(reply.mentions) == [ALICE.id, BOB.id, CAROL.id], "the end pings everyone"
    assert await service.store.active_game(CHANNEL) is None


def with_automatic_moves(game, state):
    """``state`` after the moves the table plays by itself (``Game.automatic``)."""
    while game.result(state) is None:
        owed = [(seat, action) for seat in sorted(game.actors(state))
                if (action := game.automatic(state, seat)) is not None]
        if not owed:
            return state
        state, _ = game.apply(state, *owed[0])
    return state


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
async def test_reload_equals_live_state_after_every_move_of_a_random_game(service, key):
    """Through the store: latest snapshot plus later moves always equals the engine's live state."""
    people = (ALICE, BOB)
    await service.new_game(GUILD, CHANNEL, ALICE, key, 2)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    chooser = random.Random(key)
    table = await service.table(CHANNEL)
    live, game = table.state, table.game
    for _ in range(60):  # more than two snapshot intervals
        seat = chooser.choice(sorted(game.actors(live)))
        action = chooser.choice(game.legal_actions(live, seat))
        person = next(p for p in people if p.id == table.user_of(seat))
        await service.act(CHANNEL, person, game.notation(action))
        live = with_automatic_moves(game, game.apply(live, seat, action)[0])
        if game.result(live) is not None:  # a finished game leaves the channel free
            assert await service.store.active_game(CHANNEL) is None
            break
        reloaded = (await service.table(CHANNEL)).state
        assert game.dumps(reloaded) == game.dumps(live)


async def test_refusals_name_the_players_instead_of_seat_placeholders(service, monkeypatch):
    """An engine's refusal may name seats as ``{p0}``; the player reads their names."""
    from tests.support.race import Race

    monkeypatch.setattr(Race, "waiting_message",
                        lambda self, state, seat: f"It is not your turn: waiting for {{p{state['turn']}}}.")
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    other = BOB if actor is ALICE else ALICE
    with pytest.raises(IllegalAction, match=f"^It is not your turn: waiting for {actor.name}.$") as refused:
        await service.act(CHANNEL, other, "add 1")
    assert refused.value.rule == "CORE-TURN"
    assert table.waiting_message(table.seat_of(other.id)) == f"It is not your turn: waiting for {actor.name}."


async def test_a_cached_state_is_served_only_at_its_version(service):
    """The state of each game is kept in memory by version: a change written by another service
    on the same store (a stale version here) is reloaded, never answered from memory."""
    table, actor = await current_after_start(service)
    other = TableService(service.store, clock=service.clock, renderer=None)
    await other.act(CHANNEL, actor, "add 2")
    fresh = await service.table(CHANNEL)
    assert fresh.row.version == table.row.version + 1
    assert fresh.state == (await other.table(CHANNEL)).state != table.state
