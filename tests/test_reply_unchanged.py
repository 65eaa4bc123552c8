"""The adapters (``cogs/`` and ``bot/*.py``) never change a :class:`bot.table.Reply` once the
table service built it (issue 26): what they show differently is a new reply
(``dataclasses.replace``). Checked on the source."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from bot.table import Reply

ROOT = Path(__file__).resolve().parents[1]
ADAPTERS = sorted([*ROOT.glob("cogs/*.py"), *ROOT.glob("bot/*.py")])
FIELDS = {field.name for field in dataclasses.fields(Reply)}
CHANGING = {"append", "extend", "insert", "clear", "pop", "remove", "sort", "reverse"}


def changes(source: str) -> list[int]:
    """The lines that assign to a reply's field, or change one of its lists in place."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
            if isinstance(node, ast.AugAssign) else []
        for target in targets:
            while isinstance(target, ast.Subscript):
                target = target.value
            if isinstance(target, ast.Attribute) and target.attr in FIELDS and not is_self(target.value):
                found.append(node.lineno)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CHANGING
                and isinstance(node.func.value, ast.Attribute) and node.func.value.attr in FIELDS):
            found.append(node.lineno)
    return sorted(found)


def is_self(node: ast.expr) -> bool:
    """An object's or a class's own attribute (``self.game_id`` of a button), not a reply's."""
    return isinstance(node, ast.Name) and node.id in ("self", "cls")


@pytest.mark.parametrize("path", ADAPTERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_an_adapter_never_changes_a_reply(path):
    assert changes(path.read_text(encoding="utf-8")) == []


def test_the_check_catches_each_way_of_changing_a_reply():
    assert changes("reply.lines += x\nreply.private[:0] = y\nreply.mentions.append(1)\nreply.turn = t\n") \
        == [1, 2, 3, 4]
    assert changes("reply = replace(reply, lines=[*reply.lines, x])\n") == []
