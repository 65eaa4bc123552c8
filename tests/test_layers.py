"""The layers of the code, checked on its source and on what importing a layer loads.

From the bottom up (each layer may use the ones below it, never one above):

- ``games/``: the engines; nothing of the other packages, nothing of Discord;
- ``i18n/``: the language layer (catalogues, a message in a language); the engines only;
- ``db/`` (the store) and ``rendering/`` (the images): the engines and the language layer;
- ``bot/table/``: the table service; the store, the engines and the language layer. It neither
  draws (the renderer is injected through the interface in ``bot/table/renderer.py``) nor writes
  Discord markup;
- the adapters: every module of ``cogs/`` and of ``bot/`` outside the table service and the
  catalogue tools (``bot/i18n/``). They read a game only through its views and a seat's legal
  actions: no ``state`` anywhere, and from the engines only their errors, the types of their
  interface and static card data. Nothing below imports them; the bot loads the cogs it lists.

The tests follow the same rule: a test module imports no other test module (what tests share is in
a ``conftest.py`` or a support module).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.bot import EXTENSIONS

ROOT = Path(__file__).resolve().parents[1]
PROJECT_PACKAGES = {"bot", "cogs", "db", "games", "i18n", "rendering"}
DISCORD_MARKUP = ("<@", "<t:", "<#", "**", "discord.com/channels")
TABLE_SERVICE = "bot.table"

MAY_IMPORT = {
    "games": {"games"},
    "i18n": {"games", "i18n"},
    "db": {"games", "i18n", "db"},
    "rendering": {"games", "i18n", "rendering"},
    "bot/table": {"games", "i18n", "db", TABLE_SERVICE},
}
"""The project's packages each layer may import (the table service counts as its own package)."""

NEVER_IMPORTS = {
    "games": {"discord", "aiosqlite", "asyncpg", "PIL"},
    "i18n": {"discord", "aiosqlite", "asyncpg", "PIL"},
    "db": {"discord", "PIL"},
    "rendering": {"discord", "aiosqlite", "asyncpg"},
    "bot/table": {"discord", "PIL"},
}

NEVER_LOADS = {
    "rendering": {"bot", "cogs", "db", "discord", "aiosqlite", "asyncpg"},
    "bot.table": {"cogs", "discord", "PIL", "rendering"},
    "i18n": {"bot", "cogs", "db", "rendering", "discord", "aiosqlite", "asyncpg", "PIL"},
    "games": {"bot", "cogs", "db", "rendering", "i18n", "discord", "aiosqlite", "asyncpg", "PIL"},
}
"""What importing a layer, alone in a fresh interpreter, must not load (top-level names)."""


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def where(path: Path, root: Path = ROOT) -> str:
    return str(path.relative_to(root))


ADAPTERS = [*sources("cogs"), *(path for path in sources("bot")
                                if path.relative_to(ROOT).parts[:2] not in {("bot", "table"), ("bot", "i18n")})]


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, root: Path = ROOT) -> set[str]:
    """Every module ``path`` imports, relative imports made absolute."""
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    names = set()
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            names.add(".".join([*base, *([node.module] if node.module else [])]))
    return names


def top_level(modules: set[str]) -> set[str]:
    """The packages of ``modules``; a module of the table service counts as ``bot.table``."""
    return {TABLE_SERVICE if name == TABLE_SERVICE or name.startswith(TABLE_SERVICE + ".")
            else name.split(".")[0] for name in modules}


def layer_of(path: Path, root: Path = ROOT) -> str:
    relative = path.relative_to(root)
    return "bot/table" if relative.parts[:2] == ("bot", "table") else relative.parts[0]


def layer_breaches(path: Path, root: Path = ROOT) -> list[str]:
    """The packages ``path`` imports that its layer may not."""
    layer = layer_of(path, root)
    packages = top_level(imported(path, root))
    above = packages & (PROJECT_PACKAGES | {TABLE_SERVICE}) - MAY_IMPORT[layer]
    return sorted(above | packages & NEVER_IMPORTS[layer])


def markup_written(path: Path) -> list[str]:
    """Where ``path`` writes Discord markup, and which."""
    return [f"{node.lineno}: {mark}" for node in ast.walk(tree(path))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            for mark in DISCORD_MARKUP if mark in node.value]


def engine_imports_allowed(node: ast.ImportFrom) -> bool:
    """From the engines an adapter takes their errors (and the form of the rule IDs they name), the
    types of their interface (an adapter already holds ``table.game``) and static card data: nothing
    that reads a state."""
    names = {alias.name for alias in node.names}
    if node.module in ("games", "games.core"):
        return names <= {"IllegalAction", "RULE_ID", "get", "keys", "Description", "Game", "Message"}
    return node.module.endswith(".data") or all(name.endswith("_details") for name in names)


