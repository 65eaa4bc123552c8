"""The focused image a phone shows first: every letter on it stays at least 10 pixels tall when
Discord shows it 360 pixels wide.

Every word the renderer draws goes through ``kit._draw_line``; the test records each line drawn
(its text, size and weight) while the focused image of late positions of every game is drawn, in
English and Japanese, with long names and four players, and measures the capitals of the face each
line is drawn in (the CJK face's ideographs for a Japanese line).
"""

from __future__ import annotations

import pytest

import games
from rendering import focus, kit
from tests.rendering.late_games import NAMES, late_positions

SMALLEST_ON_A_PHONE = 10
"""The issue's rule: letters at least 10 pixels tall at 360 pixels wide."""
LONG_TURN = ("Bartolomeo Colleoni took row 2 from the market: 1 stone, 2 coins; stored them; bought green-2 "
             "into slot 1 for 3 stones; activated the production of slot 1 and the leader's; ended the turn.")
JAPANESE_TURN = ("バルトロメオ・コッレオーニは市場の2列目を取り、"
                 "石1個と金貨2枚を得て、倉庫に置きました。")


def letter_height(value: str, size: int, bold: bool) -> int:
    """The height of a capital (or, for a line in the CJK face, an ideograph) in the face
    ``value`` is drawn in."""
    face = kit.font_for(value, size, bold)
    sample = "国" if kit._needs_cjk(value) else "H"
    top, bottom = face.getbbox(sample)[1], face.getbbox(sample)[3]
    return bottom - top


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_focused_image_reads_at_360_pixels(monkeypatch, key: str, language: str) -> None:
    drawn: list[tuple[str, int, bool]] = []
    draw_line = kit._draw_line

    def recording(draw, xy, value, size, bold, anchor, ink, stroke=0):
        drawn.append((value, size, bold))
        draw_line(draw, xy, value, size, bold, anchor, ink, stroke)

    monkeypatch.setattr(kit, "_draw_line", recording)
    game = games.get(key)
    turn = JAPANESE_TURN if language == "ja" else LONG_TURN
    widths = set()
    for state, _ in late_positions(key, 4, 11, 3):
        with kit.drawing_in(language):
            image = focus.draw_focus(key, game.view(state, None), names=NAMES, acting=sorted(game.actors(state)),
                                     turn=turn)
        widths.add(image.width)
    assert drawn, "the focused image has words"
    assert widths == {focus.WIDTH}
    shown = {value: letter_height(value, size, bold) * 360 / focus.WIDTH for value, size, bold in drawn}
    smallest = min(shown, key=shown.get)
    assert shown[smallest] >= SMALLEST_ON_A_PHONE, (smallest, shown[smallest])
    print(f"{key} {language}: smallest letters {shown[smallest]:.1f} px at 360 px wide ({smallest!r})")
    assert any(kit._needs_cjk(value) for value in shown) == (language == "ja")


def test_the_focused_image_names_who_must_act_and_the_end(monkeypatch) -> None:
    game = games.get("lim")
    state = game.setup(2, 7)
    drawn: list[str] = []
    draw_line = kit._draw_line
    monkeypatch.setattr(kit, "_draw_line", lambda draw, xy, value, *rest: drawn.append(value)
                        or draw_line(draw, xy, value, *rest))
    focus.draw_focus("lim", game.view(state, None), names=["Ada", "Bea"], acting=[1], turn="Ada passed.")
    assert "Bea to play" in drawn and "Bea has" in drawn and "Ada passed." in drawn
    drawn.clear()
    focus.draw_focus("lim", game.view(state, None), names=["Ada", "Bea"], acting=[], turn=None)
    assert "Game over" in drawn and not any(value.endswith(" has") for value in drawn)
