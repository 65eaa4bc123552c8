"""Final scoring and tie-breaks (OM-SCORE, OM-TIE), with TS-19, TS-27, TS-28, TS-29 and TS-34."""

from __future__ import annotations

import pytest

from games.opera import GAME, scoring
from games.opera import rules as R
from games.opera.data import DATA, RAW
from opera.helpers import fixture, new_game


def tokens_on_opera(state, seat, levels):
    """Put ``seat``'s tokens on worksites of the given levels (first free columns)."""
    used = {1: 0, 2: 0, 3: 0}
    for level in levels:
        state["opera"][level - 1][used[level]]["by"].append(seat)
        used[level] += 1


def finished(players=4):
    state = new_game(players)
    for seat in range(players):
        fixture(state, seat, building=[])
    state["phase"] = "over"
    return state


def ts34_state():
    state = finished(4)
    fixture(state, 0, vp=14, cert={"L": 6, "W": 3, "M": 8, "S": 5},
            slots={"left-small": ["S04", "S05"], "left-medium": ["M01"], "right-small": ["S01"],
                   "right-large": ["L10"]},
            building=[{"id": "M04", "covered": "bp"}])
    tokens_on_opera(state, 0, [1, 1, 2, 3])
    for seat, count in ((1, 4), (2, 2), (3, 0)):
        levels = [1, 1, 2, 2][:count] if seat == 1 else [1, 2][:count]
        tokens_on_opera(state, seat, levels)
    return state


def test_OM_SCORE_1_to_8_and_TS_34_full_final_score(monkeypatch):
    """OM-SCORE-1, OM-SCORE-2, OM-SCORE-3, OM-SCORE-4, OM-SCORE-5, OM-SCORE-6, OM-SCORE-7, OM-SCORE-8,
    OM-SCORE-9, OM-COMP-5, TS-34: 14 + 13 + 4 + 8 + 5 + 2 + 4 + 7 = 57 with the specification's L10
    (1 VP per completed building)."""
    monkeypatch.setitem(DATA.buildings["L10"], "effect", {"trigger": "END", "per": "buildings", "vp": 1})
    result = GAME.result(ts34_state())
    breakdown = result["scores"][0]["breakdown"]
    assert breakdown == {"game": 14, "buildings": 13, "evolution": 4, "certificates": 8, "blue": 5,
                         "unfinished": 2, "opera": 4, "worksites": 7}
    assert result["scores"][0]["total"] == 57
    assert result["winners"] == [0]


def test_TS_34_with_the_adjusted_L10():
    """TS-34 with the shipped data: L10 scores 1 VP per 2 completed buildings (5 // 2 = 2), so 54."""
    result = GAME.result(ts34_state())
    assert result["scores"][0]["breakdown"]["blue"] == 2 and result["scores"][0]["total"] == 54


@pytest.mark.parametrize("occupied,vp", [(0, 0), (1, 0), (2, 1), (3, 2), (4, 4), (5, 7), (6, 10)])
def test_OM_SCORE_3_and_TS_27_workshop_evolution(occupied, vp):
    """OM-SCORE-3, TS-27."""
    state = finished(2)
    keys = ["left-small", "left-medium", "left-large", "right-small", "right-medium", "right-large"]
    cards = ["S05", "M05", "L05", "S01", "M01", "L01"]
    fixture(state, 0, slots={k: [c] for k, c in zip(keys[:occupied], cards[:occupied])})
    assert scoring.score(state, state["seats"][0])["evolution"] == vp


def test_OM_SCORE_4_and_TS_19_certificate_levels():
    """OM-SCORE-4, OM-GOODS-9, TS-19: L 5, W 6, S 3, M 4 score 2 + 2 + 1 + 1."""
    state = finished(2)
    fixture(state, 0, cert={"L": 5, "W": 6, "S": 3, "M": 4})
    assert scoring.score(state, state["seats"][0])["certificates"] == 6
    assert R.levels(state, state["seats"][0]) == {"b": 2, "p": 2, "c": 1, "g": 1}


