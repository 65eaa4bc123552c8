"""Warehouse layouts: validation of an explicit layout and the default that keeps the most.

A player's warehouse lives in the state as ``depots`` (three ``[resource or None, count]``
pairs, capacities 1, 2, 3) and ``leader_depots`` (``{leader_id: count}``, the resource and the
capacity come from the leader card). A *layout* in an action is
``{"d1": ["coin"], "d3": ["stone", "stone"], "L5": ["stone"]}`` (only non-empty places).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import permutations, product
from typing import Any

from games.core import IllegalAction

from .data import DEPOT_CAPACITIES, LEADERS, RESOURCES, id_number

BASE_PLACES = tuple(f"d{i + 1}" for i in range(len(DEPOT_CAPACITIES)))


def empty_depots() -> list[list[Any]]:
    return [[None, 0] for _ in DEPOT_CAPACITIES]


def warehouse_totals(player: dict[str, Any]) -> dict[str, int]:
    """Resources in base and leader depots, per type (zero counts omitted)."""
    totals: dict[str, int] = {}
    for resource, count in player["depots"]:
        if count:
            totals[resource] = totals.get(resource, 0) + count
    for leader_id, count in player["leader_depots"].items():
        if count:
            resource = LEADERS[leader_id]["resource"]
            totals[resource] = totals.get(resource, 0) + count
    return totals


def layout_of(player: dict[str, Any]) -> dict[str, list[str]]:
    """The player's current warehouse as an action layout."""
    layout: dict[str, list[str]] = {}
    for place, (resource, count) in zip(BASE_PLACES, player["depots"]):
        if count:
            layout[place] = [resource] * count
    for leader_id in sorted(player["leader_depots"], key=id_number):
        count = player["leader_depots"][leader_id]
        if count:
            layout[leader_id] = [LEADERS[leader_id]["resource"]] * count
    return layout


def apply_layout(player: dict[str, Any], layout: dict[str, list[str]]) -> None:
    """Check ``layout`` against the depot rules and write it into ``player`` (MOR-WAREHOUSE-1..5)."""
    depots = empty_depots()
    leader_depots = {leader_id: 0 for leader_id in player["leader_depots"]}
    used_types: dict[str, str] = {}
    for place, units in layout.items():
        if not units:
            continue
        kinds = set(units)
        if len(kinds) > 1:
            raise IllegalAction(
                "Depot {place} would mix {kinds}: a depot holds one resource type only.", "MOR-WAREHOUSE-2",
                place=place, kinds=' and '.join(sorted(kinds)))
        resource = units[0]
        if resource not in RESOURCES:
            raise IllegalAction("'{resource}' is not a resource.", "MOR-COMP-2",
                                resource=resource)
        if place in BASE_PLACES:
            index = BASE_PLACES.index(place)
            capacity = DEPOT_CAPACITIES[index]
            if len(units) > capacity:
                raise IllegalAction(
                    "Depot {place} holds at most {capacity}, not {n_units}.",
                    "MOR-WAREHOUSE-5",
                    place=place, capacity=capacity, n_units=len(units))
            if resource in used_types:
                raise IllegalAction(
                    "{capitalize} cannot be in both {used_types} and {place}: two depots may not "
                    "hold the same type.", "MOR-WAREHOUSE-3",
                    capitalize=resource.capitalize(), used_types=used_types[resource], place=place)
            used_types[resource] = place
            depots[index] = [resource, len(units)]
        elif place in leader_depots:
            leader = LEADERS[place]
            if resource != leader["resource"]:
                raise IllegalAction(
                    "The depot of leader {place} holds only {resource}.",
                    "MOR-LEADER-12",
                    place=place, resource=leader['resource'])
            if len(units) > leader["capacity"]:
                raise IllegalAction(
                    "The depot of leader {place} holds at most {capacity}.",
                    "MOR-LEADER-12",
                    place=place, capacity=leader['capacity'])
            leader_depots[place] = len(units)
        else:
            raise IllegalAction(
                "There is no depot '{place}': use d1, d2, d3 or a played extra-depot leader.", "MOR-WAREHOUSE-1",
                place=place)
    player["depots"] = depots
    player["leader_depots"] = leader_depots


def _assignments(types: int) -> list[tuple[int | None, ...]]:
    """Every way to give the base depots to distinct types ``0..types-1`` (or leave them empty)."""
    cached = _ASSIGNMENTS.get(types)
    if cached is None:
        padded = list(range(types)) + [None] * len(DEPOT_CAPACITIES)
        cached = sorted(set(permutations(padded, len(DEPOT_CAPACITIES))),
                        key=lambda a: tuple(types if t is None else t for t in a))
        _ASSIGNMENTS[types] = cached
    return cached


_ASSIGNMENTS: dict[int, list[tuple[int | None, ...]]] = {}


