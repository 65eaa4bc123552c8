"""The Lorenzo il Magnifico board, drawn from the engine's public view.

Layout, top to bottom: the four towers (floor 4 on top, each floor with its card, the name
players type for it (``green-3``) over its action value, its bonus and occupant) beside a status column (whose turn or who must still answer, round and phase, the last
move, the dice, the turn order, the bonus tiles left during their pick, the final ranking, and
the three excommunication tiles with who took them); the action spaces (harvest, production,
market, council); the faith, military and victory tracks; then one panel per player (resources,
members at home, cards by type, bonus tile, leaders, excommunications). Everything is icons and
numbers; the only words are names, card names and a few short labels.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.lim.data import BOARD, CARDS, EXCOMMUNICATIONS, LEADERS

from . import kit
from . import lim_cards as cards

WIDTH = 1600
MARGIN = 16
GAP = 14

CARD_W, CARD_H = 162, 120
FLOOR_H = CARD_H + 8
TOWER_W = CARD_W + 66
SIDE_W = TOWER_W - CARD_W - 10  # a floor's column beside its card: space name, value, bonus, occupant
TOWER_GAP = 10
TOWER_HEAD = 30
TOWERS_H = TOWER_HEAD + 4 * FLOOR_H
STATUS_X = MARGIN + 4 * TOWER_W + 3 * TOWER_GAP + 18
SPACES_H = 132
TRACKS_H = 114
SCALE_TOP, SCALE_PITCH = 34, 50    # the military and victory scales, right of the faith track
PLAYER_H = 166
NAME_W = 400                       # a player's name, resources and members at home
HAND_CARD = (260, 140)  # a leader on the private image: room for the longest one's lines

MEMBER_COLOURS: dict[str, kit.RGB] = {"white": (250, 250, 246), "black": (34, 32, 30), "orange": (238, 132, 30)}
DIE_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
COVERED_FILL: kit.RGB = (214, 206, 192)
FAITH_CELL: kit.RGB = (250, 236, 214)
REPORT_LINE: kit.RGB = (150, 40, 30)
PHASE_LABELS = {"tiles": kit.N_("bonus tiles"), "draft": kit.N_("leader draft"),
                "vatican": kit.N_("Vatican report"), "over": kit.N_("game over")}
TYPE_LABELS = {"territory": kit.N_("territories"), "character": kit.N_("characters"),
               "building": kit.N_("buildings"), "venture": kit.N_("ventures")}
"""A tower's heading: the type of its cards."""
REPORT_ANSWERS = {"support": kit.N_("support the Church"), "refuse": kit.N_("refuse (take the excommunication)")}
RESOURCE_KEYS = ("wood", "stone", "servants", "coins", "mp", "fp", "vp")

Box = tuple[float, float, float, float]


def pawn(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, seat: int, member: str,
         value: int | None = None) -> None:
    """A family member: a disc in the player's colour ringed with its die colour (the neutral
    member has no ring); its value inside when given."""
    cx, cy = centre
    ring = MEMBER_COLOURS.get(member)
    outer = radius
    if ring is not None:
        draw.ellipse((cx - outer, cy - outer, cx + outer, cy + outer), fill=ring, outline=kit.INK, width=1)
        radius = outer * 0.68
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=kit.seat_colour(seat),
                 outline=kit.INK if ring is None else None, width=1)
    if value is not None:
        kit.outlined_text(draw, (cx, cy), value, max(10, int(radius * 1.25)))


def die(draw: ImageDraw.ImageDraw, box: Box, colour: str, value: int | None) -> None:
    """One of the three dice with its pips (dashed when not rolled yet)."""
    if value is None:
        kit.dashed_rectangle(draw, box, kit.LINE, 5, 2)
        return
    body = MEMBER_COLOURS[colour]
    pip = kit.WHITE if colour == "black" else kit.INK
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=int((x1 - x0) / 6), fill=body, outline=kit.INK, width=2)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    step = (x1 - x0) * 0.26
    r = (x1 - x0) * 0.085
    for dx, dy in DIE_PIPS[value]:
        px, py = cx + dx * step, cy + dy * step
        draw.ellipse((px - r, py - r, px + r, py + r), fill=pip)


def value_badge(draw: ImageDraw.ImageDraw, box: Box, value: str, fill: kit.RGB = cards.DIE_FILL) -> None:
    """An action value printed on the board (a small die face with the number)."""
    draw.rounded_rectangle(box, radius=5, fill=fill, outline=kit.INK, width=2)
    kit.text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), value, 15, kit.INK, "mm", bold=True)


