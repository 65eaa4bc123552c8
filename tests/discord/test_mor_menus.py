"""The questions behind the ``/mor`` buttons and selects, against the real engine: every answer a
menu offers ends in a move the engine accepts."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import games
from cogs.mor import words
from cogs.mor_menus import ask, complete, fill, layout_notation, layouts, placement
from games.core import IllegalAction

MOR = games.get("mor")
TOP_LEVEL = ("market ?", "buy ?", "produce ?", "leader ?", "arrange ?")


def playing_state(seed: int = 7, players: int = 2) -> dict[str, Any]:
    state = MOR.setup(players, seed)
    for seat in range(players):
        state, _ = MOR.apply(state, seat, MOR.legal_actions(state, seat)[0])
    return state


def seen(state: dict[str, Any], seat: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What the menus read of ``seat``: its own view and its legal actions."""
    return MOR.view(state, seat), MOR.legal_actions(state, seat)


def answer_all(state: dict[str, Any], seat: int, partial: str, rng: random.Random) -> str:
    """Answer every open question of ``partial`` with random offered options."""
    text = complete(MOR.view(state, seat), partial)
    while "?" in text:
        question = ask(*seen(state, seat), text)
        assert question.options and len(question.options) <= 25
        assert all(len(o.label) <= 100 and len(o.token) <= 100 and "?" not in o.token.replace("?>?", "")
                   for o in question.options if not o.token.startswith("base:"))
        count = rng.randint(question.min_values, min(question.max_values, len(question.options)))
        text = complete(MOR.view(state, seat), fill(text, [o.token for o in rng.sample(question.options, count)]))
    return text


def test_MOR_LEADER_16_two_white_marble_leaders_ask_what_each_white_marble_becomes():
    state = playing_state()
    player = state["seats"][0]
    player["played"] = ["L9", "L10"]  # white marbles give servant or shield
    partial = complete(MOR.view(state, 0), "market row-1")
    assert partial == "market row-1 white:?"
    question = ask(*seen(state, 0), partial)
    assert "row-1 has 2 white marbles" in question.text
    assert [o.token for o in question.options] == ["servant,servant", "servant,shield", "shield,shield"]
    after, _ = MOR.play(state, 0, fill(partial, ["servant,shield"]))
    assert after["turn"]["pending"]["gained"] == {"stone": 2, "servant": 1, "shield": 1}
    assert complete(MOR.view(state, 0), "market row-2") == "market row-2 white:?"
    player["played"] = ["L9"]  # one leader converts by itself (MOR-LEADER-15)
    assert complete(MOR.view(state, 0), "market row-1") == "market row-1"


def test_MOR_PROD_3_production_menu_chains_power_base_and_leader_choices():
    """MOR-PROD-4, MOR-LEADER-17: the base power and a production leader each ask for their choice."""
    state = playing_state()
    player = state["seats"][0]
    player["slots"][0] = ["c12"]  # 2 shield -> coin, stone, servant
    player["played"] = ["L13"]  # 1 shield -> any + 1 faith
    player["strongbox"].update({"shield": 3, "coin": 2})
    powers = ask(*seen(state, 0), "produce ?")
    assert [o.token for o in powers.options] == ["base:?>?", "c12", "L13:?"]
    assert powers.max_values == 3
    text = fill("produce ?", ["base:?>?", "c12", "L13:?"])
    pays = ask(*seen(state, 0), text)
    # c12 and L13 use all three shields: the base power may only pay with the two coins
    assert [o.token for o in pays.options] == ["coin+coin"]
    text = fill(text, ["coin+coin"])
    assert [o.token for o in ask(*seen(state, 0), text).options] == ["coin", "stone", "servant", "shield"]
    text = fill(fill(text, ["stone"]), ["servant"])
    assert text == "produce base:coin+coin>stone c12 L13:servant"
    after, _ = MOR.play(state, 0, text)
    assert after["seats"][0]["strongbox"] == {"coin": 1, "stone": 2, "servant": 2, "shield": 0}


def test_MOR_BUY_6_buy_menu_asks_slot_and_payment_when_they_matter():
    """MOR-BUY-4: warehouse-first and strongbox-first are offered when they differ."""
    state = playing_state()
    player = state["seats"][0]
    player["depots"] = [["shield", 1], ["coin", 2], ["stone", 3]]
    player["strongbox"] = {"coin": 3, "stone": 3, "servant": 3, "shield": 3}
    deck = next(c["deck"] for c in MOR.view(state, 0)["you"]["affordable"] if c["deck"].endswith("-1"))
    cards = ask(*seen(state, 0), "buy ?")
    assert all("costs" in o.label for o in cards.options) and deck in [o.token for o in cards.options]
    variants = ask(*seen(state, 0), f"buy {deck} ?")
    assert [o.token for o in variants.options] == [
        f"slot:{slot} pay:{pay}" for pay in ("wh", "sb") for slot in (1, 2, 3)]
    assert variants.options[3].label == "Slot 1, pay strongbox first"
    after, _ = MOR.play(state, 0, fill(f"buy {deck} ?", ["slot:2 pay:sb"]))
    assert after["seats"][0]["slots"][1] == [state["decks"][deck][0]]
    assert after["seats"][0]["depots"] == player["depots"], "strongbox first leaves the warehouse alone"


