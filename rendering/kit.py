"""The shared drawing kit: fonts, palette, icons drawn as shapes, text helpers and PNG encoding.

Everything expensive (fonts, icons) is built once and cached at module level, so a renderer only
composes ready-made pieces. Icons are drawn four times larger and scaled down, which gives smooth
edges without anti-aliased drawing primitives.
"""

from __future__ import annotations

import io
import json
import math
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache, wraps
from pathlib import Path
from typing import Any, Iterable, Mapping, TypeVar

from PIL import Image, ImageDraw, ImageFont, features

from i18n import ENGLISH, catalogue, name_in, term, translate
from games.core import Message, Name
from games.core.message import fill

if not features.check("freetype2"):  # pragma: no cover - Pillow wheels always ship FreeType
    raise ImportError("Bottega's rendering needs Pillow built with FreeType (scalable fonts).")

RGB = tuple[int, int, int]

# ----------------------------------------------------------------------------- palette
BACKGROUND: RGB = (246, 239, 224)      # parchment
PANEL: RGB = (255, 251, 242)
PANEL_DARK: RGB = (234, 224, 203)
INK: RGB = (43, 36, 30)
MUTED: RGB = (122, 110, 96)
LINE: RGB = (196, 182, 158)
HIGHLIGHT: RGB = (230, 126, 34)        # the last move, whose turn
HIGHLIGHT_SOFT: RGB = (252, 228, 196)
WHITE: RGB = (255, 255, 255)
GOOD: RGB = (76, 145, 65)
BAD: RGB = (192, 57, 43)

CARD_COLOURS: dict[str, RGB] = {
    "green": (67, 145, 84),
    "blue": (52, 108, 184),
    "yellow": (222, 168, 30),
    "purple": (126, 79, 160),
}

SEAT_COLOURS: tuple[RGB, ...] = (
    (214, 69, 65),     # vermilion
    (23, 150, 148),    # teal
    (214, 92, 160),    # magenta
    (61, 90, 128),     # slate
    (130, 100, 40),    # ochre, for games with a fifth seat
)

MARBLE_COLOURS: dict[str, RGB] = {
    "white": (250, 250, 247),
    "grey": (146, 146, 146),
    "yellow": (240, 196, 32),
    "blue": (60, 116, 210),
    "purple": (135, 85, 175),
    "red": (210, 48, 44),
}

# ---------------------------------------------------------------------------- language
_LANGUAGE: ContextVar[str] = ContextVar("drawing_language", default=ENGLISH)
Drawing = TypeVar("Drawing", bound=Callable[..., Any])


@contextmanager
def drawing_in(language: str | None) -> Iterator[None]:
    """Draw the images made inside this block with their words in ``language`` (the table's for a
    public board, the member's for a private image or a card)."""
    token = _LANGUAGE.set(language or ENGLISH)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def language() -> str:
    """The language of the image being drawn."""
    return _LANGUAGE.get()


def _(word: str) -> str:
    """A renderer's word or label in the language of the image being drawn (from the bot's
    gettext catalogues: ``python -m bot.i18n update`` extracts every ``_("...")`` of rendering/)."""
    return word if language() == ENGLISH else catalogue(language()).gettext(word)


def N_(word: str) -> str:
    """Marks a word kept in a table for extraction; it is translated where it is drawn, by :func:`_`."""
    return word


def said(template: str, **params: Any) -> str:
    """A label with numbers or names in it (``round {round}/6``), in the drawing's language."""
    return fill(_(template), params)


def game_term(word: str) -> str:
    """A game term (``blue``, ``coin``) as the messages write it in the drawing's language."""
    return term(word, language())


def engine_text(sentence: str | None) -> str | None:
    """A sentence an engine's view writes in English (a decision to take): as it is on an English
    image; on another, translated (a :class:`Message`, or a plain sentence the catalogue has), else
    left out (None): the table's own messages say it in the reader's language, and an image mixes
    no English in."""
    if not sentence or language() == ENGLISH:
        return sentence or None
    if isinstance(sentence, Message):  # a template with its parameters: translated whole
        return translate(sentence, language())
    translated = catalogue(language()).gettext(sentence)
    return translated if translated != sentence else None


