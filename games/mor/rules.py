"""State helpers shared by the engine: holdings, payments, faith, Vatican reports, scoring.

Every function here works on the JSON state described in :mod:`games.mor.engine`.
"""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction, event
from games.core.message import Message, counted

from .data import (
    CARDS,
    COLOURS,
    END_CARDS,
    LAST_SPACE,
    LEADERS,
    LEVELS,
    MARKET_COLUMNS,
    MARKET_ROWS,
    RESOURCES,
    RESOURCES_PER_VP,
    SECTIONS,
    faith_vp,
)
from .warehouse import best_layout, layout_of, warehouse_totals

Counts = dict[str, int]


def add_counts(a: Counts, b: Counts) -> Counts:
    out = dict(a)
    for r, n in b.items():
        if n:
            out[r] = out.get(r, 0) + n
    return out


def counts_of(units: list[str]) -> Counts:
    out: Counts = {}
    for r in units:
        out[r] = out.get(r, 0) + 1
    return out


def describe(counts: Counts) -> str:
    """'2 coin, 1 stone' (canonical order); 'nothing' when empty."""
    parts = [f"{counts[r]} {r}" for r in (*RESOURCES, "faith") if counts.get(r)]
    return ", ".join(parts) if parts else "nothing"


def total_holdings(player: dict[str, Any]) -> Counts:
    """Personal supply: base depots + leader depots + strongbox."""
    return add_counts(warehouse_totals(player), player["strongbox"])


def default_placement(player: dict[str, Any], gained: Counts) -> tuple[dict[str, list[str]], Counts]:
    """The layout a plain ``place`` stores and what it discards: the most units, old ones first."""
    old = warehouse_totals(player)
    return best_layout(player, add_counts(old, gained), keep_first=old)


def discard_new_placement(player: dict[str, Any], gained: Counts) -> dict[str, Any]:
    """The ``place`` action that keeps the warehouse as it is and discards everything just taken."""
    units = sorted((r for r, n in gained.items() for _ in range(n)), key=RESOURCES.index)
    return {"type": "place", "layout": layout_of(player), "discard": units}


def resource_count(player: dict[str, Any]) -> int:
    return sum(total_holdings(player).values())


def owned_cards(player: dict[str, Any]) -> list[str]:
    return [card for slot in player["slots"] for card in slot]


def played_leaders(player: dict[str, Any], ability: str | None = None) -> list[str]:
    return [i for i in player["played"] if ability is None or LEADERS[i]["ability"] == ability]


def acting_seats(state: dict[str, Any]) -> set[int]:
    """Seats that must act now: every unready seat in setup, the seat on turn in play."""
    if state["phase"] == "setup":
        return {s for s, p in enumerate(state["seats"]) if not p["ready"]}
    if state["phase"] == "play":
        return {state["turn"]["seat"]}
    return set()


# ------------------------------------------------------------------ market
def market_line(state: dict[str, Any], line: str) -> list[str]:
    """The marbles of ``row-k`` (left to right) or ``col-k`` (top to bottom), 1-based."""
    kind, _, number = line.partition("-")
    index = int(number) - 1 if number.isdigit() else -1
    grid = state["market"]["grid"]
    if kind == "row" and 0 <= index < MARKET_ROWS:
        return list(grid[index])
    if kind == "col" and 0 <= index < MARKET_COLUMNS:
        return [grid[r][index] for r in range(MARKET_ROWS)]
    raise IllegalAction("There is no line '{line}': rows are row-1..row-{market_rows}, columns "
                        "col-1..col-{market_columns}.", "MOR-MARKET-2",
                        line=line, market_rows=MARKET_ROWS, market_columns=MARKET_COLUMNS)


def white_resources(player: dict[str, Any]) -> list[str]:
    """What a white marble may become: the resource of each played white-marble leader."""
    return [LEADERS[i]["resource"] for i in played_leaders(player, "white_marble")]


# ------------------------------------------------------------------ buying
def discounted_cost(player: dict[str, Any], card_id: str) -> Counts:
    """Printed cost minus every played discount leader (MOR-BUY-2, MOR-LEADER-11, D-9)."""
    cost = dict(CARDS[card_id]["cost"])
    for leader_id in played_leaders(player, "discount"):
        leader = LEADERS[leader_id]
        if cost.get(leader["resource"]):
            cost[leader["resource"]] = max(0, cost[leader["resource"]] - leader["amount"])
    return {r: n for r, n in cost.items() if n}


def legal_slots(player: dict[str, Any], card_id: str) -> list[int]:
    """1-based slots that may take the card (MOR-BUY-7..9)."""
    level = CARDS[card_id]["level"]
    slots = []
    for index, slot in enumerate(player["slots"]):
        top_level = CARDS[slot[-1]]["level"] if slot else 0
        if top_level == level - 1:
            slots.append(index + 1)
    return slots


