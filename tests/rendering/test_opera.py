"""The Opera Magna board, hand and card images."""

from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image, ImageChops

import games
import rendering
from rendering import kit, opera

GAME = games.get("opera")
NAMES = ["Ada", "Bartolomeo Colleoni", "Chiara", "Dario"]


def play(players: int, seed: int, rounds_before_end: int | None = None):
    """Random legal moves from ``seed``; returns ``(state, last event line)``. With
    ``rounds_before_end`` the game stops at the start of the round that leaves that many rounds,
    otherwise it is played to the end."""
    chooser = random.Random(seed)
    state = GAME.setup(players, seed)
    last = None
    while GAME.result(state) is None:
        if (
            rounds_before_end is not None
            and state["round"] >= 9 - rounds_before_end
            and state["phase"] == "refined"
        ):
            break
        seat = min(GAME.actors(state))
        state, events = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
        if events:
            last = events[-1]["text"]
    return state, last


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return Image.open(io.BytesIO(png)).convert("RGB")


def changed_box(
    view: dict, changed: dict, highlight: str | None = None, changed_highlight: str | None = None
) -> tuple[int, int, int, int] | None:
    """Where the drawings of two views differ (compared before PNG encoding, whose palette is
    chosen per image)."""
    first = opera.draw_board(view, None, highlight)
    second = opera.draw_board(
        changed, None, changed_highlight if changed_highlight is not None else highlight
    )
    assert first.size == second.size
    return ImageChops.difference(first, second).getbbox()


def public(state):
    return GAME.view(state, None)


@pytest.fixture(scope="module")
def games_played():
    """For 2 to 4 players: a running late-game state (round 8 or 9) and a finished game."""
    return {n: (play(n, 40 + n, rounds_before_end=1)[0], play(n, 50 + n)[0]) for n in (2, 3, 4)}


# ------------------------------------------------------------------------ size limits
@pytest.mark.parametrize("players", [2, 3, 4])
def test_boards_fit_a_phone_and_discord_at_setup_late_and_over(players, games_played):
    running, over = games_played[players]
    assert GAME.result(running) is None and running["round"] >= 8
    assert GAME.result(over) is not None
    for state in (GAME.setup(players, 5), running, over):
        png = rendering.render("opera", public(state), names=NAMES[:players], highlight="{p0} buys MA-03.")
        image = decode(png)
        assert image.width <= kit.MAX_WIDTH
        assert len(png) <= kit.MAX_BYTES


def test_late_boards_really_are_full(games_played):
    """The boards the size test measures have completed buildings, Opera tokens and goods."""
    view = public(games_played[4][0])
    placed = [
        card
        for p in view["players"]
        for side in p["slots"].values()
        for cards in side.values()
        for card in cards
    ]
    assert len(placed) >= 6
    assert sum(p["opera_tokens"] for p in view["players"]) >= 2
    assert any(p["under_construction"] for p in view["players"])


# ------------------------------------------------------------------ follows the view
def test_changed_raw_goods_change_only_that_players_tracks(games_played):
    view = public(games_played[3][0])
    changed = copy.deepcopy(view)
    raw = changed["players"][1]["raw"]
    raw["L"] = 0 if raw["L"] else 1
    box = changed_box(view, changed)
    assert box is not None
    assert opera.panel_top(1) <= box[1] and box[3] <= opera.panel_top(2)
    assert 250 <= box[0] and box[2] <= 700, "only the track area of the board changes"


def test_changed_certificate_and_refined_goods_are_drawn(games_played):
    view = public(games_played[2][0])
    for field, good in (("certificates", "M"), ("refined", "c")):
        changed = copy.deepcopy(view)
        player = changed["players"][0]
        player[field][good] = player[field][good] + 1 if player[field][good] < 8 else 5
        box = changed_box(view, changed)
        assert box is not None and opera.panel_top(0) <= box[1] and box[3] <= opera.panel_top(1), field


