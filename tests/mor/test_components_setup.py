"""Component data (MOR-COMP) and setup (MOR-SETUP), including scenario MOR-TEST-27."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import IllegalAction
from games.mor import GAME, card_details
from games.mor.data import (
    CARDS,
    COLOURS,
    DECK_IDS,
    LAST_SPACE,
    LEADERS,
    MARBLE_GIVES,
    MARBLES,
    RESOURCES,
    SECTIONS,
    TOKENS,
    VP_SPACES,
)
from games.mor.warehouse import warehouse_totals

from .helpers import card, new_game, refused


def test_MOR_COMP_1_one_to_four_players_solo_with_one():
    assert (GAME.min_players, GAME.max_players) == (1, 4)
    assert GAME.setup(1, 1)["solo"] is not None
    for n in (2, 3, 4):
        assert GAME.setup(n, 1)["solo"] is None
    with pytest.raises(IllegalAction):
        GAME.setup(5, 1)


def test_MOR_COMP_2_four_resource_types():
    assert set(RESOURCES) == {"coin", "stone", "servant", "shield"}
    used = set()
    for c in CARDS.values():
        used |= set(c["cost"]) | set(c["input"]) | set(c["output"])
    assert used == set(RESOURCES) | {"faith"}


def test_MOR_COMP_3_marble_gains():
    assert MARBLE_GIVES == {"grey": "stone", "yellow": "coin", "blue": "shield", "purple": "servant",
                            "red": "faith", "white": None}


def test_MOR_COMP_4_thirteen_marbles():
    assert Counter(MARBLES) == {"white": 4, "grey": 2, "yellow": 2, "blue": 2, "purple": 2, "red": 1}


def test_MOR_COMP_5_twelve_decks_of_four():
    counts = Counter((c["colour"], c["level"]) for c in CARDS.values())
    assert len(CARDS) == 48 and set(counts.values()) == {4} and len(counts) == 12
    assert {c for c, _ in counts} == set(COLOURS)


def test_MOR_COMP_6_and_7_card_fields_and_vp_ranges():
    """MOR-COMP-6, MOR-COMP-7 (Appendix C): every card has cost, production and VP in its level's range."""
    for c in CARDS.values():
        assert c["cost"] and c["input"] and c["output"]
        low = (c["level"] - 1) * 4 + 1
        assert low <= c["vp"] <= low + 3
    for colour in COLOURS:
        for level in (1, 2, 3):
            vps = sorted(x["vp"] for x in CARDS.values() if x["colour"] == colour and x["level"] == level)
            assert vps == list(range((level - 1) * 4 + 1, level * 4 + 1))
    assert sum(c["vp"] for c in CARDS.values()) == 312


def test_MOR_COMP_7_appendix_c_spot_checks():
    """A few rows of Appendix C, including the irregular yellow III 10 VP card."""
    assert card_details(card("green", 1, 1)) | {"id": None} == {
        "id": None, "colour": "green", "level": 1, "vp": 1, "cost": {"shield": 2}, "input": {"coin": 1},
        "output": {"faith": 1}}
    assert CARDS[card("yellow", 3, 10)]["cost"] == {"stone": 5, "servant": 2}
    assert CARDS[card("green", 2, 7)]["output"] == {"stone": 2, "faith": 2}
    assert CARDS[card("purple", 3, 12)]["output"] == {"stone": 3, "servant": 1}
    assert CARDS[card("blue", 2, 5)]["cost"] == {"coin": 4}


def test_MOR_COMP_8_leaders_appendix_b():
    by_type = Counter(l["ability"] for l in LEADERS.values())
    assert by_type == {"discount": 4, "extra_depot": 4, "white_marble": 4, "extra_production": 4}
    vp = {l["ability"]: l["vp"] for l in LEADERS.values()}
    assert vp == {"discount": 2, "extra_depot": 3, "white_marble": 5, "extra_production": 4}
    assert LEADERS["L1"]["resource"] == "servant" and LEADERS["L5"]["requires"] == {"resources": {"coin": 5}}
    assert LEADERS["L13"]["requires"] == {"cards": [{"colour": "yellow", "level": 2, "count": 1}]}
    assert LEADERS["L13"]["input"] == {"shield": 1} and LEADERS["L13"]["output"] == {"faith": 1}


def test_MOR_COMP_9_favour_tiles_2_3_4():
    assert [s["favour_vp"] for s in SECTIONS] == [2, 3, 4]
    state = GAME.setup(3, 1)
    assert all(p["favour"] == ["pending"] * 3 for p in state["seats"])


