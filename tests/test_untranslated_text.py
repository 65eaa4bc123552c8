"""No English text reaches a player outside a translatable template: checked on the source.

Every refusal, line, button label or reply the bot shows is written in its reader's language from
a :class:`~games.core.Message` template, which ``python -m bot.i18n update`` can only extract when
the template is written as a literal where it is used (see ``KEYWORDS`` in
:mod:`bot.i18n.catalogues`). Text built any other way stays English for every reader. The scan of
``bot/`` and ``cogs/`` finds, without running anything:

- a template built at run time: an f-string, a concatenation, ``%`` or ``.format()`` handed to
  ``Message``, ``TableError``, ``said``, ``refuse``..., or a name bound to a plain string (a
  constant such as ``NOT_AWAY = "You are not away..."`` handed to ``TableError``);
- English prose (two words or more, code in backticks aside) written anywhere else than as a
  template: a constant, a line's part, a parameter (``require_manager(person, "replace a player")``);
- letters written straight into what Discord shows: a button's ``label``, a select's
  ``placeholder``, a modal's ``title``, a message's ``content``, a ``line(...)`` or ``Strong(...)``
  part.

What is not for players is left alone: docstrings, log lines, assertions, exceptions other than
refusals (operators read them), slash command descriptions (extracted from the command tree) and
the terminal tools (the command line, the local console, the catalogue keeper itself).

That each extracted template is translated into Japanese and Korean is
``tests/test_i18n.py::test_every_string_is_translated``.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.i18n.catalogues import KEYWORDS

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("bot", "cogs")
TERMINAL = {"bot/__main__.py", "bot/console.py", "bot/replay_file.py", "bot/config.py", "bot/i18n"}
"""Text for the terminal, in English: the command line, the local console, configuration errors,
the catalogue keeper."""
TEMPLATES = {name: [position - 1 for position in spec if isinstance(position, int)]
             for name, spec in KEYWORDS.items() if isinstance(spec, tuple) and spec and isinstance(spec[0], int)}
"""The calls whose arguments at these positions are message ids (``refuse(rule, text)``: 1;
``counted(singular, plural)``: 0 and 1)."""
NOT_FOR_PLAYERS = {
    "debug", "info", "warning", "error", "exception", "critical", "print",  # logs, the terminal
    "describe", "command", "Group", "Choice", "choices", "rename",  # slash commands: from the tree
}
SHOWN = {"label", "placeholder", "title", "content"}
"""The keywords of discord.py's components and messages whose text a member reads."""
PARTS = {"line", "Strong"}
REFUSALS = {"TableError", "StaleAction", "DamagedTable", "IllegalAction"}
CODE = re.compile(r"`[^`]*`")
PROSE = re.compile(r"[A-Za-z]{2,}[ ,;]+[a-z]")
LETTER = re.compile(r"[A-Za-z]")


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    why: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.why}: {self.text[:90]!r}"


