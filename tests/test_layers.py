"""The layers of the code, checked on its source: what each package may import and read.

- ``games/`` imports nothing of the other packages and nothing of Discord;
- ``db/``, ``rendering/`` and the table service (``bot/table/``) import nothing of Discord, and the
  table service neither draws (the renderer is injected) nor writes Discord markup;
- the adapters (``cogs/``, ``bot/views.py``, ``bot/console.py``) read a game only through its views and a seat's legal actions: no
  ``state`` anywhere, and from the engines only their errors and static card data.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT_PACKAGES = {"bot", "cogs", "db", "games", "i18n", "rendering"}
DISCORD_MARKUP = ("<@", "<t:", "<#", "**", "discord.com/channels")


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports (absolute names; relative imports stay in their package)."""
    names = set()
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def top_level(modules: set[str]) -> set[str]:
    return {name.split(".")[0] for name in modules}


@pytest.mark.parametrize("path", sources("games"), ids=lambda p: str(p.relative_to(ROOT)))
def test_engines_import_nothing_of_the_other_packages(path):
    outside = top_level(imported(path)) & (PROJECT_PACKAGES - {"games"} | {"discord", "aiosqlite"})
    assert not outside, f"{path.relative_to(ROOT)} imports {sorted(outside)}"


@pytest.mark.parametrize("path", [*sources("db"), *sources("rendering"), *sources("bot/table")],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_discord_in_the_store_the_drawings_and_the_table_service(path):
    assert "discord" not in top_level(imported(path))


@pytest.mark.parametrize("path", sources("bot/table"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_table_service_neither_draws_nor_writes_discord_markup(path):
    assert not top_level(imported(path)) & {"rendering", "cogs"}
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found = [mark for mark in DISCORD_MARKUP if mark in node.value]
            assert not found, f"{path.relative_to(ROOT)}:{node.lineno} writes {found}"


def engine_imports_allowed(node: ast.ImportFrom) -> bool:
    """From the engines an adapter takes errors and static card data, nothing that reads a state."""
    names = {alias.name for alias in node.names}
    if node.module in ("games", "games.core"):
        return names <= {"IllegalAction", "get", "keys"}
    return node.module.endswith(".data") or all(name.endswith("_details") for name in names)


ADAPTERS = [*sources("cogs"), ROOT / "bot/views.py", ROOT / "bot/console.py"]


@pytest.mark.parametrize("path", ADAPTERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_adapters_read_games_only_through_views(path):
    where = path.relative_to(ROOT)
    for node in ast.walk(tree(path)):
        assert not (isinstance(node, ast.Attribute) and node.attr == "state"), f"{where}:{node.lineno} reads .state"
        assert not (isinstance(node, ast.Name) and node.id == "state"), f"{where}:{node.lineno} uses a state"
        assert not (isinstance(node, ast.arg) and node.arg == "state"), f"{where}:{node.lineno} takes a state"
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("games"):
            assert engine_imports_allowed(node), f"{where}:{node.lineno} imports {node.module} internals"


def test_the_layer_checks_catch_what_they_forbid(tmp_path):
    """Each check fails on a line that breaks its rule."""
    bad = tmp_path / "bad.py"
    bad.write_text("import discord\nfrom games.mor import affordable_cards\nx = table.state['decks']\n"
                   "text = f'<@{user}> **bold**'\n")
    assert "discord" in top_level(imported(bad))
    node = next(n for n in ast.walk(tree(bad)) if isinstance(n, ast.ImportFrom))
    assert not engine_imports_allowed(node)
    assert any(isinstance(n, ast.Attribute) and n.attr == "state" for n in ast.walk(tree(bad)))
    strings = [n.value for n in ast.walk(tree(bad)) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    assert any(mark in s for s in strings for mark in DISCORD_MARKUP)
