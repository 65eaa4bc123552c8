"""Random complete games (2,004 of them, 2-4 players, basic and advanced) and the invariants they keep.

Cheap invariants are checked after every move; the expensive ones (notation round trip, public
view secrecy, refusals, replay) on a sample of states and games, so the whole file stays fast.
"""

from __future__ import annotations

import json
import random

import pytest

from games.core import IllegalAction
from games.lim.data import CARDS, HOLDINGS
from tests.engine_checks import check_notation_round_trip, check_refusals_change_nothing, check_replay

from .helpers import G

CONFIGS = [(players, advanced) for players in (2, 3, 4) for advanced in (False, True)]
GAMES_PER_CONFIG = 334  # 6 x 334 = 2,004 games
SAMPLE_EVERY_GAME = 40  # every 40th game also gets the expensive checks
SAMPLE_EVERY_MOVE = 9


def check_cheap_invariants(state: dict) -> None:
    placed = {}
    for occupants in state["board"].values():
        for occupant in occupants:
            placed[occupant["seat"]] = placed.get(occupant["seat"], 0) + 1
    assert all(n <= 4 for n in placed.values()), placed
    for seat in state["seats"]:
        res = seat["res"]
        assert all(res[k] >= 0 for k in HOLDINGS), res
        assert all(len(cards) <= 6 for cards in seat["cards"].values())


def check_cards_accounted_for(state: dict) -> None:
    seen = [no for deck in state["decks"].values() for no in deck]
    seen += [no for tower in state["towers"].values() for no in tower if no is not None]
    seen += [no for seat in state["seats"] for cards in seat["cards"].values() for no in cards]
    seen += state["removed"]
    assert sorted(seen) == sorted(CARDS)


def check_public_view_hides_secrets(state: dict) -> None:
    public = G.view(state, None)
    text = json.dumps(public)
    for secret_key in ('"hand"', '"draft_pack"', '"report_answer"', '"decks"'):
        assert secret_key not in text
    for seat in state["seats"]:
        for leader in seat["hand"]:
            assert f'"{leader}"' not in text, f"hand card {leader} leaked"
    if state["draft"]:
        for pack in state["draft"]["packs"]:
            for leader in pack:
                assert f'"{leader}"' not in text
    visible = {no for tower in state["towers"].values() for no in tower if no is not None}
    visible |= {no for seat in state["seats"] for cards in seat["cards"].values() for no in cards}
    shown = {
        card["no"]
        for tower in public["towers"].values()
        for floor in tower["floors"]
        for card in [floor["card"]]
        if card
    }
    shown |= {
        card["no"] for player in public["players"] for cards in player["cards"].values() for card in cards
    }
    assert shown <= visible
    assert len(public["players"]) == state["players"]
    for seat in range(state["players"]):
        own = G.view(state, seat)
        assert [h["id"] for h in own["you"]["hand"]] == state["seats"][seat]["hand"]
        json.dumps(own)


def check_illegal_changes_nothing(state: dict, chooser: random.Random) -> None:
    check_refusals_change_nothing(G, state)
    before = G.dumps(state)
    actor = chooser.choice(sorted(G.actors(state)))
    for bogus in (
        {"type": "place", "member": "white", "space": "council", "servants": 999},
        {"type": "privilege", "choices": ["gold"]},
        {"type": "report", "support": "maybe"},
    ):
        with pytest.raises(IllegalAction):
            G.apply(state, actor, bogus)
    assert G.dumps(state) == before


def play_random_game(players: int, advanced: bool, seed: int, expensive: bool) -> None:
    chooser = random.Random(seed)
    options = {"advanced": advanced}
    state = G.setup(players, seed, options)
    log = []
    moves = 0
    while G.result(state) is None:
        seat = chooser.choice(sorted(G.actors(state)))
        legal = G.legal_actions(state, seat)
        assert legal, "a seat that must act has no legal action"
        if expensive and moves % SAMPLE_EVERY_MOVE == 0:
            check_notation_round_trip(G, state, legal)
            check_public_view_hides_secrets(state)
            check_illegal_changes_nothing(state, chooser)
        action = chooser.choice(legal)
        state, _ = G.apply(state, seat, action)
        log.append((seat, G.notation(action)))
        check_cheap_invariants(state)
        moves += 1
        assert moves < 3000
    check_cards_accounted_for(state)
    result = G.result(state)
    assert sorted(s for group in result["ranking"] for s in group) == list(range(players))
    assert all(len(group) == 1 for group in result["ranking"]), "the turn order breaks every tie"
    if expensive:
        check_replay(G, players, seed, options, state, log)


