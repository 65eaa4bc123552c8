"""The notation of Lorenzo il Magnifico: one line of text per move (docs/games/lim.md).

Every move has one canonical text, which is what the move log keeps: servants are written when
some are spent, a double-cost card always names its cost, a single-cost card never does, and a
discount is named only when two alternatives would save something. Shorter texts are accepted and
read as their canonical form: a place or take without ``servants:`` spends the fewest servants
the space needs, so old logs and quick typing both keep working.
"""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction, State

from .card_costs import canonical_variant
from .data import ALL_SPACES, BOARD, MEMBERS, PRIVILEGES, TOWER_SPACES
from .effects import REDUCIBLE, card_action_modifier, chooses_reduction, member_value, servant_rate
from .towers import split_space
from .work import work_value0

TAKE_KEYS = ("servants", "cost", "discount")
LEADER_KEYS = ("copy", "member")


def notation(action: dict) -> str:
    """The canonical text of ``action``.

    >>> notation({"type": "place", "member": "black", "space": "green-3", "servants": 0})
    'place black green-3'
    >>> notation({"type": "privilege", "choices": ["coins", "military"], "reduce": "stone"})
    'privilege coins military reduce:stone'
    """
    text = _words(action)
    return f"{text} reduce:{action['reduce']}" if "reduce" in action else text


def _words(action: dict) -> str:
    kind = action["type"]
    if kind in ("place", "take"):
        parts = [kind] + ([action["member"]] if kind == "place" else []) + [action["space"]]
        if action["servants"]:
            parts.append(f"servants:{action['servants']}")
        if "cost" in action:
            parts.append(f"cost:{action['cost']}")
        if "discount" in action:
            parts.append(f"discount:{action['discount']}")
        return " ".join(parts)
    if kind in ("harvest", "production"):
        return kind + (f" servants:{action['servants']}" if action["servants"] else "")
    if kind == "privilege":
        return "privilege " + " ".join(action["choices"])
    if kind == "exchange":
        return f"exchange {action['option'] or 'none'}"
    if kind == "report":
        return "report " + ("support" if action["support"] else "refuse")
    if kind == "tile":
        return f"tile {action['tile']}"
    if kind == "draft":
        return f"draft {action['leader']}"
    if kind == "leader":
        text = f"leader {action['do']} {action['leader']}"
        return text + "".join(f" {key}:{action[key]}" for key in LEADER_KEYS if key in action)
    return kind


def parse(state: State, text: str) -> dict:
    """The canonical action that ``text`` names (``Game.parse`` has bounded and checked the text).

    >>> import games
    >>> state = games.get("lim").setup(2, 1)
    >>> parse(state, "privilege military coins")
    {'type': 'privilege', 'choices': ['coins', 'military']}
    >>> parse(state, "place black council servants:1 servants:2")
    Traceback (most recent call last):
    ...
    games.core.errors.IllegalAction: 'servants:' is written twice in that move.
    """
    words = text.lower().split()
    if not words:
        raise IllegalAction("Write a move, e.g. 'place black council'.", "CORE-NOTATION")
    bad = IllegalAction(
        "'{words}' is not a move of Lorenzo il Magnifico (see /game help for what you can do now).",
        "CORE-NOTATION",
        words=text[:60]
    )
    reduce = [w[len("reduce:") :] for w in words[1:] if w.startswith("reduce:")]
    words = [w for w in words if not w.startswith("reduce:")]
    action = _parse_words(state, words, bad)
    if reduce:
        if len(reduce) > 1:
            raise _twice("reduce")
        if action["type"] not in REDUCIBLE:
            raise bad
        # Wood is what the tile takes when the move does not say: 'reduce:wood' is the same move.
        if not (reduce[0] == "wood" and chooses_reduction(state, _acting_seat(state))):
            action["reduce"] = reduce[0]
    return action


def _twice(key: str) -> IllegalAction:
    return IllegalAction("'{key}:' is written twice in that move.", "CORE-NOTATION",
                         key=key)


def _named(words: list[str], keys: tuple[str, ...], bad: IllegalAction) -> dict[str, str]:
    """The ``key:value`` words of a move; unknown, empty or repeated keys are refused."""
    named: dict[str, str] = {}
    for word in words:
        key, _, value = word.partition(":")
        if key not in keys or not value:
            raise bad
        if key in named:
            raise _twice(key)
        named[key] = value
    return named


