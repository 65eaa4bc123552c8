"""Do post-game reviews slow the other tables down? AI move latency with and without a review running.

The bot reviews finished games in its own pool (``bot.table.reviews.ReviewRunner``: processes at
the lowest CPU priority) while the tables' AI seats decide in the AI pool (``AiRunner``). This
bench plays one game to its end (easy AI seats), then times AI decisions of another table
(``normal`` level, positions of a second game) through an ``AiRunner``, first alone, then while the
review runner reviews every seat of the finished game. It prints the decisions' p50 and p95 wall
time in both phases and the review's CPU time per seat (measured inside the review worker).

    PYTHONPATH=. python bench/review_load.py [--game mor] [--players 4] [--decisions 40]
    PYTHONPATH=. python bench/review_load.py --quick

The priority gap only shows when the bench itself runs at normal priority: started under
``nice -n 19`` the AI worker is already at the lowest priority, the review worker's ``os.nice(19)``
cannot go below it, and the figures show the two at equal priority (the worst case).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from typing import Any

import games
from bot.table.ai_runner import AiRunner
from bot.table.reviews import ReviewRunner, review_player
from games.ai import choose, decision_seed
from games.ai.coach import REVIEW_BUDGET, CoachBudget

QUICK_BUDGET = CoachBudget(worlds=2, moves=2, screen_worlds=1, screen_continuations=2, kept=1, choices=1)


def played_game(key: str, players: int, seed: int) -> tuple[dict[str, Any], list[tuple[int, str]], list[dict]]:
    """A game of easy AI seats to its end: its options, its moves and the states before each move."""
    game = games.get(key)
    options = game.normalize_options({})
    state = game.setup(players, seed, options)
    moves, states = [], []
    while game.result(state) is None:
        seat = min(game.actors(state))
        states.append(state)
        move = choose(key, state, seat, "easy", decision_seed(seed, len(moves)))
        moves.append((seat, move))
        state = game.play(state, seat, move)[0]
    return options, moves, states


def timed_review(*args: Any) -> tuple[float, list[dict[str, Any]]]:
    """:func:`review_player` in a review worker, with the CPU time it took there."""
    started = time.process_time()
    points = review_player(*args)
    return time.process_time() - started, points


async def decisions(runner: AiRunner, key: str, positions: list[dict], count: int) -> list[float]:
    """The wall time of ``count`` AI decisions (normal level) on ``positions``, one after another."""
    game = games.get(key)
    times = []
    for index in range(count):
        state = positions[index % len(positions)]
        seat = min(game.actors(state))
        started = time.perf_counter()
        await runner.choose(key, state, seat, "normal", index)
        times.append(time.perf_counter() - started)
    return times


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"p50 {statistics.median(ordered):.2f} s, p95 {p95:.2f} s over {len(ordered)} decisions"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mor", choices=list(games.keys()))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="two players, a tiny review, six decisions")
    options = parser.parse_args()
    players, count, budget = options.players, options.decisions, REVIEW_BUDGET
    if options.quick:
        players, count, budget = 2, 6, QUICK_BUDGET
    key = options.game
    settings, moves, _ = played_game(key, players, options.seed)
    _, _, positions = played_game(key, players, options.seed + 1)
    positions = positions[len(positions) // 4::max(1, len(positions) // (2 * count))]
    print(f"{key}, {players} players: a finished game of {len(moves)} moves to review; nice {os.nice(0)}")

    ai = AiRunner(workers=1, time_limit=30.0)
    reviews = ReviewRunner(workers=1, budget=budget, review=timed_review)
    try:
        await decisions(ai, key, positions, 1)  # start the AI worker
        alone = await decisions(ai, key, positions, count)
        print(f"AI decisions alone:             {percentiles(alone)}")
        seats = sorted({seat for seat, _ in moves})

        async def review_all() -> list[float]:
            spent = []
            for seat in seats:
                numbers = [n for n, (s, _) in enumerate(moves) if s == seat]
                cpu, _ = await reviews.run(key, players, options.seed, settings, moves, seat, numbers)
                spent.append(cpu)
            return spent

        reviewing = asyncio.create_task(review_all())
        await asyncio.sleep(1.0)  # the review worker is busy
        during = await decisions(ai, key, positions, count)
        print(f"AI decisions during a review:   {percentiles(during)}")
        spent = await reviewing
        print(f"review CPU per seat: {', '.join(f'{cpu:.1f} s' for cpu in spent)}; the game: {sum(spent):.1f} s")
    finally:
        ai.close()
        reviews.close()


if __name__ == "__main__":
    asyncio.run(main())
