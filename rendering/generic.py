"""The generic renderer: any game's view drawn as a table, for games without a board of their own.

It knows nothing about a particular game. It reads the conventions every view shares (a
``players`` list, the seats that must act) and lays out every other field as labelled cells:
numbers as numbers, resource counts with their icons, lists as short lists or counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from PIL import Image, ImageDraw

from . import kit

WIDTH = 1200
MARGIN = 24
LABEL_SIZE = 15
VALUE_SIZE = 22
CELL_PAD = 10
CELL_GAP = 8
CELL_HEIGHT = LABEL_SIZE + VALUE_SIZE + 3 * CELL_PAD
NAME_COLUMN = 230
MAX_LIST_ITEMS = 6

# Keys a view may use to say who must act now (a seat number or a list of seats).
ACTOR_KEYS = ("actors", "active", "to_act", "active_seats", "current_seat", "current_player", "active_seat",
              "active_player", "turn_seat", "current")
# Keys that identify a player rather than describe them.
IDENTITY_KEYS = ("seat", "name", "id", "player")
# Keys under which views carry one seat's own secrets: never drawn on the public board, even if
# a caller passes a private view by mistake.
PRIVATE_KEYS = ("you", "hand", "private")


def humanize(key: str) -> str:
    return key.replace("_", " ").replace("-", " ")


def actors_of(view: Mapping[str, Any]) -> set[int]:
    """The seats the view says must act now."""
    for key in ACTOR_KEYS:
        value = view.get(key)
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):
            return {value}
        if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return set(value)
    return set()


def players_of(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    players = view.get("players")
    if isinstance(players, list):
        return [p if isinstance(p, dict) else {"value": p} for p in players]
    if isinstance(players, dict) and all(str(k).isdigit() for k in players):
        return [players[k] if isinstance(players[k], dict) else {"value": players[k]}
                for k in sorted(players, key=int)]
    return []


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_amounts(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and all(_is_number(v) for v in value.values())


def _short(value: Any, depth: int = 0) -> str:
    """One readable line for any JSON value (nested values are summarised one level deep)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return kit._("yes") if value else kit._("no")
    if _is_number(value) or isinstance(value, str):
        return str(value)
    if isinstance(value, list):
        if not value:
            return kit._("none")
        if all(isinstance(v, dict) for v in value):
            for key in ("name", "id"):
                if all(isinstance(v.get(key), (str, int)) for v in value):
                    value = [v[key] for v in value]
                    break
        if any(isinstance(v, (dict, list)) for v in value):
            return f"{len(value)} items" if len(value) != 1 else "1 item"
        shown = ", ".join(_short(v, depth + 1) for v in value[:MAX_LIST_ITEMS])
        more = len(value) - MAX_LIST_ITEMS
        return shown + (f" +{more}" if more > 0 else "")
    if isinstance(value, dict):
        if depth > 0:
            return f"{len(value)} items"
        return ", ".join(f"{kit.resource_kind(k)} {_short(v, depth + 1)}" for k, v in value.items())
    return str(value)


@dataclass
class Cell:
    label: str
    value: Any

    def shows_icons(self) -> bool:
        return _is_amounts(self.value) and all(kit.has_icon(kit.resource_kind(k)) for k in self.value) \
            and any(self.value.values())

    def width(self) -> int:
        label_w = kit.text_width(self.label, LABEL_SIZE)
        if self.shows_icons():
            value_w = kit.amounts_width(self._amounts(), VALUE_SIZE)
        else:
            value_w = kit.text_width(kit.printable(_short(self.value)), VALUE_SIZE, True)
        return min(max(label_w, value_w, 40) + 2 * CELL_PAD, WIDTH - 2 * MARGIN - NAME_COLUMN)

    def _amounts(self) -> list[tuple[str, int]]:
        return kit.ordered_amounts({kit.resource_kind(k): v for k, v in self.value.items()})

    def draw(self, img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, width: int) -> None:
        kit.panel(draw, (x, y, x + width, y + CELL_HEIGHT), kit.PANEL, kit.LINE, radius=6, width=1)
        inner = width - 2 * CELL_PAD
        kit.text(draw, (x + CELL_PAD, y + CELL_PAD), kit.fit(self.label, LABEL_SIZE, inner), LABEL_SIZE,
                 kit.MUTED)
        value_y = y + CELL_PAD * 2 + LABEL_SIZE
        if self.shows_icons():
            kit.draw_amounts(img, (x + CELL_PAD, value_y), self._amounts(), VALUE_SIZE)
        else:
            shown = kit.fit(kit.printable(_short(self.value)), VALUE_SIZE, inner, True)
            kit.text(draw, (x + CELL_PAD, value_y), shown, VALUE_SIZE, kit.INK, bold=True)


def cells_of(fields: Mapping[str, Any], skip: tuple[str, ...] = (), prefix: str = "") -> list[Cell]:
    """One cell per field; a nested object (other than resource counts) is opened one level."""
    cells = []
    for key, value in fields.items():
        if key in skip:
            continue
        label = prefix + humanize(key)
        if isinstance(value, dict) and value and not _is_amounts(value) and not prefix:
            cells.extend(cells_of(value, prefix=label + ": "))
        else:
            cells.append(Cell(label, value))
    return cells


