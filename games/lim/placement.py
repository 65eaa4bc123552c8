"""Placing a family member: every action space, the Market, the Council Palace and privileges.

Tower spaces are checked by :mod:`.towers`, Harvest and Production by :mod:`.work`; this module
decides which space a placement goes to and lists every legal placement.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement
from typing import Any

from games.core import Event, IllegalAction, Message, State, event

from .card_costs import tower_variants
from .data import (
    BOARD,
    CARDS,
    FLOORS,
    MEMBERS,
    OTHER_SPACES,
    PRIVILEGES,
    SPACES_OF_TOWER,
    TOWER_SPACES,
    TOWERS,
    describe,
)
from .effects import (
    card_action_modifier,
    has_excomm,
    has_leader,
    member_value,
    member_values,
    receive,
    servant_increase,
    servant_rate,
)
from .towers import Buyer, has_coloured_member, perform_take, space_words, tower_plan
from .work import check_work_servants, perform_work, work_modifier, work_servant_range, work_value0

SERVANT_COST = {
    no: any("servants" in option["pay"] or "servants" in option["need"] for option in card["costs"])
    for no, card in CARDS.items()
}
"""Cards whose cost involves servants: only for them do the servants spent on the take matter."""


def space_available(state: State, space: str) -> bool:
    """LIM-SETUP-7: spaces covered at this player count."""
    info = BOARD["spaces"].get(space)
    return info is None or state["players"] >= info["min_players"]


def check_place(state: State, s: int, action: dict) -> dict | int:
    """Validate a placement; returns the tower plan for a tower space, else the action's value."""
    member = action.get("member")
    space = action.get("space")
    seat = state["seats"][s]
    if member not in MEMBERS:
        raise IllegalAction("Choose a family member: white, black, orange or neutral.", "LIM-PLACE-1")
    if seat["members"][member] is not None:
        raise IllegalAction("Your {member} family member is already used this round.", "LIM-PLACE-10",
                            member=member)
    if space in OTHER_SPACES:
        for key in ("cost", "discount"):
            if key in action:
                raise IllegalAction("'{key}' only applies to taking a card.", "CORE-NOTATION",
                                    key=key)
        return place_other_check(state, s, member, space, action.get("servants", 0))
    if space not in TOWER_SPACES:
        raise IllegalAction("There is no action space called '{space}'.", "LIM-COMP-1",
                            space=space)
    return tower_plan(
        state,
        s,
        space,
        member_value(state, s, member),
        action.get("servants", 0),
        cost=action.get("cost"),
        discount=action.get("discount"),
        member=member,
    )


def place_other_check(state: State, s: int, member: str, space: str, servants: Any) -> int:
    """Market, Council Palace, Harvest and Production placements; returns the action value."""
    info = BOARD["spaces"][space]
    area = info["area"]
    if not space_available(state, space):
        raise IllegalAction(
            "{space} is not used in a {players}-player game.",
            {"market": "LIM-MARKET-3", "harvest": "LIM-HARVEST-2"}.get(area, "LIM-PROD-2"),
            space=space, players=state['players']
        )
    if area == "market" and has_excomm(state, s, "no_market"):
        raise IllegalAction("Your excommunication forbids the Market.", "LIM-MARKET-5")
    if state["board"].get(space) and not info["shared"] and not has_leader(state, s, "occupied_spaces"):
        raise IllegalAction("{space} is already occupied.", "LIM-PLACE-11",
                            space=space)
    if (
        area in ("harvest", "production")
        and member != "neutral"
        and has_coloured_member(state, s, (f"{area}-1", f"{area}-2"))
    ):
        raise IllegalAction("You already have a coloured family member in the {area} area.", "LIM-PLACE-13",
                            area=area)
    base = member_value(state, s, member)
    if area in ("harvest", "production"):
        value0 = work_value0(state, s, area, base) + info["modifier"]
        return check_work_servants(state, s, area, value0, servants, 1)
    increase = servant_increase(state, s, servants)
    needed = max(0, info["value"] - base)
    if increase < needed:
        raise IllegalAction(
            "{space} needs value {value}; your family member has {base}.", "LIM-PLACE-4",
            space=space, value=info['value'], base=base + increase
        )
    if increase > needed:
        raise IllegalAction("That is more servants than you need.", "LIM-PLACE-8")
    return base + increase


def perform_place(state: State, s: int, action: dict, events: list[Event]) -> None:
    checked = check_place(state, s, action)
    member, space = action["member"], action["space"]
    if isinstance(checked, dict):
        perform_take(state, s, checked, member, events)
        return
    value = checked
    servants = action.get("servants", 0)
    seat = state["seats"][s]
    seat["res"]["servants"] -= servants
    state["board"].setdefault(space, []).append({"seat": s, "member": member})
    seat["members"][member] = space
    if seat["round"]["six"] == member:
        seat["round"]["six"] = None
    info = BOARD["spaces"][space]
    spent = Message(" with {servants}", servants=describe({'servants': servants})) if servants else ""
    events.append(event("place", "{player} places the {member} family member on {space}{spent}.",
                                 player=f"{{p{s}}}", member=member, space=space_words(space), spent=spent))
    if info["area"] in ("harvest", "production"):
        perform_work(state, s, info["area"], value, events)
        return
    got = receive(state, s, info["gain"])
    if got:
        events.append(event("gain", "{player} receives {got}.",
                                    player=f"{{p{s}}}", got=describe(got)))
    if info["privileges"]:
        state["pending"].insert(0, {"kind": "privileges", "count": info["privileges"], "distinct": True})


