"""The shared engine core: RNG, options, results, registry."""

import pytest

import games
from games.core import IllegalAction, OptionSpec, Rng, make_result


def test_rng_is_deterministic_and_serialisable():
    a, b = {"rng": 42}, {"rng": 42}
    draws_a = [Rng(a).below(10) for _ in range(50)]
    draws_b = [Rng(b).below(10) for _ in range(50)]
    assert draws_a == draws_b and a == b
    assert set(draws_a) == set(range(10))


def test_rng_shuffle_is_a_permutation():
    holder = {"rng": 7}
    items = list(range(20))
    Rng(holder).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


def test_option_spec_refuses_unknown_values():
    spec = OptionSpec("advanced", "Advanced rules", False)
    assert spec.validate(True) is True
    with pytest.raises(IllegalAction) as err:
        spec.validate("maybe")
    assert err.value.rule == "CORE-OPTION"


def test_make_result_ranks_with_tiebreak():
    result = make_result([10, 12, 12, 3], [{}, {}, {}, {}], tiebreak=[0, 1, 5, 0])
    assert result["ranking"] == [[2], [1], [0], [3]]
    assert result["winners"] == [2]
    tied = make_result([5, 5], [{}, {}])
    assert tied["ranking"] == [[0, 1]]


def test_unknown_game_is_refused():
    with pytest.raises(IllegalAction) as err:
        games.get("chess")
    assert "no game called 'chess'" in str(err.value)
    assert err.value.rule == "CORE-GAME"
