"""The rules of Opera Magna as operations on a state dict (no validation of whose turn it is).

The game object in ``engine.py`` validates actions and calls these helpers. Rule IDs refer to the
rule specification (``OM-*``); provisional component values come from :mod:`games.opera.data`.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from ..core import IllegalAction
from .data import DATA, RAW, REFINED, REFINED_OF, SIDES, SIZES

Event = dict[str, Any]


# ------------------------------------------------------------------ geometry
def raw_cap(state: dict) -> int:
    return state["options"]["raw_cap"]


def certificate_max(state: dict) -> int:
    """One space beyond the raw cap (Q-09), so a capped raw token always has a certificate to its right."""
    return raw_cap(state) + 1


def level_of(state: dict, position: int) -> int:
    """Certificate level of a track position (OM-GOODS-9); the top band reaches the track end."""
    bands = DATA.rules["level_bands"]
    for low, high, level in bands:
        if low <= position <= high:
            return level
    return bands[-1][2]


def levels(state: dict, player: dict) -> dict[str, int]:
    return {REFINED_OF[x]: level_of(state, player["cert"][x]) for x in RAW}


# --------------------------------------------------------------- player facts
def completed(player: dict) -> list[tuple[str, str, str]]:
    """Every completed building as (card id, side, size)."""
    return [
        (card, side, size)
        for side in SIDES for size in SIZES for card in player["slots"][side][size]
    ]


def right_side(player: dict) -> list[dict]:
    return [DATA.buildings[card] for card, side, _ in completed(player) if side == "right"]


def occupied_slots(player: dict) -> int:
    return sum(1 for side in SIDES for size in SIZES if player["slots"][side][size])


def carts(player: dict) -> int:
    """Deliveries allowed per turn: one per occupied right slot plus EXTRA-CART (OM-OPERA-3)."""
    slots = sum(1 for size in SIZES if player["slots"]["right"][size])
    extra = sum(1 for card in right_side(player) if card["effect"]["trigger"] == "EXTRA-CART")
    return slots + extra


def tokens_in_use(player: dict, state: dict) -> int:
    on_tracks = len(RAW)
    refined = sum(player["refined"].values())
    on_buildings = sum(len(b["covered"]) for b in player["building"])
    return on_tracks + refined + on_buildings + opera_tokens(state, player["seat"])


# ---------------------------------------------------------------- goods moves
def gain_raw(state: dict, player: dict, good: str) -> bool:
    """One raw good (OM-GOODS-3): lost at the cap, otherwise may push the certificate right."""
    if player["raw"][good] >= raw_cap(state):
        return False
    player["raw"][good] += 1
    if player["raw"][good] == player["cert"][good]:
        player["cert"][good] = min(player["cert"][good] + 1, certificate_max(state))
    return True


def gain_refined(state: dict, player: dict, good: str) -> bool:
    """One refined good as a token on the refined space (OM-CITY-6); lost after phase 3 (OM-REFINED-5)
    and, when the token limit is on, when the player has no token left (Q-12)."""
    if state["phase"] in ("build", "market"):
        return False
    if state["options"]["limit_tokens"] and player["supply"] <= 0:
        return False
    player["refined"][good] += 1
    player["supply"] -= 1
    return True


def spend_raw(player: dict, good: str) -> None:
    """Spending moves only the raw token (OM-GOODS-5)."""
    player["raw"][good] -= 1


def move_certificate_right(state: dict, player: dict, good: str) -> bool:
    if player["cert"][good] >= certificate_max(state):
        return False
    player["cert"][good] += 1
    return True


def gain_vp(player: dict, amount: int) -> None:
    player["vp"] += amount


# -------------------------------------------------------------------- payment
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
    """OM-PAY-5..10 as one order-free formula: raw goods, then certificates, then VP down to 1."""
    net = dict(net)
    if shield:
        net[shield] -= 1
    raw_paid, cert_steps, remaining = {}, {}, 0
    for good in RAW:
        raw_paid[good] = min(player["raw"][good], net[good])
        cert_steps[good] = min(net[good] - raw_paid[good], player["cert"][good] - 2)
        remaining += net[good] - raw_paid[good] - cert_steps[good]
    vp_lost = max(0, min(remaining, player["vp"] - 1))
    return {"raw": raw_paid, "cert": cert_steps, "vp": vp_lost, "waived": remaining - vp_lost}


def certificate_step_types(player: dict, net: dict[str, int]) -> list[str]:
    """Types whose payment would move a certificate left: the ones SHIELD may protect."""
    plan = settle_payment(player, net, None)
    return [good for good in RAW if plan["cert"][good] > 0]


def payment_options(state: dict, player: dict, city: str, extra_wild: int) -> list[dict[str, Any]]:
    """Every distinct way to assign wild discounts (and pick the SHIELD type), best first (Q-08).

    Each option is ``{"wild": "LS", "shield": "S" or None, "plan": settle_payment(...)}``.
    """
    cost = gross_cost(state, city)
    fixed, wild = fixed_discounts(player)
    wild += extra_wild
    net = {good: max(0, cost[good] - fixed[good]) for good in RAW}
    has_shield = any(
        card["effect"]["trigger"] == "SHIELD" for card in right_side(player)
    ) and not state["turn"]["shield_used"]
    options, seen = [], set()
    payable = [good for good in RAW if net[good] > 0]
    usable_wild = min(wild, sum(net.values()))
    assignments = (
        ["".join(combo) for combo in combinations_with_replacement(payable, usable_wild)]
        if usable_wild else [""]
    )
    for assignment in assignments:
        after = dict(net)
        for good in assignment:
            after[good] = max(0, after[good] - 1)
        shields = certificate_step_types(player, after) if has_shield else []
        for shield in shields or [None]:
            plan = settle_payment(player, after, shield)
            key = (tuple(plan["raw"].values()), tuple(plan["cert"].values()), plan["vp"])
            if key in seen:
                continue
            seen.add(key)
            options.append({"wild": assignment, "shield": shield, "plan": plan})
    options.sort(key=lambda o: (o["plan"]["vp"], sum(o["plan"]["cert"].values()),
                                sum(o["plan"]["raw"].values())))
    return options


def apply_payment(player: dict, plan: dict[str, Any]) -> None:
    for good in RAW:
        player["raw"][good] -= plan["raw"][good]
        player["cert"][good] -= plan["cert"][good]
    player["vp"] -= plan["vp"]


# ---------------------------------------------------------------- effect ops
def run_ops(state: dict, player: dict, ops: list[dict], source: str) -> list[Event]:
    """Resolve effect operations (§12.0 vocabulary); choices become pending decisions."""
    events: list[Event] = []
    seat = player["seat"]
    for op in ops:
        kind = op["op"]
        if kind == "vp":
            gain_vp(player, op["n"])
            events.append(_event("vp", f"{{p{seat}}} gains {op['n']} VP ({source})."))
        elif kind == "raw" and len(op["choices"]) == 1:
            for _ in range(op["n"]):
                gain_raw(state, player, op["choices"])
            events.append(_event("gain", f"{{p{seat}}} gains {op['n']} {op['choices']} ({source})."))
        elif kind == "raw":
            state["pending"].append({"kind": "raw", "n": op["n"], "choices": op["choices"], "source": source})
        elif kind == "refined":
            state["pending"].append({"kind": "refined", "n": op["n"], "source": source})
        elif kind == "certificate":
            state["pending"].append({"kind": "certificate", "n": op["n"], "source": source})
        elif kind == "spend_for_refined":
            state["pending"].append({"kind": "spend", "choices": op["choices"], "then": "refined",
                                     "source": source})
        elif kind == "exchange":
            state["pending"].append({"kind": "spend", "choices": RAW, "then": "raw", "source": source})
        else:
            raise ValueError(f"unknown effect op {kind!r} in {source}")
    return events


def ops_need_raw(ops: list[dict], player: dict) -> str | None:
    """Why a voluntary effect cannot be used now (it spends raw goods the player lacks, Q-25)."""
    for op in ops:
        if op["op"] in ("spend_for_refined", "exchange"):
            choices = op.get("choices", RAW)
            if not any(player["raw"][good] > 0 for good in choices):
                names = " or ".join(choices)
                return f"it spends 1 {names} and you have none"
    return None


def pending_answers(state: dict, player: dict) -> list[dict[str, Any]]:
    """The legal answers to the first pending decision."""
    pending = state["pending"][0]
    kind = pending["kind"]
    if kind == "raw":
        open_types = [g for g in pending["choices"] if player["raw"][g] < raw_cap(state)]
        return [{"type": "take", "goods": "".join(c)}
                for c in combinations_with_replacement(open_types, pending["n"])]
    if kind == "refined":
        return [{"type": "take", "goods": "".join(c)}
                for c in combinations_with_replacement(REFINED, pending["n"])]
    if kind == "certificate":
        movable = [g for g in RAW if player["cert"][g] < certificate_max(state)]
        return [{"type": "certify", "goods": "".join(c)}
                for c in combinations(movable, min(pending["n"], len(movable)))]
    if kind == "spend":
        return [{"type": "spend", "good": g} for g in pending["choices"] if player["raw"][g] > 0]
    raise ValueError(kind)


def answer_pending(state: dict, player: dict, action: dict) -> list[Event]:
    pending = state["pending"][0]
    legal = pending_answers(state, player)
    if isinstance(action.get("goods"), str):
        order = REFINED if pending["kind"] == "refined" else RAW
        action = dict(action, goods="".join(sorted(action["goods"], key=lambda g: (order + g).index(g))))
    if action not in legal:
        options = ", ".join(answer_text(a) for a in legal) or "none"
        raise IllegalAction(
            f"{pending['source']} asks you to choose: {options}.", "OM-FLOW-3"
        )
    state["pending"].pop(0)
    seat = player["seat"]
    kind = pending["kind"]
    if kind == "raw":
        for good in action["goods"]:
            gain_raw(state, player, good)
        return [_event("gain", f"{{p{seat}}} gains {action['goods']} ({pending['source']}).")]
    if kind == "refined":
        for good in action["goods"]:
            gain_refined(state, player, good)
        return [_event("gain", f"{{p{seat}}} gains {action['goods']} ({pending['source']}).")]
    if kind == "certificate":
        for good in action["goods"]:
            move_certificate_right(state, player, good)
        return [_event("certificate",
                       f"{{p{seat}}} moves the {action['goods']} certificate(s) right ({pending['source']}).")]
    good = action["good"]
    spend_raw(player, good)
    if pending["then"] == "refined":
        gain_refined(state, player, REFINED_OF[good])
        return [_event("spend", f"{{p{seat}}} spends 1 {good} for 1 {REFINED_OF[good]} ({pending['source']}).")]
    others = "".join(g for g in RAW if g != good)
    state["pending"].insert(0, {"kind": "raw", "n": 1, "choices": others, "source": pending["source"]})
    return [_event("spend", f"{{p{seat}}} spends 1 {good} ({pending['source']}).")]


def settle_forced(state: dict, player: dict) -> list[Event]:
    """Resolve pending decisions that have at most one answer, so the common case is short."""
    events: list[Event] = []
    while state["pending"]:
        pending = state["pending"][0]
        answers = pending_answers(state, player)
        if pending["kind"] == "raw" and not answers:
            state["pending"].pop(0)
            events.append(_event("lost", f"{{p{player['seat']}}} is at the raw-goods cap: "
                                         f"the gain from {pending['source']} is lost."))
        elif pending["kind"] == "refined" and state["phase"] in ("build", "market"):
            state["pending"].pop(0)
        elif len(answers) <= 1:
            if answers:
                events.extend(answer_pending(state, player, answers[0]))
            else:
                state["pending"].pop(0)
        else:
            break
    return events


def answer_text(action: dict) -> str:
    if action["type"] == "spend":
        return f"spend {action['good']}"
    verb = "cert" if action["type"] == "certify" else "take"
    return f"{verb} {action['goods']}"


# ---------------------------------------------------------------- triggers
def fire_triggers(state: dict, player: dict, trigger: str, *, exclude: str | None = None,
                  level: int = 0) -> list[Event]:
    """Right-side buildings that react to ``trigger`` (ON-DELIVER, ON-COMPLETE, ON-ACTIVATE)."""
    events: list[Event] = []
    for card in right_side(player):
        effect = card["effect"]
        if effect["trigger"] != trigger or card["id"] == exclude:
            continue
        if level < effect.get("min_level", 0):
            continue
        if effect.get("once_per_turn"):
            if card["id"] in state["turn"]["triggered"]:
                continue
            state["turn"]["triggered"].append(card["id"])
        events.extend(run_ops(state, player, effect["ops"], card["id"]))
    return events


# ------------------------------------------------------------------- scoring
def end_scoring_count(state: dict, player: dict, effect: dict) -> int:
    """The count a blue building's END formula multiplies (U-04), divided by its optional
    ``divisor`` and rounded down ("1 VP per 3 raw goods")."""
    per = effect["per"]
    if per == "buildings":
        colour = effect.get("colour")
        count = sum(1 for card, _, _ in completed(player)
                    if colour is None or DATA.buildings[card]["colour"] == colour)
    elif per == "right_slots":
        count = sum(1 for size in SIZES if player["slots"]["right"][size])
    elif per == "worksites":
        count = opera_tokens(state, player["seat"])
    elif per == "level3_certificates":
        count = sum(1 for good in RAW if level_of(state, player["cert"][good]) == 3)
    elif per == "full_rows":
        count = sum(1 for size in SIZES
                    if player["slots"]["left"][size] and player["slots"]["right"][size])
    elif per == "raw_total":
        count = sum(player["raw"].values())
    else:
        raise ValueError(f"unknown END formula {per!r}")
    return count // effect.get("divisor", 1)


def opera_tokens(state: dict, seat: int) -> int:
    return sum(seat in site["by"] for row in state["opera"] for site in row)


def worksite_levels(state: dict, seat: int) -> list[int]:
    return [level + 1 for level, row in enumerate(state["opera"]) for site in row if seat in site["by"]]


def score(state: dict, player: dict) -> dict[str, int]:
    """The 8 scoring categories (OM-SCORE-1..8)."""
    seat = player["seat"]
    buildings = sum(DATA.building_sizes[size]["vp"] for _, _, size in completed(player))
    evolution = DATA.rules["evolution_vp"][occupied_slots(player)]
    certificates = sum(level_of(state, player["cert"][good]) for good in RAW)
    blue = 0
    for card_id, side, _ in completed(player):
        card = DATA.buildings[card_id]
        if card["effect"]["trigger"] != "END":
            continue
        if side == "left" and not state["options"]["blue_scores_on_left"]:
            continue
        blue += card["effect"]["vp"] * end_scoring_count(state, player, card["effect"])
    unfinished = sum(len(b["covered"]) for b in player["building"])
    mine = opera_tokens(state, seat)
    fewer = sum(1 for other in state["seats"] if other["seat"] != seat
                and opera_tokens(state, other["seat"]) < mine)
    opera = DATA.rules["opera_majority_vp"] * fewer
    worksites = sum(DATA.worksite_score[str(level)] for level in worksite_levels(state, seat))
    return {
        "game": player["vp"], "buildings": buildings, "evolution": evolution,
        "certificates": certificates, "blue": blue, "unfinished": unfinished,
        "opera": opera, "worksites": worksites,
    }


def tiebreak(state: dict, player: dict) -> list[int]:
    """OM-TIE-1..3: worksite tokens, then level-3 tokens, then level-2 tokens, then raw total."""
    site_levels = worksite_levels(state, player["seat"])
    return [len(site_levels), site_levels.count(3), site_levels.count(2), sum(player["raw"].values())]


def _event(kind: str, text: str) -> Event:
    return {"type": kind, "text": text}

