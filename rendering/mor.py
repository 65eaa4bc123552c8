"""The Masters of Renaissance board, drawn from the engine's view.

Layout, top to bottom: the shared table (market tray, the 12 development decks, and a column
with whose turn it is, the last move, Lorenzo in a solo game and the scores), then one personal
board per player (faith track with favour tiles, warehouse, strongbox, the three slots, leaders).
Everything is icons and numbers; the only words are names and a few short labels.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Mapping

from PIL import Image, ImageDraw

from games.mor.data import VP_SPACES, card_details, leader_details

from . import kit
from . import mor_cards as cards

WIDTH = 1600
MARGIN = 16
GAP = 14

MARBLE = 62
MARBLE_GAP = 10
GRID_U = 0.9                          # development grid card scale (132 x 180 at 1)
GRID_CARD = (int(132 * GRID_U), int(180 * GRID_U))
GRID_GAP = 14
SLOT_U = 0.9
SLOT_CARD = (int(132 * SLOT_U), int(180 * SLOT_U))
SLOT_PITCH = SLOT_CARD[0] + 18
LEADER_PITCH = SLOT_CARD[0] + 12
# Three slots, then two played leaders and the hidden hand.
SLOTS_WIDTH = 3 * SLOT_PITCH + 6 + 2 * LEADER_PITCH + int(SLOT_CARD[0] * 0.7)
SPACE = 27                            # one faith-track space
SPACE_PITCH = 30

SECTION_FILL: kit.RGB = (250, 228, 170)
POPE_FILL: kit.RGB = (240, 190, 170)
POPE_LINE: kit.RGB = (150, 40, 30)
TILE_GOLD: kit.RGB = (236, 190, 60)
LAST_ROUND: kit.RGB = (176, 48, 40)

TOP_HEIGHT = 3 * GRID_CARD[1] + 2 * GRID_GAP + 16   # the grid, its stacked edges and a margin
PLAYER_HEIGHT = 244
IDENTITY_W = 300                      # name, VP, cards owned and first-player mark
SLOTS_TOP = 24                        # the slots and leaders, right of the track and warehouse

Box = tuple[float, float, float, float]


# ============================================================================ the table
def draw_market(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int,
                market: Mapping[str, Any]) -> tuple[int, int]:
    """The 3 x 4 marble tray, its row/column numbers, and the slide marble at the corner where it
    enters (rows are pushed from the right, columns from the bottom). Returns the size used."""
    grid = market["grid"]
    rows, columns = len(grid), len(grid[0])
    pitch = MARBLE + MARBLE_GAP
    tray = (x, y, x + columns * pitch + MARBLE_GAP, y + rows * pitch + MARBLE_GAP)
    kit.panel(draw, tray, (226, 214, 190), kit.LINE, radius=12, width=2)
    for r, row in enumerate(grid):
        for c, colour in enumerate(row):
            kit.paste_icon(img, f"marble-{colour}", (x + MARBLE_GAP + c * pitch, y + MARBLE_GAP + r * pitch),
                           MARBLE)
    label = 18
    right = tray[2] + 8
    for r in range(rows):
        cy = y + MARBLE_GAP + r * pitch + MARBLE / 2
        kit.text(draw, (right + 4, cy), f"row-{r + 1}", label, kit.MUTED, "lm")
    bottom = tray[3] + 6
    for c in range(columns):
        cx = x + MARBLE_GAP + c * pitch + MARBLE / 2
        kit.text(draw, (cx, bottom + 4), f"col-{c + 1}", label - 2, kit.MUTED, "ma")
    slide_x, slide_y = right + 8, bottom + 2
    draw.ellipse((slide_x - 4, slide_y - 4, slide_x + MARBLE + 4, slide_y + MARBLE + 4),
                 outline=kit.HIGHLIGHT,
                 width=3)
    kit.paste_icon(img, f"marble-{market['slide']}", (slide_x, slide_y), MARBLE)
    width = right + 8 + MARBLE + 6 - x
    height = slide_y + MARBLE + 6 - y
    return int(width), int(height)


def draw_decks(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int,
               decks: list[Mapping[str, Any]]) -> None:
    """The development grid as laid out (level III on top): each deck's top card and count."""
    columns = 4
    for i, deck in enumerate(decks):
        row, col = divmod(i, columns)
        cx = x + col * (GRID_CARD[0] + GRID_GAP)
        cy = y + row * (GRID_CARD[1] + GRID_GAP)
        box = (cx, cy, cx + GRID_CARD[0], cy + GRID_CARD[1])
        cards.deck_stack(img, box, deck["top"], deck["count"], empty_label=deck["deck"], label=deck["deck"])


