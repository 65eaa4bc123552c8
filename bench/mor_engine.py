"""Benchmark of the Masters of Renaissance engine (a script, not a test).

Plays random 4-player games and prints, in CPU time (``time.process_time``, so other work on the
machine does not count): how many whole games run per CPU-second, and the p50/p99 of ``apply``
and ``legal_actions``, each beside its goal and the ratio to the goal (above 1 is better for
games per second, below 1 is better for times).

Goals: at least 50 random 4-player games per CPU-second; apply p99 <= 1 ms; legal_actions
p99 <= 2 ms.

    python bench/mor_engine.py [games]
    python bench/mor_engine.py --quick      # two games: the bench still runs (CI)
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from stats import count_argument, percentile

from games.mor import GAME

GAMES_PER_SECOND_GOAL = 50
APPLY_P99_GOAL_MS = 1.0
LEGAL_P99_GOAL_MS = 2.0


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
    """One random 4-player game; returns its number of moves (and records CPU times if asked)."""
    rng = random.Random(seed)
    state = GAME.setup(4, seed)
    moves = 0
    clock = time.process_time
    while GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.actors(state)))
        start = clock()
        legal = GAME.legal_actions(state, seat)
        middle = clock()
        state, _ = GAME.apply(state, seat, choose(legal, rng))
        end = clock()
        if timings is not None:
            timings[0].append(middle - start)
            timings[1].append(end - middle)
        moves += 1
    return moves


def main() -> None:
    games = count_argument(200, quick=2)
    start = time.process_time()
    moves = sum(play(10_000 + seed) for seed in range(games))
    per_second = games / (time.process_time() - start)
    print(f"random 4-player games: {per_second:.1f} per CPU-second   goal >= {GAMES_PER_SECOND_GOAL}   "
          f"ratio {per_second / GAMES_PER_SECOND_GOAL:.2f}   ({moves / games:.0f} moves per game)")
    legal_times: list[float] = []
    apply_times: list[float] = []
    for seed in range(games):
        play(seed, (legal_times, apply_times))
    print(f"moves timed: {len(apply_times)}")
    for name, times, goal in (("apply", apply_times, APPLY_P99_GOAL_MS),
                              ("legal_actions", legal_times, LEGAL_P99_GOAL_MS)):
        p50, p99 = percentile(times, 0.50) * 1000, percentile(times, 0.99) * 1000
        print(f"{name:<14} p50 {p50:.3f} ms   p99 {p99:.3f} ms   goal p99 <= {goal:g} ms   "
              f"ratio {p99 / goal:.2f}")


if __name__ == "__main__":
    main()
