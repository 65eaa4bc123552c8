"""No acknowledged move is lost or applied twice when the bot is killed at any moment.

A few SIGKILLs here; ``python bench/reliability.py --kills 1000`` runs the long version.
"""

from __future__ import annotations

from tests.reliability.crash import run_kills


def test_sigkill_at_random_moments_loses_and_doubles_nothing(tmp_path):
    figures = run_kills(tmp_path, kills=6, seed=2026)
    assert figures.problems == []
    assert figures.kills == 6 and figures.acknowledged > 0 and figures.games >= 3
    assert (figures.lost, figures.doubled, figures.damaged) == (0, 0, 0)