def state_reads(path: Path) -> list[str]:
    """Where ``path`` reads a game's state or imports an engine's internals."""
    found = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            found.append(f"{node.lineno}: reads .state")
        elif isinstance(node, ast.Name) and node.id == "state":
            found.append(f"{node.lineno}: uses a state")
        elif isinstance(node, ast.arg) and node.arg == "state":
            found.append(f"{node.lineno}: takes a state")
        elif (isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("games")
              and not engine_imports_allowed(node)):
            found.append(f"{node.lineno}: imports {node.module} internals")
    return found


LAYERED = [path for folder in MAY_IMPORT for path in sources(folder)]


@pytest.mark.parametrize("path", LAYERED, ids=where)
def test_each_layer_imports_only_the_layers_below_it(path):
    assert not layer_breaches(path), f"{where(path)} imports {layer_breaches(path)}"


@pytest.mark.parametrize("path", sources("bot/table"), ids=where)
def test_the_table_service_writes_no_discord_markup(path):
    assert not markup_written(path), f"{where(path)} writes {markup_written(path)}"


def loaded_by(module: str) -> set[str]:
    """The names in ``sys.modules`` after importing ``module`` in a fresh interpreter (this tree
    first on the path)."""
    probe = f"import json, sys; import {module}; print(json.dumps(sorted(sys.modules)))"
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=environment,
                          capture_output=True, text=True, check=True, timeout=120)
    return set(json.loads(done.stdout))


@pytest.mark.parametrize("module", sorted(NEVER_LOADS))
def test_importing_a_layer_loads_nothing_above_it(module):
    loaded = loaded_by(module)
    above = {name.split(".")[0] for name in loaded} & NEVER_LOADS[module]
    assert not above, f"import {module} loads {sorted(above)}"
    if module == TABLE_SERVICE:
        adapters = sorted(name for name in loaded if name.startswith("bot.") and top_level({name}) != {TABLE_SERVICE})
        assert not adapters, f"import {module} loads the adapters {adapters}"


@pytest.mark.parametrize("path", ADAPTERS, ids=where)
def test_adapters_read_games_only_through_views(path):
    assert not state_reads(path), f"{where(path)}: {state_reads(path)}"


def test_the_adapters_are_every_module_of_cogs_and_bot_outside_the_lower_layers():
    named = {where(path) for path in ADAPTERS}
    assert {"cogs/play.py", "bot/views.py", "bot/console.py", "bot/bot.py", "bot/guided.py"} <= named
    assert not any(name.startswith(("bot/table/", "bot/i18n/")) for name in named)


def extensions_in_cogs() -> set[str]:
    """The modules of ``cogs/`` that are discord.py extensions (they define ``setup``)."""
    return {module_name(path) for path in sources("cogs")
            if any(isinstance(node, ast.AsyncFunctionDef) and node.name == "setup" for node in tree(path).body)}


def test_the_bot_lists_every_extension_and_finds_none_by_importing_cogs():
    assert EXTENSIONS[:2] == ("cogs.game", "cogs.play")
    assert len(set(EXTENSIONS)) == len(EXTENSIONS)
    assert set(EXTENSIONS) == extensions_in_cogs()
    for path in sources("bot"):
        assert "cogs" not in top_level(imported(path)), f"{where(path)} imports cogs"


def imported_test_modules(path: Path, root: Path = ROOT) -> list[str]:
    return sorted(name for name in imported(path, root) if name.split(".")[-1].startswith("test_"))


def test_no_test_module_imports_another():
    """What tests share is in a ``conftest.py`` or a support module (``tests/support/``, a folder's
    helpers), so that each test module can be read, moved or split on its own."""
    for path in sources("tests"):
        assert not imported_test_modules(path), f"{where(path)} imports {imported_test_modules(path)}"


def test_the_layer_checks_catch_what_they_forbid(tmp_path):
    """Each check fails on a line that breaks its rule."""
    bad = tmp_path / "bot" / "table" / "bad.py"
    bad.parent.mkdir(parents=True)
    bad.write_text("import discord\nfrom games.mor import affordable_cards\nfrom ..views import respond\n"
                   "from .model import Reply\nx = table.state['decks']\ntext = f'<@{user}> **bold**'\n")
    assert imported(bad, tmp_path) == {"discord", "games.mor", "bot.views", "bot.table.model"}
    assert layer_breaches(bad, tmp_path) == ["bot", "discord"]
    assert [found.split(": ")[1] for found in markup_written(bad)] == ["<@", "**"]
    assert state_reads(bad) == ["2: imports games.mor internals", "5: reads .state"]
    assert {"discord", "rendering", "bot.views"} <= loaded_by("bot.bot")
    borrower = tmp_path / "tests" / "table" / "test_borrower.py"
    borrower.parent.mkdir(parents=True)
    borrower.write_text("from test_service import started\nfrom .test_lobby import ALICE\nfrom .conftest import service\n")
    assert imported_test_modules(borrower, tmp_path) == ["test_service", "tests.table.test_lobby"]
