"""The move table, out-of-phase refusals, refusals that cite one rule, repeated keys, the settled
(canonical) form of every spelling of a move, and a legal list that holds every legal move."""

from __future__ import annotations

import random

import pytest

from games.core import RULE_ID, IllegalAction
from games.mor import GAME
from games.mor.rules import payment_plan

from .helpers import (
    blank_game,
    card,
    depots,
    give_slot,
    leader,
    market,
    new_game,
    on_top,
    play,
    play_leader_now,
    refused,
    strongbox,
)

PLENTY = {"coin": 9, "stone": 9, "servant": 9, "shield": 9}


def listed(state, seat=0):
    return [GAME.notation(a) for a in GAME.legal_actions(state, seat)]


def settled(state, text):
    return GAME.notation(GAME.parse(state, text))


# ---------------------------------------------------------------------------- the move table
def test_the_move_table_declares_every_move_with_what_the_table_must_know():
    flags = {m.type: (m.phases, m.reveals, m.private, m.own_decision) for m in GAME.moves()}
    assert flags == {
        "keep": (("setup",), False, True, True),  # a hidden hand, kept by every seat at once
        "market": (("play",), False, False, False),
        "place": (("play",), False, False, False),
        "arrange": (("play",), False, False, False),
        "buy": (("play",), True, False, False),  # the next card of the deck turns up
        "produce": (("play",), False, False, False),
        "leader": (("play",), True, True, False),  # play turns a leader up; discard names a hidden one
        "end": (("play",), True, False, False),  # solo: Lorenzo's next token
    }


def test_MOR_SETUP_13_nothing_but_keep_during_setup():
    state = GAME.setup(2, 1)
    error = refused(state, 0, "market row-1", "MOR-SETUP-13")
    assert error.message.startswith("First keep 2 of your 4 leaders")


def test_MOR_SETUP_21_keep_only_during_setup():
    state = new_game(2)
    error = refused(state, 0, "keep L1 L2", "MOR-SETUP-21")
    assert error.message.startswith("Setup is over")


# ------------------------------------------------------------------ refusals cite one rule
def test_MOR_LEADER_10_a_leader_not_in_hand_cites_only_its_rule():
    state = blank_game()
    error = refused(state, 0, "leader discard L16", "MOR-LEADER-10")
    assert RULE_ID.findall(error.message) == ["MOR-LEADER-10"]


def test_MOR_LEADER_15_white_marbles_without_a_leader_cite_only_their_rule():
    state = blank_game()
    market(state, ["WWGR", "BPWY", "GBPY"], "W")
    error = refused(state, 0, "market row-1 white:coin,coin", "MOR-LEADER-15")
    assert RULE_ID.findall(error.message) == ["MOR-LEADER-15"]


def test_MOR_BUY_8_no_slot_cites_only_the_slot_rule():
    state = blank_game()
    strongbox(state, 0, **PLENTY)
    error = refused(state, 0, "buy green-2", "MOR-BUY-8")
    assert RULE_ID.findall(error.message) == ["MOR-BUY-8"]


# ------------------------------------------------------------------------- repeated keys
@pytest.mark.parametrize("text", [
    "produce c19 L14:coin L14:coin", "place d1:coin d1:servant", "buy green-1 slot:1 slot:2",
    "keep L3 L7 res:coin res:stone", "market row-1 white:coin white:stone", "place discard:coin discard:stone",
    "buy green-1 pay:wh pay:sb", "buy green-1 pay:wh wh:coin", "produce base:coin+coin>stone base:stone+stone>coin",
    "place empty d1:coin", "place empty empty", "arrange d3:coin D3:coin", "produce c5 l13:coin L13:stone",
])
def test_CORE_NOTATION_a_repeated_key_is_refused(text):
    error = refused(blank_game(), 0, text, "CORE-NOTATION")
    assert "twice" in error.message or "not both" in error.message or "'empty'" in error.message


def test_MOR_PROD_3_a_card_named_twice_is_refused():
    state = blank_game()
    give_slot(state, 0, 1, ["c1"])
    strongbox(state, 0, **PLENTY)
    refused(state, 0, "produce c1 c1", "MOR-PROD-3")


