"""The Masters of Renaissance board, hand and card images."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image, ImageChops

import rendering
from rendering import kit, mor
from tests.rendering.mor_games import GAME, NAMES, play, richest


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return Image.open(io.BytesIO(png)).convert("RGB")


def changed_box(a: bytes, b: bytes) -> tuple[int, int, int, int] | None:
    """The bounding box of the pixels that clearly differ between two images of the same size
    (the 256-colour palette is chosen per image, so a change elsewhere may shift a shade a little)."""
    first, second = decode(a), decode(b)
    assert first.size == second.size
    difference = ImageChops.difference(first, second).convert("L")
    return difference.point(lambda v: 255 if v > 40 else 0).getbbox()


@pytest.fixture(scope="module")
def late_states():
    """A full running late-game state and a finished game for 1 to 4 players."""
    return {n: (richest(n), play(n, 20 + n)[0]) for n in (1, 2, 3, 4)}


def public(state):
    return GAME.view(state, None)


# ------------------------------------------------------------------------ size limits
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_boards_fit_a_phone_and_discord_at_setup_late_and_over(players, late_states):
    running, over = late_states[players]
    assert GAME.result(over) is not None and GAME.result(running) is None
    for state in (GAME.setup(players, 5, {}), running, over):
        png = rendering.render("mor", public(state), names=NAMES[:players], highlight="{p0} took row-2")
        image = decode(png)
        assert image.width <= kit.MAX_WIDTH
        assert len(png) <= kit.MAX_BYTES


def test_late_boards_really_are_full(late_states):
    """The boards the size test measures have cards in slots, leaders played and faith moved."""
    view = public(late_states[4][0])
    assert sum(p["cards_owned"] for p in view["players"]) >= 8
    assert any(p["leaders"] for p in view["players"])
    assert max(p["faith"] for p in view["players"]) >= 8


# ------------------------------------------------------------------ follows the view
def test_changed_depot_changes_only_that_players_board(late_states):
    view = public(late_states[3][0])
    changed = copy.deepcopy(view)
    depots = changed["players"][1]["depots"]
    full = {"depot": "d3", "capacity": 3, "resource": "servant", "count": 3}
    empty = {"depot": "d3", "capacity": 3, "resource": None, "count": 0}
    depots[2] = full if depots[2] != full else empty
    box = changed_box(rendering.render("mor", view), rendering.render("mor", changed))
    assert box is not None
    assert mor.panel_top(1) <= box[1] and box[3] <= mor.panel_top(2)
    assert box[2] < kit.MAX_WIDTH // 3, "only the warehouse, on the left of the board, changes"


def test_changed_market_changes_only_the_tray(late_states):
    view = public(late_states[2][0])
    changed = copy.deepcopy(view)
    grid = changed["market"]["grid"]
    grid[0][0], changed["market"]["slide"] = changed["market"]["slide"], grid[0][0]
    if grid[0][0] == changed["market"]["slide"]:
        grid[0][0], grid[2][3] = grid[2][3], grid[0][0]
    box = changed_box(rendering.render("mor", view), rendering.render("mor", changed))
    assert box is not None
    assert box[3] < mor.panel_top(0) and box[2] < 400


def test_changed_faith_and_favour_tiles_change_the_track(late_states):
    view = public(late_states[2][0])
    changed = copy.deepcopy(view)
    player = changed["players"][0]
    player["faith"] = (player["faith"] + 3) % 24
    player["favour"][2]["state"] = "discarded" if player["favour"][2]["state"] != "discarded" else "active"
    box = changed_box(rendering.render("mor", view), rendering.render("mor", changed))
    assert box is not None
    top = mor.panel_top(0)
    assert top <= box[1] and box[3] <= top + 130, "only the track strip of the first board changes"


def test_bought_card_and_deck_count_are_drawn(late_states):
    view = public(late_states[2][0])
    changed = copy.deepcopy(view)
    deck = next(d for d in changed["decks"] if d["count"] > 1)
    deck["count"] -= 1
    slot = changed["players"][0]["slots"][2]
    slot["covered"] = slot["covered"] + 1 if slot["top"] else 0
    slot["top"] = slot["top"] or deck["top"]
    box = changed_box(rendering.render("mor", view), rendering.render("mor", changed))
    assert box is not None and box[1] < mor.panel_top(0) < box[3]


def test_acting_player_and_last_move_are_highlighted(late_states):
    state = late_states[3][0]
    view = public(state)
    seat = view["actors"][0]
    other = (seat + 1) % 3
    moved = copy.deepcopy(view)
    moved["actors"] = [other]
    moved["turn"]["seat"] = other
    first, second = decode(rendering.render("mor", view)), decode(rendering.render("mor", moved))
    def tinted(image, s):
        pixel = image.getpixel((mor.MARGIN + 24, mor.panel_top(s) + mor.PLAYER_HEIGHT - 12))
        return sum(abs(a - b) for a, b in zip(pixel, kit.HIGHLIGHT_SOFT)) < 12
    assert tinted(first, seat) and not tinted(first, other)
    assert tinted(second, other) and not tinted(second, seat)
    plain = rendering.render("mor", view, highlight="")
    told = rendering.render("mor", view, highlight="{p1} bought c12")
    box = changed_box(plain, told)
    assert box is not None and box[0] > kit.MAX_WIDTH // 2 and box[3] < mor.panel_top(0)
    assert view["last_action"], "without a highlight the view's own last action is shown"
    assert rendering.render("mor", view) != plain


def test_pending_market_resources_are_shown_on_the_takers_board():
    state = GAME.setup(2, 3, {})
    for seat in (0, 1):
        state, _ = GAME.play(state, seat, GAME.notation(GAME.legal_actions(state, seat)[0]))
    state, _ = GAME.play(state, 0, "market row-1")
    view = public(state)
    assert view["pending"] and view["pending"]["seat"] == 0
    if not view["pending"]["gained"]:
        pytest.skip("row-1 gave nothing to place in this setup")
    quiet = copy.deepcopy(view)
    quiet["pending"] = None
    box = changed_box(rendering.render("mor", view), rendering.render("mor", quiet))
    assert box is not None and mor.panel_top(0) <= box[1] and box[3] <= mor.panel_top(1)


# -------------------------------------------------------------------- solo, privacy
def test_solo_board_shows_black_cross_and_last_token(late_states):
    view = public(late_states[1][0])
    assert view["solo"] is not None and view["solo"]["last_token"] is not None
    moved = copy.deepcopy(view)
    moved["solo"]["black_cross"] = (view["solo"]["black_cross"] + 5) % 24
    box = changed_box(rendering.render("mor", view), rendering.render("mor", moved))
    assert box is not None and box[3] > mor.panel_top(0), "the cross moves on the player's track"
    hidden = copy.deepcopy(view)
    hidden["solo"]["last_token"] = None
    box = changed_box(rendering.render("mor", view), rendering.render("mor", hidden))
    assert box is not None and box[3] < mor.panel_top(0)


def test_public_board_ignores_private_data(late_states):
    """render() is given view(state, None); a hand added to it must not show (MOR-SETUP-14)."""
    state = late_states[4][0]
    view = public(state)
    with_hand = copy.deepcopy(view)
    with_hand["you"] = GAME.view(state, 0)["you"]
    assert rendering.render("mor", view) == rendering.render("mor", with_hand)


def test_same_view_gives_the_same_bytes(late_states):
    view = public(late_states[4][0])
    first = rendering.render("mor", view, names=NAMES, highlight="{p2} ended their turn.")
    rendering.render("mor", public(late_states[2][0]))  # warm other cached drawings in between
    assert rendering.render("mor", view, names=NAMES, highlight="{p2} ended their turn.") == first


def test_names_are_drawn_and_default_to_seat_numbers(late_states):
    view = public(late_states[2][0])
    assert rendering.render("mor", view) == rendering.render("mor", view, names=None)
    assert rendering.render("mor", view, names=["Ada", "Bea"]) != rendering.render("mor", view)


# ------------------------------------------------------------------ hand and cards
def test_private_hand_shows_the_dealt_leaders_at_setup_then_the_kept_ones():
    state = GAME.setup(2, 8, {})
    dealt = GAME.view(state, 1)
    at_setup = decode(rendering.render_private("mor", dealt, names=NAMES))
    state, _ = GAME.play(state, 1, GAME.notation(GAME.legal_actions(state, 1)[0]))
    kept = GAME.view(state, 1)
    assert len(kept["you"]["hand"]) == 2
    after = decode(rendering.render_private("mor", kept))
    assert at_setup.width > after.width, "four dealt leaders, then the two kept"
    assert after.width <= kit.MAX_WIDTH


def test_private_hand_follows_the_leaders_held():
    state = GAME.setup(2, 8, {})
    view = GAME.view(state, 0)
    other = copy.deepcopy(view)
    other["you"]["dealt"] = GAME.view(state, 1)["you"]["dealt"]
    assert rendering.render_private("mor", view) != rendering.render_private("mor", other)


def test_private_image_needs_a_seats_view():
    with pytest.raises(ValueError):
        rendering.render_private("mor", GAME.view(GAME.setup(2, 1, {}), None))


@pytest.mark.parametrize("card_id", ["c1", "c48", "L1", "L16", "l7"])
def test_card_detail_images(card_id):
    image = decode(rendering.render_card("mor", card_id))
    assert 300 <= image.width <= kit.MAX_WIDTH


def test_card_details_differ_and_unknown_cards_are_refused():
    assert rendering.render_card("mor", "c1") != rendering.render_card("mor", "c2")
    with pytest.raises(KeyError):
        rendering.render_card("mor", "c99")
    with pytest.raises(KeyError):
        rendering.render_card("mor", "L0")


def test_game_over_board_names_the_winner_from_the_result():
    state, last = play(3, 24)
    view = GAME.view(state, None)
    assert view["phase"] == "over" and view["result"] == GAME.result(state)
    loser = next(seat for seat in range(3) if seat not in view["result"]["winners"])
    other = dict(view, result=dict(view["result"], winners=[loser]))
    assert rendering.render("mor", view, names=NAMES[:3]) != rendering.render("mor", other, names=NAMES[:3])
