"""Opera Magna engine speed: random 4-player games per CPU-second, apply and legal_actions p50/p99.

Run: python bench/opera_engine.py [games]   (default 100 four-player games; --quick: two, for CI)

Goals (issue 13): at least 40 random 4-player games per CPU-second; apply p99 <= 1 ms CPU and
legal_actions p99 <= 2 ms CPU. Times are CPU time (time.process_time), so other work on the
machine slows the figures less than wall time would. The games are played twice: once timed as
a whole for the rate (a timer call costs a few microseconds here, a move about 70), once with
every call timed for the percentiles.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.opera import GAME

from stats import count_argument, percentile

GAMES_PER_SECOND_GOAL = 40.0
APPLY_P99_GOAL_MS = 1.0
LEGAL_P99_GOAL_MS = 2.0


def games_rate(games: int) -> float:
    """Random 4-player games per CPU-second, timed as a whole (no timer calls inside a game)."""
    started = time.process_time()
    for seed in range(games):
        chooser = random.Random(seed)
        state = GAME.setup(4, seed)
        while GAME.result(state) is None:
            (seat,) = GAME.actors(state)
            state, _ = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
    return games / (time.process_time() - started)


def call_times(games: int) -> tuple[list[float], list[float]]:
    """The CPU time of every apply and legal_actions call in the same games."""
    apply_times: list[float] = []
    legal_times: list[float] = []
    clock = time.process_time
    for seed in range(games):
        chooser = random.Random(seed)
        state = GAME.setup(4, seed)
        while GAME.result(state) is None:
            (seat,) = GAME.actors(state)
            t0 = clock()
            legal = GAME.legal_actions(state, seat)
            t1 = clock()
            state, _ = GAME.apply(state, seat, chooser.choice(legal))
            t2 = clock()
            legal_times.append(t1 - t0)
            apply_times.append(t2 - t1)
    return apply_times, legal_times


def verdict(figure: float, goal: float, unit: str, higher_is_better: bool) -> str:
    """The goal, the ratio of the figure to it, and whether it is met."""
    ratio = figure / goal
    met = ratio >= 1 if higher_is_better else ratio <= 1
    sense = ">=" if higher_is_better else "<="
    return f"goal {sense} {goal:g} {unit}, ratio {ratio:.2f}: {'ok' if met else 'MISSED'}"


def main(games: int = 100) -> None:
    rate = games_rate(games)
    apply_times, legal_times = call_times(games)
    print(f"{games} random 4-player games, {len(apply_times)} moves")
    goal = verdict(rate, GAMES_PER_SECOND_GOAL, "games/s", True)
    print(f"games per CPU-second  {rate:7.1f}            ({goal})")
    for name, samples, goal in (("apply", apply_times, APPLY_P99_GOAL_MS),
                                ("legal_actions", legal_times, LEGAL_P99_GOAL_MS)):
        p50, p99 = percentile(samples, .5) * 1000, percentile(samples, .99) * 1000
        print(f"{name:14s} p50 {p50:.3f} ms  p99 {p99:.3f} ms  (p99 {verdict(p99, goal, 'ms', False)})")


if __name__ == "__main__":
    main(count_argument(100, quick=2))