def component(game_key: str, ident: str, english: str) -> str:
    """A card's, leader's, tile's or building's name as the drawing's language prints it
    (``ident``: the id ``/<game> card`` takes; English where that language has no name)."""
    return name_in(Name(game_key, ident, english), language())


def per_language(maxsize: int | None = 128) -> Callable[[Drawing], Drawing]:
    """``lru_cache`` for a drawing with words in it: the language is part of the key, so a
    Japanese table never gets a card drawn for an English one."""
    def decorate(function: Drawing) -> Drawing:
        @lru_cache(maxsize=maxsize)
        def in_language(_language: str, *args: Any) -> Any:
            return function(*args)

        @wraps(function)
        def cached(*args: Any) -> Any:
            return in_language(language(), *args)

        cached.cache_clear = in_language.cache_clear  # type: ignore[attr-defined]
        return cached  # type: ignore[return-value]
    return decorate


# ------------------------------------------------------------------------------- fonts
FONT_DIR = Path(__file__).parent / "fonts"
LATIN_FONTS = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
CJK_FONTS = {False: "NotoSansCJKjp-Regular.otf", True: "NotoSansCJKjp-Bold.otf"}
"""The fonts shipped in ``rendering/fonts`` (subsets; ``python -m bot.i18n fonts`` rebuilds them),
so a board looks the same on every machine: DejaVu Sans for Latin text, Noto Sans CJK for
Japanese and Korean."""
COVERAGE: dict[str, frozenset[int]] = {
    name: frozenset(codes)
    for name, codes in json.loads((FONT_DIR / "coverage.json").read_text(encoding="utf-8")).items()
}
"""The characters each shipped font has."""


@cache
def _font_file(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / name), size)


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The Latin face at ``size`` (the CJK face is chosen per line by :func:`font_for`)."""
    return _font_file(LATIN_FONTS[bold], size)


@lru_cache(maxsize=16384)
def _needs_cjk(value: str) -> bool:
    latin = COVERAGE[LATIN_FONTS[False]]
    return any(ord(char) not in latin for char in value)


def _covers(face: str, value: str) -> bool:
    return all(char.isspace() or ord(char) in COVERAGE[face] for char in value)


@lru_cache(maxsize=16384)
def faces_for(value: str, bold: bool = False) -> tuple[tuple[str, str], ...]:
    """``value`` cut into runs, each with the shipped face that draws it: ``((text, font file),
    ...)``. A line one face of its weight draws is one run (Latin, else CJK, which has Latin
    letters too, so a mixed line stays in one face); a bold line with a character only the regular
    CJK face has (the kanji and Hangul of names) is drawn in that face; any other line is drawn
    character by character from the first face that has each one, so a character is never left
    out for want of a glyph in the line's face."""
    for face in (LATIN_FONTS[bold], CJK_FONTS[bold], CJK_FONTS[False]):
        if _covers(face, value):
            return ((value, face),)
    order = (CJK_FONTS[bold], CJK_FONTS[False], LATIN_FONTS[bold], LATIN_FONTS[False])
    runs: list[list[str]] = []
    for char in value:
        face = next((face for face in order if ord(char) in COVERAGE[face]), order[0])
        if runs and (runs[-1][1] == face or char.isspace()):
            runs[-1][0] += char
        else:
            runs.append([char, face])
    return tuple((run, face) for run, face in runs)


