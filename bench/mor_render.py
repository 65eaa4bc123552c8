"""Render + encode time of a late-game 4-player Masters of Renaissance board.

    python bench/mor_render.py [--runs 200]

Prints p50/p99 of the whole ``rendering.render`` call (drawing plus PNG encoding) and of each
half, and the PNG size. Budget: p50 <= 60 ms. The first call (fonts, icons, card drawings) is
timed apart: the bot pays it once per process.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rendering  # noqa: E402
from rendering import kit, mor  # noqa: E402
from tests.rendering.mor_games import GAME, NAMES, richest  # noqa: E402

from stats import percentile

BUDGET_P50_MS = 60


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()

    view = GAME.view(richest(4), None)
    highlight = "{p2} bought c29 (green level II) into slot 2."
    start = time.perf_counter()
    png = rendering.render("mor", view, names=NAMES, highlight=highlight)
    first_ms = (time.perf_counter() - start) * 1000

    total, drawing, encoding = [], [], []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        image = mor.draw_board(view, NAMES, highlight)
        t1 = time.perf_counter()
        kit.encode_png(image)
        t2 = time.perf_counter()
        rendering.render("mor", view, names=NAMES, highlight=highlight)
        t3 = time.perf_counter()
        drawing.append((t1 - t0) * 1000)
        encoding.append((t2 - t1) * 1000)
        total.append((t3 - t2) * 1000)

    p50 = percentile(total, 0.50)
    print(f"late-game 4-player board, {image.width}x{image.height} px, PNG {len(png) / 1024:.0f} KiB")
    print(f"first render (cold caches): {first_ms:.1f} ms")
    print(f"render+encode  p50 {p50:6.1f} ms   p99 {percentile(total, 0.99):6.1f} ms   "
          f"mean {statistics.fmean(total):6.1f} ms   ({args.runs} runs)")
    print(f"  drawing      p50 {percentile(drawing, 0.50):6.1f} ms   p99 {percentile(drawing, 0.99):6.1f} ms")
    print(f"  encoding     p50 {percentile(encoding, 0.50):6.1f} ms   "
          f"p99 {percentile(encoding, 0.99):6.1f} ms")
    print(f"budget p50 <= {BUDGET_P50_MS} ms: {'met' if p50 <= BUDGET_P50_MS else 'MISSED'} "
          f"({p50 / BUDGET_P50_MS:.2f} of budget)")


if __name__ == "__main__":
    main()