def decks_width() -> int:
    return 4 * GRID_CARD[0] + 3 * GRID_GAP + 10


def draw_status(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: Mapping[str, Any],
                labels: list[str], highlight: str | None) -> None:
    """Whose turn it is, the last move, and the scores."""
    x0, y0, x1, y1 = box
    width = int(x1 - x0)
    kit.text(draw, (x0, y0), kit.fit(kit._("Masters of Renaissance"), 22, width, True), 22, kit.MUTED, bold=True)
    y = y0 + 36
    phase = view["phase"]
    actors = view["actors"]
    result = view.get("result")
    if phase == "over":
        kit.text(draw, (x0, y), kit.fit(kit._("Game over"), 30, width, True), 30, kit.INK, bold=True)
        y += 44
        if result:
            y = draw_winner(draw, x0, y, width, result, labels)
    elif actors:
        for seat in actors[:4]:
            draw.polygon([(x0, y + 4), (x0 + 18, y + 16), (x0, y + 28)], fill=kit.HIGHLIGHT)
            kit.text(draw, (x0 + 26, y + 16), kit.fit(labels[seat], 28, width - 30, True), 28,
                     kit.seat_colour(seat), "lm", bold=True)
            y += 38
    turn = view["turn"]["number"]
    if turn:
        kit.text(draw, (x0, y + 13), kit.said("round {round}", round=turn), 18, kit.MUTED, "lm")
    if view.get("end_triggered") and phase != "over":
        tag = kit.fit(kit._("last round"), 17, width - 150, True)
        tag_w = kit.text_width(tag, 17, True) + 20
        tx = x0 + (130 if turn else 0)
        draw.rounded_rectangle((tx, y, tx + tag_w, y + 26), radius=13, fill=LAST_ROUND)
        kit.text(draw, (tx + tag_w / 2, y + 13), tag, 17, kit.WHITE, "mm", bold=True)
    y += 36

    line = highlight if highlight is not None else kit.engine_text(view.get("last_action"))
    used = kit.banner(draw, (x0, y), width, line, max_lines=5, labels=labels)
    y += used + 14 if used else 0

    solo = view.get("solo")
    if solo:
        y = draw_lorenzo(img, draw, x0, y, width, solo)

    # Scores: one row per player, in seat order while playing, by final rank once the game is over.
    points = {player["seat"]: player["vp"] for player in view["players"]}
    order = list(points)
    if result:
        points = {score["seat"]: score["total"] for score in result["scores"]}
        order = [seat for group in result["ranking"] for seat in group]
    for seat in order:
        if y + 34 > y1:
            break
        draw.ellipse((x0, y + 5, x0 + 20, y + 25), fill=kit.seat_colour(seat))
        kit.text(draw, (x0 + 30, y + 15), kit.fit(labels[seat], 20, width - 120, True), 20, kit.INK, "lm",
                 bold=True)
        kit.vp_badge(img, (x1 - 20, y + 15), points[seat], 32)
        y += 38


def draw_winner(draw: ImageDraw.ImageDraw, x: float, y: float, width: int, result: Mapping[str, Any],
                labels: list[str]) -> float:
    """Who won: the winners (ties after the tie-break share it), or Lorenzo in a lost solo game."""
    solo = result.get("solo")
    if solo is not None and not solo.get("won"):
        text = kit._("Lorenzo wins")
    else:
        text = kit.said("winner: {names}", names=", ".join(labels[seat] for seat in result["winners"]))
    kit.text(draw, (x, y), kit.fit(text, 24, width, True), 24, kit.HIGHLIGHT, bold=True)
    return y + 38


