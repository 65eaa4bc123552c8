"""Lorenzo il Magnifico components drawn from their printed facts: development cards, leaders,
excommunication tiles and personal bonus tiles.

Effects are turned into a short row of *tokens* (a number with a resource icon, a privilege
scroll, a die with a value, a small card of a type, a word or two) and laid out left to right,
so every card is drawn by the same few lines whatever its effects. Facts come from the game's
public data (``games.lim.data``), never from a game state.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from games.lim.data import BONUS_TILES, CARDS, EXCOMMUNICATIONS, LEADERS

from . import kit

Box = tuple[float, float, float, float]
Token = tuple[Any, ...]

TYPE_COLOURS: dict[str, kit.RGB] = {
    "territory": kit.CARD_COLOURS["green"],
    "character": kit.CARD_COLOURS["blue"],
    "building": kit.CARD_COLOURS["yellow"],
    "venture": kit.CARD_COLOURS["purple"],
}
LEADER_BAND: kit.RGB = (150, 110, 60)
EXCOMMUNICATION_FILL: kit.RGB = (64, 58, 56)
EFFECT_FILL: kit.RGB = (241, 234, 220)
COST_FILL: kit.RGB = (244, 222, 214)
DIE_FILL: kit.RGB = (252, 250, 244)
PERIOD_NUMERALS = {1: "I", 2: "II", 3: "III"}
CARD_RATIO = 120 / 162          # height / width of a card as drawn in a tower


# ------------------------------------------------------------------------------- icons
_SUPERSAMPLE = 4
OWN_ICONS = ("privilege", "harvest", "production")


def _draw_own_icon(draw: ImageDraw.ImageDraw, kind: str, s: int) -> None:
    m = s / 16
    rim = max(1, int(m * 1.1))
    if kind == "privilege":  # a scroll with a red seal: the Council privilege
        paper, edge = (246, 228, 186), (140, 100, 50)
        draw.rounded_rectangle((2 * m, 2.5 * m, 14 * m, 13.5 * m), radius=int(2 * m), fill=paper,
                               outline=edge, width=rim)
        for y in (5.5, 8, 10.5):
            draw.line([(4.5 * m, y * m), (10 * m, y * m)], fill=edge, width=max(1, rim // 2 + 1))
        draw.ellipse((9.5 * m, 9 * m, 15 * m, 14.5 * m), fill=(196, 40, 36), outline=(110, 16, 12), width=rim)
    elif kind == "harvest":  # a sheaf of wheat
        gold, edge = (224, 172, 48), (128, 88, 20)
        draw.rectangle((7.2 * m, 7 * m, 8.8 * m, 15.5 * m), fill=edge)
        for dx, dy in ((0, 0), (-3.2, 2.6), (3.2, 2.6), (-3.2, 6), (3.2, 6), (0, 4.5)):
            cx, cy = 8 + dx, 2.6 + dy
            draw.ellipse(((cx - 1.9) * m, (cy - 2.4) * m, (cx + 1.9) * m, (cy + 2.4) * m), fill=gold,
                         outline=edge, width=rim)
    elif kind == "production":  # a cog wheel
        steel, edge = (150, 156, 168), (70, 74, 84)
        cx = cy = 8 * m
        points = []
        for i in range(16):
            angle = math.pi * 2 * i / 16
            radius = 7.4 * m if i % 2 == 0 else 5.6 * m
            for offset in (-0.13, 0.13):
                points.append((cx + radius * math.cos(angle + offset), cy + radius * math.sin(angle + offset)))
        draw.polygon(points, fill=steel, outline=edge, width=rim)
        draw.ellipse((cx - 2.4 * m, cy - 2.4 * m, cx + 2.4 * m, cy + 2.4 * m), fill=kit.PANEL, outline=edge,
                     width=rim)
    else:
        raise KeyError(f"no icon called {kind!r}")


@cache
def own_icon(kind: str, size: int) -> Image.Image:
    big = size * _SUPERSAMPLE
    canvas = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    _draw_own_icon(ImageDraw.Draw(canvas), kind, big)
    return canvas.resize((size, size), Image.Resampling.LANCZOS)


def paste_icon(img: Image.Image, kind: str, xy: tuple[float, float], size: int) -> None:
    """A kit icon or one of this game's own (privilege, harvest, production)."""
    if kind in OWN_ICONS:
        picture = own_icon(kind, size)
        if img.mode == "RGBA":
            img.alpha_composite(picture, (int(xy[0]), int(xy[1])))
        else:
            img.paste(picture, (int(xy[0]), int(xy[1])), picture)
    else:
        kit.paste_icon(img, kit.resource_kind(kind), xy, size)


