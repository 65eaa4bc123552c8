"""Component names per language (``games/<key>/data/names.json``) and the rules help in Japanese
and Korean: every component an engine names has a name in both languages, names are distinct
within a kind, every name an engine puts in a message resolves, and every rules topic has both
languages (a missing one would fall back to English)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import games
from i18n import component_names, name_in, translate
from cogs.play import rule_topics
from cogs.rules_help import in_language
from games.core import IllegalAction, Message, Name
from games.lim.data import CARDS, EXCOMMUNICATIONS, LEADERS
from games.opera.data import DATA as OPERA

TRANSLATED = ("ja", "ko")
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]")
KINDS = {
    "lim": {"development cards": [str(no) for no in CARDS], "leaders": list(LEADERS),
            "excommunication tiles (by their text)": list(EXCOMMUNICATIONS)},
    "opera": {"cities": list(OPERA.cities), "city abilities": list(OPERA.abilities),
              "trade cards (provisional names)": list(OPERA.trade), "buildings (provisional names)": list(OPERA.buildings),
              "worksite tokens (provisional names)": list(OPERA.worksites),
              "workshop boards": [board["id"] for board in json.loads(
                  (Path(games.__file__).parent / "opera" / "data" / "workshops.json").read_text())["boards"]]},
}
"""The named components of each game, by kind (Masters of Renaissance names its cards and
leaders by their ids, which are notation and never translated: docs/glossary.md)."""


@pytest.mark.parametrize("key", sorted(KINDS))
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_named_component_has_a_distinct_name_in_each_language(key, language):
    names = component_names(key)[language]
    for kind, idents in KINDS[key].items():
        written = [names.get(ident, "") for ident in idents]
        assert all(name.strip() and CJK.search(name) for name in written), (kind, idents, written)
        assert len(set(written)) == len(written), f"two {kind} share a name: {written}"
    known = {ident for idents in KINDS[key].values() for ident in idents}
    assert set(names) == known, f"names of no component: {sorted(set(names) - known)}"


def test_lorenzos_96_cards_20_leaders_and_21_excommunications_are_all_named():
    assert len(component_names("lim")["ja"]) == len(component_names("lim")["ko"]) == 96 + 20 + 21


def names_in(value: object) -> list[Name]:
    """The component names a message carries (nested messages too)."""
    if isinstance(value, Name):
        return [value]
    if isinstance(value, Message):
        return [name for param in value.params.values() for name in names_in(param)]
    return []


@pytest.mark.parametrize("key", ["lim", "opera", "mor"])
def test_every_name_an_engine_writes_resolves_in_each_language(key):
    """Random play: each event, refusal and prompt naming a component finds it in names.json."""
    game = games.get(key)
    found: list[Name] = []
    for seed in range(3):
        rng = random.Random(seed)
        advanced = {"advanced": seed > 0} if key == "lim" else None  # leaders come with the advanced game
        state = game.setup(game.min_players if key == "mor" else 2, seed, advanced)
        for _ in range(120):
            actors = sorted(game.actors(state))
            if not actors:
                break
            seat = rng.choice(actors)
            found += names_in(game.prompt(state, seat))
            for text in ("leader play lorenzo", "leader activate sforza", "exchange 9", "take green-4 cost:3"):
                try:
                    game.play(state, seat, text)
                except IllegalAction as refusal:
                    found += names_in(refusal.message)
            state, events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            found += [name for shown in events for name in names_in(shown["text"])]
    if key == "mor":
        assert not found, "Masters of Renaissance names components by id only"
        return
    assert found, f"no component name met in {key}"
    for name in found:
        for language in TRANSLATED:
            assert name_in(name, language) != str(name) and CJK.search(name_in(name, language)), (name, language)


def test_a_name_survives_the_seat_names_of_its_message():
    taken = Message("{player} takes {name}.", player="{p0}", name=Name("lim", "2", "Woods"))
    named = taken.with_names(["Ada"])
    assert named == "Ada takes Woods." and translate(named, "ja") == "Ada takes 林."


def test_a_component_without_a_name_in_a_language_keeps_its_english_name():
    assert name_in(Name("lim", "no-such-card", "Mystery"), "ko") == "Mystery"
    assert name_in(Name("mor", "L5", "L5"), "ja") == "L5"


# ----------------------------------------------------------------------------- rules help
COMMANDS = re.compile(r"`[^`]+`")


@pytest.mark.parametrize("key", ["lim", "mor", "opera"])
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_rules_topic_has_this_languages_title_and_text(key, language):
    for name, entry in rule_topics(key).items():
        own = entry.get(language, {})
        assert own.get("title") and CJK.search(own["title"]), (key, name, language, "title")
        assert own.get("text") and CJK.search(own["text"]), (key, name, language, "text")
        assert sorted(COMMANDS.findall(own["text"])) == sorted(COMMANDS.findall(entry["text"])), (key, name)


def test_a_topic_without_the_readers_language_is_shown_in_english():
    entry = {"title": "Market", "rules": "MOR-MARKET-1..9", "text": "take one row.",
             "ja": {"title": "マーケット", "text": "1行を取ります。"}}
    assert in_language(entry, "ko")["title"] == "Market" and in_language(entry, "ja")["text"] == "1行を取ります。"
    assert in_language(entry, "ja")["rules"] == "MOR-MARKET-1..9"


def test_family_members_are_named_in_the_language_and_no_notation_is_taught():
    lim = games.get("lim")
    state = lim.setup(2, 1)
    asked = translate(lim.prompt(state, sorted(lim.actors(state))[0]), "ja")
    assert "（白、黒、オレンジ、中立）" in asked and "place" not in asked
