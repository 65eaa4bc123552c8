"""The people of the reliability tests, and real games to play through a table service (its clock is
:class:`tests.support.table.FakeClock`)."""

from __future__ import annotations

import random

from bot.presentation import DiscordMarkup, text
from bot.table import Person, TableService

GUILD = 1
PEOPLE = [Person(100 + i, name) for i, name in enumerate(["Ada", "Bruno", "Chiara", "Dario"])]


def discord_text(lines) -> str:
    return text(DiscordMarkup(), lines)


async def open_table(service: TableService, channel: int, key: str, players: int, options=None):
    await service.new_game(GUILD, channel, PEOPLE[0], key, players, options)
    for person in PEOPLE[1:players]:
        await service.join(channel, person)
    return await service.start(channel, PEOPLE[0])


def person_of(table, seat: int) -> Person:
    user = table.user_of(seat)
    return next(p for p in PEOPLE if p.id == user)


async def random_move(service: TableService, channel: int, chooser: random.Random):
    """One random legal move of a seat that must act; returns (person, notation, reply)."""
    table = await service.table(channel)
    seat = chooser.choice(sorted(table.game.actors(table.state)))
    person = person_of(table, seat)
    notation = chooser.choice(table.legal(seat))
    reply = await service.act(channel, person, notation, expected_version=table.row.version)
    return person, notation, reply
