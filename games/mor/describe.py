"""Masters of Renaissance moves in words, for the descriptive suggestions of ``/mor move``.

The ``/mor`` buttons keep their own menus (``cogs/mor_menus.py``); this module gives every legal
move a label, a menu group, and a confirmation for the moves a player may regret: discarding a
leader, and storing resources so that some are thrown away (each one moves the other players, or
Lorenzo, on the faith track).
"""

from __future__ import annotations

from typing import Any

from games.core import Description, Step

from .data import CARDS, LEADERS
from .view import pending_placement

GROUPS = {
    "keep": "Choose your leaders",
    "market": "Take from the market",
    "place": "Store what you took",
    "arrange": "Rearrange the warehouse",
    "buy": "Buy a development card",
    "produce": "Produce",
    "leader": "Leader actions",
    "end": "End your turn",
}


def describe_action(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Description:
    """``action`` of ``seat`` in words.

    >>> from games.mor import GAME
    >>> state = GAME.setup(2, 7)
    >>> describe_action(state, 0, {"type": "leader", "op": "discard", "leader": "L4"}).destructive
    'The leader is gone for the rest of the game (MOR-LEADER-5).'
    """
    kind = action["type"]
    group = (Step(kind, GROUPS[kind]),)
    if kind == "keep":
        extra = f", start with {' and '.join(action['resources'])}" if action["resources"] else ""
        return Description(f"Keep {' and '.join(_leader(i) for i in action['leaders'])}{extra}", group)
    if kind == "market":
        return Description(f"Take {action['line']} from the market", group)
    if kind == "buy":
        top = state["decks"][action["deck"]][0]
        card = CARDS[top]
        where = "warehouse" if action.get("pay") == "wh" else "strongbox" if action.get("pay") == "sb" else "as named"
        return Description(f"Buy {top} ({card['colour']} {card['level']}, {card['vp']} VP) into slot {action['slot']}, "
                           f"paying from the {where} first", group, gain=(f"card {top}",))
    if kind == "leader":
        name = _leader(action["leader"])
        if action["op"] == "discard":
            return Description(f"Discard {name} for 1 faith", group, (f"leader {name}",), ("1 faith",),
                               destructive="The leader is gone for the rest of the game (MOR-LEADER-5).")
        return Description(f"Play {name}", group)
    if kind == "place":
        return _place(state, action, group)
    if kind == "end":
        return Description("End your turn", group)
    return Description(f"{GROUPS[kind]}: {_words(action)}", group)


def _leader(leader_id: str) -> str:
    leader = LEADERS[leader_id]
    return f"{leader_id} ({leader['ability'].replace('_', ' ')} {leader['resource']})"


def _words(action: dict[str, Any]) -> str:
    """The choices of a produce or arrange move, briefly."""
    parts = []
    for key, value in action.items():
        if key == "type":
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{k} {'+'.join(v) if isinstance(v, list) else v}" for k, v in value.items())
        elif isinstance(value, list):
            value = ", ".join(map(str, value))
        parts.append(f"{key} {value}")
    return "; ".join(parts) or "as suggested"


def _place(state: dict[str, Any], action: dict[str, Any], group: tuple[Step, ...]) -> Description:
    pending = pending_placement(state)
    held = sum(len(units) for units in pending["current_layout"].values()) + sum(pending["gained"].values())
    if "layout" in action:
        lost = held - sum(len(units) for units in action["layout"].values())
        label = f"Store: {_words({'layout': action['layout']})}"
    else:
        lost = sum(pending["default_discard"].values())
        label = "Store as suggested"
    if not lost:
        return Description(label, group)
    return Description(f"{label} (discards {lost})", group, (f"{lost} discarded resource(s)",),
                       destructive=f"{lost} resource(s) are thrown away: each moves every other player "
                                   "(or Lorenzo) 1 step on the faith track (MOR-WAREHOUSE-9).")
