"""The rulebook's four worked examples (LIM-TEST-1..4) and the setup scenario LIM-TEST-5."""

from __future__ import annotations

import pytest

from games.core import IllegalAction

from .helpers import G, delta, dice, excommunicate, holdings, leaders, new, own, play, put, res, turn_of


def harvest_position(servants: int = 2) -> dict:
    state = turn_of(new(), 0)
    dice(state, white=3)
    own(state, 0, "Forest", "Manor House", "Marble Pit", "Monastery")
    return holdings(state, 0, servants=servants)


def test_LIM_TEST_1_harvest_at_value_3_plus_2_servants():
    """LIM-TEST-1, LIM-HARVEST-5, LIM-HARVEST-6, LIM-HARVEST-7, LIM-PLACE-6, LIM-SETUP-12."""
    state = harvest_position()
    before = res(state, 0)
    after = res(play(state, 0, "place white harvest-1 servants:2"), 0)
    assert delta(before, after) == {"wood": 4, "stone": 3, "servants": 1, "mp": 2, "vp": 1}
    assert after["servants"] == 3 and after["fp"] == 0


def test_LIM_TEST_1_variant_third_servant_reaches_monastery_and_fourth_is_refused():
    """LIM-TEST-1 variant, LIM-PLACE-8: no activation value above 6."""
    state = harvest_position(servants=4)
    after = res(play(state, 0, "place white harvest-1 servants:3"), 0)
    assert after["fp"] == 1 and after["stone"] == 4
    with pytest.raises(IllegalAction) as err:
        play(harvest_position(servants=4), 0, "place white harvest-1 servants:4")
    assert err.value.rule == "LIM-PLACE-8"


def production_position(servants: int = 0, coins: int = 0, wood: int = 0) -> dict:
    state = turn_of(new(), 0)
    dice(state, white=6)
    own(state, 0, "Treasury", "Carpenter's Shop", "Fortress")
    return holdings(state, 0, servants=servants, coins=coins, wood=wood)


def test_LIM_TEST_2a_tile_coins_cannot_pay_an_exchange():
    """LIM-TEST-2 (a), LIM-PROD-3, LIM-PROD-5, LIM-PROD-6: value 6 - 3 = 3 on the second space."""
    state = play(production_position(), 0, "place white production-2")
    assert res(state, 0)["coins"] == 2 and res(state, 0)["mp"] == 1
    assert not state["pending"], "Treasury cannot be paid from the tile's coins: nothing to decide"
    assert state["turn"]["seat"] != 0


def test_LIM_TEST_2b_treasury_exchange_one_arrow_only():
    """LIM-TEST-2 (b), LIM-PROD-7, LIM-EFFECT-6: one Treasury arrow, paid with coins held before."""
    state = play(production_position(coins=2), 0, "place white production-2")
    legal = [G.notation(a) for a in G.legal_actions(state, 0)]
    assert legal == ["exchange none", "exchange 1", "exchange 2"]
    after = play(state, 0, "exchange 2")
    assert delta(res(state, 0), res(after, 0)) == {"coins": -2, "vp": 5}
    assert res(after, 0)["coins"] == 2 and res(after, 0)["mp"] == 1
    assert not after["pending"]


def test_LIM_TEST_2c_carpenter_coins_cannot_pay_treasury():
    """LIM-TEST-2 (c), LIM-PROD-6."""
    state = play(production_position(servants=1, wood=2), 0, "place white production-2 servants:1")
    # Treasury cannot be paid from the snapshot (0 coins), so only Carpenter's Shop asks.
    assert state["pending"][0]["cards"] == [29]
    state = play(state, 0, "exchange 2")
    assert res(state, 0)["coins"] == 7 and res(state, 0)["wood"] == 0
    assert not state["pending"], "the 5 new coins cannot pay Treasury"


