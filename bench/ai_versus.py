"""Whether a change makes a game's AI stronger: the working tree's AI against that game's AI at a git revision.

    python bench/ai_versus.py --game mor --against a370146 [--level normal] [--games 200] [--first-seed 5000]
                              [--jobs 2] [--minutes M] [--adopt N] [--results bench/results/ai_versus.jsonl]

Two players, seats alternated, seeds ``--first-seed`` onward (5000 unless told), both sides at the
same level. Only ``games/ai/<game>.py`` and the levels' budgets come from the revision (its
module's ``BUDGETS``, else its ``LEVELS``); the shared search (``games/ai/search.py``) and the rules
engine are the working tree's, so what is compared is one game's world sampling, estimate, playout
policy and budget, the part a change to one game's AI touches.
Prints the working tree's win rate (a shared first place counts half) with its 95 % Wilson interval
and the goal (``normal``: at least 65 % against the revision), its mean margin, and each side's mean
points by scoring category (with Masters' leader points and their interval), which shows where a
change gains or loses.

Every finished game is kept in the results file (one JSON line), identified by a digest of the
working tree's AI for the game (as ``bench/ai_strength.py`` keys its games), a digest of the
revision's module, the level, both budgets, the seed and the working tree's seat; a later run plays
only the games the file lacks, so a 200-game comparison can be finished over several runs, and a
change to either AI starts its count afresh, unless ``--adopt N`` replays N of the games recorded
with an earlier version of the working tree's AI and they all end as recorded (a refactoring), in
which case they are kept. ``--minutes M`` starts no new game after M minutes.
"""

from __future__ import annotations

import argparse
import ast
import functools
import hashlib
import json
import math
import statistics
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games
from bench.ai_strength import (Z95, Results, ai_fingerprint, keep_replayed, play_out, run, score_margin, wilson,
                               win_share)
from games.ai import LEVELS, decision_seed, game_ai, level_budget
from games.ai.search import Budget, Search

RESULTS_FILE = ROOT / "bench" / "results" / "ai_versus.jsonl"
GOAL = {"normal": 0.65}
"""The share of games the working tree's level must win against the revision's (issue 30)."""

def revision_source(game_key: str, revision: str) -> str:
    """The text of ``games/ai/<game_key>.py`` at ``revision`` of this repository."""
    return subprocess.run(["git", "-C", str(ROOT), "show", f"{revision}:games/ai/{game_key}.py"],
                          check=True, capture_output=True, text=True).stdout


@functools.cache
def rival_module(game_key: str, source: str) -> types.ModuleType:
    """``source`` as a module of the ``games.ai`` package (its relative imports resolve to the working tree's)."""
    name = f"games.ai._rival_{game_key}"
    module = types.ModuleType(name)
    module.__package__ = "games.ai"
    sys.modules[name] = module  # before running it, as an import would (dataclasses look it up)
    exec(compile(source, f"<{game_key} AI under test>", "exec"), module.__dict__)
    return module


