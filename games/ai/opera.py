"""Opera Magna: worlds that match a seat's view, and a position estimate.

Hidden from a seat: the trade cards other seats hold, the order (and, with fewer than four
players, the make-up) of the market decks, and the order of the building decks. A world deals
those from the cards the view does not show, the first market deck's A cards above its B cards
as on the table; the turn's public flags (the conversions and building effects already used)
are copied from the view. The table's legal moves, not the world's, are the moves the AI
chooses from.
"""

from __future__ import annotations

import random
from typing import Any

import games
from games.core import clone
from games.opera.data import DATA, SIZES
from games.opera.scoring import score
from games.opera.view import player_views

from .search import Blanks, Budget, relative, result_value

GAME = games.get("opera")
ROLLOUT_WEIGHTS = {"build": 6.0, "deliver": 6.0, "refine": 3.0, "use": 3.0, "pay": 3.0, "move": 2.0}
BUDGETS = {"strong": Budget(worlds=16, keep=32, playouts=1024, depth=16)}
"""``strong``'s playouts go twice as deep as the levels' own: a turn here is a move of the architect
and several actions (about 8 moves under the playout policy), so 8 moves end most playouts as the
seat's own turn ends, before any other seat answers. ``normal`` keeps the levels' depth: at its
128 playouts the deeper ones lost more games than they won against a370146 (docs/ai.md)."""
BLANKS = Blanks(GAME)


def _deal(pool: list[str], count: int) -> list[str]:
    """``count`` cards taken from the end of the shuffled ``pool``."""
    return [pool.pop() for _ in range(min(count, len(pool)))]


def determinize(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    players = view["players"]
    state = BLANKS.fresh(len(players))
    state["rng"] = rng.getrandbits(64)
    state["phase"] = view["phase"]
    state["round"] = view["round"]
    state["final_round"] = view["final_round"]
    state["pending"] = [dict(p) for p in view["pending"]]
    turn = view["turn"]
    state["turn"] = {**state["turn"], "moved_to": turn["moved_to"], "ability": turn["ability"],
                     "deliveries": turn["deliveries"], "conversions": list(turn["conversions"]),
                     "effects": list(turn["effects"]), "triggered": list(turn["triggered"]),
                     "shield_used": turn["shield_used"]}
    if view["phase"] == "draft":
        state["draft_order"] = list(view["draft_order"])
    elif view["active"]:
        state["active"] = view["active"][0]
    state["cities"] = {
        city: {"cost": [c["id"] if c else None for c in data["cost"]],
               "gain": [c["id"] if c else None for c in data["gain"]], "ability": data["ability"]["id"]}
        for city, data in view["cities"].items()
    }
    state["market"] = [slot["card"]["id"] if slot["card"] else None for slot in view["market"]]
    state["discard"] = list(view["discard"])
    state["display"] = [card["id"] for card in view["display"]]
    state["opera"] = [[{"token": site["token"], "face": site["face"], "by": list(site["by"])} for site in row]
                      for row in view["opera"]]
    own_hand = [card["id"] for card in view["you"]["hand"]]
    seen = set(own_hand) | set(state["market"]) | set(state["discard"])
    for city in state["cities"].values():
        seen.update(city["cost"] + city["gain"])
    groups = DATA.trade_groups

    def unseen(*names: str) -> list[str]:
        pool = sorted({c for name in names for c in groups[name]} - seen)
        rng.shuffle(pool)
        return pool

    c_pool = unseen("C")
    c_stacks = [_deal(c_pool, count) for count in view["market_decks"][1:]]
    a_pool, b_pool = unseen("A"), unseen("B")
    left = view["market_decks"][0]
    a_left = _a_cards_left(len(players), left)
    state["decks"] = [_deal(a_pool, a_left) + _deal(b_pool, left - a_left)] + c_stacks
    hand_pool = unseen("hand1", "hand2") + a_pool + b_pool + c_pool
    built = set(state["display"])
    for index, player in enumerate(players):
        target = state["seats"][index]
        for key in ("board", "colour", "raw", "refined", "vp", "supply"):
            target[key] = clone(player[key])
        target["cert"] = dict(player["certificates"])
        target["building"] = [{"id": b["card"]["id"], "covered": b["covered"]}
                              for b in player["under_construction"]]
        target["slots"] = clone(player["slots"])
        target["merchants"] = list(player["merchants"])
        target["hand"] = own_hand if index == seat else _deal(hand_pool, player["hand_count"])
        built.update(b["id"] for b in target["building"])
        built.update(card for sizes in player["slots"].values() for cards in sizes.values() for card in cards)
    for size in SIZES:
        pool = sorted(c for c, card in DATA.buildings.items() if card["size"] == size and c not in built)
        rng.shuffle(pool)
        state["building_decks"][size] = pool[: view["building_decks"][size]]
    return state


def _a_cards_left(players: int, left: int) -> int:
    """How many of the ``left`` cards of the first market deck are A cards.

    The deck is the A cards on top of the B cards (OM-SETUP-26), and the market draws from its top,
    so the A cards go first: of the cards drawn so far, as many as there were are A cards.
    """
    removals = DATA.rules["market_removals"][str(players)]
    a_cards = len(DATA.trade_groups["A"]) - removals["A"]
    dealt = a_cards + len(DATA.trade_groups["B"]) - removals["B"]
    return max(0, a_cards - (dealt - left))


def evaluate(state: dict[str, Any], seat: int) -> float:
    """The final scoring applied now (OM-SCORE-1..8: buildings, evolution, certificates, blue
    buildings' end effects, unfinished buildings, the opera majority, worksites), plus what goods,
    carts and trade cards in hand still promise; all of it public."""
    result = GAME.result(state)
    if result is not None:
        return result_value(result, seat)
    scored = [sum(score(state, player).values()) for player in state["seats"]]
    return relative([points + _promise(player) for points, player in zip(scored, player_views(state))], seat)


def _promise(player: dict[str, Any]) -> float:
    """What a seat's goods, carts and trade cards may still turn into, beyond the scoring applied now.

    Kept small: what a seat holds is worth points only once spent, and an estimate that valued
    holdings more (twice these weights, or a learned one) held goods and cards a good player
    delivers; at half those weights ``normal`` won more against a370146's (docs/ai.md).
    """
    return (0.075 * sum(player["raw"].values()) + 0.3 * sum(player["refined"].values()) + 0.5 * player["carts"]
            + 0.25 * player["hand_count"])