@pytest.mark.slow
@pytest.mark.parametrize("players,advanced", CONFIGS)
def test_random_games_keep_the_invariants(players, advanced):
    """2,004 random games in all: resources never negative, 96 cards accounted for, 6-card limits,
    at most 4 members per player per round, secret-free public views, replay equality and refusals
    that change nothing (LIM-CARD-12, LIM-PLACE-10, LIM-ADV-6, LIM-SCORE-7)."""
    for game in range(GAMES_PER_CONFIG):
        seed = players * 100_000 + advanced * 10_000 + game
        play_random_game(players, advanced, seed, expensive=game % SAMPLE_EVERY_GAME == 0)


def test_published_leader_reading_plays_to_the_end():
    """LIM-OQ-1: the printed-card option also plays complete games."""
    for seed in range(6):
        chooser = random.Random(seed)
        state = G.setup(4, seed, {"advanced": True, "leader_types": "published"})
        while G.result(state) is None:
            seat = chooser.choice(sorted(G.actors(state)))
            state, _ = G.apply(state, seat, chooser.choice(G.legal_actions(state, seat)))
            check_cheap_invariants(state)
        check_cards_accounted_for(state)


def test_listed_placements_are_exactly_the_accepted_ones():
    """LIM-PLACE-4, LIM-PLACE-8, LIM-PLACE-11, LIM-PLACE-13: every listed placement is accepted, and
    every other servant count or space for a member is refused."""
    from games.lim import placement
    from games.lim.data import ALL_SPACES

    chooser = random.Random(7)
    checked = 0
    for seed in range(12):
        state = G.setup(2 + seed % 3, seed, {"advanced": seed % 2 == 1})
        while G.result(state) is None:
            seat = chooser.choice(sorted(G.actors(state)))
            legal = G.legal_actions(state, seat)
            turn = state["turn"]
            if (
                state["phase"] == "actions"
                and not state["pending"]
                and not turn["placed"]
                and not turn["skip"]
                and chooser.random() < 0.2
            ):
                placements = [a for a in legal if a["type"] == "place"]
                for action in placements:
                    placement.check_place(state, seat, action)
                listed = {(a["member"], a["space"], a["servants"]) for a in placements}
                for member in ("white", "neutral"):
                    for space in ALL_SPACES:
                        for servants in range(5):
                            if (member, space, servants) in listed:
                                continue
                            for variant in ({}, {"cost": 2}):
                                action = {
                                    "type": "place",
                                    "member": member,
                                    "space": space,
                                    "servants": servants,
                                    **variant,
                                }
                                with pytest.raises(IllegalAction):
                                    placement.check_place(state, seat, action)
                            checked += 1
            state, _ = G.apply(state, seat, chooser.choice(legal))
    assert checked > 1000


def mangled(action: dict, chooser: random.Random) -> dict:
    """A legal action with one field replaced by something odd (or an extra field added)."""
    odd = [None, -1, 99, True, "x", [], {}, ["coins"], "green-9", "stone", 2.5]
    bad = dict(action)
    key = chooser.choice([k for k in bad if k != "type"] + ["extra"])
    bad[key] = chooser.choice(odd)
    return bad


def test_malformed_actions_are_refused_cleanly():
    """Odd field values never crash the engine: they are accepted only if legal, else IllegalAction,
    and the state never changes on a refusal (CORE-NOTATION, LIM-TOWER-15)."""
    chooser = random.Random(11)
    tried = 0
    for seed in range(8):
        state = G.setup(2 + seed % 3, seed, {"advanced": seed % 2 == 0})
        while G.result(state) is None:
            seat = chooser.choice(sorted(G.actors(state)))
            legal = G.legal_actions(state, seat)
            if chooser.random() < 0.3:
                before = G.dumps(state)
                for action in chooser.sample(legal, min(3, len(legal))):
                    try:
                        G.apply(state, seat, mangled(action, chooser))
                    except IllegalAction:
                        pass
                    tried += 1
                assert G.dumps(state) == before
            state, _ = G.apply(state, seat, chooser.choice(legal))
    assert tried > 200
