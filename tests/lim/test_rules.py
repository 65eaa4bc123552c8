"""One or more tests per rule ID not already covered by a worked example or scenario."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.lim import effects, rounds, scoring, towers, vatican, work
from games.lim.data import BONUS_TILES, CARDS, EXCOMMUNICATIONS, LEADERS
from games.lim.leaders import requirements_met

from .helpers import (
    BY_NAME,
    G,
    delta,
    dice,
    excommunicate,
    holdings,
    leaders,
    legal,
    new,
    occupy,
    own,
    play,
    put,
    refused,
    res,
    turn_of,
)


# ------------------------------------------------------------------------ overview, components
def test_LIM_OVER_1_two_to_four_players_and_LIM_OVER_6_basic_and_advanced():
    """LIM-OVER-1, LIM-OVER-6, LIM-ADV-1."""
    assert (G.min_players, G.max_players) == (2, 4)
    assert {spec.name for spec in G.options} == {"advanced", "leader_types"}
    assert G.setup(2, 1, {})["phase"] == "actions"
    assert G.setup(2, 1, {"advanced": True})["phase"] == "tiles"


def test_LIM_OVER_2_six_rounds_LIM_ROUND_1_periods_LIM_ROUND_10_and_LIM_OVER_5_final_scoring():
    """LIM-OVER-2, LIM-OVER-5, LIM-ROUND-1, LIM-ROUND-10, LIM-ROUND-5, LIM-ENDROUND-5."""
    state = new(players=2)
    periods = []
    for expected_round in range(1, 7):
        assert state["round"] == expected_round
        periods.append(vatican.period_of(state))
        state["queue"] = []
        turn_of(state, 0)
        state["turn"]["placed"] = True
        state = play(state, 0, "end")
        if state["phase"] == "vatican":
            for seat in sorted(G.actors(state)):
                state = play(state, seat, "report refuse")
    assert periods == [1, 1, 2, 2, 3, 3]
    assert state["phase"] == "over" and G.result(state) is not None and G.actors(state) == set()


def test_LIM_OVER_3_dice_set_coloured_members_LIM_ROUND_4_LIM_PLACE_2():
    """LIM-OVER-3, LIM-ROUND-4, LIM-PLACE-2, LIM-SETUP-6."""
    state = new(seed=5)
    assert set(state["dice"]) == {"white", "black", "orange"}
    assert all(1 <= v <= 6 for v in state["dice"].values())
    for member in ("white", "black", "orange"):
        assert effects.member_value(state, 0, member) == state["dice"][member]
    seen = {tuple(G.setup(2, seed, {})["dice"].values()) for seed in range(30)}
    assert len(seen) > 10


def test_LIM_OVER_4_LIM_VATICAN_1_report_only_after_even_rounds():
    """LIM-OVER-4, LIM-VATICAN-1, LIM-ROUND-2."""
    state = new(players=2)
    state["queue"] = []
    turn_of(state, 0)
    state["turn"]["placed"] = True
    holdings(state, 0, fp=9)
    after = play(state, 0, "end")
    assert after["round"] == 2 and after["phase"] == "actions"
    after["queue"] = []
    turn_of(after, 0)
    after["turn"]["placed"] = True
    after = play(after, 0, "end")
    assert after["phase"] == "vatican" and after["round"] == 2


def test_LIM_COMP_1_tower_space_must_be_named_exactly():
    """LIM-COMP-1, LIM-EFFECT-11: 'green-02' is not another name for green-2. Accepted, it would put
    the family member on a board space that the tower checks never look at (the 3-coin fee of
    LIM-TOWER-7, the one coloured member per tower of LIM-TOWER-10)."""
    state = dice(turn_of(new(), 0), white=6)
    for space in ("green-02", "green-+2", "green-2 "):
        action = {"type": "place", "member": "white", "space": space, "servants": 0}
        with pytest.raises(IllegalAction) as error:
            G.apply(state, 0, action)
        assert error.value.rule == "LIM-COMP-1"
    decision = {"kind": "take", "types": ["territory"], "value": 6, "discount": {}}
    with pytest.raises(IllegalAction) as error:
        towers.bonus_take_plan(state, 0, decision, {"type": "take", "space": "green-02", "servants": 0})
    assert error.value.rule == "LIM-EFFECT-11"


def test_LIM_COMP_1_spaces_LIM_TOWER_1_towers_LIM_TOWER_2_floor_values():
    """LIM-COMP-1, LIM-TOWER-1, LIM-TOWER-2, LIM-TOWER-5, LIM-HARVEST-1, LIM-PROD-1, LIM-MARKET-1,
    LIM-COUNCIL-1."""
    view = G.view(new(), None)
    assert list(view["towers"]) == ["green", "blue", "yellow", "purple"]
    assert [view["towers"][t]["card_type"] for t in view["towers"]] == [
        "territory",
        "character",
        "building",
        "venture",
    ]
    for tower in view["towers"].values():
        assert [f["value"] for f in tower["floors"]] == [1, 3, 5, 7]
    assert sorted(view["spaces"]) == sorted(
        [
            "harvest-1",
            "harvest-2",
            "production-1",
            "production-2",
            "market-1",
            "market-2",
            "market-3",
            "market-4",
            "council",
        ]
    )


def test_LIM_COMP_2_personal_board_LIM_CARD_7_8_cards_by_type():
    """LIM-COMP-2, LIM-CARD-7, LIM-CARD-8, LIM-CARD-9, LIM-CARD-1."""
    assert len(CARDS) == 96
    for card_type in ("territory", "building", "character", "venture"):
        for period in (1, 2, 3):
            assert sum(1 for c in CARDS.values() if c["type"] == card_type and c["period"] == period) == 8
    for card in CARDS.values():
        if card["type"] == "territory":
            assert card["costs"] == []
        if card["type"] == "character":
            assert all(set(o["pay"]) == {"coins"} for o in card["costs"])
        if card["type"] == "building":
            assert card["costs"] and all(
                set(o["pay"]) <= {"wood", "stone", "servants", "coins"} for o in card["costs"]
            )
        if card["type"] == "venture":
            assert isinstance(card["vp"], int)
    assert set(G.view(new(), 0)["players"][0]["cards"]) == {"territory", "building", "character", "venture"}


def test_LIM_COMP_3_supply_is_unlimited():
    """LIM-COMP-3, LIM-SETUP-5: gains never run out."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    holdings(state, 0, coins=500)
    assert res(play(state, 0, "place white market-1"), 0)["coins"] == 505


