"""The Opera Magna board, drawn from the engine's public view.

Layout, top to bottom: a status column (round of 9, phase, whose turn, open choice, last move)
beside the three city boards (ability token, cost row, benefit row, merchants in each area);
then the market with its prices and decks, the building display and the Opera's 12 worksites;
then one workshop board per player (raw-goods tracks with certificates and refined goods,
workshop slots with conversions and carts, buildings under construction). Goods are icons with
their notation letters; the few words are short labels.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.opera.data import DATA, RAW, REFINED_OF, SIZES

from . import kit
from . import opera_pieces as pieces

WIDTH = 1400
MARGIN = 16
GAP = 14

STATUS_W = 310
CITY_W = 340
CITY_H = 290
MARKET_W = 390
DISPLAY_W = 594
SHARED_H = 276
PLAYER_H = 200

TOP_Y = MARGIN
SHARED_Y = TOP_Y + CITY_H + GAP
PLAYERS_Y = SHARED_Y + SHARED_H + GAP

PHASE_STEPS = (
    ("merchant", "1", kit.N_("merchant")),
    ("activate", "2", kit.N_("pay")),
    ("refined", "3", kit.N_("build")),
    ("market", "4", kit.N_("take")),
)
AREA_LABELS = {"cost": kit.N_("cost"), "gain": kit.N_("gain")}
"""A city's two areas: the one whose cards cost goods, the one whose cards give them."""
PHASE_STEP_OF = {"merchant": 0, "activate": 1, "refined": 2, "build": 3, "market": 3}
LAST_ROUND: kit.RGB = (176, 48, 40)
LEVEL_FILLS: dict[int, kit.RGB] = {1: (246, 236, 214), 2: (236, 216, 176), 3: (222, 190, 130)}
SPACE = 27
SPACE_PITCH = 29

Box = tuple[float, float, float, float]


def _section_title(draw: ImageDraw.ImageDraw, xy: tuple[float, float], title: str) -> None:
    """A panel's heading (``title`` is an English word, drawn in the image's language)."""
    kit.text(draw, xy, kit._(title), 17, kit.MUTED, bold=True)


