"""The stand-in for an absent player never makes a choice that loses something for good (a leader
discarded, the Church's support refused, resources thrown away) while a move that loses nothing
exists, whatever its AI would have chosen; the fallback of a failing AI is the same safe move."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import games
from games.ai import destroys, safe_move
from bot.table.deadlines import Deadlines
from bot.table.model import Table


class Reckless:
    """An AI that picks a move that loses something whenever it can."""

    async def choose(self, key: str, state: dict, seat: int, level: str, seed: int) -> str:
        game = games.get(key)
        actions = game.legal_actions(state, seat)
        return game.notation(next((a for a in actions if game.describe(state, seat, a).destructive), actions[0]))


def table_at(key: str, state: dict, on_timeout: str) -> Table:
    row = SimpleNamespace(game_key=key, on_timeout=on_timeout, seed=7, version=1)
    return Table(row=row, seats=[], game=games.get(key), state=state)


def torn_choices(key: str, seed: int, wanted: int = 12):
    """Positions of a random game of ``key`` where the seat to act could lose something for good or not."""
    game = games.get(key)
    rng = random.Random(seed)
    state = game.setup(2, seed, {})
    found = []
    for _ in range(1500):
        if game.result(state) is not None or len(found) >= wanted:
            break
        seat = min(game.actors(state))
        actions = game.legal_actions(state, seat)
        kinds = [bool(game.describe(state, seat, a).destructive) for a in actions]
        if any(kinds) and not all(kinds):
            found.append((state, seat, {a["type"] for a, lost in zip(actions, kinds) if lost}))
        harmless = [a for a, lost in zip(actions, kinds) if not lost] or actions
        state, _ = game.apply(state, seat, rng.choice(harmless))
    return found


@pytest.mark.parametrize(("key", "rule", "kind"), [("mor", "MOR-LEADER-5", "leader"), ("lim", "LIM-VATICAN-4", "report")])
async def test_the_stand_in_keeps_what_the_player_could_have_kept(key, rule, kind):
    """``rule``: the stand-in never discards a leader (Masters) nor refuses the Church's support
    (Lorenzo) for an absent player, with the AI choosing recklessly or the turn skipped."""
    deadlines = Deadlines(None, None, None, None, Reckless())
    seen = set()
    for seed in range(1, 4):
        for state, seat, lost in torn_choices(key, seed):
            seen |= lost
            for on_timeout in ("ai", "skip"):
                chosen = await deadlines.ladder_move(table_at(key, state, on_timeout), seat)
                assert not destroys(key, state, seat, chosen), (on_timeout, chosen)
    assert kind in seen


def test_the_safe_move_ends_the_turn_rather_than_lose_anything():
    for state, seat, _ in torn_choices("mor", 2):
        chosen = safe_move("mor", state, seat)
        game = games.get("mor")
        assert not destroys("mor", state, seat, chosen)
        if any(a["type"] == "end" for a in game.legal_actions(state, seat)):
            assert chosen == "end"
