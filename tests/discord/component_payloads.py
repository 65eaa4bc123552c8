"""Reading a message's components as Discord receives them: the buttons and selects as raw dicts
(checked against Discord's limits), their labels, the select, and who a board pings."""

from __future__ import annotations

import re
from typing import Any

import simcord
from bottega_harness import Table, control_dicts, text_of

ACTION_ROW, BUTTON, SELECT = 1, 2, 3
"""Discord's component types."""
MAX_STEPS = 12
"""The most screens a guided menu may take to reach one move."""


def items(message: Any) -> list[dict[str, Any]]:
    """The buttons and selects of a message (in rows or inside a card), as raw dicts, after checking
    Discord's limits."""
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    assert len(rows) <= 5 or not all(row.get("type") == ACTION_ROW for row in rows)
    found = control_dicts(rows)
    for item in found:
        assert len(item.get("custom_id", "")) <= 100
        assert len(item.get("label") or "") <= 80
        options = item.get("options", [])
        assert len(options) <= 25
        assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in options)
    return found


def labels(message: Any) -> list[str]:
    return [c["label"] for c in items(message) if c["type"] == BUTTON]


def select_of(message: Any) -> dict[str, Any]:
    return next(c for c in items(message) if c["type"] == SELECT)


def pinged(table: Table) -> list[simcord.MemberActor]:
    return [table.member(int(i)) for i in re.findall(r"<@(\d+)>", text_of(table.last()))]
