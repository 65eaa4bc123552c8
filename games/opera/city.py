"""Phase 1 (move a merchant, renew a row) and phase 2 (activate the city), plus the city ability."""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction, Message, event, refuse
from . import payment as P
from .data import DATA, RAW, ability_name, city_name, component_name
from .describe import goods_words
from .effects import fire_triggers, ops_need_raw, run_ops
from .rules import AREAS, area_code, area_label, check, gain_raw, gain_refined, split_area

Event = dict[str, Any]


# -------------------------------------------------------------------- phase 1
def move(state: dict, seat: int, action: dict) -> list[Event]:
    """Move a merchant to an area without one of yours, and renew that row (OM-MERCHANT-2, -6)."""
    player = state["seats"][seat]
    origin, target, card = action["from"], action["to"], action.get("card")
    if origin not in player["merchants"]:
        raise refuse("OM-MERCHANT-2", "You have no merchant in {origin}.",
                                      origin=origin)
    city, area = split_area(target)
    if city not in DATA.cities or area not in AREAS:
        raise refuse("OM-MERCHANT-1", "There is no city area {target}: write <city>:<cost|gain>, "
                                      "e.g. ven:cost.",
                                      target=target)
    if target in player["merchants"]:
        raise refuse("OM-MERCHANT-2", "You already have a merchant in {area_label}: move to an area "
                                      "with none of your merchants.",
                                      area_label=area_label(target))
    if player["hand"] and card is None:
        raise refuse("OM-MERCHANT-6", "Play a card from your hand into the row: move <from> <to> <card>.")
    if player["hand"] and card not in player["hand"]:
        raise refuse("OM-MERCHANT-6", "{card} is not in your hand: play one of your cards into the row.",
                                      card=component_name(card))
    if not player["hand"] and card is not None:
        raise refuse("OM-MERCHANT-9", "Your hand is empty, so no card is played.")
    player["merchants"][player["merchants"].index(origin)] = target
    row = state["cities"][city][area]
    state["discard"].append(row.pop(0))
    if card:
        player["hand"].remove(card)
    row.append(card)
    turn = state["turn"]
    turn["moved_to"] = target
    turn["ability"] = area_code(city, "cost") in player["merchants"]
    state["phase"] = "activate"
    half = DATA.trade[card]["cost" if area == "cost" else "benefit"] if card else "nothing"
    return [event("move", "{player} moves a merchant from {area_label} to {area_label2} and plays "
                          "{value}.",
                          player=f"{{p{seat}}}", area_label=area_label(origin),
                          area_label2=area_label(target),
                          value=Message("{card}: {goods}", card=component_name(card), goods=goods_words(half)) if card
                          else Message("no card"))]


# -------------------------------------------------------------------- phase 2
def chosen_option(state: dict, player: dict, action: dict) -> dict[str, Any]:
    """The payment option ``action`` names: plain ``pay`` is the best one (Q-08)."""
    options = P.turn_payment_options(state, player)
    if "wild" not in action and "shield" not in action:
        return options[0]
    wanted = (action.get("wild", ""), action.get("shield"))
    found = next((o for o in options if (o["wild"], o["shield"]) == wanted), None)
    if found:
        return found
    explicit = P.explicit_payment(state, player, *wanted)
    if P.same_outcome(options, explicit) is None:
        raise refuse("OM-PAY-4", "That assignment leaves a discount or SHIELD unused, and discounts always "
                                 "apply: assign every wild discount to a type you pay for.")
    return explicit


def pay(state: dict, seat: int, action: dict) -> list[Event]:
    """Handler of ``pay``: activate with the payment option the action names."""
    return activate(state, seat, chosen_option(state, state["seats"][seat], action))


def activate(state: dict, seat: int, chosen: dict[str, Any]) -> list[Event]:
    """Pay the activation cost with ``chosen``, then gain the benefits (OM-CITY-2, OM-PAY, OM-CITY-4)."""
    player = state["seats"][seat]
    turn = state["turn"]
    if P.bazaar_discount(state):
        turn["ability_used"] = True
    if chosen["shield"]:
        turn["shield_used"] = True
    plan = chosen["plan"]
    P.apply_payment(player, plan)
    city, _ = split_area(turn["moved_to"])
    paid = goods_words("".join(g * plan["raw"][g] for g in RAW)) if any(plan["raw"].values()) else Message("no raw goods")
    certs = "".join(g * plan["cert"][g] for g in RAW)
    events = [event("pay", "{player} activates {city}, paying {paid}{certificates}{vp}.", player=f"{{p{seat}}}",
                    city=city_name(city), paid=paid,
                    certificates=Message(", certificate steps {certs}", certs=goods_words(certs)) if certs else "",
                    vp=Message(", {vp} VP", vp=plan["vp"]) if plan["vp"] else "")]
    gained = ""
    for card in state["cities"][city]["gain"]:
        if not card:
            continue
        for good in DATA.trade[card]["benefit"]:
            if good in RAW:
                gain_raw(state, player, good)
            else:
                gain_refined(state, player, good)
            gained += good
    events.append(event("gain", "{player} gains {value}.",
                                player=f"{{p{seat}}}", value=goods_words(gained)))
    state["phase"] = "refined"
    return events + fire_triggers(state, player, "ON-ACTIVATE")


# ------------------------------------------------------------------ the ability
def ability_refusal(state: dict, player: dict) -> IllegalAction | None:
    """Why the city ability cannot be used now, or ``None`` (OM-CITY-7, OM-CITY-8, OM-CITY-12)."""
    turn = state["turn"]
    if not turn["ability"]:
        return refuse("OM-CITY-7", "You have no merchant in the cost area of the city you activated.")
    if turn["ability_used"]:
        return refuse("OM-CITY-8", "You have already used the city ability this turn.")
    ability = _ability(state)
    if any(op["op"] == "discount" for op in ability["ops"]):
        return refuse("OM-CITY-12", "{name} applies by itself to this turn's payment (U-01).",
                                    name=ability_name(ability['id']))
    reason = ops_need_raw(ability["ops"], player)
    if reason:
        return refuse("OM-GOODS-5", "You cannot use {name}: {reason} (Q-25).",
                                    name=ability_name(ability['id']), reason=reason)
    return None


def use_ability(state: dict, seat: int, action: dict) -> list[Event]:
    player = state["seats"][seat]
    check(ability_refusal(state, player))
    state["turn"]["ability_used"] = True
    ability = _ability(state)
    events = [event("ability", "{player} uses {name}.",
                               player=f"{{p{seat}}}", name=ability_name(ability['id']))]
    return events + run_ops(state, player, ability["ops"], ability["id"])


def _ability(state: dict) -> dict:
    city, _ = split_area(state["turn"]["moved_to"])
    return DATA.abilities[state["cities"][city]["ability"]]
