"""Masters of Renaissance games played by a simple greedy policy, to get full, late-game boards.

Random legal play rarely buys a card (it mostly takes marbles and discards them), so boards
stay empty. This policy prefers, in order: playing a leader, buying the most valuable card,
producing, then the market row or column; it keeps what it takes (plain ``place``).
"""

from __future__ import annotations

import random
from typing import Any

import games

GAME = games.get("mor")
NAMES = ["Ada", "Bartolomeo Colleoni", "Chiara", "Dario"]


def _choose(state: dict[str, Any], seat: int, legal: list[dict[str, Any]], chooser: random.Random) -> dict:
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    plays = [a for a in by_type.get("leader", []) if a["op"] == "play"]
    if plays:
        return plays[0]
    if "place" in by_type:
        return by_type["place"][0]
    if "buy" in by_type:
        return max(by_type["buy"], key=lambda a: (a["deck"][-1], chooser.random()))
    if "produce" in by_type and chooser.random() < 0.6:
        return chooser.choice(by_type["produce"])
    if "market" in by_type:
        return chooser.choice(by_type["market"])
    if "keep" in by_type:
        return chooser.choice(by_type["keep"])
    if "end" in by_type:
        return by_type["end"][0]
    return chooser.choice(legal)


def play(players: int, seed: int, max_moves: int = 4000, stop_before_end: bool = False):
    """A greedy game; returns ``(state, last event line)``. With ``stop_before_end`` the last
    state before the game is over is returned (a full board with the game still running)."""
    chooser = random.Random(seed)
    state = GAME.setup(players, seed, {})
    last = None
    for _ in range(max_moves):
        if GAME.result(state) is not None:
            break
        seat = chooser.choice(sorted(GAME.actors(state)))
        action = _choose(state, seat, GAME.legal_actions(state, seat), chooser)
        new_state, events = GAME.apply(state, seat, action)
        if stop_before_end and GAME.result(new_state) is not None:
            break
        state = new_state
        if events:
            last = events[-1]["text"]
    return state, last


def richest(players: int, seeds: range = range(20, 32)):
    """Of several running late-game states, the one with the most on the boards (cards owned,
    leaders played): the largest image a game of this size is likely to produce."""
    def content(state):
        view = GAME.view(state, None)
        return sum(p["cards_owned"] + 3 * len(p["leaders"]) for p in view["players"])
    return max((play(players, seed, stop_before_end=True)[0] for seed in seeds), key=content)
