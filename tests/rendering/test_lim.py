"""The Lorenzo il Magnifico board, private and card images."""

from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image, ImageChops

import games
import rendering
from rendering import kit, lim
from tests.rendering.late_games import lim_choose

GAME = games.get("lim")
NAMES = ["Ada", "Bartolomeo Colleoni", "Chiara", "Dario"]


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return Image.open(io.BytesIO(png)).convert("RGB")


def changed_box(first: dict, second: dict) -> tuple[int, int, int, int] | None:
    """Where the boards of two views differ, compared before PNG encoding (the 256-colour
    palette is chosen per image, so an encoded change may shift a text edge elsewhere)."""
    a, b = lim.draw_board(first, None, None), lim.draw_board(second, None, None)
    assert a.size == b.size
    return ImageChops.difference(a, b).getbbox()


def play(players: int, seed: int) -> tuple[dict, dict, str | None]:
    """A whole advanced game: the fullest running state of its last round (with its last event
    line) and the finished state."""
    chooser = random.Random(seed)
    state = GAME.setup(players, seed, {"advanced": True})
    fullest, fullest_line, best, line = state, None, -1, None
    while GAME.result(state) is None:
        seat = chooser.choice(sorted(GAME.actors(state)))
        state, events = GAME.apply(state, seat, lim_choose(GAME.legal_actions(state, seat), chooser))
        line = events[-1]["text"] if events else line
        if GAME.result(state) is None and state["round"] == 6:
            view = GAME.view(state, None)
            placed = sum(len(f["occupants"]) for t in view["towers"].values() for f in t["floors"])
            placed += sum(len(s["occupants"]) for s in view["spaces"].values())
            if placed > best:
                fullest, fullest_line, best = state, line, placed
    return fullest, state, fullest_line


@pytest.fixture(scope="module")
def games_played():
    return {n: play(n, seed) for n, seed in ((2, 31), (3, 38), (4, 33))}


def public(state):
    return GAME.view(state, None)


# ------------------------------------------------------------------------ size limits
@pytest.mark.parametrize("players", [2, 3, 4])
def test_boards_fit_a_phone_and_discord_at_setup_late_and_over(players, games_played):
    running, over, line = games_played[players]
    assert GAME.result(running) is None and running["round"] == 6
    assert GAME.result(over) is not None
    basic = GAME.setup(players, 5, {})
    for state in (basic, GAME.setup(players, 6, {"advanced": True}), running, over):
        png = rendering.render("lim", public(state), names=NAMES[:players], highlight=line)
        image = decode(png)
        assert image.width <= kit.MAX_WIDTH
        assert len(png) <= kit.MAX_BYTES


def test_late_boards_really_are_full(games_played):
    running, over, _ = games_played[4]
    view = public(running)
    assert sum(len(cards) for p in view["players"] for cards in p["cards"].values()) >= 20
    assert any(p["leaders"] for p in view["players"])
    assert any(p["excommunications"] for p in public(over)["players"])
    assert sum(len(s["occupants"]) for s in view["spaces"].values()) >= 2


# ------------------------------------------------------------------ follows the view
def test_changed_resource_changes_only_that_players_panel(games_played):
    view = public(games_played[3][0])
    changed = copy.deepcopy(view)
    changed["players"][1]["resources"]["coins"] += 7
    box = changed_box(view, changed)
    assert box is not None
    top = lim.players_top() + (lim.PLAYER_H + lim.GAP) * view["players"][1]["seat"]
    assert top <= box[1] and box[3] <= top + lim.PLAYER_H
    assert box[2] < 400, "only the resource grid on the left of the panel changes"


def test_changed_tower_card_changes_only_that_floor(games_played):
    view = public(games_played[4][0])
    changed = copy.deepcopy(view)
    floor = changed["towers"]["yellow"]["floors"][3]  # floor 4, drawn at the top
    other = 41 if (floor["card"] or {}).get("no") != 41 else 42
    floor["card"] = {"no": other, "name": "x", "type": "building", "period": 3}
    box = changed_box(view, changed)
    assert box is not None
    left = lim.MARGIN + 2 * (lim.TOWER_W + lim.TOWER_GAP)
    assert left <= box[0] and box[2] <= left + lim.TOWER_W
    assert box[1] >= lim.MARGIN + lim.TOWER_HEAD and box[3] <= lim.MARGIN + lim.TOWER_HEAD + lim.FLOOR_H