def test_OM_SCORE_5_blue_buildings_either_side():
    """OM-SCORE-5, Q-19, U-04: each END formula, and the blue_scores_on_left option."""
    state = finished(2)
    fixture(state, 0, raw={"L": 5, "W": 4, "M": 0, "S": 0}, cert={"L": 8, "W": 8},
            slots={"left-small": ["S10", "S01"], "right-small": ["S11", "S04"], "left-medium": ["M10"],
                   "right-medium": ["M12", "M11"], "left-large": ["L11"], "right-large": ["L12"]})
    tokens_on_opera(state, 0, [1, 2])
    blue = scoring.score(state, state["seats"][0])["blue"]
    # S10 1 yellow; S11 1 green; M10 2 x 3 right slots; M12 2 x 2 level-3; and, with the adjusted
    # PDS-0 values: M11 1 per 2 worksites (2); L11 2 x 3 full rows; L12 9 raw // 4 = 2
    assert blue == 1 + 1 + 6 + 4 + 1 + 6 + 2
    state["options"]["blue_scores_on_left"] = False
    assert scoring.score(state, state["seats"][0])["blue"] == 1 + 4 + 1 + 2


def test_OM_SCORE_6_unfinished_buildings_score_their_tokens():
    """OM-SCORE-6."""
    state = finished(2)
    fixture(state, 0, building=[{"id": "L01", "covered": "bbp"}, {"id": "S01", "covered": "b"}])
    assert scoring.score(state, state["seats"][0])["unfinished"] == 4


def test_OM_SCORE_7_and_TS_28_opera_majority():
    """OM-SCORE-7, TS-28."""
    state = finished(4)
    for seat, levels in ((0, [1, 1, 1, 1, 2]), (1, [2, 2, 3]), (2, [3, 3, 3]), (3, [])):
        tokens_on_opera(state, seat, levels)
    assert [scoring.score(state, p)["opera"] for p in state["seats"]] == [6, 2, 2, 0]
    two = finished(2)
    tokens_on_opera(two, 0, [1, 2])
    tokens_on_opera(two, 1, [1, 2])
    assert [scoring.score(two, p)["opera"] for p in two["seats"]] == [0, 0]


def test_OM_SCORE_8_worksites_by_level():
    """OM-SCORE-8."""
    state = finished(2)
    tokens_on_opera(state, 0, [1, 2, 3])
    assert scoring.score(state, state["seats"][0])["worksites"] == 6


def test_OM_SCORE_10_raw_goods_score_nothing_themselves():
    """OM-SCORE-10."""
    state = finished(2)
    fixture(state, 0, raw=dict.fromkeys(RAW, 7), cert=dict.fromkeys(RAW, 8))
    low = finished(2)
    fixture(low, 0, raw=dict.fromkeys(RAW, 0), cert=dict.fromkeys(RAW, 8))
    assert scoring.score(state, state["seats"][0]) == scoring.score(low, low["seats"][0])


def tied_pair(levels_a, levels_b, raw_a=3, raw_b=3):
    state = finished(2)
    fixture(state, 0, raw={"L": raw_a, "W": 0, "M": 0, "S": 0}, cert={"L": 4})
    fixture(state, 1, raw={"L": raw_b, "W": 0, "M": 0, "S": 0}, cert={"L": 4})
    tokens_on_opera(state, 0, levels_a)
    for level in levels_b:
        row = state["opera"][level - 1]
        next(s for s in reversed(row) if 1 not in s["by"])["by"].append(1)
    return state


def test_OM_TIE_1_most_worksite_tokens():
    """OM-TIE-1: scores tied, more worksite tokens wins."""
    state = tied_pair([1, 1, 1], [3])
    totals = [s["total"] for s in GAME.result(state)["scores"]]
    state["seats"][1]["vp"] += totals[0] - totals[1]
    result = GAME.result(state)
    assert result["scores"][0]["total"] == result["scores"][1]["total"]
    assert result["winners"] == [0]


def test_OM_TIE_2_and_TS_29a_level_3_then_level_2():
    """OM-TIE-2, TS-29 (a)."""
    state = tied_pair([1, 1, 2, 3], [1, 2, 2, 2])
    totals = [s["total"] for s in GAME.result(state)["scores"]]
    state["seats"][1]["vp"] += totals[0] - totals[1]
    result = GAME.result(state)
    assert result["scores"][0]["total"] == result["scores"][1]["total"]
    assert result["winners"] == [0]


def test_OM_TIE_3_and_TS_29b_raw_goods():
    """OM-TIE-3, TS-29 (b)."""
    state = tied_pair([1, 2, 2, 3], [1, 2, 2, 3], raw_a=3, raw_b=2)
    result = GAME.result(state)
    assert result["scores"][0]["total"] == result["scores"][1]["total"]
    assert result["winners"] == [0] and result["ranking"] == [[0], [1]]


def test_OM_TIE_4_shared_victory():
    """OM-TIE-4, U-18."""
    state = tied_pair([1, 2], [1, 2])
    result = GAME.result(state)
    assert result["winners"] == [0, 1] and result["ranking"] == [[0, 1]]
