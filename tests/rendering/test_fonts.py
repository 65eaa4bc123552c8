"""The fonts ship with the renderer, and a Japanese table's images draw every character they print
(no tofu boxes): each line is checked against the character map of the font file that drew it."""

from __future__ import annotations

import random
import re
import unicodedata
from functools import cache
from pathlib import Path

import pytest

import games
import rendering
from i18n import term, translate
from bot.table.boards import highlight_text as highlight
from bot.table.clocks import short
from bot.table.model import said
from bot.table.results import summary
from games.core import Message
from rendering import kit
from rendering.summary import render_summary
from tests.rendering.cjk_names import japanese_names, korean_names
from tests.rendering.components import card_ids
from tests.rendering.glyphs import character_map, missing_glyphs, record_fonts

JAPANESE_NAMES = ["さくら", "Ada"]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every line the renderer draws or measures, with the font file chosen for it."""
    return record_fonts(monkeypatch)


NAME_FACE_LIMIT = 6_500_000
"""The regular CJK face holds every kana, JIS X 0208 kanji and Hangul syllable (names); the other
faces only what the catalogues and Latin text need."""
LABEL_FACE_LIMIT = 800_000
"""The bold CJK face (the catalogues' characters, which grow with them) and the Latin faces."""


def test_the_fonts_ship_with_the_package():
    for name in (*kit.LATIN_FONTS.values(), *kit.CJK_FONTS.values()):
        path = kit.FONT_DIR / name
        limit = NAME_FACE_LIMIT if name == kit.CJK_FONTS[False] else LABEL_FACE_LIMIT
        assert path.is_file() and path.stat().st_size < limit, name
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
    missing = missing_glyphs(drawn)
    assert not missing, missing
    assert any(Path(path).name in kit.CJK_FONTS.values() for _, path in drawn)


def test_text_the_fonts_lack_is_left_out_not_drawn_as_a_box():
    assert kit.printable("Ada 🎲 さくら") == "Ada さくら"
    assert kit.printable("𠮷田") == kit.MISSING + "田"  # a letter no face has still leaves a mark
    assert translate(said("{who} joined the table ({seated}/{players}).{full}", who="さくら", seated=1,
                          players=2, full="")[0], "ko").startswith("さくら 님이")


def test_the_cjk_font_has_every_character_of_the_catalogues():
    from bot.i18n.fonts import catalogue_characters

    missing = {chr(code) for code in catalogue_characters() - kit.COVERAGE[kit.CJK_FONTS[False]]
               if not chr(code).isspace()}
    assert not missing, f"run `python -m bot.i18n fonts` to add {''.join(sorted(missing))}"


# ---------------------------------------------------------------- every image of a Japanese or Korean table
TABLE_LANGUAGES = ("ja", "ko")
SCRIPT = {"ja": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]"), "ko": re.compile(r"[\uac00-\ud7a3]")}
NAMES = ["さくら", "Ada", "민준", "Dario"]


@cache
def played(key: str, players: int) -> tuple[dict, dict, Message, dict]:
    """A game of ``key`` played to its end: a position half way, the finished one, the last move's
    event and the summary of the whole game."""
    game = games.get(key)
    start = state = game.setup(players, 9)
    chooser, notations, positions = random.Random(9), [], []
    last = None
    while game.result(state) is None:
        seat = min(game.actors(state))
        action = chooser.choice(game.legal_actions(state, seat))
        notations.append((seat, game.notation(action)))
        state, events = game.apply(state, seat, action)
        last = events[-1]["text"] if events else last
        positions.append(state)
    return positions[len(positions) // 2], state, last, summary(key, start, notations, NAMES[:players])


def images(key: str, players: int, language: str) -> list[bytes]:
    """Every image a table of ``key`` shows in ``language``: the board half way (with the last
    move's sentence and the line of turn clocks) and at the end, each seat's own image, the final
    summary and a few card images."""
    game = games.get(key)
    middle, over, last, shown = played(key, players)
    names = NAMES[:players]
    sentence = highlight((last.with_names(names),), language)
    clocks = " · ".join(translate(Message("{name}: bank {left}", name=name, left=short(90_000)), language)
                        for name in names)
    drawn = [rendering.render(key, game.view(middle, None), names=names, highlight=sentence, caption=clocks,
                              language=language),
             rendering.render(key, game.view(over, None), names=names, highlight=sentence, language=language),
             render_summary(shown, language)]
    drawn += [rendering.render_private(key, game.view(middle, seat), names=names, language=language)
              for seat in range(players)]
    drawn += [rendering.render_card(key, card_id, language) for card_id in card_ids(key)[::7]]
    return drawn


@pytest.mark.parametrize("language", TABLE_LANGUAGES)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_every_character_a_japanese_or_korean_table_draws_has_its_glyph(key, players, language, drawn):
    translated = images(key, players, language)
    missing = missing_glyphs(drawn)
    assert not missing, sorted(missing)[:10]
    assert any(SCRIPT[language].search(value) for value, _ in drawn)
    english = images(key, players, "en")
    worded = 3 + players  # the boards, the summary and the seats' own images all have words
    assert all(ours != theirs for ours, theirs in zip(translated[:worded], english[:worded], strict=True))


def test_the_clock_line_under_a_board_is_in_the_tables_language():
    assert short(90_000) == "1d 1h" and translate(short(4_000), "ja") == "1時間6分"
    assert translate(short(90_000), "ko") == "1일 1시간"
    assert translate(Message("{name}: until {time} UTC", name="Ada", time="12/01 19:30"), "ja") == \
        "Ada：12/01 19:30 UTCまで"


def test_words_are_drawn_from_the_catalogue_of_the_images_language():
    with kit.drawing_in("ja"):
        assert kit._("next turn order") == "次の手番順" and kit.said("round {round}", round=3) == "ラウンド3"
        assert kit.engine_text("Choose a card.") is None  # an English sentence no catalogue translates
        assert kit.engine_text(Message("It is not your turn.")) == translate(Message("It is not your turn."), "ja")
        assert kit.game_term("blue") == term("blue", "ja")
    assert kit.language() == "en" and kit._("next turn order") == "next turn order"
    assert kit.engine_text("Choose a card.") == "Choose a card."


def test_a_drawing_cached_for_one_language_is_not_shown_in_another():
    from rendering import lim_cards

    venture = 73  # its end-of-game points are written "final" on it
    with kit.drawing_in("en"):
        english = lim_cards.card_sprite(venture, 162, 120).tobytes()
    with kit.drawing_in("ja"):
        japanese = lim_cards.card_sprite(venture, 162, 120).tobytes()
    with kit.drawing_in("en"):
        assert lim_cards.card_sprite(venture, 162, 120).tobytes() == english != japanese


@pytest.mark.parametrize("language", TABLE_LANGUAGES)
def test_translated_words_stay_inside_the_image(language, monkeypatch):
    """A longer word is shrunk, shortened or wrapped: no line drawn on a board runs past its edge."""
    outside: list[tuple[str, float, float]] = []
    draw_line = kit._draw_line

    def measured(draw, xy, value, size, bold, anchor, ink, stroke=0):
        left, _, right, _ = kit.font_for(value, size, bold).getbbox(value, anchor=anchor)
        width = draw.im.size[0]
        if xy[0] + left < -1 or xy[0] + right > width + 1:
            outside.append((value, xy[0] + left, xy[0] + right))
        draw_line(draw, xy, value, size, bold, anchor, ink, stroke)

    monkeypatch.setattr(kit, "_draw_line", measured)
    for key in ("mor", "lim", "opera"):
        images(key, 4, language)
    assert not outside, outside[:5]


# ---------------------------------------------------------------- members' names in Japanese and Korean
NAME_LISTS = {"ja": japanese_names(), "ko": korean_names()}


def test_the_name_face_covers_kana_jis_kanji_and_every_hangul_syllable():
    from bot.i18n.fonts import jis_x_0208

    names_face = kit.COVERAGE[kit.CJK_FONTS[False]]
    hangul = set(range(0xAC00, 0xD7A4))
    kana = {code for code in range(0x3041, 0x30FF) if unicodedata.name(chr(code), "")}
    assert len(hangul) == 11_172 and hangul <= names_face
    assert kana <= names_face
    kanji = {code for code in jis_x_0208() if 0x4E00 <= code <= 0x9FFF}
    assert len(kanji) >= 6_355 and kanji <= names_face


@pytest.mark.parametrize("language", TABLE_LANGUAGES)
@pytest.mark.parametrize("bold", [False, True])
def test_every_name_is_drawn_with_ink_from_a_face_that_has_its_glyphs(language, bold):
    from PIL import Image, ImageDraw

    for name in NAME_LISTS[language]:
        shown = kit.printable(name)
        assert shown == name, name
        for run, face in kit.faces_for(shown, bold):
            assert all(char.isspace() or ord(char) in character_map(str(kit.FONT_DIR / face)) for char in run), (name, face)
        for char in shown.replace(" ", ""):
            image = Image.new("L", (40, 40), 0)
            kit.text(ImageDraw.Draw(image), (20, 20), char, 24, 255, "mm", bold=bold)
            assert image.getbbox() is not None, (name, char)


@pytest.mark.parametrize("language", TABLE_LANGUAGES)
@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_a_four_player_board_draws_every_character_of_every_name(key, language, drawn):
    game = games.get(key)
    state = game.setup(4, 5)
    view = game.view(state, None)
    names = NAME_LISTS[language]
    for first in range(0, len(names), 4):
        seated = (names[first:first + 4] + names[:4])[:4]
        drawn.clear()
        rendering.render(key, view, names=seated, language=language)
        characters = {char for run, _ in drawn for char in run}
        for name in seated:
            assert set(name.replace(" ", "")) <= characters, (key, name)
    assert not missing_glyphs(drawn)