def test_MOR_COMP_10_faith_track_0_to_24():
    """MOR-COMP-10, MOR-FAITH-5 and MOR-VATICAN-1 (Appendix A)."""
    assert LAST_SPACE == 24
    assert VP_SPACES == [(3, 1), (6, 2), (9, 4), (12, 6), (15, 9), (18, 12), (21, 16), (24, 20)]
    assert [(s["first_space"], s["pope_space"]) for s in SECTIONS] == [(5, 8), (12, 16), (19, 24)]


def test_solo_tokens_appendix_d():
    """MOR-SOLO-6 data: 4 discard tokens (one per colour), 2 '+2', 1 '+1 and reshuffle'."""
    kinds = Counter((t["effect"], t.get("colour"), t.get("spaces"), t.get("reshuffle")) for t in TOKENS.values())
    assert kinds == {("discard", c, None, None): 1 for c in COLOURS} | {
        ("black_cross", None, 2, False): 2, ("black_cross", None, 1, True): 1}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_MOR_SETUP_2_to_7_grid_and_market(players):
    """MOR-SETUP-1, MOR-SETUP-2, MOR-SETUP-3, MOR-SETUP-4, MOR-SETUP-5, MOR-SETUP-6, MOR-SETUP-7: 12 shuffled decks of 4, level III on top in the view, 12 marbles + slide."""
    state = GAME.setup(players, 11)
    assert sorted(state["decks"]) == sorted(DECK_IDS)
    for deck, cards in state["decks"].items():
        assert len(cards) == 4 and all(f"{CARDS[c]['colour']}-{CARDS[c]['level']}" == deck for c in cards)
    grid = state["market"]["grid"]
    assert len(grid) == 3 and all(len(row) == 4 for row in grid)
    assert Counter([m for row in grid for m in row] + [state["market"]["slide"]]) == Counter(MARBLES)
    view = GAME.view(state, None)
    assert [d["level"] for d in view["decks"]] == [3] * 4 + [2] * 4 + [1] * 4


def test_MOR_SETUP_3_and_7_shuffles_depend_on_the_seed():
    """MOR-SETUP-3, MOR-SETUP-7, MOR-SETUP-8, D-17: the seed decides every shuffle, reproducibly."""
    a, b, c = GAME.setup(2, 1), GAME.setup(2, 1), GAME.setup(2, 2)
    assert a == b
    assert (a["decks"], a["market"], a["seats"][0]["dealt"]) != (c["decks"], c["market"], c["seats"][0]["dealt"])


def test_MOR_SETUP_6_only_top_cards_visible():
    state = GAME.setup(2, 4)
    view = GAME.view(state, None)
    text = str(view)
    for deck in state["decks"].values():
        assert f"'{deck[0]}'" in text
        for hidden in deck[1:]:
            assert f"'{hidden}'" not in text


def test_MOR_SETUP_8_13_15_leaders_dealt_four_each_from_one_deck():
    """MOR-SETUP-8, MOR-SETUP-13, MOR-SETUP-15: 4 different leaders per seat; with 4 players all 16."""
    state = GAME.setup(4, 9)
    dealt = [l for p in state["seats"] for l in p["dealt"]]
    assert len(dealt) == 16 and set(dealt) == set(LEADERS)
    state = new_game(3)
    assert all(len(p["hand"]) == 2 and p["dealt"] == [] for p in state["seats"])


def test_MOR_SETUP_9_no_solo_material_with_several_players():
    state = GAME.setup(2, 1)
    assert state["solo"] is None and GAME.view(state, None)["solo"] is None


def test_MOR_SETUP_10_to_12_personal_boards():
    """MOR-SETUP-10, MOR-SETUP-11, MOR-SETUP-12: a board per seat, tiles face down, markers on 0 (seats 0 and 1)."""
    state = GAME.setup(2, 1)
    for p in state["seats"]:
        assert p["faith"] == 0 and p["favour"] == ["pending"] * 3
        assert p["depots"] == [[None, 0]] * 3 and sum(p["strongbox"].values()) == 0
        assert p["slots"] == [[], [], []]


def test_MOR_SETUP_13_keep_two_of_the_four_dealt():
    state = GAME.setup(2, 5)
    dealt = state["seats"][0]["dealt"]
    refused(state, 0, f"keep {dealt[0]}", "MOR-SETUP-13")
    refused(state, 0, f"keep {dealt[0]} {dealt[0]}", "MOR-SETUP-13")
    other = next(l for l in LEADERS if l not in dealt)
    refused(state, 0, f"keep {dealt[0]} {other}", "MOR-SETUP-13")
    state, _ = GAME.play(state, 0, f"keep {dealt[0]} {dealt[2]}")
    assert sorted(state["seats"][0]["hand"], key=lambda i: int(i[1:])) == state["seats"][0]["hand"]
    assert set(state["seats"][0]["hand"]) == {dealt[0], dealt[2]}


