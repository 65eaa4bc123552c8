"""Property tests: thousands of random games (solo, 2, 3 and 4 players) with invariant checks.

The random player prefers ending moves (buy a card, end the turn) so that games finish in a
realistic number of turns. Cheap invariants are checked after every move; the expensive ones
(view secrecy, notation round trips, refusals, replay) on a sample of states and games.
"""

from __future__ import annotations

import json
import random

import pytest

from games.core import IllegalAction
from games.mor import GAME
from games.mor.data import CARDS, DECK_IDS, DEPOT_CAPACITIES, LAST_SPACE, LEADERS, RESOURCES
from games.mor.production import production_totals
from games.mor.rules import add_counts, discounted_cost, owned_cards, total_holdings
from games.mor.warehouse import warehouse_totals
from tests.engine_checks import check_notation_round_trip, check_refusals_change_nothing, check_replay

GAMES = 2000
ALL_CARDS = sorted(CARDS)


def choose(legal: list[dict], rng: random.Random, thrifty: bool = False) -> dict:
    """A random legal action, biased towards ending moves; a thrifty player keeps and produces
    more (so 7-card endings and solo wins happen), a wasteful one discards more (short games)."""
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    if "end" in by_type and rng.random() < 0.85:
        return by_type["end"][0]
    if "buy" in by_type and rng.random() < 0.9:
        return rng.choice(by_type["buy"])
    if "place" in by_type:
        keep = 0.95 if thrifty else 0.5
        return by_type["place"][0] if rng.random() < keep else rng.choice(by_type["place"])
    if thrifty and "produce" in by_type and rng.random() < 0.7:
        biggest = max(len(a.get("cards", [])) + len(a.get("leaders", {})) for a in by_type["produce"])
        if biggest:
            return rng.choice([a for a in by_type["produce"]
                               if len(a.get("cards", [])) + len(a.get("leaders", {})) == biggest])
    if "produce" in by_type and rng.random() < 0.3:
        return rng.choice(by_type["produce"])
    if "market" in by_type and rng.random() < 0.9:
        return rng.choice(by_type["market"])
    return rng.choice(legal)


def all_card_ids_in_play(state: dict) -> list[str]:
    """Every development card wherever it is: decks, slots, removed by Lorenzo."""
    ids = [c for deck in DECK_IDS for c in state["decks"][deck]]
    ids += [c for p in state["seats"] for c in owned_cards(p)]
    ids += state["removed"]
    return ids


def check_invariants(state: dict) -> None:
    assert all_card_ids_in_play(state) and sorted(all_card_ids_in_play(state)) == ALL_CARDS
    for player in state["seats"]:
        assert 0 <= player["faith"] <= LAST_SPACE
        types = [r for r, n in player["depots"] if n]
        assert len(types) == len(set(types)), player["depots"]
        for (resource, count), capacity in zip(player["depots"], DEPOT_CAPACITIES):
            assert 0 <= count <= capacity and (resource is None) == (count == 0) and resource in (None, *RESOURCES)
        for leader_id, count in player["leader_depots"].items():
            assert leader_id in player["played"] and 0 <= count <= LEADERS[leader_id]["capacity"]
        assert all(n >= 0 for n in player["strongbox"].values())
        assert len(player["hand"]) + len(player["played"]) <= 2
    if state["solo"] is not None:
        assert 0 <= state["solo"]["cross"] <= LAST_SPACE
        assert sorted(state["solo"]["stack"] + state["solo"]["revealed"]) == sorted(
            ["black-cross-1-reshuffle", "black-cross-2-a", "black-cross-2-b", "discard-blue", "discard-green",
             "discard-purple", "discard-yellow"])


def expected_holdings(state: dict, seat: int, action: dict) -> dict | None:
    """What the acting seat's personal supply must be after ``action`` (None: not predictable here)."""
    player = state["seats"][seat]
    before = total_holdings(player)
    kind = action["type"]
    if kind == "buy":
        cost = discounted_cost(player, state["decks"][action["deck"]][0])
        return {r: n - cost.get(r, 0) for r, n in before.items() if n - cost.get(r, 0)}
    if kind == "produce":
        inputs, outputs, _ = production_totals(state, seat, action)
        after = add_counts(before, outputs)
        return {r: n - inputs.get(r, 0) for r, n in after.items() if n - inputs.get(r, 0)}
    if kind in ("market", "leader", "end", "arrange"):
        return before
    return None