def test_LIM_TEST_2d_fortress_and_both_exchanges():
    """LIM-TEST-2 (d): value 5 also activates Fortress (2 VP + privilege)."""
    state = production_position(servants=2, coins=2, wood=2)
    before = res(state, 0)
    state = play(state, 0, "place white production-2 servants:2")
    assert state["pending"][0]["kind"] == "privileges"
    state = play(state, 0, "privilege faith")
    state = play(state, 0, "exchange 2", "exchange 2")
    assert delta(before, res(state, 0)) == {"coins": 5, "wood": -2, "vp": 7, "mp": 1, "servants": -2, "fp": 1}


def test_LIM_TEST_2e_and_f_servant_limit_and_two_player_space():
    """LIM-TEST-2 (e) and (f), LIM-PROD-2, LIM-PLACE-8."""
    with pytest.raises(IllegalAction) as err:
        play(production_position(servants=3), 0, "place white production-2 servants:3")
    assert err.value.rule == "LIM-PLACE-8"
    two = turn_of(new(players=2), 0)
    dice(two, white=6)
    with pytest.raises(IllegalAction) as err:
        play(two, 0, "place white production-2")
    assert err.value.rule == "LIM-PROD-2"


def vatican_position(red_fp: int, green_fp: int) -> dict:
    """Round 2 with only the last turn left: seat 0 (red) and seat 1 (green) answer the report."""
    state = new(players=2)
    state["round"] = 2
    state["queue"] = []
    turn_of(state, 0)
    state["turn"]["placed"] = True
    holdings(state, 0, fp=red_fp)
    holdings(state, 1, fp=green_fp)
    return state


def test_LIM_TEST_3_vatican_report_round_2():
    """LIM-TEST-3, LIM-VATICAN-2, LIM-VATICAN-3, LIM-VATICAN-4, LIM-VATICAN-5, LIM-VATICAN-6,
    LIM-VATICAN-11."""
    state = play(vatican_position(2, 3), 0, "end")
    assert state["phase"] == "vatican" and G.actors(state) == {1}
    tile = state["excommunications"][0]
    assert state["seats"][0]["excommunicated"] == [tile] and res(state, 0)["fp"] == 2
    refused = play(state, 1, "report refuse")
    assert refused["seats"][1]["excommunicated"] == [tile] and res(refused, 1)["fp"] == 3
    supported = play(state, 1, "report support")
    assert res(supported, 1)["vp"] == 3 and res(supported, 1)["fp"] == 0
    assert supported["round"] == 3
    sisto = vatican_position(2, 3)
    leaders(sisto, 1, "sisto")
    sisto["options"]["advanced"] = True
    sisto = play(play(sisto, 0, "end"), 1, "report support")
    assert res(sisto, 1)["vp"] == 8


def test_LIM_TEST_4_santa_rita_and_coin_excommunication():
    """LIM-TEST-4, LIM-LEADER-38, LIM-EXCOMM-5, LIM-EXCOMM-12: 1 x 2 - 1 = 1; City 3 x 2 - 1 = 5."""
    for name, with_rita, expected in [("City", True, 5), ("City", False, 2), ("Gold Mine", True, 1)]:
        state = turn_of(new(advanced=True), 0)
        dice(state, white=1)
        put(state, "green-1", name)
        holdings(state, 0)
        excommunicate(state, 0, "E1-2")
        if with_rita:
            leaders(state, 0, "santa-rita")
        state = play(state, 0, "place white green-1")
        assert res(state, 0)["coins"] == expected, name


def test_LIM_TEST_5_setup_resources_by_turn_order():
    """LIM-TEST-5, LIM-SETUP-9, LIM-SETUP-11, LIM-SETUP-8, LIM-SETUP-10."""
    four = G.setup(4, 3, {})
    assert [s["res"]["coins"] for s in four["seats"]] == [5, 6, 7, 8]
    for seat in four["seats"]:
        assert (seat["res"]["wood"], seat["res"]["stone"], seat["res"]["servants"]) == (2, 2, 3)
        assert seat["res"]["vp"] == seat["res"]["mp"] == seat["res"]["fp"] == 0
        assert seat["tile"] == "basic" and len(seat["members"]) == 4
    assert four["order"] == [0, 1, 2, 3]
    assert [s["res"]["coins"] for s in G.setup(2, 3, {})["seats"]] == [5, 6]
