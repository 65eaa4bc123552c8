"""``/game undo`` and ``/game since`` in the table service, over whole games of every game.

    python bench/undo.py [--games mor,lim,opera] [--players 4] [--seed 5]
    python bench/undo.py --quick      # 20 moves of one 2-player game: the bench still runs (CI)

The table service on a temporary SQLite file (no Discord, no images) plays whole 4-player games
with moves chosen at random. After every move the engine allows to be taken back, the mover's
undo is timed (it replays the game from its seed to judge the move, then writes one transaction),
and the move is played again; every tenth move, the catch-up digest of the next player is timed
(it replays the whole log as it happened). Goal: p95 <= 150 ms each (a move's p99 goal), at the
end of the longest games too; the load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bot.table import Person, TableService  # noqa: E402
from db import Store  # noqa: E402
from stats import percentile  # noqa: E402

GOAL_P95_MS = 150.0
CHANNEL, GUILD = 10, 1


async def play_one_game(key: str, players: int, seed: int,
                        most: int | None = None) -> tuple[list[float], list[float], int]:
    """Undo and digest times (ms) over one whole game (or its first ``most`` moves), and its number of moves."""
    chooser = random.Random(seed)
    people = [Person(100 + n, f"P{n}") for n in range(players)]
    with tempfile.TemporaryDirectory() as workdir:
        store = await Store.open(Path(workdir) / "bench.db")
        try:
            service = TableService(store, seed_source=lambda: seed, renderer=None)
            await service.new_game(GUILD, CHANNEL, people[0], key, players)
            for person in people[1:]:
                await service.join(CHANNEL, person)
            await service.start(CHANNEL, people[0])
            game_id = (await service.table(CHANNEL)).row.id
            undos, digests, moves = [], [], 0
            while True:
                table = await service.game(game_id)
                game, state = table.game, table.state
                if game.result(state) is not None or moves == most:
                    return undos, digests, moves
                seat = chooser.choice(sorted(game.actors(state)))
                person = next(p for p in people if p.id == table.user_of(seat))
                action = chooser.choice(game.legal_actions(state, seat))
                after, _ = game.apply(state, seat, action)
                text = game.notation(action)
                await service.act(CHANNEL, person, text)
                moves += 1
                followed = any(game.automatic(after, other) is not None for other in game.actors(after))
                if not followed and game.undo_refusal(state, after, seat, action) is None:
                    started = time.perf_counter()
                    await service.undo(CHANNEL, person)
                    undos.append((time.perf_counter() - started) * 1000)
                    await service.act(CHANNEL, person, text)
                if moves % 10 == 0:
                    reader = people[(seat + 1) % players]
                    started = time.perf_counter()
                    await service.since(CHANNEL, reader)
                    digests.append((time.perf_counter() - started) * 1000)
        finally:
            await store.close()


def report(name: str, samples: list[float]) -> str:
    p50, p95, top = percentile(samples, 0.5), percentile(samples, 0.95), max(samples)
    verdict = "meets" if p95 <= GOAL_P95_MS else "MISSES"
    return (f"  {name:7} n={len(samples):4}  p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  max {top:6.1f} ms"
            f"  (goal p95 <= {GOAL_P95_MS:.0f} ms: {verdict})")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(games.keys()))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 20 moves of Masters, 2 players")
    args = parser.parse_args()
    most = None
    if args.quick:
        args.games, args.players, most = "mor", 2, 20
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for key in args.games.split(","):
        undos, digests, moves = await play_one_game(key, args.players, args.seed, most)
        print(f"{key}: one {args.players}-player game, {moves} moves")
        print(report("undo", undos))
        print(report("since", digests))


if __name__ == "__main__":
    asyncio.run(main())
