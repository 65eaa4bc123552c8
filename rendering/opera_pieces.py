"""Opera Magna pieces drawn as shapes: goods, effect lines, trade cards and building tiles.

Raw goods are rounded squares and refined goods are discs, each in the colour of its material
(lead, wood, marble, sand) and marked with its notation letter, so what a player reads on the
board is what they type. Effects are lines of these icons with a few short words. Everything
is drawn from the public card data (``games.opera.data``) or from the view, never from a state.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from games.opera.data import DATA, RAW_OF, REFINED_OF, component_name

from . import kit

Box = tuple[float, float, float, float]

MATERIAL: dict[str, kit.RGB] = {
    "L": (98, 110, 128),  # lead: slate
    "W": (150, 96, 48),  # wood: brown
    "M": (236, 226, 220),  # marble: off-white
    "S": (226, 186, 84),  # sand: gold
}
BUILDING_COLOURS: dict[str, kit.RGB] = {
    "red": (196, 64, 52),
    "green": kit.CARD_COLOURS["green"],
    "yellow": kit.CARD_COLOURS["yellow"],
    "blue": kit.CARD_COLOURS["blue"],
}
COST_FILL: kit.RGB = (246, 224, 214)  # the cost half of a trade card
BENEFIT_FILL: kit.RGB = (220, 238, 212)  # the benefit half
CERT_FILL: kit.RGB = (250, 244, 226)
SEAL: kit.RGB = (214, 162, 40)  # gold, unlike any seat colour
STAR: kit.RGB = (232, 176, 36)
CART_WOOD: kit.RGB = (120, 78, 40)
LEVEL_TINT: dict[int, kit.RGB] = {1: (236, 226, 206), 2: (226, 210, 230), 3: (214, 226, 240)}  # worksites

TRIGGER_LABELS = {
    "IMM": kit.N_("now"),
    "TURN": kit.N_("each turn"),
    "ON-DELIVER": kit.N_("per delivery"),
    "ON-COMPLETE": kit.N_("per build"),
    "ON-ACTIVATE": kit.N_("after city"),
}
END_BASES = {
    "buildings": kit.N_("bldg"),
    "right_slots": kit.N_("right slot"),
    "worksites": kit.N_("token"),
    "level3_certificates": kit.N_("lv3 cert"),
    "full_rows": kit.N_("full row"),
    "raw_total": kit.N_("raw"),
}


def _luma(colour: kit.RGB) -> float:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b


def _lighter(colour: kit.RGB, amount: float = 0.45) -> kit.RGB:
    return tuple(int(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


def ink_on(colour: kit.RGB) -> kit.RGB:
    return kit.INK if _luma(colour) > 150 else kit.WHITE


# ------------------------------------------------------------------------------ goods
@cache
def good_icon(good: str, size: int) -> Image.Image:
    """A raw good (``L W M S``: square), a refined good (``b p c g``: disc), or ``?`` / ``!`` for a
    raw / refined good of the player's choice."""
    big = size * 4
    canvas = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    rim = max(2, big // 14)
    if good in "?!":
        fill, letter, square = kit.WHITE, "?", good == "?"
    elif good in MATERIAL:
        fill, letter, square = MATERIAL[good], good, True
    else:
        fill, letter, square = MATERIAL[RAW_OF[good]], good, False
    outline = tuple(int(c * 0.5) for c in fill) if good not in "?!" else kit.MUTED
    inset = big * 0.06
    shape = (inset, inset, big - inset, big - inset)
    if square:
        draw.rounded_rectangle(shape, radius=int(big * 0.2), fill=fill, outline=outline, width=rim)
    else:
        draw.ellipse(shape, fill=fill, outline=outline, width=rim)
        draw.ellipse((big * 0.26, big * 0.16, big * 0.5, big * 0.34), fill=_lighter(fill))
    text_fill = ink_on(fill)
    draw.text(
        (big / 2, big / 2 + big * 0.02),
        letter,
        font=kit.font(int(big * 0.62), True),
        fill=text_fill,
        anchor="mm",
    )
    return canvas.resize((size, size), Image.Resampling.LANCZOS)


@cache
def certificate_icon(size: int) -> Image.Image:
    """A certificate: a parchment sheet with a gold seal."""
    big = size * 4
    canvas = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    rim = max(2, big // 16)
    draw.rounded_rectangle(
        (big * 0.14, big * 0.06, big * 0.86, big * 0.86),
        radius=int(big * 0.08),
        fill=CERT_FILL,
        outline=kit.INK,
        width=rim,
    )
    for row in (0.24, 0.38, 0.52):
        draw.line([(big * 0.28, big * row), (big * 0.72, big * row)], fill=kit.MUTED, width=rim)
    draw.ellipse((big * 0.5, big * 0.58, big * 0.94, big * 0.98), fill=SEAL, outline=(120, 84, 16), width=rim)
    return canvas.resize((size, size), Image.Resampling.LANCZOS)


@cache
def cart_icon(size: int) -> Image.Image:
    """A handcart: a box on one wheel with a shaft."""
    colour = CART_WOOD
    big = size * 4
    canvas = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    rim = max(2, big // 14)
    dark = tuple(int(c * 0.55) for c in colour)
    draw.line([(big * 0.62, big * 0.42), (big * 0.98, big * 0.2)], fill=dark, width=rim * 2)
    draw.polygon(
        [
            (big * 0.04, big * 0.28),
            (big * 0.7, big * 0.28),
            (big * 0.62, big * 0.62),
            (big * 0.12, big * 0.62),
        ],
        fill=colour,
        outline=dark,
        width=rim,
    )
    draw.ellipse(
        (big * 0.22, big * 0.52, big * 0.52, big * 0.82), fill=kit.PANEL_DARK, outline=dark, width=rim
    )
    return canvas.resize((size, size), Image.Resampling.LANCZOS)


def paste(img: Image.Image, picture: Image.Image, xy: tuple[float, float]) -> None:
    """Paste an RGBA drawing; onto an RGBA sprite it is composited, so the sprite stays opaque."""
    if img.mode == "RGBA":
        img.alpha_composite(picture, (int(xy[0]), int(xy[1])))
    else:
        img.paste(picture, (int(xy[0]), int(xy[1])), picture)


def star(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, fill: kit.RGB = STAR) -> None:
    """A five-pointed star: victory points."""
    cx, cy = centre
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy - r * math.sin(angle)))
    draw.polygon(points, fill=fill, outline=tuple(int(c * 0.55) for c in fill))


def draw_goods(img: Image.Image, xy: tuple[float, float], goods: str, size: int, gap: int = 2) -> int:
    """A row of goods icons (``"LWc"``); returns the width used."""
    x, y = xy
    for good in goods:
        paste(img, good_icon(good, size), (x, y))
        x += size + gap
    return int(x - xy[0] - gap) if goods else 0


def goods_width(goods: str, size: int, gap: int = 2) -> int:
    return len(goods) * (size + gap) - gap if goods else 0


def token(draw: ImageDraw.ImageDraw, centre: tuple[float, float], seat: int, radius: float) -> None:
    """A player token (a disc of the seat's colour)."""
    cx, cy = centre
    draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius),
        fill=kit.seat_colour(seat),
        outline=kit.WHITE,
        width=max(1, int(radius / 4)),
    )


