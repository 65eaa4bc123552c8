"""Fuzzing move texts with hypothesis: no traceback and no state change on refusal, for every game.

``python bench/reliability.py --fuzz 100000`` runs the long version and prints the figures.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from tests.reliability.fuzz import FuzzFigures, fuzz, mid_game_states, near_miss, try_text

POSITIONS = {key: mid_game_states(key, seed=17, count=12) for key in games.keys()}


def legal_texts(key: str, index: int) -> list[str]:
    game = games.get(key)
    state, seat = POSITIONS[key][index]
    return [game.notation(a) for a in game.legal_actions(state, seat)]


@pytest.mark.parametrize("key", games.keys())
@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_text_is_played_or_refused_cleanly(key, data):
    index = data.draw(st.integers(0, len(POSITIONS[key]) - 1))
    state, seat = POSITIONS[key][index]
    text = data.draw(st.one_of(
        st.text(max_size=60),
        st.sampled_from(legal_texts(key, index)).flatmap(
            lambda legal: st.randoms(use_true_random=False).map(lambda r: near_miss(legal, r))),
    ))
    figures = FuzzFigures()
    try_text(key, state, seat, text, figures)
    assert (figures.tracebacks, figures.changed_on_refusal) == (0, 0), figures.first_failure


@pytest.mark.parametrize("key", games.keys())
def test_a_thousand_near_misses_per_game(key):
    figures = fuzz(key, cases=1000, seed=3, positions=15)
    assert figures.first_failure == ""
    assert figures.tracebacks == 0 and figures.changed_on_refusal == 0
    assert figures.refused > 0 and figures.cases == 1000