# ------------------------------------------------------------------------------------ setup
def test_LIM_SETUP_2_3_decks_by_period_and_LIM_ROUND_3_deal():
    """LIM-SETUP-1, LIM-SETUP-2, LIM-SETUP-3, LIM-ROUND-3."""
    state = G.setup(4, 12, {})
    for tower, card_type in (
        ("green", "territory"),
        ("blue", "character"),
        ("yellow", "building"),
        ("purple", "venture"),
    ):
        dealt = state["towers"][tower]
        deck = state["decks"][card_type]
        assert len(dealt) == 4 and len(deck) == 20
        assert [CARDS[no]["period"] for no in dealt + deck] == [1] * 8 + [2] * 8 + [3] * 8
        assert all(CARDS[no]["type"] == card_type for no in dealt)
    other = G.setup(4, 13, {})
    assert other["towers"] != state["towers"]


def test_LIM_SETUP_4_one_excommunication_tile_per_period_LIM_EXCOMM_1_2():
    """LIM-SETUP-4, LIM-EXCOMM-1, LIM-EXCOMM-2."""
    assert len(EXCOMMUNICATIONS) == 21
    for period in (1, 2, 3):
        assert sum(1 for t in EXCOMMUNICATIONS.values() if t["period"] == period) == 7
    drawn = set()
    for seed in range(20):
        tiles = G.setup(2, seed, {})["excommunications"]
        assert [EXCOMMUNICATIONS[t]["period"] for t in tiles] == [1, 2, 3]
        drawn.update(tiles)
    assert len(drawn) > 10


def test_LIM_SETUP_12_basic_tile_and_LIM_ADV_3_advanced_tiles():
    """LIM-SETUP-12, LIM-ADV-3."""
    assert BONUS_TILES["basic"] == {
        "id": "basic",
        "harvest": {"wood": 1, "stone": 1, "servants": 1},
        "production": {"coins": 2, "mp": 1},
    }
    assert BONUS_TILES["A"]["harvest"] == {"wood": 1, "stone": 1, "mp": 1}
    assert BONUS_TILES["A"]["production"] == {"coins": 2, "servants": 1}
    assert BONUS_TILES["B"]["production"] == {"mp": 2, "servants": 1}
    assert BONUS_TILES["C"]["production"] == {"mp": 2, "coins": 1}
    assert BONUS_TILES["D"]["production"] == {"servants": 2, "coins": 1}


