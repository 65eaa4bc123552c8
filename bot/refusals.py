"""A refusal as a player reads it: the reason in plain words, then the rule it enforces in a
quiet last line (Discord's subtext, ``-# rule MOR-MARKET-2``), which ``/game rules`` opens.

An engine's refusal names its rule at the end of its message, ``"... (MOR-MARKET-2)"`` (see
:class:`games.IllegalAction`); players read sentences without rule IDs in them, so the bot
takes the ID out of the sentence and puts it on a line of its own.
"""

from __future__ import annotations

from typing import Any

from games.core import RULE_ID
from i18n import Message, translate

__all__ = ["RULE_ID", "plain_reason", "rule_note"]

RULE_NOTE = Message("rule {rule}")
SUBTEXT = "-# "
"""Discord's mark for a line of small, muted text."""


def plain_reason(message: Any) -> Any:
    """``message`` without the rule ID the engine appended to it.

    >>> from games import IllegalAction
    >>> plain_reason(IllegalAction("You cannot afford that card.", "MOR-BUY-4").message)
    'You cannot afford that card.'
    """
    if isinstance(message, Message) and message.template == "{text} ({rule})":
        return message.params["text"]
    return message


def rule_note(rule: str | None, language: str) -> str:
    """The quiet last line naming a game rule (none for the bot's own ``CORE`` rules).

    >>> rule_note("MOR-BUY-4", "en"), rule_note("CORE-TURN", "en")
    ('\\n-# rule MOR-BUY-4', '')
    """
    if not rule or rule.startswith("CORE"):
        return ""
    return "\n" + SUBTEXT + translate(Message(RULE_NOTE.template, rule=rule), language)
