"""Every engine describes its moves for the guided menus and the suggestions (games/core/describe.py),
and the moves with no real choice that the table plays by itself (``Game.automatic``)."""

from __future__ import annotations

import re

import pytest

import games
from i18n import name_in, translate
from bot.i18n.catalogues import problems
from bot.menus import OPTION_LIMIT, TEXT_LIMIT, screen
from games.core import RULE_ID, Description, Message, Name
from games.core.describe import AND, amounts, listing
from tests.engine_checks import positions

MENU_ID = "bottega:gpage:999999:999999:99:"
"""The longest prefix of a menu component's ``custom_id`` (the path of group keys follows)."""
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
CASES = [("mor", 2, {}), ("lim", 3, {"advanced": True}), ("lim", 4, {}), ("opera", 2, {}), ("opera", 4, {})]


@pytest.mark.parametrize(("key", "players", "options"), CASES)
def test_every_legal_move_is_described_and_its_menu_path_fits_a_custom_id(key, players, options):
    game = games.get(key)
    for seed in (1, 2):
        for state, seat in positions(game, players, seed, options, every=3, limit=150):
            actions = game.legal_actions(state, seat)
            described = [game.describe(state, seat, action) for action in actions]
            for action, found in zip(actions, described):
                assert isinstance(found, Description) and found.label, action
                path = "/".join(step.key for step in found.group)
                assert len(MENU_ID + path) <= 100 and all("/" not in s.key and s.key for s in found.group)
            shown = screen(described)
            assert shown.move is not None or 0 < len(shown.choices) <= OPTION_LIMIT
            assert all(len(c.label) <= TEXT_LIMIT and len(c.description) <= TEXT_LIMIT for c in shown.choices)


def lim_with_leaders():
    lim = games.get("lim")
    state = lim.setup(2, 3, {"advanced": True})
    while state["phase"] != "actions":
        seat = min(lim.actors(state))
        state, _ = lim.apply(state, seat, lim.legal_actions(state, seat)[0])
    return lim, state, state["turn"]["seat"]


def test_LIM_LEADER_10_discarding_a_leader_asks_for_a_confirmation_and_placements_do_not():
    lim, state, seat = lim_with_leaders()
    described = {lim.notation(a): lim.describe(state, seat, a) for a in lim.legal_actions(state, seat)}
    discards = [d for n, d in described.items() if n.startswith("leader discard")]
    assert discards and all("gone for the rest of the game" in d.destructive for d in discards)
    assert not any(d.destructive for n, d in described.items() if n.startswith("place"))


def test_LIM_TOWER_11_a_tower_placement_shows_the_card_its_price_and_the_floor_bonus():
    lim, state, seat = lim_with_leaders()
    takes = [a for a in lim.legal_actions(state, seat) if a["type"] == "place" and a["space"] == "green-3"]
    assert takes
    found = lim.describe(state, seat, takes[0])
    card = games.lim.data.CARDS[state["towers"]["green"][2]]["name"]
    assert [s.key for s in found.group] == [takes[0]["member"], "towers", "green-3"]
    assert card in found.group[-1].label and "floor value 5" in found.group[-1].label
    assert "bonus 1 wood" in found.group[-1].label and "1 wood" in found.gain


def test_LIM_ADV_5_the_last_leader_of_a_pack_is_kept_automatically():
    lim = games.get("lim")
    state = lim.setup(2, 5, {"advanced": True})
    while state["phase"] == "tiles" or (state["phase"] == "draft" and len(state["draft"]["packs"][0]) > 1):
        seat = min(lim.actors(state))
        assert lim.automatic(state, seat) is None
        state, _ = lim.apply(state, seat, lim.legal_actions(state, seat)[0])
    assert state["phase"] == "draft"
    for seat in (0, 1):
        assert lim.automatic(state, seat) == {"type": "draft", "leader": state["draft"]["packs"][seat][0]}