# --------------------------------------------------------------------------------- placement
def test_LIM_PLACE_1_four_members_and_LIM_PLACE_10_each_once_per_round():
    """LIM-PLACE-1, LIM-PLACE-10, LIM-ENDROUND-3."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    assert set(state["seats"][0]["members"]) == {"white", "black", "orange", "neutral"}
    state = play(state, 0, "place white market-1")
    turn_of(state, 0, clear_board=False)
    refused(state, 0, "place white market-2", "LIM-PLACE-10")
    rounds.end_round(state, [])
    assert all(v is None for v in state["seats"][0]["members"].values())
    assert state["board"] == {}


def test_LIM_PLACE_4_minimum_value_and_LIM_PLACE_5_higher_value_may_take_lower():
    """LIM-PLACE-4, LIM-PLACE-5, LIM-TOWER-3, LIM-TOWER-4."""
    state = turn_of(new(), 0)
    dice(state, white=6, black=2)
    put(state, "green-2", "Woods")
    put(state, "green-4", "Forest")
    holdings(state, 0)
    refused(state, 0, "place black green-2 servants:0", "LIM-PLACE-4")
    refused(state, 0, "place white green-4", "LIM-PLACE-4")  # 6 < 7 and no servant held
    assert "place white green-2" in legal(state, 0)


def test_LIM_PLACE_6_servants_raise_the_value_LIM_PLACE_7_paid_with_placement():
    """LIM-PLACE-6, LIM-PLACE-7: servants are paid as part of the placement and cannot pay the cost."""
    state = turn_of(new(), 0)
    dice(state, white=6)
    put(state, "blue-4", "Farmer")  # 3 coins
    holdings(state, 0, servants=1, coins=3)
    after = play(state, 0, "place white blue-4 servants:1")
    assert delta(res(state, 0), res(after, 0)) == {"servants": -1, "coins": -3, "stone": 2}
    refused(state, 0, "place white blue-4 servants:2", "LIM-PLACE-6")


def test_LIM_PLACE_11_single_spaces_and_LIM_PLACE_12_shared_spaces():
    """LIM-PLACE-11, LIM-PLACE-12, LIM-COUNCIL-1."""
    state = turn_of(new(), 0)
    dice(state, white=6, black=6)
    holdings(state, 0)
    occupy(state, "market-1", 1, "white")
    occupy(state, "harvest-1", 1, "black")
    occupy(state, "harvest-2", 1, "white")
    occupy(state, "council", 1, "orange")
    refused(state, 0, "place white market-1", "LIM-PLACE-11")
    refused(state, 0, "place white harvest-1", "LIM-PLACE-11")
    moves = legal(state, 0)
    assert "place white harvest-2" in moves and "place white council" in moves


def test_LIM_OQ_4_neutral_members_never_conflict():
    """LIM-OQ-4, LIM-PLACE-14: two players' neutral members share a tower."""
    state = turn_of(new(), 0)
    occupy(state, "green-1", 1, "neutral")
    state["towers"]["green"][0] = None
    occupy(state, "green-3", 0, "white")
    state["towers"]["green"][2] = None
    holdings(state, 0, servants=3, coins=3)
    assert "place neutral green-2 servants:3" in legal(state, 0)


# ----------------------------------------------------------------------------------- towers
def test_LIM_TOWER_9_illegal_reasons_and_LIM_TOWER_12_empty_floor():
    """LIM-TOWER-9, LIM-TOWER-12, LIM-CARD-3, LIM-CARD-13."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    put(state, "green-1", None)
    put(state, "blue-1", "Warlord")
    holdings(state, 0, coins=1)
    refused(state, 0, "place white green-1", "LIM-TOWER-12")
    refused(state, 0, "place white blue-1", "LIM-CARD-3")
    state["seats"][0]["res"]["coins"] = 2
    after = play(state, 0, "place white blue-1")
    assert res(after, 0)["mp"] == 3 and after["towers"]["blue"][0] is None
    assert BY_NAME["Warlord"] in after["seats"][0]["cards"]["character"]


def test_LIM_CARD_4_paid_resources_and_points_leave():
    """LIM-CARD-4: military points paid move the track back."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    put(state, "purple-1", "Military Campaign")
    holdings(state, 0, mp=3)
    after = play(state, 0, "place white purple-1")
    assert res(after, 0)["mp"] == 1 and res(after, 0)["coins"] == 3