def font_for(value: str, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The face that draws the first run of ``value`` (the whole line, unless it needs several
    faces: see :func:`faces_for`)."""
    return _font_file(faces_for(value, bold)[0][1], size)


@lru_cache(maxsize=4096)
def _has_glyph(char: str) -> bool:
    """Whether a shipped font can draw ``char``."""
    return any(ord(char) in COVERAGE[face] for face in (*LATIN_FONTS.values(), *CJK_FONTS.values()))


MISSING = "\u25a1"
"""What stands for a letter no shipped face has (a rare kanji of a name): a white square, drawn
from the Latin face, so a name never loses a character without a trace."""


@lru_cache(maxsize=4096)
def printable(text: str) -> str:
    """``text`` reduced to characters the fonts can draw: accents are dropped where that leaves a
    plain letter (José -> Jose), a letter or digit no face has is drawn as a white square, other
    missing glyphs (emoji, symbols) are left out."""
    out = []
    for char in unicodedata.normalize("NFC", text):
        if char.isspace():
            out.append(" ")
        elif _has_glyph(char):
            out.append(char)
        else:
            base = [c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)]
            if base and all(_has_glyph(c) for c in base):
                out.extend(base)
            elif unicodedata.category(char)[0] in "LN":
                out.append(MISSING)
    return " ".join("".join(out).split())


@lru_cache(maxsize=65536)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """The advance width of ``text`` in pixels (remembered: boards measure the same labels on
    every move)."""
    return int(sum(_font_file(face, size).getlength(run) for run, face in faces_for(text, bold)) + 0.5)


def fit(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis so that it is at most ``max_width`` pixels wide."""
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def fitting_size(text: str, sizes: Iterable[int], max_width: int, bold: bool = True) -> int:
    """The first of ``sizes`` (largest first) at which ``text`` is at most ``max_width`` wide,
    else the last: a long name is set smaller before it is shortened."""
    size = 0
    for size in sizes:
        if text_width(text, size, bold) <= max_width:
            break
    return size


def wrap(value: str, size: int, max_width: int, max_lines: int, bold: bool = False) -> list[str]:
    """``value`` broken into lines at most ``max_width`` wide; the last line is shortened with an
    ellipsis when the text needs more than ``max_lines``."""
    lines: list[str] = []
    current = ""
    for word, spaced in _words(value, size, max_width, bold):
        candidate = f"{current} {word}" if current and spaced else current + word
        if text_width(candidate, size, bold) <= max_width or not current:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit(lines[-1] + " …", size, max_width, bold)
    return [fit(line, size, max_width, bold) for line in lines]


def _words(value: str, size: int, max_width: int, bold: bool) -> list[tuple[str, bool]]:
    """The pieces a line may break between, each with whether a space comes before it: words,
    and single characters of a Japanese or Korean word too wide for a line (Japanese sentences
    have few or no spaces; Korean keeps the spaces it has)."""
    pieces: list[tuple[str, bool]] = []
    for word in value.split():
        if _needs_cjk(word) and text_width(word, size, bold) > max_width:
            pieces.extend((char, index == 0) for index, char in enumerate(word))
        else:
            pieces.append((word, True))
    return pieces


@lru_cache(maxsize=8192)
def _text_mask(value: str, face: str, size: int, anchor: str, start: tuple[float, float],
               stroke: int) -> tuple[Any, tuple[int, int]]:
    """The rendered coverage mask of a run of text in one face and its offset from the anchor point.

    FreeType layout and rasterisation are most of the cost of drawing text, and a board draws
    nearly the same labels on every move, so each (text, size, sub-pixel start) is rendered once.
    """
    # ``stroke_filled`` as ImageDraw.text passes it (Pillow versions before it ignore it).
    return _font_file(face, size).getmask2(value, "L", None, None, None, stroke, anchor, 0, start,
                                           stroke_filled=True)


_DRAWN: ContextVar[list[str] | None] = ContextVar("drawn_text", default=None)


@contextmanager
def recording_text() -> Iterator[list[str]]:
    """Every line of text drawn inside this block, in order (for the tests that read what an
    image says: which words it draws, in which language)."""
    drawn: list[str] = []
    token = _DRAWN.set(drawn)
    try:
        yield drawn
    finally:
        _DRAWN.reset(token)


def _draw_line(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, size: int, bold: bool,
               anchor: str, ink: RGB, stroke: int = 0) -> None:
    """What ``ImageDraw.text`` does for one line, with the glyph masks taken from the cache; a line
    of several faces is laid out run after run from its left edge."""
    recorded = _DRAWN.get()
    if recorded is not None:
        recorded.append(value)
    runs = faces_for(value, bold)
    x, y = xy
    if len(runs) > 1:
        widths = [_font_file(face, size).getlength(run) for run, face in runs]
        x -= {"m": sum(widths) / 2, "r": sum(widths)}.get(anchor[0], 0)
        anchor = "l" + anchor[1]
    else:
        widths = [0.0]
    for (run, face), width in zip(runs, widths):
        mask, (dx, dy) = _text_mask(run, face, size, anchor, (math.modf(x)[0], math.modf(y)[0]), stroke)
        draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, draw.draw.draw_ink(ink))
        x += width


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: object, size: int,
         fill: RGB = INK, anchor: str = "la", bold: bool = False) -> None:
    """One line of text (the same pixels as ``draw.text`` with the kit's font)."""
    line = str(value)
    if line:
        _draw_line(draw, xy, line, size, bold, anchor, fill)


