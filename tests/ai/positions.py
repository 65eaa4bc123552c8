"""Random positions of every game, and re-deals of what a seat cannot see."""

from __future__ import annotations

import random
from typing import Any, Iterator

import games
from games.core import clone
from games.lim.data import LEADERS as LIM_LEADERS
from games.mor.data import LEADERS as MOR_LEADERS

SETUPS = {
    "mor": [(1, None), (2, None), (4, None)],
    "lim": [(2, {"advanced": False}), (3, {"advanced": True}), (4, {"advanced": True})],
    "opera": [(2, None), (3, None), (4, None)],
}


def random_positions(key: str, count: int, seed: int) -> Iterator[tuple[dict[str, Any], int]]:
    """``count`` (state, seat to act) pairs from random games of every player count of ``key``."""
    game = games.get(key)
    rng = random.Random(seed)
    made = 0
    while True:
        players, options = rng.choice(SETUPS[key])
        state = game.setup(players, rng.randrange(10**6), options)
        while game.result(state) is None:
            actors = sorted(game.actors(state))
            seat = actors[rng.randrange(len(actors))]
            if rng.random() < 0.1:
                yield state, seat
                made += 1
                if made == count:
                    return
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))[0]


def _shuffled(items: list, rng: random.Random) -> list:
    items = list(items)
    rng.shuffle(items)
    return items


def _swap_hidden(hands: list[list[str]], spare: list[str], rng: random.Random) -> list[str]:
    """Deal the cards of ``hands`` (lists changed in place) and ``spare`` anew; returns the new spare."""
    pool = _shuffled([card for hand in hands for card in hand] + spare, rng)
    for hand in hands:
        hand[:] = [pool.pop() for _ in hand]
    return pool


def redeal(key: str, state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """``state`` with the parts ``seat`` cannot see dealt again: deck orders and other seats' cards."""
    state = clone(state)
    others = [p for s, p in enumerate(state["seats"]) if s != seat]
    if key == "mor":
        for deck, cards in state["decks"].items():
            state["decks"][deck] = cards[:1] + _shuffled(cards[1:], rng)
        held = {lid for p in state["seats"] for lid in p["hand"] + p["dealt"] + p["played"]}
        _swap_hidden([p["hand"] for p in others] + [p["dealt"] for p in others],
                     sorted(set(MOR_LEADERS) - held), rng)
        if state["solo"] is not None:
            state["solo"]["stack"] = _shuffled(state["solo"]["stack"], rng)
    elif key == "lim":
        for deck, cards in state["decks"].items():
            state["decks"][deck] = _shuffled(cards, rng)
        packs = state["draft"]["packs"] if state["draft"] else []
        picks = state["draft"]["picks"] if state["draft"] else []
        hidden_packs = [pack for s, pack in enumerate(packs) if s != seat and picks[s] is None]
        held = {lid for p in state["seats"] for lid in p["hand"] + [e["id"] for e in p["leaders"]]}
        held |= {lid for pack in packs for lid in pack}
        _swap_hidden([p["hand"] for p in others] + hidden_packs, sorted(set(LIM_LEADERS) - held), rng)
    else:
        state["decks"] = [_shuffled(deck, rng) for deck in state["decks"]]
        state["building_decks"] = {size: _shuffled(d, rng) for size, d in state["building_decks"].items()}
        first = state["decks"][0]
        first[:] = _swap_hidden([p["hand"] for p in others], first, rng)
    return state