def test_occupants_dice_and_tracks_are_drawn(games_played):
    view = public(games_played[2][0])
    moved = copy.deepcopy(view)
    moved["spaces"]["council"]["occupants"].append({"seat": 1, "member": "neutral"})
    box = changed_box(view, moved)
    spaces_y = lim.MARGIN + lim.TOWERS_H + lim.GAP
    assert box is not None and spaces_y <= box[1] and box[3] <= spaces_y + lim.SPACES_H
    climbed = copy.deepcopy(view)
    floor = climbed["towers"]["purple"]["floors"][0]
    floor["occupants"] = [] if floor["occupants"] else [{"seat": 0, "member": "orange"}]
    box = changed_box(view, climbed)
    left = lim.MARGIN + 3 * (lim.TOWER_W + lim.TOWER_GAP)
    assert box is not None and left <= box[0] and box[2] <= left + lim.TOWER_W
    assert box[1] >= lim.MARGIN + lim.TOWER_HEAD + 3 * lim.FLOOR_H, "floor 1 is the lowest"
    rolled = copy.deepcopy(view)
    rolled["dice"]["black"] = rolled["dice"]["black"] % 6 + 1
    box = changed_box(view, rolled)
    assert box is not None and box[0] >= lim.STATUS_X
    for key in ("fp", "mp", "vp"):
        faith = copy.deepcopy(view)
        faith["players"][0]["resources"][key] += 4
        box = changed_box(view, faith)
        tracks_y = spaces_y + lim.SPACES_H + lim.GAP
        assert box is not None and tracks_y <= box[1], key


def test_markers_sharing_a_faith_space_do_not_cover_each_other():
    view = copy.deepcopy(public(GAME.setup(4, 3, {})))
    for player in view["players"]:
        player["resources"]["fp"] = 7
    image = lim.draw_board(view, None, None)
    tracks_y = lim.MARGIN + lim.TOWERS_H + lim.GAP + lim.SPACES_H + lim.GAP
    x, y = lim.MARGIN + 46 + 7 * 37, tracks_y + 10  # faith space 7
    space = image.crop((x, y, x + 34, y + 34)).convert("RGB")
    colours = space.getcolors(34 * 34)
    shown = [next((n for n, c in colours if c == kit.seat_colour(s)), 0) for s in range(4)]
    assert shown[0] > 0 and len(set(shown)) == 1, shown


def test_markers_at_the_start_of_the_military_and_victory_scales_are_all_visible():
    image = lim.draw_board(public(GAME.setup(4, 3, {})), None, None)  # every seat at 0 MP and 0 VP
    tracks_y = lim.MARGIN + lim.TOWERS_H + lim.GAP + lim.SPACES_H + lim.GAP
    for row in range(2):
        scale_y = tracks_y + lim.SCALE_TOP + row * lim.SCALE_PITCH
        colours = image.crop((0, scale_y - 24, lim.WIDTH, scale_y)).convert("RGB").getcolors(lim.WIDTH * 24)
        shown = [next((n for n, c in colours if c == kit.seat_colour(s)), 0) for s in range(4)]
        assert min(shown) > 150, shown


def test_covered_spaces_are_marked():
    """With 2 players the large harvest/production spaces and two market spaces are covered."""
    view = public(GAME.setup(2, 3, {}))
    assert not view["spaces"]["market-4"]["available"]
    opened = copy.deepcopy(view)
    opened["spaces"]["market-4"]["available"] = True
    box = changed_box(view, opened)
    spaces_y = lim.MARGIN + lim.TOWERS_H + lim.GAP
    assert box is not None and spaces_y <= box[1] and box[3] <= spaces_y + lim.SPACES_H