def top_card(state: dict[str, Any], deck: str) -> str | None:
    cards = state["decks"][deck]
    return cards[0] if cards else None


# ---------------------------------------------------------------- payments
BUYING = ("afford that", "MOR-BUY-3", "MOR-BUY-4")
PRODUCING = ("run those powers together", "MOR-PROD-6", "MOR-PROD-7")
"""What a payment refusal says it cannot do, the rule on paying the whole amount, and the rule
on choosing where each unit comes from."""


def payment_plan(player: dict[str, Any], need: Counts, pay: Any,
                 purpose: tuple[str, str, str] = BUYING) -> tuple[Counts, Counts]:
    """How much of ``need`` comes from the warehouse and from the strongbox.

    ``pay`` is ``"wh"`` (warehouse first, the default), ``"sb"`` (strongbox first) or an explicit
    ``{"wh": [...], "sb": [...]}`` split (MOR-BUY-4, MOR-PROD-7). Raises when unaffordable, with
    the wording and rule IDs of ``purpose`` (:data:`BUYING` or :data:`PRODUCING`).
    """
    what, whole_rule, source_rule = purpose
    warehouse = warehouse_totals(player)
    strongbox = player["strongbox"]
    holdings = add_counts(warehouse, strongbox)
    short = {r: n - holdings.get(r, 0) for r, n in need.items() if n > holdings.get(r, 0)}
    if short:
        lacking = ", ".join(f"{need[r]} {r} and you have {holdings.get(r, 0)}" for r in short)
        raise IllegalAction("You cannot {what}: it needs {lacking}.", whole_rule,
                            what=what, lacking=lacking)
    if pay is None or pay == "wh" or pay == "sb":
        first = warehouse if pay != "sb" else strongbox
        from_first = {r: min(n, first.get(r, 0)) for r, n in need.items()}
        from_second = {r: n - from_first[r] for r, n in need.items()}
        plan = (from_first, from_second) if pay != "sb" else (from_second, from_first)
        return ({r: n for r, n in plan[0].items() if n}, {r: n for r, n in plan[1].items() if n})
    from_wh = counts_of(pay.get("wh", []))
    from_sb = counts_of(pay.get("sb", []))
    if add_counts(from_wh, from_sb) != {r: n for r, n in need.items() if n}:
        raise IllegalAction(
            "Your payment ({add_counts}) does not match what is due ({need}).", whole_rule,
            add_counts=describe(add_counts(from_wh, from_sb)), need=describe(need))
    for source, amounts, name in ((warehouse, from_wh, "warehouse"), (strongbox, from_sb, "strongbox")):
        for r, n in amounts.items():
            if source.get(r, 0) < n:
                raise IllegalAction(
                    "Your {name} holds {get} {r}, not {n} ({source_rule}).", source_rule,
                    name=name, get=source.get(r, 0), r=r, n=n, source_rule=source_rule)
    return from_wh, from_sb


def pay(player: dict[str, Any], from_wh: Counts, from_sb: Counts) -> None:
    """Remove a payment; warehouse units come from base depots first, then leader depots."""
    for r, n in from_wh.items():
        for depot in player["depots"]:
            if depot[0] == r and n:
                taken = min(n, depot[1])
                depot[1] -= taken
                n -= taken
                if depot[1] == 0:
                    depot[0] = None
        for leader_id in player["leader_depots"]:
            if LEADERS[leader_id]["resource"] == r and n:
                taken = min(n, player["leader_depots"][leader_id])
                player["leader_depots"][leader_id] -= taken
                n -= taken
    for r, n in from_sb.items():
        player["strongbox"][r] -= n


# ------------------------------------------------------------------- leaders
def requirement_met(player: dict[str, Any], leader_id: str) -> bool:
    """MOR-LEADER-7/8: covered cards count; level II means exactly level II (D-8)."""
    requires = LEADERS[leader_id]["requires"]
    if "resources" in requires:
        holdings = total_holdings(player)
        return all(holdings.get(r, 0) >= n for r, n in requires["resources"].items())
    owned = [CARDS[c] for c in owned_cards(player)]
    for need in requires["cards"]:
        have = sum(1 for c in owned if c["colour"] == need["colour"]
                   and (need["level"] is None or c["level"] == need["level"]))
        if have < need["count"]:
            return False
    return True


def describe_requirement(leader_id: str) -> str:
    requires = LEADERS[leader_id]["requires"]
    if "resources" in requires:
        return describe(requires["resources"])
    parts = []
    for need in requires["cards"]:
        level = f" level {'I' * need['level']}" if need["level"] else ""
        parts.append(f"{need['count']} {need['colour']}{level} card{'s' if need['count'] > 1 else ''}")
    return " + ".join(parts)


