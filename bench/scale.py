"""Moves per second and move latency with 10,000 live games: SQLite in one process, PostgreSQL with
1, 2 and 4 bot processes, images off and on.

    python bench/scale.py                                  # 10,000 games, 20 s per setup
    python bench/scale.py --games 2000 --seconds 8 --setups pg-1,pg-2 --images off
    python bench/scale.py --quick       # 50 games, SQLite and PostgreSQL, 1 s each: the bench still runs (CI)

Each bot process drives the real :class:`bot.table.TableService` on its own shards' games (guilds
spread over the shards by Discord's rule), with ``--tables`` players acting at once: pick a game,
read the table, play a random legal move with ``TableService.act`` (load, apply, record under the
version guard, reminders, and with images on, the public board drawn and encoded). The latency is
that one ``act`` call; the CPU time a bot process spends per move (``cpu ms``) is printed beside
it, a figure that other work on the machine disturbs much less. PostgreSQL runs as a throwaway server with its durable defaults (fsync and
synchronous commit on), like SQLite with ``synchronous = FULL``.

Goal (docs/operator.md): PostgreSQL with 2 processes reaches at least 1.6 times the moves per
second of 1 process on a 2-core machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from stats import percentile

import games
from bot.drawing import ThreadRenderer
from bot.table import Person, TableError, TableService
from db import PostgresStore, Shards, open_store
from db.copy import TABLES
from db.rows import snapshot_checksum, to_db_time
from games.core import IllegalAction

GOAL_RATIO = 1.6
GAME_KEY = "mor"
PLAYERS = [Person(100, "Ada"), Person(101, "Bea")]
SHARDS = 16
"""Guilds are spread over this many shards; a process of ``n`` serves an equal share of them."""
SEEDS = 16
"""Distinct deals among the games (setting a game up is the slow part of filling the database)."""
CHANNEL_BASE = 10_000_000


def game_rows(count: int) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """Rows of ``count`` started two-player games: games, seats and start snapshots."""
    engine = games.get(GAME_KEY)
    options = engine.normalize_options({})
    deals = [engine.dumps(engine.setup(len(PLAYERS), seed, options)) for seed in range(SEEDS)]
    stamp = to_db_time(datetime.now(UTC))
    options_text = json.dumps(options, sort_keys=True)
    rows_games, rows_seats, rows_snapshots = [], [], []
    for number in range(1, count + 1):
        seed = number % SEEDS
        guild = (number % SHARDS) << 22
        # id, guild, channel, game, options, seed, players, status, version, host, reminder interval,
        # created, updated, last move, board message, board link (COLUMNS["games"])
        rows_games.append((number, guild, CHANNEL_BASE + number, GAME_KEY, options_text, seed, len(PLAYERS),
                           "active", 1, PLAYERS[0].id, 86400, stamp, stamp, None, None, None))
        rows_seats += [
            (number, seat, person.id, person.name, 0, stamp) for seat, person in enumerate(PLAYERS)
        ]
        rows_snapshots.append((number, 0, deals[seed], stamp, snapshot_checksum(deals[seed])))
    return rows_games, rows_seats, rows_snapshots


COLUMNS = {
    "games": TABLES["games"][:16],
    "seats": ("game_id", "seat", "user_id", "display_name", "is_bot", "joined_at"),
    "snapshots": TABLES["snapshots"],
}
"""The columns :func:`game_rows` fills (the others keep their defaults)."""


async def fill(target: str, count: int) -> None:
    """A new database at ``target`` with ``count`` live games, written in bulk."""
    await (await open_store(target)).close()  # the schema, by the store's own migrations
    tables = dict(zip(COLUMNS, game_rows(count)))
    if isinstance(target, str) and target.startswith("postgresql://"):
        store = await PostgresStore.open(target)
        async with store._transaction() as db:
            for table, rows in tables.items():
                await db.connection.copy_records_to_table(table, records=rows, columns=COLUMNS[table])
            await db.run("SELECT setval(pg_get_serial_sequence('games', 'id'), ?)", (count + 1,))
        await store.close()
        return
    connection = sqlite3.connect(target)
    with connection:
        for table, rows in tables.items():
            marks = ", ".join("?" for _ in COLUMNS[table])
            connection.executemany(
                f"INSERT INTO {table} ({', '.join(COLUMNS[table])}) VALUES ({marks})", rows
            )
    connection.close()


async def play(
    target: str, shards: Shards, seconds: float, tables: int, images: bool, start_at: float, seed: int
) -> dict:
    """One bot process: ``tables`` players acting at once on this process's games for ``seconds``."""
    store = await open_store(target, shards=shards)
    renderer = ThreadRenderer() if images else None
    service = TableService(store, renderer=renderer)
    own = [game.channel_id for game in await store.active_games() if shards.owns(game.guild_id)]
    chooser = random.Random(seed)
    latencies: list[float] = []
    refused = 0
    await asyncio.sleep(max(0.0, start_at - time.time()))
    deadline = time.perf_counter() + seconds
    cpu = time.process_time()

    async def player() -> None:
        nonlocal refused
        while time.perf_counter() < deadline:
            channel = chooser.choice(own)
            table = await service.table(channel)
            seat = chooser.choice(sorted(table.game.actors(table.state)))
            text = chooser.choice(table.legal(seat))
            person = PLAYERS[seat]
            started = time.perf_counter()
            try:
                await service.act(channel, person, text, expected_version=table.row.version)
            except (TableError, IllegalAction):
                refused += 1
                continue
            latencies.append(time.perf_counter() - started)

    try:
        await asyncio.gather(*(player() for _ in range(tables)))
        cpu = time.process_time() - cpu
    finally:
        if renderer is not None:
            renderer.close()
        await store.close()
    return {"latencies": latencies, "refused": refused, "seconds": seconds, "cpu": cpu}


