"""Paying for a city activation (OM-PAY): costs, discounts, wild assignments and SHIELD.

The payment is one order-free formula (OM-PAY-10), so the only choices a player makes are where
the wild discounts go and which type SHIELD protects. :func:`payment_options` lists every choice
with a distinct outcome, best first; the ``pay`` notation names one of them.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from ..core import counted, refuse
from .data import DATA, RAW
from .rules import completed, right_side, split_area


def gross_cost(state: dict, city: str) -> dict[str, int]:
    """Every cost icon of the city's cost row (OM-CITY-3, OM-PAY-1)."""
    cost = dict.fromkeys(RAW, 0)
    for card in state["cities"][city]["cost"]:
        if card:
            for good in DATA.trade[card]["cost"]:
                cost[good] += 1
    return cost


def fixed_discounts(player: dict) -> tuple[dict[str, int], int]:
    """Discounts by type and the number of wild discounts (OM-PAY-2a, 2b; OM-WORKSHOP-3, 9)."""
    discount = dict.fromkeys(RAW, 0)
    discount[DATA.boards[player["board"]]["discount"]] += 1
    wild = 0
    for card_id, side, _ in completed(player):
        if side == "left":
            card = DATA.buildings[card_id]
            for good in card["discount"]["fixed"]:
                discount[good] += 1
            wild += card["discount"]["wild"]
    return discount, wild


def settle_payment(player: dict, net: dict[str, int], shield: str | None) -> dict[str, Any]:
    """OM-PAY-5..10 as one order-free formula: raw goods, then certificates, then VP down to 1.

    >>> player = {"raw": {"L": 0, "W": 1, "M": 0, "S": 0}, "cert": {"L": 3, "W": 3, "M": 2, "S": 3}, "vp": 5}
    >>> settle_payment(player, {"L": 2, "W": 1, "M": 1, "S": 0}, None)
    {'raw': {'L': 0, 'W': 1, 'M': 0, 'S': 0}, 'cert': {'L': 1, 'W': 0, 'M': 0, 'S': 0}, 'vp': 2, 'waived': 0}
    """
    if shield:
        net = dict(net)
        net[shield] -= 1
    raw, cert = player["raw"], player["cert"]
    raw_paid, cert_steps, remaining = {}, {}, 0
    for good in RAW:
        owed = net[good]
        paid = raw[good] if raw[good] < owed else owed
        steps = min(owed - paid, cert[good] - 2)
        raw_paid[good] = paid
        cert_steps[good] = steps
        remaining += owed - paid - steps
    vp_lost = max(0, min(remaining, player["vp"] - 1))
    return {"raw": raw_paid, "cert": cert_steps, "vp": vp_lost, "waived": remaining - vp_lost}


def certificate_step_types(player: dict, net: dict[str, int]) -> list[str]:
    """Types whose payment would move a certificate left: the ones SHIELD may protect."""
    raw = player["raw"]
    return [good for good in RAW if net[good] > raw[good] and player["cert"][good] > 2]


def has_shield(state: dict, player: dict) -> bool:
    """A right-side SHIELD building whose once-per-turn use is still open (U-05 M09)."""
    return not state["turn"]["shield_used"] and any(
        card["effect"]["trigger"] == "SHIELD" for card in right_side(player))


def payment_options(state: dict, player: dict, city: str, extra_wild: int) -> list[dict[str, Any]]:
    """Every distinct way to assign wild discounts (and pick the SHIELD type), best first (Q-08).

    Each option is ``{"wild": "LS", "shield": "S" or None, "plan": settle_payment(...)}`` (the plan
    read only: the options are kept for the same costs and holdings, which come back move after move).
    """
    cost = gross_cost(state, city)
    fixed, wild = fixed_discounts(player)
    net = tuple(max(0, cost[good] - fixed[good]) for good in RAW)
    holdings = (tuple(player["raw"][good] for good in RAW), tuple(player["cert"][good] for good in RAW), player["vp"])
    return [dict(option) for option in _payment_options(net, wild + extra_wild, has_shield(state, player), holdings)]