def test_MOR_SETUP_14_hands_are_hidden():
    """MOR-SETUP-14, MOR-LEADER-1, D-16: public view shows counts only; own view shows the hand."""
    state = GAME.setup(2, 5)
    dealt = state["seats"][1]["dealt"]
    public = str(GAME.view(state, None))
    assert all(f"'{l}'" not in public for p in state["seats"] for l in p["dealt"])
    mine = GAME.view(state, 1)["you"]
    assert [l["id"] for l in mine["dealt"]] == dealt
    state = new_game(2, 5)
    public = str(GAME.view(state, None))
    assert all(f"'{l}'" not in public for p in state["seats"] for l in p["hand"])
    assert [p["hand_count"] for p in GAME.view(state, None)["players"]] == [2, 2]
    assert [l["id"] for l in GAME.view(state, 0)["you"]["hand"]] == state["seats"][0]["hand"]


def test_MOR_SETUP_16_seat_zero_is_first_player():
    """MOR-SETUP-16, MOR-TURN-1: seat 0 holds the inkwell and takes the first turn."""
    state = new_game(3)
    assert GAME.actors(state) == {0}
    assert [p["first_player"] for p in GAME.view(state, None)["players"]] == [True, False, False]


def test_MOR_TEST_27_setup_bonuses_by_seat():
    """MOR-TEST-27; MOR-SETUP-17, MOR-SETUP-18, MOR-SETUP-19, MOR-SETUP-20: 0/0, 1/0, 1/1, 2/1; resources in the warehouse, legal depots."""
    state = GAME.setup(4, 8)
    assert [p["faith"] for p in state["seats"]] == [0, 0, 1, 1]
    refused(state, 0, f"keep {' '.join(state['seats'][0]['dealt'][:2])} res:coin", "MOR-SETUP-17")
    refused(state, 3, f"keep {' '.join(state['seats'][3]['dealt'][:2])} res:coin", "MOR-SETUP-17")
    refused(state, 1, f"keep {' '.join(state['seats'][1]['dealt'][:2])}", "MOR-SETUP-17")
    choices = {0: "", 1: " res:coin", 2: " res:servant", 3: " res:stone,stone"}
    for seat in (3, 1, 0, 2):  # simultaneous: any order
        assert seat in GAME.actors(state)
        state, _ = GAME.play(state, seat, f"keep {' '.join(state['seats'][seat]['dealt'][:2])}{choices[seat]}")
    totals = [warehouse_totals(p) for p in state["seats"]]
    assert totals == [{}, {"coin": 1}, {"servant": 1}, {"stone": 2}]
    assert all(sum(p["strongbox"].values()) == 0 for p in state["seats"])
    assert state["seats"][3]["depots"][1] == ["stone", 2]  # two of a kind share a depot
    assert all(len(p["hand"]) == 2 for p in state["seats"])
    assert state["reported"] == [False] * 3
    assert state["phase"] == "play" and GAME.actors(state) == {0}


def test_MOR_SETUP_18_two_different_starting_resources():
    state = GAME.setup(4, 8)
    state, _ = GAME.play(state, 3, f"keep {' '.join(state['seats'][3]['dealt'][1:3])} res:shield,coin")
    assert warehouse_totals(state["seats"][3]) == {"coin": 1, "shield": 1}


def test_MOR_SETUP_21_first_turn_waits_for_the_last_choice():
    """MOR-SETUP-21: choices are collected from every seat at once; play starts after the last."""
    state = GAME.setup(3, 2)
    assert GAME.actors(state) == {0, 1, 2}
    state, _ = GAME.play(state, 1, f"keep {' '.join(state['seats'][1]['dealt'][:2])} res:coin")
    assert GAME.actors(state) == {0, 2} and state["phase"] == "setup"
    assert "waiting" in GAME.waiting_message(state, 1).lower()
    refused(state, 0, "market row-1", "MOR-SETUP-13")
    state, _ = GAME.play(state, 0, f"keep {' '.join(state['seats'][0]['dealt'][:2])}")
    state, events = GAME.play(state, 2, f"keep {' '.join(state['seats'][2]['dealt'][:2])} res:coin")
    assert state["phase"] == "play" and GAME.actors(state) == {0}
    assert any(e["type"] == "start" for e in events)
    refused(state, 0, "keep L1 L2", "MOR-SETUP-21")
