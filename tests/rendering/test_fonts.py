"""The fonts ship with the renderer, and a Japanese table's images draw every character they print
(no tofu boxes): each line is checked against the character map of the font file that drew it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

import games
import rendering
from bot.i18n import translate
from bot.table.boards import highlight_text as highlight
from bot.table.model import said
from rendering import kit

JAPANESE_NAMES = ["さくら", "Ada"]


@cache
def character_map(path: str) -> frozenset[int]:
    return frozenset(TTFont(path).getBestCmap())


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every line the renderer draws or measures, with the font file chosen for it."""
    seen: list[tuple[str, str]] = []
    choose = kit.font_for

    def recording(value: str, size: int, bold: bool = False):
        chosen = choose(value, size, bold)
        seen.append((value, chosen.path))
        return chosen

    monkeypatch.setattr(kit, "font_for", recording)
    kit._text_mask.cache_clear()
    kit.text_width.cache_clear()
    return seen


def test_the_fonts_ship_with_the_package():
    for name in (*kit.LATIN_FONTS.values(), *kit.CJK_FONTS.values()):
        path = kit.FONT_DIR / name
        assert path.is_file() and path.stat().st_size < 600_000, name
        assert set(kit.COVERAGE[name]) == set(character_map(str(path))) & set(kit.COVERAGE[name])
    assert (kit.FONT_DIR / "LICENSE-NotoSansCJK.txt").is_file() and (kit.FONT_DIR / "LICENSE-DejaVu.txt").is_file()


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_a_japanese_tables_board_has_no_tofu(key, drawn):
    game = games.get(key)
    state = game.setup(2, 11)
    seat = min(game.actors(state))
    state, events = game.play(state, seat, game.notation(game.legal_actions(state, seat)[0]))
    last = events[-1]["text"].with_names(JAPANESE_NAMES)
    line = highlight((last,), "ja")
    assert any("\u3040" <= char <= "\u30ff" for char in line), line  # the highlight is Japanese
    rendering.render(key, game.view(state, None), names=JAPANESE_NAMES, highlight=line)
    rendering.render_private(key, game.view(state, 0), names=JAPANESE_NAMES)
    missing = {(char, Path(path).name) for value, path in drawn for char in value
               if not char.isspace() and ord(char) not in character_map(path)}
    assert not missing, missing
    assert any(Path(path).name in kit.CJK_FONTS.values() for _, path in drawn)


def test_text_the_fonts_lack_is_left_out_not_drawn_as_a_box():
    assert kit.printable("Ada 🎲 さくら") == "Ada さくら"
    assert translate(said("{who} joined the table ({seated}/{players}).{full}", who="さくら", seated=1,
                          players=2, full="")[0], "ko").startswith("さくら 님이")


def test_the_cjk_font_has_every_character_of_the_catalogues():
    from bot.i18n.fonts import catalogue_characters

    missing = {chr(code) for code in catalogue_characters() - kit.COVERAGE[kit.CJK_FONTS[False]]
               if not chr(code).isspace()}
    assert not missing, f"run `python -m bot.i18n fonts` to add {''.join(sorted(missing))}"
