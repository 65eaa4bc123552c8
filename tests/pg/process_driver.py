"""One bot-like process for the multi-process tests: the real table service on a shared database.

    python -m tests.pg.process_driver moves  URL CHANNEL ATTEMPTS START_AT INDEX
    python -m tests.pg.process_driver join   URL CHANNEL USER_ID START_AT
    python -m tests.pg.process_driver timers URL SHARD_COUNT SHARD_IDS NOW START_AT

Each waits until the wall-clock time START_AT (so that all of them act at once), then prints one
line per outcome on stdout: ``ack VERSION INTERACTION`` for a move the service acknowledged,
``joined``/``refused`` for a seat, ``remind GAME_ID USER_ID...`` for a reminder to post. The
tests add the lines of every process up and compare them with the database.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from datetime import datetime

from bot.table import Person, TableError, TableService
from db import AlreadySeated, Shards, StoreError, TableFull, open_store
from games.core import IllegalAction

PEOPLE = [Person(100 + i, f"player{i}") for i in range(4)]


def wait_until(start_at: float) -> None:
    time.sleep(max(0.0, start_at - time.time()))


async def race_moves(url: str, channel: int, attempts: int, start_at: float, index: int) -> None:
    chooser = random.Random(index)
    store = await open_store(url)
    service = TableService(store, renderer=None)
    wait_until(start_at)
    try:
        for attempt in range(attempts):
            table = await service.table(channel)
            seat = chooser.choice(sorted(table.game.actors(table.state)))
            text = chooser.choice(table.legal(seat))
            person = next(p for p in PEOPLE if p.id == table.user_of(seat))
            interaction = (index + 1) * 1_000_000 + attempt
            try:
                reply = await service.act(
                    channel, person, text, interaction_id=interaction, expected_version=table.row.version
                )
            except (TableError, IllegalAction):
                # The service reads a table's row and its state in two calls: when another process
                # moves in between, the refusal may read "not your turn" instead of "moved on".
                print("refused", flush=True)
                continue
            print(f"ack {reply.version} {interaction}", flush=True)
    finally:
        await store.close()


async def join_last_seat(url: str, channel: int, user_id: int, start_at: float) -> None:
    store = await open_store(url)
    service = TableService(store, renderer=None)
    wait_until(start_at)
    try:
        await service.join(channel, Person(user_id, f"user{user_id}"))
    except (TableError, TableFull, AlreadySeated) as refusal:
        print(f"refused {type(refusal).__name__}", flush=True)
    else:
        print("joined", flush=True)
    finally:
        await store.close()


async def fire_timers(url: str, shards: Shards, now: datetime, start_at: float) -> None:
    store = await open_store(url, shards=shards)
    service = TableService(store, renderer=None, clock=lambda: now)
    wait_until(start_at)
    try:
        for _ in range(3):  # later passes find nothing left to claim
            for reminder in await service.due_reminders():
                print(f"remind {reminder.game_id} {' '.join(map(str, reminder.user_ids))}", flush=True)
    except StoreError as error:
        print(f"error {error}", flush=True)
    finally:
        await store.close()


def main(argv: list[str]) -> None:
    mode, url, *rest = argv
    if mode == "moves":
        channel, attempts, start_at, index = int(rest[0]), int(rest[1]), float(rest[2]), int(rest[3])
        asyncio.run(race_moves(url, channel, attempts, start_at, index))
    elif mode == "join":
        asyncio.run(join_last_seat(url, int(rest[0]), int(rest[1]), float(rest[2])))
    elif mode == "timers":
        shards = Shards(int(rest[0]), frozenset(int(shard) for shard in rest[1].split(",")))
        asyncio.run(fire_timers(url, shards, datetime.fromisoformat(rest[2]), float(rest[3])))
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
