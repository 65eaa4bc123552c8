"""What each engine lets a player take back (games/core/undo.py): a move that revealed nothing may
be, a move that turned something up, closed a decision others answered or ended the game may not.

Positions are found by playing seeded random games until a move of the wanted kind is played, so
every case is a position players meet; each case names the rule that makes the move reveal (or not).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import games
from games.core import MoveStack
from games.core.undo import CLOSED_DECISION, ENDED_GAME, TURNED_UP
from tests.mor.helpers import blank_game, strongbox

Played = tuple[dict, int, dict, dict]
"""``(before, seat, action, after)``: one move as it was played."""


def find_move(key: str, players: int, wanted: Callable[[Played], bool], *, options: dict | None = None,
              prefer: Callable[[dict], bool] = lambda action: False, seeds: range = range(40)) -> Played:
    """The first move of seeded random games that ``wanted`` accepts; ``prefer`` picks moves
    (when any is legal) to reach rarer positions sooner."""
    game = games.get(key)
    for seed in seeds:
        chooser = random.Random(seed)
        state = game.setup(players, seed, options or {})
        for _ in range(1500):
            if game.result(state) is not None:
                break
            seat = chooser.choice(sorted(game.actors(state)))
            legal = game.legal_actions(state, seat)
            preferred = [a for a in legal if prefer(a)]
            action = game.parse(state, game.notation(chooser.choice(preferred or legal)))
            after, _ = game.apply(state, seat, action)
            if wanted((state, seat, action, after)):
                return state, seat, action, after
            state = after
    raise AssertionError(f"no such move of {key} in the seeded games")


def refusal(key: str, played: Played) -> str | None:
    before, seat, action, after = played
    return games.get(key).undo_refusal(before, after, seat, action)


def of_type(kind: str) -> Callable[[Played], bool]:
    return lambda played: played[2]["type"] == kind


# --------------------------------------------------------------------------- every engine
@pytest.mark.parametrize("key,players", [("mor", 2), ("mor", 1), ("lim", 3), ("opera", 2)])
def test_a_move_taken_back_leaves_exactly_the_game_before_it(key, players):
    """CORE-UNDO: the state after an undo is the replay of the log without the move."""
    game = games.get(key)
    chooser = random.Random(5)
    stack = MoveStack(game, game.setup(players, 5, {}))
    undone = 0
    for _ in range(150):
        if game.result(stack.state) is not None:
            break
        seat = chooser.choice(sorted(game.actors(stack.state)))
        before = stack.state
        action = chooser.choice(game.legal_actions(before, seat))
        stack.play(seat, game.notation(action))
        canonical = game.parse(before, game.notation(action))
        if game.undo_refusal(before, stack.state, seat, canonical) is None and chooser.random() < 0.3:
            stack.undo()
            assert game.dumps(stack.state) == game.dumps(before)
            undone += 1
    assert undone > 3


CASES = [(key, n) for key in games.keys()
         for n in range(games.get(key).min_players, games.get(key).max_players + 1)]


@pytest.mark.parametrize("key,players", CASES)
def test_a_move_not_flagged_reveals_never_changes_what_is_disclosed(key, players):
    """The move table's ``reveals`` flags agree with each engine's ``disclosed`` part."""
    game = games.get(key)
    options = {"advanced": True} if key == "lim" else {}
    for seed in range(2):
        chooser = random.Random(seed)
        state = game.setup(players, seed, options)
        for _ in range(200):
            if game.result(state) is not None:
                break
            seat = chooser.choice(sorted(game.actors(state)))
            action = chooser.choice(game.legal_actions(state, seat))
            after, _ = game.apply(state, seat, action)
            if not game.move(action["type"]).reveals:
                assert game.disclosed(after) == game.disclosed(state), action
            state = after


@pytest.mark.parametrize("key,players", [("mor", 3), ("lim", 2), ("opera", 3)])
def test_a_move_that_ended_the_game_stands(key, players):
    played = find_move(key, players, lambda p: games.get(key).result(p[3]) is not None, seeds=range(3))
    assert refusal(key, played) == ENDED_GAME


# --------------------------------------------------------------------------- Masters of Renaissance
def test_mor_taking_marbles_may_be_taken_back():
    """MOR-SETUP-13: the market, warehouses and strongboxes are open information."""
    for kind in ("market", "place", "arrange", "produce"):
        assert refusal("mor", find_move("mor", 2, of_type(kind))) is None, kind


def test_mor_buying_a_card_turns_up_the_next_one_and_stands():
    """MOR-BUY-13: the card below the one bought turns face up."""
    bought = find_move("mor", 2, of_type("buy"), prefer=lambda action: action["type"] == "buy")
    assert refusal("mor", bought) == TURNED_UP


def test_mor_playing_a_leader_stands_but_discarding_one_may_be_taken_back():
    """MOR-LEADER-1: a played leader turns face up; MOR-LEADER-4 and D-16: a discarded one is never shown."""
    game = games.get("mor")
    state = blank_game()
    state["seats"][0]["hand"] = ["L5", "L6"]
    strongbox(state, 0, coin=5)
    for text, expected in (("leader play L5", TURNED_UP), ("leader discard L6", None)):
        action = game.parse(state, text)
        after, _ = game.apply(state, 0, action)
        assert game.undo_refusal(state, after, 0, action) == expected, text


def test_mor_ending_a_turn_may_be_taken_back_except_against_lorenzo():
    """MOR-SOLO-8: in the solo game the end of a turn turns up Lorenzo's next token."""
    assert refusal("mor", find_move("mor", 2, of_type("end"))) is None
    assert refusal("mor", find_move("mor", 1, of_type("end"))) == TURNED_UP


