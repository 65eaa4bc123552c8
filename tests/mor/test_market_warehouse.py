"""The market (MOR-MARKET), the warehouse and the strongbox (MOR-WAREHOUSE, MOR-STRONGBOX).

Scenarios MOR-TEST-1 (the rulebook's market example), -2, -3, -4, -5, -6, -7.
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import IllegalAction
from games.mor import GAME
from games.mor.data import MARBLES
from games.mor.warehouse import apply_layout, warehouse_totals

from .helpers import (
    blank_game,
    card,
    depots,
    holdings,
    leader,
    market,
    on_top,
    play,
    play_leader_now,
    refused,
    strongbox,
    turn_of,
)


def marbles_of(state):
    return Counter([m for row in state["market"]["grid"] for m in row] + [state["market"]["slide"]])


def test_MOR_TEST_1_rulebook_market_example():
    """MOR-TEST-1 (the rulebook's worked example); MOR-MARKET-3, MOR-MARKET-4, MOR-MARKET-5, MOR-MARKET-6, MOR-COMP-3."""
    state = blank_game()
    market(state, ["WGYY", "BPWR", "GBPW"], "B")
    state, events = play(state, 0, "market row-1")
    assert state["turn"]["pending"]["gained"] == {"stone": 1, "coin": 2}
    assert state["market"]["grid"][0] == ["grey", "yellow", "yellow", "blue"]
    assert state["market"]["slide"] == "white"
    assert "2 coin, 1 stone" in events[0]["text"]


def test_MOR_TEST_2_column_push_and_red_marble():
    """MOR-TEST-2; MOR-MARKET-7 (column push from the bottom), MOR-MARKET-8 (red gives faith)."""
    state = blank_game()
    market(state, ["WRGY", "BPWY", "GBPW"], "W")
    state, _ = play(state, 0, "market col-2")
    assert state["seats"][0]["faith"] == 1
    assert state["turn"]["pending"]["gained"] == {"servant": 1, "shield": 1}
    assert state["market"]["slide"] == "red"
    assert state["market"]["grid"] == [["white", "purple", "grey", "yellow"], ["blue", "blue", "white", "yellow"],
                                       ["grey", "white", "purple", "white"]]


def test_MOR_TEST_3_row_push():
    """MOR-TEST-3; MOR-MARKET-6: the slide enters at the right, the leftmost marble leaves."""
    state = blank_game()
    market(state, ["WRGY", "BPWY", "GBPW"], "W")
    state, _ = play(state, 0, "market row-3")
    assert state["turn"]["pending"]["gained"] == {"stone": 1, "shield": 1, "servant": 1}
    assert state["market"]["grid"][2] == ["blue", "purple", "white", "white"]
    assert state["market"]["slide"] == "grey"


def test_MOR_MARKET_1_marble_set_never_changes():
    """MOR-MARKET-1, MOR-MARKET-10: after many pushes the 13 marbles are the same multiset, shared."""
    state = blank_game()
    for line in ["row-1", "col-4", "row-3", "col-1", "row-2", "col-2", "col-3"]:
        turn_of(state, 0)
        state, _ = play(state, 0, f"market {line}")
        assert marbles_of(state) == Counter(MARBLES)
    assert GAME.view(state, None)["market"]["grid"] == state["market"]["grid"]


def test_MOR_MARKET_2_one_row_or_one_column():
    state = blank_game()
    refused(state, 0, "market row-4", "MOR-MARKET-2")
    refused(state, 0, "market col-5", "MOR-MARKET-2")
    with pytest.raises(IllegalAction):
        GAME.parse(state, "market diagonal")
    lines = {a["line"] for a in GAME.legal_actions(state, 0) if a["type"] == "market"}
    assert lines == {"row-1", "row-2", "row-3", "col-1", "col-2", "col-3", "col-4"}


def test_MOR_MARKET_4_slide_marble_gives_nothing():
    """MOR-MARKET-4 and MOR-MARKET-3: the slide marble (here the red one) is not in the line."""
    state = blank_game()
    market(state, ["WWWW", "GGYY", "BBPP"], "R")
    state, _ = play(state, 0, "market row-1")
    assert state["seats"][0]["faith"] == 0 and state["turn"]["pending"] is None
    assert state["market"]["grid"][0] == ["white", "white", "white", "red"]


def test_MOR_MARKET_5_push_is_mandatory_part_of_the_action():
    state = blank_game()
    market(state, ["WRGY", "BPWY", "GBPW"], "W")
    before = [row[:] for row in state["market"]["grid"]]
    state, _ = play(state, 0, "market row-2")
    assert state["market"]["grid"] != before and state["market"]["slide"] == "blue"


def test_MOR_TEST_4_white_marble_leaders():
    """MOR-TEST-4; MOR-LEADER-15, MOR-LEADER-16, D-18, MOR-WAREHOUSE-9 for white marbles."""
    # (a) one white-marble leader (coin): conversion is automatic
    state = blank_game()
    market(state, ["WWGR", "BPWY", "GBPY"], "W")
    play_leader_now(state, 0, leader("white_marble", "coin"))
    after, _ = play(state, 0, "market row-1")
    assert after["turn"]["pending"]["gained"] == {"coin": 2, "stone": 1} and after["seats"][0]["faith"] == 1
    # (b) two leaders (servant, shield): a choice per white marble, never both from one marble
    state = blank_game()
    market(state, ["WWGR", "BPWY", "GBPY"], "W")
    play_leader_now(state, 0, leader("white_marble", "servant"))
    play_leader_now(state, 0, leader("white_marble", "shield"))
    refused(state, 0, "market row-1", "MOR-LEADER-16")
    refused(state, 0, "market row-1 white:servant,servant,shield,shield", "MOR-LEADER-16")
    refused(state, 0, "market row-1 white:coin,coin", "MOR-LEADER-16")
    outcomes = []
    for choice in ("servant,servant", "servant,shield", "shield,shield"):
        after, _ = play(state, 0, f"market row-1 white:{choice}")
        outcomes.append(after["turn"]["pending"]["gained"])
    assert outcomes == [{"servant": 2, "stone": 1}, {"servant": 1, "shield": 1, "stone": 1},
                        {"shield": 2, "stone": 1}]
    legal = [a for a in GAME.legal_actions(state, 0) if a["type"] == "market" and a["line"] == "row-1"]
    assert [a["white"] for a in legal] == [["servant", "servant"], ["servant", "shield"], ["shield", "shield"]]
    # (c) no leader: whites give nothing, are not resources and cannot be discarded
    state = blank_game()
    market(state, ["WWGR", "BPWY", "GBPY"], "W")
    refused(state, 0, "market row-1 white:coin,coin", "MOR-LEADER-15")
    after, _ = play(state, 0, "market row-1")
    assert after["turn"]["pending"]["gained"] == {"stone": 1}
    refused(after, 0, "place empty discard:stone,coin,coin", "MOR-WAREHOUSE-8")
    after, _ = play(after, 0, "place empty discard:stone")
    assert after["seats"][1]["faith"] == 1


def test_MOR_MARKET_8_red_marble_faith_before_storing():
    """MOR-MARKET-8 and MOR-FAITH-1: faith moves the marker at once and is never stored."""
    state = blank_game()
    market(state, ["RGYY", "BPWW", "GBPW"], "W")
    state, _ = play(state, 0, "market row-1")
    assert state["seats"][0]["faith"] == 1
    assert "faith" not in state["turn"]["pending"]["gained"]


def test_MOR_MARKET_9_market_resources_never_reach_the_strongbox():
    """MOR-MARKET-9, MOR-STRONGBOX-2, MOR-WAREHOUSE-7: placement only fills depots."""
    state = blank_game()
    market(state, ["GGYY", "BPWW", "GBPW"], "W")
    state, _ = play(state, 0, "market row-1")
    state, _ = play(state, 0, "place")
    assert sum(state["seats"][0]["strongbox"].values()) == 0
    assert warehouse_totals(state["seats"][0]) == {"stone": 2, "coin": 2}
    refused(state, 0, "place", "MOR-WAREHOUSE-7")


def test_MOR_TEST_5_warehouse_legality():
    """MOR-TEST-5; MOR-WAREHOUSE-1, MOR-WAREHOUSE-2, MOR-WAREHOUSE-3, MOR-WAREHOUSE-4, MOR-WAREHOUSE-5, MOR-LEADER-12, MOR-LEADER-13."""
    player = {"depots": [], "leader_depots": {}}
    apply_layout(player, {"d1": ["coin"], "d2": ["shield"] * 2, "d3": ["stone"] * 3})
    assert player["depots"] == [["coin", 1], ["shield", 2], ["stone", 3]]
    for bad, rule in [({"d1": ["coin"], "d2": ["coin"]}, "MOR-WAREHOUSE-3"),
                      ({"d3": ["stone", "shield"]}, "MOR-WAREHOUSE-2"),
                      ({"d2": ["servant"] * 3}, "MOR-WAREHOUSE-5"),
                      ({"d4": ["coin"]}, "MOR-WAREHOUSE-1"),
                      ({"L5": ["stone"]}, "MOR-WAREHOUSE-1")]:
        with pytest.raises(IllegalAction) as err:
            apply_layout({"depots": [], "leader_depots": {}}, bad)
        assert err.value.rule == rule
    stone_depot = leader("extra_depot", "stone")
    player = {"depots": [], "leader_depots": {stone_depot: 0}}
    apply_layout(player, {"d3": ["stone"] * 3, stone_depot: ["stone"] * 2})
    assert warehouse_totals(player) == {"stone": 5}
    for bad in ({stone_depot: ["coin"]}, {stone_depot: ["stone"] * 3}):
        with pytest.raises(IllegalAction) as err:
            apply_layout(player, bad)
        assert err.value.rule == "MOR-LEADER-12"


def test_MOR_WAREHOUSE_4_depots_have_no_fixed_type():
    """MOR-WAREHOUSE-4: any type in any depot; an empty depot has no type."""
    state = blank_game()
    depots(state, 0, ("coin", 1))
    market(state, ["GGYY", "BPWW", "GBPW"], "W")
    state, _ = play(state, 0, "market col-1")  # grey, blue, grey
    state, _ = play(state, 0, "place d1:shield d2:stone,stone d3:coin")
    assert state["seats"][0]["depots"] == [["shield", 1], ["stone", 2], ["coin", 1]]
    view = GAME.view(state, None)["players"][0]["depots"]
    assert [d["capacity"] for d in view] == [1, 2, 3]


def test_MOR_TEST_6_discard_penalty():
    """MOR-TEST-6; MOR-WAREHOUSE-3, MOR-WAREHOUSE-8, MOR-WAREHOUSE-9, MOR-WAREHOUSE-10, MOR-MARKET-8."""
    state = blank_game(3)
    for seat, faith in enumerate((2, 4, 10)):
        state["seats"][seat]["faith"] = faith
    state["reported"] = [True, False, False]
    state["seats"][2]["favour"][0] = "active"
    state["seats"][0]["favour"][0] = state["seats"][1]["favour"][0] = "discarded"
    depots(state, 0, ("coin", 1), ("shield", 2), ("stone", 3))
    market(state, ["PWGY", "YWWY", "RBPW"], "W")
    state, _ = play(state, 0, "market col-1")
    assert state["seats"][0]["faith"] == 3
    assert state["turn"]["pending"]["gained"] == {"servant": 1, "coin": 1}
    refused(state, 0, "place d1:coin,coin d2:shield,shield d3:stone,stone,stone", "MOR-WAREHOUSE-5")
    refused(state, 0, "place d1:coin d2:coin d3:stone,stone,stone", "MOR-WAREHOUSE-3")
    view = GAME.view(state, 0)["pending"]
    assert view["default_discard"] == {"servant": 1, "coin": 1}
    assert view["default_layout"] == {"d1": ["coin"], "d2": ["shield"] * 2, "d3": ["stone"] * 3}
    state, events = play(state, 0, "place")
    assert [p["faith"] for p in state["seats"]] == [3, 6, 12]
    assert warehouse_totals(state["seats"][0]) == {"coin": 1, "shield": 2, "stone": 3}
    assert state["reported"] == [True, False, False]
    assert not any(e["type"] == "vatican" for e in events)


def test_MOR_TEST_7_rearranging_avoids_discards():
    """MOR-TEST-7; MOR-WAREHOUSE-6: the default placement rearranges to keep everything."""
    state = blank_game()
    depots(state, 0, ("coin", 1), ("stone", 2), ("shield", 1))
    market(state, ["YYWW", "BPWG", "GBPR"], "W")
    state, _ = play(state, 0, "market row-1")
    explicit, _ = play(state, 0, "place d1:shield d2:stone,stone d3:coin,coin,coin")
    default, _ = play(state, 0, "place")
    for after in (explicit, default):
        assert after["seats"][0]["depots"] == [["shield", 1], ["stone", 2], ["coin", 3]]
        assert after["seats"][1]["faith"] == 0


def test_MOR_WAREHOUSE_6_arrange_during_own_turn_only():
    """MOR-WAREHOUSE-6, MOR-TURN-5, D-19: rearranging keeps the contents, only on one's turn."""
    state = blank_game()
    depots(state, 0, ("coin", 1), ("stone", 2))
    state, _ = play(state, 0, "arrange d1:coin d3:stone,stone")
    assert state["seats"][0]["depots"] == [["coin", 1], [None, 0], ["stone", 2]]
    refused(state, 0, "arrange d3:stone,stone", "MOR-WAREHOUSE-6")
    refused(state, 0, "arrange d1:coin d3:stone,stone,stone", "MOR-WAREHOUSE-6")
    refused(state, 0, "arrange d1:coin d3:stone discard:stone", "MOR-WAREHOUSE-8")
    depots(state, 1, ("coin", 1))
    refused(state, 1, "arrange d2:coin", "CORE-TURN")


def test_MOR_WAREHOUSE_8_discard_old_and_new_only_while_placing():
    """MOR-WAREHOUSE-8, D-3: old resources may be discarded while placing, never at other times."""
    state = blank_game()
    depots(state, 0, ("coin", 1), ("stone", 2))
    market(state, ["YYWW", "BPWG", "GBPR"], "W")
    state, _ = play(state, 0, "market row-1")
    refused(state, 0, "place d1:coin discard:coin", "MOR-WAREHOUSE-8")
    after, _ = play(state, 0, "place d3:coin,coin,coin discard:stone,stone")
    assert warehouse_totals(after["seats"][0]) == {"coin": 3}
    assert after["seats"][1]["faith"] == 2
    after, _ = play(state, 0, "place discard:stone")
    assert warehouse_totals(after["seats"][0]) == {"coin": 3, "stone": 1}
    refused(state, 0, "place discard:servant", "MOR-WAREHOUSE-8")
    fresh = blank_game()
    refused(fresh, 0, "place discard:coin", "MOR-WAREHOUSE-7")


def test_MOR_WAREHOUSE_9_discards_feed_every_other_player():
    """MOR-WAREHOUSE-9, MOR-WAREHOUSE-10, MOR-TURN-7: each other player gains 1 faith per unit."""
    state = blank_game(4)
    market(state, ["YYGG", "BPWG", "GBPR"], "W")
    state, events = play(state, 0, "market row-1")
    state, events = play(state, 0, "place empty discard:coin,coin,stone,stone")
    assert [p["faith"] for p in state["seats"]] == [0, 4, 4, 4]
    assert holdings(state, 0) == {}
    assert any(e["type"] == "discard_faith" for e in events)


def test_MOR_WAREHOUSE_11_and_12_spending_and_no_transfer():
    """MOR-WAREHOUSE-11, MOR-WAREHOUSE-12, MOR-STRONGBOX-3: depots and strongbox pay together;
    there is no move between them (a layout can only hold warehouse units)."""
    state = blank_game()
    depots(state, 0, ("shield", 1))
    strongbox(state, 0, shield=1)
    on_top(state, card("green", 1, 1))  # costs 2 shields
    state, _ = play(state, 0, "buy green-1 slot:1")
    assert holdings(state, 0) == {}
    state = blank_game()
    strongbox(state, 0, coin=3)
    refused(state, 0, "arrange d3:coin,coin,coin", "MOR-WAREHOUSE-6")


def test_MOR_STRONGBOX_1_unlimited_and_MOR_STRONGBOX_5_unlimited_supply():
    """MOR-STRONGBOX-1, MOR-STRONGBOX-5, MOR-SETUP-1: any amount of any mix, supply never runs out."""
    state = blank_game()
    strongbox(state, 0, coin=40, stone=33)
    state, _ = play(state, 0, "produce base:coin+coin>stone")
    assert state["seats"][0]["strongbox"] == {"coin": 38, "stone": 34, "servant": 0, "shield": 0}


def test_MOR_STRONGBOX_4_counts_for_requirements_and_score():
    """MOR-STRONGBOX-4 (see also MOR-TEST-16 and MOR-TEST-19)."""
    state = blank_game()
    strongbox(state, 0, coin=5)
    state["seats"][0]["hand"] = [leader("extra_depot", "stone")]
    state, _ = play(state, 0, f"leader play {leader('extra_depot', 'stone')}")
    assert GAME.view(state, None)["players"][0]["vp_breakdown"]["resources"] == 1


@pytest.mark.parametrize("discard", [None, "", "coin", {"coin": 1}, ("coin",), ["coin", 1]])
def test_MOR_WAREHOUSE_8_a_place_action_discards_a_list_of_resources(discard):
    """MOR-WAREHOUSE-8: the engine API refuses a ``place`` whose ``discard`` is not a list of
    resources, in a sentence, with the state unchanged (it was played before, and its notation raised)."""
    state = blank_game()
    market(state, ["WWGR", "BPWY", "GBPY"], "W")
    after, _ = play(state, 0, "market row-1")
    before = GAME.dumps(after)
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(after, 0, {"type": "place", "discard": discard})
    assert refusal.value.rule == "MOR-WAREHOUSE-8"
    assert "list of resources" in str(refusal.value.message)
    assert GAME.dumps(after) == before
