"""The drawing kit, the renderer registry and the generic table renderer."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import rendering
from rendering import generic, kit

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def boards_not_drawn_yet(monkeypatch):
    """Every game has a board of its own now; the generic renderer is what a game gets before
    that, so these tests take the boards of Lorenzo il Magnifico and Opera Magna away."""
    for key in ("lim", "opera"):
        monkeypatch.delitem(rendering._RENDERERS, key, raising=False)


def decode(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    return Image.open(io.BytesIO(png)).convert("RGB")


def table_view(players: int, coins: int = 3, current: int = 0) -> dict:
    return {
        "round": 2,
        "phase": "actions",
        "current_seat": current,
        "players": [
            {"seat": s, "resources": {"coin": coins + s, "stone": 1, "servant": 0, "wood": 2},
             "points": {"victory": 4 * s, "military": s}, "cards": ["Forest", "Mint"][: s % 3]}
            for s in range(players)
        ],
        "towers": {"territory": ["Forest", None, "Hill", "Village"]},
    }


# ------------------------------------------------------------------------------ kit
def test_every_icon_kind_is_drawn_at_its_size_and_cached():
    for kind in kit.ICON_KINDS:
        picture = kit.icon(kind, 24)
        assert picture.size == (24, 24) and picture.mode == "RGBA"
        assert picture.getbbox() is not None, f"icon {kind} is empty"
        assert kit.icon(kind, 24) is picture
    with pytest.raises(KeyError):
        kit.icon("no-such-icon", 24)


def test_resource_icons_have_their_own_colours():
    def mean_colour(kind):
        picture = kit.icon(kind, 32)
        pixels = [p[:3] for p in picture.get_flattened_data() if p[3] > 200]
        return tuple(sum(c[i] for c in pixels) // len(pixels) for i in range(3))

    coin, stone, servant, shield, faith = (mean_colour(k) for k in
                                          ("coin", "stone", "servant", "shield", "faith"))
    assert coin[0] > 180 and coin[2] < 100            # gold
    assert abs(stone[0] - stone[2]) < 20              # grey
    assert servant[2] > servant[1] + 40               # purple
    assert shield[2] > shield[0] + 80                 # blue
    assert faith[0] > faith[1] + 100                  # red


def test_printable_drops_glyphs_the_font_lacks_and_keeps_plain_letters():
    assert kit.printable("Ada  Lovelace") == "Ada Lovelace"
    assert kit.printable("A\ue001B") == "AB"
    assert kit.printable("Jos\u0065\u0301").startswith("Jos")


def test_seat_labels_default_to_seat_numbers():
    assert kit.seat_label(0, None) == "P1"
    assert kit.seat_label(2, ["a", "b"]) == "P3"
    assert kit.seat_label(1, ["a", "\ue001"]) == "P2"
    assert kit.seat_label(1, ["a", "Bea"]) == "Bea"
    assert kit.fill_seats("{p0} pays {p1}", ["Ada", "Bea"], 2) == "Ada pays Bea"
    assert kit.fill_seats("{p1} moves", None, 2) == "P2 moves"


def test_fit_shortens_with_an_ellipsis():
    long = "Lorenzo de' Medici il Magnifico"
    short = kit.fit(long, 20, 120)
    assert short.endswith("…") and kit.text_width(short, 20) <= 120
    assert kit.fit("Ada", 20, 120) == "Ada"


def test_fitting_size_sets_a_long_name_smaller_before_shortening_it():
    name = "Bartolomeo Colleoni"
    assert kit.fitting_size(name, (22, 19), kit.text_width(name, 22, True)) == 22
    assert kit.fitting_size(name, (22, 19), kit.text_width(name, 22, True) - 1) == 19
    assert kit.fitting_size(name, (22, 19), 10) == 19


def test_encode_png_is_small_deterministic_and_lossless_enough():
    img, draw = kit.new_canvas(400, 200)
    kit.draw_amounts(img, (10, 10), [("coin", 2), ("faith", 1)], 24)
    kit.text(draw, (10, 60), "VP 12", 30, bold=True)
    png = kit.encode_png(img)
    assert png == kit.encode_png(img)
    back = decode(png)
    assert back.size == (400, 200)
    assert back.getpixel((399, 199)) == kit.BACKGROUND


def test_cached_text_draws_the_same_pixels_as_pillow():
    """Glyph masks are rendered once and reused; the pixels are exactly Pillow's, at any
    sub-pixel position, outlined or not."""
    from PIL import ImageChops, ImageDraw

    for value, size, bold, xy, anchor in (("Ada", 20, False, (10.5, 12.25), "la"), ("12", 16, True, (40.75, 30.5), "mm"),
                                         ("round 3/6 · III", 17, True, (5, 60), "lm")):
        for outlined in (False, True):
            ours, pillows = (Image.new("RGB", (200, 100), kit.PANEL) for _ in range(2))
            if outlined:
                kit.outlined_text(ImageDraw.Draw(ours), xy, value, size, anchor=anchor, bold=bold)
                ImageDraw.Draw(pillows).text(xy, value, font=kit.font(size, bold), fill=kit.WHITE, anchor=anchor,
                                             stroke_width=max(1, size // 9), stroke_fill=kit.INK)
            else:
                kit.text(ImageDraw.Draw(ours), xy, value, size, kit.INK, anchor, bold)
                ImageDraw.Draw(pillows).text(xy, value, font=kit.font(size, bold), fill=kit.INK, anchor=anchor)
            assert ImageChops.difference(ours, pillows).getbbox() is None, (value, outlined)


def test_exact_colours_stay_exact_beside_near_twins():
    """Large flat areas keep the kit's own colours exactly, even next to a shade one step away."""
    img, draw = kit.new_canvas(40 * len(kit.EXACT_COLOURS), 80)
    for i, colour in enumerate(kit.EXACT_COLOURS):
        draw.rectangle((40 * i, 0, 40 * i + 39, 39), fill=colour)
        draw.rectangle((40 * i, 40, 40 * i + 39, 79), fill=tuple(min(255, c + 3) for c in colour))
    back = decode(kit.encode_png(img))
    for i, colour in enumerate(kit.EXACT_COLOURS):
        assert back.getpixel((40 * i + 20, 20)) == colour