def test_changed_market_card_changes_only_the_market(games_played):
    view = public(games_played[2][0])
    changed = copy.deepcopy(view)
    first, last = changed["market"][0], changed["market"][3]
    first["card"], last["card"] = last["card"], first["card"]
    box = changed_box(view, changed)
    assert box is not None
    assert opera.SHARED_Y <= box[1] and box[3] <= opera.panel_top(0)
    assert box[2] <= opera.MARGIN + opera.MARKET_W


def test_city_rows_and_merchants_are_drawn(games_played):
    view = public(games_played[4][0])
    changed = copy.deepcopy(view)
    row = changed["cities"]["ant"]["gain"]
    row[0], row[2] = row[2], row[0]
    box = changed_box(view, changed)
    assert box is not None and box[3] <= opera.SHARED_Y
    moved = copy.deepcopy(view)
    merchants = moved["players"][2]["merchants"]
    free = next(
        f"{city}:{side}"
        for city in moved["cities"]
        for side in ("cost", "gain")
        if f"{city}:{side}" not in merchants
    )
    merchants[0] = free
    box = changed_box(view, moved)
    assert box is not None and box[0] > opera.STATUS_W and box[3] <= opera.SHARED_Y


def test_worksite_tokens_display_and_building_progress_are_drawn(games_played):
    view = public(games_played[3][0])
    delivered = copy.deepcopy(view)
    site = delivered["opera"][0][0]
    site["by"] = [] if site["by"] else [1]
    box = changed_box(view, delivered)
    assert box is not None and box[0] > opera.MARGIN + opera.MARKET_W + opera.DISPLAY_W
    assert opera.SHARED_Y <= box[1] and box[3] <= opera.panel_top(0)

    shown = copy.deepcopy(view)
    shown["display"] = shown["display"][1:]
    box = changed_box(view, shown)
    assert box is not None and opera.SHARED_Y <= box[1] and box[3] <= opera.panel_top(0)

    seat, entry = next((p["seat"], b) for p in view["players"] for b in p["under_construction"])
    built = copy.deepcopy(view)
    progress = next(b for b in built["players"][seat]["under_construction"] if b == entry)
    progress["covered"] = "" if progress["covered"] else progress["card"]["cost"][0]
    box = changed_box(view, built)
    assert box is not None and opera.panel_top(seat) <= box[1] and box[3] <= opera.panel_top(seat + 1)
    assert box[0] >= 1000, "the buildings under construction are on the right of the board"


def test_workshop_slots_vp_and_hand_size_are_drawn(games_played):
    view = public(games_played[2][0])
    for change in ("slot", "vp", "hand", "carts"):
        changed = copy.deepcopy(view)
        player = changed["players"][1]
        if change == "slot":
            player["slots"]["right"]["small"].append("S01")
        elif change == "vp":
            player["vp"] += 7
        elif change == "hand":
            player["hand_count"] = 0 if player["hand_count"] else 2
        else:
            player["carts"] += 1
        box = changed_box(view, changed)
        assert box is not None and opera.panel_top(1) <= box[1] and box[3] <= opera.panel_top(2), change


def test_round_phase_turn_and_last_move_are_shown(games_played):
    state = games_played[3][0]
    view = public(state)
    seat = view["active"][0]
    other = (seat + 1) % 3
    moved = copy.deepcopy(view)
    moved["active"] = [other]
    first, second = decode(rendering.render("opera", view)), decode(rendering.render("opera", moved))

    def tinted(image, s):
        pixel = image.getpixel((opera.MARGIN + 24, opera.panel_top(s) + opera.PLAYER_H - 8))
        return sum(abs(a - b) for a, b in zip(pixel, kit.HIGHLIGHT_SOFT)) < 12

    assert tinted(first, seat) and not tinted(first, other)
    assert tinted(second, other) and not tinted(second, seat)
    for field, value in (
        ("round", view["round"] - 1),
        ("phase", "merchant" if view["phase"] != "merchant" else "market"),
    ):
        changed = copy.deepcopy(view)
        changed[field] = value
        box = changed_box(view, changed)
        assert (
            box is not None
            and box[2] <= opera.MARGIN + opera.STATUS_W + opera.GAP
            and box[3] <= opera.SHARED_Y
        ), field
    box = changed_box(view, view, "", "{p1} moves ant:gain ven:cost and plays H1-03.")
    assert box is not None and box[2] <= opera.MARGIN + opera.STATUS_W + opera.GAP


