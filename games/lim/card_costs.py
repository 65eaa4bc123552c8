"""Which cost and discount a card take uses (LIM-CARD-10 double costs, LIM-EFFECT-8 discounts).

A take has one canonical way to be written: a single cost is never named, a double cost always
is, and a discount is named only when two alternatives would save something.
"""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction, State

from .data import CARDS, TOWER_FLOORS
from .effects import character_profile


def discount_choices(state: State, s: int, card_type: str) -> list[dict[str, int]]:
    """The alternatives of a 'one of' discount (Stonemason), if the player has one for this type."""
    for choices in character_profile(state, s)["discounts"].get(card_type, ()):
        if len(choices) > 1:
            return choices
    return []


def chosen_discount(choices: list[dict], price: dict, named: Any) -> dict[str, int]:
    """One alternative of a 'wood or stone' discount: the named one, else the first that saves something."""
    if not choices:
        return {}
    if len(choices) == 1:
        return choices[0]
    if named is not None:
        if not isinstance(named, str):
            raise IllegalAction("Name the discount as wood or stone.", "LIM-EFFECT-8")
        for choice in choices:
            if named in choice:
                return choice
        raise IllegalAction(
            "That discount is not one of {items}.", "LIM-EFFECT-8",
            items=', '.join((k for c in choices for k in c))
        )
    for choice in choices:
        if any(k in price for k in choice):
            return choice
    return choices[0]


def useful_discounts(state: State, s: int, card_type: str, price: dict) -> list[dict[str, int]]:
    """The alternatives of a 'one of' discount (Stonemason) that save something on ``price``."""
    return [c for c in discount_choices(state, s, card_type) if any(k in price for k in c)]


def card_on(state: State, space: str) -> int | None:
    """The card on a tower space (None once taken)."""
    tower, floor = TOWER_FLOORS[space]
    return state["towers"][tower][floor - 1]


def canonical_variant(state: State, s: int, space: str, cost: Any, discount: Any) -> tuple[Any, Any]:
    """The one way to write the cost and discount of a take on ``space``.

    A single cost is never named (``cost:1`` says nothing), a double cost always is (the first by
    default); a discount is named only when two alternatives would save something (by default the
    first that does). Anything else is left as written, for the rules to refuse.
    """
    no = card_on(state, space)
    if no is None:
        return cost, discount
    card = CARDS[no]
    costs = card["costs"]
    if len(costs) > 1 and cost is None:
        cost = 1
    elif len(costs) == 1 and cost == 1 and not isinstance(cost, bool):
        cost = None
    if cost is not None and (not isinstance(cost, int) or not 1 <= cost <= len(costs)):
        return cost, discount
    useful = useful_discounts(state, s, card["type"], costs[(cost or 1) - 1]["pay"] if costs else {})
    if len(useful) > 1 and discount is None:
        discount = next(iter(useful[0]))
    elif len(useful) == 1 and discount in useful[0]:
        discount = None
    return cost, discount


def tower_variants(state: State, s: int, space: str) -> list[dict]:
    """The canonical cost-option and discount variants of a take on ``space``.

    They depend only on the card and the seat's characters, so they are kept with the seat's
    character profile (read only: callers copy what they list).
    """
    no = card_on(state, space)
    if no is None:
        return []
    known = character_profile(state, s)["variants"]
    if no not in known:
        card = CARDS[no]
        variants: list[dict] = []
        costs = card["costs"]
        for index in range(1, len(costs) + 1) if len(costs) > 1 else [None]:
            base: dict = {} if index is None else {"cost": index}
            price = costs[(index or 1) - 1]["pay"] if costs else {}
            useful = useful_discounts(state, s, card["type"], price)
            if len(useful) > 1:
                variants.extend({**base, "discount": next(iter(choice))} for choice in useful)
            else:
                variants.append(base)
        known[no] = variants
    return known[no]
