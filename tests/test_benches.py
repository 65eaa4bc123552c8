"""Every bench in ``bench/`` runs to its end in its smoke mode (``--quick``: a few games, moves or
seconds), so a bench cannot silently break. Nothing is asserted about the figures, which depend
on the machine."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from db.postgres import postgres_program
from tests.pg.server import REQUIRED

ROOT = Path(__file__).resolve().parents[1]
NOT_BENCHES = ("stats.py", "screenshots.py")
"""Helpers run by hand: the statistics of the results, and the documentation's pictures (a browser)."""
BENCHES = sorted(path.name for path in (ROOT / "bench").glob("*.py") if path.name not in NOT_BENCHES
                 and not path.name.startswith("_"))


def postgres_installed() -> bool:
    try:
        postgres_program("initdb")
    except FileNotFoundError:
        return REQUIRED  # where PostgreSQL is required, its absence fails the bench
    return True


@pytest.mark.parametrize("bench", BENCHES)
def test_each_bench_runs_to_its_end_in_its_quick_mode(bench):
    arguments = ["--quick"]
    if bench == "scale.py" and not postgres_installed():
        arguments += ["--setups", "sqlite-1"]
    finished = subprocess.run([sys.executable, str(ROOT / "bench" / bench), *arguments], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                              timeout=300)
    assert finished.returncode == 0, f"{finished.stdout[-2000:]}\n{finished.stderr[-3000:]}"
    assert finished.stdout.strip()
