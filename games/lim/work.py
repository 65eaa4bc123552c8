"""The work areas: Harvest and Production actions and Production exchanges (LIM-HARVEST, LIM-PROD)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.core import Event, IllegalAction, State, event

from .data import BONUS_TILES, CARDS, HOLDINGS, describe
from .effects import (
    character_profile,
    excomm_profile,
    receive,
    resolve_effects,
    servant_increase,
    servant_rate,
)


def work_modifier(state: State, s: int, area: str, card_bonuses: bool = True) -> int:
    """Harvest/Production value change: Farmer, Peasant, Artisan, Scholar and LIM-EXCOMM-15/16."""
    bonus = character_profile(state, s)["work"][area] if card_bonuses else 0
    return bonus - excomm_profile(state, s)["work_malus"][area]


def work_threshold(state: State, s: int, area: str) -> int:
    """LIM-PLACE-8: the highest value worth reaching in a Harvest/Production action."""
    card_type = "territory" if area == "harvest" else "building"
    return _highest_activation(tuple(state["seats"][s]["cards"][card_type]))


@lru_cache(maxsize=4096)
def _highest_activation(cards: tuple[int, ...]) -> int:
    return max([1] + [CARDS[no]["activation"]["value"] for no in cards])


def work_value0(state: State, s: int, area: str, base: int, card_bonuses: bool = True) -> int:
    return base + work_modifier(state, s, area, card_bonuses)


def check_work_servants(state: State, s: int, area: str, value0: int, servants: Any, minimum: int) -> int:
    """LIM-PLACE-8 for Harvest/Production: reach ``minimum``, never beyond the highest threshold."""
    increase = servant_increase(state, s, servants)
    if value0 + increase < minimum:
        raise IllegalAction(
            "That {area} action would have value {value0}; it needs at least {minimum}.",
            "LIM-HARVEST-3" if area == "harvest" else "LIM-PROD-3",
            area=area, value0=value0 + increase, minimum=minimum
        )
    most = max(0, work_threshold(state, s, area) - value0)
    if increase > most and increase > max(0, minimum - value0):
        raise IllegalAction(
            "That is more servants than you need: value {value0} already activates everything you have.",
            "LIM-PLACE-8",
            value0=value0 + most
        )
    return value0 + increase


def work_servant_range(state: State, s: int, area: str, value0: int, minimum: int) -> list[int]:
    rate = servant_rate(state, s)
    held = state["seats"][s]["res"]["servants"]
    low = max(0, minimum - value0)
    high = max(low, work_threshold(state, s, area) - value0)
    return [inc * rate for inc in range(low, high + 1) if inc * rate <= held]


def perform_work(state: State, s: int, area: str, value: int, events: list[Event]) -> None:
    """LIM-HARVEST-6 / LIM-PROD-5: the tile part, then every card whose threshold is reached."""
    seat = state["seats"][s]
    events.append(event(area, "{player} performs a {area} action of value {value}.",
                              player=f"{{p{s}}}", area=area, value=value))
    if value < 1:
        return
    snapshot = dict(seat["res"])
    waiting = len(state["pending"])
    got = receive(state, s, BONUS_TILES[seat["tile"]][area])
    if got:
        events.append(event("gain", "{player} receives {got} from the personal bonus tile.",
                                    player=f"{{p{s}}}", got=describe(got)))
    card_type = "territory" if area == "harvest" else "building"
    exchanges = []
    for no in seat["cards"][card_type]:
        activation = CARDS[no]["activation"]
        if activation["value"] > value:
            continue
        plain = [e for e in activation["effects"] if e["kind"] != "exchange"]
        resolve_effects(state, s, plain, events)
        if len(plain) < len(activation["effects"]):
            exchanges.append(no)
    if exchanges:
        budget = {k: snapshot[k] for k in HOLDINGS}
        # After this action's privileges, before whatever was already waiting (depth first).
        state["pending"].insert(
            len(state["pending"]) - waiting, {"kind": "exchange", "cards": exchanges, "budget": budget}
        )


def exchange_options(card_no: int) -> list[dict]:
    return next(e["options"] for e in CARDS[card_no]["activation"]["effects"] if e["kind"] == "exchange")


def affordable_exchanges(state: State, s: int, decision: dict) -> list[int]:
    """1-based exchange options of the first card payable from the snapshot budget (LIM-PROD-6)."""
    res = state["seats"][s]["res"]
    out = []
    for i, option in enumerate(exchange_options(decision["cards"][0]), start=1):
        if all(decision["budget"][k] >= v and res[k] >= v for k, v in option["pay"].items()):
            out.append(i)
    return out