# ------------------------------------------------------------------------- settled forms
def test_MOR_BUY_6_a_plain_buy_names_its_slot_and_payment():
    state = blank_game()
    strongbox(state, 0, **PLENTY)
    assert GAME.parse(state, "buy green-1") == {"type": "buy", "deck": "green-1", "slot": 1, "pay": "wh"}
    # with an empty warehouse "strongbox first" takes the same units as "warehouse first"
    assert settled(state, "buy green-1 pay:sb") == "buy green-1 slot:1 pay:wh"


def test_MOR_BUY_4_a_payment_split_is_named_when_it_is_one_of_the_two_orders():
    state = blank_game()
    on_top(state, card("green", 1, 1))  # costs 2 shield
    depots(state, 0, None, ("shield", 2))
    strongbox(state, 0, shield=2)
    assert settled(state, "buy green-1 wh:shield,shield") == "buy green-1 slot:1 pay:wh"
    assert settled(state, "buy green-1 sb:shield,shield") == "buy green-1 slot:1 pay:sb"
    assert settled(state, "buy green-1 wh:shield sb:shield") == "buy green-1 slot:1 wh:shield sb:shield"
    assert {"buy green-1 slot:1 pay:wh", "buy green-1 slot:1 pay:sb"} <= set(listed(state))
    after, _ = play(state, 0, "buy green-1 wh:shield sb:shield")
    assert after["seats"][0]["depots"][1] == ["shield", 1] and after["seats"][0]["strongbox"]["shield"] == 1


def test_MOR_LEADER_15_an_automatic_white_choice_is_not_written():
    state = blank_game()
    market(state, ["WWGR", "BPWY", "GBPY"], "W")
    play_leader_now(state, 0, leader("white_marble", "coin"))
    assert settled(state, "market row-1 white:coin,coin") == "market row-1"
    assert settled(state, "market row-3 white:") == "market row-3"


def test_MOR_PROD_3_outputs_of_choice_are_dealt_in_one_order():
    state = blank_game()
    play_leader_now(state, 0, leader("extra_production", "shield"))
    strongbox(state, 0, **PLENTY)
    one = settled(state, "produce base:coin+coin>stone L13:coin")
    assert one == settled(state, "produce base:coin+coin>coin L13:stone") == "produce base:coin+coin>coin L13:stone"
    assert one in listed(state)
    assert settled(state, "produce L13:coin pay:wh") == "produce L13:coin"


def test_MOR_WAREHOUSE_8_every_spelling_of_a_placement_is_a_listed_move():
    state = blank_game()
    depots(state, 0, ("coin", 1), ("stone", 2))
    market(state, ["YYWW", "BPWG", "GBPR"], "W")
    state, _ = play(state, 0, "market row-1")  # 2 coin
    moves = listed(state)
    assert moves[0] == "place" and len(moves) == len(set(moves))
    assert moves[1] == "place d1:coin d2:stone,stone discard:coin,coin"  # keep the warehouse as it was
    for text in ("place discard:stone", "place d3:coin,coin,coin discard:stone,stone", "place empty",
                 "place d1:coin d3:stone,stone", "place d2:stone,stone d3:coin,coin,coin", "place discard:coin"):
        assert settled(state, text) in moves, text
    assert settled(state, "place d2:stone,stone d3:coin,coin,coin") == "place"
    assert settled(state, "place empty") == "place empty discard:coin,coin,coin,stone,stone"


def test_MOR_WAREHOUSE_6_every_rearrangement_is_listed_and_moving_nothing_is_refused():
    state = blank_game()
    depots(state, 0, ("coin", 1), ("stone", 2))
    arrangements = {text for text in listed(state) if text.startswith("arrange")}
    assert arrangements == {"arrange d1:coin d3:stone,stone", "arrange d2:coin d3:stone,stone",
                            "arrange d2:stone,stone d3:coin"}
    refused(state, 0, "arrange d1:coin d2:stone,stone", "MOR-WAREHOUSE-6")


# ------------------------------------------------------------------- the list is complete
def random_positions(players, seed, every=3, limit=250):
    chooser = random.Random(seed)
    state = GAME.setup(players, seed)
    for step in range(limit):
        if GAME.result(state) is not None:
            return
        seat = chooser.choice(sorted(GAME.actors(state)))
        legal = GAME.legal_actions(state, seat)
        if step % every == 0:
            yield state, seat, legal
        state, _ = GAME.apply(state, seat, chooser.choice(legal))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_listed_move_is_settled_distinct_and_legal(players):
    chooser = random.Random(players)
    for state, seat, legal in random_positions(players, 60 + players):
        texts = [GAME.notation(a) for a in legal]
        assert len(texts) == len(set(texts))
        for action in chooser.sample(legal, min(12, len(legal))):
            assert GAME.parse(state, GAME.notation(action)) == action
            GAME.apply(state, seat, action)


