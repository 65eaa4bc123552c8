"""The fonts shipped with the renderer: DejaVu Sans for Latin text, Noto Sans CJK (Japanese
glyph forms, with Hangul) for Japanese and Korean, each cut down with fontTools to the characters
the bot can draw, so a board looks the same on every machine.

``python -m bot.i18n fonts`` rebuilds them from the full fonts (Debian's ``fonts-dejavu-core``
and ``fonts-noto-cjk`` by default); run it again whenever the catalogues change, since the CJK
subset holds exactly the characters of the Japanese and Korean catalogues and component names
(plus kana and common punctuation). It also writes ``coverage.json``: the characters each shipped font has, which the
renderer reads to pick a font for a line and the tests read to check that nothing drawn is
missing.
"""

from __future__ import annotations

import json
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
    wanted = {"DejaVuSans": _ranges(LATIN_RANGES), "NotoSansCJKjp": _ranges(CJK_RANGES) | catalogue_characters()}
    coverage: dict[str, list[int]] = {}
    for name, source in sources.items():
        font = _open(source)
        cmap = set(font.getBestCmap())
        codes = sorted(wanted[name.split("-")[0].split(".")[0]] & cmap)
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
