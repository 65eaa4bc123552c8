"""The market action and the warehouse moves that follow it: ``market``, ``place``, ``arrange``."""

from __future__ import annotations

from typing import Any

from games.core import event, refuse
from games.core.message import Message, counted

from .data import MARBLE_GIVES, MARKET_ROWS
from .rules import add_counts, counts_of, describe, faith_event, market_line, white_resources
from .turn import require_main_free, require_turn_free
from .warehouse import apply_layout, best_layout, layout_totals, warehouse_totals

Events = list[dict[str, Any]]
Layout = dict[str, list[str]]


def line_words(line: str) -> Message:
    """A market line in words, as a player reads it.

    >>> line_words("row-2"), line_words("col-4")
    ('row 2 from the market', 'column 4 from the market')
    """
    kind, number = line.split("-")
    if kind == "row":
        return Message("row {number} from the market", number=int(number))
    return Message("column {number} from the market", number=int(number))


def line_name(line: str) -> Message:
    """A market line's short name, as the move menu shows it.

    >>> line_name("row-2"), line_name("col-4")
    ('row 2', 'column 4')
    """
    kind, number = line.split("-")
    if kind == "row":
        return Message("row {number}", number=int(number))
    return Message("column {number}", number=int(number))


def push_marble(state: dict[str, Any], line: str) -> None:
    """MOR-MARKET-5..7: rows take the slide marble at the right end, columns at the bottom."""
    kind, _, number = line.partition("-")
    index = int(number) - 1
    market_tray = state["market"]
    grid, slide = market_tray["grid"], market_tray["slide"]
    if kind == "row":
        row = grid[index]
        market_tray["slide"] = row[0]
        grid[index] = row[1:] + [slide]
    else:
        column = [grid[r][index] for r in range(MARKET_ROWS)]
        market_tray["slide"] = column[0]
        for r, colour in enumerate(column[1:] + [slide]):
            grid[r][index] = colour


def white_choice(player: dict[str, Any], line: str, whites: int, chosen: list[str] | None) -> list[str]:
    """What the white marbles become (MOR-LEADER-15/16, D-18)."""
    options = white_resources(player)
    if chosen is None:
        if whites and len(options) > 1:
            example = ",".join([options[0]] * whites)
            raise refuse("MOR-LEADER-16", counted(
                "You have two white-marble leaders: say what the {whites} white marble becomes, "
                "e.g. '{line} white:{example}'.",
                "You have two white-marble leaders: say what each of the {whites} white marbles "
                "becomes, e.g. '{line} white:{example}'.", by="whites", whites=whites, line=line, example=example))
        return [options[0]] * whites if options else []  # automatic with one leader
    if not options:
        raise refuse("MOR-LEADER-15", "White marbles give you nothing: you have no white-marble leader in play.")
    if len(chosen) != whites or any(r not in options for r in chosen):
        raise refuse("MOR-LEADER-16", counted(
            "That line has {whites} white marble; it becomes one of: {options}.",
            "That line has {whites} white marbles; each becomes one of: {options}.",
            by="whites", whites=whites, options=', '.join(options)))
    return chosen