def test_MOR_WAREHOUSE_8_placement_offers_confirm_discard_and_every_layout():
    """MOR-LEADER-12/13: an extra depot is part of the layouts offered."""
    state = playing_state()
    player = state["seats"][0]
    player["played"] = ["L5"]
    player["leader_depots"] = {"L5": 0}
    player["depots"] = [["coin", 1], [None, 0], [None, 0]]
    state["turn"]["main"] = True
    state["turn"]["pending"] = {"gained": {"stone": 3, "servant": 2, "coin": 1}}
    view = MOR.view(state, 0)
    question = placement(view, 0)
    assert question.text.startswith("You took **1 coin, 3 stone, 2 servant**.")
    assert "every other player gains 1 faith (MOR-WAREHOUSE-9)" in question.text
    assert [o.label for o in question.extra] == ["Confirm", "Discard what I took", "Rearrange…"]
    assert question.extra[1].token == "place d1:coin"
    found = layouts(view, 0, {"coin": 2, "stone": 3, "servant": 2})
    best_layout, kept = found[0]
    assert kept == 7 and "L5" in best_layout
    for layout, _ in found:
        MOR.play(state, 0, layout_notation("place", layout))  # every layout offered is legal
    rearrange = ask(*seen(state, 0), "place ?")
    assert len(rearrange.options) == 25 and "(discard" not in rearrange.options[0].label


def test_MOR_WAREHOUSE_6_arrange_offers_only_layouts_that_keep_everything():
    state = playing_state()
    player = state["seats"][0]
    player["depots"] = [["coin", 1], ["stone", 2], [None, 0]]
    question = ask(*seen(state, 0), "arrange ?")
    for option in question.options:
        after, _ = MOR.play(state, 0, f"arrange {option.token}")
        assert after["seats"][0]["depots"] != player["depots"], "the current layout is not offered"
        totals = {r: n for r, n in after["seats"][0]["depots"] if r}
        assert totals == {"coin": 1, "stone": 2}
    assert "d1:coin d3:2stone" in [o.token for o in question.options]


def test_MOR_SETUP_17_keep_menu_adds_the_starting_resources_of_the_seat():
    state = MOR.setup(4, 3)
    assert complete(MOR.view(state, 0), "keep ?") == "keep ?"
    assert complete(MOR.view(state, 1), "keep ?") == "keep ? res:?"
    leaders = ask(*seen(state, 3), "keep ? res:?")
    assert (leaders.min_values, leaders.max_values) == (2, 2)
    assert [o.token for o in leaders.options] == state["seats"][3]["dealt"]
    text = fill("keep ? res:?", [o.token for o in leaders.options[:2]])
    resources = ask(*seen(state, 3), text)
    assert len(resources.options) == 10  # two starting resources: every pair
    _, events = MOR.play(state, 3, fill(text, ["coin,shield"]))
    assert "took 1 coin, 1 shield" in events[0]["text"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_menu_answer_is_a_move_the_engine_accepts(seed):
    """Random games: at each turn every top-level menu is walked with random answers."""
    rng = random.Random(seed)
    state = MOR.setup(1 + seed % 4, seed)
    tried = 0
    for _ in range(300):
        if MOR.result(state) is not None:
            break
        seat = min(MOR.actors(state))
        partials = ["keep ?"] if state["phase"] == "setup" else (
            ["place ?", "place"] if state["turn"]["pending"] else list(TOP_LEVEL))
        for partial in partials:
            try:
                text = answer_all(state, seat, partial, rng)
            except IllegalAction:
                continue  # a menu that has nothing to offer says so instead of opening
            try:
                MOR.play(state, seat, text)
                tried += 1
            except IllegalAction as refusal:
                # each power is affordable alone; together they may not be (the engine explains)
                assert text.startswith("produce") and refusal.rule == "MOR-PROD-6", (text, refusal.message)
        state, _ = MOR.apply(state, seat, rng.choice(MOR.legal_actions(state, seat)))
    assert tried > 50


ENGLISH_WORD = re.compile(r"[a-z]{3,}", re.IGNORECASE)
NOTATION = re.compile(r"(?:row|col)-\d|MOR-[A-Z]+-[\d.]+")
"""Market lines and rule IDs are written as players type them (``row-1``, ``MOR-PROD-4``) in every language."""


@pytest.mark.parametrize("language", ["ja", "ko"])
def test_every_menu_text_is_written_in_the_readers_language(language):
    """Random games: every question, option, description and shortcut of the menus, in Japanese
    and in Korean, keeps no English word (ids, notation and rule IDs aside)."""
    rng = random.Random(5)
    state = MOR.setup(4, 5)
    state["seats"][0]["played"] = ["L9", "L10"]  # two white-marble leaders: the white marble question too
    shown = 0
    for _ in range(200):
        if MOR.result(state) is not None:
            break
        seat = min(MOR.actors(state))
        view = MOR.view(state, seat)
        partials = ["keep ?", "keep ? res:?"] if state["phase"] == "setup" else (
            ["place ?"] if state["turn"]["pending"] else [*TOP_LEVEL, "market row-1 white:?", "produce base:?>?"])
        questions = [placement(view, seat)] if state["phase"] == "play" and state["turn"]["pending"] else []
        for partial in partials:
            try:
                questions.append(ask(*seen(state, seat), partial))
            except IllegalAction:
                continue
        for question in questions:
            for text in [question.text, *(part for o in question.options + question.extra
                                           for part in (o.label, o.description) if part)]:
                written = words(text, language)
                assert not ENGLISH_WORD.search(NOTATION.sub("", written)), (text, written)
                shown += 1
        state, _ = MOR.apply(state, seat, rng.choice(MOR.legal_actions(state, seat)))
    assert shown > 500