def check_public_secrecy(state: dict) -> None:
    public = json.dumps(GAME.view(state, None))
    for player in state["seats"]:
        for leader_id in player["hand"] + player["dealt"]:
            assert f'"{leader_id}"' not in public
    for cards in state["decks"].values():
        for hidden in cards[1:]:
            assert f'"{hidden}"' not in public
    if state["solo"] is not None:
        for token in state["solo"]["stack"]:
            assert f'"{token}"' not in public or token in state["solo"]["revealed"] or \
                token == state["solo"]["last_token"]


def play_game(players: int, seed: int, deep: bool, thrifty: bool = False) -> tuple[dict, list, int]:
    rng = random.Random(seed)
    state = GAME.setup(players, seed)
    log: list[tuple[int, str]] = []
    for step in range(3000):
        if GAME.result(state) is not None:
            return state, log, step
        seat = rng.choice(sorted(GAME.actors(state)))
        legal = GAME.legal_actions(state, seat)
        assert legal, "a seat that must act has a legal action"
        action = choose(legal, rng, thrifty)
        expected = expected_holdings(state, seat, action) if state["phase"] == "play" else None
        faith_before = [p["faith"] for p in state["seats"]]
        if state["phase"] == "play" and action["type"] == "place":
            gained = state["turn"]["pending"]["gained"]
            available = add_counts(warehouse_totals(state["seats"][seat]), gained)
        sample = deep and step % 5 == 0
        if sample:
            before = GAME.dumps(state)
            check_notation_round_trip(GAME, state, legal)
            check_public_secrecy(state)
            check_refusals_change_nothing(GAME, state)
            for bogus in ("buy green-9", "produce c1 c1", "leader play L99", "place d4:coin"):
                try:
                    GAME.play(state, seat, bogus)
                except IllegalAction:
                    pass
            assert GAME.dumps(state) == before
        if sample:
            new_state, events = GAME.apply(state, seat, action)
            assert GAME.dumps(state) == before, "apply changed its input state"
        else:  # the hook itself, in place: the wrapper's guarantees are checked on the samples
            new_state, events = state, GAME._apply(state, seat, action)
        assert all(isinstance(e["text"], str) for e in events)
        if expected is not None:
            assert total_holdings(new_state["seats"][seat]) == expected, (action, expected)
        if state["phase"] == "play" and action["type"] == "place":
            kept = warehouse_totals(new_state["seats"][seat])
            assert all(kept.get(r, 0) <= n for r, n in available.items()) and set(kept) <= set(available)
            assert total_holdings(new_state["seats"][seat]) == add_counts(
                kept, new_state["seats"][seat]["strongbox"])
            dropped = sum(available.values()) - sum(kept.values())
            for other, player in enumerate(new_state["seats"]):  # MOR-WAREHOUSE-9
                if other != seat:
                    assert player["faith"] == min(LAST_SPACE, faith_before[other] + dropped)
        assert all(p["faith"] >= f for p, f in zip(new_state["seats"], faith_before))  # MOR-FAITH-3
        check_invariants(new_state)
        log.append((seat, GAME.notation(action)))
        state = new_state
    raise AssertionError(f"game {players}p seed {seed} did not end")


@pytest.mark.slow
def test_random_games_keep_every_invariant():
    """2,000 games: cards accounted for, faith within 0..24, depots legal, resources conserved,
    public views without hidden information, refusals without effect, replay equal to play."""
    steps = []
    for index in range(GAMES):
        players = index % 4 + 1
        deep = index % 40 == 0
        final, log, count = play_game(players, index, deep, thrifty=index % 8 >= 4)
        steps.append(count)
        result = GAME.result(final)
        assert sorted(s for group in result["ranking"] for s in group) == list(range(players))
        if players == 1:
            assert set(result["solo"]) == {"won", "reason"}
        if deep:
            check_replay(GAME, players, index, {}, final, log)
            check_public_secrecy(final)
    assert max(steps) < 3000 and sum(steps) / len(steps) < 400
