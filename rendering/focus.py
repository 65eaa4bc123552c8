"""The focused image: what a phone shows first in a turn's message.

Discord shows an image about 360 pixels wide on a phone, where a whole board (1,600 pixels) is
unreadable. The focused image shows only what matters now, in large type: who must act, the
turn that just happened in words, every player's points, and the pieces of the player who must
act. It is :data:`WIDTH` pixels wide and no text on it is smaller than :data:`SMALLEST`, so its
letters stay at least 10 pixels tall at 360 pixels wide (``tests/rendering/test_focus.py``
measures it). The full board stays one tap away, beside it.

>>> import games
>>> game = games.get("lim")
>>> png = render_focus("lim", game.view(game.setup(2, 7), None), names=["Ada", "Bea"], acting=[0],
...                    turn="Ada places her white family member on the coin space.")
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.core.result import public_points

from . import kit
from . import opera_pieces as pieces

WIDTH = 640
"""Shown 360 pixels wide on a phone: scaled by 0.5625."""
PHONE_WIDTH = 360
SMALLEST = 28
"""The smallest type on the image: capitals 20 pixels tall here, over 11 at 360 pixels wide."""
TITLE = 34
BODY = 30
ICON = 34
PAD = 28
TURN_LINES = 7

LIM_RESOURCES = (("coins", "coin"), ("wood", "wood"), ("stone", "stone"), ("servants", "servant"),
                 ("mp", "military"), ("fp", "faith"), ("vp", "vp"))
MOR_RESOURCES = ("coin", "stone", "servant", "shield")
PIECES = ("mor", "lim", "opera")
"""The games whose acting player's goods the image shows (any other: who acts, the turn, points)."""


def _mor_amounts(player: Mapping[str, Any]) -> list[tuple[str, int]]:
    held = dict.fromkeys(MOR_RESOURCES, 0)
    for kind, count in player.get("strongbox", {}).items():
        held[kind] = held.get(kind, 0) + count
    for depot in [*player.get("depots", []), *player.get("leader_depots", [])]:
        if depot.get("resource"):
            held[depot["resource"]] = held.get(depot["resource"], 0) + depot.get("count", 0)
    return [(kind, held[kind]) for kind in MOR_RESOURCES] + [("faith", player.get("faith", 0)),
                                                             ("card", player.get("cards_owned", 0))]


def _lim_amounts(player: Mapping[str, Any]) -> list[tuple[str, int]]:
    resources = player.get("resources", {})
    return [(icon, resources.get(key, 0)) for key, icon in LIM_RESOURCES]


def _piece_rows(game_key: str) -> int:
    return 1 if game_key == "opera" else 2


def _draw_pieces(img: Image.Image, xy: tuple[int, int], game_key: str, player: Mapping[str, Any],
                 score: int) -> int:
    """The acting player's goods as icons and numbers, in rows; returns the height used."""
    x0, y = xy
    if game_key == "opera":
        rows = [[(good, player["raw"][good]) for good in "LWMS"] + [("vp", score)]]
    else:
        amounts = _mor_amounts(player) if game_key == "mor" else _lim_amounts(player)
        rows = [list(amounts[:4]), list(amounts[4:])]
    draw = ImageDraw.Draw(img)
    for row in rows:
        x = x0
        for kind, count in row:
            if kit.has_icon(kind):
                kit.paste_icon(img, kind, (x, y), ICON)
            else:  # an Opera Magna raw good: its letter on its material's colour, as large as the text
                colour = pieces.MATERIAL[kind]
                draw.rounded_rectangle((x, y - 4, x + ICON + 4, y + ICON), radius=8, fill=colour, outline=kit.INK,
                                       width=2)
                kit.text(draw, (x + ICON / 2 + 2, y + ICON / 2 - 2), kind, SMALLEST, pieces.ink_on(colour), "mm",
                         bold=True)
                x += 4
            x += ICON + 8
            kit.text(draw, (x, y + ICON / 2), count, BODY, kit.INK, "lm", bold=True)
            x += kit.text_width(str(count), BODY, True) + 26
        y += ICON + 18
    return y - xy[1]


