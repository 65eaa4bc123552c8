"""The questions behind the Masters of Renaissance buttons and selects (no Discord here).

A move is built as a *partial notation*: the move's text with ``?`` where a choice is still open,
for example ``produce base:?>? c12 L13:?``. :func:`ask` turns the first ``?`` into a
:class:`Question` (what to ask, and the options with the text that replaces the ``?``) for the
seat that must answer, so every button and select only ever carries plain notation, and the
engine stays the judge of every finished move. Only the asking seat's own view and its legal
actions are read (never the game state), so the options (its leaders, its resources) are shown
to that player alone and nothing hidden from that seat can leak into them. Every text is a
:class:`~i18n.Message` (or plain words of game terms such as ``coin + stone``), which the
buttons and selects write in the reader's language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations_with_replacement, product
from typing import Any

from i18n import Message, counted
from bot.menus import OPTION_LIMIT
from games.core import IllegalAction
from games.mor import card_details, leader_details
from games.mor.data import CARDS, LEADERS, MARBLE_GIVES, RESOURCES

ROMAN = {1: "I", 2: "II", 3: "III"}
LINES = [f"row-{r}" for r in (1, 2, 3)] + [f"col-{c}" for c in (1, 2, 3, 4)]
ABILITY_WORDS = {
    "discount": Message("pays 1 {r} less for cards"),
    "extra_depot": Message("extra depot for 2 {r}"),
    "white_marble": Message("white marbles give {r}"),
    "extra_production": Message("produce: 1 {r} → 1 of your choice + 1 faith"),
}


@dataclass
class Option:
    """One answer: ``label`` (a :class:`Message`, or plain words such as ``coin + stone`` that the
    menu writes term by term in the reader's language) and the ``token`` that fills the ``?``."""

    label: str
    token: str
    description: str = ""


@dataclass
class Question:
    text: str
    options: list[Option]
    min_values: int = 1
    max_values: int = 1
    extra: list[Option] = field(default_factory=list)
    """Shortcut buttons shown next to the options (e.g. "Confirm" and "Discard what I took")."""


def fill(partial: str, chosen: list[str]) -> str:
    """``partial`` with its first ``?`` replaced by the chosen tokens."""
    return partial.replace("?", " ".join(chosen), 1)


# ----------------------------------------------------------------------------- wording
def joined(parts: list[Any], separator: str) -> Message:
    """``parts`` one after another, each written in the reader's language (the template is made of
    the parts alone, so no catalogue needs it)."""
    keys = [f"part{index}" for index in range(len(parts))]
    return Message(separator.join("{" + key + "}" for key in keys), **dict(zip(keys, parts)))


def amounts(counts: dict[str, int]) -> str:
    """'2 coin, 1 stone' in the game's resource order; 'nothing' when empty (a message parameter
    of this shape is translated term by term)."""
    parts = [f"{counts[r]} {r}" for r in (*RESOURCES, "faith") if counts.get(r)]
    return ", ".join(parts) if parts else "nothing"


def card_label(card_id: str, cost: dict[str, int] | None = None) -> Message:
    card = card_details(card_id)
    return Message("{card} {colour} {level}: costs {price}; {input} → {output}; {vp} VP",
                   card=card_id, colour=card["colour"], level=ROMAN[card["level"]],
                   price=amounts(card["cost"] if cost is None else cost), input=amounts(card["input"]),
                   output=amounts(card["output"]), vp=card["vp"])


def leader_summary(leader_id: str) -> Message:
    """What a leader does, needs and is worth: 'extra depot for 2 stone; needs 5 yellow; 3 VP'."""
    leader = leader_details(leader_id)
    ability = Message(ABILITY_WORDS[leader["ability"]].template, r=leader["resource"])
    return Message("{ability}; needs {requirement}; {vp} VP", ability=ability,
                   requirement=requirement_text(leader["requires"]), vp=leader["vp"])


def leader_label(leader_id: str) -> Message:
    return Message("{leader}: {summary}", leader=leader_id, summary=leader_summary(leader_id))


def requirement_text(requires: dict[str, Any]) -> str:
    if "resources" in requires:
        return amounts(requires["resources"])
    parts = [Message("{count} {colour} {level}", count=need["count"], colour=need["colour"], level=ROMAN[need["level"]])
             if need["level"] else f"{need['count']} {need['colour']}" for need in requires["cards"]]
    cards = joined(parts, " + ")
    if sum(need["count"] for need in requires["cards"]) > 1:
        return Message("{cards} cards", cards=cards)
    return Message("{cards} card", cards=cards)


def layout_text(layout: dict[str, list[str]]) -> Message:
    """'d1 coin · d2 2 stone · L5 1 stone' (or 'empty')."""
    parts = [Message("{place} {amount}", place=place, amount=stored(units)) for place, units in layout.items() if units]
    return joined(parts, " · ") if parts else Message("empty")


def stored(units: list[str]) -> str:
    """What one depot holds: 'coin', or '2 stone'."""
    return f"{len(units)} {units[0]}" if len(units) > 1 else units[0]


def layout_notation(head: str, layout: dict[str, list[str]]) -> str:
    """``place d1:coin d2:2stone``: the compact spelling the engine reads (what it omits is discarded)."""
    words = [f"{place}:{len(units)}{units[0]}" if len(units) > 1 else f"{place}:{units[0]}"
             for place, units in layout.items() if units]
    return " ".join([head, *(words or ["empty"])])


def line_gains(view: dict[str, Any], seat: int, line: str) -> str:
    """What taking ``line`` would give ``seat`` now, e.g. '2 coin, 1 faith, 1 white (→ stone)'."""
    grid = view["market"]["grid"]
    kind, _, number = line.partition("-")
    index = int(number) - 1
    marbles = grid[index] if kind == "row" else [row[index] for row in grid]
    gained: dict[str, int] = {}
    for colour in marbles:
        gives = MARBLE_GIVES[colour]
        if gives is not None:
            gained[gives] = gained.get(gives, 0) + 1
    whites = marbles.count("white")
    if not whites:
        return amounts(gained)
    into = " or ".join(white_options(view, seat)) or "nothing"
    if gained:
        return Message("{gained}, {whites} white (→ {into})", gained=amounts(gained), whites=whites, into=into)
    return Message("{whites} white (→ {into})", whites=whites, into=into)


def white_options(view: dict[str, Any], seat: int) -> list[str]:
    return [leader["resource"] for leader in view["players"][seat]["leaders"] if leader["ability"] == "white_marble"]


# ----------------------------------------------------------------------------- layouts
def layouts(view: dict[str, Any], seat: int, available: dict[str, int]) -> list[tuple[dict[str, list[str]], int]]:
    """Every warehouse layout that stores as much as its depot choice allows, best first.

    Each base depot gets a different type (or stays empty) and is filled as far as ``available``
    allows after the leader depots; leader depots take 0..2 of their own type. Returns
    ``(layout, kept)`` pairs, most resources kept first.
    """
    player = view["players"][seat]
    base = [(d["depot"], d["capacity"]) for d in player["depots"]]
    extra = [(d["leader"], d["resource"], d["capacity"]) for d in player["leader_depots"]]
    types = [r for r in RESOURCES if available.get(r)]
    seen: dict[str, tuple[dict[str, list[str]], int]] = {}
    for extra_counts in product(*[range(min(cap, available.get(res, 0)) + 1) for _, res, cap in extra]):
        left = dict(available)
        layout: dict[str, list[str]] = {}
        for (leader, res, _), n in zip(extra, extra_counts):
            left[res] -= n
            if n:
                layout[leader] = [res] * n
        for choice in product([None, *types], repeat=len(base)):
            chosen = [c for c in choice if c is not None]
            if len(set(chosen)) != len(chosen):
                continue
            full = dict(layout)
            for (place, capacity), res in zip(base, choice):
                if res is not None and left.get(res, 0) > 0:
                    full[place] = [res] * min(capacity, left[res])
            ordered = {p: full[p] for p in [*(b for b, _ in base), *(e for e, _, _ in extra)] if p in full}
            key = layout_notation("", ordered)
            if key not in seen:
                seen[key] = (ordered, sum(len(u) for u in ordered.values()))
    return sorted(seen.values(), key=lambda item: (-item[1], layout_notation("", item[0])))


def warehouse_layout(view: dict[str, Any], seat: int) -> dict[str, list[str]]:
    player = view["players"][seat]
    layout = {d["depot"]: [d["resource"]] * d["count"] for d in player["depots"] if d["count"]}
    layout.update({d["leader"]: [d["resource"]] * d["count"] for d in player["leader_depots"] if d["count"]})
    return layout


def placement(view: dict[str, Any], seat: int) -> Question:
    """What the player took, the suggested layout, and the ways to answer (confirm, discard, rearrange)."""
    pending = view["pending"]
    suggested = layout_text(pending["default_layout"])
    discards = amounts(pending["default_discard"])
    who = Message("Lorenzo's black cross moves 1 space") if view["solo_mode"] else Message("every other player gains 1 faith")
    lines = [Message("You took **{gained}**.", gained=amounts(pending["gained"])),
             Message("Suggested warehouse: {layout} (discards {discards}).", layout=suggested, discards=discards)
             if pending["default_discard"] else Message("Suggested warehouse: {layout}.", layout=suggested),
             Message("Each discarded resource: {who} (MOR-WAREHOUSE-9).", who=who)]
    extra = [Option(Message("Confirm"), "place")]
    if pending["current_layout"] != pending["default_layout"]:
        extra.append(Option(Message("Discard what I took"), layout_notation("place", pending["current_layout"])))
    extra.append(Option(Message("Rearrange…"), "place ?"))
    return Question(joined(lines, "\n"), [], extra=extra)


# ----------------------------------------------------------------------------- questions
def ask(view: dict[str, Any], actions: list[dict[str, Any]], partial: str) -> Question:
    """The question for the first ``?`` of ``partial``, asked of the seat whose ``view`` (with its
    ``you`` part) and legal ``actions`` these are; that seat must be acting."""
    seat = view["you"]["seat"]
    before = partial.split("?", 1)[0]
    head = before.split(" ", 1)[0]
    if head in ("market", "buy", "produce") and view["turn"]["main_action_done"]:
        raise IllegalAction("You have already taken your main action this turn: you may play or discard "
                            "leaders, then end your turn (MOR-TURN-3).", "MOR-TURN-3")
    if before == "keep ":
        return _keep_leaders(view, partial)
    if before.endswith("res:"):
        return _starting_resources(view, before)
    if before == "market ":
        return Question(Message("Which line of the market? (MOR-MARKET-2)"), [
            Option(Message("{line}: {gains}", line=line, gains=line_gains(view, seat, line)), line) for line in LINES])
    if before.endswith("white:"):
        return _white_choices(view, seat, before)
    if before == "buy ":
        return _cards_to_buy(view)
    if head == "buy":
        return _buy_variants(view, actions, before)
    if before == "produce ":
        return _powers(view, seat)
    if before.endswith("base:"):
        return _base_inputs(view, seat, partial)
    if before.endswith(">") or re.search(r"L\d+:$", before):
        what = Message("the base production") if before.endswith(">") else before.split()[-1].rstrip(":")
        return Question(Message("What does {what} make? (MOR-PROD-4, MOR-LEADER-17)", what=what),
                        [Option(r, r) for r in RESOURCES])
    if before == "leader ":
        return _leader_actions(actions)
    if before in ("place ", "arrange "):
        return _layouts(view, seat, head)
    raise IllegalAction("That choice is not available.", "CORE-NOTATION")


def _keep_leaders(view: dict[str, Any], partial: str) -> Question:
    you = view["you"]
    if not you["dealt"]:
        raise IllegalAction("You have already chosen your leaders.", "MOR-SETUP-13")
    options = [Option(leader["id"], leader["id"], leader_summary(leader["id"])) for leader in you["dealt"]]
    text = Message("Keep 2 of your 4 leaders (MOR-SETUP-13); only you see them.")
    return Question(text, options, min_values=2, max_values=2)


def _starting_resources(view: dict[str, Any], before: str) -> Question:
    wanted = view["you"]["starting_resources"]
    options = [Option(" + ".join(combo), ",".join(combo)) for combo in combinations_with_replacement(RESOURCES, wanted)]
    kept = " ".join(re.findall(r"L\d+", before))
    return Question(counted("Leaders kept: {kept}. Now choose {wanted} starting resource (MOR-SETUP-17).",
                            "Leaders kept: {kept}. Now choose {wanted} starting resources (MOR-SETUP-17).",
                            by="wanted", kept=kept, wanted=wanted), options)


def _white_choices(view: dict[str, Any], seat: int, before: str) -> Question:
    line = before.split()[1]
    grid = view["market"]["grid"]
    kind, _, number = line.partition("-")
    index = int(number) - 1
    whites = (grid[index] if kind == "row" else [row[index] for row in grid]).count("white")
    choices = sorted(white_options(view, seat), key=RESOURCES.index)
    options = [Option(" + ".join(combo), ",".join(combo)) for combo in combinations_with_replacement(choices, whites)]
    return Question(counted("{line} has {whites} white marble: what does it become? (MOR-LEADER-16)",
                            "{line} has {whites} white marbles: what does each become? (MOR-LEADER-16)",
                            by="whites", line=line, whites=whites), options)


def _cards_to_buy(view: dict[str, Any]) -> Question:
    cards = view["you"]["affordable"]
    if not cards:
        raise IllegalAction("You cannot afford any card in the grid now (or have no slot for it) "
                            "(MOR-BUY-3, MOR-BUY-10).", "MOR-BUY-3")
    return Question(Message("Which card? Only the ones you can afford now, with their cost after discounts "
                            "(MOR-BUY-1)."),
                    [Option(card_label(c["id"], c["cost"]), c["deck"]) for c in cards])


def _buy_variants(view: dict[str, Any], actions: list[dict[str, Any]], before: str) -> Question:
    deck = before.split()[1]
    # The menu offers the two named orders; an explicit split is typed (and autocompleted).
    variants = [a for a in actions if a["type"] == "buy" and a["deck"] == deck and isinstance(a["pay"], str)]
    if not variants:
        raise IllegalAction("You cannot buy the top card of {deck} now (MOR-BUY-3, MOR-BUY-10).", "MOR-BUY-3",
                            deck=deck)
    options = []
    for action in variants:
        label = (Message("Slot {slot}, pay warehouse first", slot=action["slot"]) if action["pay"] == "wh"
                 else Message("Slot {slot}, pay strongbox first", slot=action["slot"]))
        options.append(Option(label, f"slot:{action['slot']} pay:{action['pay']}"))
    return Question(Message("Where does {card} go, and how do you pay? (MOR-BUY-4, MOR-BUY-6)",
                            card=top_card(view, deck)), options)


def top_card(view: dict[str, Any], deck: str) -> str | None:
    """The id of the card on top of ``deck`` (the only one a view shows), or None when it is empty."""
    top = next((d["top"] for d in view["decks"] if d["deck"] == deck), None)
    return top["id"] if top else None


def _holdings(view: dict[str, Any], seat: int) -> dict[str, int]:
    player = view["players"][seat]
    held = dict(player["warehouse"])
    for r, n in player["strongbox"].items():
        held[r] = held.get(r, 0) + n
    return {r: n for r, n in held.items() if n}


def _powers(view: dict[str, Any], seat: int) -> Question:
    player = view["players"][seat]
    held = _holdings(view, seat)
    options = []
    if sum(held.values()) >= 2:
        options.append(Option(Message("Base: 2 resources → 1 of your choice"), "base:?>?", "MOR-PROD-4"))
    for slot in player["slots"]:
        card = slot["top"]
        if card and all(held.get(r, 0) >= n for r, n in card["input"].items()):
            options.append(Option(Message("{card}: {input} → {output}", card=card["id"], input=amounts(card["input"]),
                                          output=amounts(card["output"])),
                                  card["id"], Message("slot {slot}", slot=slot["slot"])))
    for leader in player["leaders"]:
        if leader["ability"] == "extra_production" and held.get(leader["resource"], 0):
            options.append(Option(Message("{leader}: 1 {resource} → 1 of your choice + 1 faith",
                                          leader=leader["id"], resource=leader["resource"]), f"{leader['id']}:?"))
    if not options:
        raise IllegalAction("You have nothing to produce with: every power needs resources you do not hold "
                            "(MOR-PROD-6).", "MOR-PROD-6")
    return Question(Message("Which production powers? They run together; inputs come from what you hold now "
                            "(MOR-PROD-3, MOR-PROD-6)."), options, max_values=len(options))


def _base_inputs(view: dict[str, Any], seat: int, partial: str) -> Question:
    left = _holdings(view, seat)
    for word in partial.split()[1:]:  # the other chosen powers use their inputs first
        source = CARDS.get(word) or LEADERS.get(word.split(":")[0])
        if source:
            for r, n in source["input"].items():
                left[r] = left.get(r, 0) - n
    options = [Option(" + ".join(pair), "+".join(pair)) for pair in combinations_with_replacement(RESOURCES, 2)
               if all(left.get(r, 0) >= pair.count(r) for r in pair)]
    if not options:
        raise IllegalAction("After the other powers you chose, you do not hold 2 resources for the base "
                            "production (MOR-PROD-6).", "MOR-PROD-6")
    return Question(Message("What does the base production pay? (MOR-PROD-4)"), options)


def _leader_actions(actions: list[dict[str, Any]]) -> Question:
    actions = [a for a in actions if a["type"] == "leader"]
    if not actions:
        raise IllegalAction("You have no leader in hand to play or discard now (MOR-LEADER-2, MOR-TURN-4).",
                            "MOR-LEADER-2")
    options = []
    for action in actions:
        label = (Message("Play {leader}", leader=leader_label(action["leader"])) if action["op"] == "play"
                 else Message("Discard (+1 faith) {leader}", leader=leader_label(action["leader"])))
        options.append(Option(label, f"{action['op']} {action['leader']}"))
    return Question(Message("Which leader action? (MOR-LEADER-4, MOR-LEADER-5)"), options)


def _layouts(view: dict[str, Any], seat: int, head: str) -> Question:
    current = warehouse_layout(view, seat)
    available = dict(view["players"][seat]["warehouse"])
    if head == "place":
        if view["pending"] is None:
            raise IllegalAction("There is nothing to place: placing follows a market action (MOR-WAREHOUSE-7).",
                                "MOR-WAREHOUSE-7")
        for r, n in view["pending"]["gained"].items():
            available[r] = available.get(r, 0) + n
    total = sum(available.values())
    options = []
    for layout, kept in layouts(view, seat, available):
        if head == "arrange" and (kept < total or layout == current):
            continue
        label = (Message("{layout} (discard {lost})", layout=layout_text(layout), lost=total - kept) if kept < total
                 else layout_text(layout))
        options.append(Option(label, layout_notation("", layout).strip()))
    if not options:
        raise IllegalAction("There is no other way to arrange your warehouse (MOR-WAREHOUSE-6).", "MOR-WAREHOUSE-6")
    text = (Message("Store the resources like this (MOR-WAREHOUSE-1..6; whatever a layout leaves out is discarded):")
            if head == "place" else
            Message("Rearrange your warehouse like this (MOR-WAREHOUSE-1..6; whatever a layout leaves out is "
                    "discarded):"))
    return Question(text, options[:OPTION_LIMIT])


def complete(view: dict[str, Any], text: str) -> str:
    """``text`` with the open choices the seat of ``view`` still has to make marked ``?``.

    ``keep`` asks for starting resources when the seat gets some (MOR-SETUP-17); a market line
    asks what each white marble becomes when two white-marble leaders are in play (MOR-LEADER-16).
    """
    seat = view["you"]["seat"]
    if view["phase"] == "setup" and text == "keep ?" and view["you"]["starting_resources"]:
        return "keep ? res:?"
    match = re.fullmatch(r"market ((?:row|col)-\d)", text)
    if (match and match[1] in LINES and len(white_options(view, seat)) > 1
            and "white" in line_gains(view, seat, match[1])):
        return f"{text} white:?"
    return text