# ================================================================================ towers
def draw_tower(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, tower: Mapping[str, Any],
               deck_count: int) -> None:
    """A tower under its card type and deck count, floor 4 on top."""
    card_type = tower["card_type"]
    fill = cards.TYPE_COLOURS[card_type]
    draw.rounded_rectangle((x, y, x + TOWER_W, y + TOWERS_H), radius=10, fill=kit.PANEL_DARK, outline=kit.LINE,
                           width=2)
    draw.rounded_rectangle((x, y, x + TOWER_W, y + TOWER_HEAD - 4), radius=10, fill=fill)
    cards.mini_card(draw, (x + 10, y + 5, x + 24, y + 23), card_type)
    deck = kit.said("deck {count}", count=deck_count)
    deck_w = kit.text_width(deck, 13)
    heading = kit._(TYPE_LABELS[card_type])
    size = kit.fitting_size(heading, (15, 14, 13, 12), TOWER_W - 48 - deck_w)
    kit.text(draw, (x + 30, y + 13), kit.fit(heading, size, TOWER_W - 48 - deck_w, True), size, cards.band_ink(fill),
             "lm", bold=True)
    kit.text(draw, (x + TOWER_W - 10, y + 13), deck, 13, cards.band_ink(fill), "rm")
    for i, floor in enumerate(reversed(tower["floors"])):
        fy = y + TOWER_HEAD + i * FLOOR_H
        draw_floor(img, draw, x + 4, fy, floor)


def draw_floor(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, floor: Mapping[str, Any]) -> None:
    """One floor: the card (or an empty place), then the floor value, its bonus and the occupant."""
    card_box = (x, y + 2, x + CARD_W, y + 2 + CARD_H)
    if floor["card"] is not None:
        kit.paste_sprite(img, cards.card_sprite(floor["card"]["no"], CARD_W, CARD_H), card_box[:2])
    else:
        kit.dashed_rectangle(draw, card_box, kit.LINE, 6, 2)
        kit.text(draw, ((card_box[0] + card_box[2]) / 2, (card_box[1] + card_box[3]) / 2),
                 floor["space"], 14, kit.MUTED, "mm")
    side = x + CARD_W + 6
    mid = side + 27
    # The name players type (green-3) over the action value: floors count 1-4, values 1/3/5/7.
    name_size = kit.fitting_size(floor["space"], (13, 12, 11, 10), SIDE_W, bold=True)
    kit.text(draw, (mid, y + 9), floor["space"], name_size, kit.INK, "mm", bold=True)
    value_badge(draw, (mid - 15, y + 19, mid + 15, y + 47), str(floor["value"]))
    bonus = cards.amounts(floor["bonus"])
    if bonus:
        cards.flow(img, side, y + 52, 54, bonus, 16, centre=True)
    for j, occupant in enumerate(floor["occupants"][:2]):
        pawn(draw, (mid, y + 92 - j * 8), 17, occupant["seat"], occupant["member"])


# =========================================================================== action spaces
SPACE_GROUPS = (
    ("harvest", ("harvest-1", "harvest-2")),
    ("production", ("production-1", "production-2")),
    ("market", ("market-1", "market-2", "market-3", "market-4")),
    ("council", ("council",)),
)


def draw_spaces(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, view: Mapping[str, Any]) -> None:
    """Harvest and production (single and shared space), the market, the council palace."""
    widths = {"harvest": 250, "production": 250, "market": 520}
    widths["council"] = WIDTH - 2 * MARGIN - sum(widths.values()) - 3 * 12
    x = MARGIN
    for area, spaces in SPACE_GROUPS:
        w = widths[area]
        kit.panel(draw, (x, y, x + w, y + SPACES_H), kit.PANEL, kit.LINE, 10, 2)
        if area in ("harvest", "production"):
            cards.paste_icon(img, area, (x + 8, y + 8), 30)
            inner = x + 46
            single_w = 64
            draw_space(img, draw, (inner, y + 8, inner + single_w, y + SPACES_H - 8), spaces[0], view)
            draw_space(img, draw, (inner + single_w + 8, y + 8, x + w - 8, y + SPACES_H - 8), spaces[1], view)
        elif area == "market":
            step = (w - 16) / 4
            for i, space in enumerate(spaces):
                sx = x + 8 + i * step
                draw_space(img, draw, (sx, y + 8, sx + step - 8, y + SPACES_H - 8), space, view)
        else:
            draw_space(img, draw, (x + 8, y + 8, x + w - 8, y + SPACES_H - 8), "council", view)
        x += w + 12


