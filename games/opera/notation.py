"""The typable notation of Opera Magna moves (see docs/games/opera.md).

``notation(action)`` writes the canonical text; ``parse(state, text)`` reads any accepted
spelling (case-insensitive, goods in any order) and returns the canonical action, so every text
the parser accepts for a legal move reads back as a move that ``legal_actions`` lists. Three
spellings depend on the position and are made canonical here: goods are sorted (raw in L W M S
order, refined in b p c g order), ``buy <space>`` without goods names the goods the engine would
pay, and ``pay wild:.. shield:..`` names the listed assignment with the same outcome.
"""

from __future__ import annotations

import re
from typing import Any

from ..core import IllegalAction
from ..core.message import Message
from .data import DATA, RAW, REFINED
from .market import auto_payment
from .payment import explicit_payment, pay_action, same_outcome, turn_payment_options

Action = dict[str, Any]

_SITE = re.compile(r"[0-9]\.[0-9]", re.ASCII)
_SLOT = re.compile(r"[0-9]{1,2}", re.ASCII)
_CARD_WORDS = {"draft": "card", "pick": "card", "use": "card"}


def notation(action: Action) -> str:
    """The canonical text of ``action``.

    >>> notation({"type": "build", "card": "S01", "goods": "bb", "side": "right"})
    'build S01 bb right'
    >>> notation({"type": "pay", "wild": "LS", "shield": "S"})
    'pay wild:LS shield:S'
    """
    kind = action["type"]
    if kind in ("draft", "pick", "use"):
        return f"{kind} {action['card']}"
    if kind == "move":
        text = f"move {action['from']} {action['to']}"
        return f"{text} {action['card']}" if "card" in action else text
    if kind == "pay":
        parts = ["pay"] + [f"{key}:{action[key]}" for key in ("wild", "shield") if key in action]
        return " ".join(parts)
    if kind == "build":
        text = f"build {action['card']} {action['goods']}"
        return f"{text} {action['side']}" if "side" in action else text
    if kind == "deliver":
        return f"deliver {action['site']}"
    if kind in ("convert", "take"):
        return f"{kind} {action['goods']}"
    if kind == "certify":
        return f"cert {action['goods']}"
    if kind == "spend":
        return f"spend {action['good']}"
    if kind in ("done", "ability"):
        return kind
    if kind == "buy":
        return f"buy {action['slot']} {action['pay']}" if "pay" in action else f"buy {action['slot']}"
    if kind == "refine":
        return f"refine {action['slot']}"
    raise ValueError(f"unknown action type {kind!r}")


def parse(state: dict, text: str) -> Action:
    """The canonical action ``text`` names (the base has stripped and bounded it).

    >>> from games.opera import GAME
    >>> state = GAME.setup(2, 1)
    >>> parse(state, "BUILD s01 pB Right")
    {'type': 'build', 'card': 'S01', 'goods': 'bp', 'side': 'right'}
    >>> GAME.parse(state, "buy 2 ²")
    Traceback (most recent call last):
    ...
    games.core.errors.IllegalAction: Write numbers in a move with the digits 0 to 9.
    """
    words = text.split()
    if not words:
        raise _bad("Type a move, e.g. move ant:gain ven:cost H1-03.")
    verb, args = words[0].lower(), words[1:]
    if verb in _CARD_WORDS and len(args) == 1:
        return {"type": verb, "card": args[0].upper()}
    if verb in ("done", "ability") and not args:
        return {"type": verb}
    if verb == "move" and len(args) in (2, 3):
        action = {"type": "move", "from": args[0].lower(), "to": args[1].lower()}
        if len(args) == 3:
            action["card"] = args[2].upper()
        return action
    if verb == "pay":
        return _pay(state, args)
    if verb == "build" and len(args) in (2, 3):
        action = {"type": "build", "card": args[0].upper(), "goods": _goods(args[1].lower(), REFINED)}
        if len(args) == 3:
            action["side"] = args[2].lower()
        return action
    if verb == "deliver" and len(args) == 1 and _SITE.fullmatch(args[0]):
        return {"type": "deliver", "site": args[0]}
    if verb == "convert" and len(args) == 1:
        goods = _goods(args[0].lower(), REFINED)
        if len(set(goods)) > 1:
            raise _bad("Convert one refined type per move, e.g. convert bb, then convert p.")
        return {"type": "convert", "goods": goods}
    if verb == "take" and len(args) == 1:
        refined = bool(state.get("pending")) and state["pending"][0]["kind"] == "refined"
        goods = _goods(args[0].lower(), REFINED) if refined else _goods(args[0].upper(), RAW)
        return {"type": "take", "goods": goods}
    if verb == "cert" and len(args) == 1:
        return {"type": "certify", "goods": _goods(args[0].upper(), RAW)}
    if verb == "spend" and len(args) == 1:
        return {"type": "spend", "good": _goods(args[0].upper(), RAW, most=1)}
    if verb == "refine" and len(args) == 1:
        return {"type": "refine", "slot": args[0].lower()}
    if verb == "buy" and len(args) in (1, 2) and _SLOT.fullmatch(args[0]):
        return _buy(state, int(args[0]), args[1] if len(args) == 2 else None)
    shown = text if len(text) <= 40 else text[:37] + "..."
    raise _bad("'{shown}' is not a move of Opera Magna (see /game help for what you can do now).", shown=shown)


def _bad(message: str, **params: str) -> IllegalAction:
    return IllegalAction(message, "CORE-NOTATION", **params)


def _goods(word: str, order: str, most: int = 40) -> str:
    """Goods letters of ``order`` in canonical order; anything else is not a goods word."""
    if not word or len(word) > most or any(ch not in order for ch in word):
        kind = Message("raw goods (L W M S)") if order == RAW else Message("refined goods (b p c g)")
        if most == 1:
            raise _bad("'{word}' is not {kind}, one letter.", word=word[:12], kind=kind)
        raise _bad("'{word}' is not {kind}.", word=word[:12], kind=kind)
    return "".join(sorted(word, key=order.index))


def _pay(state: dict, args: list[str]) -> Action:
    """``pay [wild:<raw>] [shield:<raw>]``, naming the listed option with the same outcome."""
    chosen: dict[str, str] = {}
    for arg in args:
        key, _, value = arg.partition(":")
        key = key.lower()
        if key not in ("wild", "shield") or not value:
            raise _bad("Write pay, or pay wild:LS shield:S.")
        if key in chosen:
            raise _bad("Name {key} once.", key=key)
        chosen[key] = _goods(value.upper(), RAW, most=1 if key == "shield" else 40)
    action: Action = {"type": "pay", **chosen}
    if not chosen or state["phase"] != "activate" or state["pending"]:
        return action
    player = state["seats"][state["active"]]
    options = turn_payment_options(state, player)
    wanted = (chosen.get("wild", ""), chosen.get("shield"))
    if any((o["wild"], o["shield"]) == wanted for o in options):
        return action
    try:
        same = same_outcome(options, explicit_payment(state, player, *wanted))
    except IllegalAction:
        return action
    return pay_action(same) if same else action


def _buy(state: dict, slot: int, pay: str | None) -> Action:
    """``buy <space> [goods]``; without goods, the goods the engine would pay (the most plentiful)."""
    action: Action = {"type": "buy", "slot": slot}
    if pay is not None:
        action["pay"] = _goods(pay.upper(), RAW)
    elif state["phase"] == "market" and slot < len(DATA.rules["market_prices"]):
        price = DATA.rules["market_prices"][slot]
        if price:
            action["pay"] = auto_payment(state["seats"][state["active"]]["raw"], price)
    return action
