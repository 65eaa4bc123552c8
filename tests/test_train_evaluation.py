"""The training bench's fit: least squares of the points still to come, each weight of the sign it
is given, the constant free (``bench/train_evaluation.py``)."""

from __future__ import annotations

import random

import pytest

from bench.train_evaluation import bounded_solve, errors, fit, play
from games.ai import lim, lim_weights


def samples(rule, count=400, seed=3):
    """``count`` positions of key (2, 1) with two features; the points to come follow ``rule``."""
    chance = random.Random(seed)
    made = []
    for _ in range(count):
        x = (chance.uniform(0, 10), chance.uniform(0, 5))
        now = chance.uniform(0, 40)
        made.append(((2, 1), x, now + rule(*x), now))
    return made


def test_the_fit_recovers_the_weights_the_points_to_come_follow():
    (weights,) = fit(samples(lambda a, b: 2 * a + 0.5 * b + 7), (1, 1)).values()
    assert weights == pytest.approx((2, 0.5, 7), abs=0.02)


def test_a_weight_kept_non_negative_stops_at_zero_and_the_others_are_fitted_as_without_its_feature():
    made = samples(lambda a, b: -1 * a + 3 * b + 20)
    (weights,) = fit(made, (1, 0)).values()
    (without,) = fit([(key, x[1:], final, now) for key, x, final, now in made], (0,)).values()
    assert weights[0] == 0
    assert weights[1:] == pytest.approx(without, abs=1e-3)


def test_a_free_weight_may_be_negative():
    (weights,) = fit(samples(lambda a, b: -1 * a + 3 * b + 20), (0, 0)).values()
    assert weights == pytest.approx((-1, 3, 20), abs=0.05)


def test_bounded_solve_is_the_plain_solution_when_no_bound_binds():
    matrix = [[4.0, 1.0], [1.0, 3.0]]
    assert bounded_solve(matrix, [1.0, 2.0], (0, 0)) == pytest.approx([1 / 11, 7 / 11])


def test_a_self_play_game_gives_the_same_samples_every_time_labelled_with_the_points_to_come():
    """The same command always writes the same weights: its games are replayed from their seeds."""
    weights = {key: lim.HAND_SET_WEIGHTS for key in lim_weights.WEIGHTS}
    first = play(("lim", 2, 3, "easy", weights))
    assert first == play(("lim", 2, 3, "easy", weights))
    finals = {final for _, _, final, _ in first}
    assert len(finals) <= 2 and all(final >= now for _, _, final, now in first[-2:])
    assert {key for key, *_ in first} == {(2, round_) for round_ in range(1, 7)}
    assert lim_weights.WEIGHTS != weights  # the shipped weights are back


def test_the_held_out_errors_leave_out_a_game_stopped_unfinished():
    made = samples(lambda a, b: a + b)
    weights = fit(made, (1, 1))
    assert errors([[], made[:4]], weights, weights)[2]["samples"] == 4
