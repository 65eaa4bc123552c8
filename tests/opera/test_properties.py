"""Random self-play to the end: 2,000+ games for 2, 3 and 4 players, checking invariants.

Cheap invariants are checked after every move; the expensive ones (hidden information in views,
notation round trips, refusals, reload and replay) on a sample of states and games.
"""

from __future__ import annotations

import json
import random

import engine_checks
import pytest

from games.core import IllegalAction
from games.opera import GAME
from games.opera import rules as R
from games.opera.data import RAW

GAMES = 2010
CHUNKS = 6


def check_invariants(state: dict) -> None:
    """Tracks within 0 and the cap, certificates never left of column 3, VP floor, tokens conserved."""
    cap, top = R.raw_cap(state), R.certificate_max(state)
    for player in state["seats"]:
        for good in RAW:
            raw, cert = player["raw"][good], player["cert"][good]
            assert 0 <= raw <= cap and 2 <= cert <= top and raw < cert, (good, raw, cert)
        assert player["vp"] >= 1
        assert player["supply"] + R.tokens_in_use(player, state) == 20
        assert len(player["building"]) <= 2
    for row in state["opera"]:
        for site in row:
            assert len(site["by"]) == len(set(site["by"]))


def check_hidden(state: dict) -> None:
    public = json.dumps(GAME.view(state, None))
    hidden = [c for p in state["seats"] for c in p["hand"]]
    hidden += [c for deck in state["decks"] for c in deck]
    hidden += [c for deck in state["building_decks"].values() for c in deck]
    assert not any(f'"{card}"' in public for card in hidden), "hidden information in the public view"
    view = GAME.view(state, None)
    assert len(view["players"]) == len(state["seats"])
    for seat, player in enumerate(state["seats"]):
        own = GAME.view(state, seat)
        assert [c["id"] for c in own["you"]["hand"]] == player["hand"]


def play_one(players: int, seed: int, sample: bool) -> None:
    chooser = random.Random(seed * 7919 + players)
    state = GAME.setup(players, seed)
    log = []
    steps = 0
    while GAME.result(state) is None:
        (seat,) = GAME.actors(state)
        legal = GAME.legal_actions(state, seat)
        assert legal
        action = chooser.choice(legal)
        if sample and steps % 25 == 0:
            engine_checks.check_notation_round_trip(GAME, state, legal)
            check_hidden(state)
            engine_checks.check_refusals_change_nothing(GAME, state)
            before = GAME.dumps(state)
            wrong = {"type": "buy", "slot": 3, "pay": "LLLLL"}
            with pytest.raises(IllegalAction):
                GAME.apply(state, seat, wrong)
            assert GAME.dumps(state) == before
        new_state, events = GAME.apply(state, seat, action)
        assert all(isinstance(e["text"], str) for e in events)
        log.append((seat, GAME.notation(action)))
        state = new_state
        check_invariants(state)
        steps += 1
    assert state["round"] == 9 and state["final_round"] == 9
    result = GAME.result(state)
    assert len(result["scores"]) == players
    for score in result["scores"]:
        assert score["total"] == sum(score["breakdown"].values()) and len(score["breakdown"]) == 8
    if sample:
        engine_checks.check_replay(GAME, players, seed, None, state, log)
        check_hidden(state)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk):
    """OM-GOODS-6, OM-GOODS-7, OM-GOODS-8, OM-PAY-7, OM-PAY-8, OM-COMP-6, OM-FLOW-1, OM-SETUP-5,
    OM-MARKET-12: invariants over 2,010 random games (2, 3 and 4 players)."""
    per_chunk = GAMES // CHUNKS
    for index in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        play_one(2 + index % 3, index, sample=index % 40 == 0)