def test_OM_REFINED_3_ending_phase_3_with_goods_asks_for_a_confirmation_and_is_automatic_without():
    opera = games.get("opera")
    state = opera.setup(2, 1)
    while not (state["phase"] == "refined" and not state["pending"]):
        seat = min(opera.actors(state))
        state, _ = opera.apply(state, seat, opera.legal_actions(state, seat)[0])
    seat = state["active"]
    player = state["seats"][seat]
    player["refined"] = {"b": 1, "p": 0, "c": 2, "g": 0}
    done = opera.describe(state, seat, {"type": "done"})
    assert done.destructive.startswith("Your 1 bell, 2 column left") and not RULE_ID.search(done.destructive), \
        "players read the sentence without its rule ID"
    assert opera.automatic(state, seat) is None
    player["refined"] = dict.fromkeys("bpcg", 0)
    nothing_else = opera.legal_actions(state, seat) == [{"type": "done"}]
    assert (opera.automatic(state, seat) == {"type": "done"}) == nothing_else
    assert not opera.describe(state, seat, {"type": "done"}).destructive


def test_opera_names_goods_in_words_not_letter_codes():
    from games.opera.describe import goods_words

    assert goods_words("LLSpg") == "2 lead, 1 sand, 1 plank, 1 glass"
    opera = games.get("opera")
    for state, seat in positions(opera, 2, 3, every=1, limit=120):
        for action in opera.legal_actions(state, seat):
            label = opera.describe(state, seat, action).label
            assert not any(word in label.split() for word in ("LL", "LW", "bp", "pc", "WM", "MS"))


def test_MOR_LEADER_5_discarding_a_leader_and_throwing_resources_away_ask_for_a_confirmation():
    mor = games.get("mor")
    state = mor.setup(2, 7)
    found = mor.describe(state, 0, {"type": "leader", "op": "discard", "leader": "L4"})
    assert "gone for the rest of the game" in found.destructive and not RULE_ID.search(found.destructive)
    assert not mor.describe(state, 0, {"type": "end"}).destructive



def texts_of(found: Description) -> list[object]:
    """Every text a description shows: its label, its menu steps, costs, gains and reason."""
    return [found.label, *(step.label for step in found.group), *found.cost, *found.gain,
            *([found.destructive] if found.destructive else []), found.preview()]


def templates_in(text: Message) -> set[str]:
    """The templates of ``text`` and of the messages nested in its parameters."""
    nested = {template for value in text.params.values() if isinstance(value, Message)
              for template in templates_in(value)}
    return {text.template} | nested


@pytest.mark.parametrize(("key", "players", "options"), CASES)
def test_every_description_text_is_a_message_the_catalogues_translate(key, players, options):
    """Labels, menu steps, costs, gains and reasons are messages (template and parameters), every
    template is translated into Japanese and Korean with the same placeholders, and components
    are names of this game; a Japanese preview is written in Japanese."""
    game = games.get(key)
    used: set[str] = set()
    for state, seat in positions(game, players, 3, options, every=2, limit=160):
        for action in game.legal_actions(state, seat):
            found = game.describe(state, seat, action)
            for text in texts_of(found):
                assert isinstance(text, Message), (action, text)
                used |= templates_in(text)
                names = [value for value in text.params.values() if isinstance(value, Name)]
                assert all(name.game == key and name.ident for name in names), names
            assert JAPANESE.search(translate(found.preview(), "ja")), found.preview()
    assert len(used) > 15
    assert not problems("ja", used) + problems("ko", used)


def test_amounts_names_and_lists_are_written_in_the_readers_language():
    lim, state, seat = lim_with_leaders()
    takes = [a for a in lim.legal_actions(state, seat) if a["type"] == "place" and a["space"] == "green-3"]
    found = lim.describe(state, seat, takes[0])
    card = found.group[-1].label.params["card"]
    assert isinstance(card, Name) and name_in(card, "ja") != str(card)  # the Japanese name of Woods
    assert name_in(card, "ja") in translate(found.group[-1].label, "ja")
    assert "階の値5" in translate(found.group[-1].label, "ja") and "木材×1" in translate(found.group[-1].label, "ja")
    assert translate(listing([amounts("2 coins"), amounts("1 wood")]), "ja") == "コイン×2、木材×1"
    assert translate(listing([amounts("2 coins"), amounts("1 wood")], AND), "ko") == "동전 ×2, 목재 ×1"
    assert translate(Description("x").preview(), "ko") == "지불: 없음 / 획득: 없음"
