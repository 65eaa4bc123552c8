"""The move table, the phases, canonical notation and the rule each refusal names."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction
from games.lim import rounds

from .helpers import (
    G,
    dice,
    excommunicate,
    holdings,
    legal,
    new,
    own,
    play,
    put,
    refused,
    turn_of,
)


# --------------------------------------------------------------------------- move table
def test_every_kind_of_decision_has_its_own_phase_LIM_ROUND_2():
    """LIM-ROUND-2, LIM-ADV-2, LIM-ADV-5, LIM-VATICAN-4: the tile pick, the draft, the report, each
    pending decision and the normal turn are told apart."""
    advanced = G.setup(3, 4, {"advanced": True})
    assert G.phase(advanced, advanced["tile_pick"]["order"][0]) == "tiles"
    for _ in range(3):
        first = advanced["tile_pick"]["order"][0]
        advanced = play(advanced, first, f"tile {advanced['tile_pick']['left'][0]}")
    assert G.phase(advanced, 0) == "draft"

    state = turn_of(new(), 0)
    dice(state, white=6)
    holdings(state, 0, coins=9, wood=9, stone=9, servants=9)
    assert G.phase(state, 0) == "turn"
    assert G.phase(play(state, 0, "place white council"), 0) == "privileges"
    put(state, "blue-3", "Abbess")
    assert G.phase(play(state, 0, "place white blue-3"), 0) == "bonus-take"
    put(state, "blue-1", "Bishop")
    assert G.phase(play(state, 0, "place white blue-1"), 0) == "bonus-production"
    put(state, "blue-2", "Cardinal")
    assert G.phase(play(state, 0, "place white blue-2"), 0) == "bonus-harvest"
    own(state, 0, "Residence")
    assert G.phase(play(state, 0, "place white production-1"), 0) == "exchange"

    report = new(players=2)
    report["round"] = 2
    holdings(report, 0, fp=5)
    holdings(report, 1, fp=5)
    rounds.end_actions(report, [])
    assert G.phase(report, 0) == G.phase(report, 1) == "vatican"


def test_simultaneous_and_hidden_moves_are_flagged_LIM_ADV_5_LIM_VATICAN_11():
    """LIM-ADV-5, LIM-ADV-6, LIM-VATICAN-11, LIM-ADV-2, LIM-ROUND-3."""
    draft, report, tile = G.move("draft"), G.move("report"), G.move("tile")
    assert draft.own_decision and draft.private and draft.reveals
    assert report.own_decision and report.private and report.reveals
    assert not tile.own_decision and not tile.private and not tile.reveals
    for kind in ("place", "end", "pass", "leader", "privilege", "take", "decline", "exchange"):
        assert G.move(kind).reveals and not G.move(kind).private and not G.move(kind).own_decision


def test_a_move_out_of_its_phase_names_the_move_rule_LIM_PRIV_1():
    """LIM-PRIV-1, LIM-ROUND-7, LIM-LEADER-4."""
    state = turn_of(new(advanced=True), 0)
    dice(state, white=1)
    state = play(state, 0, "place white council")
    message = refused(state, 0, "place black market-1", "LIM-ROUND-7")
    assert "privilege" in message
    refused(turn_of(new(), 0), 0, "privilege coins", "LIM-PRIV-1")
    state["seats"][0]["hand"] = ["pico"]
    refused(state, 0, "leader discard pico", "LIM-LEADER-4")


# ----------------------------------------------------------------------------- refusals
def test_LIM_ROUND_7_no_pass_after_placing():
    state = turn_of(new(), 0)
    state["turn"]["placed"] = True
    refused(state, 0, "pass", "LIM-ROUND-7")
    refused(state, 0, "place black council", "LIM-ROUND-7")


def test_LIM_EXCOMM_27_a_skipped_turn_is_passed_not_ended():
    state = turn_of(new(), 0)
    state["turn"]["skip"] = True
    refused(state, 0, "end", "LIM-EXCOMM-27")
    refused(state, 0, "place white council", "LIM-EXCOMM-27")


def test_LIM_LEADER_6_only_a_leader_in_hand_is_played():
    state = turn_of(new(advanced=True), 0)
    refused(state, 0, "leader play moro", "LIM-LEADER-6")
    refused(state, 0, "leader discard moro", "LIM-LEADER-10")


def test_LIM_PROD_7_an_exchange_the_card_does_not_have():
    state = turn_of(new(), 0)
    dice(state, white=1)
    own(state, 0, "Residence")
    holdings(state, 0, coins=1)
    state = play(state, 0, "place white production-1")
    refused(state, 0, "exchange 2", "LIM-PROD-7")


def test_LIM_CARD_2_a_territory_has_no_cost_to_choose():
    state = dice(turn_of(new(), 0), white=1)
    put(state, "green-1", "Woods")
    refused(state, 0, "place white green-1 cost:2", "LIM-CARD-2")


# ----------------------------------------------------------------------------- notation
@pytest.mark.parametrize("text", ["place black council servants:²", "exchange ²", "place white green-٣"])
def test_non_ascii_digits_are_refused_in_one_sentence(text):
    with pytest.raises(IllegalAction) as refusal:
        G.parse(new(), text)
    assert refusal.value.rule == "CORE-NOTATION"


@pytest.mark.parametrize(
    "text",
    [
        "place black green-1 servants:1 servants:2",
        "place black green-1 cost:1 cost:1",
        "take green-1 discount:wood discount:stone",
        "harvest servants:1 servants:1",
        "leader play lorenzo copy:pico copy:moro",
        "privilege coins reduce:wood reduce:stone",
    ],
)
def test_a_repeated_key_is_refused(text):
    with pytest.raises(IllegalAction) as refusal:
        G.parse(new(), text)
    assert refusal.value.rule == "CORE-NOTATION" and "twice" in refusal.value.message


def test_LIM_CARD_10_a_double_cost_is_always_named():
    state = dice(turn_of(new(), 0), white=1)
    put(state, "purple-1", "Support to the Bishop")
    holdings(state, 0, mp=4, wood=1, coins=2, stone=1)
    assert G.parse(state, "place white purple-1")["cost"] == 1
    assert {"place white purple-1 cost:1", "place white purple-1 cost:2"} <= set(legal(state, 0))
    with pytest.raises(IllegalAction) as refusal:
        G.apply(state, 0, {"type": "place", "member": "white", "space": "purple-1", "servants": 0})
    assert refusal.value.rule == "CORE-NOTATION"


def test_LIM_CARD_10_a_single_cost_is_never_named():
    state = dice(turn_of(new(), 0), white=1)
    put(state, "yellow-1", "Chapel")
    holdings(state, 0, wood=2)
    action = G.parse(state, "place white yellow-1 cost:1")
    assert "cost" not in action and G.notation(action) in legal(state, 0)


def test_LIM_EFFECT_8_a_discount_is_named_only_when_there_is_a_choice():
    """Stonemason: wood or stone off a building. On the Mint (wood and stone) both are listed; on
    the Chapel (wood only) the discount applies by itself and naming another is refused."""
    state = dice(turn_of(new(), 0), white=1)
    own(state, 0, "Stonemason")
    holdings(state, 0, wood=9, stone=9)
    put(state, "yellow-1", "Mint")
    both = {"place white yellow-1 discount:wood", "place white yellow-1 discount:stone"}
    assert both <= set(legal(state, 0))
    assert G.parse(state, "place white yellow-1")["discount"] == "wood"
    put(state, "yellow-1", "Chapel")
    assert "discount" not in G.parse(state, "place white yellow-1 discount:wood")
    refused(state, 0, "place white yellow-1 discount:stone", "LIM-EFFECT-8")


def test_LIM_PRIV_2_privileges_read_in_one_order():
    state = turn_of(new(), 0)
    state["pending"] = [{"kind": "privileges", "count": 2, "distinct": True}]
    action = G.parse(state, "privilege military coins")
    assert action["choices"] == ["coins", "military"] and G.notation(action) in legal(state, 0)


def test_LIM_PLACE_4_no_servants_written_reads_back_as_itself():
    """A place that spends no servant is written without them; applied where servants are needed,
    it is refused by the value rule, not as a notation slip."""
    state = dice(turn_of(new(), 0), white=1)
    put(state, "yellow-2", "Chapel")
    holdings(state, 0, servants=3, wood=2)
    with pytest.raises(IllegalAction) as refusal:
        G.apply(state, 0, {"type": "place", "member": "white", "space": "yellow-2", "servants": 0})
    assert refusal.value.rule == "LIM-PLACE-4"
    assert "place white yellow-2 servants:2" in legal(state, 0)
    assert G.parse(state, "place white yellow-2")["servants"] == 2


def test_old_move_logs_replay():
    """Texts written before the canonical forms (a double-cost venture without cost:, cost:1 on a
    single-cost card, privileges in any order) still replay to the same game."""
    chooser = random.Random(3)
    state = G.setup(3, 3, {})
    log = []
    while G.result(state) is None and len(log) < 120:
        seat = sorted(G.actors(state))[0]
        action = chooser.choice(G.legal_actions(state, seat))
        text = G.notation(action)
        if action.get("cost") == 1:
            text = text.replace(" cost:1", "")
        if action["type"] == "privilege":
            text = "privilege " + " ".join(reversed(action["choices"]))
        log.append((seat, text))
        state, _ = G.apply(state, seat, action)
    assert G.dumps(G.replay(3, 3, {}, log)) == G.dumps(state)


def test_every_listed_move_reads_back_as_itself_and_applies():
    chooser = random.Random(8)
    for options in ({}, {"advanced": True}):
        state = G.setup(4, 8, options)
        for _ in range(200):
            if G.result(state) is not None:
                break
            seat = chooser.choice(sorted(G.actors(state)))
            listed = G.legal_actions(state, seat)
            texts = [G.notation(a) for a in listed]
            assert len(texts) == len(set(texts)), "a move is listed twice"
            for action in listed:
                assert G.parse(state, G.notation(action)) == action
            state, _ = G.apply(state, seat, chooser.choice(listed))


def test_LIM_EXCOMM_14_reduce_names_wood_or_stone():
    state = turn_of(new(), 0)
    state["pending"] = [{"kind": "privileges", "count": 1, "distinct": False}]
    excommunicate(state, 0, "E1-4")
    refused(state, 0, "privilege wood-stone reduce:coins", "LIM-EXCOMM-14")


def test_LIM_OQ_6_reduce_is_a_choice_only_under_the_wood_or_stone_tile():
    """LIM-OQ-6, LIM-EXCOMM-14: under E1-4 'reduce:stone' is a listed move of its own and
    'reduce:wood' is the default written out; without that tile 'reduce:' is refused."""
    state = dice(turn_of(new(), 0), white=1)
    refused(state, 0, "place white harvest-1 reduce:stone", "LIM-EXCOMM-14")
    assert not any("reduce:" in text for text in legal(state, 0))
    excommunicate(state, 0, "E1-4")
    assert "reduce" not in G.parse(state, "place white harvest-1 reduce:wood")
    assert {"place white harvest-1", "place white harvest-1 reduce:stone"} <= set(legal(state, 0))
