"""Drawing + PNG encoding time and size of every game's images, late in a game, for every
player count.

    python bench/render.py [--moves 60] [--games mor,lim,opera] [--pool 2] [--language ja]

For each game and player count it draws the public board of each of the last ``--moves``
positions of a game (consecutive moves, in order, as a table posts them) and the private image
of the seat to act, and prints p50/p99 of the CPU time (``time.process_time`` in the drawing
process, so other work on a busy machine does not count), the image sizes, and beside each
figure its goal and the ratio to it. The floor is Pillow encoding a blank image of the same
size with the same settings (``kit.encode_png``): what no drawing can go below.

Goals: public board p50 <= 30 ms, private image p50 <= 15 ms, longest side <= 1600 px.
The summary image of a finished game (``--summaries``, drawn ``--moves`` times per game and player
count): p99 <= 100 ms, well under the 0.2 s budget; its data (the game replayed and its public
views read once per move, in the bot's process) is printed beside it.
With ``--language ja`` (or ``ko``) every image is drawn as a table of that language shows it: its
words, the last move's sentence and the Japanese/Korean font (default English).
With ``--pool N`` it also draws every game's measured 4-player boards all at once through a
``RenderPool`` of N worker processes and through one drawing thread, and prints the boards per
second of each (wall time: this figure needs a quiet machine).
The positions before the measured ones are drawn first (untimed): the caches are as warm as
in a process that has been drawing this game.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image
from stats import percentile

import games
import rendering
from i18n import LANGUAGES, translate
from bot.table.results import summary
from games.core.playout import random_game
from rendering import kit
from rendering.pool import RenderPool
from rendering.summary import render_summary
from tests.rendering.late_games import NAMES, PLAYER_COUNTS, moves

SUMMARY_P99_MS = 100
PUBLIC_P50_MS = 30
PRIVATE_P50_MS = 15
LONGEST_SIDE_PX = kit.MAX_SIDE
SEED = 20
WARM_UP = 10


def cpu_ms(call, *args, **kwargs) -> tuple[float, bytes]:
    start = time.process_time()
    result = call(*args, **kwargs)
    return (time.process_time() - start) * 1000, result


def floor_ms(size: tuple[int, int], runs: int) -> float:
    blank = Image.new("RGB", size, kit.BACKGROUND)
    return percentile([cpu_ms(kit.encode_png, blank)[0] for _ in range(runs)], 0.5)


def positions_in(key: str, players: int, language: str) -> list[tuple[dict, str | None]]:
    """The running positions of the measured game, each with its last event line in ``language``."""
    game = games.get(key)
    return [(s, None if line is None else translate(line, language))
            for s, line in moves(key, players, SEED) if game.result(s) is None]


def measure(key: str, players: int, count: int, language: str) -> dict:
    game = games.get(key)
    positions = positions_in(key, players, language)
    measured = positions[-count:]
    names = NAMES[:players]
    for state, line in positions[-count - WARM_UP:-count]:
        rendering.render(key, game.view(state, None), names=names, highlight=line, language=language)
    public, private, public_sizes, private_sizes = [], [], [], []
    for state, line in measured:
        view = game.view(state, None)
        ms, png = cpu_ms(rendering.render, key, view, names=names, highlight=line, language=language)
        public.append(ms)
        public_sizes.append((Image.open(io.BytesIO(png)).size, len(png)))
        seat = min(game.actors(state))
        own = game.view(state, seat)
        ms, png = cpu_ms(rendering.render_private, key, own, names=names, language=language)
        private.append(ms)
        private_sizes.append((Image.open(io.BytesIO(png)).size, len(png)))
    board_size = max(size for size, _ in public_sizes)
    private_size = max((size for size, _ in private_sizes), key=max)
    return {
        "public": public, "private": private,
        "floor": floor_ms(board_size, count), "private_floor": floor_ms(private_size, count),
        "board": board_size, "board_kib": max(n for _, n in public_sizes) / 1024,
        "private_size": private_size, "private_kib": max(n for _, n in private_sizes) / 1024,
    }


def measure_summary(key: str, players: int, runs: int, language: str) -> tuple[list[float], float, tuple[int, int]]:
    """CPU ms of each drawing of a finished game's summary, of building its data once, and its size."""
    start, played, _ = random_game(games.get(key), players, SEED)
    data_ms, data = cpu_ms(summary, key, start, played, NAMES[:players])
    draws = [cpu_ms(render_summary, data, language) for _ in range(runs)]
    return [ms for ms, _ in draws], data_ms, Image.open(io.BytesIO(draws[-1][1])).size