@pytest.mark.parametrize("players", [1, 3])
def test_the_explicit_forms_of_a_listed_move_settle_to_it(players):
    """MOR-BUY-4, MOR-PROD-7: a move written with its payment spelled out unit by unit, or a
    placement written as its layout, is the listed move."""
    for state, seat, legal in random_positions(players, 80 + players, every=2):
        texts = {GAME.notation(a) for a in legal}
        player = state["seats"][seat]
        for action in legal:
            explicit = None
            if action["type"] == "buy":
                cost = GAME.view(state, seat)["you"]["affordable"]
                need = next(c["cost"] for c in cost if c["deck"] == action["deck"])
                from_wh, from_sb = payment_plan(player, need, action["pay"])
                explicit = dict(action, pay={k: [r for r, n in v.items() for _ in range(n)]
                                             for k, v in (("wh", from_wh), ("sb", from_sb)) if v})
            elif action["type"] == "place" and "layout" not in action:
                explicit = {"type": "place", "layout": GAME.view(state, seat)["pending"]["default_layout"]}
            if explicit is not None:
                assert GAME.notation(GAME.parse(state, GAME.notation(explicit))) in texts, explicit


def brute_force_layouts(state, seat):
    """Every way to write depots by hand: each base depot empty or 1..3 of one resource, each
    extra depot 0..2 of its resource (many of these break a depot rule)."""
    from itertools import product

    from games.mor.data import DEPOT_CAPACITIES, LEADERS, RESOURCES
    base = [[None] + [(r, n) for r in RESOURCES for n in range(1, 4)] for _ in DEPOT_CAPACITIES]
    extra = [[(i, n) for n in range(3)] for i in state["seats"][seat]["leader_depots"]]
    for depots_chosen in product(*base, *extra):
        words = []
        for place, chosen in zip(("d1", "d2", "d3"), depots_chosen):
            if chosen:
                words.append(f"{place}:{chosen[1]}{chosen[0]}")
        for leader_id, n in depots_chosen[len(DEPOT_CAPACITIES):]:
            if n:
                words.append(f"{leader_id}:{n}{LEADERS[leader_id]['resource']}")
        yield " ".join(words) or "empty"


@pytest.mark.parametrize("players", [1, 2])
def test_MOR_WAREHOUSE_6_and_8_every_layout_written_by_hand_that_is_accepted_is_listed(players):
    """Brute force, independent of how the list is built: of every layout a player could type for
    ``place`` or ``arrange``, those the engine accepts are exactly listed moves."""
    checked = {"place": 0, "arrange": 0}
    for state, seat, legal in random_positions(players, 120 + players, every=1, limit=120):
        head = "place" if state["turn"]["pending"] is not None else "arrange"
        if state["phase"] != "play" or checked[head] >= 3:
            continue
        checked[head] += 1
        texts = {GAME.notation(a) for a in legal}
        for layout in brute_force_layouts(state, seat):
            try:
                action = GAME.parse(state, f"{head} {layout}")
                GAME.apply(state, seat, action)
            except IllegalAction:
                continue
            assert GAME.notation(action) in texts, layout
    assert checked == {"place": 3, "arrange": 3}


def test_MOR_BUY_4_MOR_PROD_7_every_payment_split_a_player_can_type_is_listed():
    """Issue (reliability 11): every text the parser accepts is a listed legal move. Each way to
    pay the base production's coin and stone from warehouse or strongbox, typed by hand, is
    accepted and listed: the two named orders and the two mixed splits."""
    from itertools import product

    state = blank_game()
    depots(state, 0, ("coin", 1), None, ("stone", 1))
    strongbox(state, 0, coin=1, stone=1)
    texts = set(listed(state))
    played = set()
    for coin_from, stone_from in product(("wh", "sb"), repeat=2):
        split = {"wh": [], "sb": []}
        split[coin_from].append("coin")
        split[stone_from].append("stone")
        words = " ".join(f"{source}:{','.join(units)}" for source, units in split.items() if units)
        action = GAME.parse(state, f"produce base:coin+stone>shield {words}")
        after, _ = GAME.apply(state, 0, action)
        assert GAME.notation(action) in texts, words
        played.add(GAME.notation(action))
    assert len(played) == 4
