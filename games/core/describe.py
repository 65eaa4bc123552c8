"""What a move means to the player who may make it: the engine's words for menus and suggestions.

``Game.describe(state, seat, action)`` returns a :class:`Description`: a short label, the path of
groups the guided menu files the move under (one select per level), what the move costs and what
it gives, and, for a move the player may regret (a leader discarded, goods thrown away, points
lost), the reason to ask for a confirmation. Costs and gains are short phrases written by each
game in one module of its own, so the wording of a game lives in one place.

Every text of a description is a :class:`~games.core.Message` (its English text, and the template
and parameters the bot writes again in the reader's language): components are
:class:`~games.core.Name` parameters, amounts of a game's terms go in with :func:`amounts`, and
lists are joined with :func:`listing`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .message import Message, Name, message

COMMA = Message("{first}, {rest}")
PLUS = Message("{first} + {rest}")
AND = Message("{first} and {rest}")
"""How :func:`listing` joins texts (each a catalogue entry, so a language joins them its own way)."""
NOTHING = Message("nothing")
FREE = Message("free")


def amounts(text: str) -> Message:
    """Amounts of a game's terms (``"2 coins + 1 wood"``, ``"1 lead, 2 sand"``) as a text of a
    description: the bot writes each term, and the amount, in the reader's language.

    >>> amounts("2 coins"), amounts("2 coins").params
    ('2 coins', {'amounts': '2 coins'})
    """
    return Message("{amounts}", amounts=text)


def listing(items: Sequence[str], joiner: Message = COMMA) -> Message:
    """``items`` one after another, joined by ``joiner`` (:data:`NOTHING` when there are none).

    >>> listing([amounts("2 coins"), Message("the Farm card")])
    '2 coins, the Farm card'
    >>> listing([], PLUS), listing([Message("Pass")], AND)
    ('nothing', 'Pass')
    >>> listing([Name("opera", "S02", "Well")]).params["component"].ident  # a name stays translatable
    'S02'
    """
    if not items:
        return NOTHING
    first, *rest = items
    if not rest:
        return Message("{component}", component=first) if isinstance(first, Name) else message(first)
    return Message(joiner.template, first=first, rest=listing(rest, joiner))


@dataclass(frozen=True)
class Step:
    """One level of a menu path: ``key`` is stable and short (it travels in a ``custom_id``),
    ``label`` is what the player reads."""

    key: str
    label: str


@dataclass(frozen=True)
class Description:
    """A legal move in words (see the module docstring).

    ``group``: the menu levels above the move, outermost first (e.g. the family member, the area,
    the space); the move itself is the last choice. ``destructive``: why the move needs a
    confirmation (empty when it does not).
    """

    label: str
    group: tuple[Step, ...] = ()
    cost: tuple[str, ...] = ()
    gain: tuple[str, ...] = ()
    destructive: str = ""

    def preview(self) -> Message:
        """'You pay 2 coins; you get the Farm card.' (the line shown above a Confirm button)."""
        return Message("You pay {pay}; you get {get}.", pay=listing(self.cost), get=listing(self.gain))