def run_setup(target: str, processes: int, args: argparse.Namespace, images: bool) -> dict:
    start_at = time.time() + 4 + processes
    owned = [[shard for shard in range(SHARDS) if shard % processes == index] for index in range(processes)]
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--worker",
                target,
                "--shard-ids",
                ",".join(map(str, shards)),
                "--seconds",
                str(args.seconds),
                "--tables",
                str(args.tables),
                "--images",
                "on" if images else "off",
                "--start-at",
                str(start_at),
                "--seed",
                str(index),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        for index, shards in enumerate(owned)
    ]
    results = []
    for worker in workers:
        out, _ = worker.communicate()
        if worker.returncode != 0:
            raise RuntimeError(f"a worker failed ({worker.returncode})")
        results.append(json.loads(out.splitlines()[-1]))
    latencies = [latency for result in results for latency in result["latencies"]]
    return {
        "moves": len(latencies),
        "per_second": len(latencies) / args.seconds,
        "p50": percentile(latencies, 0.5) * 1000,
        "p99": percentile(latencies, 0.99) * 1000,
        "refused": sum(result["refused"] for result in results),
        "cpu_ms": sum(result["cpu"] for result in results) * 1000 / max(1, len(latencies)),
    }


async def new_target(kind: str, workdir: Path, server, count: int) -> str:
    if kind == "sqlite":
        target = str(workdir / f"scale-{time.monotonic_ns()}.db")
    else:
        target = await server.new_database()
    await fill(target, count)
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--tables", type=int, default=8, help="players acting at once in each process")
    parser.add_argument("--setups", default="sqlite-1,pg-1,pg-2,pg-4")
    parser.add_argument("--images", default="off,on", help="off, on, or off,on")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--shard-ids", help=argparse.SUPPRESS)
    parser.add_argument("--start-at", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 50 games, sqlite-1 and pg-1, 1 s each")
    args = parser.parse_args()
    if args.quick:
        args.games, args.seconds, args.images = 50, 1.0, "off"
        if args.setups == parser.get_default("setups"):
            args.setups = "sqlite-1,pg-1"
    if args.worker:
        shards = Shards(SHARDS, frozenset(int(shard) for shard in args.shard_ids.split(",")))
        result = asyncio.run(
            play(
                args.worker, shards, args.seconds, args.tables, args.images == "on", args.start_at, args.seed
            )
        )
        print(json.dumps(result))
        return 0

    from tests.pg.server import PostgresServer

    setups = [(name.split("-")[0], int(name.split("-")[1])) for name in args.setups.split(",")]
    server = PostgresServer(settings=()).start() if any(kind == "pg" for kind, _ in setups) else None
    figures: dict[tuple[str, int, bool], dict] = {}
    print(
        f"{args.games} live games of {GAME_KEY}, {args.tables} players acting at once per process, "
        f"{args.seconds:.0f} s per setup; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"{'setup':<23} {'images':<7} {'moves/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'cpu ms':>7} {'moves':>7}"
        f" {'refused':>8}"
    )
    try:
        with tempfile.TemporaryDirectory() as workdir:
            for images in [part == "on" for part in args.images.split(",")]:
                for kind, processes in setups:
                    target = asyncio.run(new_target(kind, Path(workdir), server, args.games))
                    figure = run_setup(target, processes, args, images)
                    figures[(kind, processes, images)] = figure
                    database = "SQLite" if kind == "sqlite" else "PostgreSQL"
                    name = f"{database}, {processes} process{'es' * (processes > 1)}"
                    print(
                        f"{name:<23} {'on' if images else 'off':<7} {figure['per_second']:>8.1f} "
                        f"{figure['p50']:>8.1f} {figure['p99']:>8.1f} {figure['cpu_ms']:>7.1f} "
                        f"{figure['moves']:>7} {figure['refused']:>8}",
                        flush=True,
                    )
    finally:
        if server is not None:
            server.stop()
    print(
        f"load average at the end: {os.getloadavg()[0]:.1f} "
        "(other work on the machine slows the larger setups most)"
    )
    for images in (False, True):
        one, two = figures.get(("pg", 1, images)), figures.get(("pg", 2, images))
        if one and two:
            print(
                f"PostgreSQL 2 processes / 1 process, images {'on' if images else 'off'}: "
                f"{two['per_second'] / one['per_second']:.2f}x (goal: >= {GOAL_RATIO}x)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