def test_banner_wraps_the_last_move_and_names_the_seats():
    _, draw = kit.new_canvas(400, 200)
    assert kit.banner(draw, (0, 0), 300, None) == 0 and kit.banner(draw, (0, 0), 300, "") == 0
    assert kit.banner_lines("{p0} moved", 300, labels=["Ada"]) == ["Ada moved"]
    assert kit.banner(draw, (0, 0), 300, "{p0} moved", labels=["Ada"]) == kit.banner_height(1)
    long = "a long last move " * 20
    assert kit.banner(draw, (0, 0), 300, long, max_lines=3) == kit.banner_height(3)
    assert kit.banner_lines(long, 300, max_lines=3)[-1].endswith("…")


def test_canvas_never_exceeds_the_phone_width():
    img, _ = kit.new_canvas(5000, 10)
    assert img.width == kit.MAX_WIDTH


# ------------------------------------------------------------------------- registry
def test_unknown_game_is_refused():
    with pytest.raises(KeyError):
        rendering.render("chess", {})


@pytest.mark.parametrize("key", ["lim", "opera"])
def test_games_without_a_board_use_the_generic_renderer(key):
    assert isinstance(rendering.renderer_for(key), rendering.GenericRenderer)
    png = rendering.render(key, table_view(3))
    assert decode(png).width <= kit.MAX_WIDTH


# -------------------------------------------------------------------------- generic
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_generic_board_fits_the_size_limits(players):
    png = rendering.render("lim", table_view(players), names=[f"Player {i}" for i in range(players)],
                           highlight="{p0} took 3 wood")
    assert len(png) <= kit.MAX_BYTES
    assert decode(png).width <= kit.MAX_WIDTH


