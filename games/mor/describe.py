"""Masters of Renaissance moves in words, for the descriptive suggestions of ``/mor move``.

The ``/mor`` buttons keep their own menus (``cogs/mor_menus.py``); this module gives every legal
move a label, a menu group, and a confirmation for the moves a player may regret: discarding a
leader, and storing resources so that some are thrown away (each one moves the other players, or
Lorenzo, on the faith track). Every text is a :class:`~games.core.Message` (cards and leaders are
:class:`~games.core.Name` parameters, resources game terms), so the bot writes it in the
reader's language.
"""

from __future__ import annotations

from typing import Any

from games.core import Description, Message, Name, Step
from games.core.describe import AND, amounts, listing

from .data import CARDS, LEADERS
from .view import pending_placement

GROUPS = {
    "keep": Message("Choose your leaders"),
    "market": Message("Take from the market"),
    "place": Message("Store what you took"),
    "arrange": Message("Rearrange the warehouse"),
    "buy": Message("Buy a development card"),
    "produce": Message("Produce"),
    "leader": Message("Play or discard a leader"),
    "end": Message("End your turn"),
}


def describe_action(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Description:
    """``action`` of ``seat`` in words.

    >>> from games.mor import GAME
    >>> state = GAME.setup(2, 7)
    >>> describe_action(state, 0, {"type": "leader", "op": "discard", "leader": "L4"}).destructive
    'The leader is gone for the rest of the game.'
    """
    kind = action["type"]
    group = (Step(kind, GROUPS[kind]),)
    if kind == "keep":
        extra = (Message(", start with {resources}", resources=" and ".join(action["resources"]))
                 if action["resources"] else "")
        return Description(Message("Keep {leaders}{extra}", leaders=listing([_leader(i) for i in action["leaders"]], AND),
                                   extra=extra), group)
    if kind == "market":
        return Description(Message("Take {line} from the market", line=action["line"]), group)
    if kind == "buy":
        return _buy(state, action, group)
    if kind == "leader":
        name = Name("mor", action["leader"], action["leader"])
        if action["op"] == "discard":
            return Description(Message("Discard {leader} for 1 faith", leader=_leader(action["leader"])), group,
                               (Message("leader {leader}", leader=name),), (amounts("1 faith"),),
                               destructive=Message("The leader is gone for the rest of the game."))
        return Description(Message("Play {leader}", leader=_leader(action["leader"])), group)
    if kind == "place":
        return _place(state, action, group)
    if kind == "end":
        return Description(GROUPS["end"], group)
    choices = _layout(action["layout"]) if set(action) == {"type", "layout"} else _words(action)
    return Description(Message("{group}: {choices}", group=GROUPS[kind], choices=choices), group)


def _leader(leader_id: str) -> Message:
    """A leader and its ability: 'L4 (servant discount)'."""
    leader = LEADERS[leader_id]
    name, resource = Name("mor", leader_id, leader_id), leader["resource"]
    if leader["ability"] == "discount":
        return Message("{leader} ({resource} discount)", leader=name, resource=resource)
    if leader["ability"] == "extra_depot":
        return Message("{leader} ({resource} extra depot)", leader=name, resource=resource)
    if leader["ability"] == "white_marble":
        return Message("{leader} (white marble → {resource})", leader=name, resource=resource)
    return Message("{leader} ({resource} extra production)", leader=name, resource=resource)


def _buy(state: dict[str, Any], action: dict[str, Any], group: tuple[Step, ...]) -> Description:
    top = state["decks"][action["deck"]][0]
    card = CARDS[top]
    name = Name("mor", top, top)
    if action.get("pay") == "wh":
        paying = Message("paying from the warehouse first")
    elif action.get("pay") == "sb":
        paying = Message("paying from the strongbox first")
    else:
        paying = Message("paying as named")
    return Description(Message("Buy {card} ({colour} {level}, {vp} VP) into slot {slot}, {paying}", card=name,
                               colour=card["colour"], level=card["level"], vp=card["vp"], slot=action["slot"],
                               paying=paying), group, gain=(Message("card {card}", card=name),))


def _words(action: dict[str, Any]) -> str:
    """The choices of a produce or arrange move, briefly (in the notation's words)."""
    parts = []
    for key, value in action.items():
        if key == "type":
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{k} {'+'.join(v) if isinstance(v, list) else v}" for k, v in value.items())
        elif isinstance(value, list):
            value = ", ".join(map(str, value))
        parts.append(f"{key} {value}")
    return "; ".join(parts) or Message("as suggested")


def _layout(layout: dict[str, list[str]]) -> Message:
    """A warehouse layout, depot by depot: 'd1: 1 coin, d3: 2 stone'."""
    return listing([Message("{depot}: {goods}", depot=depot,
                            goods=", ".join(f"{units.count(kind)} {kind}" for kind in dict.fromkeys(units)))
                    for depot, units in layout.items()])


def _place(state: dict[str, Any], action: dict[str, Any], group: tuple[Step, ...]) -> Description:
    pending = pending_placement(state)
    held = sum(len(units) for units in pending["current_layout"].values()) + sum(pending["gained"].values())
    if "layout" in action:
        lost = held - sum(len(units) for units in action["layout"].values())
        label = Message("Store: {layout}", layout=_layout(action["layout"]))
    else:
        lost = sum(pending["default_discard"].values())
        label = Message("Store as suggested")
    if not lost:
        return Description(label, group)
    return Description(Message("{move} (discards {n})", move=label, n=lost), group,
                       (Message("{n} discarded resource(s)", n=lost),),
                       destructive=Message("{n} resource(s) are thrown away: each moves every other player "
                                           "(or Lorenzo) 1 step on the faith track.", n=lost))
