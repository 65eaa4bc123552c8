"""Lorenzo il Magnifico engine benchmark: apply and legal_actions percentiles, full games per second.

Run: ``python bench/lim_engine.py [games]`` (default 40 four-player games, half of them advanced).
Budgets: apply p99 <= 2 ms, legal_actions p99 <= 10 ms.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games

from stats import percentile

APPLY_BUDGET_MS = 2.0
LEGAL_BUDGET_MS = 10.0


def main(count: int) -> None:
    game = games.get("lim")
    apply_ms: list[float] = []
    legal_ms: list[float] = []
    moves = 0
    started = time.perf_counter()
    for seed in range(count):
        chooser = random.Random(seed)
        state = game.setup(4, seed, {"advanced": seed % 2 == 1})
        while game.result(state) is None:
            seat = chooser.choice(sorted(game.actors(state)))
            t0 = time.perf_counter()
            legal = game.legal_actions(state, seat)
            t1 = time.perf_counter()
            state, _ = game.apply(state, seat, chooser.choice(legal))
            t2 = time.perf_counter()
            legal_ms.append((t1 - t0) * 1000)
            apply_ms.append((t2 - t1) * 1000)
            moves += 1
    elapsed = time.perf_counter() - started
    print(f"{count} four-player games, {moves} moves, {elapsed:.2f} s")
    print(f"games per second: {count / elapsed:.1f}")
    for name, samples, budget in (
        ("apply", apply_ms, APPLY_BUDGET_MS),
        ("legal_actions", legal_ms, LEGAL_BUDGET_MS),
    ):
        p50, p99 = percentile(samples, 0.50), percentile(samples, 0.99)
        verdict = "ok" if p99 <= budget else "OVER BUDGET"
        print(
            f"{name:14s} p50 {p50:.3f} ms  p99 {p99:.3f} ms  mean {statistics.mean(samples):.3f} ms "
            f"(budget p99 {budget} ms: {verdict})"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
