"""Races through the table service: double presses, a simultaneous decision answered by every
seat at once, and moves racing the reminder pass. Nothing is lost or applied twice."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.table import StaleAction, TableError, TableService
from db import Store
from tests.reliability.service_support import open_table, person_of, random_move
from tests.support.table import FakeClock

CHANNEL = 77


@pytest.fixture
async def clock():
    return FakeClock()


@pytest.fixture
async def service(tmp_path, clock):
    store = await Store.open(tmp_path / "races.db")
    yield TableService(store, clock=clock, seed_source=lambda: 4242, renderer=None)
    await store.close()


async def move_count(service: TableService, channel: int) -> int:
    """The moves players made: the ones the table then took by itself (``Game.automatic``) aside."""
    table = await service.table(channel)
    game = table.game
    state = game.setup(table.row.players, table.row.seed, table.row.options)
    count = 0
    for move in await service.store.moves(table.row.id):
        count += game.automatic(state, move.seat) is None
        state, _ = game.play(state, move.seat, move.notation)
    return count


@pytest.mark.parametrize("key,players", [("mor", 2), ("lim", 3), ("opera", 4)])
async def test_a_button_pressed_five_times_at_once_applies_once(service, key, players):
    await open_table(service, CHANNEL, key, players)
    chooser = random.Random(players)
    for _ in range(15):
        table = await service.table(CHANNEL)
        seat = min(table.game.actors(table.state))
        notation = chooser.choice(table.legal(seat))
        before = await move_count(service, CHANNEL)
        presses = [service.act(CHANNEL, person_of(table, seat), notation, interaction_id=None,
                               expected_version=table.row.version) for _ in range(5)]
        outcomes = await asyncio.gather(*presses, return_exceptions=True)
        applied = [o for o in outcomes if not isinstance(o, BaseException)]
        assert len(applied) == 1, outcomes
        assert all(isinstance(o, (StaleAction, TableError)) for o in outcomes if o not in applied)
        assert await move_count(service, CHANNEL) == before + 1


async def test_every_seat_answers_the_leader_draft_at_the_same_moment(service):
    """Issue: simultaneous decisions through buttons were refused as out of date; each seat's
    own draft pick on the same board applies (3-player advanced Lorenzo il Magnifico)."""
    await open_table(service, CHANNEL, "lim", 3, {"advanced": True})
    table = await service.table(CHANNEL)
    while table.state["phase"] != "draft":
        seat = min(table.game.actors(table.state))
        await service.act(CHANNEL, person_of(table, seat), table.legal(seat)[0])
        table = await service.table(CHANNEL)
    assert len(table.game.actors(table.state)) == 3
    before = await move_count(service, CHANNEL)
    picks = [service.act(CHANNEL, person_of(table, seat), table.legal(seat)[0], expected_version=table.row.version)
             for seat in sorted(table.game.actors(table.state))]
    outcomes = await asyncio.gather(*picks, return_exceptions=True)
    assert not [o for o in outcomes if isinstance(o, BaseException)], outcomes
    assert await move_count(service, CHANNEL) == before + 3


@pytest.mark.parametrize("trial", range(6))
async def test_moves_racing_the_reminder_pass_lose_nothing_and_remind_only_who_must_act(service, clock, trial):
    await open_table(service, CHANNEL, ("mor", "lim", "opera")[trial % 3], 2)
    chooser = random.Random(trial)
    for _ in range(8):
        await random_move(service, CHANNEL, chooser)
    clock.advance(days=2)
    before = await move_count(service, CHANNEL)
    table = await service.table(CHANNEL)
    seat = min(table.game.actors(table.state))
    mover = person_of(table, seat)
    race = [service.act(CHANNEL, mover, table.legal(seat)[0], expected_version=table.row.version),
            service.due_reminders()]
    if trial % 2:
        race.reverse()
    outcomes = await asyncio.gather(*race)
    reminders = outcomes[1] if trial % 2 == 0 else outcomes[0]
    assert await move_count(service, CHANNEL) == before + 1
    after = await service.table(CHANNEL)
    acting_now = {after.user_of(s) for s in after.game.actors(after.state)}
    acting_before = {table.user_of(s) for s in table.game.actors(table.state)}
    for reminder in reminders:  # whichever ran first, nobody is reminded of a turn that was not theirs
        assert set(reminder.user_ids) <= acting_before | acting_now
        assert reminder.user_ids
