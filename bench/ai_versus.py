"""Whether a change makes a game's AI stronger: the working tree's AI against that game's AI at a git revision.

    python bench/ai_versus.py --game mor --against main [--level normal] [--games 100] [--first-seed 5000] [--jobs 2]

Two players, seats alternated, seeds ``--first-seed`` onward (5000 unless told), both sides at the
same level and budget. Only ``games/ai/<game>.py`` comes from the revision; the shared search
(``games/ai/search.py``) and the rules engine are the working tree's, so what is compared is one
game's world sampling, estimate and playout policy, the part a change to one game's AI touches.
Prints the working tree's win rate (a shared first place counts half) with its 95 % Wilson interval,
its mean margin, and each side's mean points by scoring category, which shows where a change gains
or loses. There is no goal: this decides whether a change is kept, before the 200-game table of
``bench/ai_strength.py`` is played again with it.
"""

from __future__ import annotations

import argparse
import functools
import subprocess
import sys
import types
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games
from bench.ai_strength import play_out, score_margin, wilson, win_share
from games.ai import LEVELS, decision_seed, game_ai
from games.ai.search import Search

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


def decide(game: games.Game, ai: types.ModuleType, state: dict, seat: int, level: str, seed: int) -> str:
    """What ``ai`` plays for ``seat`` at ``level``: the search :func:`games.ai.decide` runs, with
    the given game module in place of the installed one."""
    view = game.view(state, seat)
    legal = [game.notation(action) for action in game.legal_actions(state, seat)]
    if hasattr(ai, "candidates"):
        legal = ai.candidates(view, legal)
    if len(legal) == 1:
        return legal[0]
    budget = getattr(ai, "BUDGETS", {}).get(level, LEVELS[level])
    search = Search(game, ai, view, seat, legal, budget, seed, None)
    return search.playouts() if budget.playouts else search.look_ahead()[0][1]


def play(job: tuple[str, str, str, int, int]) -> dict:
    """One game of the working tree's AI (seat ``hero``) against the revision's (the other seat)."""
    game_key, source, level, seed, hero = job
    game = games.get(game_key)
    sides = [game_ai(game_key), rival_module(game_key, source)]
    ais = sides if hero == 0 else sides[::-1]
    state = play_out(game, game.setup(2, seed), lambda state, seat, number: decide(
        game, ais[seat], state, seat, level, decision_seed(seed, number)))
    return {"hero": hero, "result": game.result(state)}


def versus(game_key: str, source: str, level: str, seeds: range, workers: int) -> list[dict]:
    jobs = [(game_key, source, level, seed, seed % 2) for seed in seeds]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(play, jobs))


def report(outcomes: list[dict]) -> None:
    finished = [outcome for outcome in outcomes if outcome["result"] is not None]
    wins = sum(win_share(o["result"], o["hero"]) for o in finished)
    margin = sum(score_margin(o["result"], o["hero"]) for o in finished) / max(1, len(finished))
    low, high = wilson(wins, len(finished))
    print(f"  working tree wins {wins / max(1, len(finished)):6.1%}  [{low:.1%}, {high:.1%}] of {len(finished)}"
          f" games  margin {margin:+.1f}  (no goal; unfinished {len(outcomes) - len(finished)})")
    for side, name in ((True, "working tree"), (False, "revision")):
        totals: dict[str, float] = {}
        for outcome in finished:
            seat = outcome["hero"] if side else 1 - outcome["hero"]
            entry = next(e for e in outcome["result"]["scores"] if e["seat"] == seat)
            for category, points in {**entry["breakdown"], "total": entry["total"]}.items():
                totals[category] = totals.get(category, 0) + points
        means = "  ".join(f"{category} {points / max(1, len(finished)):.1f}" for category, points in totals.items())
        print(f"  {name:>12}: {means}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=games.keys())
    parser.add_argument("--against", metavar="REVISION", help="a git revision, e.g. main")
    parser.add_argument("--level", choices=sorted(LEVELS), default="normal")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=5000, help="another sample of games: e.g. 5100")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: one easy game of Masters against the AI of HEAD")
    args = parser.parse_args()
    if args.quick:
        args.game, args.against, args.games, args.level = "mor", "HEAD", 1, "easy"
    if args.game is None or args.against is None:
        parser.error("--game and --against are needed (or --quick)")
    print(f"{games.get(args.game).title} ({args.game}) at {args.level}: the working tree against {args.against},"
          f" {args.games} games from seed {args.first_seed}")
    seeds = range(args.first_seed, args.first_seed + args.games)
    report(versus(args.game, revision_source(args.game, args.against), args.level, seeds, args.jobs))


if __name__ == "__main__":
    main()