def _parse_words(state: State, words: list[str], bad: IllegalAction) -> dict:
    head, rest = words[0], words[1:]
    if head in ("pass", "end", "decline") and not rest:
        return {"type": head}
    if head in ("place", "take"):
        return _parse_take(state, head, rest, bad)
    if head in ("harvest", "production"):
        named = _named(rest, ("servants",), bad)
        return {"type": head, "servants": _number(named.get("servants", "0"), bad)}
    if head == "privilege" and rest:
        order = {name: i for i, name in enumerate(PRIVILEGES)}
        return {"type": "privilege", "choices": sorted(rest, key=lambda c: order.get(c, len(order)))}
    if head == "exchange" and len(rest) == 1:
        return {"type": "exchange", "option": 0 if rest[0] == "none" else _number(rest[0], bad)}
    if head == "report" and len(rest) == 1 and rest[0] in ("support", "refuse"):
        return {"type": "report", "support": rest[0] == "support"}
    if head == "tile" and len(rest) == 1:
        return {"type": "tile", "tile": rest[0].upper()}
    if head == "draft" and len(rest) == 1:
        return {"type": "draft", "leader": rest[0]}
    if head == "leader" and len(rest) >= 2 and ":" not in rest[0] + rest[1]:
        return {"type": "leader", "do": rest[0], "leader": rest[1], **_named(rest[2:], LEADER_KEYS, bad)}
    raise bad


def _parse_take(state: State, head: str, rest: list[str], bad: IllegalAction) -> dict:
    positional = [w for w in rest if ":" not in w]
    named = _named([w for w in rest if ":" in w], TAKE_KEYS, bad)
    action: dict[str, Any] = {"type": head}
    if head == "place":
        if len(positional) != 2 or positional[0] not in MEMBERS:
            raise bad
        action["member"] = positional[0]
    elif len(positional) != 1:
        raise bad
    space = action["space"] = positional[-1]
    if space not in ALL_SPACES:
        raise bad
    seat = _acting_seat(state)
    if "servants" in named:
        action["servants"] = _number(named["servants"], bad)
    else:
        action["servants"] = _default_servants(state, seat, action)
    cost = _number(named["cost"], bad) if "cost" in named else None
    discount = named.get("discount")
    if space in TOWER_SPACES:
        cost, discount = canonical_variant(state, seat, space, cost, discount)
    if cost is not None:
        action["cost"] = cost
    if discount is not None:
        action["discount"] = discount
    return action


def _acting_seat(state: State) -> int:
    return state["turn"]["seat"] if state.get("turn") else 0


def _default_servants(state: State, seat: int, action: dict) -> int:
    """The fewest servants that make the move reach the space's value (a typing shortcut).

    Capped by what the seat holds, so the value check then explains what is missing. Whenever no
    servant is needed this is 0, so the canonical text of a move that spends none (which leaves
    ``servants:`` out) reads back as itself.
    """
    if action["type"] == "take":
        decision = state["pending"][0] if state["pending"] else None
        if not decision or decision["kind"] != "take":
            return 0
        base = decision["value"]
    elif state["seats"][seat]["members"].get(action["member"]) is None and state["phase"] == "actions":
        base = member_value(state, seat, action["member"])
    else:
        return 0
    space = action["space"]
    if space in BOARD["spaces"]:
        info = BOARD["spaces"][space]
        if info["area"] in ("harvest", "production"):
            value0 = work_value0(state, seat, info["area"], base) + info["modifier"]
            return _affordable(state, seat, 1 - value0)
        return _affordable(state, seat, info["value"] - base)
    tower, floor = split_space(space)
    value0 = base + card_action_modifier(state, seat, BOARD["towers"][tower]["card_type"])
    return _affordable(state, seat, BOARD["towers"][tower]["floors"][floor - 1]["value"] - value0)


def _affordable(state: State, seat: int, increase: int) -> int:
    """Servants for ``increase``, capped by what the seat holds."""
    rate = servant_rate(state, seat)
    held = state["seats"][seat]["res"]["servants"]
    return min(max(0, increase), held // rate) * rate


def _number(text: str, error: IllegalAction) -> int:
    if not text.isdigit():
        raise error
    return int(text)
