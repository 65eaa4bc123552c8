"""The canonical legal actions of the seat to act, the most useful first.

The list is complete: every text the notation accepts and the rules allow reads back as one of
these actions. Builds list every set of goods that fits a building (the completing set first,
once per side), conversions one refined type at a time (converting has no limit per turn, so
several moves do what one mixed move would), payments every wild assignment and SHIELD type with
a distinct outcome after the plain ``pay`` (the best one), and market buys every way to pay.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from .city import ability_refusal
from .data import DATA, RAW, REFINED, SIDES, SIZES
from .deliveries import cart_refusal, site_blocker, site_name
from .effects import pending_answers
from .payment import pay_action, turn_payment_options
from .rules import AREAS, area_code, missing_icons
from .workshop import effect_refusal, refine_refusal

Action = dict[str, Any]


def legal_actions(state: dict, seat: int) -> list[Action]:
    """Every canonical action ``seat`` (the seat to act) may take now.

    >>> from games.opera import GAME
    >>> state = GAME.setup(2, 1)
    >>> [GAME.notation(a) for a in legal_actions(state, 0)][:2]
    ['draft M02', 'draft M09']
    """
    phase = state["phase"]
    player = state["seats"][seat]
    if phase == "draft":
        return [{"type": "draft", "card": c} for c in sorted(state["display"])]
    if state["pending"]:
        return pending_answers(state, player)
    if phase == "merchant":
        return merchant_moves(player)
    actions: list[Action] = []
    if phase == "activate":
        actions.append({"type": "pay"})
        actions += [a for a in map(pay_action, turn_payment_options(state, player)) if len(a) > 1]
    elif phase == "refined":
        actions += build_actions(player)
        actions += delivery_actions(state, player)
        actions += convert_actions(player)
        actions.append({"type": "done"})
    elif phase == "build":
        actions += [{"type": "pick", "card": c} for c in sorted(state["display"])]
    elif phase == "market":
        actions += buy_actions(state, player)
    return actions + free_actions(state, player)


def merchant_moves(player: dict) -> list[Action]:
    """Each merchant to each area without one of yours, with each card of the hand (OM-MERCHANT-2, -6)."""
    merchants = player["merchants"]
    targets = [area_code(c, a) for c in DATA.city_order for a in AREAS if area_code(c, a) not in merchants]
    cards = sorted(set(player["hand"]))
    if not cards:
        return [{"type": "move", "from": origin, "to": target} for origin in merchants for target in targets]
    return [{"type": "move", "from": origin, "to": target, "card": card}
            for origin in merchants for target in targets for card in cards]


def build_actions(player: dict) -> list[Action]:
    """Every set of held refined goods that covers icons of a building under construction."""
    actions = []
    refined = player["refined"]
    for building in player["building"]:
        card_id = building["id"]
        missing = missing_icons(DATA.buildings[card_id]["cost"], building["covered"])
        limits = {g: min(missing.count(g), refined[g]) for g in REFINED}
        if not any(limits.values()):
            continue
        for goods in _subsets(limits):
            if len(goods) == len(missing):
                actions += [{"type": "build", "card": card_id, "goods": goods, "side": side}
                            for side in SIDES]
            else:
                actions.append({"type": "build", "card": card_id, "goods": goods})
    return actions


def delivery_actions(state: dict, player: dict) -> list[Action]:
    """Every worksite the player may deliver to now (OM-OPERA-3, OM-OPERA-4); sites needing a
    good the player does not hold are skipped before the full check (most positions have none)."""
    refined = player["refined"]
    if not any(refined.values()) or cart_refusal(state, player):
        return []
    return [{"type": "deliver", "site": site_name(level, column)}
            for level, row in enumerate(state["opera"]) for column, site in enumerate(row)
            if refined[DATA.worksites[site["token"]]["requires"]]
            and site_blocker(state, player, level, column) is None]


def convert_actions(player: dict) -> list[Action]:
    """For each refined type held, all of it, then fewer (OM-CONVERT-1, -4): one type per move,
    since converting has no limit per turn and several moves do what a mixed one would."""
    return [{"type": "convert", "goods": good * n}
            for good in REFINED for n in range(player["refined"][good], 0, -1)]


def buy_actions(state: dict, player: dict) -> list[Action]:
    """Every market space the player can pay for, with every way to pay it (OM-MARKET-4, -5)."""
    actions = []
    raw = player["raw"]
    counts = tuple(raw[g] for g in RAW)
    total = sum(raw.values())
    for slot, card in enumerate(state["market"]):
        price = DATA.rules["market_prices"][slot]
        if card is None or price > total:
            continue
        if price == 0:
            actions.append({"type": "buy", "slot": slot})
            continue
        actions += [{"type": "buy", "slot": slot, "pay": pay} for pay in _raw_payments(counts, price)]
    return actions


@lru_cache(maxsize=4096)
def _raw_payments(counts: tuple[int, ...], price: int) -> tuple[str, ...]:
    """Every way to pay ``price`` raw goods out of ``counts`` (held of each good in ``RAW``'s order),
    kept because the same holdings and prices come back move after move."""
    held = [(good, count) for good, count in zip(RAW, counts) if count]
    found: list[str] = []

    def extend(start: int, prefix: str, left: int) -> None:
        # The goods in RAW's order, as many of the first as possible first: the order of
        # combinations_with_replacement(held goods, price) without the combinations one cannot hold.
        if not left:
            found.append(prefix)
            return
        if start == len(held):
            return
        good, count = held[start]
        for taken in range(min(count, left), -1, -1):
            extend(start + 1, prefix + good * taken, left - taken)

    extend(0, "", price)
    return tuple(found)


def free_actions(state: dict, player: dict) -> list[Action]:
    """Once-per-turn uses allowed between steps from phase 2 to the end of the turn (only the
    ability the seat holds, TURN buildings and occupied left slots are checked in full)."""
    actions = []
    turn = state["turn"]
    if turn["ability"] and not turn["ability_used"] and ability_refusal(state, player) is None:
        actions.append({"type": "ability"})
    for size in SIZES:
        for card_id in player["slots"]["right"][size]:
            turn_effect = DATA.buildings[card_id]["effect"]["trigger"] == "TURN"
            if turn_effect and effect_refusal(state, player, card_id) is None:
                actions.append({"type": "use", "card": card_id})
    for size in SIZES:
        if player["slots"]["left"][size] and refine_refusal(state, player, size) is None:
            actions.append({"type": "refine", "slot": size})
    return actions


def _subsets(limits: dict[str, int]) -> list[str]:
    """Every non-empty set of refined goods with at most ``limits[g]`` of each, largest first
    (a building has at most 4 icons, so the list stays short).

    >>> _subsets({"b": 2, "p": 1, "c": 0, "g": 0})
    ['bbp', 'bb', 'bp', 'b', 'p']
    """
    return list(_subsets_of(tuple(limits[g] for g in REFINED)))


@lru_cache(maxsize=1024)
def _subsets_of(limits: tuple[int, ...]) -> tuple[str, ...]:
    """:func:`_subsets` of the limits in ``REFINED``'s order, kept (the same few come back)."""
    held = [(g, most) for g, most in zip(REFINED, limits) if most]
    if len(held) == 1 and held[0][1] == 1:
        return (held[0][0],)
    sets = ["".join(g * n for (g, _), n in zip(held, counts))
            for counts in product(*(range(most, -1, -1) for _, most in held))]
    return tuple(sorted((goods for goods in sets if goods), key=len, reverse=True))