def draw_space(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, space: str, view: Mapping[str, Any]) -> None:
    info = BOARD["spaces"][space]
    state = view["spaces"][space]
    x0, y0, x1, y1 = box
    available = state["available"]
    draw.rounded_rectangle(box, radius=8, fill=kit.WHITE if available else COVERED_FILL, outline=kit.LINE,
                           width=2)
    value = info["value"]
    modifier = info.get("modifier", 0)
    label = f"{value}" if not modifier else f"{modifier:+d}"
    value_badge(draw, (x0 + 6, y0 + 6, x0 + 36 if modifier else x0 + 30, y0 + 30), label)
    tokens = []
    if info.get("gain"):
        tokens += cards.amounts(info["gain"])
    if info.get("privileges"):
        tokens.append(("n", "privilege", info["privileges"]))
        if info["privileges"] > 1:
            tokens.append(("text", "≠"))
    if tokens:
        cards.flow(img, x0 + 40, y0 + 8, x1 - x0 - 44, tokens, 20)
    if space == "council":
        kit.text(draw, (x1 - 8, y0 + 18), kit._("next turn order"), 12, kit.MUTED, "rm")
    occupants = state["occupants"]
    if not available:
        kit.paste_sprite(img, _hatch(int(x1 - x0) - 4, int(y1 - y0) - 4), (x0 + 2, y0 + 2))
        tag = f"{info['min_players']}+"
        kit.outlined_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2 + 12), tag, 22, kit.WHITE, kit.MUTED)
        return
    r = 15
    pitch = 2 * r + 4
    per_row = max(1, int((x1 - x0 - 12) // pitch))
    for i, occupant in enumerate(occupants):
        row, col = divmod(i, per_row)
        cx = x0 + 8 + r + col * pitch
        cy = y1 - 8 - r - row * (pitch - 6)
        pawn(draw, (cx, cy), r, occupant["seat"], occupant["member"])


# =================================================================================== tracks
@lru_cache(maxsize=16)
def _hatch(width: int, height: int) -> Image.Image:
    """Diagonal stripes over a space the player count leaves covered (see-through, so its
    printed value still shows)."""
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    for k in range(-height, width, 14):
        draw.line([(k, height), (k + height, 0)], fill=(150, 138, 120, 120), width=3)
    return sprite


def draw_tracks(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, view: Mapping[str, Any]) -> None:
    """Faith track (spaces 0-15 with their VP, the report thresholds); military and victory
    tracks as scales with every player's marker."""
    x0, x1 = MARGIN, WIDTH - MARGIN
    kit.panel(draw, (x0, y, x1, y + TRACKS_H), kit.PANEL, kit.LINE, 10, 2)
    players = view["players"]
    # faith track
    cell, pitch = 34, 37
    fx, fy = x0 + 46, y + 10
    cards.paste_icon(img, "fp", (x0 + 10, fy + 6), 26)
    track_vp = BOARD["faith_track_vp"]
    thresholds = {need: period for period, need in enumerate(BOARD["vatican_faith_required"], 1)}
    for space, vp in enumerate(track_vp):
        cx = fx + space * pitch
        fill = FAITH_CELL if space < view["faith_required"] else (240, 214, 200)
        draw.rounded_rectangle((cx, fy, cx + cell, fy + cell), radius=5, fill=fill,
                               outline=REPORT_LINE if space in thresholds else kit.LINE,
                               width=3 if space in thresholds else 1)
        kit.text(draw, (cx + cell / 2, fy + cell / 2), space, 13, kit.MUTED, "mm")
        kit.text(draw, (cx + cell / 2, fy + cell + 10), vp, 12, (150, 110, 40), "mm", bold=True)
        if space in thresholds:
            kit.text(draw, (cx + cell / 2, fy - 1), cards.PERIOD_NUMERALS[thresholds[space]], 10, REPORT_LINE,
                     "mb", bold=True)
    kit.vp_badge(img, (x0 + 23, fy + cell + 10), "", 16)
    _markers(draw, fx, pitch, cell, fy + cell / 2, [(p["seat"], p["resources"]["fp"]) for p in players],
             len(track_vp) - 1)
    # military and victory scales, right of the faith track
    scale_x = fx + len(track_vp) * pitch + 50
    scale_w = x1 - 14 - scale_x
    for row, (key, icon) in enumerate((("mp", "mp"), ("vp", "vp"))):
        sy = y + SCALE_TOP + row * SCALE_PITCH
        cards.paste_icon(img, icon, (scale_x - 38, sy - 13), 26)
        values = [(p["seat"], p["resources"][key]) for p in players]
        top = max(25 if key == "mp" else 50, max(v for _, v in values))
        top = (top + 9) // 10 * 10
        marks = tuple(m for m in BOARD["territory_slot_mp"] if m) if key == "mp" else ()
        draw_scale(img, draw, scale_x, sy, scale_w, top, values, marks)


def _markers(draw: ImageDraw.ImageDraw, x: float, pitch: float, cell: float, cy: float,
             values: list[tuple[int, int]], last: int) -> None:
    """Player markers on a cell track: one marker fills its space; several sharing a space sit
    in its quarters, so each colour stays visible (four players at most)."""
    by_space: dict[int, list[int]] = {}
    for seat, value in values:
        by_space.setdefault(min(value, last), []).append(seat)
    quarter = cell / 4
    for space, seats in by_space.items():
        cx = x + space * pitch + cell / 2
        if len(seats) == 1:
            spots, radius = [(cx, cy)], 9.0
        else:
            spots = [(cx + dx * quarter, cy + dy * quarter) for dy in (-1, 1) for dx in (-1, 1)]
            radius = quarter - 1
        for (mx, my), seat in zip(spots, seats):
            draw.ellipse((mx - radius, my - radius, mx + radius, my + radius),
                         fill=kit.seat_colour(seat), outline=kit.WHITE, width=2)


def draw_scale(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, width: float, top: int,
               values: list[tuple[int, int]], marks: tuple[int, ...] = ()) -> None:
    """A numbered line 0..top with a marker (and its value) per player; markers that would
    overlap are set side by side. ``marks`` are flagged with a small territory card (the
    military points each further territory needs)."""
    draw.line([(x, y), (x + width, y)], fill=kit.LINE, width=4)
    step = 5 if top <= 60 else 10
    for tick in range(0, top + 1, step):
        tx = x + width * tick / top
        draw.line([(tx, y - 5), (tx, y + 5)], fill=kit.MUTED, width=2)
        kit.text(draw, (tx, y + 8), tick, 11, kit.MUTED, "ma")
    for mark in marks:
        tx = x + width * mark / top
        cards.mini_card(draw, (tx - 5, y + 7, tx + 5, y + 20), "territory")
        kit.text(draw, (tx + 7, y + 14), mark, 11, cards.TYPE_COLOURS["territory"], "lm", bold=True)
    groups: list[list[tuple[float, int, int]]] = []
    for seat, value in sorted(values, key=lambda sv: (sv[1], sv[0])):
        tx = x + width * min(value, top) / top
        if groups and tx - groups[-1][0][0] < 22:
            groups[-1].append((tx, seat, value))
        else:
            groups.append([(tx, seat, value)])
    previous = None
    for group in groups:
        spread = (len(group) - 1) * 17 / 2
        centre = sum(g[0] for g in group) / len(group)
        centre = min(max(centre, x + spread), x + width - spread)  # the whole group on the line
        for k, (_, seat, value) in enumerate(group):
            mx = centre + (k - (len(group) - 1) / 2) * 17
            if previous is not None:
                mx = max(mx, previous + 17)  # never over the marker before (a shifted group)
            previous = mx
            draw.ellipse((mx - 11, y - 23, mx + 11, y - 1), fill=kit.seat_colour(seat), outline=kit.WHITE, width=2)
            kit.text(draw, (mx, y - 12), value, 11, kit.WHITE, "mm", bold=True)


# =================================================================================== status
def draw_status(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: Mapping[str, Any],
                labels: list[str], highlight: str | None) -> None:
    """Title, round and phase, whose turn (or who must still answer), the last move, dice,
    turn order, excommunication tiles (and the final ranking once the game is over)."""
    x0, y0, x1, y1 = box
    width = int(x1 - x0)
    kit.text(draw, (x0, y0), kit.fit(kit._("Lorenzo il Magnifico"), 22, width, True), 22, kit.MUTED, bold=True)
    phase = view["phase"]
    round_label = kit.said("round {round}/6 · period {period}", round=view["round"],
                           period=cards.PERIOD_NUMERALS[view["period"]])
    phase_label = kit._(PHASE_LABELS[phase]) if phase in PHASE_LABELS else phase
    if phase == "actions" or not view["round"]:
        tag = round_label if phase == "actions" else phase_label
    else:
        tag = f"{round_label} · {phase_label}"
    kit.text(draw, (x0, y0 + 32), kit.fit(tag, 17, width, True), 17, kit.INK, bold=True)
    y = y0 + 60
    if phase == "over":
        y = draw_ranking(img, draw, x0, y, width, view, labels)
    else:
        for seat in view["actors"][:4]:
            draw.polygon([(x0, y + 3), (x0 + 16, y + 13), (x0, y + 23)], fill=kit.HIGHLIGHT)
            kit.text(draw, (x0 + 24, y + 13), kit.fit(labels[seat], 24, width - 30, True), 24, kit.seat_colour(seat),
                     "lm", bold=True)
            y += 32
        vatican = view.get("vatican")
        if vatican and vatican["answered"]:
            done = ", ".join(labels[s] for s in vatican["answered"])
            kit.text(draw, (x0, y), kit.fit(kit.said("answered: {seats}", seats=done), 14, width), 14, kit.MUTED)
            y += 20
        if kit.engine_text(view.get("pending")):
            for line in kit.wrap(kit.engine_text(view["pending"]), 14, width, 3):
                kit.text(draw, (x0, y), line, 14, kit.MUTED)
                y += 18
        y += 6
    used = kit.banner(draw, (x0, y), width, highlight, labels=labels)
    y += used + 10 if used else 0
    # dice and turn order on one row
    dice = view["dice"]
    for i, colour in enumerate(("white", "black", "orange")):
        dx = x0 + i * 52
        die(draw, (dx, y, dx + 44, y + 44), colour, dice.get(colour))
    ox = x0 + 170
    kit.text(draw, (ox, y + 22), kit._("order"), 13, kit.MUTED, "lm")
    ox += kit.text_width(kit._("order"), 13) + 8
    for k, seat in enumerate(view["turn_order"]):
        cx = ox + k * 50 + 18
        draw.ellipse((cx - 18, y + 4, cx + 18, y + 40), fill=kit.seat_colour(seat),
                     outline=kit.HIGHLIGHT if seat == view["turn"] else kit.WHITE,
                     width=4 if seat == view["turn"] else 2)
        kit.outlined_text(draw, (cx, y + 22), k + 1, 16)
    y += 56
    tiles_left = view.get("tiles_left") or []
    if tiles_left:  # the advanced bonus tiles still to choose from
        tile_w = (width - 10) / 2
        for k, tile_id in enumerate(tiles_left):
            row, col = divmod(k, 2)
            tx, ty = x0 + col * (tile_w + 10), y + row * 54
            cards.draw_bonus_tile(img, (tx, ty, tx + tile_w, ty + 46), tile_id)
    draw_excommunications(img, draw, x0, max(y, y1 - 118), width, view)


def draw_ranking(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, width: int,
                 view: Mapping[str, Any], labels: list[str]) -> float:
    result = view.get("result") or {}
    totals = {s["seat"]: s["total"] for s in result.get("scores", [])}
    for place, seats in enumerate(result.get("ranking", []), 1):
        for seat in seats:
            kit.text(draw, (x, y + 14), place, 20, kit.MUTED, "lm", bold=True)
            draw.ellipse((x + 22, y + 4, x + 42, y + 24), fill=kit.seat_colour(seat))
            kit.text(draw, (x + 50, y + 14), kit.fit(labels[seat], 20, width - 110, True), 20, kit.INK, "lm",
                     bold=True)
            kit.vp_badge(img, (x + width - 20, y + 14), totals.get(seat, 0), 32)
            y += 34
    return y + 6


def draw_excommunications(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, width: int,
                          view: Mapping[str, Any]) -> None:
    """The game's three tiles, each with the markers of the players who took it."""
    tiles = view["excommunication_tiles"]
    w = (width - 16) / 3
    for i, tile in enumerate(tiles):
        tx = x + i * (w + 8)
        cards.draw_excommunication(img, (tx, y, tx + w, y + 88), tile["id"])
        takers = [p["seat"] for p in view["players"] if tile["id"] in p["excommunications"]]
        for k, seat in enumerate(takers):
            cx = tx + 12 + k * 22
            draw.ellipse((cx - 9, y + 96 - 9, cx + 9, y + 96 + 9), fill=kit.seat_colour(seat), outline=kit.INK,
                         width=1)


# ================================================================================== players
def draw_player(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, view: Mapping[str, Any],
                player: Mapping[str, Any], labels: list[str]) -> None:
    seat = player["seat"]
    acting = seat in view["actors"]
    x0, x1 = MARGIN, WIDTH - MARGIN
    y1 = y + PLAYER_H
    kit.player_frame(draw, (x0, y, x1, y1), seat, acting)

    # name, turn position, resources
    nx = x0 + 26
    order = player["turn_position"] + 1
    draw.ellipse((nx, y + 10, nx + 30, y + 40), fill=kit.seat_colour(seat), outline=kit.WHITE, width=2)
    kit.outlined_text(draw, (nx + 15, y + 25), order, 16)
    name_size = kit.fitting_size(labels[seat], (22, 19, 17), NAME_W - 40)
    kit.text(draw, (nx + 38, y + 25), kit.fit(labels[seat], name_size, NAME_W - 40, True), name_size, kit.INK,
             "lm", bold=True)
    resources = player["resources"]
    for i, key in enumerate(RESOURCE_KEYS):
        rx, ry = nx + i * 60, y + 52
        cards.paste_icon(img, key, (rx, ry), 28)
        n = resources[key]
        kit.text(draw, (rx + 32, ry + 14), n, 20, kit.INK if n else kit.MUTED, "lm", bold=True)
    # members at home
    home_x = nx
    hy = y + 116
    at_home = [m for m, info in player["members"].items() if info["space"] is None]
    if at_home:
        kit.text(draw, (home_x, hy), kit.fit(kit._("home"), 12, 36), 12, kit.MUTED, "lm")
    for k, member in enumerate(at_home):
        pawn(draw, (home_x + 54 + k * 36, hy), 15, seat, member, player["members"][member]["value"])

    # cards by type
    cx0 = x0 + NAME_W + 50
    col_w = 172
    for i, card_type in enumerate(cards.TYPE_COLOURS):
        owned = player["cards"][card_type]
        draw_card_column(img, draw, (cx0 + i * (col_w + 6), y + 10, cx0 + i * (col_w + 6) + col_w, y1 - 10),
                         card_type, owned)

    # bonus tile, leaders, excommunications
    rx = cx0 + 4 * (col_w + 6) + 6
    rw = x1 - 10 - rx
    if player["bonus_tile"]:
        cards.draw_bonus_tile(img, (rx, y + 10, rx + rw, y + 56), player["bonus_tile"])
    else:
        kit.dashed_rectangle(draw, (rx, y + 10, rx + rw, y + 56), kit.LINE, 5, 1)
    chip_w = (rw - 6) / 2
    for k, leader in enumerate(player["leaders"][:4]):  # two to a row
        row, col = divmod(k, 2)
        lx, ly = rx + col * (chip_w + 6), y + 62 + row * 23
        draw_leader_chip(draw, (lx, ly, lx + chip_w, ly + 20), leader)
    bottom = y1 - 32
    if player["hand_count"]:
        draw.rounded_rectangle((rx, bottom, rx + 17, bottom + 22), radius=3, fill=cards.LEADER_BAND,
                               outline=kit.INK)
        kit.text(draw, (rx + 22, bottom + 11), f"×{player['hand_count']}", 15, kit.INK, "lm", bold=True)
    for k, tile_id in enumerate(player["excommunications"]):
        ex = rx + rw - len(player["excommunications"]) * 52 + 6 + k * 52
        draw.rounded_rectangle((ex, bottom, ex + 46, bottom + 22), radius=5, fill=cards.EXCOMMUNICATION_FILL)
        kit.text(draw, (ex + 23, bottom + 11), tile_id, 12, kit.WHITE, "mm", bold=True)


def draw_card_column(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, card_type: str,
                     owned: list[Mapping[str, Any]]) -> None:
    """A player's cards of one type: a coloured header with the count, then the names."""
    x0, y0, x1, y1 = box
    colour = cards.TYPE_COLOURS[card_type]
    draw.rounded_rectangle(box, radius=6, fill=kit.WHITE, outline=colour, width=2)
    draw.rounded_rectangle((x0, y0, x1, y0 + 22), radius=6, fill=colour)
    ink = cards.band_ink(colour)
    kit.text(draw, (x0 + 8, y0 + 11), len(owned), 15, ink, "lm", bold=True)
    summary = _column_summary(card_type, owned)
    if summary:
        cards.flow(img, x0 + 28, y0 + 3, x1 - x0 - 32, summary, 16, ink)
    row_h = (y1 - y0 - 26) / 6
    for k, card in enumerate(owned[:6]):
        ry = y0 + 25 + k * row_h
        note = _card_note(card["no"])
        note_w = cards.flow_width(note, 13) if note else 0
        if note:
            cards.flow(img, x1 - 5 - note_w, ry + row_h / 2 - 6.5, note_w + 1, note, 13)
        room = int(x1 - x0 - 12 - (note_w + 4 if note else 0))
        name = kit.component("lim", str(card["no"]), card["name"])
        kit.text(draw, (x0 + 6, ry + row_h / 2), kit.fit(name, 14, room), 14, kit.INK, "lm")


def _card_note(no: int) -> list[tuple]:
    """What an owned card still does, in brief: its harvest/production value, a venture's VP or
    a character's permanent bonus."""
    card = CARDS[no]
    if card.get("activation"):
        return [("die", str(card["activation"]["value"]))]
    if card.get("vp"):
        return [("n", "vp", card["vp"])]
    permanent = card.get("permanent") or []
    return cards.effect_tokens(permanent[0])[:2] if permanent else []


def _column_summary(card_type: str, owned: list[Mapping[str, Any]]) -> list[tuple]:
    """What a column adds up to: the end-game VP of ventures (printed on the cards)."""
    if card_type == "venture" and owned:
        return [("n", "vp", sum(CARDS[c["no"]].get("vp", 0) for c in owned))]
    return []


def draw_leader_chip(draw: ImageDraw.ImageDraw, box: Box, leader: Mapping[str, Any]) -> None:
    """A played leader: 1× (once per round) or ∞ (permanent) and its name; pale and struck
    through while turned face down (used this round)."""
    x0, y0, x1, y1 = box
    down = leader["face_down"]
    draw.rounded_rectangle(box, radius=4, fill=kit.PANEL_DARK if down else cards.LEADER_BAND,
                           outline=cards.LEADER_BAND, width=1)
    ink = cards.LEADER_BAND if down else kit.WHITE
    mark = "1×" if leader["once_per_round"] else "∞"
    name = kit.component("lim", leader["id"], leader["name"])
    if leader.get("copies"):
        name += " = " + kit.component("lim", leader["copies"], LEADERS[leader["copies"]]["name"])
    mid = (y0 + y1) / 2
    kit.text(draw, (x0 + 6, mid), mark, 12, ink, "lm", bold=True)
    shown = kit.fit(name, 12, int(x1 - x0 - 32), True)
    kit.text(draw, (x0 + 26, mid), shown, 12, ink, "lm", bold=True)
    if down:
        draw.line([(x0 + 24, mid), (x0 + 28 + kit.text_width(shown, 12, True), mid)], fill=ink, width=1)


# ====================================================================================== API
def players_top() -> int:
    return MARGIN + TOWERS_H + GAP + SPACES_H + GAP + TRACKS_H + GAP


BOARD_AREAS: dict[str, str] = {
    "towers": "LIM-TOWER",
    "round, phase and turn order": "LIM-ROUND",
    "dice": "LIM-ROUND",
    "bonus tiles left to choose (advanced game)": "LIM-ADV",
    "excommunication tiles": "LIM-EXCOMM",
    "final ranking": "LIM-SCORE",
    "harvest": "LIM-HARVEST",
    "production": "LIM-PROD",
    "market": "LIM-MARKET",
    "council palace": "LIM-COUNCIL",
    "faith track": "LIM-VATICAN",
    "military points track": "LIM-SCORE",
    "victory points track": "LIM-SCORE",
    "family members at home": "LIM-PLACE",
    "development cards by type": "LIM-CARD",
    "personal bonus tile": "LIM-HARVEST",
    "leaders": "LIM-LEADER",
    "a player's excommunications": "LIM-EXCOMM",
}
"""Every area :func:`draw_board` draws, with the family of rule IDs that governs it: ``/game
help`` has a rules topic for each (``tests/discord/test_rules_help_data.py``)."""


def draw_board(view: dict[str, Any], names: list[str] | None, highlight: str | None) -> Image.Image:
    labels = kit.seat_labels(view, names)
    count = len(view["players"])
    img, draw = kit.new_canvas(WIDTH, players_top() + count * (PLAYER_H + GAP) - GAP + MARGIN)
    for i, tower in enumerate(view["towers"].values()):
        draw_tower(img, draw, MARGIN + i * (TOWER_W + TOWER_GAP), MARGIN, tower,
                   view["deck_counts"][tower["card_type"]])
    draw_status(img, draw, (STATUS_X, MARGIN, WIDTH - MARGIN, MARGIN + TOWERS_H), view, labels, highlight)
    spaces_y = MARGIN + TOWERS_H + GAP
    draw_spaces(img, draw, spaces_y, view)
    draw_tracks(img, draw, spaces_y + SPACES_H + GAP, view)
    for k, player in enumerate(view["players"]):
        draw_player(img, draw, players_top() + k * (PLAYER_H + GAP), view, player, labels)
    return img


def draw_private(view: dict[str, Any], names: list[str] | None) -> Image.Image:
    """A seat's own view: the decision it must take now, its leader hand and the draft pack it
    picks from, large."""
    you = view.get("you")
    if you is None:
        raise ValueError("a private image needs a seat's own view, view(state, seat)")
    seat = you["seat"]
    hand = [h["id"] for h in you["hand"]]
    pack = list(you.get("draft_pack") or [])
    card_w, card_h = HAND_CARD
    rows = ([(kit._("hand"), hand)] if hand or not pack else []) + ([(kit._("pick one"), pack)] if pack else [])
    columns = max(1, max(len(ids) for _, ids in rows))
    width = max(520, MARGIN * 2 + columns * (card_w + 14))
    decision = kit.engine_text(view.get("pending")) if seat in view.get("actors", []) else None
    decision_lines = kit.banner_lines(decision, width - 2 * MARGIN)
    decision_h = kit.banner_height(len(decision_lines)) + 10 if decision_lines else 0
    answer = you.get("report_answer")
    height = MARGIN * 2 + 44 + decision_h + sum(30 + card_h + 14 for _ in rows) + (40 if answer else 0)
    img, draw = kit.new_canvas(width, height)
    kit.seat_heading(draw, (MARGIN, MARGIN), seat, names, width)
    y = MARGIN + 44
    if decision_lines:  # the choice this seat must make now
        kit.banner(draw, (MARGIN, y), width - 2 * MARGIN, decision)
        y += decision_h
    for label, ids in rows:
        kit.text(draw, (MARGIN, y + 14), f"{label} ({len(ids)})", 16, kit.MUTED, "lm", bold=True)
        y += 30
        for i, leader_id in enumerate(ids):
            x = MARGIN + i * (card_w + 14)
            cards.draw_leader_face(img, (x, y, x + card_w, y + card_h), leader_id)
        if not ids:
            kit.dashed_rectangle(draw, (MARGIN, y, MARGIN + card_w, y + card_h), kit.LINE, 6, 2)
        y += card_h + 14
    if answer:
        said = kit.said("Vatican report: {answer}", answer=kit._(REPORT_ANSWERS[answer]))
        kit.text(draw, (MARGIN, y + 12), kit.fit(said, 16, width - 2 * MARGIN, True), 16, kit.INK, "lm", bold=True)
    return img


def draw_card(card_id: str) -> Image.Image:
    """One card, large, by number (``12``), leader id (``pico``) or excommunication tile
    (``E2-3``); KeyError for anything else."""
    key = card_id.strip()
    width, height = 420, int(420 * cards.CARD_RATIO) + 40
    img, draw = kit.new_canvas(width + 2 * MARGIN, height + 2 * MARGIN)
    box = (MARGIN, MARGIN, MARGIN + width, MARGIN + height)
    if key.isdigit() and int(key) in CARDS:
        cards.draw_card_face(img, box, int(key))
    elif key.lower() in LEADERS:
        cards.draw_leader_face(img, box, key.lower())
    elif key.upper() in EXCOMMUNICATIONS:
        tile_id = key.upper()
        cards.draw_excommunication(img, (MARGIN, MARGIN, MARGIN + width, MARGIN + 130), tile_id)
        penalty = kit.component("lim", tile_id, EXCOMMUNICATIONS[tile_id]["text"])  # the tile's printed text
        lines = kit.wrap(penalty, 16, width, 7)
        for i, line in enumerate(lines):
            kit.text(draw, (MARGIN, MARGIN + 144 + i * 21), line, 16, kit.INK)
    else:
        raise KeyError(f"no Lorenzo il Magnifico card {card_id!r}")
    return img