def test_LIM_CARD_14_permanent_effects_by_type():
    """LIM-CARD-14: territories by Harvest, buildings by Production, ventures at the end."""
    for card in CARDS.values():
        assert ("activation" in card) == (card["type"] in ("territory", "building"))
        assert ("vp" in card) == (card["type"] == "venture")
        assert ("permanent" in card) <= (card["type"] == "character")


def test_LIM_CARD_16_LIM_ENDROUND_1_cards_left_are_removed():
    """LIM-CARD-16, LIM-ENDROUND-1."""
    state = new()
    left = [no for t in state["towers"].values() for no in t]
    rounds.end_round(state, [])
    assert all(no in state["removed"] for no in left)
    assert not set(left) & {no for t in state["towers"].values() for no in t}


def test_LIM_EFFECT_1_gain_LIM_EFFECT_2_privilege_LIM_EFFECT_7_multiplier():
    """LIM-EFFECT-1, LIM-EFFECT-2, LIM-EFFECT-7: Paramour counts itself; General counts MP."""
    state = turn_of(new(), 0)
    dice(state, white=1, black=1)
    own(state, 0, "Warlord", "Dame")
    put(state, "blue-1", "Paramour")
    put(state, "blue-2", "General")
    holdings(state, 0, coins=20, servants=2, mp=5)
    after = play(state, 0, "place white blue-1")
    assert res(after, 0)["vp"] == 2 * 3
    turn_of(after, 0, clear_board=False)
    after["board"] = {}
    after = play(after, 0, "place black blue-2")  # Dame: 1 + 2 = 3
    assert res(after, 0)["vp"] == 6 + 2
    knight = turn_of(new(), 0)
    dice(knight, white=1)
    put(knight, "blue-1", "Knight")
    holdings(knight, 0, coins=2)
    knight = play(knight, 0, "place white blue-1")
    assert knight["pending"] == [{"kind": "privileges", "count": 1, "distinct": False}]


def test_LIM_EFFECT_9_value_bonus_from_characters():
    """LIM-EFFECT-9: Warlord +2 to take a territory; Farmer +2 to harvests."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    own(state, 0, "Warlord")
    put(state, "green-2", "Woods")
    holdings(state, 0)
    assert "place white green-2" in legal(state, 0)
    assert work.work_value0(state, 0, "harvest", 1) == 1
    own(state, 0, "Farmer")
    assert work.work_value0(state, 0, "harvest", 1) == 3


def test_LIM_OQ_31_exchanges_are_optional():
    """LIM-OQ-31, LIM-EFFECT-6."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    own(state, 0, "Residence")
    holdings(state, 0, coins=1)
    state = play(state, 0, "place white production-1")
    assert legal(state, 0) == ["exchange none", "exchange 1"]
    after = play(state, 0, "exchange none")
    assert res(after, 0)["coins"] == 3 and not after["pending"]
    used = play(state, 0, "exchange 1")
    assert used["pending"][0]["kind"] == "privileges"


def test_LIM_HARVEST_8_bonus_harvest_and_LIM_OQ_22_below_one_activates_nothing():
    """LIM-HARVEST-8, LIM-PROD-8, LIM-OQ-22, LIM-OQ-8, LIM-LEADER-21, LIM-LEADER-30."""
    state = leader_turn()
    leaders(state, 0, "sforza", "leonardo")
    own(state, 0, "Farmer", "Artisan")
    excommunicate(state, 0, "E1-5")
    holdings(state, 0, servants=5)
    state = play(state, 0, "leader activate sforza")
    assert legal(state, 0) == [
        "harvest",
        "harvest servants:1",
        "harvest servants:2",
        "harvest servants:3",
        "decline",
    ], "Farmer does not apply; value 1 - 3 = -2"
    nothing = play(state, 0, "harvest servants:2")
    assert res(nothing, 0)["wood"] == 0, "value 0 activates nothing"
    enough = play(state, 0, "harvest servants:3")
    assert res(enough, 0)["wood"] == 1
    state = play(enough, 0, "leader activate leonardo")
    state = play(state, 0, "production servants:1")
    assert res(state, 0)["coins"] == 2


