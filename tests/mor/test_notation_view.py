"""Notation round trips, prompts, the view's shape and secrecy, and the Discord helpers."""

from __future__ import annotations

import json

import pytest

from games.core import IllegalAction
from games.mor import GAME, affordable_cards, card_details, leader_details
from tests.engine_checks import (
    check_notation_round_trip,
    check_public_view_is_json,
    check_refusals_change_nothing,
    check_replay,
    random_playout,
)

from .helpers import blank, card, depots, leader, market, new_game, on_top, play, play_leader_now, strongbox

EXAMPLES = [
    "keep L3 L7 res:coin", "keep L1 L12 res:stone,stone", "keep L3 L7", "market row-2", "market col-4",
    "market col-4 white:coin,shield", "place", "place d1:coin d3:stone,stone discard:servant",
    "place discard:servant", "place empty discard:coin,servant", "arrange d1:shield d2:stone,stone d3:coin",
    "place d1:shield d2:stone,stone d3:coin,coin,coin L5:stone,stone", "buy green-2 slot:3 pay:wh", "buy blue-1",
    "buy purple-2 slot:1 wh:servant sb:servant,servant,servant", "produce base:coin+stone>shield c12 L13:servant",
    "produce c5 c20", "produce base:stone+stone>coin pay:sb", "leader play L5", "leader discard L2", "end",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_documented_examples_are_canonical(text):
    state = GAME.setup(2, 1)
    action = GAME.parse(state, text)
    assert GAME.notation(action) == text
    assert GAME.parse(state, GAME.notation(action)) == action


def test_parse_accepts_other_spellings():
    state = GAME.setup(2, 1)
    assert GAME.parse(state, "KEEP l7 L3 RES:coins") == GAME.parse(state, "keep L3 L7 res:coin")
    assert GAME.parse(state, "place d3:3stone") == GAME.parse(state, "place d3:stone,stone,stone")
    assert GAME.parse(state, "place d3:stone*3") == GAME.parse(state, "place d3:stone,stone,stone")
    assert GAME.parse(state, "produce base:stone+coin>shield") == GAME.parse(state, "produce base:coin+stone>shield")


@pytest.mark.parametrize("text", ["", "fly", "market", "market row-x", "buy", "buy green-7", "leader eat L1",
                                  "leader play Z1", "produce c99", "produce base:coin>", "place d1:gold",
                                  "keep L1 L2 res:faith", "end now", "produce L13"])
def test_malformed_notation_is_refused(text):
    with pytest.raises(IllegalAction) as err:
        GAME.parse(GAME.setup(2, 1), text)
    assert err.value.rule == "CORE-NOTATION" and err.value.message


@pytest.mark.parametrize("text", ["market row-1 white:99999999999999coin", "place d1:coin*100",
                                  "buy green-1 slot:\u00b2", "buy green-1 slot:" + "9" * 5000,
                                  "market row-\u0663"])
def test_huge_counts_and_non_ascii_digits_are_refused_as_notation(text):
    """A typo must be a readable refusal, never a MemoryError or ValueError from deep inside."""
    with pytest.raises(IllegalAction) as err:
        GAME.play(new_game(2), 0, text)
    assert err.value.rule == "CORE-NOTATION" and err.value.message


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_engine_checks_random_playout(players):
    """The shared contract checks on unbiased random games."""
    final, log = random_playout(GAME, players, seed=100 + players, check_every=3)
    check_replay(GAME, players, 100 + players, {}, final, log)
    check_refusals_change_nothing(GAME, GAME.setup(players, 3))
    assert GAME.result(final) is not None and GAME.actors(final) == set()


def test_prompts_follow_the_turn():
    state = GAME.setup(4, 2)
    assert GAME.prompt(state, 3) == "Keep 2 of your 4 leaders and choose 2 starting resources."
    state = new_game(2)
    blank(state, 0)
    assert GAME.prompt(state, 0) == "Take your turn: market, buy or produce."
    assert GAME.prompt(state, 1).startswith("It is not your turn")
    assert GAME.waiting_message(state, 1) == "It is not your turn: waiting for {p0}."
    market(state, ["GGYY", "WWWW", "BBPP"], "R")
    state, _ = play(state, 0, "market row-1")
    assert GAME.prompt(state, 0) == "Place the resources you took, or discard some."
    state, _ = play(state, 0, "place")
    assert GAME.prompt(state, 0) == "Play or discard a leader, or end your turn."


def test_view_shape_for_the_board_image():
    state = new_game(3)
    blank(state, 1)
    give = card("green", 1, 1)
    on_top(state, give)
    view = GAME.view(state, None)
    assert {"phase", "player_count", "solo_mode", "actors", "turn", "market", "decks", "players", "vatican",
            "end_triggered", "pending", "last_action", "last_events", "solo", "removed_cards"} <= set(view)
    assert len(view["market"]["grid"]) == 3 and view["market"]["slide"]
    assert len(view["decks"]) == 12 and all({"deck", "colour", "level", "count", "top"} <= set(d) for d in view["decks"])
    top = next(d for d in view["decks"] if d["deck"] == "green-1")["top"]
    assert top == {"id": give, "colour": "green", "level": 1, "vp": 1, "cost": {"shield": 2},
                   "input": {"coin": 1}, "output": {"faith": 1}}
    assert len(view["players"]) == 3
    for seat, p in enumerate(view["players"]):
        assert p["seat"] == seat and p["name"] == f"{{p{seat}}}"
        assert {"faith", "favour", "depots", "leader_depots", "strongbox", "slots", "leaders", "hand_count",
                "vp", "vp_breakdown"} <= set(p)
        assert len(p["slots"]) == 3 and all({"top", "covered"} <= set(s) for s in p["slots"])
    assert view["turn"]["seat"] == 0 and "you" not in view
    assert "kept 2 leaders" in view["last_action"]
    json.dumps(view)


def test_pending_placement_is_visible_with_its_default():
    state = new_game(2)
    blank(state, 0)
    depots(state, 0, ("coin", 1), ("shield", 2), ("stone", 3))
    market(state, ["PYWW", "WGGY", "BBPR"], "W")
    state, _ = play(state, 0, "market row-1")
    pending = GAME.view(state, 0)["pending"]
    assert pending == GAME.view(state, None)["pending"]
    assert pending["seat"] == 0 and pending["gained"] == {"servant": 1, "coin": 1}
    assert pending["default_layout"] == {"d1": ["coin"], "d2": ["shield", "shield"], "d3": ["stone"] * 3}
    assert pending["default_discard"] == {"servant": 1, "coin": 1}
    assert pending["discard_new_notation"] == "place d1:coin d2:shield,shield d3:stone,stone,stone discard:coin,servant"
    after, _ = play(state, 0, pending["discard_new_notation"])
    assert after["seats"][1]["faith"] == 2
    legal = GAME.legal_actions(state, 0)
    assert legal[0] == {"type": "place"} and all(a["type"] == "place" for a in legal)


def test_solo_view_shows_cross_and_last_token_only():
    state = new_game(1)
    blank(state, 0)
    state["solo"]["stack"].remove("discard-green")
    state["solo"]["stack"].insert(0, "discard-green")
    market(state, ["WWWW", "WGGY", "YBBP"], "P")
    state, _ = play(state, 0, "market row-1")
    state, _ = play(state, 0, "end")
    view = GAME.view(state, None)
    assert view["solo"]["last_token"] == {"id": "discard-green", "effect": "discard", "colour": "green", "count": 2}
    assert view["solo"]["revealed"] == ["discard-green"] and view["solo"]["black_cross"] == 0
    assert view["solo"]["tokens_in_stack"] == len(state["solo"]["stack"])
    public = json.dumps(view)
    hidden = [t for t in state["solo"]["stack"] if t != state["solo"]["last_token"]]
    assert all(f'"{t}"' not in public for t in hidden)


def test_discord_helpers():
    """affordable_cards lists the buyable top cards with discounted costs; card_details by id."""
    state = new_game(2)
    blank(state, 0)
    assert affordable_cards(state, 0) == []
    target = card("blue", 1, 1)  # 2 coin
    on_top(state, target)
    strongbox(state, 0, coin=1)
    play_leader_now(state, 0, leader("discount", "coin"))
    assert {"id": target, "deck": "blue-1", "cost": {"coin": 1}, "slots": [1, 2, 3], "vp": 1} in affordable_cards(state, 0)
    assert GAME.view(state, 0)["you"]["affordable"] == affordable_cards(state, 0)
    assert card_details(target)["colour"] == "blue"
    assert leader_details("L5")["ability"] == "extra_depot"
    with pytest.raises(KeyError):
        card_details("c49")
    check_public_view_is_json(GAME, state)
    check_notation_round_trip(GAME, state, GAME.legal_actions(state, 0))


def test_events_name_seats_with_placeholders_and_hide_leaders():
    state = GAME.setup(2, 6)
    kept = state["seats"][1]["dealt"][:2]
    state, events = GAME.play(state, 1, f"keep {' '.join(kept)} res:coin")
    assert events[0]["text"] == "{p1} kept 2 leaders and took 1 coin."
    assert all(k not in e["text"] for e in events for k in kept)


@pytest.mark.parametrize("action", [
    {"type": "market", "line": 5}, {"type": "market"}, {"type": "place", "layout": {"d1": [{"x": 1}]}},
    {"type": "place", "layout": {"x9": ["coin"]}}, {"type": "buy", "deck": "green-1", "slot": "one"},
    {"type": "leader", "op": "play", "leader": 5}, {"type": "produce", "cards": "c1"}, {"type": "dance"},
    {"type": "keep", "leaders": ["L1"]},
])
def test_malformed_action_dicts_are_refused(action):
    state = new_game(2)
    before = GAME.dumps(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, action)
    assert GAME.dumps(state) == before


def test_non_canonical_explicit_forms_are_accepted():
    """apply accepts any legal explicit form: unsorted lists, an explicit payment split."""
    state = new_game(2)
    blank(state, 0)
    strongbox(state, 0, coin=2, stone=1)
    action = {"type": "produce", "base": {"in": ["stone", "coin"], "out": "shield"}, "pay": {"sb": ["stone", "coin"]}}
    after, _ = GAME.apply(state, 0, action)
    assert after["seats"][0]["strongbox"] == {"coin": 1, "stone": 0, "servant": 0, "shield": 1}


def test_view_carries_the_result_only_once_the_game_is_over():
    state = GAME.setup(2, 5)
    assert GAME.view(state, None)["result"] is None