def draw_lorenzo(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, width: int,
                 solo: Mapping[str, Any]) -> float:
    """Lorenzo's side of a solo game: his last token, the tokens left and the black cross."""
    height = 92
    kit.panel(draw, (x, y, x + width, y + height), kit.PANEL_DARK, kit.LINE, 10, 1)
    token_box = (x + 12, y + 10, x + 84, y + 82)
    if solo.get("last_token"):
        solo_token(img, draw, token_box, solo["last_token"])
    else:
        kit.dashed_rectangle(draw, token_box, kit.LINE, 5, 2)
    kit.paste_icon(img, "cross", (x + 100, y + 14), 28)
    kit.text(draw, (x + 136, y + 28), solo["black_cross"], 26, kit.INK, "lm", bold=True)
    stack_x = x + 100
    for i in range(min(3, solo["tokens_in_stack"])):
        draw.ellipse((stack_x + i * 4, y + 52 - i * 3, stack_x + 28 + i * 4, y + 80 - i * 3),
                     fill=(90, 84, 78), outline=kit.WHITE, width=1)
    kit.text(draw, (x + 146, y + 66), solo["tokens_in_stack"], 22, kit.INK, "lm", bold=True)
    outcome = solo.get("outcome")
    if outcome:
        verdict = kit._("won") if outcome["won"] else kit._("lost")
        colour = kit.GOOD if outcome["won"] else kit.BAD
        kit.text(draw, (x + 190, y + 28), verdict, 24, colour, "lm", bold=True)
    return y + height + 14


