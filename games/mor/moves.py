"""Every legal move of a seat, in its settled form (:mod:`games.mor.settle`), most useful first.

What is listed:

- setup: every pair of dealt leaders with every choice of starting resources;
- after a market action: ``place`` (the layout that keeps the most) first, then keeping the
  warehouse as it was and discarding what was taken, then every other legal layout of old + new
  resources, most kept first (each with the discard it implies);
- a main action: every market line (with every white-marble choice when two white-marble leaders
  make it a choice), every top card with every legal slot, paid every way (see below), and
  every production: every set of top cards and production leaders (the largest sets first), alone or with the base power on every
  affordable input pair, then the base power alone, with every
  multiset of chosen outputs (the outputs all land in the strongbox, so which power makes which
  is settled in one order), paid every way (see below);
- leader actions, ``end`` once the main action is done, and every rearrangement of the
  warehouse (``arrange``), last because it changes no count.

Payments: every purchase and production is listed paid warehouse first, then strongbox first
when that takes other units, then every other split of the units between warehouse and
strongbox as an explicit ``wh:... sb:...`` (which store keeps the units left over is a real
choice); a split that equals one of the two orders is settled to it.
"""

from __future__ import annotations

import marshal
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from typing import Any

from .data import (
    BASE_INPUTS,
    CARDS,
    DECK_IDS,
    LEADERS,
    LEADERS_KEPT,
    MARKET_COLUMNS,
    MARKET_ROWS,
    RESOURCES,
    SEAT_BONUS,
    id_number,
)
from .rules import (
    add_counts,
    counts_of,
    default_placement,
    discounted_cost,
    legal_slots,
    market_line,
    played_leaders,
    requirement_met,
    white_resources,
)
from .warehouse import every_layout, layout_of, layout_totals, warehouse_totals

MARKET_LINES = [f"row-{r + 1}" for r in range(MARKET_ROWS)] + [f"col-{c + 1}" for c in range(MARKET_COLUMNS)]
BASE_PAIRS = [(list(pair), counts_of(list(pair))) for pair in combinations_with_replacement(RESOURCES, BASE_INPUTS)]
"""Every input pair of the base power, with its counts."""


def legal_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    player = state["seats"][seat]
    if state["phase"] == "setup":
        return _keeps(player, seat)
    turn = state["turn"]
    if turn["pending"] is not None:
        return _placements(player, turn["pending"]["gained"])
    actions: list[dict[str, Any]] = []
    if not turn["main"]:
        actions += _markets(state, player)
        actions += _buys(state, player)
        actions += _productions(player)
    for leader_id in player["hand"]:
        if requirement_met(player, leader_id):
            actions.append({"type": "leader", "op": "play", "leader": leader_id})
        actions.append({"type": "leader", "op": "discard", "leader": leader_id})
    if turn["main"]:
        actions.append({"type": "end"})
    return actions + _arrangements(player)