def outlined_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: object, size: int,
                  fill: RGB = WHITE, outline: RGB = INK, anchor: str = "mm", bold: bool = True) -> None:
    """Text with a dark rim: readable on any background (numbers on icons and cards)."""
    line = str(value)
    if not line:
        return
    _draw_line(draw, xy, line, size, bold, anchor, outline, stroke=max(1, size // 9))
    if fill != outline:
        _draw_line(draw, xy, line, size, bold, anchor, fill)


def seat_label(seat: int, names: list[str] | None) -> str:
    """A player's display name, or ``P1``, ``P2``... when the table gave none."""
    if names and seat < len(names) and names[seat]:
        cleaned = printable(str(names[seat]))
        if cleaned:
            return cleaned
    return f"P{seat + 1}"


def seat_labels(view: Mapping[str, Any], names: list[str] | None) -> list[str]:
    """The label of every seat of a view, in seat order."""
    return [seat_label(player["seat"], names) for player in view["players"]]


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def player_frame(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], seat: int,
                 acting: bool) -> None:
    """A player's panel: highlighted while the player must act, with a stripe in the seat colour."""
    x0, y0, _, y1 = box
    panel(draw, box, HIGHLIGHT_SOFT if acting else PANEL, HIGHLIGHT if acting else LINE,
          radius=12, width=4 if acting else 2)
    draw.rounded_rectangle((x0 + 8, y0 + 10, x0 + 16, y1 - 10), radius=4, fill=seat_colour(seat))


def seat_heading(draw: ImageDraw.ImageDraw, xy: tuple[float, float], seat: int, names: list[str] | None,
                 image_width: int) -> None:
    """The first line of a private image: the seat's colour and name (``xy`` is its top left)."""
    x, y = xy
    draw.ellipse((x, y + 6, x + 24, y + 30), fill=seat_colour(seat))
    text(draw, (x + 34, y + 18), fit(seat_label(seat, names), 26, image_width - 80, True), 26, INK, "lm",
         bold=True)


def fill_seats(line: str, names: list[str] | None, seats: int) -> str:
    """An event line with its ``{p0}``, ``{p1}``... seat placeholders replaced by names."""
    for seat in range(max(seats, len(names or ()))):
        line = line.replace("{p%d}" % seat, seat_label(seat, names))
    return line


BANNER_SIZE = 18
BANNER_LINE = 24


def banner_height(lines: int) -> int:
    return 16 + BANNER_LINE * lines if lines else 0


def banner_lines(line: str | None, width: int, max_lines: int = 3,
                 labels: list[str] | None = None) -> list[str]:
    """The lines :func:`banner` shows for ``line`` in a box ``width`` wide."""
    shown = printable(fill_seats(line or "", labels, len(labels or ())))
    if not shown or max_lines < 1:
        return []
    return wrap(shown, BANNER_SIZE, width - 24, max_lines)


def banner(draw: ImageDraw.ImageDraw, xy: tuple[float, float], width: int, line: str | None,
           max_lines: int = 3, labels: list[str] | None = None) -> int:
    """The last move (or a decision to take) in a soft orange box ``width`` wide, wrapped to at
    most ``max_lines`` lines, its ``{p0}``... placeholders replaced by ``labels``. Returns the
    height used (0 when there is nothing to say)."""
    lines = banner_lines(line, width, max_lines, labels)
    if not lines:
        return 0
    x, y = xy
    height = banner_height(len(lines))
    panel(draw, (x, y, x + width, y + height), HIGHLIGHT_SOFT, HIGHLIGHT, 8, 2)
    for i, text_line in enumerate(lines):
        text(draw, (x + 12, y + 8 + BANNER_LINE * i), text_line, BANNER_SIZE, INK)
    return height


# ------------------------------------------------------------------------------- icons
_SUPERSAMPLE = 4

ICON_KINDS = (
    "coin", "stone", "servant", "shield", "faith", "wood", "military", "vp", "any",
    "cross", "card", "inkwell", "marble-white", "marble-grey", "marble-yellow", "marble-blue",
    "marble-purple", "marble-red",
)


def _darker(colour: RGB, factor: float = 0.62) -> RGB:
    return tuple(int(c * factor) for c in colour)  # type: ignore[return-value]


def _lighter(colour: RGB, amount: float = 0.55) -> RGB:
    return tuple(int(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


def _draw_icon(draw: ImageDraw.ImageDraw, kind: str, s: int) -> None:
    """Draw ``kind`` filling an ``s`` x ``s`` canvas."""
    m = s / 16  # one unit of a 16-unit design grid
    rim = max(1, int(m * 1.1))
    if kind == "coin":
        gold = (236, 185, 35)
        draw.ellipse((m, m, s - m, s - m), fill=gold, outline=(150, 104, 12), width=rim)
        draw.ellipse((4 * m, 4 * m, s - 4 * m, s - 4 * m), outline=(176, 126, 20), width=rim)
    elif kind == "stone":
        points = [(3 * m, 5 * m), (7 * m, 1.8 * m), (12.5 * m, 3 * m), (15 * m, 8.5 * m),
                  (12 * m, 14.2 * m), (5 * m, 14.5 * m), (1.2 * m, 10 * m)]
        draw.polygon(points, fill=(150, 150, 146), outline=(84, 84, 80), width=rim)
        draw.line([(5 * m, 7 * m), (9 * m, 5.5 * m)], fill=(200, 200, 196), width=rim)
    elif kind == "servant":
        purple = (128, 82, 170)
        draw.ellipse((5.2 * m, 0.8 * m, 10.8 * m, 6.4 * m), fill=purple, outline=(72, 40, 100), width=rim)
        draw.rounded_rectangle((2.5 * m, 7.2 * m, 13.5 * m, 15.2 * m), radius=int(4 * m),
                               fill=purple, outline=(72, 40, 100), width=rim)
    elif kind == "shield":
        blue = (58, 112, 200)
        points = [(2 * m, 1.5 * m), (14 * m, 1.5 * m), (14 * m, 7.5 * m), (8 * m, 15 * m),
                  (2 * m, 7.5 * m)]
        draw.polygon(points, fill=blue, outline=(26, 56, 112), width=rim)
        draw.line([(8 * m, 3 * m), (8 * m, 12.5 * m)], fill=(170, 196, 240), width=rim)
    elif kind == "faith":
        red = (205, 45, 40)
        outline = (120, 20, 16)
        draw.rectangle((6 * m, 0.8 * m, 10 * m, 15.2 * m), fill=red, outline=outline, width=rim)
        draw.rectangle((2 * m, 4 * m, 14 * m, 8 * m), fill=red, outline=outline, width=rim)
        draw.rectangle((6 * m + rim, 4 * m + rim, 10 * m - rim, 8 * m - rim), fill=red)
    elif kind == "cross":
        black = (30, 30, 30)
        draw.polygon([(5.5 * m, 1 * m), (10.5 * m, 1 * m), (10.5 * m, 5.5 * m), (15 * m, 5.5 * m),
                      (15 * m, 10.5 * m), (10.5 * m, 10.5 * m), (10.5 * m, 15 * m), (5.5 * m, 15 * m),
                      (5.5 * m, 10.5 * m), (1 * m, 10.5 * m), (1 * m, 5.5 * m), (5.5 * m, 5.5 * m)],
                     fill=black, outline=(250, 250, 250), width=rim)
    elif kind == "wood":
        brown = (150, 96, 48)
        draw.rounded_rectangle((1 * m, 4 * m, 15 * m, 12 * m), radius=int(3 * m), fill=brown,
                               outline=(86, 52, 20), width=rim)
        draw.ellipse((11 * m, 4 * m, 15 * m, 12 * m), fill=(214, 170, 110), outline=(86, 52, 20), width=rim)
    elif kind == "military":
        steel = (120, 126, 136)
        draw.polygon([(8 * m, 0.5 * m), (10 * m, 3 * m), (10 * m, 11 * m), (6 * m, 11 * m), (6 * m, 3 * m)],
                     fill=(215, 220, 228), outline=steel, width=rim)
        draw.rectangle((3 * m, 10.5 * m, 13 * m, 12.5 * m), fill=(150, 96, 48))
        draw.rectangle((7 * m, 12.5 * m, 9 * m, 15.5 * m), fill=(150, 96, 48))
    elif kind == "vp":
        laurel = (172, 120, 48)
        draw.ellipse((m, m, s - m, s - m), fill=(250, 236, 200), outline=laurel, width=int(rim * 1.6))
    elif kind == "any":
        draw.ellipse((m, m, s - m, s - m), fill=(255, 255, 255), outline=(110, 110, 110), width=rim)
        draw.text((s / 2, s / 2), "?", font=font(int(11 * m), True), fill=(80, 80, 80), anchor="mm")
    elif kind == "inkwell":
        ink = (34, 40, 70)
        draw.rounded_rectangle((3 * m, 6 * m, 13 * m, 15 * m), radius=int(2.5 * m), fill=ink,
                               outline=(200, 200, 210), width=rim)
        draw.rectangle((6 * m, 3.5 * m, 10 * m, 6.5 * m), fill=ink, outline=(200, 200, 210), width=rim)
        draw.line([(9 * m, 5 * m), (14.5 * m, 0.5 * m)], fill=(240, 240, 236), width=int(1.6 * m))
    elif kind == "card":
        draw.rounded_rectangle((3 * m, 1 * m, 13 * m, 15 * m), radius=int(1.5 * m), fill=(250, 246, 236),
                               outline=(90, 80, 70), width=rim)
        draw.rectangle((3 * m + rim, 1 * m + rim, 13 * m - rim, 5 * m), fill=(170, 150, 120))
    elif kind.startswith("marble-"):
        colour = MARBLE_COLOURS[kind.removeprefix("marble-")]
        draw.ellipse((m, m, s - m, s - m), fill=colour, outline=_darker(colour, 0.5), width=rim)
        draw.ellipse((4 * m, 3.5 * m, 8 * m, 7 * m), fill=_lighter(colour, 0.6))
    else:
        raise KeyError(f"no icon called {kind!r}")


@lru_cache(maxsize=None)
def icon(kind: str, size: int) -> Image.Image:
    """An RGBA icon of ``kind`` (see ICON_KINDS), ``size`` pixels square."""
    big = size * _SUPERSAMPLE
    canvas = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    _draw_icon(ImageDraw.Draw(canvas), kind, big)
    return canvas.resize((size, size), Image.Resampling.LANCZOS)


def paste_sprite(img: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    """Paste a cached RGBA drawing (a card, a track) with its transparent corners."""
    img.paste(sprite, (int(xy[0]), int(xy[1])), sprite)


def frozen(value: object) -> str:
    """A hashable, canonical form of a JSON value (the cache key of a drawing made from it)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


ICON_ALIASES = {
    "coins": "coin", "stones": "stone", "servants": "servant", "shields": "shield", "woods": "wood",
    "mp": "military", "military_points": "military", "fp": "faith", "faith_points": "faith",
    "victory_points": "vp", "victory": "vp",
}


def resource_kind(name: str) -> str:
    """The icon name for a resource as a game's view spells it (``coins``, ``mp``...)."""
    return ICON_ALIASES.get(name, name)


def has_icon(kind: str) -> bool:
    return kind in ICON_KINDS


def paste_icon(img: Image.Image, kind: str, xy: tuple[float, float], size: int) -> None:
    """Paste an icon with its top-left corner at ``xy``."""
    picture = icon(kind, size)
    if img.mode == "RGBA":  # keep the destination opaque where it was (sprites)
        img.alpha_composite(picture, (int(xy[0]), int(xy[1])))
    else:
        img.paste(picture, (int(xy[0]), int(xy[1])), picture)


def vp_badge(img: Image.Image, centre: tuple[float, float], points: int, size: int) -> None:
    """A victory-point medallion with its number."""
    cx, cy = centre
    paste_icon(img, "vp", (cx - size / 2, cy - size / 2), size)
    text(ImageDraw.Draw(img), (cx, cy + 1), points, max(8, int(size * 0.5)), INK, "mm", bold=True)


RESOURCE_ORDER = ("coin", "stone", "servant", "shield", "wood", "military", "faith", "vp", "any")


def ordered_amounts(amounts: Mapping[str, int]) -> list[tuple[str, int]]:
    """Non-zero amounts in one fixed order, so equal costs always look the same."""
    rank = {kind: i for i, kind in enumerate(RESOURCE_ORDER)}
    items = [(k, v) for k, v in amounts.items() if v]
    return sorted(items, key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))


def amounts_width(amounts: Iterable[tuple[str, int]], size: int, gap: int | None = None) -> int:
    gap = size // 3 if gap is None else gap
    widths = [text_width(str(n), size) + 2 + size for _, n in amounts]
    return sum(widths) + gap * max(0, len(widths) - 1)


def draw_amounts(img: Image.Image, xy: tuple[float, float], amounts: Iterable[tuple[str, int]],
                 size: int, fill: RGB = INK, gap: int | None = None) -> int:
    """Draw "2 [coin] 1 [stone]"... with the top-left at ``xy``; returns the width used."""
    draw = ImageDraw.Draw(img)
    gap = size // 3 if gap is None else gap
    x, y = xy
    start = x
    for kind, n in amounts:
        label = str(n)
        text(draw, (x, y + size / 2), label, size, fill, "lm", bold=True)
        x += text_width(label, size, True) + 2
        if has_icon(kind):
            paste_icon(img, kind, (x, y), size)
            x += size + gap
        else:
            text(draw, (x, y + size / 2), kind, int(size * 0.8), MUTED, "lm")
            x += text_width(kind, int(size * 0.8)) + gap
    return int(x - start - gap) if x > start else 0


def arrow(draw: ImageDraw.ImageDraw, left: float, mid_y: float, length: float, colour: RGB = INK,
          thickness: int = 3) -> None:
    """A right-pointing arrow (production input -> output)."""
    head = max(5, thickness * 2.2)
    draw.line([(left, mid_y), (left + length - head, mid_y)], fill=colour, width=thickness)
    draw.polygon([(left + length - head - 1, mid_y - head * 0.8), (left + length, mid_y),
                  (left + length - head - 1, mid_y + head * 0.8)], fill=colour)


def panel(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB = PANEL,
          outline: RGB = LINE, radius: int = 10, width: int = 2) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def card_frame(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB,
               band: int, radius: int = 8) -> None:
    """A card: a light body under a coloured band of height ``band`` (the card's colour)."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=radius, fill=PANEL, outline=_darker(colour, 0.7), width=2)
    draw.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + band), radius=max(1, radius - 2), fill=colour)
    draw.rectangle((x0 + 2, y0 + band - radius, x1 - 2, y0 + band), fill=colour)


def level_pips(draw: ImageDraw.ImageDraw, centre: tuple[float, float], level: int, size: int,
               fill: RGB = WHITE) -> None:
    """A development card level as 1-3 dots (the cards' own flag convention)."""
    cx, cy = centre
    step = size * 1.6
    start = cx - step * (level - 1) / 2
    for i in range(level):
        x = start + i * step
        draw.ellipse((x - size / 2, cy - size / 2, x + size / 2, cy + size / 2), fill=fill,
                     outline=INK, width=1)


def dashed_rectangle(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB,
                     dash: int = 6, width: int = 1) -> None:
    """An empty place (an empty slot or deck)."""
    x0, y0, x1, y1 = (int(v) for v in box)
    for x in range(x0, x1, dash * 2):
        draw.line([(x, y0), (min(x + dash, x1), y0)], fill=colour, width=width)
        draw.line([(x, y1), (min(x + dash, x1), y1)], fill=colour, width=width)
    for y in range(y0, y1, dash * 2):
        draw.line([(x0, y), (x0, min(y + dash, y1))], fill=colour, width=width)
        draw.line([(x1, y), (x1, min(y + dash, y1))], fill=colour, width=width)


# ---------------------------------------------------------------------------- encoding
MAX_SIDE = 1600          # every image's longest side: a phone shows it without shrinking the text
MAX_WIDTH = MAX_SIDE     # a canvas is never wider
MAX_BYTES = 1_000_000


EXACT_COLOURS: tuple[RGB, ...] = (
    BACKGROUND, PANEL, PANEL_DARK, INK, MUTED, LINE, HIGHLIGHT, HIGHLIGHT_SOFT, WHITE, GOOD, BAD,
    *CARD_COLOURS.values(), *SEAT_COLOURS,
)


def new_canvas(width: int, height: int, colour: RGB = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (min(width, MAX_WIDTH), height), colour)
    return img, ImageDraw.Draw(img)


# Sampled shades this close (sum of channel differences) to an exact colour are left out of the
# palette: the palette lookup works on coarse colour cells, where a near twin would win over the
# exact colour and shift a large flat area.
_TWIN_DISTANCE = 12
PNG_COMPRESS_LEVEL = 1


@lru_cache(maxsize=1)
def _exact_twins() -> frozenset[int]:
    """Every colour (packed as 0xRRGGBB) within ``_TWIN_DISTANCE`` of an exact colour: built once,
    so choosing an image's palette is a set lookup per sampled colour."""
    offsets = [(dr, dg, db) for dr in range(-_TWIN_DISTANCE, _TWIN_DISTANCE + 1)
               for dg in range(-_TWIN_DISTANCE + abs(dr), _TWIN_DISTANCE - abs(dr) + 1)
               for db in range(-_TWIN_DISTANCE + abs(dr) + abs(dg), _TWIN_DISTANCE - abs(dr) - abs(dg) + 1)]
    twins = set()
    for r, g, b in EXACT_COLOURS:
        for dr, dg, db in offsets:
            if 0 <= r + dr < 256 and 0 <= g + dg < 256 and 0 <= b + db < 256:
                twins.add((r + dr) << 16 | (g + dg) << 8 | (b + db))
    return frozenset(twins)


def palette_for(img: Image.Image) -> Image.Image:
    """A 256-colour palette for ``img``: the kit's own colours exactly (octree buckets would shift
    the large flat areas a little), then the shades of every fourth pixel of every fourth row
    (a nearest-neighbour sample keeps pure colours, unlike averaging) that are not near twins
    of those."""
    sample = img.resize((max(1, img.width // 4), max(1, img.height // 4)), Image.Resampling.NEAREST)
    sampled = sample.quantize(256 - len(EXACT_COLOURS), method=Image.Quantize.FASTOCTREE,
                              dither=Image.Dither.NONE).getpalette() or []
    twins = _exact_twins()
    extra = [sampled[i:i + 3] for i in range(0, len(sampled), 3)
             if (sampled[i] << 16 | sampled[i + 1] << 8 | sampled[i + 2]) not in twins]
    palette = Image.new("P", (1, 1))
    palette.putpalette([c for colour in (*EXACT_COLOURS, *extra) for c in colour][:3 * 256])
    return palette


CAPTION_SIZE = 22


def with_caption(board: Image.Image, caption: str) -> Image.Image:
    """``board`` with a strip of one or two lines of ``caption`` under it, the whole image still at
    most :data:`MAX_SIDE` high (the board is scaled down to make room when it must be)."""
    width = board.width
    lines = wrap(printable(caption), CAPTION_SIZE, width - 32, 2)
    strip = 16 + len(lines) * (CAPTION_SIZE + 8)
    if board.height + strip > MAX_SIDE:
        scale = (MAX_SIDE - strip) / board.height
        board = board.resize((max(1, round(board.width * scale)), MAX_SIDE - strip), Image.Resampling.LANCZOS)
    out = Image.new("RGB", (width, board.height + strip), PANEL_DARK)
    out.paste(board, ((width - board.width) // 2, 0))
    draw = ImageDraw.Draw(out)
    for index, value in enumerate(lines):
        text(draw, (16, board.height + 10 + index * (CAPTION_SIZE + 8)), value, CAPTION_SIZE, INK)
    return out


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes of ``img`` reduced to a 256-colour palette (:func:`palette_for`): boards are flat
    colours plus text, so nothing visible is lost and the file is several times smaller.

    zlib level 1: on a 4-player board it is twice as fast as level 6 (about 6 ms instead of 12)
    for a file a third larger, still far below the size limit; ``optimize`` (level 9) would take
    70 ms. An RGB image is encoded as it is, without a copy.
    """
    rgb = img if img.mode == "RGB" else img.convert("RGB")
    paletted = rgb.quantize(palette=palette_for(rgb), dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()