def test_acting_player_and_last_move_are_highlighted(games_played):
    view = public(games_played[3][0])
    seat = view["actors"][0]
    other = (seat + 1) % 3
    moved = copy.deepcopy(view)
    moved["actors"] = [other]
    moved["turn"] = other
    first, second = decode(rendering.render("lim", view)), decode(rendering.render("lim", moved))

    def tinted(image, s):
        pixel = image.getpixel((lim.MARGIN + 24, lim.players_top() + s * (lim.PLAYER_H + lim.GAP) + 60))
        return sum(abs(a - b) for a, b in zip(pixel, kit.HIGHLIGHT_SOFT)) < 12

    assert tinted(first, seat) and not tinted(first, other)
    assert tinted(second, other) and not tinted(second, seat)
    plain = lim.draw_board(view, None, "")
    told = lim.draw_board(view, None, "{p1} places the black family member on council.")
    box = ImageChops.difference(plain, told).getbbox()
    assert box is not None and box[0] >= lim.STATUS_X and box[3] < lim.players_top()


def test_vatican_report_shows_who_must_still_answer(games_played):
    view = public(games_played[3][0])
    report = copy.deepcopy(view)
    report.update(phase="vatican", actors=[0, 2], vatican={"waiting": [0, 2], "answered": [1]}, pending=None)
    first = decode(rendering.render("lim", report))
    waiting_only_one = copy.deepcopy(report)
    waiting_only_one.update(actors=[2], vatican={"waiting": [2], "answered": [0, 1]})
    box = changed_box(report, waiting_only_one)
    assert box is not None and first.width <= kit.MAX_WIDTH


def test_leaders_bonus_tile_and_excommunications_are_on_the_panel(games_played):
    view = public(games_played[4][0])
    top = lim.players_top() + (lim.PLAYER_H + lim.GAP) * 2
    for change in (
        lambda p: p["leaders"].append({"id": "pico", "name": "Pico della Mirandola", "face_down": False,
                                       "copies": None, "once_per_round": False}),
        lambda p: p.update(bonus_tile="A" if p["bonus_tile"] != "A" else "B"),
        lambda p: p.update(excommunications=p["excommunications"] + ["E3-1"]),
        lambda p: p.update(hand_count=p["hand_count"] + 1),
    ):
        changed = copy.deepcopy(view)
        change(changed["players"][2])
        box = changed_box(view, changed)
        assert box is not None and top <= box[1] and box[3] <= top + lim.PLAYER_H


def test_final_ranking_is_shown_when_the_game_is_over(games_played):
    view = public(games_played[2][1])
    assert view["phase"] == "over" and view["result"]
    swapped = copy.deepcopy(view)
    swapped["result"]["ranking"] = list(reversed(swapped["result"]["ranking"]))
    box = changed_box(view, swapped)
    assert box is not None and box[0] >= lim.STATUS_X


def test_public_board_ignores_private_data(games_played):
    """render() is given view(state, None); a seat's hand added to it must not show (LIM-LEAD-*)."""
    running = games_played[4][0]
    view = public(running)
    with_hand = copy.deepcopy(view)
    with_hand["you"] = GAME.view(running, 0)["you"]
    with_hand["you"].setdefault("hand", [{"id": "pico", "name": "Pico della Mirandola"}])
    assert rendering.render("lim", view) == rendering.render("lim", with_hand)


def test_same_view_gives_the_same_bytes(games_played):
    running, _, line = games_played[4]
    view = public(running)
    first = rendering.render("lim", view, names=NAMES, highlight=line)
    rendering.render("lim", public(games_played[2][0]))  # other cached drawings in between
    assert rendering.render("lim", view, names=NAMES, highlight=line) == first


def test_names_are_drawn_and_default_to_seat_numbers(games_played):
    view = public(games_played[2][0])
    assert rendering.render("lim", view) == rendering.render("lim", view, names=None)
    assert rendering.render("lim", view, names=["Ada", "Bea"]) != rendering.render("lim", view)