def merchant(draw: ImageDraw.ImageDraw, x: float, y: float, seat: int, height: float) -> None:
    """A merchant pawn of the seat's colour: a head over a bell-shaped body, ``height`` tall."""
    w = height * 0.7
    colour = kit.seat_colour(seat)
    dark = tuple(int(c * 0.55) for c in colour)
    head = height * 0.36
    draw.ellipse((x + (w - head) / 2, y, x + (w + head) / 2, y + head), fill=colour, outline=dark, width=2)
    draw.polygon(
        [(x + w * 0.5, y + head * 0.7), (x + w, y + height), (x, y + height)], fill=colour, outline=dark
    )
    draw.line([(x, y + height), (x + w, y + height)], fill=dark, width=2)


# ---------------------------------------------------------------------- effect lines
Piece = tuple[str, Any]


def op_pieces(op: Mapping[str, Any]) -> list[Piece]:
    """One effect operation as a short run of icons and words."""
    kind = op["op"]
    if kind == "vp":
        return [("vp", op["n"])]
    if kind == "raw":
        choices = op["choices"]
        shown = "?" if len(choices) == 4 else choices
        pieces: list[Piece] = [("text", f"+{op['n']}")]
        for i, good in enumerate(shown):
            if i:
                pieces.append(("small", "/"))
            pieces.append(("good", good))
        return pieces
    if kind == "refined":
        return [("text", f"+{op['n']}"), ("good", "!")]
    if kind == "certificate":
        return [("text", f"+{op['n']}"), ("cert", None)]
    if kind == "spend_for_refined":
        choices = op["choices"]
        if len(choices) == 4:
            return [("good", "?"), ("arrow", None), ("good", "!")]
        return [("good", choices), ("arrow", None), ("good", REFINED_OF[choices])]
    if kind == "exchange":
        return [("good", "?"), ("arrow", None), ("good", "?")]
    if kind == "discount":
        return [("text", f"-{op['n']}"), ("good", "?")]
    raise KeyError(f"no drawing for the effect operation {kind!r}")