# ------------------------------------------------------------ faith & Vatican
def faith_event(state: dict[str, Any], gains: dict[int, int], cross: int = 0) -> list[dict[str, str]]:
    """One faith event (D-4): move every marker first, then resolve reports in section order.

    ``gains`` maps seats to faith points; ``cross`` moves Lorenzo's black cross (solo). Markers
    stop at the last space (MOR-FAITH-4, MOR-SOLO-14). Checks the end triggers afterwards.
    """
    events: list[dict[str, str]] = []
    seats = state["seats"]
    for seat, points in gains.items():
        if points > 0:
            seats[seat]["faith"] = min(LAST_SPACE, seats[seat]["faith"] + points)
    solo = state["solo"]
    if solo is not None and cross > 0:
        solo["cross"] = min(LAST_SPACE, solo["cross"] + cross)
    markers = [p["faith"] for p in seats] + ([solo["cross"]] if solo is not None else [])
    for index, section in enumerate(SECTIONS):
        if state["reported"][index] or max(markers) < section["pope_space"]:
            continue
        state["reported"][index] = True
        up, out = [], []
        for seat, player in enumerate(seats):
            if player["faith"] >= section["first_space"]:
                player["favour"][index] = "active"
                up.append(seat)
            else:
                player["favour"][index] = "discarded"
                out.append(seat)
        turned = Message("nobody turns a tile face up")
        if up:
            turned = counted("{players} turns their {vp}-VP tile face up", "{players} turn their {vp}-VP tile face up",
                             by="seats", seats=len(up), players=", ".join(f"{{p{s}}}" for s in up),
                             vp=section["favour_vp"])
        discarded = ""
        if out:
            discarded = counted("; {players} discards it", "; {players} discard it", by="seats", seats=len(out),
                                players=", ".join(f"{{p{s}}}" for s in out))
        events.append(event("vatican", "Vatican report {section}: {turned}{discarded}.", section=section["section"],
                            turned=turned, discarded=discarded))
    if solo is None:
        if not state["end_triggered"] and any(p["faith"] >= LAST_SPACE for p in seats):
            state["end_triggered"] = True
            seat = next(s for s, p in enumerate(seats) if p["faith"] >= LAST_SPACE)
            events.append(event("end_triggered", "{player} reached the end of the faith track: the game ends after "
                                "this round.", player=f"{{p{seat}}}"))
    else:
        events += check_solo_end(state)
    return events


# --------------------------------------------------------------------- solo
def colour_gone(state: dict[str, Any]) -> str | None:
    for colour in COLOURS:
        if all(not state["decks"][f"{colour}-{lvl}"] for lvl in LEVELS):
            return colour
    return None


def check_solo_end(state: dict[str, Any]) -> list[dict[str, str]]:
    """MOR-SOLO-16..18, -21: win conditions first (D-14), then the losses; ends the game at once."""
    solo = state["solo"]
    if solo is None or state["phase"] == "over":
        return []
    player = state["seats"][0]
    outcome = None
    if player["faith"] >= LAST_SPACE:
        outcome = (True, Message("You reached the last space of the faith track."))
    elif len(owned_cards(player)) >= END_CARDS:
        outcome = (True, Message("You bought your {count}th development card.", count=END_CARDS))
    elif solo["cross"] >= LAST_SPACE:
        outcome = (False, Message("Lorenzo's black cross reached the last space of the faith track."))
    elif colour := colour_gone(state):
        outcome = (False, Message("No {colour} development card is left in the grid.", colour=colour))
    if outcome is None:
        return []
    solo["outcome"] = {"won": outcome[0], "reason": outcome[1]}
    state["phase"] = "over"
    state["turn"]["pending"] = None
    verdict = Message("{p0} wins") if outcome[0] else Message("Lorenzo wins")
    return [event("game_over", "{outcome} {verdict}.",
                               outcome=outcome[1], verdict=verdict)]


# ------------------------------------------------------------------ scoring
def score(player: dict[str, Any]) -> dict[str, int]:
    """The per-category breakdown of MOR-SCORE-1..5."""
    return {
        "cards": sum(CARDS[c]["vp"] for c in owned_cards(player)),
        "faith_track": faith_vp(player["faith"]),
        "favour_tiles": sum(s["favour_vp"] for s, t in zip(SECTIONS, player["favour"]) if t == "active"),
        "leaders": sum(LEADERS[i]["vp"] for i in player["played"]),
        "resources": resource_count(player) // RESOURCES_PER_VP,
    }