def flow(cells: list[Cell], width: int) -> list[list[tuple[Cell, int]]]:
    """Cells packed into rows no wider than ``width`` (each with its own width)."""
    rows: list[list[tuple[Cell, int]]] = [[]]
    used = 0
    for cell in cells:
        w = cell.width()
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0
        rows[-1].append((cell, w))
        used += w + CELL_GAP
    return rows if rows[0] else []


def _block_height(rows: list) -> int:
    return max(1, len(rows)) * (CELL_HEIGHT + CELL_GAP) - CELL_GAP


def _draw_rows(img: Image.Image, draw: ImageDraw.ImageDraw, rows: list, x: int, y: int) -> None:
    for row in rows:
        cx = x
        for cell, w in row:
            cell.draw(img, draw, cx, y, w)
            cx += w + CELL_GAP
        y += CELL_HEIGHT + CELL_GAP


def draw_table(title: str, view: Mapping[str, Any], names: list[str] | None = None,
               highlight: str | None = None, subtitle: str | None = None,
               public: bool = True) -> Image.Image:
    """The whole view as a table: a title band, then one band per player, then the rest.
    A ``public`` table leaves out the PRIVATE_KEYS."""
    if public:
        view = {k: v for k, v in view.items() if k not in PRIVATE_KEYS}
    players = players_of(view)
    actors = actors_of(view)
    top_fields = {k: v for k, v in view.items()
                  if k not in ("players", "game") and k not in ACTOR_KEYS and v is not None}
    scalar_fields = {k: v for k, v in top_fields.items() if not isinstance(v, (dict, list))}
    other_fields = {k: v for k, v in top_fields.items() if isinstance(v, (dict, list))}

    cells_width = WIDTH - 2 * MARGIN - NAME_COLUMN
    header_rows = flow(cells_of(scalar_fields), WIDTH - 2 * MARGIN)
    player_rows = [flow(cells_of(p, IDENTITY_KEYS), cells_width) for p in players]
    other_rows = flow(cells_of(other_fields), WIDTH - 2 * MARGIN)

    labels = [kit.seat_label(seat, names) for seat in range(len(players))]
    banner_lines = kit.banner_lines(highlight, WIDTH - 2 * MARGIN, 1, labels)
    height = MARGIN + 44 + (30 if subtitle else 0) + (kit.banner_height(len(banner_lines)) + 8 if banner_lines else 0)
    if header_rows:
        height += _block_height(header_rows) + 16
    for rows in player_rows:
        height += _block_height(rows) + 2 * CELL_PAD + 10
    if other_rows:
        height += 30 + _block_height(other_rows) + 10
    height += MARGIN

    img, draw = kit.new_canvas(WIDTH, height)
    y = MARGIN
    kit.text(draw, (MARGIN, y), kit.fit(title, 32, WIDTH - 2 * MARGIN, True), 32, kit.INK, bold=True)
    y += 44
    if subtitle:
        kit.text(draw, (MARGIN, y), kit.fit(subtitle, 20, WIDTH - 2 * MARGIN), 20, kit.MUTED)
        y += 30
    if banner_lines:
        y += kit.banner(draw, (MARGIN, y), WIDTH - 2 * MARGIN, highlight, 1, labels) + 8
    if header_rows:
        _draw_rows(img, draw, header_rows, MARGIN, y)
        y += _block_height(header_rows) + 16

    for seat, rows in enumerate(player_rows):
        band_h = _block_height(rows) + 2 * CELL_PAD
        acting = seat in actors
        kit.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + band_h),
                  kit.HIGHLIGHT_SOFT if acting else kit.PANEL_DARK,
                  kit.HIGHLIGHT if acting else kit.LINE, radius=10, width=3 if acting else 1)
        colour = kit.seat_colour(seat)
        draw.rounded_rectangle((MARGIN + 8, y + 10, MARGIN + 16, y + band_h - 10), radius=4, fill=colour)
        name = kit.fit(kit.seat_label(seat, names), 21, NAME_COLUMN - 50, True)
        kit.text(draw, (MARGIN + 28, y + CELL_PAD + 6), name, 21, kit.INK, bold=True)
        if acting:
            tx, ty = MARGIN + 30, y + CELL_PAD + 46
            draw.polygon([(tx, ty), (tx + 16, ty + 10), (tx, ty + 20)], fill=kit.HIGHLIGHT)
            kit.text(draw, (tx + 24, ty + 10), kit.fit(kit._("to act"), 17, NAME_COLUMN - 60, True), 17, kit.HIGHLIGHT,
                     "lm", bold=True)
        _draw_rows(img, draw, rows, MARGIN + NAME_COLUMN, y + CELL_PAD)
        y += band_h + 10

    if other_rows:
        y += 4
        draw.line([(MARGIN, y + 10), (WIDTH - MARGIN, y + 10)], fill=kit.LINE, width=2)
        y += 26
        _draw_rows(img, draw, other_rows, MARGIN, y)
    return img


def draw_card(title: str, card_id: str, facts: Mapping[str, Any] | None) -> Image.Image:
    """One card's facts as a labelled list (or just its id when the game publishes none)."""
    fields = dict(facts or {"id": card_id})
    rows = flow(cells_of(fields), 560 - 2 * MARGIN)
    height = MARGIN + 44 + _block_height(rows) + MARGIN
    img, draw = kit.new_canvas(560, height)
    kit.text(draw, (MARGIN, MARGIN), kit.fit(f"{title}: {card_id}", 26, 560 - 2 * MARGIN, True), 26,
             kit.INK, bold=True)
    _draw_rows(img, draw, rows, MARGIN, MARGIN + 44)
    return img