# ------------------------------------------------------------- private and cards
def _draft_state(seed: int) -> dict:
    state = GAME.setup(3, seed, {"advanced": True})
    while state["phase"] == "tiles":
        seat = min(GAME.actors(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state["phase"] == "draft"
    return state


def test_private_image_shows_the_draft_pack_then_the_hand():
    state = _draft_state(4)
    drafting = GAME.view(state, 1)
    assert len(drafting["you"]["draft_pack"]) == 4
    first = decode(rendering.render_private("lim", drafting, names=NAMES))
    assert first.width <= kit.MAX_WIDTH
    other = GAME.view(state, 2)
    assert rendering.render_private("lim", drafting) != rendering.render_private("lim", other)
    for seat in (0, 1, 2):  # the draft is simultaneous: picks are revealed together
        state, _ = GAME.play(state, seat, GAME.notation(GAME.legal_actions(state, seat)[0]))
    picked = GAME.view(state, 1)
    assert len(picked["you"]["hand"]) == 1 and len(picked["you"]["draft_pack"]) == 3
    assert rendering.render_private("lim", picked) != rendering.render_private("lim", drafting)


def test_private_image_needs_a_seats_view():
    with pytest.raises(ValueError):
        rendering.render_private("lim", GAME.view(GAME.setup(2, 1, {}), None))


@pytest.mark.parametrize("card_id", ["1", "30", "49", "55", "64", "80", "96", "pico", "lorenzo", "E1-4",
                                     "E2-6", "e3-6"])
def test_card_detail_images(card_id):
    image = decode(rendering.render_card("lim", card_id))
    assert 300 <= image.width <= kit.MAX_WIDTH


def test_every_card_leader_and_tile_can_be_drawn():
    from games.lim.data import CARDS, EXCOMMUNICATIONS, LEADERS

    for key in [str(no) for no in CARDS] + list(LEADERS) + list(EXCOMMUNICATIONS):
        lim.draw_card(key)


def test_leader_text_stays_inside_the_card_on_the_private_image():
    """Long abilities (Santa Rita's "double immediate gains of cards") wrap inside the card."""
    from games.lim.data import LEADERS

    width, height = lim.HAND_CARD
    for leader_id in LEADERS:
        img = Image.new("RGB", (width + 200, height + 100), kit.BACKGROUND)
        lim.cards.draw_leader_face(img, (0, 0, width, height), leader_id)
        ink = ImageChops.difference(img, Image.new("RGB", img.size, kit.BACKGROUND)).getbbox()
        assert ink[2] <= width + 1 and ink[3] <= height + 1, leader_id


def test_card_details_differ_and_unknown_cards_are_refused():
    assert rendering.render_card("lim", "1") != rendering.render_card("lim", "2")
    for unknown in ("0", "97", "nobody", "E4-1"):
        with pytest.raises(KeyError):
            rendering.render_card("lim", unknown)


def test_private_image_shows_the_decision_only_to_the_seat_that_must_take_it(games_played):
    running = games_played[3][0]
    view = public(running)
    actor = view["actors"][0]
    idle = next(p["seat"] for p in view["players"] if p["seat"] not in view["actors"])
    deciding = GAME.view(running, actor)
    deciding["pending"] = "Choose 1 council privilege(s) among wood-stone, servants, coins, military, faith."
    quiet = copy.deepcopy(deciding)
    quiet["pending"] = None
    taller = decode(rendering.render_private("lim", deciding)).height
    assert taller > decode(rendering.render_private("lim", quiet)).height
    watching = GAME.view(running, idle)
    watching["pending"] = deciding["pending"]
    plain = copy.deepcopy(watching)
    plain["pending"] = None
    assert rendering.render_private("lim", watching) == rendering.render_private("lim", plain)


def test_advanced_bonus_tiles_left_to_choose_are_shown():
    view = public(GAME.setup(4, 3, {"advanced": True}))
    assert view["phase"] == "tiles" and view["tiles_left"] == ["A", "B", "C", "D"]
    fewer = copy.deepcopy(view)
    fewer["tiles_left"] = ["A", "C", "D"]
    box = changed_box(view, fewer)
    assert box is not None and box[0] >= lim.STATUS_X and box[3] < lim.MARGIN + lim.TOWERS_H
