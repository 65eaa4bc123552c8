"""Setup (OM-SETUP-*) and components (OM-COMP-*), with TS-17, TS-23, TS-24 and TS-40."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.core import IllegalAction
from games.opera import GAME, endturn
from games.opera.data import DATA, RAW, REFINED, REFINED_OF, SIDES, SIZES
from opera.helpers import new_game


def test_OM_COMP_1_component_counts_and_TS_40_pds0_integrity():
    """OM-COMP-1, OM-COMP-2, TS-40 (a), (c)-(g): counts and shape of the provisional data set."""
    sizes = {g: len(ids) for g, ids in DATA.trade_groups.items()}
    assert sizes == {"hand1": 8, "hand2": 4, "city1": 6, "city2": 6, "city3": 6, "A": 12, "B": 12, "C": 12}
    tiers = {"hand1": (1, 2), "city1": (1, 2), "A": (1, 2), "hand2": (2, 3), "city2": (2, 3), "B": (2, 3),
             "city3": (2, 4), "C": (2, 4)}
    for group, (cost, benefit) in tiers.items():
        for card_id in DATA.trade_groups[group]:
            card = DATA.trade[card_id]
            assert len(card["cost"]) == cost and len(card["benefit"]) == benefit, card_id
            assert set(card["cost"]) <= set(RAW) and set(card["benefit"]) <= set(RAW + REFINED)
    assert len(DATA.buildings) == 36
    by_size = Counter(c["size"] for c in DATA.buildings.values())
    assert by_size == {"small": 12, "medium": 12, "large": 12}
    for card in DATA.buildings.values():
        assert len(card["cost"]) == DATA.building_sizes[card["size"]]["cost_icons"]
    assert Counter((c["size"], c["colour"]) for c in DATA.buildings.values()) == {
        (s, col): 3 for s in SIZES for col in ("yellow", "green", "red", "blue")}
    assert len(DATA.worksites) == 12
    for level in (1, 2, 3):
        row = [t for t in DATA.worksites.values() if t["level"] == level]
        assert sorted(t["requires"] for t in row) == sorted(REFINED)
        assert all(set(t["faces"]) == {"A", "B"} for t in row)
    assert Counter(a["city"] for a in DATA.abilities.values()) == {"ven": 2, "ant": 2, "con": 2}
    assert sorted(b["discount"] for b in DATA.boards.values()) == sorted(RAW)
    assert all(len(b["conversions"]) == 3 for b in DATA.boards.values())
    assert len(REFINED_OF) == 4 and set(REFINED_OF.values()) == set(REFINED)


def test_OM_COMP_1_every_data_file_is_marked_provisional():
    """U-items: every data file says it is the provisional PDS-0 set."""
    for provenance in DATA.provenance.values():
        assert provenance["provisional"] is True and provenance["data_set"] == "PDS-0"


def test_OM_COMP_3_OM_COMP_4_tracks_and_slots():
    """OM-COMP-3 one track per raw type; OM-COMP-4 six building slots."""
    state = new_game(3)
    for player in state["seats"]:
        assert set(player["raw"]) == set(RAW) and set(player["cert"]) == set(RAW)
        assert [(side, size) for side in player["slots"] for size in player["slots"][side]] == [
            (side, size) for side in SIDES for size in SIZES]


def test_OM_COMP_5_building_vp_values():
    """OM-COMP-5: small 2, medium 3, large 4."""
    assert {s: DATA.building_sizes[s]["vp"] for s in SIZES} == {"small": 2, "medium": 3, "large": 4}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_OM_SETUP_1_player_counts(players):
    """OM-SETUP-1: 2, 3 or 4 players."""
    assert len(GAME.setup(players, 1)["seats"]) == players


@pytest.mark.parametrize("players", [1, 5])
def test_OM_SETUP_1_other_counts_refused(players):
    with pytest.raises(IllegalAction):
        GAME.setup(players, 1)


def test_OM_SETUP_2_each_seat_gets_its_own_board_and_colour():
    """OM-SETUP-2, U-17: the board dealt fixes the colour."""
    state = GAME.setup(4, 3)
    boards = [p["board"] for p in state["seats"]]
    assert sorted(boards) == sorted(DATA.boards)
    for player in state["seats"]:
        assert player["colour"] == DATA.boards[player["board"]]["colour"]


def test_OM_SETUP_3_to_6_starting_hands_are_hidden_and_undealt_cards_leave_the_game():
    """OM-SETUP-3, OM-SETUP-4, OM-SETUP-5, OM-SETUP-6."""
    state = GAME.setup(3, 11)
    hand_cards = set(DATA.trade_groups["hand1"]) | set(DATA.trade_groups["hand2"])
    for player in state["seats"]:
        hand = player["hand"]
        assert len(hand) == 3
        assert sum(c in DATA.trade_groups["hand1"] for c in hand) == 2
        assert sum(c in DATA.trade_groups["hand2"] for c in hand) == 1
    dealt = [c for p in state["seats"] for c in p["hand"]]
    text = json.dumps({k: v for k, v in state.items() if k != "seats"})
    assert not any(f'"{c}"' in text for c in hand_cards), "undealt hand cards stay in the box"
    public = json.dumps(GAME.view(state, None))
    assert not any(f'"{c}"' in public for c in dealt)
    own = GAME.view(state, 1)["you"]["hand"]
    assert [c["id"] for c in own] == state["seats"][1]["hand"]
    assert "hand" not in GAME.view(state, 1)["players"][0]


def test_OM_SETUP_7_8_9_starting_workshops():
    """OM-SETUP-7 raw at v=1, OM-SETUP-8 certificates at v=3, OM-SETUP-9 nothing else."""
    for player in GAME.setup(2, 5)["seats"]:
        assert player["raw"] == dict.fromkeys(RAW, 1)
        assert player["cert"] == dict.fromkeys(RAW, 3)
        assert sum(player["refined"].values()) == 0
        assert not any(player["slots"][s][z] for s in SIDES for z in SIZES)


def test_OM_SETUP_10_OM_SETUP_11_seat_0_starts_and_order_is_clockwise():
    """OM-SETUP-10: the table seats people at random, so seat 0 is the first player; OM-SETUP-11."""
    state = new_game(3)
    order = []
    for _ in range(3):
        seat = next(iter(GAME.actors(state)))
        order.append(seat)
        endturn.end_turn(state)
    assert order == [0, 1, 2]


def test_OM_SETUP_12_to_16_city_rows():
    """OM-SETUP-12, OM-SETUP-13, OM-SETUP-14, OM-SETUP-15, OM-SETUP-16: 3 cities, each area
    left/centre/right from City decks 1/2/3, 18 cards, only the active half shown."""
    state = GAME.setup(4, 9)
    assert set(state["cities"]) == {"ven", "ant", "con"}
    used = []
    for city in state["cities"].values():
        for area in ("cost", "gain"):
            row = city[area]
            assert [c in DATA.trade_groups[g] for c, g in zip(row, ("city1", "city2", "city3"))] == [True] * 3
            used += row
    assert len(set(used)) == 18
    public = GAME.view(state, None)["cities"]["ven"]
    assert set(public["cost"][0]) == {"id", "cost"} and set(public["gain"][0]) == {"id", "benefit"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_OM_SETUP_17_to_19_merchants_start_by_turn_position(players):
    """OM-SETUP-17, OM-SETUP-18, OM-SETUP-19 and TS-17: printed positions (Antwerp 1, 3, 4 upper)."""
    state = GAME.setup(players, 2)
    for player in state["seats"]:
        assert len(player["merchants"]) == 3
        cities = [m.split(":")[0] for m in player["merchants"]]
        assert sorted(cities) == ["ant", "con", "ven"]
        areas = {m.split(":")[1] for m in player["merchants"]}
        assert areas == {"cost", "gain"}
    if players == 4:
        antwerp = [p["merchants"][[m.split(":")[0] for m in p["merchants"]].index("ant")] for p in state["seats"]]
        assert antwerp == ["ant:cost", "ant:gain", "ant:cost", "ant:cost"]


def test_OM_SETUP_20_one_ability_token_per_city_of_its_own_group():
    """OM-SETUP-20."""
    seen = set()
    for seed in range(30):
        state = GAME.setup(2, seed)
        for city, data in state["cities"].items():
            assert DATA.abilities[data["ability"]]["city"] == city
            seen.add(data["ability"])
    assert seen == set(DATA.abilities)


def test_OM_SETUP_21_22_market_board_and_starting_vp():
    """OM-SETUP-21 (both sides identical in PDS-0, U-11): prices 0-3; OM-SETUP-22: 5 VP each."""
    state = GAME.setup(3, 1)
    assert [m["price"] for m in GAME.view(state, None)["market"]] == [0, 1, 2, 3]
    assert all(p["vp"] == 5 for p in state["seats"])


@pytest.mark.parametrize("players,d1,stack", [(2, 10, 2), (3, 15, 3), (4, 20, 4)])
def test_OM_SETUP_23_to_28_market_decks_by_player_count(players, d1, stack):
    """OM-SETUP-23, OM-SETUP-24, OM-SETUP-25, OM-SETUP-26, OM-SETUP-27, OM-SETUP-28 and TS-23:
    removals, A on B, starting market from A, C in 3 equal stacks."""
    state = GAME.setup(players, 4)
    assert all(c in DATA.trade_groups["A"] for c in state["market"])
    decks = state["decks"]
    assert [len(d) for d in decks] == [d1, stack, stack, stack]
    a_left = 12 - {2: 4, 3: 2, 4: 0}[players] - 4
    assert all(c in DATA.trade_groups["A"] for c in decks[0][:a_left])
    assert all(c in DATA.trade_groups["B"] for c in decks[0][a_left:])
    assert all(c in DATA.trade_groups["C"] for d in decks[1:] for c in d)
    view = GAME.view(state, None)
    assert view["market_decks"] == [d1, stack, stack, stack]
    public = json.dumps(view)
    assert not any(f'"{c}"' in public for d in decks for c in d), "deck order is hidden"


def test_OM_SETUP_29_to_32_worksite_grid():
    """OM-SETUP-29, OM-SETUP-30, OM-SETUP-31, OM-SETUP-32: level rows bottom to top, 4 worksite
    columns, random sides."""
    faces = Counter()
    for seed in range(20):
        state = GAME.setup(2, seed)
        for level, row in enumerate(state["opera"], start=1):
            assert len(row) == 4
            assert all(DATA.worksites[s["token"]]["level"] == level and not s["by"] for s in row)
            faces.update(s["face"] for s in row)
    assert faces["A"] > 50 and faces["B"] > 50


def test_OM_SETUP_33_to_37_and_TS_24_snake_draft():
    """OM-SETUP-33, OM-SETUP-34, OM-SETUP-35, OM-SETUP-36, OM-SETUP-37 and TS-24: p small + p medium
    revealed, picks 1,2,3,3,2,1, public buildings under construction, then a 2/2/2 display."""
    state = GAME.setup(3, 8)
    pool = state["display"]
    assert Counter(DATA.buildings[c]["size"] for c in pool) == {"small": 3, "medium": 3}
    order = []
    while state["phase"] == "draft":
        (seat,) = GAME.actors(state)
        order.append(seat)
        assert GAME.legal_actions(state, (seat + 1) % 3) == []
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    assert order == [0, 1, 2, 2, 1, 0]
    assert all(len(p["building"]) == 2 for p in state["seats"])
    assert Counter(DATA.buildings[c]["size"] for c in state["display"]) == {"small": 2, "medium": 2, "large": 2}
    public = GAME.view(state, None)
    assert all(len(p["under_construction"]) == 2 for p in public["players"])
    assert public["building_decks"] == {"small": 12 - 3 - 2, "medium": 12 - 3 - 2, "large": 10}


def test_OM_SETUP_35_draft_refuses_a_card_not_offered():
    state = GAME.setup(2, 8)
    error = None
    try:
        GAME.apply(state, 0, {"type": "draft", "card": "L01"})
    except IllegalAction as exc:
        error = exc
    assert error is not None and error.rule == "OM-SETUP-35"


def test_OM_SETUP_38_setup_is_reproducible_from_the_seed():
    """OM-SETUP-38."""
    assert GAME.setup(4, 123) == GAME.setup(4, 123)
    assert GAME.setup(4, 123) != GAME.setup(4, 124)


def test_TS_40g_every_effect_uses_the_effect_vocabulary():
    """TS-40 (g), §12.0: every PDS-0 effect is built from the shared vocabulary the engine reads."""
    ops = {"vp", "raw", "refined", "certificate", "spend_for_refined", "exchange", "discount"}
    triggers = {"IMM", "TURN", "ON-DELIVER", "ON-COMPLETE", "ON-ACTIVATE", "SHIELD", "EXTRA-CART", "END"}
    formulas = {"buildings", "right_slots", "worksites", "level3_certificates", "full_rows", "raw_total"}
    effect_lists = [a["ops"] for a in DATA.abilities.values()] + list(DATA.worksite_effects.values())
    for card in DATA.buildings.values():
        effect = card["effect"]
        assert effect["trigger"] in triggers, card["id"]
        if effect["trigger"] == "END":
            assert effect["per"] in formulas and effect["vp"] > 0, card["id"]
        elif "ops" in effect:
            effect_lists.append(effect["ops"])
    for effect_ops in effect_lists:
        assert effect_ops and all(op["op"] in ops for op in effect_ops)
    faces = {face for token in DATA.worksites.values() for face in token["faces"].values()}
    assert faces <= set(DATA.worksite_effects)