def _keeps(player: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    wanted = SEAT_BONUS[seat]["resources"]
    picks = [list(c) for c in combinations_with_replacement(RESOURCES, wanted)]
    return [{"type": "keep", "leaders": sorted(pair, key=id_number), "resources": res}
            for pair in combinations(player["dealt"], LEADERS_KEPT) for res in picks]


def _placements(player: dict[str, Any], gained: dict[str, int]) -> list[dict[str, Any]]:
    default, _ = default_placement(player, gained)
    current = layout_of(player)
    available = add_counts(warehouse_totals(player), gained)
    key = tuple(sorted(available.items())), tuple(sorted(player["leader_depots"], key=id_number))
    entries = marshal.loads(_layouts_with_discards(*key))  # a fresh copy: callers may keep them
    for index, (layout, _) in enumerate(entries):
        if layout == current:  # the warehouse as it was comes first; the rest stays most kept first
            entries.insert(0, entries.pop(index))
            break
    actions: list[dict[str, Any]] = [{"type": "place"}]
    for layout, discard in entries:
        if layout != default:
            actions.append({"type": "place", "layout": layout, "discard": discard} if discard
                           else {"type": "place", "layout": layout})
    return actions


@lru_cache(maxsize=2048)
def _layouts_with_discards(available: tuple[tuple[str, int], ...], leader_ids: tuple[str, ...]) -> bytes:
    """Every layout of some of ``available`` with the units it leaves out, most kept first.

    Marshalled, so that every call gets its own copy; the same holdings come back again and
    again in a game, and enumerating them is most of the cost of listing placements. Every
    layout is listed once (a layout names the units of each place), so at most one is the
    current one.
    """
    counts = dict(available)
    entries = []
    for layout in every_layout(list(leader_ids), counts):
        stored = layout_totals(layout)
        discard = [r for r in RESOURCES for _ in range(counts.get(r, 0) - stored.get(r, 0))]
        entries.append((layout, discard))
    entries.sort(key=lambda entry: len(entry[1]))
    return marshal.dumps(entries)


def _arrangements(player: dict[str, Any]) -> list[dict[str, Any]]:
    have = warehouse_totals(player)
    if not have:
        return []
    listed, places = _rearrangements(tuple(sorted(have.items())),
                                     tuple(sorted(player["leader_depots"], key=id_number)))
    actions = marshal.loads(listed)  # a fresh copy: callers may keep them
    for index in reversed(places.get(_layout_key(layout_of(player)), ())):
        del actions[index]  # the current layout is no rearrangement
    return actions


def _layout_key(layout: dict[str, list[str]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A layout as a key: layouts are equal when their keys are."""
    return tuple(sorted((place, tuple(units)) for place, units in layout.items()))


@lru_cache(maxsize=1024)
def _rearrangements(have: tuple[tuple[str, int], ...],
                    leader_ids: tuple[str, ...]) -> tuple[bytes, dict[tuple, list[int]]]:
    """The ``arrange`` move to every layout holding exactly ``have``, marshalled (see
    :func:`_layouts_with_discards`), and where each layout is in that list (read only)."""
    layouts = every_layout(list(leader_ids), dict(have), whole=True)
    places: dict[tuple, list[int]] = {}
    for index, layout in enumerate(layouts):
        places.setdefault(_layout_key(layout), []).append(index)
    return marshal.dumps([{"type": "arrange", "layout": layout} for layout in layouts]), places


def _markets(state: dict[str, Any], player: dict[str, Any]) -> list[dict[str, Any]]:
    options = sorted(white_resources(player), key=RESOURCES.index)
    actions = []
    for line in MARKET_LINES:
        whites = market_line(state, line).count("white") if len(options) > 1 else 0
        if not whites:  # nothing to choose: no white marble, or at most one leader (MOR-LEADER-15)
            actions.append({"type": "market", "line": line})
            continue
        for choice in combinations_with_replacement(options, whites):
            actions.append({"type": "market", "line": line, "white": list(choice)})
    return actions


def _payments(wh: dict[str, int], sb: dict[str, int], need: dict[str, int]) -> list[Any]:
    """Every way to pay ``need``: ``"wh"`` (warehouse first), ``"sb"`` (strongbox first) when it
    differs, then every other split as an explicit ``{"wh": [...], "sb": [...]}``.

    >>> _payments({"coin": 2}, {"coin": 2}, {"coin": 2})
    ['wh', 'sb', {'wh': ['coin'], 'sb': ['coin']}]
    >>> _payments({"coin": 1}, {}, {"coin": 2})
    []
    """
    ranges = []
    choice = False
    for r in RESOURCES:
        if r not in need:
            continue
        n, in_wh, in_sb = need[r], wh.get(r, 0), sb.get(r, 0)
        if in_wh + in_sb < n:
            return []
        lo, hi = max(0, n - in_sb), min(n, in_wh)  # units from the warehouse: lo..hi
        ranges.append((r, n, lo, hi))
        choice = choice or lo != hi
    if not choice:  # one way to pay (the usual case): no split to enumerate
        return ["wh"]
    warehouse_first = tuple(hi for _, _, _, hi in ranges)
    strongbox_first = tuple(lo for _, _, lo, _ in ranges)
    found: list[Any] = ["wh"] + (["sb"] if strongbox_first != warehouse_first else [])
    for split in product(*(range(hi, lo - 1, -1) for _, _, lo, hi in ranges)):
        if split in (warehouse_first, strongbox_first):
            continue
        found.append({
            "wh": [r for (r, _, _, _), k in zip(ranges, split) for _ in range(k)],
            "sb": [r for (r, n, _, _), k in zip(ranges, split) for _ in range(n - k)],
        })
    return found


def _buys(state: dict[str, Any], player: dict[str, Any]) -> list[dict[str, Any]]:
    wh, sb = warehouse_totals(player), player["strongbox"]
    actions = []
    slots_by_level: dict[int, list[int]] = {}  # legal_slots depends on the card's level only
    for deck in DECK_IDS:
        cards = state["decks"][deck]
        if not cards:
            continue
        level = CARDS[cards[0]]["level"]
        if level not in slots_by_level:
            slots_by_level[level] = legal_slots(player, cards[0])
        slots = slots_by_level[level]
        if not slots:
            continue
        for pay in _payments(wh, sb, discounted_cost(player, cards[0])):
            for slot in slots:
                actions.append({"type": "buy", "deck": deck, "slot": slot, "pay": pay})
    return actions


def _productions(player: dict[str, Any]) -> list[dict[str, Any]]:
    tops = sorted((slot[-1] for slot in player["slots"] if slot), key=id_number)
    leaders = sorted(played_leaders(player, "extra_production"), key=id_number)
    # Units beyond what every power at once could take change no listed move: without them
    # in the key, a growing strongbox still finds the list it had a turn ago.
    most = dict.fromkeys(RESOURCES, BASE_INPUTS)
    for power_input in [CARDS[c]["input"] for c in tops] + [LEADERS[i]["input"] for i in leaders]:
        for r, n in power_input.items():
            most[r] += n
    held = tuple(tuple((r, min(n, most[r])) for r, n in sorted(store.items()))
                 for store in (warehouse_totals(player), player["strongbox"]))
    return marshal.loads(_production_list(*held, tuple(tops), tuple(leaders)))  # a fresh copy


@lru_cache(maxsize=2048)
def _production_list(wh_held: tuple[tuple[str, int], ...], sb_held: tuple[tuple[str, int], ...],
                     tops: tuple[str, ...], leaders: tuple[str, ...]) -> bytes:
    """Every production of a player holding ``wh_held`` and ``sb_held`` with the power of the
    top cards ``tops`` and production ``leaders``, marshalled (see :func:`_layouts_with_discards`):
    the same holdings and powers come back turn after turn, and in every playout of a position."""
    wh, sb = dict(wh_held), dict(sb_held)
    holdings = add_counts(wh, sb)
    actions = []
    for cards, chosen_leaders, need in _power_sets(tops, leaders):
        left = dict(holdings)
        for r, n in need.items():
            left[r] = left.get(r, 0) - n
        if any(n < 0 for n in left.values()):
            continue
        bases: list[tuple[list[str] | None, dict[str, int]]] = (
            [(None, need)] if cards or chosen_leaders else [])
        within = tuple(min(left.get(r, 0), BASE_INPUTS) for r in RESOURCES)
        bases += [(pair, add_counts(need, pair_counts)) for pair, pair_counts in _base_pairs_within(within)]
        for base, total in bases:
            payments = _payments(wh, sb, total)
            for outputs in _OUTPUT_CHOICES[len(chosen_leaders) + (base is not None)]:
                action: dict[str, Any] = {"type": "produce"}
                if base is not None:
                    action["base"] = {"in": list(base), "out": outputs[0]}
                    outputs = outputs[1:]
                if cards:
                    action["cards"] = cards
                if chosen_leaders:
                    action["leaders"] = dict(zip(chosen_leaders, outputs))
                actions.append(action)
                actions += [{**action, "pay": pay} for pay in payments[1:]]
    return marshal.dumps(actions)


@lru_cache(maxsize=256)
def _power_sets(tops: tuple[str, ...],
                leaders: tuple[str, ...]) -> list[tuple[list[str], list[str], dict[str, int]]]:
    """Every set of the top cards ``tops`` and production ``leaders``, the largest first, then
    none: its cards, its leaders and what it takes (read only)."""
    powers = [(c, CARDS[c]["input"]) for c in tops] + [(i, LEADERS[i]["input"]) for i in leaders]
    subsets = [chosen for size in range(len(powers), 0, -1) for chosen in combinations(powers, size)] + [()]
    sets = []
    for chosen in subsets:
        need: dict[str, int] = {}
        for _, power_input in chosen:
            need = add_counts(need, power_input)
        sets.append(([i for i, _ in chosen if i in CARDS], [i for i, _ in chosen if i in LEADERS], need))
    return sets


@lru_cache(maxsize=1024)
def _base_pairs_within(left: tuple[int, ...]) -> list[tuple[list[str], dict[str, int]]]:
    """The input pairs of the base power (:data:`BASE_PAIRS`) that ``left`` (a count per
    resource in resource order, none counted beyond the base power's inputs) can pay (read only)."""
    have = dict(zip(RESOURCES, left))
    return [(pair, counts) for pair, counts in BASE_PAIRS if all(have[r] >= n for r, n in counts.items())]


_OUTPUT_CHOICES = [list(combinations_with_replacement(RESOURCES, n)) for n in range(LEADERS_KEPT + 2)]
"""Every choice of outputs of the base power and of every production leader a player can have."""
