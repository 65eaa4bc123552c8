"""What is in force for a seat: card, excommunication and leader effects, values, gains and payments.

The effects in force for a seat depend only on a few lists (characters held, tiles suffered,
leaders in play); their summaries are cached on those lists because legal-move generation asks
for them many times per move. Effects of cards, leaders and tiles are data (``games/lim/data``)
read through a small vocabulary: ``gain``, ``privileges``, ``per_card``, ``per_points``,
``take_card``, ``harvest``, ``production`` (immediate and activated effects), ``card_bonus``,
``harvest_bonus``, ``production_bonus``, ``no_floor_bonus`` (character permanents), plus the
leader and excommunication kinds.

Decisions that interrupt a placement (privileges, bonus actions, exchanges) are kept in
``state["pending"]``, first item first; a card's effects are put in front of what was pending, so
chains of bonus actions resolve depth first (LIM-EFFECT-12).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from games.core import Event, IllegalAction, State, event

from .data import CARDS, EXCOMMUNICATIONS, LEADERS, RESOURCES, describe


@lru_cache(maxsize=4096)
def _character_profile(cards: tuple[int, ...]) -> dict[str, Any]:
    effects = tuple(e for no in cards for e in CARDS[no].get("permanent", ()))
    card_mod: dict[str, int] = {}
    discounts: dict[str, list] = {}
    for e in effects:
        if e["kind"] == "card_bonus":
            card_mod[e["card_type"]] = card_mod.get(e["card_type"], 0) + e["value"]
            if e.get("discount_choices"):
                discounts.setdefault(e["card_type"], []).append(e["discount_choices"])
    return {
        "card_mod": card_mod,
        "discounts": discounts,
        "work": {
            area: sum(e["value"] for e in effects if e["kind"] == f"{area}_bonus")
            for area in ("harvest", "production")
        },
        "no_floor": frozenset(f for e in effects if e["kind"] == "no_floor_bonus" for f in e["floors"]),
        "variants": {},  # card number -> its canonical take variants (filled by card_costs.tower_variants)
    }


@lru_cache(maxsize=4096)
def _excomm_profile(tiles: tuple[str, ...]) -> dict[str, Any]:
    effects = tuple(EXCOMMUNICATIONS[t]["effect"] for t in tiles)
    take: dict[str, int] = {}
    for e in effects:
        if e["kind"] == "action_malus" and e["action"] == "take_card":
            take[e["card_type"]] = take.get(e["card_type"], 0) + e["value"]
    return {
        "effects": effects,
        "kinds": frozenset(e["kind"] for e in effects),
        "take_malus": take,
        "work_malus": {
            area: sum(e["value"] for e in effects if e["kind"] == "action_malus" and e["action"] == area)
            for area in ("harvest", "production")
        },
        "coloured_malus": sum(e["value"] for e in effects if e["kind"] == "coloured_malus"),
        "rate": max([e["rate"] for e in effects if e["kind"] == "servant_rate"], default=1),
        "reduce": tuple(e for e in effects if e["kind"] == "reduce"),
    }


@lru_cache(maxsize=4096)
def _leader_profile(sources: tuple[str, ...]) -> dict[str, Any]:
    effects = tuple(e for lid in sources for e in LEADERS[lid]["effects"])
    set_values = [e["value"] for e in effects if e["kind"] == "member_value"]
    return {
        "kinds": frozenset(e["kind"] for e in effects),
        "bonus": {
            group: sum(e["value"] for e in effects if e["kind"] == "member_bonus" and e["members"] == group)
            for group in ("neutral", "coloured")
        },
        "set_value": set_values[0] if set_values else None,
        "coin_discount": sum(e["value"] for e in effects if e["kind"] == "coin_discount"),
        "church_vp": sum(e["gain"].get("vp", 0) for e in effects if e["kind"] == "church_bonus"),
    }


def character_profile(state: State, s: int) -> dict[str, Any]:
    return _character_profile(tuple(state["seats"][s]["cards"]["character"]))


def excomm_profile(state: State, s: int) -> dict[str, Any]:
    return _excomm_profile(tuple(state["seats"][s]["excommunicated"]))


def excomm_effects(state: State, s: int) -> tuple[dict, ...]:
    return excomm_profile(state, s)["effects"]


def has_excomm(state: State, s: int, kind: str) -> bool:
    return kind in excomm_profile(state, s)["kinds"]


def leader_kind(state: State, leader_id: str) -> str:
    """'once' or 'permanent' under the chosen reading (LIM-OQ-1)."""
    leader = LEADERS[leader_id]
    if state["options"]["leader_types"] == "published":
        return leader.get("printed_kind", leader["kind"])
    return leader["kind"]


def ability_source(entry: dict) -> str:
    """The leader whose ability a played card uses (Lorenzo de' Medici uses the copied one)."""
    return entry["copy"] if entry["id"] == "lorenzo" else entry["id"]


def is_once_per_round(state: State, entry: dict) -> bool:
    if entry["id"] == "lorenzo" and state["options"]["leader_types"] != "published":
        return True
    return leader_kind(state, ability_source(entry)) == "once"


def leader_profile(state: State, s: int) -> dict[str, Any]:
    """The leader effects in force for seat ``s`` now (permanent ones and those lent for this round)."""
    seat = state["seats"][s]
    if not seat["leaders"] and not seat["round"]["borrowed"]:  # most of a game: asked at every check
        return _leader_profile(())
    sources = [ability_source(e) for e in seat["leaders"] if not is_once_per_round(state, e)]
    return _leader_profile(tuple(sources + seat["round"]["borrowed"]))


def has_leader(state: State, s: int, kind: str) -> bool:
    return kind in leader_profile(state, s)["kinds"]


REDUCIBLE = ("place", "take", "harvest", "production", "privilege", "exchange", "leader")
"""Moves that may gain wood and stone, and so may say which one an E1-4 tile takes (LIM-OQ-6)."""


def chooses_reduction(state: State, s: int) -> bool:
    """Whether seat ``s`` suffers a wood-or-stone reduction, so a move may say which (LIM-OQ-6)."""
    return any(effect["combined"] for effect in excomm_profile(state, s)["reduce"])


def servant_rate(state: State, s: int) -> int:
    return excomm_profile(state, s)["rate"]


def member_value(state: State, s: int, member: str) -> int:
    """LIM-PLACE-9: base value (die, set effects) plus the modifiers that apply to family members."""
    return member_values(state, s, (member,))[member]


def member_values(state: State, s: int, members: Iterable[str]) -> dict[str, int]:
    """:func:`member_value` of each of ``members``, the effects in force found once."""
    leaders = leader_profile(state, s)
    coloured = leaders["bonus"]["coloured"] - excomm_profile(state, s)["coloured_malus"]
    six = state["seats"][s]["round"]["six"]
    values = {}
    for member in members:
        if member == "neutral":
            values[member] = leaders["bonus"]["neutral"]
            continue
        value = state["dice"][member]
        if leaders["set_value"] is not None:
            value = leaders["set_value"]
        if six == member:
            value = 6
        values[member] = value + coloured
    return values


def card_action_modifier(state: State, s: int, card_type: str) -> int:
    """LIM-EFFECT-9 and LIM-EXCOMM-21..24: the value change of an action taking ``card_type``."""
    return character_profile(state, s)["card_mod"].get(card_type, 0) - excomm_profile(state, s)[
        "take_malus"
    ].get(card_type, 0)


def servant_increase(state: State, s: int, servants: Any) -> int:
    """The value increase that ``servants`` buy (LIM-PLACE-6, LIM-EXCOMM-26); refuses bad counts."""
    if not isinstance(servants, int) or isinstance(servants, bool) or servants < 0:
        raise IllegalAction("The number of servants must be a whole number of 0 or more.", "LIM-PLACE-6")
    held = state["seats"][s]["res"]["servants"]
    if servants > held:
        raise IllegalAction("You have only {held} servants, not {servants}.", "LIM-PLACE-6",
                            held=held, servants=servants)
    rate = servant_rate(state, s)
    if servants % rate:
        raise IllegalAction(
            "You must spend servants in multiples of {rate} (excommunication).", "LIM-EXCOMM-26",
            rate=rate
        )
    return servants // rate


def reduced(state: State, s: int, gain: dict[str, int], immediate: bool = False) -> dict[str, int]:
    """What one source really gives: Santa Rita doubles first, then each tile takes 1 (LIM-EXCOMM-3/5)."""
    if not gain:
        return {}
    got = {k: v for k, v in gain.items() if v}
    if immediate and has_leader(state, s, "double_immediate"):
        for k in RESOURCES:
            if k in got:
                got[k] *= 2
    for effect in excomm_profile(state, s)["reduce"]:
        order = effect["resources"]
        preferred = state.get("reduce_first")
        if effect["combined"] and preferred in order:
            order = [preferred] + [k for k in order if k != preferred]
        for k in order:
            if got.get(k, 0) > 0:
                got[k] -= 1
                if effect["combined"]:
                    break
    return {k: v for k, v in got.items() if v}


def receive(state: State, s: int, gain: dict[str, int], immediate: bool = False) -> dict[str, int]:
    got = reduced(state, s, gain, immediate)
    res = state["seats"][s]["res"]
    for k, v in got.items():
        res[k] += v
    return got


def pay(state: State, s: int, amounts: dict[str, int]) -> None:
    res = state["seats"][s]["res"]
    for k, v in amounts.items():
        res[k] -= v


def resolve_effects(
    state: State, s: int, effects: list[dict], events: list[Event], immediate: bool = False
) -> None:
    """Gains at once; privileges and bonus actions become decisions, ahead of what was pending."""
    decisions: list[dict] = []
    seat = state["seats"][s]
    for effect in effects:
        kind = effect["kind"]
        if kind == "gain":
            got = receive(state, s, effect["gain"], immediate)
        elif kind == "per_card":
            times = len(seat["cards"][effect["card_type"]])
            got = receive(state, s, {k: v * times for k, v in effect["gain"].items()})
        elif kind == "per_points":
            times = seat["res"][effect["points"]] // effect["step"]
            got = receive(state, s, {k: v * times for k, v in effect["gain"].items()})
        elif kind == "privileges":
            decisions.append({"kind": "privileges", "count": effect["count"], "distinct": effect["distinct"]})
            continue
        elif kind == "take_card":
            decisions.append(
                {
                    "kind": "take",
                    "types": effect["types"],
                    "value": effect["value"],
                    "discount": effect.get("discount", {}),
                }
            )
            continue
        elif kind in ("harvest", "production"):
            decisions.append(
                {"kind": kind, "value": effect["value"], "card_bonuses": effect.get("card_bonuses", True)}
            )
            continue
        else:
            raise ValueError(f"unknown effect {kind}")
        if got:
            events.append(event("gain", "{player} receives {got}.",
                                        player=f"{{p{s}}}", got=describe(got)))
    state["pending"][0:0] = decisions
