"""The typable notation of Masters of Renaissance actions (see docs/games/mor.md).

``notation(action)`` writes the text; ``parse(text)`` reads any accepted spelling
(case-insensitive, resources in any order), so ``parse(notation(a)) == a``. This is the literal
reading only: what a move *means* in a position (the slot a plain ``buy`` uses, whether a payment
split is just "warehouse first") is settled by :mod:`games.mor.settle`.

A key (``slot:``, ``pay:``, ``d1:``, ``L14:``...) may appear once in a move: a repeated key would
silently keep only the last value, so it is refused (CORE-NOTATION).

>>> notation(parse("BUY Green-2 pay:sb slot:3"))
'buy green-2 slot:3 pay:sb'
>>> parse("produce L14:coin c19 base:stone+coin>shield")
{'type': 'produce', 'base': {'in': ['coin', 'stone'], 'out': 'shield'}, 'cards': ['c19'], 'leaders': {'L14': 'coin'}}
>>> parse("place d1:coin d1:servant")
Traceback (most recent call last):
...
games.core.errors.IllegalAction: I cannot read 'place d1:coin d1:servant': 'd1:' is given twice; name each thing once.
"""

from __future__ import annotations

import re
from typing import Any

from games.core import IllegalAction
from games.core.message import Message

from .data import CARDS, DECK_IDS, LEADERS, RESOURCES, id_number
from .warehouse import BASE_PLACES

_RESOURCE_ALIASES = {r: r for r in RESOURCES} | {"coins": "coin", "stones": "stone", "servants": "servant",
                                                  "shields": "shield"}
_LINE = re.compile(r"^(row|col)-(\d)$", re.ASCII)
_COUNT_DIGITS = 2
"""No move names 100 units of a resource: a longer count is a typo (and must not build a huge list)."""


def _unreadable(text: str, hint: str) -> IllegalAction:
    return IllegalAction("I cannot read '{words}': {hint}", "CORE-NOTATION",
                         words=text, hint=hint)


def _sorted_resources(units: list[str]) -> list[str]:
    return sorted(units, key=RESOURCES.index)


def _resources(text: str, whole: str) -> list[str]:
    """'coin,stone*2' or '2stone' -> ['coin', 'stone', 'stone'] (unsorted)."""
    units: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        count = 1
        match = re.fullmatch(r"(\d+)\s*\*?\s*([a-z]+)|([a-z]+)\s*\*\s*(\d+)", part)
        if match:
            digits = match.group(1) or match.group(4)
            part = match.group(2) or match.group(3)
            if len(digits) > _COUNT_DIGITS:
                raise _unreadable(whole, Message("{digits} {part} is more than any move uses.", digits=digits, part=part))
            count = int(digits)
        name = _RESOURCE_ALIASES.get(part)
        if name is None:
            raise _unreadable(whole, Message("'{part}' is not a resource (coin, stone, servant, shield).", part=part))
        units += [name] * count
    return units


def _leader_id(text: str, whole: str) -> str:
    leader_id = "L" + text[1:] if text[:1] in "lL" and text[1:].isdigit() else text
    if leader_id not in LEADERS:
        raise _unreadable(whole, Message("'{card}' is not a leader card (L1 to L16).", card=text))
    return leader_id


def _card_id(text: str, whole: str) -> str:
    card_id = text.lower()
    if card_id not in CARDS:
        raise _unreadable(whole, Message("'{card}' is not a development card (c1 to c48).", card=text))
    return card_id


def _layout_text(layout: dict[str, list[str]]) -> list[str]:
    places = [p for p in BASE_PLACES if layout.get(p)]
    places += sorted((p for p in layout if p not in BASE_PLACES and layout[p]), key=id_number)
    return [f"{p}:{','.join(layout[p])}" for p in places]


def _pay_text(pay: Any) -> list[str]:
    if pay is None:
        return []
    if isinstance(pay, str):
        return [f"pay:{pay}"]
    return [f"{src}:{','.join(pay[src])}" for src in ("wh", "sb") if pay.get(src)]


