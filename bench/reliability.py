"""Reliability figures: crash safety under SIGKILL, kills during the timeout ladder and move-text
fuzzing, for docs/reliability.md.

    python bench/reliability.py                      # 1,000 kills, 300 ladder kills, 100,000 fuzz cases per game
    python bench/reliability.py --kills 50 --ladder-kills 20 --fuzz 5000
    python bench/reliability.py --quick              # a few of each, a smoke run

Goals (docs/reliability.md): 0 acknowledged moves lost, 0 applied twice, 0 damaged games after
any kill; after a kill during the timeout ladder, 0 turns half played, 0 struck twice, 0 passed
deadlines left unplayed by the first timer pass; 0 tracebacks and 0 state changes on refusal in
the fuzzing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games  # noqa: E402
from tests.reliability.crash import KillFigures, run_kills  # noqa: E402
from tests.reliability.fuzz import fuzz  # noqa: E402
from tests.reliability.ladder import run_ladder_kills  # noqa: E402

QUICK = {"kills": 2, "ladder_kills": 2, "fuzz": 50}


def kill_run(title: str, run: Callable[[Path, int, int], KillFigures], kills: int, seed: int,
             goal: str) -> bool:
    """Run ``kills`` kills in a temporary folder and print the figures; whether any goal was missed."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as workdir:
        figures = run(Path(workdir), kills, seed)
    print(f"{title}: {figures.line()} in {time.perf_counter() - started:.0f} s (goal: {goal})")
    for problem in figures.problems[:10]:
        print("  ", problem)
    return figures.failed()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=1000, help="SIGKILLs of the crash driver (0: skip)")
    parser.add_argument("--ladder-kills", type=int, default=300,
                        help="SIGKILLs during the timeout ladder, each followed by a restart (0: skip)")
    parser.add_argument("--fuzz", type=int, default=100_000, help="fuzz cases per game (0: skip)")
    parser.add_argument("--quick", action="store_true",
                        help=f"small sizes: {QUICK['kills']} kills, {QUICK['ladder_kills']} ladder kills, "
                             f"{QUICK['fuzz']} fuzz cases per game")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.quick:
        vars(args).update(QUICK)
    failed = False
    if args.kills:
        failed |= kill_run("crash safety", run_kills, args.kills, args.seed, "0 lost, 0 doubled, 0 damaged")
    if args.ladder_kills:
        failed |= kill_run("timeout ladder", run_ladder_kills, args.ladder_kills, args.seed,
                           "0 half played, 0 struck twice, 0 left unplayed, 0 damaged")
    for key in games.keys() if args.fuzz else ():
        started = time.process_time()
        figures = fuzz(key, args.fuzz, args.seed)
        print(f"fuzz {key}: {figures.cases} cases ({figures.played} played, {figures.refused} refused), "
              f"tracebacks {figures.tracebacks}, state changed on refusal {figures.changed_on_refusal} "
              f"in {time.process_time() - started:.0f} s CPU (goal: 0 and 0)")
        if figures.first_failure:
            print("  first failure:", figures.first_failure)
        failed |= bool(figures.tracebacks or figures.changed_on_refusal)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
