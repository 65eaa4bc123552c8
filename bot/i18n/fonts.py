"""The fonts shipped with the renderer: DejaVu Sans for Latin text, Noto Sans CJK (Japanese
glyph forms, with Hangul) for Japanese and Korean, each cut down with fontTools to the characters
the bot can draw, so a board looks the same on every machine.

The regular CJK face holds every character a Japanese or Korean member's name is written with:
all kana, the 6,355 kanji of JIS X 0208 (levels 1 and 2, with its symbols) and all 11,172 Hangul
syllables, plus the characters of the catalogues (about 6 MB). The bold CJK face holds only the
catalogues' characters and kana (about half a megabyte): a bold line with a character it lacks is
drawn in the regular face (see :func:`rendering.kit.faces_for`), which keeps the package at about
7 MB of fonts instead of 12.

``python -m bot.i18n fonts`` rebuilds them from the full fonts (Debian's ``fonts-dejavu-core``
and ``fonts-noto-cjk`` by default); run it again whenever the catalogues change. It also writes
``coverage.json``: the characters each shipped font has, which the renderer reads to pick a face
for each character and the tests read to check that nothing drawn is missing.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

import games

from i18n import LANGUAGES, component_names
from .catalogues import read

FONT_DIR = Path(__file__).resolve().parents[2] / "rendering" / "fonts"
SOURCES = {
    "DejaVuSans.ttf": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "NotoSansCJKjp-Regular.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "NotoSansCJKjp-Bold.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
}
CJK_FACE = "Noto Sans CJK JP"
LATIN_RANGES = ((0x20, 0x24F), (0x370, 0x3FF), (0x400, 0x4FF), (0x2000, 0x206F), (0x20A0, 0x20CF),
                (0x2100, 0x214F), (0x2190, 0x21FF), (0x2200, 0x22FF), (0x25A0, 0x25FF), (0x2600, 0x26FF))
"""Latin, Greek, Cyrillic and the punctuation, arrows and symbols that player names and labels use."""
CJK_RANGES = ((0x20, 0x7E), (0x3000, 0x30FF), (0xFF01, 0xFF5E), (0x2010, 0x2027), (0xD7, 0xD7))
"""ASCII, CJK punctuation, kana, full-width forms, dashes and quotes, ×."""
NAME_RANGES = ((0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF61, 0xFF9F), (0x3130, 0x318F), (0xAC00, 0xD7A3))
"""Every kana (with the small and half-width forms), the Hangul compatibility letters and all
11,172 Hangul syllables: what names are written with, besides the kanji of JIS X 0208."""


def jis_x_0208() -> set[int]:
    """Every character of JIS X 0208 (its two levels of kanji, kana and symbols), read from
    Python's EUC-JP codec, which encodes exactly that set in its two-byte rows."""
    return _two_byte_characters("euc_jp", range(0xA1, 0xFF), range(0xA1, 0xFF))


def windows_japanese() -> set[int]:
    """The characters Windows' Japanese code page adds to JIS X 0208, among them kanji common in
    family names (髙, 﨑): what a member typing on Windows may have in a name."""
    return _two_byte_characters("cp932", [*range(0x81, 0xA0), *range(0xE0, 0xFD)],
                                [*range(0x40, 0x7F), *range(0x80, 0xFD)])


def _two_byte_characters(codec: str, leads: Iterable[int], trails: Iterable[int]) -> set[int]:
    found: set[int] = set()
    trails = list(trails)
    for lead in leads:
        for trail in trails:
            try:
                found.update(ord(char) for char in bytes((lead, trail)).decode(codec)
                             if unicodedata.category(char) != "Co")  # the code page's user area
            except UnicodeDecodeError:
                continue
    return found


def name_characters() -> set[int]:
    """What the regular CJK face holds beyond the catalogues: every character of a Japanese or
    Korean name."""
    return jis_x_0208() | windows_japanese() | _ranges(NAME_RANGES)


def catalogue_characters() -> set[int]:
    """Every character of the Japanese and Korean translations and of the games' component names
    in those languages (``games/<key>/data/names.json``: card names drawn on images)."""
    found: set[int] = set()
    for language in LANGUAGES[1:]:
        for entry in read(language):
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            found.update(ord(char) for text in strings if text for char in text)
        for key in games.keys():
            found.update(ord(char) for name in component_names(key).get(language, {}).values() for char in name)
    return found


def _ranges(pairs: tuple[tuple[int, int], ...]) -> set[int]:
    return {code for low, high in pairs for code in range(low, high + 1)}


def _open(source: str) -> TTFont:
    if source.endswith(".ttc"):
        for face in TTCollection(source).fonts:
            if face["name"].getDebugName(1).startswith(CJK_FACE):
                return face
        raise ValueError(f"{source} has no {CJK_FACE} face")
    return TTFont(source)


def build(sources: dict[str, str] = SOURCES) -> dict[str, list[int]]:
    """Write the subset fonts and ``coverage.json``; returns the coverage."""
    latin, labels = _ranges(LATIN_RANGES), _ranges(CJK_RANGES) | catalogue_characters()
    wanted = {"DejaVuSans.ttf": latin, "DejaVuSans-Bold.ttf": latin,
              "NotoSansCJKjp-Regular.otf": labels | name_characters(), "NotoSansCJKjp-Bold.otf": labels}
    coverage: dict[str, list[int]] = {}
    for name, source in sources.items():
        font = _open(source)
        cmap = set(font.getBestCmap())
        codes = sorted(wanted[name] & cmap)
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=codes)
        subsetter.subset(font)
        font.save(FONT_DIR / name)
        coverage[name] = codes
    (FONT_DIR / "coverage.json").write_text(json.dumps(coverage, separators=(",", ":")) + "\n", encoding="utf-8")
    return coverage