def solo_token(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, token: Mapping[str, Any]) -> None:
    """A solo action token: a card colour with "-2", or the black cross with "+2" / "+1" and a
    reshuffle mark."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if token["effect"] == "discard":
        colour = kit.CARD_COLOURS[token["colour"]]
        draw.ellipse(box, fill=colour, outline=kit.INK, width=2)
        draw.rounded_rectangle((cx - 12, cy - 24, cx + 12, cy + 8), radius=4, fill=kit.PANEL, outline=kit.INK,
                               width=2)
        kit.outlined_text(draw, (cx, cy + 20), f"-{token['count']}", 20)
    else:
        draw.ellipse(box, fill=(214, 206, 194), outline=kit.INK, width=2)
        kit.paste_icon(img, "cross", (cx - 14, cy - 26), 28)
        shuffle = bool(token.get("reshuffle"))
        label_x = cx - 9 if shuffle else cx
        kit.text(draw, (label_x, cy + 18), f"+{token['spaces']}", 20, kit.INK, "mm", bold=True)
        if shuffle:  # a circular arrow: the tokens are shuffled again
            ax, ay, r = cx + 15, cy + 18, 8
            draw.arc((ax - r, ay - r, ax + r, ay + r), 60, 360, fill=kit.INK, width=3)
            draw.polygon([(ax + r - 5, ay - 1), (ax + r + 5, ay - 1), (ax + r, ay + 6)], fill=kit.INK)


def draw_table(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, view: Mapping[str, Any],
               labels: list[str], highlight: str | None) -> None:
    x = MARGIN
    market_w, market_h = draw_market(img, draw, x + 4, y + 4, view["market"])
    grid_x = x + market_w + 30
    draw_decks(img, draw, grid_x, y + 4, view["decks"])
    status_x = grid_x + decks_width() + 20
    draw_status(img, draw, (status_x, y, WIDTH - MARGIN, y + TOP_HEIGHT), view, labels, highlight)
    removed = view.get("removed_cards") or []
    if removed:
        ry = y + market_h + 30
        kit.paste_icon(img, "card", (x + 4, ry), 30)
        kit.paste_icon(img, "cross", (x + 24, ry + 14), 18)
        kit.text(draw, (x + 50, ry + 15), len(removed), 24, kit.INK, "lm", bold=True)


# ====================================================================== player boards
def draw_faith_track(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float,
                     view: Mapping[str, Any], player: Mapping[str, Any], black_cross: int | None) -> None:
    """The track (see :func:`_track_sprite`), the favour tiles below their sections, the player's
    marker (and Lorenzo's black cross)."""
    sections = view["vatican"]
    kit.paste_sprite(img, _track_sprite(view["faith_track_last_space"], kit.frozen(sections)), (x, y))
    top = y + TRACK_TOP
    for section, tile in zip(sections, player["favour"]):
        left = x + section["first_space"] * SPACE_PITCH
        right = x + section["pope_space"] * SPACE_PITCH + SPACE
        cx = (left + right) / 2
        favour_tile(img, draw, (cx - 24, top + SPACE + 10, cx + 24, top + SPACE + 40), tile)
    marker_space = player["faith"]
    seat = player["seat"]
    together = black_cross == marker_space
    if black_cross is not None:
        bx = x + black_cross * SPACE_PITCH
        shift = 8 if together else 0
        kit.paste_icon(img, "cross", (bx + shift, top - shift), SPACE + 1)
    mx = x + marker_space * SPACE_PITCH + SPACE / 2
    my = top + SPACE / 2
    shift = -6 if together else 0
    draw.ellipse((mx - 15 + shift, my - 15 - shift, mx + 15 + shift, my + 15 - shift),
                 fill=kit.seat_colour(seat),
                 outline=kit.WHITE, width=3)
    kit.text(draw, (mx + shift, my - shift), marker_space, 16, kit.WHITE, "mm", bold=True)


TRACK_TOP = 24          # room above the spaces for the VP medallions


@lru_cache(maxsize=8)
def _track_sprite(last: int, sections_json: str) -> Image.Image:
    """Spaces 0..last with VP values above, Vatican sections shaded, pope spaces framed and each
    section underlined (its favour tile sits below): the part every player's track shares."""
    sections = json.loads(sections_json)
    sprite = Image.new("RGBA", (last * SPACE_PITCH + SPACE + 1, TRACK_TOP + SPACE + 8), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    top = TRACK_TOP
    for space in range(last + 1):
        sx = space * SPACE_PITCH
        pope = any(s["pope_space"] == space for s in sections)
        in_section = any(s["first_space"] <= space <= s["pope_space"] for s in sections)
        fill = POPE_FILL if pope else SECTION_FILL if in_section else kit.PANEL
        draw.rounded_rectangle((sx, top, sx + SPACE, top + SPACE), radius=5, fill=fill,
                               outline=POPE_LINE if pope else kit.LINE, width=3 if pope else 1)
        kit.text(draw, (sx + SPACE / 2, top + SPACE / 2), space, 13, kit.MUTED, "mm")
        if space in VP_BY_SPACE:
            kit.vp_badge(sprite, (sx + SPACE / 2, 10), VP_BY_SPACE[space], 22)
    for section in sections:
        left = section["first_space"] * SPACE_PITCH
        right = section["pope_space"] * SPACE_PITCH + SPACE
        draw.line([(left + 4, top + SPACE + 5), (right - 4, top + SPACE + 5)], fill=POPE_LINE, width=2)
    return sprite


def faith_track_width(view: Mapping[str, Any]) -> int:
    return view["faith_track_last_space"] * SPACE_PITCH + SPACE


VP_BY_SPACE: dict[int, int] = dict(VP_SPACES)


def favour_tile(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, tile: Mapping[str, Any]) -> None:
    """A Pope's favour tile: face down (not reported yet), face up (gold) or discarded (crossed)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    state = tile["state"]
    if state == "active":
        draw.rounded_rectangle(box, radius=6, fill=TILE_GOLD, outline=(140, 100, 20), width=2)
        kit.text(draw, (cx, cy), tile["vp"], 20, kit.INK, "mm", bold=True)
    elif state == "discarded":
        draw.rounded_rectangle(box, radius=6, fill=(226, 222, 214), outline=kit.LINE, width=1)
        kit.text(draw, (cx, cy), tile["vp"], 18, kit.LINE, "mm", bold=True)
        draw.line([(x0 + 6, y0 + 4), (x1 - 6, y1 - 4)], fill=kit.BAD, width=3)
        draw.line([(x0 + 6, y1 - 4), (x1 - 6, y0 + 4)], fill=kit.BAD, width=3)
    else:
        draw.rounded_rectangle(box, radius=6, fill=kit.PANEL, outline=kit.MUTED, width=2)
        kit.text(draw, (cx, cy), tile["vp"], 18, kit.MUTED, "mm", bold=True)


def draw_warehouse(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float,
                   depots: list[Mapping[str, Any]]) -> int:
    """The base depots as a pyramid (1, 2, 3 places), each labelled with its notation name."""
    cell = 34
    pitch = 38
    widest = max(d["capacity"] for d in depots)
    label_w = 30
    for row, depot in enumerate(depots):
        cy = y + row * (pitch + 4)
        kit.text(draw, (x, cy + cell / 2), depot["depot"], 16, kit.MUTED, "lm", bold=True)
        offset = (widest - depot["capacity"]) * pitch / 2
        for i in range(depot["capacity"]):
            cx = x + label_w + offset + i * pitch
            draw.rounded_rectangle((cx, cy, cx + cell, cy + cell), radius=6, fill=kit.WHITE, outline=kit.LINE,
                                   width=2)
            if depot["resource"] and i < depot["count"]:
                kit.paste_icon(img, depot["resource"], (cx + 3, cy + 3), cell - 6)
    return label_w + widest * pitch


def draw_strongbox(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                   strongbox: Mapping[str, int]) -> None:
    """The strongbox: every resource with its count (zero shown faint)."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=10, fill=(214, 196, 166), outline=(150, 120, 80), width=2)
    order = ("coin", "stone", "servant", "shield")
    cell_w = (x1 - x0 - 16) / 2
    cell_h = (y1 - y0 - 16) / 2
    for i, kind in enumerate(order):
        row, col = divmod(i, 2)
        cx = x0 + 8 + col * cell_w
        cy = y0 + 8 + row * cell_h
        n = strongbox.get(kind, 0)
        kit.paste_icon(img, kind, (cx + 4, cy + cell_h / 2 - 14), 28)
        kit.text(draw, (cx + 38, cy + cell_h / 2), n, 24, kit.INK if n else (160, 140, 110), "lm", bold=True)


def draw_slots(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float,
               slots: list[Mapping[str, Any]]) -> int:
    """The three development slots: top card over the covered ones (counted)."""
    w, h = SLOT_CARD
    pitch = SLOT_PITCH
    for i, slot in enumerate(slots):
        box = (x + i * pitch, y, x + i * pitch + w, y + h)
        covered = slot["covered"]
        top = slot["top"]
        if top is None:
            cards.deck_stack(img, box, None, 0)
        else:
            cards.deck_stack(img, box, top, covered + 1, badge=f"+{covered}" if covered else "")
        kit.text(draw, (box[0] + w / 2, box[3] + 16), slot["slot"], 16, kit.MUTED, "mm", bold=True)
    return len(slots) * pitch


def draw_leaders(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float,
                 player: Mapping[str, Any]) -> None:
    """Played leaders face up (extra depots show what they hold), then the hidden hand as one
    face-down card with its count."""
    w, h = SLOT_CARD
    stored = {d["leader"]: d["count"] for d in player["leader_depots"]}
    for i, leader in enumerate(player["leaders"]):
        box = (x + i * LEADER_PITCH, y, x + i * LEADER_PITCH + w, y + h)
        cards.paste_leader_card(img, box, leader, stored.get(leader["id"]))
    hand = player["hand_count"]
    if hand:
        hx = x + len(player["leaders"]) * LEADER_PITCH
        back_w = int(w * 0.7)
        back_h = int(back_w * cards.LEADER_RATIO)
        top = y + (h - back_h) / 2
        cards.card_back(img, (hx, top, hx + back_w, top + back_h), str(hand))


def draw_player(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, view: Mapping[str, Any],
                player: Mapping[str, Any], labels: list[str]) -> None:
    """A personal board: the faith track over the name, warehouse and strongbox on the left; the
    three slots and the leaders on the right."""
    seat = player["seat"]
    acting = seat in view["actors"]
    x0, x1 = MARGIN, WIDTH - MARGIN
    kit.player_frame(draw, (x0, y, x1, y + PLAYER_HEIGHT), seat, acting)
    left = x0 + 28
    solo = view.get("solo")
    draw_faith_track(img, draw, left, y + 10, view, player, solo["black_cross"] if solo else None)

    # Identity: name, VP, first-player inkwell, cards owned, resources waiting to be placed.
    row_y = y + 106
    name_size = kit.fitting_size(labels[seat], (26, 22, 19), IDENTITY_W - 20)
    kit.text(draw, (left, row_y + (26 - name_size) // 2), kit.fit(labels[seat], name_size, IDENTITY_W - 20, True),
             name_size, kit.INK, bold=True)
    kit.vp_badge(img, (left + 26, row_y + 58), player["vp"], 50)
    info_x = left + 64
    kit.paste_icon(img, "card", (info_x, row_y + 42), 30)
    kit.text(draw, (info_x + 34, row_y + 57), player["cards_owned"], 22, kit.INK, "lm", bold=True)
    if player["first_player"]:
        kit.paste_icon(img, "inkwell", (info_x + 80, row_y + 42), 30)
    pending = view.get("pending")
    if pending and pending["seat"] == seat and pending["gained"]:
        gained = kit.ordered_amounts(pending["gained"])
        px, py = left + 6, row_y + 96
        width = 54 + kit.amounts_width(gained, 24)
        draw.rounded_rectangle((px - 6, py - 4, px + width + 6, py + 30), radius=8, fill=kit.WHITE,
                               outline=kit.HIGHLIGHT, width=2)
        kit.paste_icon(img, "marble-white", (px, py), 26)
        kit.arrow(draw, px + 30, py + 13, 18, kit.INK, 3)
        kit.draw_amounts(img, (px + 54, py + 1), gained, 24)

    wx = left + IDENTITY_W
    used = draw_warehouse(img, draw, wx, row_y + 4, player["depots"])
    sb_x = wx + used + 24
    draw_strongbox(img, draw, (sb_x, row_y + 6, sb_x + 170, row_y + 116), player["strongbox"])
    slots_x = x1 - 14 - SLOTS_WIDTH
    used = draw_slots(img, draw, slots_x, y + SLOTS_TOP, player["slots"])
    draw_leaders(img, draw, slots_x + used + 6, y + SLOTS_TOP, player)


# ================================================================================= API
def panel_top(seat: int) -> int:
    """Where a player's board starts (the shared table is above the first one)."""
    return MARGIN + TOP_HEIGHT + GAP + seat * (PLAYER_HEIGHT + GAP)


BOARD_AREAS: dict[str, str] = {
    "market tray": "MOR-MARKET",
    "development card decks": "MOR-BUY",
    "whose turn and the last move": "MOR-TURN",
    "Lorenzo's black cross and action token (solo)": "MOR-SOLO",
    "removed development cards (solo)": "MOR-SOLO",
    "scores and the winner": "MOR-SCORE",
    "faith track": "MOR-FAITH",
    "papal favour tiles": "MOR-VATICAN",
    "first player's inkwell": "MOR-SETUP-16",
    "resources waiting to be stored": "MOR-WAREHOUSE",
    "warehouse": "MOR-WAREHOUSE",
    "strongbox": "MOR-STRONGBOX",
    "development slots": "MOR-BUY",
    "leaders": "MOR-LEADER",
}
"""Every area :func:`draw_board` draws, with the rules that govern it (a family of rule IDs, or
one rule): ``/game help`` has a rules topic for each (``tests/discord/test_rules_help_data.py``)."""


def draw_board(view: dict[str, Any], names: list[str] | None, highlight: str | None) -> Image.Image:
    labels = kit.seat_labels(view, names)
    img, draw = kit.new_canvas(WIDTH, panel_top(len(view["players"])) - GAP + MARGIN)
    draw_table(img, draw, MARGIN, view, labels, highlight)
    for player in view["players"]:
        draw_player(img, draw, panel_top(player["seat"]), view, player, labels)
    return img


def draw_private(view: dict[str, Any], names: list[str] | None) -> Image.Image:
    """A seat's own leaders, large, under a label: the hand, or during setup the four dealt to
    choose from."""
    you = view.get("you")
    if you is None:
        raise ValueError("a private image needs a seat's own view, view(state, seat)")
    label, hand = ((kit._("hand"), you["hand"]) if you["hand"] or not you["dealt"]
                   else (kit._("dealt: keep two"), you["dealt"]))
    card_w = 264
    card_h = int(card_w * cards.LEADER_RATIO)
    count = max(1, len(hand))
    width = MARGIN * 2 + count * card_w + (count - 1) * 20
    top = MARGIN + 44 + 30
    img, draw = kit.new_canvas(max(width, 420), top + card_h + MARGIN)
    kit.seat_heading(draw, (MARGIN, MARGIN), you["seat"], names, img.width)
    kit.text(draw, (MARGIN, top - 16), kit.fit(f"{label} ({len(hand)})", 16, img.width - 2 * MARGIN, True), 16,
             kit.MUTED, "lm", bold=True)
    for i, leader in enumerate(hand):
        x = MARGIN + i * (card_w + 20)
        cards.leader_card(img, (x, top, x + card_w, top + card_h), leader)
    if not hand:
        kit.dashed_rectangle(draw, (MARGIN, top, MARGIN + card_w, top + card_h), kit.LINE, 6, 2)
    return img


def draw_card(card_id: str) -> Image.Image:
    """One development or leader card, large; KeyError for an unknown id."""
    width = 330
    height = int(width * cards.DEV_RATIO)
    img, _ = kit.new_canvas(width + 2 * MARGIN, height + 2 * MARGIN)
    box = (MARGIN, MARGIN, MARGIN + width, MARGIN + height)
    if card_id.upper().startswith("L"):
        cards.leader_card(img, box, leader_details("L" + card_id[1:]))
    else:
        cards.dev_card(img, box, card_details(card_id.lower()))
    return img