def notation(action: dict[str, Any]) -> str:
    kind = action.get("type")
    if kind == "keep":
        words = ["keep", *action["leaders"]]
        if action["resources"]:
            words.append("res:" + ",".join(action["resources"]))
        return " ".join(words)
    if kind == "market":
        words = ["market", action["line"]]
        if "white" in action:
            words.append("white:" + ",".join(action["white"]))
        return " ".join(words)
    if kind in ("place", "arrange"):
        words = [kind]
        if "layout" in action:
            words += _layout_text(action["layout"]) or ["empty"]
        if "discard" in action:
            words.append("discard:" + ",".join(action["discard"]))
        return " ".join(words)
    if kind == "buy":
        words = ["buy", action["deck"]]
        if "slot" in action:
            words.append(f"slot:{action['slot']}")
        return " ".join(words + _pay_text(action.get("pay")))
    if kind == "produce":
        words = ["produce"]
        if "base" in action:
            words.append(f"base:{'+'.join(action['base']['in'])}>{action['base']['out']}")
        words += action.get("cards", [])
        leaders = action.get("leaders", {})
        words += [f"{i}:{leaders[i]}" for i in sorted(leaders, key=id_number)]
        return " ".join(words + _pay_text(action.get("pay")))
    if kind == "leader":
        return f"leader {action['op']} {action['leader']}"
    if kind == "end":
        return "end"
    raise IllegalAction("That is not a move of this game.", "CORE-NOTATION")


def parse(text: str) -> dict[str, Any]:
    """The action ``text`` spells, read literally (see the module docstring)."""
    if not isinstance(text, str) or not text.strip():
        raise _unreadable(str(text), "say what you want to do, e.g. 'market row-2' or 'end'.")
    words = text.strip().split()
    head, rest = words[0].lower(), words[1:]
    _refuse_repeated_keys(rest, text)
    if head == "keep":
        return _parse_keep(rest, text)
    if head == "market":
        return _parse_market(rest, text)
    if head in ("place", "arrange"):
        return _parse_layout_action(head, rest, text)
    if head == "buy":
        return _parse_buy(rest, text)
    if head == "produce":
        return _parse_produce(rest, text)
    if head == "leader":
        if len(rest) != 2 or rest[0].lower() not in ("play", "discard"):
            raise _unreadable(text, "write 'leader play L5' or 'leader discard L2'.")
        return {"type": "leader", "op": rest[0].lower(), "leader": _leader_id(rest[1], text)}
    if head == "end" and not rest:
        return {"type": "end"}
    raise _unreadable(text, "moves are keep, market, place, arrange, buy, produce, leader and end.")


def _refuse_repeated_keys(words: list[str], text: str) -> None:
    """CORE-NOTATION: each key once, and no two keys that say the same thing two ways."""
    seen: set[str] = set()
    for word in words:
        key = word.partition(":")[0].lower()
        if ":" not in word and key != "empty":
            continue
        if key in seen:
            raise _unreadable(text, Message("'{key}' is given twice; name each thing once.",
                                     key=key + (":" if key != "empty" else "")))
        seen.add(key)
    if "pay" in seen and seen & {"wh", "sb"}:
        raise _unreadable(text, "pay either with pay:wh or pay:sb or with wh:... sb:..., not both.")
    if "empty" in seen and any(key in BASE_PLACES or key[:1] == "l" for key in seen):
        raise _unreadable(text, "'empty' means no depot holds anything: do not list depots with it.")


def _split(word: str) -> tuple[str, str]:
    key, _, value = word.partition(":")
    return key.lower(), value.lower()


def _parse_keep(rest: list[str], text: str) -> dict[str, Any]:
    leaders, resources = [], []
    for word in rest:
        key, value = _split(word)
        if key == "res":
            resources += _resources(value, text)
        else:
            leaders.append(_leader_id(word, text))
    return {"type": "keep", "leaders": sorted(leaders, key=id_number),
            "resources": _sorted_resources(resources)}