@lru_cache(maxsize=4096)
def _payment_options(net_cost: tuple[int, ...], wild: int, shield_on: bool,
                     holdings: tuple[tuple[int, ...], tuple[int, ...], int]) -> tuple[dict[str, Any], ...]:
    raw, cert, vp = holdings
    player = {"raw": dict(zip(RAW, raw)), "cert": dict(zip(RAW, cert)), "vp": vp}
    net = dict(zip(RAW, net_cost))
    usable_wild = min(wild, sum(net.values()))
    if not usable_wild and not shield_on:
        return ({"wild": "", "shield": None, "plan": settle_payment(player, net, None)},)
    options, seen = [], set()
    payable = [good for good in RAW if net[good] > 0]
    assignments = (
        ["".join(combo) for combo in combinations_with_replacement(payable, usable_wild)]
        if usable_wild else [""]
    )
    for assignment in assignments:
        after = dict(net)
        for good in assignment:
            after[good] = max(0, after[good] - 1)
        shields = certificate_step_types(player, after) if shield_on else []
        for shield in shields or [None]:
            plan = settle_payment(player, after, shield)
            key = (tuple(plan["raw"].values()), tuple(plan["cert"].values()), plan["vp"])
            if key in seen:
                continue
            seen.add(key)
            options.append({"wild": assignment, "shield": shield, "plan": plan})
    options.sort(key=lambda o: (o["plan"]["vp"], sum(o["plan"]["cert"].values()),
                                sum(o["plan"]["raw"].values())))
    return tuple(options)


def bazaar_discount(state: dict) -> int:
    """CON-1 is applied automatically to the activation payment (its only use; U-01)."""
    turn = state["turn"]
    if not turn["ability"] or turn["ability_used"]:
        return 0
    city, _ = split_area(turn["moved_to"])
    ability = DATA.abilities[state["cities"][city]["ability"]]
    return sum(op["n"] for op in ability["ops"] if op["op"] == "discount")


def turn_payment_options(state: dict, player: dict) -> list[dict[str, Any]]:
    """:func:`payment_options` for the city activated this turn."""
    city, _ = split_area(state["turn"]["moved_to"])
    return payment_options(state, player, city, bazaar_discount(state))


def pay_action(option: dict) -> dict:
    """The explicit ``pay`` action that names ``option``'s wild assignment and SHIELD type."""
    action: dict[str, Any] = {"type": "pay"}
    if option["wild"]:
        action["wild"] = option["wild"]
    if option["shield"]:
        action["shield"] = option["shield"]
    return action


def explicit_payment(state: dict, player: dict, wild: str, shield: str | None) -> dict[str, Any]:
    """The option a player's own wild assignment and SHIELD type give, or the refusal."""
    city, _ = split_area(state["turn"]["moved_to"])
    cost = gross_cost(state, city)
    fixed, wild_count = fixed_discounts(player)
    wild_count += bazaar_discount(state)
    if len(wild) > wild_count:
        raise refuse("OM-PAY-2", counted("You have {wild_count} wild discount to assign to a raw type.",
                                         "You have {wild_count} wild discounts to assign to raw types.",
                                         by="wild_count", wild_count=wild_count))
    net = {g: max(0, cost[g] - fixed[g] - wild.count(g)) for g in RAW}
    if shield is not None:
        if not has_shield(state, player):
            raise refuse("OM-WORKSHOP-4", "You have no right-side SHIELD building to use on this payment "
                                          "(U-05 M09).")
        if shield not in certificate_step_types(player, net):
            raise refuse("OM-PAY-10", "With that assignment no {shield} unit moves a certificate, so "
                                      "SHIELD has nothing to protect (U-05 M09).",
                                      shield=shield)
    return {"wild": wild, "shield": shield, "plan": settle_payment(player, net, shield)}


def same_outcome(options: list[dict[str, Any]], option: dict[str, Any]) -> dict[str, Any] | None:
    """The listed option that pays exactly what ``option`` pays, if any."""
    wanted = option["plan"]
    for candidate in options:
        plan = candidate["plan"]
        if plan["raw"] == wanted["raw"] and plan["cert"] == wanted["cert"] and plan["vp"] == wanted["vp"]:
            return candidate
    return None


def apply_payment(player: dict, plan: dict[str, Any]) -> None:
    for good in RAW:
        player["raw"][good] -= plan["raw"][good]
        player["cert"][good] -= plan["cert"][good]
    player["vp"] -= plan["vp"]
