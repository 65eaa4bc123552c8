"""Server-side time of one whole Masters of Renaissance move on a late-game 4-player board.

    python bench/mor_move.py [--moves 120] [--seed 5]

Drives the real :class:`bot.table.TableService` on a temporary SQLite database, as the Discord
layer does but without Discord's network: each timed call is ``TableService.act`` (load the game
from its snapshot and the moves since, parse and apply the move, store it under the version
guard, update the reminders, render the public board and encode the PNG). Games are played
with a policy that buys and produces before it takes from the market, until the board is late
(every player owns 4 cards or more, or someone's faith is 12 or more); then every further move is
timed, over as many games (new tables, new seeds) as needed. The second line adds what the
``/mor`` cog does on top for the same move (the state behind the board's menu buttons and the
mover's private follow-up). Budget: p50 <= 150 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stats import percentile

from bot.drawing import ThreadRenderer
from bot.table import Person, TableService
from db import Store

BUDGET_P50_MS = 150
PLAYERS = [Person(100 + i, name) for i, name in enumerate(["Ada", "Bea", "Cy", "Dot"])]
GUILD = 1


@dataclass
class Samples:
    act: list[float]
    whole: list[float]


Services = tuple[TableService, TableService]


def choose(legal: list[str], rng: random.Random) -> str:
    """Buy, then produce, then the market; place by default; end once the main action is done."""
    for head in ("buy", "produce", "place", "end"):
        picks = [n for n in legal if n.split()[0] == head]
        if picks:
            return rng.choice(picks) if head != "place" else picks[0]
    keeps = [n for n in legal if not n.startswith("leader discard")]
    return rng.choice(keeps or legal)


def late(state: dict) -> bool:
    seats = state["seats"]
    return all(sum(len(s) for s in p["slots"]) >= 4 for p in seats) or max(p["faith"] for p in seats) >= 12


async def play_game(services: Services, channel: int, seed: int, wanted: int, samples: Samples) -> None:
    """One table: untimed moves (no images) up to a late board, then timed moves with images."""
    rng = random.Random(seed)
    quick, service = services
    await quick.new_game(GUILD, channel, PLAYERS[0], "mor", 4)
    for person in PLAYERS[1:]:
        await quick.join(channel, person)
    await quick.start(channel, PLAYERS[0])
    timing = False
    while len(samples.act) < wanted:
        table = await service.table(channel)
        if table.state is None or table.game.result(table.state) is not None:
            return
        timing = timing or late(table.state)
        seat = min(table.game.actors(table.state))
        person = PLAYERS[[p.id for p in PLAYERS].index(table.user_of(seat))]
        move = choose(await service.legal(channel, person), rng)
        start = time.perf_counter()
        reply = await (service if timing else quick).act(channel, person, move)
        acted = time.perf_counter()
        if timing:
            await service.game(reply.game_id)  # the board menus of the public message
            await service.game(reply.game_id)  # the mover's private follow-up
            samples.act.append((acted - start) * 1000)
            samples.whole.append((time.perf_counter() - start) * 1000)


async def run(moves: int, seed: int) -> tuple[Samples, int]:
    samples = Samples([], [])
    games = 0
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        try:
            services = (TableService(store, seed_source=lambda: seed + games),
                        TableService(store, seed_source=lambda: seed + games, renderer=ThreadRenderer()))
            while len(samples.act) < moves:
                games += 1
                await play_game(services, 1000 + games, seed + games, moves, samples)
        finally:
            await store.close()
    return samples, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=120, help="how many late-game moves to time")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    samples, games = asyncio.run(run(args.moves, args.seed))
    print(f"late-game 4-player moves: {len(samples.act)} moves from {games} game(s)")
    for label, values in (("TableService.act (load+apply+store+render+encode)", samples.act),
                          ("act + the /mor board menus and follow-up state", samples.whole)):
        print(f"{label:52} p50 {percentile(values, 0.50):6.1f} ms   p99 {percentile(values, 0.99):6.1f} ms   "
              f"mean {statistics.fmean(values):6.1f} ms")
    p50 = percentile(samples.whole, 0.50)
    print(f"budget p50 <= {BUDGET_P50_MS} ms: {'met' if p50 <= BUDGET_P50_MS else 'NOT met'}")


if __name__ == "__main__":
    main()