def test_LIM_PROD_8_bonus_production_from_a_card():
    """LIM-PROD-8, LIM-EXCOMM-16: Bishop's production at 4 with E1-6 is worth 1."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    put(state, "blue-1", "Bishop")
    own(state, 0, "Chapel")
    holdings(state, 0, coins=6)
    excommunicate(state, 0, "E1-6")
    state = play(state, 0, "place white blue-1", "production")
    assert res(state, 0)["coins"] == 1 + 2 and res(state, 0)["mp"] == 1
    assert not state["pending"], "Chapel needs value 2"


# -------------------------------------------------------------------------------- council
def test_LIM_COUNCIL_2_3_4_5_council_palace():
    """LIM-COUNCIL-2, LIM-COUNCIL-3, LIM-COUNCIL-4, LIM-COUNCIL-5."""
    state = turn_of(new(), 1)
    holdings(state, 1)
    refused(state, 1, "place neutral council servants:0", "LIM-PLACE-4")
    state["seats"][1]["res"]["servants"] = 1
    state = play(state, 1, "place neutral council servants:1")
    assert res(state, 1)["coins"] == 1
    state = play(state, 1, "privilege servants")
    assert res(state, 1)["servants"] == 2
    assert state["board"]["council"] == [{"seat": 1, "member": "neutral"}]
    rounds.end_round(state, [])
    assert state["order"][0] == 1


def test_LIM_PRIV_3_privileges_of_different_effects_may_repeat_LIM_PRIV_5_not_resources():
    """LIM-PRIV-3, LIM-PRIV-5."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    put(state, "purple-1", "Building the Walls")
    holdings(state, 0, stone=3)
    state = play(state, 0, "place white purple-1", "privilege coins")
    turn_of(state, 0, clear_board=False)
    state = play(state, 0, "place black council", "privilege coins")
    assert res(state, 0)["coins"] == 2 + 1 + 2