# =============================================================================== status
def draw_status(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    view: Mapping[str, Any],
    labels: list[str],
    highlight: str | None,
) -> None:
    """The round of 9, the phase, whose turn (and what they must choose) and the last move."""
    x0, y0, x1, y1 = box
    width = int(x1 - x0)
    kit.text(draw, (x0, y0), kit._("Opera Magna"), 22, kit.MUTED, bold=True)
    if view.get("provisional_data"):  # component values not yet the printed ones
        kit.text(draw, (x1, y0 + 6), kit._("provisional components"), 13, kit.MUTED, "ra")
    y = y0 + 36
    round_now, final = view["round"], view["final_round"]
    pitch = (width - 4) / view["rounds"]
    for number in range(1, view["rounds"] + 1):
        cx = x0 + pitch * (number - 0.5)
        r = 13
        past = round_now and number < round_now
        current = number == round_now
        fill = kit.HIGHLIGHT if current else kit.LINE if past else kit.PANEL
        outline = LAST_ROUND if final == number else kit.MUTED
        draw.ellipse(
            (cx - r, y, cx + r, y + 2 * r), fill=fill, outline=outline, width=3 if final == number else 1
        )
        kit.text(draw, (cx, y + r), number, 14, kit.WHITE if current else kit.INK, "mm", bold=current)
    y += 38

    phase = view["phase"]
    if phase in PHASE_STEP_OF:
        step_w = (width - 3 * 6) / 4
        for i, (_, number, label) in enumerate(PHASE_STEPS):
            sx = x0 + i * (step_w + 6)
            current = PHASE_STEP_OF[phase] == i
            draw.rounded_rectangle(
                (sx, y, sx + step_w, y + 28), radius=14, fill=kit.HIGHLIGHT if current else kit.PANEL_DARK
            )
            ink = kit.WHITE if current else kit.MUTED
            step = kit.fit(f"{number} {kit._(label)}", 15, int(step_w) - 8, current)
            kit.text(draw, (sx + step_w / 2, y + 14), step, 15, ink, "mm", bold=current)
    else:
        tag = kit._("game over") if phase == "over" else kit._("draft")
        tag_w = kit.text_width(tag, 17, True) + 24
        draw.rounded_rectangle(
            (x0, y, x0 + tag_w, y + 28), radius=14, fill=LAST_ROUND if phase == "over" else kit.HIGHLIGHT
        )
        kit.text(draw, (x0 + tag_w / 2, y + 14), tag, 17, kit.WHITE, "mm", bold=True)
        if phase == "draft" and view.get("draft_order"):
            order = ", ".join(labels[s] for s in view["draft_order"])
            kit.text(
                draw, (x0 + tag_w + 10, y + 14), kit.fit(order, 15, width - tag_w - 10), 15, kit.MUTED, "lm"
            )
    y += 40

    if "result" in view:
        y = draw_ranking(draw, x0, y, width, view["result"], labels)
    for seat in view["active"][:2]:
        draw.polygon([(x0, y + 4), (x0 + 18, y + 16), (x0, y + 28)], fill=kit.HIGHLIGHT)
        kit.text(
            draw,
            (x0 + 26, y + 16),
            kit.fit(labels[seat], 26, width - 30, True),
            26,
            kit.seat_colour(seat),
            "lm",
            bold=True,
        )
        y += 38
    if view["pending"]:
        y = draw_pending(img, draw, x0, y, width, view["pending"][0], len(view["pending"]))

    room = int((y1 - y - kit.banner_height(0) - 16) // kit.BANNER_LINE)
    kit.banner(draw, (x0, y), width, highlight, max_lines=min(3, room), labels=labels)


def draw_ranking(
    draw: ImageDraw.ImageDraw, x: float, y: float, width: int, result: Mapping[str, Any], labels: list[str]
) -> float:
    """Final totals in ranking order, the winners first and starred."""
    totals = {s["seat"]: s["total"] for s in result["scores"]}
    for place, group in enumerate(result["ranking"]):
        for seat in group:
            size = 24 if place == 0 else 19
            if place == 0:
                pieces.star(draw, (x + 11, y + 15), 12)
            kit.text(
                draw,
                (x + 30, y + 15),
                kit.fit(labels[seat], size, width - 90, True),
                size,
                kit.seat_colour(seat),
                "lm",
                bold=True,
            )
            kit.text(draw, (x + width - 4, y + 15), totals[seat], size, kit.INK, "rm", bold=True)
            y += 36 if place == 0 else 28
    return y + 6


def pending_run(choice: Mapping[str, Any]) -> list[pieces.Piece]:
    """An open choice as icons: what the player picks (goods of a choice, certificates to move, a
    raw good to spend)."""
    kind = choice["kind"]
    if kind == "raw":
        return pieces.op_pieces({"op": "raw", "n": choice["n"], "choices": choice["choices"]})
    if kind == "refined":
        return pieces.op_pieces({"op": "refined", "n": choice["n"]})
    if kind == "certificate":
        return pieces.op_pieces({"op": "certificate", "n": choice["n"]})
    spent = choice["choices"] if len(choice["choices"]) < 4 else "?"
    gained = "!" if choice["then"] == "refined" else "?"
    if choice["then"] == "refined" and len(choice["choices"]) == 1:
        gained = REFINED_OF[choice["choices"]]
    return [("text", "-1"), ("good", spent), ("arrow", None), ("text", "+1"), ("good", gained)]


def draw_pending(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    width: int,
    choice: Mapping[str, Any],
    count: int,
) -> float:
    """The first open choice of the active seat, with its source and how many more follow."""
    height = 34
    kit.panel(draw, (x, y, x + width, y + height), kit.WHITE, kit.HIGHLIGHT, 8, 2)
    kit.text(draw, (x + 10, y + height / 2), "?", 22, kit.HIGHLIGHT, "lm", bold=True)
    run = pending_run(choice)
    used = pieces.draw_pieces(img, (x + 30, y + 6), run, 22)
    source = pieces.named(str(choice.get("source", "")))  # a building, worksite token or city ability
    more = f" +{count - 1}" if count > 1 else ""
    room = width - used - 48
    kit.text(draw, (x + 40 + used, y + height / 2), kit.fit(source + more, 14, room), 14, kit.MUTED, "lm")
    return y + height + 10


# =============================================================================== cities
def draw_city(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    key: str,
    city: Mapping[str, Any],
    view: Mapping[str, Any],
) -> None:
    """One city board: name and ability token, then the cost area over the benefit area, each
    with its 3-card row (only the active halves) and the merchants standing in it."""
    box = (x, y, x + CITY_W, y + CITY_H)
    kit.panel(draw, box, kit.PANEL, kit.LINE, 12, 2)
    name = kit.fit(kit.component("opera", key, city["name"]), 20, CITY_W - 40, True)
    kit.text(draw, (x + 12, y + 10), name, 20, kit.INK, bold=True)
    # The ability token: what it does, then its name; outlined while the active seat may use it.
    ability = city["ability"]
    live = view["turn"]["ability"] and (view["turn"]["moved_to"] or "").startswith(key + ":")
    ay = y + 38
    run = pieces.ops_pieces(ability["ops"])
    run_w = pieces.pieces_width(run, 20)
    pill = (x + 12, ay, x + 24 + run_w + 10, ay + 28)
    draw.rounded_rectangle(
        pill,
        radius=14,
        fill=kit.HIGHLIGHT_SOFT if live else kit.PANEL_DARK,
        outline=kit.HIGHLIGHT if live else kit.LINE,
        width=3 if live else 1,
    )
    pieces.draw_pieces(img, (x + 22, ay + 4), run, 20)
    kit.text(
        draw,
        (pill[2] + 8, ay + 14),
        kit.fit(kit.component("opera", ability["id"], ability["name"]), 14, x + CITY_W - pill[2] - 18),
        14,
        kit.MUTED,
        "lm",
    )

    merchants = {"cost": [], "gain": []}
    for player in view["players"]:
        for area in player["merchants"]:
            city_key, side = area.split(":")
            if city_key == key:
                merchants[side].append(player["seat"])
    moved_to = view["turn"]["moved_to"]
    area_h = 100
    for i, side in enumerate(("cost", "gain")):
        top = y + 74 + i * (area_h + 6)
        area_box = (x + 8, top, x + CITY_W - 8, top + area_h)
        active = moved_to == f"{key}:{side}"
        draw.rounded_rectangle(
            area_box,
            radius=9,
            fill=pieces.COST_FILL if side == "cost" else pieces.BENEFIT_FILL,
            outline=kit.HIGHLIGHT if active else kit.LINE,
            width=4 if active else 1,
        )
        mark = "-" if side == "cost" else "+"
        kit.text(draw, (x + 18, top + 8), f"{mark} {kit._(AREA_LABELS[side])}", 16, kit.INK, bold=True)
        for j, seat in enumerate(merchants[side]):  # two pawns to a line
            line, place = divmod(j, 2)
            pieces.merchant(draw, x + 18 + place * 26, top + 34 + line * 36, seat, 30)
        card_w, gap = 78, 6
        cx0 = area_box[2] - 6 - 3 * card_w - 2 * gap
        for j, card in enumerate(city[side]):
            cx = cx0 + j * (card_w + gap)
            card_box = (cx, top + 8, cx + card_w, top + area_h - 8)
            if card is None:
                kit.dashed_rectangle(draw, card_box, kit.MUTED, 5, 1)
                continue
            goods = card["cost"] if side == "cost" else card["benefit"]
            draw.rounded_rectangle(card_box, radius=7, fill=kit.WHITE, outline=kit.MUTED, width=1)
            pieces.draw_goods_block(img, (cx + 5, top + 12, cx + card_w - 5, top + area_h - 26), goods, 30)
            kit.text(draw, (cx + card_w / 2, top + area_h - 12), kit.fit(pieces.named(card["id"]), 12, card_w - 4),
                     12, kit.MUTED, "mb")


# ============================================================================ the market
def draw_market(
    img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, view: Mapping[str, Any]
) -> None:
    """The four market spaces (price as raw goods of any type above each card) and the decks."""
    kit.panel(draw, (x, y, x + MARKET_W, y + SHARED_H), kit.PANEL, kit.LINE, 12, 2)
    _section_title(draw, (x + 12, y + 8), kit.N_("trade market"))
    card_w, gap = 86, 8
    top = y + 62
    for i, space in enumerate(view["market"]):
        cx = x + 12 + i * (card_w + gap)
        price = space["price"]
        if price:
            width = pieces.goods_width("?" * price, 18)
            pieces.draw_goods(img, (cx + (card_w - width) / 2, y + 34), "?" * price, 18)
        else:
            kit.text(draw, (cx + card_w / 2, y + 43), kit.fit(kit._("free"), 15, int(card_w), True), 15, kit.GOOD, "mm",
                     bold=True)
        card_box = (cx, top, cx + card_w, top + 130)
        if space["card"] is None:
            kit.dashed_rectangle(draw, card_box, kit.MUTED, 5, 1)
        else:
            pieces.trade_card(img, card_box, space["card"], 24)
    # The decks in the order they are used (A on B, then C1..C3), and the public discard pile.
    dy = top + 146
    deck_labels = ["A/B"] + [f"C{i}" for i in range(1, len(view["market_decks"]))]
    for i, (label, count) in enumerate(zip(deck_labels, view["market_decks"])):
        dx = x + 12 + i * 62
        if count:
            pieces.card_back(img, (dx, dy, dx + 36, dy + 50), str(count))
        else:
            kit.dashed_rectangle(draw, (dx, dy, dx + 36, dy + 50), kit.MUTED, 4, 1)
        kit.text(draw, (dx + 18, dy + 56), label, 13, kit.MUTED, "ma", bold=True)
    dx = x + MARKET_W - 70
    discard = len(view["discard"])
    draw.rounded_rectangle(
        (dx, dy, dx + 36, dy + 50), radius=5, fill=kit.PANEL_DARK, outline=kit.MUTED, width=1
    )
    draw.line([(dx + 6, dy + 6), (dx + 30, dy + 44)], fill=kit.BAD, width=3)
    kit.text(draw, (dx + 44, dy + 25), discard, 18, kit.INK, "lm", bold=True)
    remaining = view.get("rounds_remaining")
    if remaining is not None and view["phase"] != "over":
        kit.text(draw, (x + MARKET_W - 12, y + 10), kit.said("{count} rounds left", count=remaining), 14, kit.MUTED,
                 "ra")


# ===================================================================== building display
def draw_display(
    img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, view: Mapping[str, Any]
) -> None:
    """The face-up buildings (or the starting draft), three to a row, and the three decks."""
    kit.panel(draw, (x, y, x + DISPLAY_W, y + SHARED_H), kit.PANEL, kit.LINE, 12, 2)
    _section_title(draw, (x + 12, y + 8), kit.N_("buildings"))
    dx = x + DISPLAY_W - 12
    for size in reversed(SIZES):
        count = view["building_decks"][size]
        label = f"{kit.game_term(size)} {count}"
        width = kit.text_width(label, 15, True) + 16
        draw.rounded_rectangle(
            (dx - width, y + 6, dx, y + 28), radius=6, fill=(122, 92, 64) if count else kit.PANEL_DARK
        )
        kit.text(
            draw, (dx - width / 2, y + 17), label, 15, kit.WHITE if count else kit.MUTED, "mm", bold=True
        )
        dx -= width + 6
    cards = view["display"]
    rows = max(2, (len(cards) + 2) // 3)
    tile_h = min(pieces.BUILDING_HEIGHT, int((SHARED_H - 46 - (rows - 1) * 6) / rows))
    tile_w = (DISPLAY_W - 24 - 2 * 8) / 3
    for i, card in enumerate(cards):
        row, col = divmod(i, 3)
        tx = x + 12 + col * (tile_w + 8)
        ty = y + 38 + row * (tile_h + 6)
        pieces.building_tile(img, (tx, ty, tx + tile_w, ty + tile_h), card)


# ============================================================================ the opera
def draw_opera(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: Mapping[str, Any]) -> None:
    """The 12 worksites, level 3 on top: required good, first-delivery effect (faded once taken)
    and the tokens delivered there."""
    x0, y0, x1, y1 = box
    kit.panel(draw, box, kit.PANEL, kit.LINE, 12, 2)
    _section_title(draw, (x0 + 12, y0 + 8), kit.N_("opera"))
    levels = view["opera"]
    columns = len(levels[0])
    label_w = 22
    cell_w = (x1 - x0 - 24 - label_w - (columns - 1) * 6) / columns
    cell_h = (y1 - y0 - 40 - 20 - (len(levels) - 1) * 6) / len(levels)
    for level, row in enumerate(levels):
        cy = y0 + 34 + (len(levels) - 1 - level) * (cell_h + 6)
        kit.text(draw, (x0 + 12 + label_w / 2, cy + cell_h / 2), level + 1, 18, kit.MUTED, "mm", bold=True)
        for column, site in enumerate(row):
            cx = x0 + 12 + label_w + column * (cell_w + 6)
            draw_worksite(img, draw, (cx, cy, cx + cell_w, cy + cell_h), site, level + 1)
    for column in range(columns):
        cx = x0 + 12 + label_w + column * (cell_w + 6) + cell_w / 2
        kit.text(draw, (cx, y1 - 12), column + 1, 15, kit.MUTED, "mm", bold=True)


def draw_worksite(
    img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, site: Mapping[str, Any], level: int
) -> None:
    x0, y0, x1, _ = box
    taken = bool(site["by"])
    draw.rounded_rectangle(box, radius=8, fill=pieces.LEVEL_TINT[level], outline=kit.MUTED, width=1)
    pieces.paste(img, pieces.good_icon(site["requires"], 26), (x0 + 5, y0 + 5))
    for i, seat in enumerate(site["by"]):
        row, col = divmod(i, 2)
        pieces.token(draw, (x1 - 11 - col * 17, y0 + 11 + row * 16), seat, 7)
    run = pieces.worksite_pieces(site["effect"])
    ey = y0 + 36
    if taken:  # the first-delivery effect has been used: faded and struck through
        sprite = Image.new("RGBA", (int(x1 - x0 - 8), 22), (0, 0, 0, 0))
        pieces.draw_pieces_fitted(sprite, (0, 0), run, 20, sprite.width, centred=True)
        pieces.paste(img, _faded(sprite, True), (x0 + 4, ey))
        draw.line([(x0 + 8, ey + 11), (x1 - 8, ey + 11)], fill=kit.MUTED, width=2)
    else:
        pieces.draw_pieces_fitted(img, (x0 + 4, ey - 1), run, 22, x1 - x0 - 8, centred=True)


# ======================================================================= player boards
def draw_player(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: float,
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    labels: list[str],
) -> None:
    seat = player["seat"]
    acting = seat in view["active"]
    x0, x1 = MARGIN, WIDTH - MARGIN
    y1 = y + PLAYER_H
    kit.player_frame(draw, (x0, y, x1, y1), seat, acting)
    draw_identity(img, draw, x0 + 28, y + 12, view, player, labels[seat])
    draw_tracks(img, draw, x0 + 250, y + 12, view, player)
    draw_workshop(img, draw, x0 + 690, y + 12, player)
    draw_construction(img, draw, x0 + 1098, y + 12, player)


def draw_identity(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    label: str,
) -> None:
    """Name, VP, hand size, carts, tokens in supply and on the Opera, and the workshop board."""
    width = 220
    size = kit.fitting_size(label, (26, 22, 19), width)
    kit.text(draw, (x, y + (26 - size) // 2), kit.fit(label, size, width, True), size, kit.INK, bold=True)
    kit.vp_badge(img, (x + 26, y + 66), player["vp"], 52)
    pieces.card_back(img, (x + 62, y + 42, x + 94, y + 88), str(player["hand_count"]))
    pieces.paste(img, pieces.cart_icon(34), (x + 104, y + 46))
    carts = str(player["carts"])
    if player["seat"] in view["active"] and view["turn"]["deliveries"]:  # deliveries left this turn
        carts = f"{max(0, player['carts'] - view['turn']['deliveries'])}/{carts}"
    kit.text(draw, (x + 142, y + 66), carts, 22, kit.INK, "lm", bold=True)
    # Tokens: in the supply, and delivered to the Opera.
    row = y + 104
    pieces.token(draw, (x + 12, row + 12), player["seat"], 11)
    kit.text(draw, (x + 28, row + 12), player["supply"], 19, kit.INK, "lm", bold=True)
    ox = x + 76
    draw.rounded_rectangle(
        (ox, row, ox + 24, row + 24), radius=4, fill=pieces.LEVEL_TINT[2], outline=kit.MUTED
    )
    pieces.token(draw, (ox + 12, row + 12), player["seat"], 7)
    kit.text(draw, (ox + 30, row + 12), player["opera_tokens"], 19, kit.INK, "lm", bold=True)
    # The workshop board: its craft and its starting discount.
    board = DATA.boards[player["board"]]
    row = y + 140
    run: list[pieces.Piece] = [("text", "-1"), ("good", player["starting_discount"])]
    used = pieces.draw_pieces(img, (x, row), run, 22)
    kit.text(
        draw, (x + used + 8, row + 11), kit.fit(kit.component("opera", player["board"], board["craft"]), 15, width - used - 8), 15, kit.MUTED, "lm"
    )
    result = view.get("result")
    if result:
        total = next(s["total"] for s in result["scores"] if s["seat"] == player["seat"])
        winner = player["seat"] in result["winners"]
        tx, ty = x + 146, y + 100
        draw.rounded_rectangle(
            (tx, ty, tx + 66, ty + 26),
            radius=8,
            fill=kit.HIGHLIGHT if winner else kit.PANEL_DARK,
            outline=kit.MUTED,
        )
        pieces.star(draw, (tx + 14, ty + 13), 10, kit.WHITE if winner else pieces.STAR)
        kit.text(draw, (tx + 44, ty + 13), total, 20, kit.WHITE if winner else kit.INK, "mm", bold=True)


def track_last_space(view: Mapping[str, Any]) -> int:
    return max(
        [DATA.rules["certificate_max"]] + [v for p in view["players"] for v in p["certificates"].values()]
    )


def _level_of(value: int) -> int:
    for low, high, level in DATA.rules["level_bands"]:
        if low <= value <= high:
            return level
    return 0


@lru_cache(maxsize=4)
def _track_sprite(last: int) -> Image.Image:
    """The spaces 0..last of a raw-goods track, tinted by the certificate level of each space."""
    sprite = Image.new("RGBA", (last * SPACE_PITCH + SPACE + 1, SPACE + 3), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    for space in range(last + 1):
        sx = space * SPACE_PITCH
        fill = LEVEL_FILLS.get(_level_of(space), kit.PANEL)
        draw.rounded_rectangle((sx, 0, sx + SPACE, SPACE + 2), radius=4, fill=fill, outline=kit.LINE, width=1)
        kit.text(draw, (sx + SPACE / 2, 1 + SPACE / 2), space, 11, kit.MUTED, "mm")
    return sprite


def draw_tracks(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    view: Mapping[str, Any],
    player: Mapping[str, Any],
) -> None:
    """One row per material: the raw-goods track (spaces tinted by certificate level) with the raw
    token (its count) and the certificate, then the refined good's level and how many are held."""
    last = track_last_space(view)
    row_h = 44
    for i, good in enumerate(RAW):
        ry = y + i * row_h
        pieces.paste(img, pieces.good_icon(good, 28), (x, ry + 4))
        tx = x + 36
        raw, cert = player["raw"][good], player["certificates"][good]
        pieces.paste(img, _track_sprite(last), (tx, ry + 4))
        cx = tx + cert * SPACE_PITCH
        pieces.paste(img, pieces.certificate_icon(SPACE + 6), (cx - 3, ry + 1))
        rx = tx + raw * SPACE_PITCH + SPACE / 2
        colour = pieces.MATERIAL[good]
        draw.ellipse((rx - 12, ry + 6, rx + 12, ry + 30), fill=colour, outline=kit.INK, width=2)
        kit.text(draw, (rx, ry + 18), raw, 15, pieces.ink_on(colour), "mm", bold=True)
        # The refined good of this material: certificate level as pips, then the count held.
        lx = tx + (last + 1) * SPACE_PITCH + 6
        level = player["levels"][REFINED_OF[good]]
        draw.rounded_rectangle(
            (lx, ry + 7, lx + 34, ry + 29), radius=5, fill=LEVEL_FILLS[level], outline=kit.MUTED
        )
        kit.text(draw, (lx + 17, ry + 18), kit.fit(kit.said("lv{level}", level=level), 13, 32, True), 13, kit.INK, "mm",
                 bold=True)
        refined = REFINED_OF[good]
        held = player["refined"][refined]
        pieces.paste(img, pieces.good_icon(refined, 28), (lx + 42, ry + 4))
        kit.text(draw, (lx + 76, ry + 18), held, 20, kit.INK if held else kit.LINE, "lm", bold=True)


def draw_workshop(
    img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, player: Mapping[str, Any]
) -> None:
    """The six workshop slots, large at the top: left slots show their conversion, right slots
    their cart (both faint until a building unlocks them), then the buildings placed there."""
    cell_w, row_h = 168, 52
    label_w = 48
    for j, side in enumerate(("left", "right")):
        hx = x + label_w + j * (cell_w + 8) + cell_w / 2
        pieces.side_mark(draw, (hx - 30, y + 2, hx - 18, y + 14), side)
        kit.text(draw, (hx - 12, y + 8), kit.game_term(side), 14, kit.MUTED, "lm", bold=True)
    for i, size in enumerate(reversed(SIZES)):
        ry = y + 18 + i * (row_h + 3)
        kit.text(draw, (x + label_w - 6, ry + row_h / 2), kit.fit(kit.game_term(size), 12, label_w - 6, True), 12,
                 kit.MUTED, "rm", bold=True)
        for j, side in enumerate(("left", "right")):
            cx = x + label_w + j * (cell_w + 8)
            built = player["slots"][side][size]
            draw.rounded_rectangle(
                (cx, ry, cx + cell_w, ry + row_h),
                radius=8,
                fill=kit.WHITE if built else kit.PANEL_DARK,
                outline=kit.LINE,
                width=1,
            )
            if side == "left":
                pieces.paste(
                    img, _conversion_sprite(player["conversions"][size], not built), (cx + 6, ry + 6)
                )
            else:
                pieces.paste(img, _cart_sprite(not built), (cx + 6, ry + 3))
            chip_x = cx + 5
            chip_y = ry + row_h - 25
            shown = built if len(built) <= 3 else built[:2]  # more than 3: two, then "+n"
            for k, card_id in enumerate(shown):
                pieces.building_chip(
                    img, (chip_x + k * 50, chip_y, chip_x + k * 50 + 47, chip_y + 22), card_id
                )
            if len(shown) < len(built):
                kit.text(
                    draw, (chip_x + 104, chip_y + 11), f"+{len(built) - 2}", 16, kit.INK, "lm", bold=True
                )


@lru_cache(maxsize=16)
def _conversion_sprite(good: str, faded: bool) -> Image.Image:
    """A left slot's conversion, raw good -> refined good."""
    run: list[pieces.Piece] = [("good", good), ("arrow", None), ("good", REFINED_OF[good])]
    sprite = Image.new("RGBA", (pieces.pieces_width(run, 20) + 2, 22), (0, 0, 0, 0))
    pieces.draw_pieces(sprite, (0, 0), run, 20)
    return _faded(sprite, faded)


@lru_cache(maxsize=2)
def _cart_sprite(faded: bool) -> Image.Image:
    """A right slot's cart."""
    return _faded(pieces.cart_icon(26), faded)


def _faded(sprite: Image.Image, faded: bool) -> Image.Image:
    """``sprite`` at 30% opacity (a slot feature not unlocked yet), or unchanged."""
    if not faded:
        return sprite
    light = sprite.copy()
    light.putalpha(sprite.getchannel("A").point(lambda a: a * 30 // 100))
    return light


def draw_construction(
    img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, player: Mapping[str, Any]
) -> None:
    """The buildings under construction (at most 2), goods already placed marked with tokens."""
    tile_w, tile_h = 258, 82
    for i in range(DATA.rules["max_under_construction"]):
        ty = y + 4 + i * (tile_h + 8)
        box = (x, ty, x + tile_w, ty + tile_h)
        if i < len(player["under_construction"]):
            entry = player["under_construction"][i]
            pieces.building_tile(img, box, entry["card"], entry["covered"], player["seat"])
        else:
            kit.dashed_rectangle(draw, box, kit.LINE, 6, 2)


# ================================================================================= API
def panel_top(seat: int) -> int:
    """Where a player's workshop board starts (the shared boards are above the first one)."""
    return PLAYERS_Y + seat * (PLAYER_H + GAP)


BOARD_AREAS: dict[str, str] = {
    "round, phase and whose turn": "OM-FLOW",
    "cities": "OM-CITY",
    "merchants in the cities": "OM-MERCHANT",
    "city costs": "OM-PAY",
    "trade market": "OM-MARKET",
    "building display": "OM-ENDTURN",
    "opera worksites": "OM-OPERA",
    "ranking": "OM-SCORE",
    "hand of trade cards": "OM-MERCHANT",
    "victory points": "OM-SCORE",
    "goods tracks and certificates": "OM-GOODS",
    "workshop slots, conversions and carts": "OM-WORKSHOP",
    "buildings under construction": "OM-BUILD",
}
"""Every area :func:`draw_board` draws, with the family of rule IDs that governs it: ``/game
help`` has a rules topic for each (``tests/discord/test_rules_help_data.py``)."""


def draw_board(view: dict[str, Any], names: list[str] | None, highlight: str | None) -> Image.Image:
    labels = kit.seat_labels(view, names)
    players = view["players"]
    height = panel_top(len(players)) - GAP + MARGIN
    img, draw = kit.new_canvas(WIDTH, height)
    draw_status(img, draw, (MARGIN, TOP_Y, MARGIN + STATUS_W, TOP_Y + CITY_H), view, labels, highlight)
    for i, (key, city) in enumerate(view["cities"].items()):
        draw_city(img, draw, MARGIN + STATUS_W + GAP + i * (CITY_W + 12), TOP_Y, key, city, view)
    draw_market(img, draw, MARGIN, SHARED_Y, view)
    display_x = MARGIN + MARKET_W + GAP
    draw_display(img, draw, display_x, SHARED_Y, view)
    opera_x = display_x + DISPLAY_W + GAP
    draw_opera(img, draw, (opera_x, SHARED_Y, WIDTH - MARGIN, SHARED_Y + SHARED_H), view)
    for i, player in enumerate(players):
        draw_player(img, draw, panel_top(i), view, player, labels)
    return img


def draw_private(view: dict[str, Any], names: list[str] | None) -> Image.Image:
    """A seat's own hand of trade cards (both halves) and its open choices."""
    you = view.get("you")
    if you is None:
        raise ValueError("a private image needs a seat's own view, view(state, seat)")
    seat, hand = you["seat"], you["hand"]
    card_w, card_h = 150, 190
    count = max(1, len(hand))
    width = max(460, MARGIN * 2 + count * card_w + (count - 1) * 16)
    own_choices = view["pending"] if seat in view["active"] else []
    top = MARGIN + 44 + 30
    height = top + card_h + MARGIN + (10 + len(own_choices) * 44 if own_choices else 0)
    img, draw = kit.new_canvas(width, height)
    kit.seat_heading(draw, (MARGIN, MARGIN), seat, names, img.width)
    kit.text(draw, (MARGIN, top - 16), f"{kit._('hand')} ({len(hand)})", 16, kit.MUTED, "lm", bold=True)
    for i, card in enumerate(hand):
        x = MARGIN + i * (card_w + 16)
        pieces.trade_card(img, (x, top, x + card_w, top + card_h), card, 36)
    if not hand:
        kit.dashed_rectangle(draw, (MARGIN, top, MARGIN + card_w, top + card_h), kit.MUTED, 6, 1)
    y = top + card_h + 10
    for choice in own_choices:
        draw_pending(img, draw, MARGIN, y, img.width - 2 * MARGIN, choice, 1)
        y += 44
    return img


def draw_card(card_id: str) -> Image.Image:
    """One trade card, building, worksite token (both faces) or city ability, large; KeyError
    for an id the game does not have."""
    key = card_id.strip().upper()
    if key in DATA.trade:
        img, _ = kit.new_canvas(220 + 2 * MARGIN, 280 + 2 * MARGIN)
        pieces.trade_card(img, (MARGIN, MARGIN, MARGIN + 220, MARGIN + 280), DATA.trade[key], 48)
        return img
    if key in DATA.buildings:
        tile_w, tile_h = 420, 168
        img, _ = kit.new_canvas(tile_w + 2 * MARGIN, tile_h + 2 * MARGIN)
        pieces.building_tile(img, (MARGIN, MARGIN, MARGIN + tile_w, MARGIN + tile_h), DATA.buildings[key])
        return img
    if key in DATA.worksites:
        return _worksite_token(DATA.worksites[key])
    if key in DATA.abilities:
        ability = DATA.abilities[key]
        run = pieces.ops_pieces(ability["ops"])
        name = kit.component("opera", key, ability["name"])
        width = max(pieces.pieces_width(run, 40), kit.text_width(name, 22, True)) + 2 * MARGIN + 40
        img, draw = kit.new_canvas(width, 130)
        kit.panel(draw, (MARGIN, MARGIN, width - MARGIN, 130 - MARGIN), kit.PANEL_DARK, kit.LINE, 20, 2)
        kit.text(draw, (width / 2, MARGIN + 20), name, 22, kit.INK, "mm", bold=True)
        pieces.draw_pieces(img, ((width - pieces.pieces_width(run, 40)) / 2, MARGIN + 40), run, 40)
        return img
    raise KeyError(f"Opera Magna has no card, building, worksite token or ability called {card_id!r}")


def _worksite_token(token: Mapping[str, Any]) -> Image.Image:
    """A worksite token: its level and required good, and the effect on each face."""
    faces = token["faces"]
    cell = 180
    img, draw = kit.new_canvas(len(faces) * (cell + 16) - 16 + 2 * MARGIN, cell + 40 + 2 * MARGIN)
    for i, (face, effect) in enumerate(sorted(faces.items())):
        x = MARGIN + i * (cell + 16)
        box = (x, MARGIN + 32, x + cell, MARGIN + 32 + cell)
        kit.text(
            draw,
            ((box[0] + box[2]) / 2, MARGIN + 14),
            kit.fit(f"{pieces.named(token['id'])} {face}", 20, cell, True),
            20,
            kit.MUTED,
            "mm",
            bold=True,
        )
        draw.rounded_rectangle(
            box, radius=16, fill=pieces.LEVEL_TINT[token["level"]], outline=kit.MUTED, width=2
        )
        pieces.paste(img, pieces.good_icon(token["requires"], 56), (x + 12, box[1] + 12))
        kit.text(draw, (box[2] - 16, box[1] + 40), kit.said("lv{level}", level=token["level"]), 24, kit.INK, "rm",
                 bold=True)
        pieces.draw_pieces_fitted(
            img, (x + 12, box[1] + 100), pieces.worksite_pieces(effect), 44, cell - 24, centred=True
        )
    return img
