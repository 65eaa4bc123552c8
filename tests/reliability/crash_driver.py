"""A bot-like process that plays random legal moves on a file database until it is killed.

``python -m tests.reliability.crash_driver DB ACKS SEED [LANE]`` keeps a few tables of every game going
through the real table service and store (no images), and appends one line to ``ACKS`` for every
move the service acknowledged, *after* the service returned, flushed and fsynced: exactly what a
player sees as "my move went through". The crash-safety test and ``bench/reliability.py`` kill it
with SIGKILL at random moments and then check the database against that file. DB is an SQLite
file or a PostgreSQL URL; drivers sharing a PostgreSQL database each take their own LANE of tables.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from pathlib import Path

import games
from bot.table import Person, TableError, TableService
from db import open_store

GUILD = 1
CHANNELS = (11, 12, 13)
GAME_OF_CHANNEL = {11: ("mor", 2), 12: ("lim", 3), 13: ("opera", 2)}
PEOPLE = [Person(100 + i, f"player{i}") for i in range(4)]


def interaction_for(game_id: int, version: int) -> int:
    """One interaction id per (game, version): a move retried on the same board is one move."""
    return game_id * 1_000_000 + version


async def ensure_table(service: TableService, channel: int, game: tuple[str, int]) -> None:
    if await service.store.active_game(channel) is not None:
        table = await service.table(channel)
        if table.state is not None:
            return
        await service.abandon(channel, PEOPLE[0])
    key, players = game
    await service.new_game(GUILD, channel, PEOPLE[0], key, players)
    for person in PEOPLE[1:players]:
        await service.join(channel, person)
    await service.start(channel, PEOPLE[0])


async def play_forever(db_path: Path | str, ack_path: Path, seed: int, lane: int) -> None:
    chooser = random.Random(seed)
    store = await open_store(db_path)
    service = TableService(store, renderer=None, seed_source=lambda: chooser.getrandbits(62))
    acks = open(ack_path, "a", encoding="utf-8")
    while True:
        base = chooser.choice(CHANNELS)
        channel = base + 10 * lane
        await ensure_table(service, channel, GAME_OF_CHANNEL[base])
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
    database = argv[0] if argv[0].startswith("postgresql://") else Path(argv[0])
    asyncio.run(play_forever(database, Path(argv[1]), int(argv[2]), int(argv[3]) if len(argv) > 3 else 0))


if __name__ == "__main__":
    assert games.keys()
    main(sys.argv[1:])