def called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def literal_text(node: ast.AST) -> str | None:
    """The words of a string literal or of an f-string's literal parts (``{}`` for each value)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)
    return None


class Scan(ast.NodeVisitor):
    """One file's findings (see the module docstring)."""

    def __init__(self, path: str, module: ast.Module) -> None:
        self.path, self.findings = path, []
        self.parents = {child: node for node in ast.walk(module) for child in ast.iter_child_nodes(node)}
        self.bound = self._bindings(module)
        self.allowed: set[ast.AST] = set()
        """Strings already judged: templates in place, docstrings, text not for players."""
        self._judge(module)

    # ------------------------------------------------------------------ what a name holds
    @staticmethod
    def _bindings(module: ast.Module) -> dict[tuple[ast.AST | None, str], list[ast.AST]]:
        """The values assigned to each name, by scope (None: the module; else the function)."""
        bound: dict[tuple[ast.AST | None, str], list[ast.AST]] = {}
        scopes: list[tuple[ast.AST | None, list[ast.stmt]]] = [(None, module.body)]
        scopes += [(node, node.body) for node in ast.walk(module)
                   if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for scope, body in scopes:
            for statement in body:
                for node in ast.walk(statement):
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node is not scope:
                        continue
                    if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                        for target in targets:
                            if isinstance(target, ast.Name):
                                bound.setdefault((scope, target.id), []).append(node.value)
        return bound

    def _scope_of(self, node: ast.AST) -> list[ast.AST | None]:
        scopes: list[ast.AST | None] = []
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                scopes.append(node)
        return [*scopes, None]

    def built_at_run_time(self, node: ast.AST, seen: frozenset[str] = frozenset()) -> bool:
        """Whether ``node``, given as a template, is text no extractor can read."""
        if isinstance(node, ast.JoinedStr):
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
            return True
        if isinstance(node, ast.Call) and called(node) == "format":
            return True
        if isinstance(node, ast.IfExp):
            return self.built_at_run_time(node.body, seen) or self.built_at_run_time(node.orelse, seen)
        if isinstance(node, ast.Constant):
            return bool(seen) and isinstance(node.value, str)  # a name bound to plain text
        if isinstance(node, ast.Name) and node.id not in seen:
            for scope in self._scope_of(node):
                values = self.bound.get((scope, node.id))
                if values:
                    return any(self.built_at_run_time(value, seen | {node.id}) for value in values)
        return False

    # ------------------------------------------------------------------ the walk
    def _judge(self, module: ast.Module) -> None:
        for node in ast.walk(module):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                body = node.body
                if body and isinstance(body[0], ast.Expr):
                    self.allowed.add(body[0].value)
            if isinstance(node, ast.Expr) and literal_text(node.value) is not None:
                self.allowed.add(node.value)  # docstrings of attributes
            if isinstance(node, ast.Assert) and node.msg is not None:
                self._allow(node.msg)
            refusal = isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and called(node.exc) in REFUSALS
            if isinstance(node, ast.Raise) and node.exc is not None and not refusal:
                self._allow(node.exc)
            if isinstance(node, ast.keyword) and node.arg == "description":
                self._allow(node.value)
            if isinstance(node, ast.Call):
                self._call(node)
        for node in ast.walk(module):
            text = literal_text(node)
            if text is None or node in self.allowed or isinstance(self.parents.get(node), ast.JoinedStr):
                continue
            if PROSE.search(CODE.sub("", text)):
                self.findings.append(Finding(self.path, node.lineno, "English outside a template", text))

    def _allow(self, node: ast.AST) -> None:
        self.allowed.update(ast.walk(node))

    def _call(self, node: ast.Call) -> None:
        name = called(node)
        if name in NOT_FOR_PLAYERS:
            self._allow(node)
            return
        for position in TEMPLATES.get(name, ()):
            if len(node.args) <= position:
                continue
            template = node.args[position]
            if self.built_at_run_time(template):
                self.findings.append(Finding(self.path, node.lineno, f"{name}() of text built at run time",
                                             ast.unparse(template)))
            self.allowed.add(template)
        shown = [(keyword.arg, keyword.value) for keyword in node.keywords if keyword.arg in SHOWN]
        if name in PARTS:
            shown += [(name, argument) for argument in node.args]
        if name in {"send", "send_message"} and node.args:
            shown.append((name, node.args[0]))
        for what, value in shown:
            text = literal_text(value)
            if text is not None and LETTER.search(CODE.sub("", text)):
                self.findings.append(Finding(self.path, node.lineno, f"{what} written in English", text))
                self.allowed.add(value)


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def scanned_files() -> Iterator[Path]:
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = relative(path)
            if not any(name == skip or name.startswith(skip + "/") for skip in TERMINAL):
                yield path


def findings(path: Path) -> list[Finding]:
    return Scan(relative(path), ast.parse(path.read_text(encoding="utf-8"))).findings


def scan_text(source: str) -> list[str]:
    return sorted(f"{f.why}: {f.text}" for f in Scan("example.py", ast.parse(source)).findings)


@pytest.mark.parametrize("path", list(scanned_files()), ids=relative)
def test_player_text_is_written_as_templates(path):
    found = findings(path)
    assert not found, "write each as a Message template (then `python -m bot.i18n update`):\n" + "\n".join(
        map(str, found))


# ------------------------------------------------------------------ the scan itself
def test_the_scan_finds_a_refusal_kept_as_a_plain_constant():
    """The refusal the last review found: a constant no extractor reads, handed to TableError."""
    source = '''
NOT_AWAY = "You are not away: `/game away days:3` starts a vacation of three days."
def back(done):
    if not done:
        raise TableError(NOT_AWAY)
'''
    assert scan_text(source) == [
        "English outside a template: You are not away: `/game away days:3` starts a vacation of three days.",
        "TableError() of text built at run time: NOT_AWAY",
    ]


def test_the_scan_finds_text_built_at_run_time_and_english_in_components():
    source = '''
def replies(name, seq, n, said):
    TableError(f"{name} took back move {seq}.")
    TableError("Only {name} may move; " + "the others wait.", name=name)
    TableError(ACTED.format(name=name))
    line(f"{name} took back move {seq} ({said}).")
    discord.ui.Button(label="Your move", custom_id="x")
    discord.ui.Select(placeholder="Choose", options=[])
    table.require_manager(person, "replace a player")
    heading = f"Since your move {seq}:" if n else "Since the start:"
'''
    assert scan_text(source) == sorted([
        "TableError() of text built at run time: f'{name} took back move {seq}.'",
        "TableError() of text built at run time: 'Only {name} may move; ' + 'the others wait.'",
        "English outside a template: Only {name} may move; ",
        "English outside a template: the others wait.",
        "TableError() of text built at run time: ACTED.format(name=name)",
        "line written in English: {} took back move {} ({}).",
        "label written in English: Your move",
        "placeholder written in English: Choose",
        "English outside a template: replace a player",
        "English outside a template: Since your move {}:",
        "English outside a template: Since the start:",
    ])


def test_the_scan_accepts_templates_and_what_players_never_read():
    source = '''
"""A module docstring."""
import logging
NOT_AWAY = Message("You are not away: `/game away days:3` starts a vacation of three days.")
log = logging.getLogger(__name__)
def replies(name, reason, template):
    """A function's docstring with several words."""
    raise TableError(NOT_AWAY)
    TableError("{who} took back move {number}.", who=name, number=3)
    TableError(reason)  # a parameter: its caller is scanned
    TableError(template if name else NOT_AWAY)
    said("{who} is back.", who=Strong(name))
    line(f"{name}. ", Strong(Message("Your move:")), "`/game join`")
    discord.ui.Button(label=Message("Your move"), custom_id=f"bottega:menu:{name}")
    log.warning("the turn message %s is gone; posted again", name)
    assert name, "only a table with a turn clock has deadlines"
    raise ValueError(f"quiet hours {name} must be two different hours")
    describe(command, f"Play {name} in this channel.")
    example = f'`/{name} move notation:"{reason}"`'
'''
    assert scan_text(source) == []


def test_a_file_with_english_outside_a_template_fails_the_check(tmp_path, monkeypatch):
    """The check itself, fed a bad sample in a tree of its own: the scan reaches the file and the
    test fails, naming it."""
    bad = tmp_path / "cogs" / "seats.py"
    bad.parent.mkdir()
    bad.write_text('def refuse(name):\n    raise TableError(f"{name} has no seat here.")\n', encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert list(scanned_files()) == [bad]
    with pytest.raises(AssertionError, match=r"cogs/seats.py:2: TableError\(\) of text built at run time"):
        test_player_text_is_written_as_templates(bad)
