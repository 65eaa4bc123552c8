"""Masters of Renaissance cards drawn from their printed facts: development cards and leaders.

Every function draws into a box whose size sets the scale, so the same card appears small in
the grid and in a player's slots, and large in ``/mor card``. Card facts come from the game's
public data helpers (``card_details``, ``leader_details``), never from a game state.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Mapping

from PIL import Image, ImageDraw

from . import kit

DEV_RATIO = 180 / 132            # height / width of a development card
LEADER_RATIO = 180 / 132
LEADER_BAND: kit.RGB = (120, 86, 52)   # leaders: a warm brown band, unlike any card colour
PRODUCTION_FILL: kit.RGB = (241, 234, 220)
BACK_FILL: kit.RGB = (150, 116, 78)

Box = tuple[float, float, float, float]


def _amount_rows(img: Image.Image, x: float, y: float, amounts: list[tuple[str, int]], size: int,
                 row_height: float, align_right: bool = False, right: float = 0) -> None:
    """One "n icon" per row (production input and output columns)."""
    for i, (kind, n) in enumerate(amounts):
        row_y = y + i * row_height
        if align_right:
            width = kit.amounts_width([(kind, n)], size)
            kit.draw_amounts(img, (right - width, row_y), [(kind, n)], size)
        else:
            kit.draw_amounts(img, (x, row_y), [(kind, n)], size)


def production_box(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, inputs: list[tuple[str, int]],
                   outputs: list[tuple[str, int]], u: float) -> None:
    """A production power: input column -> output column, in a light rounded box."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=int(6 * u), fill=PRODUCTION_FILL, outline=kit.LINE, width=1)
    size = int(17 * u)
    row_h = size + 4 * u
    mid_y = (y0 + y1) / 2
    arrow_w = 16 * u
    arrow_x = (x0 + x1) / 2 - arrow_w / 2 - 4 * u
    in_y = mid_y - len(inputs) * row_h / 2 + 2 * u
    out_y = mid_y - len(outputs) * row_h / 2 + 2 * u
    _amount_rows(img, 0, in_y, inputs, size, row_h, align_right=True, right=arrow_x - 3 * u)
    kit.arrow(draw, arrow_x, mid_y, arrow_w, kit.INK, max(2, int(2.2 * u)))
    _amount_rows(img, arrow_x + arrow_w + 5 * u, out_y, outputs, size, row_h)


def band_ink(colour: kit.RGB) -> kit.RGB:
    """White or dark text, whichever reads better on ``colour``."""
    r, g, b = colour
    return kit.INK if 0.299 * r + 0.587 * g + 0.114 * b > 165 else kit.WHITE