# ------------------------------------------------------------------------------ tokens
def amounts(values: Mapping[str, int]) -> list[Token]:
    """``{"coins": 2, "mp": 1}`` as tokens, in one fixed order."""
    order = ("wood", "stone", "servants", "coins", "mp", "fp", "vp")
    return [("n", k, values[k]) for k in sorted(values, key=lambda k: order.index(k) if k in order else 9)
            if values[k]]


def effect_tokens(effect: Mapping[str, Any]) -> list[Token]:
    """One effect of the game's vocabulary as tokens."""
    kind = effect["kind"]
    if kind == "gain":
        return amounts(effect["gain"])
    if kind == "privileges":
        tokens: list[Token] = [("n", "privilege", effect["count"])]
        if effect.get("distinct") and effect["count"] > 1:
            tokens.append(("text", "≠"))
        return tokens
    if kind == "take_card":
        return [("card", _type_key(effect["types"])), ("die", str(effect["value"]))]
    if kind in ("harvest", "production"):
        tokens = [("icon", kind), ("die", str(effect["value"]))]
        if effect.get("card_bonuses") is False:
            tokens.append(("text", kit._("(no card bonus)")))
        return tokens
    if kind == "per_card":
        return amounts(effect["gain"]) + [("text", "/"), ("card", effect["card_type"])]
    if kind == "per_points":
        return amounts(effect["gain"]) + [("text", "/"), ("n", effect["points"], effect["step"])]
    if kind == "exchange":
        tokens = []
        for i, option in enumerate(effect["options"]):
            if i:
                tokens.append(("br",))
            tokens += amounts(option["pay"]) + [("arrow",)]
            for inner in option["effects"]:
                tokens += effect_tokens(inner)
        return tokens
    if kind == "card_bonus":
        tokens = [("card", effect["card_type"]), ("die", f"+{effect['value']}")]
        choices = effect.get("discount_choices") or []
        if choices:
            tokens.append(("text", "−"))
            for i, choice in enumerate(choices):
                if i:
                    tokens.append(("text", "/"))
                tokens += amounts(choice)
        if effect.get("discount"):
            tokens += [("text", "−")] + amounts(effect["discount"])
        return tokens
    if kind in ("harvest_bonus", "production_bonus"):
        return [("icon", kind.split("_")[0]), ("die", f"+{effect['value']}")]
    if kind == "no_floor_bonus":
        return [("text", kit._("no floor bonus"))]
    return [("text", kind.replace("_", " "))]


def _type_key(types: list[str]) -> str:
    return types[0] if len(types) == 1 else "any"


def cost_tokens(costs: list[Mapping[str, Any]]) -> list[Token]:
    """Alternative costs separated by "/"; a points requirement as "(≥ n)"."""
    tokens: list[Token] = []
    for i, cost in enumerate(costs):
        if i:
            tokens.append(("text", "/"))
        tokens += amounts(cost["pay"])
        if cost["need"]:
            tokens += [("text", "(≥")] + amounts(cost["need"]) + [("text", ")")]
    return tokens


def _token_width(token: Token, size: int) -> int:
    tag = token[0]
    if tag == "n":
        return kit.text_width(str(token[2]), size, True) + 1 + size
    if tag in ("icon", "card"):
        return size if tag == "icon" else int(size * 0.78)
    if tag == "die":
        return max(size, kit.text_width(token[1], int(size * 0.72), True) + 6)
    if tag == "arrow":
        return int(size * 0.9)
    return kit.text_width(token[1], int(size * 0.82), True)


