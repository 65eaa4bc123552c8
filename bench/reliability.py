"""Reliability figures: crash safety under SIGKILL and move-text fuzzing, for docs/reliability.md.

    python bench/reliability.py                      # 1,000 kills and 100,000 fuzz cases per game
    python bench/reliability.py --kills 50 --fuzz 5000

Goals (docs/reliability.md): 0 acknowledged moves lost, 0 applied twice, 0 damaged games after
any kill; 0 tracebacks and 0 state changes on refusal in the fuzzing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games  # noqa: E402
from tests.reliability.crash import run_kills  # noqa: E402
from tests.reliability.fuzz import fuzz  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=1000, help="SIGKILLs of the crash driver (0: skip)")
    parser.add_argument("--fuzz", type=int, default=100_000, help="fuzz cases per game (0: skip)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 1 kill, 20 fuzz cases per game")
    args = parser.parse_args()
    if args.quick:
        args.kills, args.fuzz = 1, 20
    failed = False
    if args.kills:
        started = time.perf_counter()
        with tempfile.TemporaryDirectory() as workdir:
            figures = run_kills(Path(workdir), args.kills, args.seed)
        print(f"crash safety: {figures.line()} in {time.perf_counter() - started:.0f} s "
              f"(goal: 0 lost, 0 doubled, 0 damaged)")
        for problem in figures.problems[:10]:
            print("  ", problem)
        failed |= bool(figures.lost or figures.doubled or figures.damaged)
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
