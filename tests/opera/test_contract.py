"""Notation, prompts, views and the engine contract for Opera Magna."""

from __future__ import annotations

import json
import random
import re

import engine_checks
import pytest

import games
from games.core import IllegalAction
from games.opera import GAME
from opera.helpers import fixture, new_game, play, turn_at


def test_game_is_registered():
    assert games.get("opera") is GAME
    assert (GAME.key, GAME.title, GAME.min_players, GAME.max_players) == ("opera", "Opera Magna", 2, 4)


@pytest.mark.parametrize("text,action", [
    ("draft S03", {"type": "draft", "card": "S03"}),
    ("move ant:gain ven:cost H1-03", {"type": "move", "from": "ant:gain", "to": "ven:cost", "card": "H1-03"}),
    ("move ant:gain ven:cost", {"type": "move", "from": "ant:gain", "to": "ven:cost"}),
    ("pay", {"type": "pay"}),
    ("pay wild:LS shield:S", {"type": "pay", "wild": "LS", "shield": "S"}),
    ("ability", {"type": "ability"}),
    ("use S04", {"type": "use", "card": "S04"}),
    ("refine small", {"type": "refine", "slot": "small"}),
    ("build S01 b", {"type": "build", "card": "S01", "goods": "b"}),
    ("build S01 bb right", {"type": "build", "card": "S01", "goods": "bb", "side": "right"}),
    ("deliver 2.3", {"type": "deliver", "site": "2.3"}),
    ("convert bb", {"type": "convert", "goods": "bb"}),
    ("take LW", {"type": "take", "goods": "LW"}),
    ("cert LW", {"type": "certify", "goods": "LW"}),
    ("spend L", {"type": "spend", "good": "L"}),
    ("done", {"type": "done"}),
    ("pick M05", {"type": "pick", "card": "M05"}),
    ("buy 0", {"type": "buy", "slot": 0}),
    ("buy 2 LW", {"type": "buy", "slot": 2, "pay": "LW"}),
])
def test_notation_round_trips(text, action):
    state = new_game(2)
    assert GAME.parse(state, text) == action
    assert GAME.notation(action) == text


def test_notation_is_forgiving_about_case():
    state = new_game(2)
    assert GAME.parse(state, "BUILD s01 BB Right") == {"type": "build", "card": "S01", "goods": "bb",
                                                       "side": "right"}
    assert GAME.parse(state, "Buy 2 lw") == {"type": "buy", "slot": 2, "pay": "LW"}


@pytest.mark.parametrize("text", ["", "fly", "buy x", "move ven:cost", "pay wild", "build S01"])
def test_malformed_notation_is_refused(text):
    with pytest.raises(IllegalAction) as error:
        GAME.parse(new_game(2), text)
    assert error.value.rule == "CORE-NOTATION"


def test_unknown_notation_points_to_the_help_command_that_exists():
    """CORE-NOTATION: the refusal sends the player to /game help (there is no /opera help)."""
    with pytest.raises(IllegalAction) as error:
        GAME.parse(new_game(2), "fly")
    assert "/game help" in error.value.message and "/opera help" not in error.value.message

def test_every_legal_action_round_trips_through_a_whole_game():
    """parse(state, notation(a)) == a for every legal action, at every state of a game."""
    state = GAME.setup(3, 21)
    chooser = random.Random(5)
    while GAME.result(state) is None:
        (seat,) = GAME.actors(state)
        legal = GAME.legal_actions(state, seat)
        engine_checks.check_notation_round_trip(GAME, state, legal)
        state, _ = GAME.apply(state, seat, chooser.choice(legal))


def test_prompt_says_what_to_do_in_one_line():
    state = GAME.setup(2, 1)
    assert GAME.prompt(state, 0).startswith("Draft a starting building")
    assert GAME.prompt(state, 1).startswith("It is not your turn")
    state = new_game(2)
    assert GAME.prompt(state, 0).startswith("Phase 1")
    fixture(state, 0, raw={"L": 0}, slots={"left-medium": ["M01"]})
    turn_at(state, 0, "activate", moved_to="ven:gain")
    state["cities"]["ven"]["cost"] = ["CY2-01", "CY1-03"]  # L L, M
    assert GAME.prompt(state, 0).startswith("Phase 2: pay for Venice (pay: 1 marble, certificate steps 1 lead")
    turn_at(state, 0, "refined")
    assert GAME.prompt(state, 0).startswith("Phase 3")
    for phase, start in (("build", "Phase 4: take a building"), ("market", "Phase 4: take a market")):
        state["phase"] = phase
        assert GAME.prompt(state, 0).startswith(start)
        assert "\n" not in GAME.prompt(state, 0)


def test_no_prompt_teaches_notation():
    """A prompt pings a player in the channel: it says what to do in words (the Your move button
    offers the moves), never a move to type."""
    state = GAME.setup(2, 1)
    prompts = [GAME.prompt(state, 0)]
    state = new_game(2)
    prompts.append(GAME.prompt(state, 0))
    for phase in ("refined", "build", "market"):
        turn_at(state, 0, phase)
        prompts.append(GAME.prompt(state, 0))
    assert not [each for each in prompts if re.search(r"'[a-z]+[ '<]|<[a-z]+>", each)], prompts


def test_waiting_message_names_the_active_player_by_placeholder():
    """The seat waited for is a {pN} placeholder (the table fills in the name), not a bare 0-based
    seat number that no player can read."""
    state = new_game(3)
    assert GAME.waiting_message(state, 1) == "It is not your turn: waiting for {p0}."
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 2, GAME.legal_actions(state, 0)[0])
    assert "{p0}" in error.value.message and "seat" not in error.value.message


def test_refusals_say_why_and_name_the_rule():
    state = new_game(2)
    fixture(state, 0, raw={"L": 0, "W": 0, "M": 0, "S": 0}, building=["S01", "S02"])
    turn_at(state, 0, "market")
    with pytest.raises(IllegalAction) as error:
        play(state, 0, "buy 3 LLL")
    assert "cannot afford" in error.value.message and error.value.rule == "OM-MARKET-3"


def test_public_view_carries_the_board_and_is_json():
    state = new_game(4)
    view = GAME.view(state, None)
    json.dumps(view)
    for key in ("round", "phase", "cities", "market", "market_decks", "display", "building_decks",
                "opera", "players", "discard"):
        assert key in view
    player = view["players"][0]
    for key in ("raw", "certificates", "levels", "vp", "refined", "under_construction", "slots",
                "merchants", "hand_count", "carts", "colour", "board"):
        assert key in player
    assert "hand" not in player


def test_finished_game_refuses_moves_and_reports_the_result():
    state = new_game(2)
    state["phase"] = "over"
    assert GAME.result(state)["winners"]
    assert "result" in GAME.view(state, None)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 0, {"type": "done"})
    assert error.value.rule == "CORE-OVER"


def test_dumps_and_loads_are_exact():
    state = new_game(3)
    assert GAME.loads(GAME.dumps(state)) == state


def test_public_view_tells_the_conversions_and_effects_used_this_turn():
    """What a seat used this turn is public: its left-slot conversions (OM-WORKSHOP-5) and the
    building effects used or triggered once per turn (OM-FLOW-5)."""
    state = new_game(3)
    turn_at(state, 1, "refined")
    state["turn"].update({"conversions": ["medium"], "effects": ["M03"], "triggered": ["S07"],
                          "shield_used": True})
    turn = GAME.view(state, None)["turn"]
    assert (turn["conversions"], turn["effects"], turn["triggered"], turn["shield_used"]) == (
        ["medium"], ["M03"], ["S07"], True)
