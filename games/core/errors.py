"""The errors an engine raises, and the one helper that builds a refusal."""

from __future__ import annotations

import re

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
    """

    def __init__(self, message: str, rule: str = "CORE") -> None:
        if not rule.startswith("CORE") and rule not in message:
            message = f"{message} ({rule})"
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return self.message


def refuse(rule: str, message: str) -> IllegalAction:
    """The refusal of ``rule``, ready to raise: ``raise refuse("LIM-TOWER-3", "That space is taken.")``."""
    return IllegalAction(message, rule)


class CorruptState(ValueError):
    """A stored state that cannot be loaded (bad JSON, wrong game, unknown schema version)."""
