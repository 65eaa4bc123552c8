"""The summary of a finished game, drawn beside its final board: the ranking, each player's score
by category, and a chart of every player's victory points over the rounds.

It draws only the summary it is given (``bot.table.results.summary``: names, the result's totals and
categories, the public scores after each round), with the kit's fonts and seat colours.

>>> from rendering.summary import render_summary
>>> png = render_summary({"title": "Duel", "names": ["Ada", "Bea"], "categories": ["wins"],
...     "rows": [{"seat": 1, "place": 1, "total": 1, "breakdown": [1]},
...              {"seat": 0, "place": 2, "total": 0, "breakdown": [0]}],
...     "labels": ["end"], "series": [[0], [1]]})
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from . import kit

WIDTH = 1400
MARGIN = 32
ROW = 44
TITLE = 34
TEXT = 20
SMALL = 16
NAME_COLUMN = 300
CHART_HEIGHT = 360
CATEGORY_COLUMN_MAX = 140
CATEGORY_LABELS = {
    # Masters of Renaissance
    "cards": kit.N_("cards"), "faith track": kit.N_("faith track"), "favour tiles": kit.N_("Papal favour tiles"),
    "leaders": kit.N_("leader cards"), "resources": kit.N_("resources"),
    # Lorenzo il Magnifico
    "vp before scoring": kit.N_("during the game"), "territories": kit.N_("territories"),
    "characters": kit.N_("characters"), "ventures": kit.N_("ventures"), "military": kit.N_("military track"),
    "excommunication vp per 5": kit.N_("excommunication (1 VP per 5 VP)"),
    "excommunication military": kit.N_("excommunication (military points)"),
    "excommunication resources": kit.N_("excommunication (resources)"),
    "excommunication buildings": kit.N_("excommunication (building costs)"),
    # Opera Magna
    "game": kit.N_("during the game"), "buildings": kit.N_("buildings"), "evolution": kit.N_("workshop evolution"),
    "certificates": kit.N_("certificates"), "blue": kit.N_("end-of-game buildings"),
    "unfinished": kit.N_("unfinished buildings"), "opera": kit.N_("opera majority"), "worksites": kit.N_("worksites"),
}
"""The games' scoring categories as a summary names them, headed in the image's language (a
category not listed keeps its own words)."""
FINAL = "end"
"""The chart's last point as a summary names it (``bot.table.results.FINAL``): the final scores."""
FINAL_LABEL = kit.N_("final")


def draw_summary(summary: dict[str, Any]):
    """The summary image (a Pillow image)."""
    table_height = ROW * (len(summary["rows"]) + 1)
    height = MARGIN + TITLE + 24 + table_height + 40 + CHART_HEIGHT + MARGIN
    img, draw = kit.new_canvas(WIDTH, height)
    title = kit.said("{title}: final scores", title=kit._(summary["title"]))
    kit.text(draw, (MARGIN, MARGIN), kit.fit(title, TITLE, WIDTH - 2 * MARGIN, True), TITLE, bold=True)
    top = MARGIN + TITLE + 24
    _scores_table(draw, summary, top)
    _chart(draw, summary, (MARGIN, top + table_height + 40, WIDTH - MARGIN, height - MARGIN))
    return img