def test_LIM_MARKET_5_excommunication_closes_the_market():
    """LIM-MARKET-5, LIM-EXCOMM-25."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    excommunicate(state, 0, "E2-5")
    refused(state, 0, "place white market-1", "LIM-MARKET-5")
    assert not any("market" in a for a in legal(state, 0))


# ------------------------------------------------------------------------------ turn flow
def test_LIM_ROUND_9_forced_pass_forfeits_the_round():
    """LIM-ROUND-9, LIM-ROUND-7, LIM-ROUND-8, LIM-OQ-2."""
    state = new(players=2)
    turn_of(state, 1)
    dice(state, white=1)
    for member in ("white", "black", "orange"):
        state["seats"][0]["members"][member] = "council"
    holdings(state, 0)
    state["queue"] = [{"seat": 0, "skip": False}, {"seat": 1, "skip": False}]
    refused(state, 0, "place neutral council", "CORE-TURN")
    state, events = G.play(state, 1, "place white council")
    state, more = G.play(state, 1, "privilege servants")
    # Seat 0 has only its neutral member and no servants: the engine passes for it.
    assert state["turn"]["seat"] == 1 and state["seats"][0]["members"]["neutral"] == "unused"
    assert any(e["type"] == "pass" and "{p0}" in e["text"] for e in events + more)
    refused(state, 1, "pass", "LIM-ROUND-9")


def test_LIM_ENDROUND_4_leaders_face_up_and_LIM_LEADER_9():
    """LIM-ENDROUND-4, LIM-LEADER-9, LIM-LEADER-14."""
    state = leader_turn()
    leaders(state, 0, "colleoni")
    state = play(state, 0, "leader activate colleoni")
    assert state["seats"][0]["leaders"][0]["down"]
    rounds.end_round(state, [])
    assert not state["seats"][0]["leaders"][0]["down"]


def test_LIM_EXCOMM_13_servants_reduced():
    """LIM-EXCOMM-13."""
    state = turn_of(new(), 0)
    dice(state, white=1)
    holdings(state, 0)
    excommunicate(state, 0, "E1-3")
    assert res(play(state, 0, "place white market-2"), 0)["servants"] == 4


def test_LIM_EXCOMM_16_production_minus_three():
    """LIM-EXCOMM-16."""
    state = turn_of(new(), 0)
    dice(state, white=3)
    excommunicate(state, 0, "E1-6")
    holdings(state, 0, servants=1)
    refused(state, 0, "place white production-1 servants:0", "LIM-PROD-3")
    assert res(play(state, 0, "place white production-1 servants:1"), 0)["coins"] == 2


@pytest.mark.parametrize(
    "tile,tower,name",
    [
        ("E2-1", "green", "Woods"),
        ("E2-2", "yellow", "Chapel"),
        ("E2-3", "blue", "Warlord"),
        ("E2-4", "purple", "Hiring Recruits"),
    ],
)
def test_LIM_EXCOMM_21_22_23_24_card_actions_minus_four(tile, tower, name):
    """LIM-EXCOMM-21, LIM-EXCOMM-22, LIM-EXCOMM-23, LIM-EXCOMM-24."""
    state = turn_of(new(), 0)
    dice(state, white=4)
    put(state, f"{tower}-2", name)
    holdings(state, 0, servants=3, coins=9, wood=9)
    assert f"place white {tower}-2" in legal(state, 0)
    excommunicate(state, 0, tile)
    assert f"place white {tower}-2 servants:3" in legal(state, 0)
    refused(state, 0, f"place white {tower}-2 servants:0", "LIM-PLACE-4")


@pytest.mark.parametrize(
    "tile,category", [("E3-1", "characters"), ("E3-2", "ventures"), ("E3-3", "territories")]
)
def test_LIM_EXCOMM_31_32_33_no_end_game_points(tile, category):
    """LIM-EXCOMM-31, LIM-EXCOMM-32, LIM-EXCOMM-33."""
    state = new(players=2)
    state["phase"] = "over"
    own(state, 0, "Commercial Hub", "Woods", "Village", "Warlord", "Hiring Recruits")
    _, rows = scoring.final_scores(state)
    assert rows[0][category] > 0
    excommunicate(state, 0, tile)
    _, rows = scoring.final_scores(state)
    assert rows[0][category] == 0


def test_LIM_EXCOMM_7_tiles_of_different_periods_stack():
    """LIM-EXCOMM-7, LIM-VATICAN-7: E1-7 and E2-3 both apply to a coloured member taking a character."""
    state = turn_of(new(), 0)
    dice(state, white=6)
    put(state, "blue-2", "Warlord")
    holdings(state, 0, servants=9, coins=9)
    excommunicate(state, 0, "E1-7", "E2-3")
    assert "place white blue-2 servants:2" in legal(state, 0)


def test_LIM_SCORE_3_characters_LIM_SCORE_4_ventures_LIM_SCORE_6_resources():
    """LIM-SCORE-3, LIM-SCORE-4, LIM-SCORE-6."""
    state = new(players=2)
    state["phase"] = "over"
    for s in range(2):
        holdings(state, s)
    own(state, 0, "Warlord", "Dame", "Knight")
    own(state, 0, "Sacred War", "Crusade")
    holdings(state, 0, wood=4, coins=5, servants=1)
    _, rows = scoring.final_scores(state)
    assert (rows[0]["characters"], rows[0]["ventures"], rows[0]["resources"]) == (6, 8 + 5, 2)


def test_LIM_SCORE_5_military_and_LIM_OQ_17_zero_points_rank():
    """LIM-SCORE-5, LIM-OQ-17: in a 2-player game the second always scores 2 unless tied."""
    state = new(players=2)
    holdings(state, 0, mp=4)
    holdings(state, 1, mp=0)
    assert scoring.military_points(state) == [5, 2]
    state["seats"][1]["res"]["mp"] = 4
    assert scoring.military_points(state) == [5, 5]


def test_LIM_SCORE_9_and_LIM_OQ_15_victory_points_never_negative():
    """LIM-SCORE-9, LIM-OQ-15."""
    state = new(players=2)
    state["phase"] = "over"
    holdings(state, 0, vp=3, mp=0, wood=30)
    holdings(state, 1, mp=50)
    excommunicate(state, 0, "E3-7")
    totals, rows = scoring.final_scores(state)
    assert totals[0] == 0 and rows[0]["excommunication_resources"] == -(3 + 2 + 6)


# --------------------------------------------------------------------------------- leaders
def leader_turn(players: int = 4) -> dict:
    state = turn_of(new(players=players, advanced=True), 0)
    state["seats"][0]["tile"] = "basic"
    dice(state, white=1, black=1, orange=1)
    return holdings(state, 0)


def test_LIM_LEADER_1_twenty_leaders_LIM_LEADER_12_requirements():
    """LIM-LEADER-1, LIM-LEADER-12, LIM-OQ-1: 12 once-per-round abilities by the rulebook, 10 as printed."""
    assert len(LEADERS) == 20
    assert sum(1 for lid in LEADERS if LEADERS[lid]["kind"] == "once") == 12
    assert sum(1 for lid in LEADERS if LEADERS[lid].get("printed_kind", LEADERS[lid]["kind"]) == "once") == 10
    state = leader_turn()
    own(state, 0, *[n for n in ("Commercial Hub", "Woods", "Village", "Gravel Pit", "Forest", "Monastery")])
    assert requirements_met(state, 0, "lucrezia")
    state["seats"][0]["cards"]["territory"].pop()
    assert not requirements_met(state, 0, "lucrezia")
    holdings(state, 0, mp=7, fp=3)
    assert requirements_met(state, 0, "malatesta")
    holdings(state, 0, mp=7, fp=2)
    assert not requirements_met(state, 0, "malatesta")


def test_LIM_LEADER_8_permanent_abilities_need_no_activation_and_LIM_LEADER_10_stay():
    """LIM-LEADER-8, LIM-LEADER-10."""
    state = leader_turn()
    leaders(state, 0, "brunelleschi")
    refused(state, 0, "leader activate brunelleschi", "LIM-LEADER-8")
    refused(state, 0, "leader discard brunelleschi", "LIM-LEADER-10")


@pytest.mark.parametrize(
    "leader,gain",
    [
        ("savonarola", {"fp": 1}),
        ("bande-nere", {"wood": 1, "stone": 1, "coins": 1}),
        ("botticelli", {"mp": 2, "vp": 1}),
        ("michelangelo", {"coins": 3}),
        ("cosimo", {"servants": 3, "vp": 1}),
        ("colleoni", {"vp": 4}),
    ],
)
def test_LIM_LEADER_25_to_28_39_40_once_per_round_gains(leader, gain):
    """LIM-LEADER-25, LIM-LEADER-26, LIM-LEADER-27, LIM-LEADER-28, LIM-LEADER-39, LIM-LEADER-40."""
    state = leader_turn()
    leaders(state, 0, leader)
    after = play(state, 0, f"leader activate {leader}")
    assert delta(res(state, 0), res(after, 0)) == gain


def test_LIM_LEADER_29_gonzaga_gives_a_privilege():
    """LIM-LEADER-29."""
    state = leader_turn()
    leaders(state, 0, "gonzaga")
    state = play(state, 0, "leader activate gonzaga")
    assert state["pending"] == [{"kind": "privileges", "count": 1, "distinct": False}]


def test_LIM_LEADER_32_sisto_iv_requirements():
    """LIM-LEADER-32: requirements are held, not paid."""
    state = leader_turn()
    state["seats"][0]["hand"] = ["sisto"]
    holdings(state, 0, wood=6, stone=6, coins=6, servants=5)
    refused(state, 0, "leader play sisto", "LIM-LEADER-6")
    state["seats"][0]["res"]["servants"] = 6
    after = play(state, 0, "leader play sisto")
    assert res(after, 0) == res(state, 0) and after["seats"][0]["leaders"][0]["id"] == "sisto"


def test_LIM_LEADER_34_malatesta_neutral_plus_three():
    """LIM-LEADER-34."""
    state = leader_turn()
    leaders(state, 0, "malatesta")
    assert effects.member_value(state, 0, "neutral") == 3
    assert "place neutral market-1" in legal(state, 0)


def test_LIM_LEADER_33_lucrezia_published_reading_is_permanent():
    """LIM-LEADER-33, LIM-OQ-1: the printed reading as the option leader_types=published."""
    state = turn_of(new(advanced=True, leader_types="published"), 0)
    dice(state, white=2)
    leaders(state, 0, "lucrezia")
    assert effects.member_value(state, 0, "white") == 4
    rulebook = leader_turn()
    dice(rulebook, white=2)
    leaders(rulebook, 0, "lucrezia")
    assert effects.member_value(rulebook, 0, "white") == 2


def test_LIM_LEADER_37_cesare_borgia_requirement():
    """LIM-LEADER-37."""
    state = leader_turn()
    state["seats"][0]["hand"] = ["cesare"]
    own(state, 0, "Mint", "Chapel", "Residence")
    holdings(state, 0, coins=12, fp=2)
    assert "leader play cesare" in legal(state, 0)
    holdings(state, 0, coins=11, fp=2)
    assert "leader play cesare" not in legal(state, 0)


def test_LIM_ADV_1_leader_actions_only_in_the_advanced_game():
    """LIM-ADV-1."""
    state = turn_of(new(), 0)
    refused(state, 0, "leader discard pico", "LIM-ADV-1")


def test_LIM_OQ_18_card_data_matches_the_artwork_checks():
    """LIM-OQ-18: the values once disputed between transcriptions."""
    assert CARDS[BY_NAME["Knight"]]["costs"][0]["pay"] == {"coins": 2}
    assert CARDS[BY_NAME["Fortress"]]["costs"][0]["pay"] == {"coins": 2, "wood": 2, "stone": 4}
    assert CARDS[BY_NAME["Castle"]]["activation"]["effects"][0]["gain"] == {"mp": 3, "servants": 1}
    assert CARDS[BY_NAME["Military Academy"]]["activation"]["value"] == 3
    stonemason = CARDS[BY_NAME["Stonemason"]]["permanent"][0]
    assert stonemason["discount_choices"] == [{"wood": 1}, {"stone": 1}]


def test_LIM_ROUND_5_round_number_is_public():
    """LIM-ROUND-5."""
    view = G.view(new(), None)
    assert view["round"] == 1 and view["period"] == 1


def test_LIM_OQ_2_several_skipped_turns_are_taken_in_turn_order_at_the_end():
    """LIM-OQ-2, LIM-EXCOMM-27: two players with the tile place their last members in turn order."""
    state = new(players=3)
    state["order"] = [2, 0, 1]
    excommunicate(state, 1, "E2-7")
    excommunicate(state, 2, "E2-7")
    state["round"] = 2
    rounds.end_round(state, [])
    queue = [(e["seat"], e["skip"]) for e in state["queue"]]
    assert state["turn"] == {"seat": 2, "skip": True, "placed": False}
    assert queue[:2] == [(0, False), (1, True)]
    assert queue[-2:] == [(2, False), (1, False)]
    assert sum(1 for seat, skip in queue if seat == 1 and not skip) == 4


def test_LIM_LEADER_11_leader_actions_on_a_skipped_turn():
    """LIM-LEADER-11, LIM-OQ-14: a skipped turn still allows leader actions, then 'pass'."""
    state = leader_turn()
    state["turn"]["skip"] = True
    leaders(state, 0, "colleoni")
    assert legal(state, 0) == ["pass", "leader activate colleoni"]
    refused(state, 0, "place white council", "LIM-EXCOMM-27")
    state = play(state, 0, "leader activate colleoni")
    assert res(state, 0)["vp"] == 4 and state["turn"]["seat"] != 0
    assert all(v is None for v in state["seats"][0]["members"].values()), "skipping forfeits nothing"


def test_LIM_LEADER_3_turn_waits_for_leader_actions_only_when_they_matter():
    """LIM-LEADER-3, LIM-LEADER-11: after a placement the turn stays open for a playable or
    activatable leader, or for a discard on the player's last turn of the round."""
    state = leader_turn(players=2)
    state["seats"][0]["hand"] = ["sisto"]  # not playable
    state["queue"] = [{"seat": 1, "skip": False}, {"seat": 0, "skip": False}]
    after = play(state, 0, "place white market-1")
    assert after["turn"]["seat"] == 1, "a discard can wait for the next turn"
    state["queue"] = [{"seat": 1, "skip": False}]
    after = play(state, 0, "place white market-1")
    assert after["turn"]["seat"] == 0 and legal(after, 0) == ["end", "leader discard sisto"]
    after = play(after, 0, "end")
    assert after["turn"]["seat"] == 1
    state["queue"] = [{"seat": 1, "skip": False}, {"seat": 0, "skip": False}]
    leaders(state, 0, "colleoni")
    after = play(state, 0, "place white market-1")
    assert after["turn"]["seat"] == 0 and "leader activate colleoni" in legal(after, 0)
