"""Benchmark of the Masters of Renaissance engine (a script, not a test).

Prints p50/p99 of ``apply`` and ``legal_actions`` over random 4-player games, and how many full
random 4-player games run per second. Budgets: apply p99 <= 2 ms, legal_actions p99 <= 10 ms,
at least 20 games per second.

    python bench/mor_engine.py [games]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.mor import GAME

from stats import percentile


def choose(legal: list[dict], rng: random.Random) -> dict:
    """Random, biased towards ending moves (as the property tests' random player)."""
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    if "end" in by_type and rng.random() < 0.85:
        return by_type["end"][0]
    if "buy" in by_type and rng.random() < 0.9:
        return rng.choice(by_type["buy"])
    if "place" in by_type:
        return by_type["place"][0] if rng.random() < 0.8 else rng.choice(by_type["place"])
    if "produce" in by_type and rng.random() < 0.4:
        return rng.choice(by_type["produce"])
    if "market" in by_type and rng.random() < 0.9:
        return rng.choice(by_type["market"])
    return rng.choice(legal)


def play(seed: int, timings: tuple[list[float], list[float]] | None = None) -> int:
    rng = random.Random(seed)
    state = GAME.setup(4, seed)
    moves = 0
    while GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.actors(state)))
        start = time.perf_counter()
        legal = GAME.legal_actions(state, seat)
        middle = time.perf_counter()
        state, _ = GAME.apply(state, seat, choose(legal, rng))
        end = time.perf_counter()
        if timings is not None:
            timings[0].append(middle - start)
            timings[1].append(end - middle)
        moves += 1
    return moves


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    legal_times: list[float] = []
    apply_times: list[float] = []
    for seed in range(games):
        play(seed, (legal_times, apply_times))
    print(f"moves measured: {len(apply_times)}")
    for name, times, budget in (("apply", apply_times, 2), ("legal_actions", legal_times, 10)):
        print(f"{name:<14} p50 {percentile(times, 0.50) * 1000:.3f} ms   p99 {percentile(times, 0.99) * 1000:.3f} ms"
              f"   (budget p99 <= {budget} ms)")
    start = time.perf_counter()
    moves = sum(play(10_000 + seed) for seed in range(games))
    elapsed = time.perf_counter() - start
    print(f"full random 4-player games: {games / elapsed:.1f} per second "
          f"({moves / games:.0f} moves per game; budget >= 20 per second)")


if __name__ == "__main__":
    main()
