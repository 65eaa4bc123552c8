"""Lorenzo's prompts name what is still free, and every refusal names its rule."""

from __future__ import annotations

import random
import re

import pytest

import games
from games.core import IllegalAction


def test_lorenzo_prompts_name_a_tile_that_is_free_and_the_last_leader():
    lim = games.get("lim")
    state = lim.setup(2, 5, {"advanced": True})
    while state["phase"] == "tiles":  # tile A goes first: the next prompts offer the others
        seat = min(lim.actors(state))
        left = state["tile_pick"]["left"]
        assert f"('tile {left[0]}')" in lim.prompt(state, seat)
        assert "A" in left or "'tile A'" not in lim.prompt(state, seat)
        state, _ = lim.play(state, seat, f"tile {left[0]}")
    while state["phase"] == "draft":
        for seat in sorted(lim.actors(state)):
            prompt = lim.prompt(state, seat)
            left = len(state["draft"]["packs"][seat])
            assert ("Keep the last leader" in prompt) == (left == 1) and "of the 1 " not in prompt
            state, _ = lim.apply(state, seat, lim.legal_actions(state, seat)[0])


def test_every_lorenzo_refusal_names_its_rule():
    lim, rng = games.get("lim"), random.Random(6)
    rule_id = re.compile(r"\((?:LIM|CORE)-[A-Z]+(?:-\d+)?\)|\bLIM-[A-Z]+-\d+\b")
    for seed in range(3):
        state = lim.setup(3, seed, {"advanced": seed % 2 == 0})
        for _ in range(40):
            if lim.result(state) is not None:
                break
            seat = min(lim.actors(state))
            idle = next(s for s in range(3) if s not in lim.actors(state)) if len(lim.actors(state)) < 3 else None
            for text in ("place purple council", "hello", "place black green-9", "tile Z", "draft nobody"):
                with pytest.raises(IllegalAction) as refused:
                    lim.play(state, seat, text)
                assert rule_id.search(refused.value.message), refused.value.message
            if idle is not None:
                with pytest.raises(IllegalAction) as refused:
                    lim.apply(state, idle, lim.legal_actions(state, seat)[0])
                assert "(CORE-TURN)" in refused.value.message
            state, _ = lim.apply(state, seat, rng.choice(lim.legal_actions(state, seat)))