def _parse_market(rest: list[str], text: str) -> dict[str, Any]:
    if not rest or not _LINE.match(rest[0].lower()):
        raise _unreadable(text, "choose a line: row-1 to row-3 or col-1 to col-4, e.g. 'market row-2'.")
    action: dict[str, Any] = {"type": "market", "line": rest[0].lower()}
    for word in rest[1:]:
        key, value = _split(word)
        if key != "white":
            raise _unreadable(text, "after the line only 'white:coin,shield' may follow.")
        action["white"] = _sorted_resources(_resources(value, text))
    return action


def _parse_layout_action(head: str, rest: list[str], text: str) -> dict[str, Any]:
    action: dict[str, Any] = {"type": head}
    layout: dict[str, list[str]] = {}
    for word in rest:
        key, value = _split(word)
        if key == "discard":
            action["discard"] = _sorted_resources(_resources(value, text))
        elif key == "empty" and not value:
            action["layout"] = layout
        elif key in BASE_PLACES:
            layout[key] = _resources(value, text)
            action["layout"] = layout
        elif key[:1] == "l" and key[1:].isdigit():
            layout[_leader_id(key, text)] = _resources(value, text)
            action["layout"] = layout
        else:
            raise _unreadable(text, "write depots as d1:coin d2:stone,stone, leader depots as L5:stone, "
                             "and discards as discard:servant.")
    if "layout" in action:
        action["layout"] = {k: v for k, v in layout.items() if v}
    return action


def _parse_pay(key: str, value: str, action: dict[str, Any], text: str) -> bool:
    if key == "pay" and value in ("wh", "sb"):
        action["pay"] = value
        return True
    if key in ("wh", "sb"):
        pay = action.get("pay") if isinstance(action.get("pay"), dict) else {}
        pay[key] = _sorted_resources(_resources(value, text))
        action["pay"] = pay
        return True
    return False


def _parse_buy(rest: list[str], text: str) -> dict[str, Any]:
    if not rest or rest[0].lower() not in DECK_IDS:
        raise _unreadable(text, "name a deck as colour-level, e.g. 'buy green-2'.")
    action: dict[str, Any] = {"type": "buy", "deck": rest[0].lower()}
    for word in rest[1:]:
        key, value = _split(word)
        if key == "slot" and re.fullmatch(r"[0-9]{1,2}", value):
            action["slot"] = int(value)
        elif not _parse_pay(key, value, action, text):
            raise _unreadable(text, "after the deck write slot:N and optionally pay:wh, pay:sb or wh:... sb:...")
    return action


def _parse_produce(rest: list[str], text: str) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "produce"}
    cards: list[str] = []
    leaders: dict[str, str] = {}
    for word in rest:
        key, value = _split(word)
        if key == "base":
            inputs, arrow, output = value.partition(">")
            outs = _resources(output, text)
            if not arrow or len(outs) != 1:
                raise _unreadable(text, "write the base production as base:coin+stone>shield.")
            action["base"] = {"in": _sorted_resources(_resources(inputs.replace("+", ","), text)),
                              "out": outs[0]}
        elif key[:1] == "c" and key[1:].isdigit() and not value:
            cards.append(_card_id(key, text))
        elif key[:1] == "l" and key[1:].isdigit():
            outs = _resources(value, text)
            if len(outs) != 1:
                raise _unreadable(text, "a production leader needs the resource it makes, e.g. L13:coin.")
            leaders[_leader_id(key, text)] = outs[0]
        elif not _parse_pay(key, value, action, text):
            raise _unreadable(text, "list powers as base:coin+stone>shield, card ids (c12) and leaders (L13:coin).")
    if cards:
        action["cards"] = sorted(cards, key=id_number)
    if leaders:
        action["leaders"] = leaders
    return action
