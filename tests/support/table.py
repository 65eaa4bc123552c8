"""What the table service's tests share: the people, the channel, a clock the test moves, and the
steps that open a table of the tiny race game (``tests/support/race.py``) and find who must act.
Their fixtures are in ``tests/table/conftest.py``."""

from __future__ import annotations

import asyncio
import random
from datetime import datetime, timedelta, timezone

from bot.presentation import DiscordMarkup, post
from bot.table import Person, TableService

ALICE, BOB, CAROL, MOD = Person(1, "alice"), Person(2, "bob"), Person(3, "carol"), Person(9, "mod", True)
GUILD, CHANNEL = 100, 200

PEOPLE = [Person(1 + n, f"{name}, who has a very long display name"[:32]) for n, name in enumerate(("Ada", "Bea", "Cy", "Di"))]
"""Four people whose names take Discord's 32 characters (the history's pages must still fit)."""
SEED = 7_306_918_264_113_579_245
"""Long enough that it cannot turn up by chance in a timestamp or a digest of an exported record."""


def said(reply):
    """A reply as Discord shows it."""
    return post(DiscordMarkup(), reply)


class FakeClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs) -> None:
        self.now += timedelta(**kwargs)


async def started(service, *people):
    await service.new_game(GUILD, CHANNEL, people[0], "race", len(people))
    for person in people[1:]:
        await service.join(CHANNEL, person)
    return await service.start(CHANNEL, people[0])


async def current(service):
    table = await service.table(CHANNEL)
    actor = table.user_of(next(iter(table.game.actors(table.state))))
    return table, {p.id: p for p in (ALICE, BOB, CAROL)}[actor]


async def actor(service) -> Person:
    """The person the table waits on."""
    table = await service.table(CHANNEL)
    return {p.id: p for p in (ALICE, BOB, CAROL)}[table.actor_users()[0]]


async def current_after_start(service):
    await started(service, ALICE, BOB)
    return await current(service)


def move_during_the_next_load(service, monkeypatch, person, notation) -> list[asyncio.Task]:
    """Make ``person``'s move arrive while the service next loads a game by id (a timer pass does);
    the returned list then holds the move's task."""
    real_load, moves = service.store.load_game, []

    async def load_while_a_move_arrives(game_id):
        loaded = await real_load(game_id)
        if not moves:
            moves.append(asyncio.create_task(service.act(CHANNEL, person, notation)))
            await asyncio.wait(moves, timeout=1)  # without the lock, the move completes here
        return loaded

    monkeypatch.setattr(service.store, "load_game", load_while_a_move_arrives)
    return moves


async def play_lorenzo(service: TableService, moves: int) -> None:
    """:data:`PEOPLE` play ``moves`` random legal moves of advanced Lorenzo."""
    assert all(len(person.name) == 32 for person in PEOPLE)
    await service.new_game(GUILD, CHANNEL, PEOPLE[0], "lim", 4, {"advanced": True})
    for person in PEOPLE[1:]:
        await service.join(CHANNEL, person)
    await service.start(CHANNEL, PEOPLE[0])
    rng = random.Random(5)
    for _ in range(moves):
        table = await service.table(CHANNEL)
        person = next(p for p in PEOPLE if p.id in table.actor_users())
        await service.act(CHANNEL, person, rng.choice(await service.legal(CHANNEL, person)))
