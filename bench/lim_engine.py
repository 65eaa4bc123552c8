"""Benchmark of the Lorenzo il Magnifico engine (a script, not a test).

Plays random 4-player games (half of them advanced) and prints, each beside its goal and the
ratio to the goal, all in CPU time (``time.process_time``, so other work on the machine does not
count): full games per CPU-second (>= 40), and the p50/p99 of ``apply`` (p99 <= 1 ms) and
``legal_actions`` (p99 <= 2 ms).

    python bench/lim_engine.py [games]
    python bench/lim_engine.py --quick      # two games: the bench still runs (CI)
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games

from stats import count_argument, percentile

GAME = games.get("lim")
GAMES_PER_CPU_SECOND_GOAL = 40.0
APPLY_P99_GOAL_MS = 1.0
LEGAL_P99_GOAL_MS = 2.0


def play(seed: int, timings: tuple[list[float], list[float]] | None = None) -> int:
    """One random game; with ``timings``, the CPU milliseconds of every legal_actions and apply."""
    rng = random.Random(seed)
    state = GAME.setup(4, seed, {"advanced": seed % 2 == 1})
    moves = 0
    while GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.actors(state)))
        start = time.process_time()
        legal = GAME.legal_actions(state, seat)
        middle = time.process_time()
        state, _ = GAME.apply(state, seat, rng.choice(legal))
        end = time.process_time()
        if timings is not None:
            timings[0].append((middle - start) * 1000)
            timings[1].append((end - middle) * 1000)
        moves += 1
    return moves


def line(name: str, value: float, goal: float, unit: str, higher_is_better: bool) -> str:
    ratio = value / goal
    met = ratio >= 1 if higher_is_better else ratio <= 1
    sign = ">=" if higher_is_better else "<="
    verdict = "ok" if met else "MISSED"
    return f"{name:22s} {value:8.3f} {unit:5s} goal {sign} {goal:g} {unit}: ratio {ratio:.2f} ({verdict})"


def main(count: int) -> None:
    started = time.process_time()
    moves = sum(play(seed) for seed in range(count))
    cpu = time.process_time() - started
    legal_ms: list[float] = []
    apply_ms: list[float] = []
    for seed in range(count):
        play(seed, (legal_ms, apply_ms))
    print(f"{count} random four-player games, {moves} moves, {cpu:.2f} CPU-seconds")
    print(line("games per CPU-second", count / cpu, GAMES_PER_CPU_SECOND_GOAL, "", True))
    for name, samples, goal in (
        ("apply", apply_ms, APPLY_P99_GOAL_MS),
        ("legal_actions", legal_ms, LEGAL_P99_GOAL_MS),
    ):
        # The goal is set on p99; p50 is shown against the same bound.
        print(line(name + " p50", percentile(samples, 0.50), goal, "ms", False))
        print(line(name + " p99", percentile(samples, 0.99), goal, "ms", False))


if __name__ == "__main__":
    main(count_argument(40, quick=2))