def _scores_table(draw: ImageDraw.ImageDraw, summary: dict[str, Any], top: int) -> None:
    rows, categories, names = summary["rows"], summary["categories"], summary["names"]
    right = WIDTH - MARGIN
    columns = len(categories) + 1
    column = min(CATEGORY_COLUMN_MAX, (right - MARGIN - NAME_COLUMN) // columns)
    first = right - column * columns
    kit.panel(draw, (MARGIN, top, right, top + ROW * (len(rows) + 1)))
    headings = [kit._(CATEGORY_LABELS.get(category, category)) for category in categories]
    for index, heading in enumerate([*headings, kit._("total")]):
        centre = first + column * index + column // 2
        lines = kit.wrap(heading, SMALL, column - 8, 2, bold=True)
        for number, words in enumerate(lines):
            y = top + ROW // 2 + (number - (len(lines) - 1) / 2) * (SMALL + 2)
            kit.text(draw, (centre, y), words, SMALL, kit.MUTED, "mm", bold=True)
    for number, row in enumerate(rows, start=1):
        y = top + ROW * number
        if row["place"] == 1:
            draw.rectangle((MARGIN + 2, y, right - 2, y + ROW), fill=kit.HIGHLIGHT_SOFT)
        draw.line((MARGIN + 10, y, right - 10, y), fill=kit.LINE, width=1)
        mid = y + ROW // 2
        kit.text(draw, (MARGIN + 16, mid), f"{row['place']}.", TEXT, anchor="lm", bold=True)
        draw.ellipse((MARGIN + 52, mid - 9, MARGIN + 70, mid + 9), fill=kit.seat_colour(row["seat"]))
        name = kit.fit(kit.seat_label(row["seat"], names), TEXT, first - MARGIN - 90, True)
        kit.text(draw, (MARGIN + 80, mid), name, TEXT, anchor="lm", bold=True)
        for index, value in enumerate([*row["breakdown"], row["total"]]):
            centre = first + column * index + column // 2
            kit.text(draw, (centre, mid), value, TEXT, anchor="mm", bold=index == len(row["breakdown"]))


def _chart(draw: ImageDraw.ImageDraw, summary: dict[str, Any], box: tuple[int, int, int, int]) -> None:
    """Victory points (y) over the rounds (x), one line per player in its seat colour."""
    labels, series, names = summary["labels"], summary["series"], summary["names"]
    x0, y0, x1, y1 = box
    kit.panel(draw, box)
    kit.text(draw, (x0 + 16, y0 + 12), kit._("Victory points by round"), SMALL, kit.MUTED, bold=True)
    legend_x = x1 - 16
    for seat in reversed(range(len(series))):
        label = kit.fit(kit.seat_label(seat, names), SMALL, 180)
        legend_x -= kit.text_width(label, SMALL) + 34
        draw.rectangle((legend_x, y0 + 16, legend_x + 18, y0 + 26), fill=kit.seat_colour(seat))
        kit.text(draw, (legend_x + 24, y0 + 21), label, SMALL, anchor="lm")
    left, right, top, bottom = x0 + 60, x1 - 30, y0 + 48, y1 - 40
    highest = max([1, *(value for line in series for value in line)])
    lowest = min([0, *(value for line in series for value in line)])
    step = _grid_step(highest - lowest)

    def y_of(value: float) -> float:
        return bottom - (value - lowest) * (bottom - top) / (highest - lowest)

    def x_of(index: int) -> float:
        return (left + right) / 2 if len(labels) == 1 else left + index * (right - left) / (len(labels) - 1)

    value = (lowest // step) * step
    while value <= highest:
        draw.line((left, y_of(value), right, y_of(value)), fill=kit.PANEL_DARK, width=1)
        kit.text(draw, (left - 10, y_of(value)), value, SMALL, kit.MUTED, "rm")
        value += step
    every = max(1, len(labels) // 16)
    for index, label in enumerate(labels):
        if index % every == 0 or index == len(labels) - 1:
            shown = kit._(FINAL_LABEL) if label == FINAL else label  # round numbers, then the end
            kit.text(draw, (x_of(index), bottom + 18), shown, SMALL, kit.MUTED, "mm")
    for seat, line in enumerate(series):
        points = [(x_of(index), y_of(value)) for index, value in enumerate(line)]
        if len(points) > 1:
            draw.line(points, fill=kit.seat_colour(seat), width=4, joint="curve")
        for x, y in points:
            draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=kit.seat_colour(seat))


def _grid_step(span: int) -> int:
    """A round step giving about five grid lines over ``span`` points."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if span / step <= 6:
            return step
    return 200


def render_summary(summary: dict[str, Any], language: str | None = None) -> bytes:
    """The summary PNG, its words in ``language`` (the table's)."""
    with kit.drawing_in(language):
        return kit.encode_png(draw_summary(summary))