def test_mor_keeping_leaders_may_be_taken_back_until_it_closes_the_setup():
    """MOR-SETUP-21: every seat keeps its leaders at once; the last answer closes the decision."""
    game = games.get("mor")
    first = find_move("mor", 3, lambda p: p[2]["type"] == "keep" and game.actors(p[3]))
    assert len(game.actors(first[0])) == 3 and refusal("mor", first) is None
    last = find_move("mor", 3, lambda p: p[2]["type"] == "keep" and p[3]["phase"] == "play")
    assert refusal("mor", last) == CLOSED_DECISION
    alone = find_move("mor", 1, of_type("keep"))
    assert refusal("mor", alone) is None  # solo: no one else's answer to disclose


# --------------------------------------------------------------------------- Lorenzo il Magnifico
def test_lim_a_placement_may_be_taken_back_unless_it_ended_the_round():
    """LIM-ROUND-3/4: a round's end turns new cards face up and rolls the dice; a placement that
    does not end the round reveals nothing (the towers' cards lie face up)."""
    game = games.get("lim")
    quiet = find_move("lim", 3, lambda p: p[2]["type"] == "place" and p[0]["round"] == p[3]["round"])
    assert game.move("place").reveals and refusal("lim", quiet) is None
    ending = find_move("lim", 2, lambda p: p[0]["round"] != p[3]["round"] and p[0]["round"] > 0
                       and p[2]["type"] in ("place", "end", "pass", "privilege"))
    assert refusal("lim", ending) == TURNED_UP


def test_lim_a_leader_leaving_the_hand_stands():
    """LIM-LEADER-3: a leader played (or discarded) is named to everyone."""
    played = find_move("lim", 2, lambda p: p[2]["type"] == "leader" and p[2].get("do") in ("play", "discard"),
                       options={"advanced": True}, prefer=lambda a: a["type"] == "leader")
    assert refusal("lim", played) == TURNED_UP


def test_lim_draft_pick_may_be_taken_back_until_the_packs_pass():
    """LIM-ADV-5: the picks are hidden until every seat has picked; then the packs pass on."""
    game = games.get("lim")
    early = find_move("lim", 3, lambda p: p[2]["type"] == "draft" and game.actors(p[3]) < game.actors(p[0]),
                      options={"advanced": True})
    assert refusal("lim", early) is None
    last = find_move("lim", 3, lambda p: p[2]["type"] == "draft" and len(game.actors(p[0])) == 1,
                     options={"advanced": True})
    assert refusal("lim", last) == CLOSED_DECISION


def test_lim_vatican_answer_may_be_taken_back_until_everyone_answered():
    """LIM-VATICAN-11: the answers stay hidden until every seat has answered."""
    game = games.get("lim")
    report = find_move("lim", 3, of_type("report"))
    expected = CLOSED_DECISION if len(game.actors(report[0])) == 1 else None
    assert refusal("lim", report) == expected
    opposite = find_move("lim", 3, lambda p: p[2]["type"] == "report" and (len(game.actors(p[0])) == 1) != (
        expected == CLOSED_DECISION))
    assert refusal("lim", opposite) == (None if expected == CLOSED_DECISION else CLOSED_DECISION)


def test_lim_tile_pick_may_be_taken_back():
    """LIM-ADV-2: the personal bonus tiles are picked face up, seat by seat."""
    assert refusal("lim", find_move("lim", 3, of_type("tile"), options={"advanced": True})) is None


# --------------------------------------------------------------------------- Opera Magna
def test_opera_work_in_the_city_and_workshop_may_be_taken_back():
    """OM-CITY-2, OM-CITY-12, OM-CONVERT-3: payments, refining and converting are open information."""
    for kind in ("pay", "refine", "convert", "build", "deliver"):
        assert refusal("opera", find_move("opera", 2, of_type(kind))) is None, kind


def test_opera_moving_a_merchant_plays_a_card_face_up_and_stands():
    """OM-MERCHANT-6: the trade card played from the hand lies face up in the city row."""
    assert refusal("opera", find_move("opera", 2, of_type("move"))) == TURNED_UP


def test_opera_buying_refills_the_market_from_a_face_down_deck_and_stands():
    """OM-MARKET-8: the market is refilled from a face-down deck."""
    assert refusal("opera", find_move("opera", 2, of_type("buy"))) == TURNED_UP


def test_opera_draft_pick_may_be_taken_back_except_the_last_one():
    """OM-SETUP-35/37: the last pick of the starting draft turns up the building display."""
    game = games.get("opera")
    first = find_move("opera", 2, lambda p: p[2]["type"] == "draft" and p[3]["phase"] == "draft")
    assert refusal("opera", first) is None
    last = find_move("opera", 2, lambda p: p[2]["type"] == "draft" and p[3]["phase"] != "draft")
    assert game.disclosed(last[0]) != game.disclosed(last[3]) and refusal("opera", last) == TURNED_UP
