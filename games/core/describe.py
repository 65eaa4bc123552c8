"""What a move means to the player who may make it: the engine's words for menus and suggestions.

``Game.describe(state, seat, action)`` returns a :class:`Description`: a short label, the path of
groups the guided menu files the move under (one select per level), what the move costs and what
it gives, and, for a move the player may regret (a leader discarded, goods thrown away, points
lost), the reason to ask for a confirmation. Costs and gains are short phrases written by each
game in one module of its own, so the wording of a game lives in one place.
"""

from __future__ import annotations

from dataclasses import dataclass


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

    def preview(self) -> str:
        """'You pay 2 coins; you get the Farm card.' (the line shown above a Confirm button)."""
        pay = ", ".join(self.cost) or "nothing"
        get = ", ".join(self.gain) or "nothing"
        return f"You pay {pay}; you get {get}."
