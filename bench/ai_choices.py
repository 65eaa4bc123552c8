"""How good the search's choices are at a budget: the value each budget's move loses against a much
bigger reference search, on fixed positions (a cheap stand-in for thousands of games).

    python bench/ai_choices.py --game mor [--positions 20] [--budget n=8,16,128,16 ...]
                               [--reference-worlds 32] [--reference-playouts 8] [--seeds 1]

The positions come from two-player games of ``easy`` against ``easy`` (seeds 11 onward), one in
about twelve decisions where the seat has three moves or more worth judging. For each position a
reference values moves by ``--reference-playouts`` playouts in each of ``--reference-worlds``
worlds (every move in the same worlds with the same luck, at the game's ``strong`` depth): the
twelve best of a one-move look-ahead over those worlds, and every move a budget picks. A budget's
*loss* at a position is the reference value of the best of those moves minus the reference value
of the move the budget picked (0 when it picked the best; a finished game is worth ±1000, so the
figures are in the evaluation's units); *agreement* is the share of positions where it picked the
reference's best. Printed per budget: mean loss with its 95 % interval, agreement, and mean
decision CPU time.

``--budget NAME=W,K,P,D[,informed]`` (worlds, moves kept, playouts, depth, informed playouts;
several allowed; the game's ``normal`` and ``strong`` by default) may end in ``@REVISION`` to search
with that git revision's ``games/ai/search.py`` (the game's module stays the working tree's), e.g.
``old=8,8,128,16@a370146``.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games
from bench.ai_strength import Z95
from games.ai import decide, decision_seed, game_ai, level_budget
from games.ai.search import Budget, Search

TOP = 12
"""How many moves of the reference's look-ahead it values, besides every move a budget picks."""


def positions(key: str, count: int) -> list[tuple[dict, int]]:
    """``count`` (state, seat) pairs met in two-player games of ``easy`` against ``easy``."""
    game, ai = games.get(key), game_ai(key)
    rng = random.Random(11)
    found: list[tuple[dict, int]] = []
    table = 11
    while len(found) < count:
        state, number = game.setup(2, table), 0
        while game.result(state) is None and len(found) < count:
            for seat in sorted(game.actors(state)):
                if seat not in game.actors(state):
                    continue
                legal = [game.notation(action) for action in game.legal_actions(state, seat)]
                view = game.view(state, seat)
                worth = ai.candidates(view, legal) if hasattr(ai, "candidates") else legal
                if len(worth) > 2 and rng.random() < 0.08:
                    found.append((state, seat))
                state = game.play(state, seat, decide(key, view, seat, legal, "easy", decision_seed(table, number)))[0]
            number += 1
        table += 1
    return found


def searcher(revision: str | None) -> type[Search]:
    """The ``Search`` class of the working tree, or of ``games/ai/search.py`` at ``revision``."""
    if revision is None:
        return Search
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{revision}:games/ai/search.py"],
                            check=True, capture_output=True, text=True).stdout
    name = f"games.ai._search_{revision}"
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
        file.write(source)
    spec = importlib.util.spec_from_file_location(name, file.name)
    module: types.ModuleType = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # before running it, as an import would (dataclasses look it up)
    spec.loader.exec_module(module)
    return module.Search


class Reference:
    """Reference values of a position's moves, each from the same playouts in the same worlds."""

    def __init__(self, key: str, state: dict, seat: int, worlds: int, per_world: int, seed: int) -> None:
        game, ai = games.get(key), game_ai(key)
        view = game.view(state, seat)
        legal = [game.notation(action) for action in game.legal_actions(state, seat)]
        self.moves = ai.candidates(view, legal) if hasattr(ai, "candidates") else legal
        budget = Budget(worlds=worlds, keep=len(self.moves), playouts=1, depth=level_budget(key, "strong").depth)
        self.search = Search(game, ai, view, seat, self.moves, budget, seed, None)
        self.playouts, self.seed = worlds * per_world, seed
        self.values: dict[str, float] = {}
        for _, move in self.search.look_ahead()[:TOP]:
            self.value(move)

    def value(self, move: str) -> float:
        if move not in self.values:
            search, total = self.search, 0.0
            for number in range(self.playouts):
                after = search._play(number % len(search.worlds), move)
                search.rng = random.Random(self.seed * 7919 + number)
                total += search.playout(after) if after is not None else -1e9
            self.values[move] = total / self.playouts
        return self.values[move]


def choice(search_class: type[Search], key: str, state: dict, seat: int, budget: Budget, seed: int) -> str:
    game, ai = games.get(key), game_ai(key)
    view = game.view(state, seat)
    legal = [game.notation(action) for action in game.legal_actions(state, seat)]
    moves = ai.candidates(view, legal) if hasattr(ai, "candidates") else legal
    return search_class(game, ai, view, seat, moves, budget, seed, None).playouts()


def parse(spec: str) -> tuple[str, Budget, str | None]:
    name, _, rest = spec.partition("=")
    numbers, _, revision = rest.partition("@")
    return name, Budget.read(numbers.split(",")), revision or None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=games.keys(), default="mor")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--budget", action="append", default=[], metavar="NAME=W,K,P,D[,informed][@REVISION]")
    parser.add_argument("--reference-worlds", type=int, default=32)
    parser.add_argument("--reference-playouts", type=int, default=8, help="per world and move")
    parser.add_argument("--seeds", type=int, default=1, help="decisions per budget and position")
    parser.add_argument("--quick", action="store_true", help="a smoke run: two positions, small budgets")
    args = parser.parse_args()
    if args.quick:
        args.positions, args.reference_worlds, args.reference_playouts = 2, 4, 2
        args.budget = ["tiny=2,4,16,4", "small=4,8,32,4"]
    key = args.game
    budgets = [parse(spec) for spec in args.budget] or [
        (level, level_budget(key, level), None) for level in ("normal", "strong")]
    classes = {revision: searcher(revision) for _, _, revision in budgets}
    print(f"{games.get(key).title} ({key}): {args.positions} positions, reference {args.reference_worlds} worlds"
          f" x {args.reference_playouts} playouts per move, {args.seeds} decision(s) per budget and position")
    losses: dict[str, list[float]] = {name: [] for name, _, _ in budgets}
    agreed = dict.fromkeys(losses, 0)
    cpu = dict.fromkeys(losses, 0.0)
    for index, (state, seat) in enumerate(positions(key, args.positions)):
        reference = Reference(key, state, seat, args.reference_worlds, args.reference_playouts, 1000 + index)
        picks = {}
        for name, budget, revision in budgets:
            for seed in range(args.seeds):
                started = time.process_time()
                picks[name, seed] = choice(classes[revision], key, state, seat, budget, 50 + 13 * index + seed)
                cpu[name] += time.process_time() - started
                reference.value(picks[name, seed])
        best = max(reference.values.values())
        for (name, _), move in picks.items():
            losses[name].append(best - reference.values[move])
            agreed[name] += reference.values[move] == best
    for name, budget, revision in budgets:
        values = losses[name]
        spread = Z95 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
        where = f" search at {revision}" if revision else ""
        print(f"  {name:>10} {tuple(vars(budget).values())}{where}: loss {statistics.fmean(values):7.2f}"
              f" [±{spread:.2f}]  agreement {agreed[name] / len(values):4.0%}"
              f"  CPU {cpu[name] / len(values):.3f} s per decision  ({len(values)} decisions)")


if __name__ == "__main__":
    main()
