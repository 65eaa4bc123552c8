"""The stand-in's turn is all or nothing: a bot killed at random points of the timeout ladder
leaves no turn half played, and the first timer pass after the restart plays the rest exactly
once, with one strike. A few SIGKILLs here; ``python bench/reliability.py --ladder-kills 300``
runs the long version."""

from __future__ import annotations

from tests.reliability.ladder import run_ladder_kills


def test_sigkill_during_the_timeout_ladder_leaves_no_turn_half_played_or_struck_twice(tmp_path):
    figures = run_ladder_kills(tmp_path, kills=6, seed=2026)
    assert figures.problems == []
    assert figures.kills == 6 and figures.late_turns > 0
    assert (figures.half_played, figures.struck_twice, figures.unplayed, figures.damaged) == (0, 0, 0, 0)
