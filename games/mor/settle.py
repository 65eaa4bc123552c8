"""What a move means in a position: the one canonical form of every way of writing it.

Players may write a move several ways that do exactly the same thing: ``buy blue-1`` (the first
slot that fits, warehouse first), ``place discard:servant`` (the default layout of the rest), an
explicit payment split that is the warehouse-first split, ``white:coin`` with a single
white-marble leader, two production outputs swapped between the base power and a leader (all
outputs land in the strongbox together). :func:`settle` rewrites each of them to the one form
``legal_actions`` lists, so the move log, autocomplete and the AI see one move where the player
made one choice. A move that would be refused is left as written, so that its handler refuses it
with the rule it breaks.

Only moves of the seat on turn during play are settled (setup has nothing to settle; out of
phase a move is refused anyway), so parsing a move outside play reads it literally.

>>> from games.mor import GAME
>>> state = GAME.setup(1, 5)
>>> state, _ = GAME.play(state, 0, GAME.notation(GAME.legal_actions(state, 0)[0]))
>>> state["seats"][0]["strongbox"] = {"coin": 9, "stone": 9, "servant": 9, "shield": 9}
>>> GAME.parse(state, "buy green-1")
{'type': 'buy', 'deck': 'green-1', 'slot': 1, 'pay': 'wh'}
"""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction

from .data import RESOURCES, id_number
from .market import chosen_layout
from .production import production_totals
from .rules import (
    PRODUCING,
    default_placement,
    discounted_cost,
    legal_slots,
    market_line,
    payment_plan,
    top_card,
    white_resources,
)
from .warehouse import warehouse_totals

Action = dict[str, Any]
Counts = dict[str, int]


def settle(state: dict[str, Any], action: Action) -> Action:
    """The canonical form of ``action`` in ``state`` (``action`` itself when nothing changes)."""
    settler, keys = _SETTLERS.get(action.get("type"), (None, ())) if isinstance(action, dict) else (None, ())
    if settler is None or state["phase"] != "play" or not set(action) <= keys:
        return action  # a key the move does not have is refused by the notation check
    seat = state["turn"]["seat"]
    try:
        return settler(state, seat, action)
    except (IllegalAction, KeyError, TypeError, ValueError, AttributeError, IndexError):
        return action  # refused (or malformed): the handler or the notation check says why


def _market(state: dict[str, Any], seat: int, action: Action) -> Action:
    """``white:`` that says what happens anyway (no white marble, one white-marble leader) is dropped."""
    if "white" not in action:
        return action
    options = white_resources(state["seats"][seat])
    whites = market_line(state, action["line"]).count("white")
    if (whites == 0 and action["white"] == []) or (len(options) == 1 and action["white"] == options * whites):
        return {k: v for k, v in action.items() if k != "white"}
    return action


def _place(state: dict[str, Any], seat: int, action: Action) -> Action:
    """Every spelling of a placement becomes ``place`` (the default) or its full layout + discard."""
    if "layout" not in action and "discard" not in action:
        return action
    player = state["seats"][seat]
    old = warehouse_totals(player)
    gained = state["turn"]["pending"]["gained"]
    available = {r: old.get(r, 0) + gained.get(r, 0) for r in RESOURCES if old.get(r, 0) + gained.get(r, 0)}
    layout, discard = chosen_layout(player, available, old, action)
    return _placement_action(layout, discard, default_placement(player, gained)[0])


def _placement_action(layout: dict[str, list[str]], discard: Counts, default: dict[str, list[str]]) -> Action:
    """The canonical ``place`` that stores ``layout`` and discards ``discard``."""
    if layout == default:
        return {"type": "place"}
    action: Action = {"type": "place", "layout": layout}
    if discard:
        action["discard"] = [r for r in RESOURCES for _ in range(discard.get(r, 0))]
    return action


def _buy(state: dict[str, Any], seat: int, action: Action) -> Action:
    """A plain ``buy`` names the first slot that fits and pays warehouse first."""
    player = state["seats"][seat]
    card_id = top_card(state, action["deck"])
    if card_id is None:
        return action
    slots = legal_slots(player, card_id)
    settled = dict(action)
    if "slot" not in settled and slots:
        settled["slot"] = slots[0]
    settled["pay"] = named_payment(player, discounted_cost(player, card_id), action.get("pay"))
    return settled


def _produce(state: dict[str, Any], seat: int, action: Action) -> Action:
    """The outputs of choice are dealt out in one order; the payment is named when it can be."""
    settled = dict(action)
    chosen = ([action["base"]["out"]] if "base" in action else []) + list(action.get("leaders", {}).values())
    outputs = sorted(chosen, key=RESOURCES.index)
    if "base" in action:
        settled["base"] = {"in": action["base"]["in"], "out": outputs.pop(0)}
    if "leaders" in action:
        settled["leaders"] = dict(zip(sorted(action["leaders"], key=id_number), outputs))
    inputs, _, _ = production_totals(state, seat, settled)
    pay = named_payment(state["seats"][seat], inputs, action.get("pay"), PRODUCING)
    settled.pop("pay", None)
    if pay != "wh":
        settled["pay"] = pay
    return settled


def named_payment(player: dict[str, Any], need: Counts, pay: Any, purpose: tuple[str, str, str] | None = None) -> Any:
    """``"wh"`` or ``"sb"`` when ``pay`` takes the same units as that order, else the explicit split.

    ``"sb"`` only when strongbox first differs from warehouse first: otherwise both are ``"wh"``.
    """
    args = (purpose,) if purpose else ()
    plan = payment_plan(player, need, pay, *args)
    warehouse_first = payment_plan(player, need, "wh", *args)
    if plan == warehouse_first:
        return "wh"
    if plan == payment_plan(player, need, "sb", *args):
        return "sb"
    from_wh, from_sb = plan
    split = {"wh": _units(from_wh), "sb": _units(from_sb)}
    return {source: units for source, units in split.items() if units}


def _units(counts: Counts) -> list[str]:
    return [r for r in RESOURCES for _ in range(counts.get(r, 0))]


_SETTLERS = {
    "market": (_market, {"type", "line", "white"}),
    "place": (_place, {"type", "layout", "discard"}),
    "buy": (_buy, {"type", "deck", "slot", "pay"}),
    "produce": (_produce, {"type", "base", "cards", "leaders", "pay"}),
}
