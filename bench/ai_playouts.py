"""How fast the AI searches: playouts per CPU-second of ``normal`` decisions, per game.

    python bench/ai_playouts.py [--game KEY] [--positions 12] [--level normal] [--depth D] [--baseline DIR]

For each game it plays random 2-player games (seeds 7000 onward) and, every few moves, lets the
seat to move decide at ``--level``. It prints the playouts played, the moves they simulated and the
decisions' CPU time (``time.process_time``, so other work on the machine counts little), and the
playouts per CPU-second. The positions come from random play, not from the AI, so a changed AI is
timed on the same positions. Playouts are counted by wrapping ``Search.playout``, which every
version of the search has, so the same script times an older revision: ``--baseline DIR`` (a
checkout of that revision, e.g. ``git worktree add /tmp/a370 a370146``) times the same decisions
with DIR's engines and AI, game by game alternately with this tree's, and prints how many times
as many playouts per CPU-second this tree plays, beside the goal (at least twice revision
a370146's, issue 30). ``--depth D`` plays the level's budget with playouts of ``D`` moves in both
trees: a playout's cost grows with its moves, so where the level's depth has changed since the
older revision (Masters at two players: 8 moves, 16 at a370146) the playouts are compared like for
like at one depth.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

TREE = sys.argv[sys.argv.index("--tree") + 1] if "--tree" in sys.argv else str(Path(__file__).resolve().parents[1])
"""The tree whose games and AI are timed (``--tree``, given by ``--baseline`` to its own runs)."""
sys.path.insert(0, TREE)

import games
from bench.stats import percentile
from games.ai import decide, decision_seed, level_budget
from games.ai.search import Search

GAMES = ("mor", "lim", "opera")
EVERY = 7
"""A decision is timed every this many moves of a random game."""
GOAL_RATIO = 2.0
"""Issue 30: playouts per CPU-second at least twice those of revision a370146."""


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
    parser.add_argument("--depth", type=int, help="playouts of this many moves, in both trees")
    parser.add_argument("--quick", action="store_true", help="a smoke run: one decision per game")
    parser.add_argument("--baseline", help="a checkout of an older revision to compare with")
    parser.add_argument("--tree", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.quick:
        args.positions = 1
    counter = Counter()
    for key in args.game or GAMES:
        if args.baseline:
            older = baseline_rate(args.baseline, key, args.positions, args.level, args.depth)
        rate = measure(key, args.positions, args.level, counter, args.depth)
        if args.baseline:
            print(f"{key:<6} {rate / older:.2f} times the playouts per CPU-second of {args.baseline} "
                  f"({older:.0f})   goal >= {GOAL_RATIO:g} against revision a370146")


def two_player_budget(key: str, level: str, depth: int | None):
    """The budget ``level`` plays at two players, with playouts of ``depth`` moves (None: the level's
    own budget). Older revisions chose a budget without counting the players."""
    if depth is None:
        return None
    try:
        budget = level_budget(key, level, 2)
    except TypeError:
        budget = level_budget(key, level)
    return replace(budget, depth=depth)


def measure(key: str, count: int, level: str, counter: Counter, depth: int | None = None) -> float:
    """Times ``count`` decisions of ``key`` at ``level``, prints the figures, returns the playouts
    per CPU-second."""
    game = games.get(key)
    budget = two_player_budget(key, level, depth)
    times: list[float] = []
    counter.playouts = 0
    for number, (state, seat) in enumerate(positions(key, count)):
        legal = [game.notation(action) for action in game.legal_actions(state, seat)]
        started = time.process_time()
        decide(key, game.view(state, seat), seat, legal, level, decision_seed(1, number), budget=budget)
        times.append(time.process_time() - started)
    cpu = sum(times)
    shown = level if depth is None else f"{level}, playouts of {depth} moves"
    print(f"{key:<6} {shown}: {count} decisions, {counter.playouts} playouts, "
          f"{cpu:.2f} CPU-s: {counter.playouts / cpu:.0f} playouts per CPU-second; decision CPU time "
          f"p50 {percentile(times, 0.5):.3f} s, p95 {percentile(times, 0.95):.3f} s, max {max(times):.3f} s")
    return counter.playouts / cpu


def baseline_rate(tree: str, key: str, count: int, level: str, depth: int | None) -> float:
    """The playouts per CPU-second of the same decisions timed with ``tree``'s games and AI."""
    depth_option = ["--depth", str(depth)] if depth is not None else []
    run = subprocess.run([sys.executable, __file__, "--tree", tree, "--game", key, "--positions", str(count),
                          "--level", level, *depth_option], capture_output=True, text=True, check=True)
    print(f"{tree}: {run.stdout.strip()}")
    return float(re.search(r"([0-9.]+) playouts per CPU-second", run.stdout).group(1))


if __name__ == "__main__":
    main()
