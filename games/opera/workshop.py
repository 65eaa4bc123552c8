"""Refined goods and buildings: build, complete, convert (phase 3), and the workshop's own uses
(left-slot conversions and right-side TURN effects, from phase 2 to the end of the turn)."""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction, Message, counted, event, refuse
from .data import DATA, GOOD_NAMES, RAW_OF, REFINED_OF, SIDES, SIZES, component_name
from .describe import goods_words
from .effects import fire_triggers, ops_need_raw, run_ops
from .rules import check, gain_raw, gain_refined, missing_icons, spend_raw

Event = dict[str, Any]


# --------------------------------------------------------------------- build
def build(state: dict, seat: int, action: dict) -> list[Event]:
    """Cover icons of a building under construction; complete it on a side (OM-BUILD-3..7)."""
    player = state["seats"][seat]
    card_id, goods, side = action["card"], action["goods"], action.get("side")
    building = next((b for b in player["building"] if b["id"] == card_id), None)
    if building is None:
        raise refuse("OM-BUILD-3", "{card_id} is not one of your buildings under construction.",
                                   card_id=component_name(card_id))
    card = DATA.buildings[card_id]
    missing = missing_icons(card["cost"], building["covered"])
    for good in set(goods):
        if goods.count(good) > missing.count(good):
            raise refuse("OM-BUILD-3", counted(
                "{card_id} has {count} uncovered {good_names} icon left; a good covers only its own icon.",
                "{card_id} has {count} uncovered {good_names} icons left; a good covers only its own icon.",
                by="count", card_id=component_name(card_id), count=missing.count(good), good_names=GOOD_NAMES[good]))
        if goods.count(good) > player["refined"][good]:
            raise refuse("OM-BUILD-3", "You have {refined} {good_names} on your refined spaces.",
                                       refined=player['refined'][good], good_names=GOOD_NAMES[good])
    completes = len(goods) == len(missing)
    if completes and side not in SIDES:
        raise refuse("OM-BUILD-7", "This completes {card_id}: say left or right.",
                                   card_id=component_name(card_id))
    if not completes and side is not None:
        raise refuse("OM-BUILD-6", "{card_id} is not complete yet, so it has no side.",
                                   card_id=component_name(card_id))
    for good in goods:
        player["refined"][good] -= 1
    building["covered"] += goods
    events = [event("build", "{player} places {goods} on {card_id}.",
                             player=f"{{p{seat}}}", goods=goods_words(goods), card_id=component_name(card_id))]
    if completes:
        events += _complete(state, player, building, side)
    return events


def _complete(state: dict, player: dict, building: dict, side: str) -> list[Event]:
    card = DATA.buildings[building["id"]]
    player["building"].remove(building)
    player["supply"] += len(building["covered"])
    slot = player["slots"][side][card["size"]]
    unlocks = not slot
    slot.append(card["id"])
    feature = (Message("unlocks a conversion") if side == "left" else Message("unlocks a cart")) if unlocks \
        else Message("unlocks nothing new")
    events = [event("complete", "{player} completes {id} and places it in the {side} {size} slot "
                                "({feature}).",
                                player=f"{{p{player['seat']}}}", id=component_name(card['id']), side=side,
                                size=card['size'], feature=feature)]
    if side == "right" and card["effect"]["trigger"] == "IMM":
        events += run_ops(state, player, card["effect"]["ops"], card["id"])
    return events + fire_triggers(state, player, "ON-COMPLETE", exclude=card["id"])


# ------------------------------------------------------------------- convert
def convert(state: dict, seat: int, action: dict) -> list[Event]:
    """Refined goods of one type back into their raw good, one for one (OM-CONVERT-1..4)."""
    player = state["seats"][seat]
    goods = action["goods"]
    good = goods[0]
    if len(goods) > player["refined"][good]:
        raise refuse("OM-CONVERT-3", "You have {refined} {good_names} on your refined spaces.",
                                     refined=player['refined'][good], good_names=GOOD_NAMES[good])
    for _ in goods:
        player["refined"][good] -= 1
        player["supply"] += 1
        gain_raw(state, player, RAW_OF[good])
    return [event("convert", "{player} converts {goods} into {raw_of}.",
                             player=f"{{p{seat}}}", goods=goods_words(goods),
                             raw_of=goods_words(RAW_OF[good] * len(goods)))]


# -------------------------------------------------- left conversions (refine)
def refine_refusal(state: dict, player: dict, size: str) -> IllegalAction | None:
    """Why the left ``size`` conversion cannot be used now, or ``None``."""
    if size not in SIZES:
        return refuse("OM-COMP-4", "There is no {size} slot: the slots are small, medium and large.",
                                   size=size)
    if not player["slots"]["left"][size]:
        return refuse("OM-WORKSHOP-2", "Your left {size} slot holds no building, so its conversion "
                                       "is locked.",
                                       size=size)
    if size in state["turn"]["conversions"]:
        return refuse("OM-WORKSHOP-5", "You have already used the left {size} conversion this turn.",
                                       size=size)
    good = DATA.boards[player["board"]]["conversions"][size]
    if player["raw"][good] < 1:
        return refuse("OM-WORKSHOP-6", "The left {size} conversion spends 1 {good_names} and you "
                                       "have none.",
                                       size=size, good_names=GOOD_NAMES[good])
    return None


def refine(state: dict, seat: int, action: dict) -> list[Event]:
    player = state["seats"][seat]
    size = action["slot"]
    check(refine_refusal(state, player, size))
    state["turn"]["conversions"].append(size)
    good = DATA.boards[player["board"]]["conversions"][size]
    spend_raw(player, good)
    kept = gain_refined(state, player, REFINED_OF[good])
    tail = "" if kept else Message(" (discarded at once: phase 3 is over)")
    return [event("refine", "{player} converts 1 {good} into 1 {refined_of} in the left {size} "
                            "slot{tail}.",
                            player=f"{{p{seat}}}", good=GOOD_NAMES[good], refined_of=GOOD_NAMES[REFINED_OF[good]], size=size,
                            tail=tail)]


# --------------------------------------------------------- TURN effects (use)
def effect_refusal(state: dict, player: dict, card_id: str) -> IllegalAction | None:
    """Why the TURN effect of ``card_id`` cannot be used now, or ``None``."""
    card = DATA.buildings.get(card_id)
    if card is None or not any(card_id in cards for cards in player["slots"]["right"].values()):
        return refuse("OM-WORKSHOP-4", "You have no building {card_id} on the right side of your "
                                       "workshop.",
                                       card_id=component_name(card_id))
    if card["effect"]["trigger"] != "TURN":
        return refuse("OM-WORKSHOP-4", "{card_id} has no effect you can use at will (U-03).",
                                       card_id=component_name(card_id))
    if card_id in state["turn"]["effects"]:
        return refuse("OM-FLOW-5", "You have already used {card_id} this turn.",
                                   card_id=component_name(card_id))
    reason = ops_need_raw(card["effect"]["ops"], player)
    if reason:
        return refuse("OM-GOODS-5", "You cannot use {card_id}: {reason} (Q-25).",
                                    card_id=component_name(card_id), reason=reason)
    return None


def use(state: dict, seat: int, action: dict) -> list[Event]:
    player = state["seats"][seat]
    card_id = action["card"]
    check(effect_refusal(state, player, card_id))
    state["turn"]["effects"].append(card_id)
    events = [event("use", "{player} uses {card_id}.",
                           player=f"{{p{seat}}}", card_id=component_name(card_id))]
    return events + run_ops(state, player, DATA.buildings[card_id]["effect"]["ops"], card_id)