def ops_pieces(ops: Iterable[Mapping[str, Any]]) -> list[Piece]:
    pieces: list[Piece] = []
    for i, op in enumerate(ops):
        if i:
            pieces.append(("gap", None))
        pieces.extend(op_pieces(op))
    return pieces


def effect_pieces(effect: Mapping[str, Any]) -> list[Piece]:
    """A building's special effect: a short trigger word, then what it gives."""
    trigger = effect["trigger"]
    if trigger == "END":
        base = kit._(END_BASES[effect["per"]])
        if effect["per"] == "buildings" and effect.get("colour"):
            base = kit.said("{colour} bldg", colour=kit.game_term(effect["colour"]))
        divisor = effect.get("divisor")
        per = f"/{divisor} {base}" if divisor else f"/{base}"
        return [("small", kit._("final")), ("vp", effect["vp"]), ("small", per)]
    if trigger == "SHIELD":
        return [("small", kit._("shield:")), ("text", "-1"), ("cert", None), ("small", kit._("cost"))]
    if trigger == "EXTRA-CART":
        return [("text", "+1"), ("cart", None)]
    label = kit._(TRIGGER_LABELS[trigger])
    if effect.get("min_level"):
        label = f"{label} {kit.said('lv{level}', level=effect['min_level'])}+"
    elif effect.get("once_per_turn") and trigger != "TURN":
        label = f"{label} 1x"
    return [("small", label + ":"), *ops_pieces(effect["ops"])]


def _piece_width(piece: Piece, size: int) -> int:
    kind, value = piece
    small = max(9, int(size * 0.72))
    if kind in ("good", "cert", "cart"):
        return size if kind != "good" else goods_width(value, size)
    if kind == "vp":
        return kit.text_width(f"+{value}", size, True) + 1 + size
    if kind == "arrow":
        return int(size * 0.8)
    if kind == "gap":
        return int(size * 0.3)
    if kind == "text":
        return kit.text_width(str(value), size, True)
    return kit.text_width(str(value), small)


