"""A new game (OM-SETUP): hands, workshops, cities, market, Opera and the building draft."""

from __future__ import annotations

from typing import Any

from ..core import Rng, seed_state
from .data import DATA, RAW, REFINED, SIDES, SIZES
from .endturn import fresh_turn
from .rules import AREAS, area_code


def new_state(players: int, seed: int, options: dict[str, Any]) -> dict:
    """Every random step driven by one seeded generator (OM-SETUP-38)."""
    state: dict[str, Any] = {"rng": seed_state(seed), "options": options, "phase": "draft"}
    rng = Rng(state)
    rules = DATA.rules
    boards = sorted(DATA.boards)
    rng.shuffle(boards)
    hand1 = list(DATA.trade_groups["hand1"])
    hand2 = list(DATA.trade_groups["hand2"])
    rng.shuffle(hand1)
    rng.shuffle(hand2)
    seats = []
    for seat in range(players):
        board = DATA.boards[boards[seat]]
        hand = [hand1.pop() for _ in range(rules["hand_deal"]["hand1"])]
        hand += [hand2.pop() for _ in range(rules["hand_deal"]["hand2"])]
        seats.append({
            "seat": seat, "board": board["id"], "colour": board["colour"],
            "raw": dict.fromkeys(RAW, rules["raw_start"]),
            "cert": dict.fromkeys(RAW, rules["certificate_start"]),
            "refined": dict.fromkeys(REFINED, 0),
            "vp": rules["start_vp"], "hand": hand, "building": [],
            "slots": {side: {size: [] for size in SIZES} for side in SIDES},
            "merchants": [], "supply": rules["tokens_per_player"] - len(RAW),
        })
    cities: dict[str, Any] = {city_id: {"cost": [], "gain": []} for city_id in DATA.city_order}
    for deck_name in ("city1", "city2", "city3"):
        deck = list(DATA.trade_groups[deck_name])
        rng.shuffle(deck)
        for city_id in DATA.city_order:
            for area in AREAS:
                cities[city_id][area].append(deck.pop())
    for city_id in DATA.city_order:
        tokens = sorted(a for a, ab in DATA.abilities.items() if ab["city"] == city_id)
        cities[city_id]["ability"] = rng.choice(tokens)
        cost_positions = DATA.cities[city_id]["cost_area_positions"]
        for player in seats:
            area = "cost" if player["seat"] + 1 in cost_positions else "gain"
            player["merchants"].append(area_code(city_id, area))
    removals = rules["market_removals"][str(players)]
    groups = {}
    for name in ("A", "B", "C"):
        deck = list(DATA.trade_groups[name])
        rng.shuffle(deck)
        groups[name] = deck[removals[name]:]
    stack = groups["A"] + groups["B"]
    market = [stack.pop(0) for _ in rules["market_prices"]]
    per_stack = len(groups["C"]) // rules["c_stacks"]
    c_stacks = [groups["C"][i * per_stack:(i + 1) * per_stack] for i in range(rules["c_stacks"])]
    opera = []
    for level in (1, 2, 3):
        tokens = sorted(t for t, tok in DATA.worksites.items() if tok["level"] == level)
        rng.shuffle(tokens)
        opera.append([{"token": t, "face": "AB"[rng.below(2)], "by": []} for t in tokens])
    building_decks = {}
    for size in SIZES:
        deck = sorted(c for c, card in DATA.buildings.items() if card["size"] == size)
        rng.shuffle(deck)
        building_decks[size] = deck
    draft_pool = [building_decks["small"].pop() for _ in range(players)]
    draft_pool += [building_decks["medium"].pop() for _ in range(players)]
    state.update({
        "seats": seats, "cities": cities, "discard": [], "market": market,
        "decks": [stack] + c_stacks, "building_decks": building_decks, "display": draft_pool,
        "opera": opera, "round": 0, "active": 0, "final_round": None,
        "draft_order": list(range(players)) + list(reversed(range(players))),
        "pending": [], "turn": fresh_turn(),
    })
    return state