def test_generic_board_follows_the_view():
    before = rendering.render("lim", table_view(3, coins=3))
    after = rendering.render("lim", table_view(3, coins=4))
    assert before != after
    assert rendering.render("lim", table_view(3, coins=3)) == before


def test_generic_board_marks_the_seat_to_act():
    def tinted_rows(img):
        """Rows whose left edge (inside the player bands) shows the highlight tint."""
        x = generic.MARGIN + 20
        return [y for y in range(img.height)
                if sum(abs(a - b) for a, b in zip(img.getpixel((x, y)), kit.HIGHLIGHT_SOFT)) < 12]

    first = tinted_rows(decode(rendering.render("lim", table_view(2, current=0))))
    second = tinted_rows(decode(rendering.render("lim", table_view(2, current=1))))
    assert first and second
    assert max(first) < min(second), "the tint moved down to the second player's band"


def test_generic_actor_conventions():
    assert generic.actors_of({"actors": [0, 2]}) == {0, 2}
    assert generic.actors_of({"current_player": 1}) == {1}
    assert generic.actors_of({"current": True}) == set()
    assert generic.actors_of({}) == set()


def test_generic_players_may_be_a_seat_keyed_object():
    view = {"players": {"1": {"vp": 3}, "0": {"vp": 9}}}
    assert generic.players_of(view) == [{"vp": 9}, {"vp": 3}]


def test_generic_cells_open_nested_objects_one_level():
    cells = generic.cells_of({"board": {"market": [1, 2], "round": 3}, "gold": {"coin": 2}})
    assert [c.label for c in cells] == ["board: market", "board: round", "gold"]


def test_generic_names_are_drawn_not_seat_numbers():
    plain = rendering.render("opera", table_view(2))
    named = rendering.render("opera", table_view(2), names=["Ada", "Bea"])
    assert plain != named


def test_generic_card_image():
    png = rendering.render_card("opera", "tile-7")
    assert decode(png).width <= kit.MAX_WIDTH


def test_generic_summaries_name_things_rather_than_count_them():
    cards = [{"no": 6, "name": "Monastery"}, {"no": 12, "name": "Rock Pit"}]
    assert generic._short(cards) == "Monastery, Rock Pit"
    assert generic._short([{"id": "CY1-03"}, {"id": "H1-02"}]) == "CY1-03, H1-02"
    assert generic._short([[1], [2], [3]]) == "3 items"
    assert generic._short({"value": 5, "space": None}) == "value 5, space -"
    assert generic._short(list(range(9))) == "0, 1, 2, 3, 4, 5 +3"
    assert generic._short([]) == "none"


def test_generic_resource_names_as_games_spell_them_get_icons():
    assert kit.resource_kind("coins") == "coin" and kit.resource_kind("mp") == "military"
    assert generic.Cell("resources", {"coins": 2, "fp": 1}).shows_icons()
    assert not generic.Cell("levels", {"b": 1, "p": 2}).shows_icons()


def test_generic_leaves_out_empty_top_level_fields():
    bare = rendering.render("lim", {"players": [{"vp": 1}], "round": 1})
    noisy = rendering.render("lim", {"players": [{"vp": 1}], "round": 1, "result": None, "game": "lim"})
    assert bare == noisy


@pytest.mark.parametrize("key", ["lim", "opera"])
def test_generic_draws_real_engine_views(key):
    import games

    game = games.get(key)
    state = game.setup(game.max_players, 3, {})
    png = rendering.render(key, game.view(state, None), names=["Ada", "Bea", "Cy", "Dee", "Eve"])
    assert decode(png).width <= kit.MAX_WIDTH and len(png) <= kit.MAX_BYTES
    seat = min(game.actors(state))
    assert decode(rendering.render_private(key, game.view(state, seat))).width <= kit.MAX_WIDTH


def test_generic_public_board_never_draws_a_hand():
    view = table_view(3)
    leaked = dict(view, hand=["Leader of the secret"], you={"hand": ["x"]})
    assert rendering.render("lim", view) == rendering.render("lim", leaked)
    assert rendering.render_private("lim", leaked) != rendering.render_private("lim", view)