def draw_focus(game_key: str, view: Mapping[str, Any], *, names: list[str] | None, acting: list[int],
               turn: str | None) -> Image.Image:
    """The focused image (see the module); ``acting``: the seats that must act now (none at the
    end); ``turn``: the turn that just happened, in the drawing's language."""
    players = {player.get("seat", index): player for index, player in enumerate(view.get("players", []))
               if isinstance(player, dict)}
    labels = [kit.seat_label(seat, names) for seat in range(max([*players, *acting, len(names or []) - 1]) + 1)]
    scores = public_points(dict(view))
    text_width = WIDTH - 2 * PAD
    first = acting[0] if acting else None
    turn_lines = kit.wrap(kit.printable(kit.fill_seats(turn or "", labels, len(labels))), BODY, text_width,
                          TURN_LINES)
    with_pieces = first in players and game_key in PIECES
    height = (PAD + TITLE + 24 + (len(turn_lines) * (BODY + 10) + 64 if turn_lines else 0)
              + (42 + len(players) * (BODY + 16) if players else 0)
              + (50 + _piece_rows(game_key) * (ICON + 18) if with_pieces else 0) + PAD)
    img, draw = kit.new_canvas(WIDTH, height)
    band = kit.seat_colour(first) if first is not None else kit.INK
    draw.rectangle((0, 0, WIDTH, PAD + TITLE + 8), fill=band)
    heading = (kit.said("{name} to play", name=", ".join(labels[seat] for seat in acting)) if acting
               else kit._("Game over"))
    kit.text(draw, (PAD, PAD - 6), kit.fit(heading, TITLE, text_width, True), TITLE, kit.WHITE, bold=True)
    y = PAD + TITLE + 24
    if turn_lines:
        kit.text(draw, (PAD, y), kit._("Last turn"), SMALLEST, kit.MUTED, bold=True)
        y += SMALLEST + 12
        kit.panel(draw, (PAD - 12, y - 6, WIDTH - PAD + 12, y + len(turn_lines) * (BODY + 10) + 6),
                  kit.HIGHLIGHT_SOFT, kit.HIGHLIGHT, 8, 2)
        for line in turn_lines:
            kit.text(draw, (PAD, y), line, BODY, kit.INK)
            y += BODY + 10
        y += 24
    if players:
        kit.text(draw, (PAD, y), kit._("Points"), SMALLEST, kit.MUTED, bold=True)
        y += SMALLEST + 14
    for seat in sorted(players, key=lambda each: -scores[each]):
        draw.ellipse((PAD, y + 6, PAD + BODY - 6, y + BODY), fill=kit.seat_colour(seat), outline=kit.INK, width=2)
        score = str(scores[seat])
        kit.text(draw, (PAD + BODY + 6, y), kit.fit(labels[seat], BODY, text_width - 140, seat == first), BODY,
                 kit.INK, bold=seat == first)
        kit.text(draw, (WIDTH - PAD, y), score, BODY, kit.INK, "ra", bold=True)
        y += BODY + 16
    if with_pieces:
        y += 8
        kit.text(draw, (PAD, y), kit.fit(kit.said("{name} has", name=labels[first]), SMALLEST, text_width, True),
                 SMALLEST, kit.MUTED, bold=True)
        _draw_pieces(img, (PAD, y + SMALLEST + 14), game_key, players[first], scores[first])
    return img


def render_focus(game_key: str, view: Mapping[str, Any], *, names: list[str] | None = None,
                 acting: list[int] | None = None, turn: str | None = None, language: str | None = None) -> bytes:
    """The focused image as PNG bytes, its words in ``language`` (the table's)."""
    with kit.drawing_in(language):
        return kit.encode_png(draw_focus(game_key, view, names=names, acting=list(acting or []), turn=turn))