def boards_per_second(workers: int, jobs: list[tuple[str, dict, str | None]], language: str) -> float:
    """Wall-clock rate of drawing every job at once through a pool of ``workers``."""
    pool = RenderPool(workers)

    async def draw_all() -> None:
        await asyncio.gather(*(pool.board(key, view, names=NAMES, highlight=line, language=language)
                               for key, view, line in jobs))

    try:
        asyncio.run(draw_all())  # workers started and warm
        start = time.perf_counter()
        asyncio.run(draw_all())
        return len(jobs) / (time.perf_counter() - start)
    finally:
        pool.close()


def verdict(value: float, goal: float) -> str:
    return f"{value / goal:4.2f} of goal {'met' if value <= goal else 'MISSED'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60, help="positions measured per game and player count")
    parser.add_argument("--games", default="mor,lim,opera")
    parser.add_argument("--pool", type=int, default=0, help="also compare a pool of this many workers")
    parser.add_argument("--summaries", action="store_true", help="only the summary images of finished games")
    parser.add_argument("--language", default="en", choices=LANGUAGES, help="the table's language")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: 2 positions of each game, at its first player count only")
    args = parser.parse_args()
    counts = {key: numbers[:1] if args.quick else numbers for key, numbers in PLAYER_COUNTS.items()}
    if args.quick:
        args.moves = 2
    if args.summaries:
        print(f"CPU ms per summary image of a finished game (random legal play, seed {SEED}), {args.moves} draws, "
              f"language {args.language}")
        for key in args.games.split(","):
            for players in counts[key]:
                draws, data_ms, (width, height) = measure_summary(key, players, args.moves, args.language)
                p50, p99 = percentile(draws, 0.5), percentile(draws, 0.99)
                print(f"{key:5} {players}p  summary p50 {p50:6.1f}  p99 {p99:6.1f}  goal p99 {SUMMARY_P99_MS}: "
                      f"{verdict(p99, SUMMARY_P99_MS)}; data {data_ms:6.1f} ms; {width}x{height} px")
        return
    print(f"CPU ms per image (time.process_time), last {args.moves} positions of a game, seed {SEED}, "
          f"language {args.language}")
    for key in args.games.split(","):
        for players in counts[key]:
            m = measure(key, players, args.moves, args.language)
            p50, p99 = percentile(m["public"], 0.5), percentile(m["public"], 0.99)
            q50, q99 = percentile(m["private"], 0.5), percentile(m["private"], 0.99)
            floor = m["floor"]
            (bw, bh), (pw, ph) = m["board"], m["private_size"]
            print(f"{key:5} {players}p  public  p50 {p50:6.1f}  p99 {p99:6.1f}  goal {PUBLIC_P50_MS}: "
                  f"{verdict(p50, PUBLIC_P50_MS)}, {p50 / floor:4.1f}x floor {floor:5.1f}")
            print(f"          private p50 {q50:6.1f}  p99 {q99:6.1f}  goal {PRIVATE_P50_MS}: "
                  f"{verdict(q50, PRIVATE_P50_MS)}, {q50 / m['private_floor']:4.1f}x floor "
                  f"{m['private_floor']:5.1f}")
            longest = max(bw, bh, pw, ph)
            print(f"          board {bw}x{bh} px {m['board_kib']:4.0f} KiB, private {pw}x{ph} px "
                  f"{m['private_kib']:4.0f} KiB; longest side goal {LONGEST_SIDE_PX}: "
                  f"{verdict(longest, LONGEST_SIDE_PX)}")
    if args.pool:
        jobs = []
        for key in args.games.split(","):
            game = games.get(key)
            positions = positions_in(key, 4, args.language)
            jobs += [(key, game.view(state, None), line) for state, line in positions[-args.moves:]]
        threaded = boards_per_second(0, jobs, args.language)
        pooled = boards_per_second(args.pool, jobs, args.language)
        print(f"{len(jobs)} 4-player boards at once: one thread {threaded:5.1f} boards/s, "
              f"pool of {args.pool} {pooled:5.1f} boards/s ({pooled / threaded:.2f}x)")


if __name__ == "__main__":
    main()
