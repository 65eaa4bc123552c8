"""The rules help of every game (``cogs/<game>_rules.json``, read by ``/game rules``): its topics
cite the game's own rule IDs, and only rules its specification has."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from cogs.play import rule_topics
from cogs.rules_help import topic_of_rule


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_every_game_has_rules_help_citing_its_own_rule_ids(key):
    prefix = {"mor": "MOR", "lim": "LIM", "opera": "OM"}[key]
    topics = rule_topics(key)
    assert len(topics) >= 7
    for name, entry in topics.items():
        assert name == name.lower() and entry["title"] and len(entry["text"]) > 60
        assert all(cited.startswith(f"{prefix}-") for cited in re.findall(r"\b[A-Z]+-[A-Z]+-\d+", entry["rules"]))


def test_rules_help_cites_only_rules_the_specification_has():
    rules = Path(__file__).resolve().parents[2].parent / "shared" / "rules"
    if not rules.is_dir():
        pytest.skip("the rule specifications are not beside this checkout")
    text = {"lim": "lorenzo_il_magnifico.md", "opera": "opera_magna.md"}
    for key, name in text.items():
        spec = (rules / name).read_text(encoding="utf-8")
        for entry in rule_topics(key).values():
            for family, low, high in re.findall(r"\b([A-Z]+-[A-Z]+)-(\d+)\.\.(\d+)", entry["rules"]):
                assert f"{family}-{low}" in spec and f"{family}-{high}" in spec, (family, low, high)


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_every_area_of_the_board_has_a_rules_topic(key):
    """``/game help`` covers the whole board: each area the renderer draws (its ``BOARD_AREAS``)
    falls under a rules topic of the game."""
    areas = importlib.import_module(f"rendering.{key}").BOARD_AREAS
    uncovered = {area: rules for area, rules in areas.items()
                 if topic_of_rule(key, rules if rules[-1].isdigit() else f"{rules}-1") is None}
    assert not uncovered


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_topics_are_plain_words_without_rule_ids_or_moves_to_type(key):
    """A topic's text names no rule (its heading does, which ``/game rules`` opens by) and teaches no
    move to type: the Your move button offers the moves. Only a command (`/mor move`) or a space's
    name as the board prints it (`green-3`) stands in backticks."""
    for name, entry in rule_topics(key).items():
        for text in (entry["text"], *(entry[language]["text"] for language in ("ja", "ko"))):
            assert not re.search(r"\b[A-Z]+-[A-Z]+-\d", text), (key, name)
            quoted = re.findall(r"`([^`]+)`", text)
            assert all(part.startswith("/") or re.fullmatch(r"[a-z]+-\d", part) for part in quoted), (key, name)