def pieces_width(pieces: list[Piece], size: int) -> int:
    gap = max(2, size // 8)
    return sum(_piece_width(p, size) for p in pieces) + gap * max(0, len(pieces) - 1)


def draw_pieces(
    img: Image.Image, xy: tuple[float, float], pieces: list[Piece], size: int, fill: kit.RGB = kit.INK
) -> int:
    """Draw a run of pieces with its top-left at ``xy`` (``size`` is the icon height)."""
    draw = ImageDraw.Draw(img)
    gap = max(2, size // 8)
    x, y = xy
    mid = y + size / 2
    small = max(9, int(size * 0.72))
    for kind, value in pieces:
        width = _piece_width((kind, value), size)
        if kind == "good":
            draw_goods(img, (x, y), value, size)
        elif kind == "cert":
            paste(img, certificate_icon(size), (x, y))
        elif kind == "cart":
            paste(img, cart_icon(size), (x, y))
        elif kind == "vp":
            label = f"+{value}"
            kit.text(draw, (x, mid), label, size, fill, "lm", bold=True)
            star(draw, (x + kit.text_width(label, size, True) + 1 + size / 2, mid), size * 0.55)
        elif kind == "arrow":
            kit.arrow(draw, x, mid, width, fill, max(2, size // 8))
        elif kind == "text":
            kit.text(draw, (x, mid), value, size, fill, "lm", bold=True)
        elif kind == "small":
            kit.text(draw, (x, mid), value, small, kit.MUTED, "lm")
        x += width + gap
    return int(x - xy[0] - gap) if pieces else 0


def draw_pieces_fitted(
    img: Image.Image,
    xy: tuple[float, float],
    pieces: list[Piece],
    size: int,
    max_width: float,
    centred: bool = False,
) -> None:
    """Like :func:`draw_pieces`, at a smaller size when the run would be wider than ``max_width``."""
    while size > 10 and pieces_width(pieces, size) > max_width:
        size -= 1
    width = pieces_width(pieces, size)
    x = xy[0] + (max_width - width) / 2 if centred else xy[0]
    draw_pieces(img, (x, xy[1]), pieces, size)


# ------------------------------------------------------------------------ trade cards
def draw_goods_block(img: Image.Image, box: Box, goods: str, size: int) -> None:
    """Goods centred in ``box``: one row when they fit at ``size``, otherwise two rows."""
    x0, y0, x1, y1 = box
    rows = [goods]
    if goods_width(goods, size) > x1 - x0 and len(goods) > 2:
        split = (len(goods) + 1) // 2
        rows = [goods[:split], goods[split:]]
        size = min(size, int((y1 - y0 - 2) / 2))
    while size > 10 and max(goods_width(r, size) for r in rows) > x1 - x0:
        size -= 1
    top = (y0 + y1) / 2 - (len(rows) * (size + 2) - 2) / 2
    for i, row in enumerate(rows):
        width = goods_width(row, size)
        draw_goods(img, ((x0 + x1 - width) / 2, top + i * (size + 2)), row, size)


def trade_half(img: Image.Image, box: Box, goods: str, benefit: bool, size: int) -> None:
    """One half of a trade card: the cost (red, marked "-") or the benefit (green, "+")."""
    draw = ImageDraw.Draw(img)
    fill = BENEFIT_FILL if benefit else COST_FILL
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=6, fill=fill, outline=kit.LINE, width=1)
    mark = max(11, int(size * 0.6))
    kit.text(draw, (x0 + 4, (y0 + y1) / 2), "+" if benefit else "-", mark, kit.MUTED, "lm", bold=True)
    inset = mark * 0.7 + 4
    draw_goods_block(img, (x0 + inset, y0 + 3, x1 - 4, y1 - 3), goods, size)


def named(ident: str) -> str:
    """A trade card's, building's, worksite token's or city ability's name in the drawing's
    language (the names of PDS-0 are provisional: ``games.opera.data.PROVISIONAL_NAMES``)."""
    return kit.component("opera", ident, component_name(ident))


def trade_card(img: Image.Image, box: Box, card: Mapping[str, str], size: int) -> None:
    """A whole trade card: its id, the cost half (paid in a city's cost row) over the benefit half
    (gained in a benefit row), each with a minus / plus mark."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=7, fill=kit.PANEL, outline=kit.MUTED, width=2)
    label = max(11, int(size * 0.62))
    kit.text(draw, ((x0 + x1) / 2, y0 + 4), kit.fit(named(card["id"]), label, int(x1 - x0 - 6), True), label,
             kit.MUTED, "ma", bold=True)
    top = y0 + label + 8
    half = (y1 - 4 - top - 4) / 2
    for i, (goods, benefit) in enumerate(((card["cost"], False), (card["benefit"], True))):
        hy = top + i * (half + 4)
        trade_half(img, (x0 + 4, hy, x1 - 4, hy + half), goods, benefit, size)


def card_back(img: Image.Image, box: Box, label: str) -> None:
    """A face-down card (a hand or a deck) with a count."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=5, fill=(122, 92, 64), outline=kit.INK, width=2)
    draw.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), radius=3, outline=(196, 160, 110), width=1)
    kit.outlined_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), label, max(12, int((x1 - x0) * 0.42)))


# --------------------------------------------------------------------------- buildings
BUILDING_HEIGHT = 78  # the design height of a building tile; other heights scale it


def covered_marks(cost: str, covered: str) -> list[bool]:
    """Which of a building's cost icons are covered by the goods in ``covered``."""
    left = list(covered)
    marks = []
    for good in cost:
        if good in left:
            left.remove(good)
            marks.append(True)
        else:
            marks.append(False)
    return marks


def discount_pieces(discount: Mapping[str, Any]) -> list[Piece]:
    pieces: list[Piece] = [("text", "-")]
    goods = discount["fixed"] + "?" * discount["wild"]
    pieces.append(("good", goods))
    return pieces


def building_tile(
    img: Image.Image, box: Box, card: Mapping[str, Any], covered: str | None = None, seat: int | None = None
) -> None:
    """A building: colour strip and id, construction cost (goods already placed carry the
    owner's token), left-side discount and right-side effect. The box sets the scale."""
    x0, y0, x1, y1 = box
    sprite = _building_sprite(kit.frozen(card), int(x1 - x0), int(y1 - y0), covered or "", seat)
    paste(img, sprite, (x0, y0))