def dev_card(img: Image.Image, box: Box, card: Mapping[str, Any], label: str | None = None) -> None:
    """A development card: colour band with a label (its id unless told) and level dots, then
    cost, production and VP."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    u = (x1 - x0) / 132
    colour = kit.CARD_COLOURS[card["colour"]]
    band = 28 * u
    kit.card_frame(draw, box, colour, int(band), radius=int(8 * u))
    pip = int(8 * u)
    pips_width = pip * 1.6 * (card["level"] - 1) + pip
    kit.level_pips(draw, (x1 - 10 * u - pips_width / 2, y0 + band / 2 + u), card["level"], pip,
                   band_ink(colour))
    shown = card["id"] if label is None else label
    room = int(x1 - x0 - pips_width - 20 * u)
    kit.text(draw, (x0 + 7 * u, y0 + band / 2 + u), kit.fit(shown, int(14 * u), room, True), int(14 * u),
             band_ink(colour), "lm", bold=True)
    cost = kit.ordered_amounts(card["cost"])
    size = int(19 * u)
    width = kit.amounts_width(cost, size, int(4 * u))
    kit.draw_amounts(img, ((x0 + x1 - width) / 2, y0 + band + 7 * u), cost, size, gap=int(4 * u))
    top = y0 + band + 7 * u + size + 7 * u
    bottom = y1 - 40 * u
    production_box(img, draw, (x0 + 6 * u, top, x1 - 6 * u, bottom),
                   kit.ordered_amounts(card["input"]), kit.ordered_amounts(card["output"]), u)
    kit.vp_badge(img, ((x0 + x1) / 2, y1 - 20 * u), card["vp"], int(30 * u))


@lru_cache(maxsize=512)
def _dev_sprite(card_json: str, width: int, height: int, label: str | None) -> Image.Image:
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    dev_card(sprite, (0, 0, width - 1, height - 1), json.loads(card_json), label)
    return sprite


def paste_dev_card(img: Image.Image, box: Box, card: Mapping[str, Any], label: str | None = None) -> None:
    """:func:`dev_card`, drawn once per card and size and then pasted (cards never change)."""
    x0, y0, x1, y1 = (int(v) for v in box)
    sprite = _dev_sprite(kit.frozen(card), x1 - x0 + 1, y1 - y0 + 1, label)
    kit.paste_sprite(img, sprite, (x0, y0))


@kit.per_language(maxsize=256)
def _leader_sprite(leader_json: str, width: int, height: int, stored: int | None) -> Image.Image:
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    leader_card(sprite, (0, 0, width - 1, height - 1), json.loads(leader_json), stored)
    return sprite


def paste_leader_card(img: Image.Image, box: Box, leader: Mapping[str, Any],
                      stored: int | None = None) -> None:
    """:func:`leader_card`, cached like :func:`paste_dev_card`."""
    x0, y0, x1, y1 = (int(v) for v in box)
    sprite = _leader_sprite(kit.frozen(leader), x1 - x0 + 1, y1 - y0 + 1, stored)
    kit.paste_sprite(img, sprite, (x0, y0))


def deck_stack(img: Image.Image, box: Box, card: Mapping[str, Any] | None, left: int,
               empty_label: str = "", label: str | None = None, badge: str | None = None) -> None:
    """A pile: the top card over the edges of the cards below it, with a count badge (how many
    are left, or ``badge``; ``""`` for none)."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    u = (x1 - x0) / 132
    if card is None or left == 0:
        kit.dashed_rectangle(draw, box, kit.LINE, dash=int(6 * u), width=2)
        if empty_label:
            kit.text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), empty_label, int(18 * u), kit.MUTED, "mm")
        return
    step = 3 * u
    for i in range(min(left, 4) - 1, 0, -1):
        offset = i * step
        draw.rounded_rectangle((x0 + offset, y0 + offset, x1 + offset, y1 + offset), radius=int(8 * u),
                               fill=kit.PANEL_DARK, outline=kit.LINE, width=1)
    paste_dev_card(img, box, card, label)
    if badge != "":
        count_badge(draw, (x1 - 4 * u, y1 - 4 * u), badge if badge is not None else left, u)


def count_badge(draw: ImageDraw.ImageDraw, corner: tuple[float, float], count: int | str, u: float,
                fill: kit.RGB = kit.INK) -> None:
    """A small dark disc with a number, centred on ``corner`` (cards left, covered cards)."""
    cx, cy = corner
    r = 12 * u
    half = max(r, (kit.text_width(str(count), int(15 * u), True) + 10 * u) / 2)
    draw.rounded_rectangle((cx - half, cy - r, cx + half, cy + r), radius=int(r), fill=fill,
                           outline=kit.WHITE, width=max(1, int(2 * u)))
    kit.text(draw, (cx, cy), count, int(15 * u), kit.WHITE, "mm", bold=True)


def card_back(img: Image.Image, box: Box, label: str = "") -> None:
    """A face-down leader (in a hand the public may not see)."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    u = (x1 - x0) / 132
    draw.rounded_rectangle(box, radius=int(8 * u), fill=BACK_FILL, outline=kit.INK, width=2)
    draw.rounded_rectangle((x0 + 8 * u, y0 + 8 * u, x1 - 8 * u, y1 - 8 * u), radius=int(6 * u),
                           outline=(214, 184, 140), width=max(1, int(2 * u)))
    if label:
        kit.outlined_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), label, int(30 * u))


# --------------------------------------------------------------------------- leaders
def requirement(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float,
                requires: Mapping[str, Any], u: float) -> None:
    """A leader's requirement: coloured card flags with counts (and level dots), or resources."""
    size = int(18 * u)
    if "resources" in requires:
        kit.draw_amounts(img, (x, y), kit.ordered_amounts(requires["resources"]), size)
        return
    for need in requires["cards"]:
        kit.text(draw, (x, y + size / 2), need["count"], size, kit.INK, "lm", bold=True)
        x += kit.text_width(str(need["count"]), size, True) + 2 * u
        flag = (x, y, x + 15 * u, y + size)
        draw.rounded_rectangle(flag, radius=int(3 * u), fill=kit.CARD_COLOURS[need["colour"]],
                               outline=kit.INK, width=1)
        if need.get("level"):
            kit.level_pips(draw, (x + 7.5 * u, y + size / 2), need["level"], int(4 * u))
        x += 15 * u + 7 * u


