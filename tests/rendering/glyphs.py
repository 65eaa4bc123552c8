"""What the renderer draws, run by run, with the font file chosen for each run: for the tests
that check an image draws no character its font lacks (a tofu box)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from rendering import kit


@cache
def character_map(path: str) -> frozenset[int]:
    return frozenset(TTFont(path).getBestCmap())


def record_fonts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """From now on, every run of text the renderer draws or measures, with the font file chosen
    for it (the text caches are emptied, so a line drawn before is cut into runs again)."""
    seen: list[tuple[str, str]] = []
    choose = kit.faces_for

    def recording(value: str, bold: bool = False):
        runs = choose(value, bold)
        seen.extend((run, str(kit.FONT_DIR / face)) for run, face in runs)
        return runs

    monkeypatch.setattr(kit, "faces_for", recording)
    kit._text_mask.cache_clear()
    kit.text_width.cache_clear()
    return seen


def missing_glyphs(drawn: list[tuple[str, str]]) -> set[tuple[str, str, str]]:
    """Each character drawn that its font has no glyph for: (character, line, font file)."""
    return {(char, value, Path(path).name) for value, path in drawn for char in value
            if not char.isspace() and ord(char) not in character_map(path)}
