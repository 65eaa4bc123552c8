"""The errors an engine raises, and the one helper that builds a refusal."""

from __future__ import annotations

import re
from typing import Any

from .message import Message
from .message import message as as_message

RULE_ID = re.compile(r"\b(?:CORE|MOR|LIM|OM)-[A-Z]+(?:-\d+)?\b")
"""What a rule ID looks like in a message: ``MOR-BUY-4``, ``LIM-ROUND-7``, ``OM-FLOW-3``, ``CORE-TURN``."""


class IllegalAction(Exception):
    """An action the rules refuse.

    ``message`` is written for the player and names the rule it enforces, which is also kept in
    ``rule`` (``MOR-BUY-4``), or a ``CORE-*`` id for contract-level refusals (wrong seat, unknown
    option, malformed notation). A game rule that the text does not already name is appended in
    brackets, so every refusal of a game rule tells the player which rule to look up; ``CORE-*``
    refusals are about the bot's own grammar and read better without one.

    >>> IllegalAction("You cannot afford that card.", "MOR-BUY-4").message
    'You cannot afford that card. (MOR-BUY-4)'
    >>> IllegalAction("It is not your turn.", "CORE-TURN").message
    'It is not your turn.'

    ``message`` may be a template with ``params`` (``"The {deck} deck is empty."``, ``deck=...``):
    ``message`` is then a :class:`~games.core.message.Message`, which the bot can translate.
    """

    def __init__(self, message: str, rule: str = "CORE", **params: Any) -> None:
        super().__init__(message)
        self.rule = rule
        self._params = params
        self._written: Message | None = None

    @property
    def message(self) -> Message:
        """The refusal as the player reads it, written when first read: engines raise and catch
        many refusals while listing legal moves, and those are never read."""
        if self._written is None:
            text = as_message(self.args[0], **self._params)
            if not self.rule.startswith("CORE") and self.rule not in text:
                text = Message("{text} ({rule})", text=text, rule=self.rule)
            self._written = text
        return self._written

    def __str__(self) -> str:
        return self.message


def refuse(rule: str, message: str, **params: Any) -> IllegalAction:
    """The refusal of ``rule``, ready to raise: ``raise refuse("LIM-TOWER-3", "That space is taken.")``.

    ``params`` fill the placeholders of ``message``: ``refuse("MOR-BUY-14", "The {deck} deck is
    empty.", deck="green-1")``, so the bot can translate the template and keep the values.
    """
    return IllegalAction(message, rule, **params)


class CorruptState(ValueError):
    """A stored state that cannot be loaded (bad JSON, wrong game, unknown schema version)."""