def leader_ability(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, leader: Mapping[str, Any],
                   u: float, stored: int | None = None) -> None:
    """The ability as a picture; ``stored`` fills an extra depot's slots."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    resource = leader["resource"]
    size = int(24 * u)
    ability = leader["ability"]
    if ability == "discount":
        card_w, card_h = 30 * u, 40 * u
        left = cx - (card_w + 8 * u + size + 30 * u) / 2
        draw.rounded_rectangle((left, cy - card_h / 2, left + card_w, cy + card_h / 2), radius=int(4 * u),
                               fill=kit.PANEL, outline=kit.INK, width=max(1, int(2 * u)))
        kit.text(draw, (left + card_w / 2, cy), "-1", int(17 * u), kit.BAD, "mm", bold=True)
        kit.paste_icon(img, resource, (left + card_w + 8 * u, cy - size / 2), size)
    elif ability == "extra_depot":
        slot = 34 * u
        gap = 8 * u
        capacity = leader.get("capacity", 2)
        left = cx - (capacity * slot + (capacity - 1) * gap) / 2
        for i in range(capacity):
            sx = left + i * (slot + gap)
            box_i = (sx, cy - slot / 2, sx + slot, cy + slot / 2)
            draw.rounded_rectangle(box_i, radius=int(5 * u), fill=kit.WHITE, outline=kit.INK,
                                   width=max(1, int(2 * u)))
            filled = stored is not None and i < stored
            picture = kit.icon(resource, int(slot - 8 * u))
            if not filled:
                picture = _ghost(picture)
            img.paste(picture, (int(sx + 4 * u), int(cy - slot / 2 + 4 * u)), picture)
    elif ability == "white_marble":
        left = cx - (size * 2 + 24 * u) / 2
        kit.paste_icon(img, "marble-white", (left, cy - size / 2), size)
        kit.arrow(draw, left + size + 3 * u, cy, 18 * u, kit.INK, max(2, int(2 * u)))
        kit.paste_icon(img, resource, (left + size + 24 * u, cy - size / 2), size)
    elif ability == "extra_production":
        outputs = kit.ordered_amounts(leader["output"])
        if leader.get("output_choice"):
            outputs = [("any", leader["output_choice"])] + outputs
        production_box(img, draw, box, kit.ordered_amounts(leader["input"]), outputs, u)
    else:
        raise ValueError(f"unknown leader ability {ability!r}")


def _ghost(picture: Image.Image) -> Image.Image:
    """A faded icon: an empty place that only takes that resource."""
    faded = picture.copy()
    faded.putalpha(faded.getchannel("A").point(lambda a: a * 35 // 100))
    return faded


ABILITY_LABELS = {
    "discount": kit.N_("discount"),
    "extra_depot": kit.N_("extra depot"),
    "white_marble": kit.N_("white marble"),
    "extra_production": kit.N_("production"),
}


def leader_card(img: Image.Image, box: Box, leader: Mapping[str, Any], stored: int | None = None) -> None:
    """A leader card: id and VP on the band, requirement, then the ability."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    u = (x1 - x0) / 132
    band = 28 * u
    kit.card_frame(draw, box, LEADER_BAND, int(band), radius=int(8 * u))
    kit.text(draw, (x0 + 7 * u, y0 + band / 2 + u), leader["id"], int(14 * u), kit.WHITE, "lm", bold=True)
    kit.vp_badge(img, (x1 - 17 * u, y0 + band / 2 + u), leader["vp"], int(24 * u))
    requirement(img, draw, x0 + 8 * u, y0 + band + 8 * u, leader["requires"], u)
    draw.line([(x0 + 8 * u, y0 + band + 34 * u), (x1 - 8 * u, y0 + band + 34 * u)], fill=kit.LINE,
              width=max(1, int(u)))
    ability = kit.fit(kit._(ABILITY_LABELS[leader["ability"]]), int(13 * u), int(x1 - x0 - 12 * u))
    kit.text(draw, ((x0 + x1) / 2, y1 - 12 * u), ability, int(13 * u), kit.MUTED, "mm")
    leader_ability(img, draw, (x0 + 6 * u, y0 + band + 40 * u, x1 - 6 * u, y1 - 24 * u), leader, u, stored)
