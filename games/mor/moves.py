"""Enumerating the canonical legal actions of a seat.

Payment splits and warehouse layouts are huge spaces, so the list holds canonical forms only:
``pay:wh`` (warehouse first) plus ``pay:sb`` when it differs; the default ``place`` plus "keep
the old warehouse, discard the new"; production as every set of card and leader powers with one
shared resource for the "any" outputs, plus the base power alone with every input pair and
output, and every such set together with the base power fed by the two most plentiful spare
resources. Rearranging (``arrange``) is never listed: a layout only matters when placing, and
``place`` may choose any layout. ``apply`` accepts every other legal explicit form too.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
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
    discard_new_placement,
    discounted_cost,
    legal_slots,
    market_line,
    played_leaders,
    requirement_met,
    white_resources,
)
from .warehouse import warehouse_totals

MARKET_LINES = [f"row-{r + 1}" for r in range(MARKET_ROWS)] + [f"col-{c + 1}" for c in range(MARKET_COLUMNS)]


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
    return actions


def _keeps(player: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    wanted = SEAT_BONUS[seat]["resources"]
    picks = [list(c) for c in combinations_with_replacement(RESOURCES, wanted)]
    return [{"type": "keep", "leaders": sorted(pair, key=id_number), "resources": res}
            for pair in combinations(player["dealt"], LEADERS_KEPT) for res in picks]


def _placements(player: dict[str, Any], gained: dict[str, int]) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = [{"type": "place"}]
    default_layout, _ = default_placement(player, gained)
    keep_old = discard_new_placement(player, gained)
    if keep_old["layout"] != default_layout:
        actions.append(keep_old)
    return actions


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


def _pay_variants(wh: dict[str, int], sb: dict[str, int], need: dict[str, int]) -> list[str]:
    """``wh`` when affordable, plus ``sb`` when strongbox-first is a different split.

    Same result as comparing :func:`payment_plan` for both orders, without building the plans.
    """
    differs = False
    for r, n in need.items():
        in_wh, in_sb = wh.get(r, 0), sb.get(r, 0)
        if in_wh + in_sb < n:
            return []
        if min(n, in_wh) != n - min(n, in_sb):
            differs = True
    return ["wh", "sb"] if differs else ["wh"]


def _buys(state: dict[str, Any], player: dict[str, Any]) -> list[dict[str, Any]]:
    wh, sb = warehouse_totals(player), player["strongbox"]
    actions = []
    for deck in DECK_IDS:
        cards = state["decks"][deck]
        if not cards:
            continue
        slots = legal_slots(player, cards[0])
        if not slots:
            continue
        for pay in _pay_variants(wh, sb, discounted_cost(player, cards[0])):
            for slot in slots:
                actions.append({"type": "buy", "deck": deck, "slot": slot, "pay": pay})
    return actions


def _productions(player: dict[str, Any]) -> list[dict[str, Any]]:
    wh, sb = warehouse_totals(player), player["strongbox"]
    holdings = add_counts(wh, sb)
    tops = [slot[-1] for slot in player["slots"] if slot]
    leaders = played_leaders(player, "extra_production")
    actions = []
    powers = [("card", c) for c in tops] + [("leader", i) for i in leaders]
    for size in range(1, len(powers) + 1):
        for chosen in combinations(powers, size):
            need: dict[str, int] = {}
            for kind, ident in chosen:
                need = add_counts(need, CARDS[ident]["input"] if kind == "card" else LEADERS[ident]["input"])
            if any(holdings.get(r, 0) < n for r, n in need.items()):
                continue
            cards = sorted((i for k, i in chosen if k == "card"), key=id_number)
            chosen_leaders = [i for k, i in chosen if k == "leader"]
            base_in = _spare_pair(holdings, need)
            for out in RESOURCES:
                action: dict[str, Any] = {"type": "produce"}
                if cards:
                    action["cards"] = cards
                if chosen_leaders:
                    action["leaders"] = {i: out for i in chosen_leaders}
                if out == RESOURCES[0] or chosen_leaders:
                    actions += _with_pay(wh, sb, action, need)
                if base_in is not None:  # the same powers plus the base power
                    with_base = {**action, "base": {"in": base_in, "out": out}}
                    actions += _with_pay(wh, sb, with_base, add_counts(need, counts_of(base_in)))
    for pair in combinations_with_replacement(RESOURCES, BASE_INPUTS):
        need = counts_of(list(pair))
        if any(holdings.get(r, 0) < n for r, n in need.items()):
            continue
        for out in RESOURCES:
            actions += _with_pay(wh, sb, {"type": "produce", "base": {"in": list(pair), "out": out}}, need)
    return actions


def _spare_pair(holdings: dict[str, int], need: dict[str, int]) -> list[str] | None:
    """The base power's inputs left after ``need``, taken one by one from the most plentiful type
    (canonical inputs to combine with other powers); None when too few are left."""
    left = {r: holdings.get(r, 0) - need.get(r, 0) for r in RESOURCES}
    pair = []
    for _ in range(BASE_INPUTS):
        richest = max(RESOURCES, key=lambda r: (left[r], -RESOURCES.index(r)))
        if left[richest] <= 0:
            return None
        left[richest] -= 1
        pair.append(richest)
    return sorted(pair, key=RESOURCES.index)


def _with_pay(wh: dict[str, int], sb: dict[str, int], action: dict[str, Any],
              need: dict[str, int]) -> list[dict[str, Any]]:
    variants = _pay_variants(wh, sb, need)
    if variants == ["wh"]:
        return [action]
    return [{**action, "pay": pay} for pay in variants]
