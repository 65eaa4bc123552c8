"""Opera Magna engine speed: p50/p99 of apply and legal_actions, and random games per second.

Run: python bench/opera_engine.py [games]   (budgets: apply p99 <= 2 ms, legal_actions p99 <= 10 ms)
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.opera import GAME

from stats import percentile


def main(games: int = 300) -> None:
    apply_times: list[float] = []
    legal_times: list[float] = []
    started = time.perf_counter()
    for index in range(games):
        chooser = random.Random(index)
        state = GAME.setup(2 + index % 3, index)
        while GAME.result(state) is None:
            (seat,) = GAME.actors(state)
            t0 = time.perf_counter()
            legal = GAME.legal_actions(state, seat)
            t1 = time.perf_counter()
            state, _ = GAME.apply(state, seat, chooser.choice(legal))
            t2 = time.perf_counter()
            legal_times.append(t1 - t0)
            apply_times.append(t2 - t1)
    elapsed = time.perf_counter() - started
    ms = 1000.0
    print(f"games: {games} (2, 3 and 4 players), moves: {len(apply_times)}")
    print(f"apply          p50 {percentile(apply_times, .5) * ms:.3f} ms   p99 {percentile(apply_times, .99) * ms:.3f} ms"
          "   (budget p99 2 ms)")
    print(f"legal_actions  p50 {percentile(legal_times, .5) * ms:.3f} ms   p99 {percentile(legal_times, .99) * ms:.3f} ms"
          "   (budget p99 10 ms)")
    print(f"random games per second: {games / elapsed:.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