def market(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    require_main_free(state)
    player = state["seats"][seat]
    line = action["line"]
    marbles = market_line(state, line)
    gained = counts_of(white_choice(player, line, marbles.count("white"), action.get("white")))
    faith = 0
    for colour in marbles:  # MOR-MARKET-3/4: the slide marble gives nothing
        gives = MARBLE_GIVES[colour]
        if gives == "faith":
            faith += 1
        elif gives is not None:
            gained[gives] = gained.get(gives, 0) + 1
    push_marble(state, line)
    state["turn"]["main"] = True
    events = [event("market", "{player} took {line}: {add_counts}.",
                              player=f"{{p{seat}}}", line=line_words(line),
                              add_counts=describe(add_counts(gained, {'faith': faith})))]
    if faith:  # MOR-MARKET-8, D-4: the red marble is its own faith event, before storing
        events += faith_event(state, {seat: faith})
        if state["phase"] == "over":
            return events  # D-20: the solo game ended at the red marble; the rest is lost
    if gained:
        state["turn"]["pending"] = {"gained": gained}
    return events


def place(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    """MOR-WAREHOUSE-6..10, D-3: store the market resources with any legal layout of old + new."""
    pending = state["turn"]["pending"]
    if pending is None:
        raise refuse("MOR-WAREHOUSE-7", "There is nothing to place: 'place' follows a market action.")
    player = state["seats"][seat]
    old = warehouse_totals(player)
    layout, discard = chosen_layout(player, add_counts(old, pending["gained"]), old, action)
    apply_layout(player, layout)
    state["turn"]["pending"] = None
    kept = sum(layout_totals(layout).values())
    dropped = sum(discard.values())
    if dropped:
        events = [event("place", "{player} stored their resources ({kept} in the warehouse) and discarded {discarded}.",
                        player=f"{{p{seat}}}", kept=kept, discarded=describe(discard))]
    else:
        events = [event("place", "{player} stored their resources ({kept} in the warehouse).",
                        player=f"{{p{seat}}}", kept=kept)]
    if dropped:  # MOR-WAREHOUSE-9, MOR-SOLO-13: every other player (or Lorenzo) gains 1 per unit
        others = {s: dropped for s in range(state["players"]) if s != seat}
        who = (Message("Lorenzo's black cross moves") if state["solo"] is not None
               else Message("Every other player gains"))
        events.append(event("discard_faith", "{who} {dropped} faith.",
                                             who=who, dropped=dropped))
        events += faith_event(state, others, cross=dropped if state["solo"] is not None else 0)
    return events


def require_discard_list(action: dict[str, Any]) -> None:
    """MOR-WAREHOUSE-8: a ``place`` discards a list of resources (the engine API may be handed
    anything: a text, a mapping or None would otherwise be read as some other discard)."""
    if action.get("type") != "place" or "discard" not in action:
        return
    given = action["discard"]
    if not isinstance(given, list) or not all(isinstance(unit, str) for unit in given):
        raise refuse("MOR-WAREHOUSE-8", "A discard is a list of resources, e.g. 'place discard:servant,coin'.")


def chosen_layout(player: dict[str, Any], available: dict[str, int], old: dict[str, int],
                  action: dict[str, Any]) -> tuple[Layout, dict[str, int]]:
    """The layout and discard a ``place`` asks for; the depot rules are checked when it is applied."""
    discard_given = action.get("discard")
    discard_counts = counts_of(discard_given or [])
    if "layout" not in action:
        if discard_given is None:
            return best_layout(player, available, keep_first=old)
        rest = {r: n - discard_counts.get(r, 0) for r, n in available.items()}
        if any(n < 0 for n in rest.values()) or any(r not in available for r in discard_counts):
            raise refuse("MOR-WAREHOUSE-8", "You cannot discard {discard_counts}: you have {available}.",
                                            discard_counts=describe(discard_counts),
                                            available=describe(available))
        layout, extra = best_layout(player, {r: n for r, n in rest.items() if n}, keep_first=old)
        if extra:
            raise refuse("MOR-WAREHOUSE-5", "The rest does not fit in your warehouse: also discard "
                                            "{extra}, or give a layout.",
                                            extra=describe(extra))
        return layout, discard_counts
    layout = action["layout"]
    stored = layout_totals(layout)
    remainder = {r: available.get(r, 0) - stored.get(r, 0) for r in set(available) | set(stored)}
    if any(n < 0 for n in remainder.values()):
        extra = {r: -n for r, n in remainder.items() if n < 0}
        raise refuse("MOR-WAREHOUSE-7", "That layout stores {extra} more than you have.",
                                        extra=describe(extra))
    remainder = {r: n for r, n in remainder.items() if n}
    if discard_given is not None and discard_counts != remainder:
        raise refuse("MOR-WAREHOUSE-8", "With that layout you discard {remainder}, not "
                                        "{discard_counts}.",
                                        remainder=describe(remainder),
                                        discard_counts=describe(discard_counts))
    return layout, remainder


def arrange(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    """MOR-WAREHOUSE-6, MOR-TURN-5: move resources between depots, nothing gained or lost."""
    require_turn_free(state, "rearrange")
    player = state["seats"][seat]
    layout = action.get("layout")
    if layout is None or "discard" in action:
        raise refuse("MOR-WAREHOUSE-8", "Give the new layout, e.g. 'arrange d1:shield d3:coin,coin'; "
                                        "discarding is only possible while placing market resources.")
    have = warehouse_totals(player)
    if layout_totals(layout) != have:
        raise refuse("MOR-WAREHOUSE-6", "A rearrangement must keep exactly what you have ({have}).",
                                        have=describe(have))
    before = (player["depots"], player["leader_depots"])
    apply_layout(player, layout)
    if (player["depots"], player["leader_depots"]) == before:
        raise refuse("MOR-WAREHOUSE-6", "That is your warehouse as it is: a rearrangement moves something.")
    return [event("arrange", "{player} rearranged their warehouse.",
                             player=f"{{p{seat}}}")]
