"""A move through the Discord harness until its board is shown, for every game.

    python bench/move.py [--games mor,lim,opera] [--players 4] [--seed 5] [--renderer pool|thread]
    python bench/move.py --quick      # a few moves of one game: the bench still runs (CI)

The real bot (discord.py against simcord's in-memory Discord, the real store on a temporary
SQLite file, the real renderer) plays whole 4-player games: a player's ``/<game> move`` is
timed from the command until the turn message shows the new board with its image, whether the
bot posts a new message or edits the turn's message (a step that continues a turn edits it);
that is what the player waits for. The moves are chosen at random among the seat's legal moves
(the choice is not timed); a simultaneous decision is answered by each seat in turn. Goal
(issue: speed): p50 <= 60 ms and p99 <= 150 ms wall time on a quiet machine; the load average is
printed beside the figures.
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "discord"))

import simcord  # noqa: E402
from bottega_harness import meant  # noqa: E402

import games  # noqa: E402
from bot.bot import create_bot  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.drawing import ThreadRenderer  # noqa: E402
from bot.table import Person  # noqa: E402
from stats import percentile  # noqa: E402
from taps import open_table  # noqa: E402

GOAL_P50_MS, GOAL_P99_MS = 60.0, 150.0


def make_renderer(kind: str):
    if kind == "thread":
        return ThreadRenderer()
    from rendering.pool import RenderPool

    return RenderPool(workers=2)


def watch_boards(bot, channel_id: int) -> list[float]:
    """The times (``perf_counter``) at which the bot posts or edits a message with an image in
    the channel, as they come: the calls to Discord's HTTP API that show a board."""
    shown: list[float] = []
    for name in ("send_message", "edit_message"):
        real = getattr(bot.http, name)

        async def timed(target, *args, _real=real, **kwargs):
            payload = await _real(target, *args, **kwargs)
            if int(target) == channel_id and payload.get("attachments"):
                shown.append(time.perf_counter())
            return payload

        setattr(bot.http, name, timed)
    return shown


async def play_one_game(key: str, players: int, seed: int, renderer_kind: str,
                        moves: int | None = None) -> list[float]:
    """Times (ms) of every move of one game (or of its first ``moves``) played through the Discord harness."""
    chooser = random.Random(seed)
    with tempfile.TemporaryDirectory() as workdir:
        config = Config(token=None, database_path=Path(workdir) / "bench.db", dev_guild_id=None)
        bot = create_bot(config, renderer=make_renderer(renderer_kind), seed_source=lambda: seed)
        env = simcord.Env(bot, settle_timeout=120.0)  # a busy machine may take seconds to draw a board
        await env.start()
        try:
            channel, members = await open_table(env, key, players)
            timings = []
            service = bot.service
            boards = watch_boards(bot, channel.id)
            while moves is None or len(timings) < moves:
                table = await service.table(channel.id)
                if table.game.result(table.state) is not None:
                    break
                seat = chooser.choice(sorted(table.game.actors(table.state)))
                member = next(m for m in members if m.id == table.user_of(seat))
                legal = await service.legal(channel.id, Person(member.id, member.name))
                text = chooser.choice(legal)
                boards.clear()
                started = time.perf_counter()
                said = await member.slash(channel, f"{key} move", notation=text)
                if not boards:  # the bot asked first (a second thought): the player waits from Confirm
                    started = time.perf_counter()
                    await meant(member, said)
                if not boards:
                    raise RuntimeError(f"no board was posted or edited after {text!r}")
                timings.append((boards[0] - started) * 1000)
                if await service.store.active_game(channel.id) is None:
                    break
            return timings
        finally:
            await env.shutdown()
            if bot.store is not None:
                await bot.store.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(games.keys()))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--renderer", choices=("pool", "thread"), default="pool")
    parser.add_argument("--moves", type=int, help="time only the first moves of each game")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 6 moves of Masters, 2 players")
    args = parser.parse_args()
    if args.quick:
        args.games, args.players, args.moves, args.renderer = "mor", 2, 6, "thread"
    print(f"load average at start: {os.getloadavg()[0]:.1f} (the goal is for a quiet machine)")
    print(f"{'game':8} {'moves':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}   goal p50 <= {GOAL_P50_MS:g}, "
          f"p99 <= {GOAL_P99_MS:g}")
    for key in args.games.split(","):
        timings = asyncio.run(play_one_game(key, args.players, args.seed, args.renderer, args.moves))
        p50, p99 = percentile(timings, 0.5), percentile(timings, 0.99)
        print(f"{key:8} {len(timings):6d} {p50:8.1f} {p99:8.1f} {max(timings):8.1f}   "
              f"ratio to goal: p50 {p50 / GOAL_P50_MS:.2f}, p99 {p99 / GOAL_P99_MS:.2f}")
    print(f"load average at end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