def revision_levels(revision: str) -> dict[str, Budget]:
    """The levels' budgets (``LEVELS`` of ``games/ai/__init__.py``) at ``revision``."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{revision}:games/ai/__init__.py"],
                            check=True, capture_output=True, text=True).stdout
    for node in ast.parse(source).body:
        target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0] if isinstance(node, ast.Assign) else None
        if isinstance(target, ast.Name) and target.id == "LEVELS":
            return eval(compile(ast.Expression(node.value), "LEVELS", "eval"), {"Budget": Budget})
    raise ValueError(f"no LEVELS at {revision}")


def rival_budget(ai: types.ModuleType, level: str, written: list[int | str]) -> Budget:
    """The budget ``ai`` (a game's module, of any revision) plays ``level`` with: its own, else
    its revision's budget for ``level`` (``written`` as :meth:`Budget.written` writes it)."""
    return getattr(ai, "BUDGETS", {}).get(level) or Budget.read(written)


def decide(game: games.Game, ai: types.ModuleType, state: dict, seat: int, level: str, seed: int,
           budget: Budget) -> str:
    """What ``ai`` plays for ``seat`` at ``level``: the search :func:`games.ai.decide` runs, with
    the given game module in place of the installed one."""
    view = game.view(state, seat)
    legal = [game.notation(action) for action in game.legal_actions(state, seat)]
    if hasattr(ai, "candidates"):
        legal = ai.candidates(view, legal)
    if len(legal) == 1:
        return legal[0]
    search = Search(game, ai, view, seat, legal, budget, seed, None)
    return search.playouts() if budget.playouts else search.look_ahead()[0][1]


def play(job: tuple[str, str, str, int, int, list[int | str]]) -> dict:
    """One game of the working tree's AI (seat ``hero``) against the revision's (the other seat)."""
    game_key, source, level, seed, hero, written = job
    game = games.get(game_key)
    rival = rival_module(game_key, source)
    sides = [(game_ai(game_key), level_budget(game_key, level, 2)),
             (rival, rival_budget(rival, level, written))]
    ais = sides if hero == 0 else sides[::-1]
    state = play_out(game, game.setup(2, seed), lambda state, seat, number: decide(
        game, ais[seat][0], state, seat, level, decision_seed(seed, number), ais[seat][1]))
    return {"hero": hero, "result": game.result(state)}


class VersusResults(Results):
    """Head-to-head games kept in a JSON-lines file (see the module's docstring for a game's identity)."""

    def identity(self, job: tuple) -> str:
        game_key, source, level, seed, hero, written = job
        rival = hashlib.sha256(source.encode()).hexdigest()[:16]
        budgets = [level_budget(game_key, level, 2).written(),
                   rival_budget(rival_module(game_key, source), level, written).written()]
        return json.dumps([ai_fingerprint(game_key), rival, game_key, level, budgets, seed, hero],
                          separators=(",", ":"))

    def earlier_versions(self, jobs: list[tuple]) -> dict[str, list[tuple[str, tuple]]]:
        """The games of ``jobs`` recorded with the latest other fingerprint of the working tree's AI
        (the same revision, level, budgets, seed and seat; the one whose games come last in the
        file), by fingerprint: each game's line id and its job."""
        recorded: dict[str, list[str]] = {}
        for ident in self.known:
            recorded.setdefault(json.dumps(json.loads(ident)[1:]), []).append(ident)
        found: dict[str, list[tuple[str, tuple]]] = {}
        for job in jobs:
            today = self.identity(job)
            if today in self.known:
                continue
            for ident in recorded.get(json.dumps(json.loads(today)[1:]), []):
                found.setdefault(json.loads(ident)[0], []).append((ident, job))
        return self.latest(found)


def one_pairing(ident: str) -> str:
    """The pairing of a versus game for :func:`keep_replayed`: every game of a run is the same one."""
    return ""


def versus(game_key: str, source: str, levels: dict[str, Budget], level: str, seeds: range, workers: int,
           minutes: float | None, results: VersusResults, adopt: int = 0) -> list[dict]:
    """The games of ``seeds``, played or read from ``results``; with ``adopt`` N, games recorded with an
    earlier version of the working tree's AI are kept if N replays of them give the recorded results."""
    jobs = [(game_key, source, level, seed, seed % 2, levels[level].written()) for seed in seeds]
    if adopt:
        keep_replayed(results, game_key, results.earlier_versions(jobs), one_pairing, adopt, workers, play)
    return run(jobs, workers, minutes, play, results)


def report(outcomes: list[dict], level: str, asked: int) -> None:
    finished = [outcome for outcome in outcomes if outcome["result"] is not None]
    wins = sum(win_share(o["result"], o["hero"]) for o in finished)
    margin = sum(score_margin(o["result"], o["hero"]) for o in finished) / max(1, len(finished))
    low, high = wilson(wins, len(finished))
    goal = f"goal >= {GOAL[level]:.0%}" if level in GOAL else "no goal"
    print(f"  working tree wins {wins / max(1, len(finished)):6.1%}  [{low:.1%}, {high:.1%}] of {len(finished)}"
          f" games  margin {margin:+.1f}  {goal}  (unfinished {len(outcomes) - len(finished)},"
          f" not played {asked - len(outcomes)})")
    for side, name in ((True, "working tree"), (False, "revision")):
        totals: dict[str, list[float]] = {}
        for outcome in finished:
            seat = outcome["hero"] if side else 1 - outcome["hero"]
            entry = next(e for e in outcome["result"]["scores"] if e["seat"] == seat)
            for category, points in {**entry["breakdown"], "total": entry["total"]}.items():
                totals.setdefault(category, []).append(points)
        means = "  ".join(f"{category} {sum(points) / len(finished):.1f}" for category, points in totals.items())
        print(f"  {name:>12}: {means}")
        if "leaders" in totals and len(totals["leaders"]) > 1:
            points = totals["leaders"]
            spread = Z95 * statistics.stdev(points) / math.sqrt(len(points))
            print(f"  {'':>12}  leader points per game {statistics.fmean(points):.2f}"
                  f"  [{statistics.fmean(points) - spread:.2f}, {statistics.fmean(points) + spread:.2f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=games.keys())
    parser.add_argument("--against", metavar="REVISION", help="a git revision, e.g. main")
    parser.add_argument("--level", choices=sorted(LEVELS), default="normal")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=5000, help="another sample of games: e.g. 5100")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--minutes", type=float, help="start no new game after this long")
    parser.add_argument("--results", type=Path, default=RESULTS_FILE,
                        help="the JSON-lines file of finished games: reused, and added to as games finish")
    parser.add_argument("--adopt", type=int, default=0, metavar="N",
                        help="replay N games recorded with an earlier version of the working tree's AI, and"
                             " keep them all if every replay gives the recorded result")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: one easy game of Masters against the AI of HEAD, recorded nowhere")
    args = parser.parse_args()
    if args.quick:
        args.game, args.against, args.games, args.level, args.results = "mor", "HEAD", 1, "easy", None
    if args.game is None or args.against is None:
        parser.error("--game and --against are needed (or --quick)")
    print(f"{games.get(args.game).title} ({args.game}) at {args.level}: the working tree against {args.against},"
          f" {args.games} games from seed {args.first_seed}")
    seeds = range(args.first_seed, args.first_seed + args.games)
    outcomes = versus(args.game, revision_source(args.game, args.against), revision_levels(args.against),
                      args.level, seeds, args.jobs, args.minutes, VersusResults(args.results), args.adopt)
    report(outcomes, args.level, args.games)


if __name__ == "__main__":
    main()
