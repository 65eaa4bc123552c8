"""The end of a turn with nothing left to do is taken automatically (``Game.automatic``), and only then."""

from __future__ import annotations

import random

import games

G = games.get("mor")


def turn_ends_of_random_games() -> list[tuple[dict, int]]:
    """Positions of short random games (solo, two and four players) where the main action is done."""
    found = []
    for players, seed in ((1, 0), (2, 1), (4, 2)):
        state, rng = G.setup(players, seed), random.Random(seed)
        for _ in range(400):
            if G.result(state) is not None:
                break
            seat = min(G.actors(state))
            if state["phase"] == "play" and state["turn"]["main"] and state["turn"]["pending"] is None:
                found.append((state, seat))
            state, _ = G.apply(state, seat, rng.choice(G.legal_actions(state, seat)))
    return found


def test_MOR_TURN_6_end_is_taken_automatically_exactly_when_it_is_the_only_move():
    """MOR-TURN-6 with MOR-TURN-5 (a rearrangement) and MOR-LEADER-2 (a leader to play or discard):
    either of them left makes 'end' a choice; with neither, the turn ends by itself. An automatic
    end never hides a leader in hand."""
    seen = {True: 0, False: 0}
    for state, seat in turn_ends_of_random_games():
        only_end = G.legal_actions(state, seat) == [{"type": "end"}]
        automatic = G.automatic(state, seat)
        assert automatic == ({"type": "end"} if only_end else None)
        assert automatic is None or not state["seats"][seat]["hand"]
        seen[only_end] += 1
    assert seen[True] and seen[False], seen


def test_MOR_TURN_3_nothing_is_automatic_before_the_main_action():
    """MOR-TURN-3: a turn never ends before its main action, and setup's leader choice is a choice."""
    state = G.setup(2, 4)
    assert all(G.automatic(state, seat) is None for seat in G.actors(state))
    for seat in sorted(G.actors(state)):
        state, _ = G.apply(state, seat, G.legal_actions(state, seat)[0])
    assert G.automatic(state, min(G.actors(state))) is None
