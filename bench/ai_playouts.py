"""How fast the AI searches: playouts per CPU-second of ``normal`` decisions, per game.

    python bench/ai_playouts.py [--game KEY] [--positions 12] [--level normal]

For each game it plays random 2-player games (seeds 7000 onward) and, every few moves, lets the
seat to move decide at ``--level``. It prints the playouts played, the moves they simulated and the
decisions' CPU time (``time.process_time``, so other work on the machine counts little), and the
playouts per CPU-second. The positions come from random play, not from the AI, so a changed AI is
timed on the same positions. Playouts are counted by wrapping ``Search.playout``, which every
version of the search has, so the same script times an older revision (run it with that
revision's tree first on ``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from bench.stats import percentile
from games.ai import decide, decision_seed
from games.ai.search import Search

GAMES = ("mor", "lim", "opera")
EVERY = 7
"""A decision is timed every this many moves of a random game."""


class Counter:
    """Counts the calls of ``Search.playout`` while it is installed."""

    def __init__(self) -> None:
        self.playouts = 0
        original = Search.playout

        def counted(search: Search, state: dict) -> float:
            self.playouts += 1
            return original(search, state)

        Search.playout = counted  # type: ignore[method-assign]


def positions(key: str, count: int) -> list[tuple[dict, int]]:
    """``count`` positions of random 2-player games, each with the seat that decides there."""
    game = games.get(key)
    found: list[tuple[dict, int]] = []
    seed = 7000
    while len(found) < count:
        chance = random.Random(seed)
        state = game.setup(2, seed)
        moves = 0
        while game.result(state) is None and len(found) < count:
            seat = sorted(game.actors(state))[0]
            legal = game.legal_actions(state, seat)
            if moves % EVERY == EVERY - 1 and len(legal) > 1:
                found.append((state, seat))
            state = game.apply(state, seat, legal[chance.randrange(len(legal))])[0]
            moves += 1
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--quick", action="store_true", help="a smoke run: one decision per game")
    args = parser.parse_args()
    if args.quick:
        args.positions = 1
    counter = Counter()
    for key in args.game or GAMES:
        game = games.get(key)
        times: list[float] = []
        counter.playouts = 0
        for number, (state, seat) in enumerate(positions(key, args.positions)):
            legal = [game.notation(action) for action in game.legal_actions(state, seat)]
            started = time.process_time()
            decide(key, game.view(state, seat), seat, legal, args.level, decision_seed(1, number))
            times.append(time.process_time() - started)
        cpu = sum(times)
        print(f"{key:<6} {args.level}: {args.positions} decisions, {counter.playouts} playouts, "
              f"{cpu:.2f} CPU-s: {counter.playouts / cpu:.0f} playouts per CPU-second; decision CPU time "
              f"p50 {percentile(times, 0.5):.3f} s, p95 {percentile(times, 0.95):.3f} s, max {max(times):.3f} s")


if __name__ == "__main__":
    main()