def privilege_choices(decision: dict) -> list[list[str]]:
    """Every canonical answer (in the board's order) to a decision of several privileges (LIM-PRIV-1/2).

    >>> len(privilege_choices({"count": 3, "distinct": True}))
    10
    >>> privilege_choices({"count": 1, "distinct": False})[0]
    ['wood-stone']
    """
    pick = combinations if decision["distinct"] else combinations_with_replacement
    return [list(c) for c in pick(PRIVILEGES, decision["count"])]


def legal_placements(state: State, s: int) -> list[dict]:
    return list(iter_placements(state, s))


def can_place(state: State, s: int) -> bool:
    return next(iter_placements(state, s), None) is not None


AREA_SPACES = tuple((space, info, info["area"]) for space, info in BOARD["spaces"].items())
"""The spaces outside the towers, in the board's order, with their data and area."""
TOWER_COLUMNS = tuple(
    (tower, BOARD["towers"][tower]["card_type"],
     tuple((floor, SPACES_OF_TOWER[tower][floor - 1], BOARD["towers"][tower]["floors"][floor - 1]["value"])
           for floor in FLOORS))
    for tower in TOWERS
)
"""Each tower, its card type and its floors (number, space, value needed)."""


def iter_placements(state: State, s: int) -> Iterator[dict]:
    """Every legal placement, the areas first (cheap to find one), then the towers."""
    seat = state["seats"][s]
    board = state["board"]
    members = [m for m in MEMBERS if seat["members"][m] is None]
    if not members:
        return
    rate = servant_rate(state, s)
    held = seat["res"]["servants"]
    bases = member_values(state, s, members)
    occupied_ok = has_leader(state, s, "occupied_spaces")
    no_market = has_excomm(state, s, "no_market")
    work_modifiers = {area: work_modifier(state, s, area) for area in ("harvest", "production")}
    work_ranges: dict[tuple[str, int], list[int]] = {}  # the same area and value on both spaces
    for space, info, area in AREA_SPACES:
        if (
            not space_available(state, space)
            or (area == "market" and no_market)
            or (board.get(space) and not info["shared"] and not occupied_ok)
        ):
            continue
        if area in work_modifiers:
            # LIM-PLACE-13: one coloured member of a seat per work area.
            coloured = has_coloured_member(state, s, (f"{area}-1", f"{area}-2"))
            for member in members:
                if coloured and member != "neutral":
                    continue
                value0 = bases[member] + work_modifiers[area] + info["modifier"]
                options = work_ranges.get((area, value0))
                if options is None:
                    options = work_ranges[area, value0] = work_servant_range(state, s, area, value0, 1)
                for servants in options:
                    yield {"type": "place", "member": member, "space": space, "servants": servants}
        else:
            for member in members:
                servants = max(0, info["value"] - bases[member]) * rate
                if servants <= held:
                    yield {"type": "place", "member": member, "space": space, "servants": servants}
    # The rest of tower_plan's checks hold here by construction (a card on an empty space, room
    # for its type, no second coloured member in the tower, exactly the servants the value needs),
    # so a take depends on the member only through the servants it spends, and on those only when
    # the card's cost involves servants: each such case is checked once (Buyer.affords).
    buyer = Buyer(state, s)
    for tower, card_type, floors in TOWER_COLUMNS:
        if len(seat["cards"][card_type]) >= BOARD["max_cards_per_type"]:
            continue
        modifier = card_action_modifier(state, s, card_type)
        placeable = members
        if has_coloured_member(state, s, SPACES_OF_TOWER[tower]):
            placeable = [m for m in members if m == "neutral"]
        column = state["towers"][tower]
        for floor, space, minimum in floors:
            no = column[floor - 1]
            if no is None or board.get(space):
                continue
            variants = buyer.characters["variants"].get(no) or tower_variants(state, s, space)
            servant_cost = SERVANT_COST[no]
            allowed_by_servants: dict[int | None, list[dict]] = {}
            for member in placeable:
                servants = max(0, minimum - bases[member] - modifier) * rate
                if servants > held:
                    continue
                needed = servants if servant_cost else None
                allowed = allowed_by_servants.get(needed)
                if allowed is None:
                    allowed = allowed_by_servants[needed] = [
                        variant for variant in variants
                        if buyer.affords(space, servants, variant.get("cost"), variant.get("discount"))
                    ]
                for variant in allowed:
                    yield {"type": "place", "member": member, "space": space, "servants": servants, **variant}