def flow_width(tokens: list[Token], size: int) -> int:
    """The width of ``tokens`` on one line."""
    gap = max(2, size // 4)
    return sum(_token_width(t, size) for t in tokens) + gap * max(0, len(tokens) - 1)


def _words(tokens: list[Token], size: int, width: float) -> list[Token]:
    """``tokens`` with each text token split into its words, so that text wraps like text, and
    a word wider than a whole line shortened with an ellipsis."""
    out: list[Token] = []
    for token in tokens:
        if token[0] != "text":
            out.append(token)
            continue
        for word in token[1].split():
            if kit.text_width(word, int(size * 0.82), True) <= width:
                out.append(("text", word))
            else:  # a Japanese or Korean phrase has no spaces: it breaks between characters
                out.extend(("text", piece) for piece in kit.wrap(word, int(size * 0.82), int(width), 4, bold=True))
    return out


def flow(img: Image.Image | None, x: float, y: float, width: float, tokens: list[Token], size: int,
         fill: kit.RGB = kit.INK, centre: bool = False) -> int:
    """Lay ``tokens`` out in lines at most ``width`` wide; draw them when ``img`` is given.
    Returns the height used (zero for no tokens)."""
    if not tokens:
        return 0
    gap = max(2, size // 4)
    lines: list[list[Token]] = [[]]
    used = 0.0
    for token in _words(tokens, size, width):
        if token[0] == "br":
            if lines[-1]:
                lines.append([])
                used = 0.0
            continue
        w = _token_width(token, size)
        if lines[-1] and used + gap + w > width:
            lines.append([])
            used = 0.0
        used += (gap if lines[-1] else 0) + w
        lines[-1].append(token)
    line_h = size + max(2, size // 5)
    if img is not None:
        draw = ImageDraw.Draw(img)
        for row, line in enumerate(lines):
            total = sum(_token_width(t, size) for t in line) + gap * (len(line) - 1)
            tx = x + (width - total) / 2 if centre else x
            for token in line:
                _draw_token(img, draw, tx, y + row * line_h, token, size, fill)
                tx += _token_width(token, size) + gap
    return line_h * len(lines) - max(2, size // 5)


def _draw_token(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, token: Token, size: int,
                fill: kit.RGB) -> None:
    tag = token[0]
    mid = y + size / 2
    if tag == "n":
        label = str(token[2])
        kit.text(draw, (x, mid), label, size, fill, "lm", bold=True)
        paste_icon(img, token[1], (x + kit.text_width(label, size, True) + 1, y), size)
    elif tag == "icon":
        paste_icon(img, token[1], (x, y), size)
    elif tag == "card":
        mini_card(draw, (x, y, x + size * 0.78, y + size), token[1])
    elif tag == "die":
        w = _token_width(token, size)
        draw.rounded_rectangle((x, y, x + w, y + size), radius=max(2, size // 5), fill=DIE_FILL, outline=kit.INK,
                               width=max(1, size // 12))
        kit.text(draw, (x + w / 2, mid + 1), token[1], int(size * 0.72), kit.INK, "mm", bold=True)
    elif tag == "arrow":
        kit.arrow(draw, x, mid, size * 0.9, fill, max(2, size // 7))
    else:
        kit.text(draw, (x, mid), token[1], int(size * 0.82), fill, "lm", bold=True)


def mini_card(draw: ImageDraw.ImageDraw, box: Box, card_type: str) -> None:
    """A small card of one type (four colour stripes for "any type")."""
    x0, y0, x1, y1 = box
    if card_type == "any":
        step = (x1 - x0) / 4
        for i, colour in enumerate(TYPE_COLOURS.values()):
            draw.rectangle((x0 + i * step, y0, x0 + (i + 1) * step, y1), fill=colour)
        draw.rectangle(box, outline=kit.INK, width=1)
    else:
        draw.rounded_rectangle(box, radius=2, fill=TYPE_COLOURS[card_type], outline=kit.INK, width=1)


# ------------------------------------------------------------------------------- cards
def band_title(draw: ImageDraw.ImageDraw, xy: tuple[float, float], name: str, size: int, room: int,
               fill: kit.RGB) -> None:
    """A card name on its band: smaller type before an ellipsis, so long names stay whole."""
    for step in (size, int(size * 0.85), int(size * 0.72)):
        if kit.text_width(name, step, True) <= room:
            kit.text(draw, xy, name, step, fill, "lm", bold=True)
            return
    kit.text(draw, xy, kit.fit(name, int(size * 0.72), room, True), int(size * 0.72), fill, "lm", bold=True)


def band_ink(colour: kit.RGB) -> kit.RGB:
    r, g, b = colour
    return kit.INK if 0.299 * r + 0.587 * g + 0.114 * b > 165 else kit.WHITE


def draw_card_face(img: Image.Image, box: Box, no: int) -> None:
    """A development card: name band with period, cost, immediate effects, then (bottom strip)
    the harvest/production activation, the permanent effect or the end-game VP."""
    card = CARDS[no]
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    u = (x1 - x0) / 162
    colour = TYPE_COLOURS[card["type"]]
    band = int(22 * u)
    kit.card_frame(draw, box, colour, band, radius=max(3, int(7 * u)))
    ink = band_ink(colour)
    numeral = PERIOD_NUMERALS[card["period"]]
    numeral_w = kit.text_width(numeral, int(11 * u), True)
    kit.text(draw, (x1 - 6 * u, y0 + band / 2 + 1), numeral, int(11 * u), ink, "rm", bold=True)
    band_title(draw, (x0 + 6 * u, y0 + band / 2 + 1), kit.component("lim", str(no), card["name"]), int(13 * u),
               int(x1 - x0 - numeral_w - 16 * u), ink)
    size = int(16 * u)
    inner_x, inner_w = x0 + 6 * u, x1 - x0 - 12 * u
    y = y0 + band + 5 * u
    costs = cost_tokens(card["costs"])
    if costs:  # the price sits on a tinted strip, apart from what the card gives
        height = flow(None, 0, 0, inner_w - 4 * u, costs, size)
        draw.rectangle((x0 + 2, y - 3 * u, x1 - 2, y + height + 3 * u), fill=COST_FILL)
        flow(img, inner_x + 2 * u, y, inner_w - 4 * u, costs, size)
        y += height + 8 * u
    immediate: list[Token] = []
    for effect in card["immediate"]:
        immediate += effect_tokens(effect)
    bottom = bottom_tokens(card)
    bottom_h = flow(None, 0, 0, inner_w - 6 * u, bottom, size) if bottom else 0
    strip_top = y1 - bottom_h - 10 * u if bottom else y1
    if immediate:
        flow(img, inner_x, y, inner_w, immediate, size)
    if bottom:
        draw.rounded_rectangle((x0 + 4 * u, strip_top, x1 - 4 * u, y1 - 4 * u), radius=max(2, int(5 * u)),
                               fill=EFFECT_FILL, outline=kit.LINE, width=1)
        flow(img, inner_x + 2 * u, strip_top + 3 * u, inner_w - 6 * u, bottom, size)


def bottom_tokens(card: Mapping[str, Any]) -> list[Token]:
    """What the card does later: activation (die + harvest/production), permanent effects, or
    a venture's end-game VP."""
    tokens: list[Token] = []
    activation = card.get("activation")
    if activation:
        action = "harvest" if card["type"] == "territory" else "production"
        tokens += [("icon", action), ("die", str(activation["value"])), ("text", ":")]
        for effect in activation["effects"]:
            tokens += effect_tokens(effect)
    for effect in card.get("permanent") or []:
        tokens += effect_tokens(effect)
    if card.get("vp"):
        tokens += [("text", kit._("final")), ("n", "vp", card["vp"])]
    return tokens


@kit.per_language(maxsize=512)
def card_sprite(no: int, width: int, height: int) -> Image.Image:
    """A card drawn once per size (boards reuse it)."""
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw_card_face(sprite, (0, 0, width - 1, height - 1), no)
    return sprite


# ----------------------------------------------------------------------------- leaders
def leader_requirement_tokens(leader: Mapping[str, Any]) -> list[Token]:
    tokens: list[Token] = []
    for i, option in enumerate(leader["requires"]):
        if i:
            tokens.append(("text", "/"))
        for card_type, n in option["cards"].items():
            tokens += [("text", str(n)), ("card", card_type)]
        tokens += amounts(option["have"])
    return tokens


LEADER_EFFECT_LABELS = {
    "occupied_spaces": kit.N_("may use occupied spaces"),
    "no_tower_fee": kit.N_("no 3-coin tower fee"),
    "coin_discount": kit.N_("−3 coins on cards"),
    "copy_leader": kit.N_("copy a played leader"),
    "no_territory_mp": kit.N_("no military needed for territories"),
    "double_immediate": kit.N_("double immediate gains of cards"),
}


def leader_effect_tokens(effect: Mapping[str, Any]) -> list[Token]:
    kind = effect["kind"]
    if kind == "member_bonus":
        who = kit._("coloured member") if effect["members"] == "coloured" else kit._("neutral member")
        return [("text", who), ("die", f"+{effect['value']}")]
    if kind == "choose_member_value":
        return [("text", kit._("one member =")), ("die", str(effect["value"]))]
    if kind == "member_value":
        return [("text", kit._("coloured members =")), ("die", str(effect["value"]))]
    if kind == "church_bonus":
        return [("text", kit._("Vatican support:"))] + amounts(effect["gain"])
    if kind in LEADER_EFFECT_LABELS:
        return [("text", kit._(LEADER_EFFECT_LABELS[kind]))]
    return effect_tokens(effect)


def draw_leader_face(img: Image.Image, box: Box, leader_id: str) -> None:
    """A leader: name band, requirement, ability (1× once per round, ∞ permanent)."""
    leader = LEADERS[leader_id]
    draw = ImageDraw.Draw(img)
    x0, y0, x1, _ = box
    u = (x1 - x0) / 162
    band = int(22 * u)
    kit.card_frame(draw, box, LEADER_BAND, band, radius=max(3, int(7 * u)))
    band_title(draw, (x0 + 6 * u, y0 + band / 2 + 1), kit.component("lim", leader_id, leader["name"]), int(13 * u),
               int(x1 - x0 - 12 * u), kit.WHITE)
    size = int(15 * u)
    y = y0 + band + 5 * u
    y += flow(img, x0 + 6 * u, y, x1 - x0 - 12 * u, leader_requirement_tokens(leader), size) + 6 * u
    draw.line([(x0 + 6 * u, y - 3 * u), (x1 - 6 * u, y - 3 * u)], fill=kit.LINE, width=1)
    tokens: list[Token] = [("text", "1×" if leader["kind"] == "once" else "∞")]
    for effect in leader["effects"]:
        tokens += leader_effect_tokens(effect)
    flow(img, x0 + 6 * u, y, x1 - x0 - 12 * u, tokens, size)


# ---------------------------------------------------------------- excommunications
def excommunication_tokens(tile_id: str) -> list[Token]:
    """An excommunication's penalty as a few icons."""
    effect = EXCOMMUNICATIONS[tile_id]["effect"]
    kind = effect["kind"]
    if kind == "reduce":
        tokens: list[Token] = []
        for i, resource in enumerate(effect["resources"]):
            if i:
                tokens.append(("text", "/"))
            tokens.append(("n", resource, -1))
        return tokens + [("text", kit._("per gain"))]
    if kind == "action_malus":
        if effect["action"] == "take_card":
            return [("card", effect["card_type"]), ("die", f"−{effect['value']}")]
        return [("icon", effect["action"]), ("die", f"−{effect['value']}")]
    if kind == "coloured_malus":
        return [("text", kit._("coloured members")), ("die", f"−{effect['value']}")]
    if kind == "no_market":
        return [("text", kit._("no market"))]
    if kind == "servant_rate":
        return [("n", "servants", effect["rate"]), ("arrow",), ("die", "+1")]
    if kind == "skip_first_turn":
        return [("text", kit._("skip first turn"))]
    if kind == "no_score":
        return [("text", kit._("end:")), ("card", effect["category"]), ("text", "="), ("n", "vp", 0)]
    if kind == "vp_loss":
        per = effect["per"]
        tokens = [("n", "vp", -1), ("text", "/")]
        if per == ["vp"]:
            return tokens + [("n", "vp", effect["step"])]
        if per[0].startswith("building_"):
            return tokens + [("n", "wood", 1), ("n", "stone", 1), ("text", kit._("in cost of")), ("card", "building")]
        for i, resource in enumerate(per):
            if i:
                tokens.append(("text", "+"))
            tokens.append(("icon", resource))
        return tokens
    return [("text", kind.replace("_", " "))]


def draw_excommunication(img: Image.Image, box: Box, tile_id: str) -> None:
    """A dark tile with its period and penalty."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=EXCOMMUNICATION_FILL, outline=kit.INK, width=2)
    period = int(tile_id[1])
    kit.text(draw, (x0 + 8, y0 + 6), PERIOD_NUMERALS[period], 14, (230, 210, 170), bold=True)
    kit.text(draw, (x1 - 8, y0 + 6), tile_id, 12, (190, 180, 170), "ra")
    body = (x0 + 6, y0 + 26, x1 - 6, y1 - 6)
    draw.rounded_rectangle(body, radius=6, fill=kit.PANEL)
    tokens = excommunication_tokens(tile_id)
    size = max(16, int((y1 - y0) / 5))
    height = flow(None, 0, 0, body[2] - body[0] - 8, tokens, size)
    flow(img, body[0] + 4, (body[1] + body[3]) / 2 - height / 2, body[2] - body[0] - 8, tokens, size,
         centre=True)


# ------------------------------------------------------------------------ bonus tiles
def draw_bonus_tile(img: Image.Image, box: Box, tile_id: str) -> None:
    """A personal bonus tile: its letter, then harvest and production gains (each at value 1)."""
    tile = BONUS_TILES[tile_id]
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=6, fill=(232, 220, 196), outline=kit.LINE, width=1)
    label = "—" if tile_id == "basic" else tile_id
    kit.text(draw, (x0 + 10, (y0 + y1) / 2), label, 16, kit.MUTED, "mm", bold=True)
    size = 15
    row_h = (y1 - y0) / 2
    for i, action in enumerate(("harvest", "production")):
        ry = y0 + i * row_h + row_h / 2 - size / 2
        tokens: list[Token] = [("icon", action)] + amounts(tile[action])
        flow(img, x0 + 22, ry, x1 - x0 - 24, tokens, size)
