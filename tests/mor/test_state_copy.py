"""The copy every move is applied to (games.mor.state_copy): equal to the state, in the same key
order, and sharing no list or dict with it, for every state of random games; and the action
applied (its own canonical form, not copied) is neither changed nor kept in the state."""

from __future__ import annotations

import json
import random
from typing import Any

from games.mor import GAME
from games.mor.state_copy import copy_state


def containers(value: Any) -> list[Any]:
    """Every list and dict inside ``value``, ``value`` included."""
    found = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack += item.values()
        elif isinstance(item, list):
            found.append(item)
            stack += item
    return found


def check_copy(state: dict[str, Any]) -> None:
    copied = copy_state(state)
    assert copied == state
    assert json.dumps(copied) == json.dumps(state)  # the same key order, so the same stored text
    assert not {id(c) for c in containers(copied)} & {id(c) for c in containers(state)}


def random_states(players: int, seed: int) -> list[dict[str, Any]]:
    """Every state of a random game that ends its turns early, to its end; each action played
    is checked to come out of its move unchanged and unshared with the state."""
    rng = random.Random(seed)
    state = GAME.setup(players, seed)
    states = [state]
    while GAME.result(state) is None:
        seat = min(GAME.actors(state))
        legal = GAME.legal_actions(state, seat)
        ends = [a for a in legal if a["type"] == "end"]
        action = ends[0] if ends and rng.random() < 0.8 else rng.choice(legal)
        before = json.dumps(action)
        state, _ = GAME.apply(state, seat, action)
        assert json.dumps(action) == before
        assert not {id(c) for c in containers(action)} & {id(c) for c in containers(state)}
        states.append(state)
    return states


def test_copies_of_every_state_of_random_games_share_nothing():
    for players, seed in ((1, 4), (2, 5), (4, 6)):
        for state in random_states(players, seed):
            check_copy(state)


def test_a_state_of_another_shape_is_still_copied_whole():
    state = GAME.setup(2, 3)
    state["notes"] = {"kept": ["a"]}
    state["seats"][0]["extra"] = [1, 2]
    check_copy(state)
