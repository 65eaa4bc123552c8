"""Whole games of every board game played by simple policies from fixed seeds: the late-game
positions the rendering tests and ``bench/render.py`` draw (boards as a real game fills them).

Each policy is the one its game's rendering tests have always used, so a seed gives the same
game as before: Masters of Renaissance by the greedy policy of :mod:`tests.rendering.mor_games`,
Lorenzo il Magnifico (advanced rules) by random play that likes tower cards and leaders, Opera
Magna by plain random legal play.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import games
from tests.rendering import mor_games

NAMES = ["Ada", "Bartolomeo Colleoni", "Chiara", "Dario"]
PLAYER_COUNTS = {"mor": (1, 2, 3, 4), "lim": (2, 3, 4), "opera": (2, 3, 4)}
LIM_TOWER_COLOURS = ("green", "blue", "yellow", "purple")


def lim_choose(legal: list[dict], chooser: random.Random) -> dict:
    """Random legal play that plays leaders when it can and likes taking tower cards, so late
    boards are full."""
    plays = [a for a in legal if a["type"] == "leader" and a["do"] in ("play", "activate")]
    if plays:
        return plays[0]
    legal = [a for a in legal if a.get("do") != "discard"] or legal
    towers = [a for a in legal
              if a["type"] in ("place", "take") and a["space"].split("-")[0] in LIM_TOWER_COLOURS]
    if towers and chooser.random() < 0.75:
        return chooser.choice(towers)
    return chooser.choice(legal)


def moves(key: str, players: int, seed: int) -> Iterator[tuple[dict[str, Any], str | None]]:
    """Every state of one game after each move, with the last event line so far."""
    game = games.get(key)
    chooser = random.Random(seed)
    state = game.setup(players, seed, {"advanced": True} if key == "lim" else {})
    line = None
    while game.result(state) is None:
        actors = sorted(game.actors(state))
        seat = actors[0] if key == "opera" else chooser.choice(actors)
        legal = game.legal_actions(state, seat)
        if key == "mor":
            action = mor_games._choose(state, seat, legal, chooser)
        elif key == "lim":
            action = lim_choose(legal, chooser)
        else:
            action = chooser.choice(legal)
        state, events = game.apply(state, seat, action)
        line = events[-1]["text"] if events else line
        yield state, line


def late_positions(key: str, players: int, seed: int, count: int) -> list[tuple[dict[str, Any], str | None]]:
    """The last ``count`` positions of a game before it ends: consecutive moves of a full board."""
    running = [(state, line) for state, line in moves(key, players, seed)
               if games.get(key).result(state) is None]
    return running[-count:]
