"""Lorenzo il Magnifico's and Opera Magna's position estimates apply the final scoring now: what the
end of the game will count (a period III excommunication's loss, a worksite's points) counts."""

from __future__ import annotations

import games
from games.ai import lim, opera
from games.core import clone

LIM, OPERA = games.get("lim"), games.get("opera")


def test_lim_resources_count_against_a_seat_that_loses_a_point_for_each():
    """LIM-EXCOMM-37 (E3-7): a seat excommunicated with E3-7 loses a point per resource at the end,
    so five more coins make its position worse, where for anyone else they make it better."""
    state = LIM.setup(2, 4)
    state["seats"][0]["res"]["vp"] = 30  # enough points to lose (LIM-OQ-15: no score below 0)
    richer = clone(state)
    richer["seats"][0]["res"]["coins"] += 5
    assert lim.evaluate(richer, 0) > lim.evaluate(state, 0)
    state["seats"][0]["excommunicated"] = ["E3-7"]
    richer["seats"][0]["excommunicated"] = ["E3-7"]
    assert lim.evaluate(richer, 0) < lim.evaluate(state, 0)


def test_opera_a_worksite_token_counts_its_points_before_the_end():
    """OM-SCORE-8: each worksite holding a seat's token scores its level; the estimate counts it now."""
    state = OPERA.setup(2, 4)
    site = state["opera"][2][0]
    held = clone(state)
    held["opera"][2][0] = {**site, "by": [*site["by"], 0]}
    assert opera.evaluate(held, 0) - opera.evaluate(state, 0) >= 3