def test_open_choice_is_shown_with_its_source():
    state = GAME.setup(2, 11)
    chooser = random.Random(11)
    while not state["pending"]:
        seat = min(GAME.actors(state))
        state, _ = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
    view = public(state)
    quiet = copy.deepcopy(view)
    quiet["pending"] = []
    box = changed_box(view, quiet)
    assert box is not None and box[2] <= opera.MARGIN + opera.STATUS_W + opera.GAP


def test_finished_game_shows_the_winner_and_final_scores(games_played):
    view = public(games_played[2][1])
    assert view["phase"] == "over" and view["result"]["winners"]
    unscored = copy.deepcopy(view)
    del unscored["result"]
    box = changed_box(view, unscored)
    assert box is not None and box[3] > opera.panel_top(0), "final totals are on the players' boards"


# ----------------------------------------------------------------------- privacy
def test_public_board_ignores_private_data(games_played):
    """render() is given view(state, None); a hand added to it must not show."""
    state = games_played[4][0]
    view = public(state)
    with_hand = copy.deepcopy(view)
    with_hand["players"][2]["hand"] = GAME.view(state, 2)["you"]["hand"]
    assert with_hand["players"][2]["hand"]
    assert rendering.render("opera", view) == rendering.render("opera", with_hand)


def test_same_view_gives_the_same_bytes(games_played):
    view = public(games_played[4][0])
    first = rendering.render("opera", view, names=NAMES, highlight="{p2} is done.")
    rendering.render("opera", public(games_played[2][0]))  # other cached drawings in between
    assert rendering.render("opera", view, names=NAMES, highlight="{p2} is done.") == first


def test_names_are_drawn_and_default_to_seat_numbers(games_played):
    view = public(games_played[2][0])
    assert rendering.render("opera", view) == rendering.render("opera", view, names=None)
    assert rendering.render("opera", view, names=["Ada", "Bea"]) != rendering.render("opera", view)


# ------------------------------------------------------------------- hand and cards
def test_private_image_shows_the_seats_hand(games_played):
    state = games_played[3][0]
    own = GAME.view(state, 1)
    image = decode(rendering.render_private("opera", own, names=NAMES))
    assert image.width <= kit.MAX_WIDTH
    other = copy.deepcopy(own)
    hand = other["you"]["hand"]
    hand[0] = (
        {"id": "H1-01", "cost": "L", "benefit": "Wc"}
        if hand[0]["id"] != "H1-01"
        else {"id": "H1-02", "cost": "W", "benefit": "Mg"}
    )
    assert rendering.render_private("opera", own) != rendering.render_private("opera", other)
    with pytest.raises(ValueError):
        opera.draw_private(public(state), NAMES)


def test_private_image_lists_the_open_choices_of_the_seat():
    state = GAME.setup(3, 12)
    chooser = random.Random(12)
    while not state["pending"]:
        seat = min(GAME.actors(state))
        state, _ = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
    seat = min(GAME.actors(state))
    asked = decode(rendering.render_private("opera", GAME.view(state, seat)))
    quiet = GAME.view(state, seat)
    quiet["pending"] = []
    assert asked.height > decode(rendering.render_private("opera", quiet)).height


@pytest.mark.parametrize(
    "card_id", ["H1-01", "cy2-05", "MA-07", "S04", "M09", "L12", "T2-3", "CON-1", "VEN-1"]
)
def test_card_images(card_id):
    image = decode(rendering.render_card("opera", card_id))
    assert 100 <= image.width <= kit.MAX_WIDTH


def test_every_component_has_a_card_image():
    """Every trade card, building, worksite token and city ability of the data draws (so every
    effect in the data has a drawing)."""
    from games.opera.data import DATA

    for card_id in (*DATA.trade, *DATA.buildings, *DATA.worksites, *DATA.abilities):
        image = opera.draw_card(card_id)
        assert image.width <= kit.MAX_WIDTH and image.height >= 100


def test_unknown_card_raises_key_error():
    with pytest.raises(KeyError):
        rendering.render_card("opera", "X99")
