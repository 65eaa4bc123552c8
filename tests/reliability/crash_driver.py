"""A bot-like process that plays random legal moves on a file database until it is killed.

``python -m tests.reliability.crash_driver DB ACKS SEED`` keeps a few tables of every game going
through the real table service and store (no images), and appends one line to ``ACKS`` for every
move the service acknowledged, *after* the service returned, flushed and fsynced: exactly what a
player sees as "my move went through". The crash-safety test and ``bench/reliability.py`` kill it
with SIGKILL at random moments and then check the database against that file.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from pathlib import Path

import games
from bot.table import Person, TableError, TableService
from db import Store

GUILD = 1
CHANNELS = (11, 12, 13)
GAME_OF_CHANNEL = {11: ("mor", 2), 12: ("lim", 3), 13: ("opera", 2)}
PEOPLE = [Person(100 + i, f"player{i}") for i in range(4)]


def interaction_for(game_id: int, version: int) -> int:
    """One interaction id per (game, version): a move retried on the same board is one move."""
    return game_id * 1_000_000 + version


async def ensure_table(service: TableService, channel: int, seed: int) -> None:
    if await service.store.active_game(channel) is not None:
        table = await service.table(channel)
        if table.state is not None:
            return
        await service.abandon(channel, PEOPLE[0])
    key, players = GAME_OF_CHANNEL[channel]
    await service.new_game(GUILD, channel, PEOPLE[0], key, players)
    for person in PEOPLE[1:players]:
        await service.join(channel, person)
    await service.start(channel, PEOPLE[0])


async def play_forever(db_path: Path, ack_path: Path, seed: int) -> None:
    chooser = random.Random(seed)
    store = await Store.open(db_path)
    service = TableService(store, renderer=None, seed_source=lambda: chooser.getrandbits(62))
    acks = open(ack_path, "a", encoding="utf-8")
    while True:
        channel = chooser.choice(CHANNELS)
        await ensure_table(service, channel, seed)
        table = await service.table(channel)
        seat = chooser.choice(sorted(table.game.actors(table.state)))
        text = chooser.choice(table.legal(seat))
        person = next(p for p in PEOPLE if p.id == table.user_of(seat))
        interaction = interaction_for(table.row.id, table.row.version)
        try:
            reply = await service.act(
                channel, person, text, interaction_id=interaction, expected_version=table.row.version
            )
        except TableError:
            continue
        acks.write(f"{table.row.id} {reply.version} {interaction} {text}\n")
        acks.flush()
        os.fsync(acks.fileno())


def main(argv: list[str]) -> None:
    db_path, ack_path, seed = Path(argv[0]), Path(argv[1]), int(argv[2])
    asyncio.run(play_forever(db_path, ack_path, seed))


if __name__ == "__main__":
    assert games.keys()
    main(sys.argv[1:])