def best_layout(player: dict[str, Any], totals: dict[str, int],
                keep_first: dict[str, int] | None = None) -> tuple[dict[str, list[str]], dict[str, int]]:
    """The layout that stores the most of ``totals``, and what it leaves out (to discard).

    Ties prefer keeping ``keep_first`` (the resources already stored, so that new ones are the
    ones discarded), then the layout closest to the current one (fewer moves), then a fixed
    order. Leader depots are filled before base depots of the same type.
    """
    keep_first = keep_first or {}
    leader_capacity: dict[str, int] = {}
    for leader_id in player["leader_depots"]:
        leader = LEADERS[leader_id]
        leader_capacity[leader["resource"]] = leader_capacity.get(leader["resource"], 0) + leader["capacity"]
    # Only the units beyond the leader depots compete for base depots.
    wanted = [r for r in RESOURCES if totals.get(r, 0) > leader_capacity.get(r, 0)]
    excess = [totals[r] - leader_capacity.get(r, 0) for r in wanted]
    # Old units beyond the leader depots: keeping k of a type keeps min(k, old_excess) old units.
    old_excess = [max(0, keep_first.get(r, 0) - leader_capacity.get(r, 0)) for r in wanted]
    current = tuple(resource for resource, _ in player["depots"])
    best_assignment = _best_assignment(tuple(wanted), tuple(excess), tuple(old_excess), current)
    layout: dict[str, list[str]] = {}
    left = dict(totals)
    for leader_id in sorted(player["leader_depots"], key=id_number):
        leader = LEADERS[leader_id]
        count = min(left.get(leader["resource"], 0), leader["capacity"])
        if count:
            layout[leader_id] = [leader["resource"]] * count
            left[leader["resource"]] -= count
    for place, capacity, t in zip(BASE_PLACES, DEPOT_CAPACITIES, best_assignment):
        if t is not None:
            resource = wanted[t]
            count = min(left.get(resource, 0), capacity)
            if count:
                layout[place] = [resource] * count
                left[resource] -= count
    discard = {r: n for r, n in left.items() if n}
    return layout, discard


@lru_cache(maxsize=4096)
def _best_assignment(wanted: tuple[str, ...], excess: tuple[int, ...], old_excess: tuple[int, ...],
                     current: tuple[str | None, ...]) -> tuple[int | None, ...]:
    """The base depot of each wanted type for :func:`best_layout` (the same few come back often)."""
    best_key: tuple[int, int, int] | None = None
    best: tuple[int | None, ...] = (None,) * len(DEPOT_CAPACITIES)
    for assignment in _assignments(len(wanted)):
        kept = kept_old = same = 0
        for depot, t in enumerate(assignment):
            if t is not None:
                k = min(excess[t], DEPOT_CAPACITIES[depot])
                kept += k
                kept_old += min(k, old_excess[t])
                if current[depot] == wanted[t]:
                    same += 1
            elif current[depot] is None:
                same += 1
        key = (kept, kept_old, same)
        if best_key is None or key > best_key:
            best_key, best = key, assignment
    return best


def layout_totals(layout: dict[str, list[str]]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for units in layout.values():
        for resource in units:
            totals[resource] = totals.get(resource, 0) + 1
    return totals


def every_layout(leader_ids: list[str], available: dict[str, int],
                 whole: bool = False) -> list[dict[str, list[str]]]:
    """Every legal layout of some of ``available`` with the extra depots of ``leader_ids``
    (sorted; leader depots filled 0..capacity, each base
    depot given a type of its own and 1..capacity units, or left empty); with ``whole``, only
    the layouts that hold all of ``available`` (the ways to rearrange it)."""
    layouts = []
    for in_leaders, left in _leader_fills(leader_ids, available):
        types = [r for r in RESOURCES if left.get(r, 0) > 0]
        if whole:
            if len(types) > len(DEPOT_CAPACITIES):
                continue
            for depots in permutations(range(len(DEPOT_CAPACITIES)), len(types)):
                if all(left[r] <= DEPOT_CAPACITIES[d] for r, d in zip(types, depots)):
                    layout = {BASE_PLACES[d]: [r] * left[r] for d, r in sorted(zip(depots, types))}
                    layouts.append({**layout, **in_leaders})
            continue
        for assignment in _assignments(len(types)):
            fills = [range(1, min(capacity, left[types[t]]) + 1) if t is not None else (0,)
                     for capacity, t in zip(DEPOT_CAPACITIES, assignment)]
            for amounts in product(*fills):
                layout = {place: [types[t]] * n for place, t, n in zip(BASE_PLACES, assignment, amounts) if n}
                layouts.append({**layout, **in_leaders})
    return layouts


def _leader_fills(leader_ids: list[str], available: dict[str, int]) -> Iterator[tuple[dict[str, list[str]], dict[str, int]]]:
    """Every filling of the leader depots from ``available``: (their layout, what is left)."""
    choices = [range(min(LEADERS[i]["capacity"], available.get(LEADERS[i]["resource"], 0)) + 1)
               for i in leader_ids]
    for counts in product(*choices):
        left = dict(available)
        in_leaders: dict[str, list[str]] = {}
        for leader_id, count in zip(leader_ids, counts):
            if count:
                resource = LEADERS[leader_id]["resource"]
                left[resource] -= count
                in_leaders[leader_id] = [resource] * count
        yield in_leaders, left