@kit.per_language(maxsize=256)
def _building_sprite(card_json: str, width: int, height: int, covered: str, seat: int | None) -> Image.Image:
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    _draw_building(sprite, (0, 0, width - 1, height - 1), json.loads(card_json), covered, seat)
    return sprite


def _draw_building(
    img: Image.Image, box: Box, card: Mapping[str, Any], covered: str, seat: int | None
) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    u = (y1 - y0) / BUILDING_HEIGHT
    colour = BUILDING_COLOURS[card["colour"]]
    draw.rounded_rectangle(
        box, radius=int(7 * u), fill=kit.PANEL, outline=tuple(int(c * 0.7) for c in colour), width=2
    )
    band = int(26 * u)
    draw.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + band), radius=int(5 * u), fill=colour)
    draw.rectangle((x0 + 2, y0 + band - 5, x1 - 2, y0 + band), fill=colour)
    points = DATA.building_sizes[card["size"]]["vp"]
    name = kit.fit(named(card["id"]), int(16 * u), int(x1 - x0 - 44 * u), True)
    kit.text(draw, (x0 + 8 * u, y0 + band / 2 + 1), name, int(16 * u), ink_on(colour), "lm", bold=True)
    # The points the building scores when completed (by its size).
    px = x0 + 14 * u + kit.text_width(name, int(16 * u), True)
    kit.text(draw, (px, y0 + band / 2 + 1), points, int(14 * u), ink_on(colour), "lm", bold=True)
    star(
        draw,
        (px + kit.text_width(str(points), int(14 * u), True) + 8 * u, y0 + band / 2 + 1),
        7 * u,
        ink_on(colour),
    )
    size = int(20 * u)
    marks = covered_marks(card["cost"], covered)
    gx = x1 - 6 * u - goods_width(card["cost"], size)
    gy = y0 + (band - size) / 2 + 1
    draw_goods(img, (gx, gy), card["cost"], size)
    for i, mark in enumerate(marks):
        if mark and seat is not None:
            cx = gx + i * (size + 2) + size / 2
            token(draw, (cx, gy + size / 2), seat, size * 0.36)
    row = y0 + band + 6 * u
    line_size = int(19 * u)
    # What the building gives in a left slot (its discount) and in a right slot (its effect).
    row_h = (y1 - 4 * u - row) / 2
    sides = (("left", discount_pieces(card["discount"])), ("right", effect_pieces(card["effect"])))
    for i, (side, pieces) in enumerate(sides):
        ry = row + i * row_h
        mark = 12 * u
        side_mark(
            draw, (x0 + 6 * u, ry + (row_h - mark) / 2, x0 + 6 * u + mark, ry + (row_h + mark) / 2), side
        )
        draw_pieces_fitted(
            img, (x0 + 24 * u, ry + (row_h - line_size) / 2), pieces, line_size, x1 - x0 - 30 * u
        )


def side_mark(draw: ImageDraw.ImageDraw, box: Box, side: str) -> None:
    """A workshop side as a square with its left or right half filled."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=kit.WHITE, outline=kit.MUTED, width=1)
    mid = (x0 + x1) / 2
    draw.rectangle((x0, y0, mid, y1) if side == "left" else (mid, y0, x1, y1), fill=kit.MUTED)


def building_chip(img: Image.Image, box: Box, card_id: str) -> None:
    """A completed building in a workshop slot: its name (shortened to fit) on its colour."""
    draw = ImageDraw.Draw(img)
    colour = BUILDING_COLOURS[DATA.buildings[card_id]["colour"]]
    draw.rounded_rectangle(box, radius=5, fill=colour, outline=tuple(int(c * 0.6) for c in colour), width=1)
    x0, y0, x1, y1 = box
    kit.text(
        draw,
        ((x0 + x1) / 2, (y0 + y1) / 2 + 1),
        kit.fit(named(card_id), int((y1 - y0) * 0.5), int(x1 - x0 - 4), True),
        int((y1 - y0) * 0.5),
        ink_on(colour),
        "mm",
        bold=True,
    )


# ---------------------------------------------------------------------------- worksites
def worksite_pieces(effect_code: str) -> list[Piece]:
    return ops_pieces(DATA.worksite_effects[effect_code])
