"""The computer players: always legal, blind to what their seat cannot see, reproducible, never stalled."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

import games
from games.ai import (
    LEVELS,
    Budget,
    SafeMove,
    choose,
    decide,
    decision_seed,
    destroys,
    game_ai,
    level_budget,
    safe_move,
)
from games.ai.search import Search
from games.core import clone
from games.opera.data import DATA

from .positions import random_positions, redeal

KEYS = games.keys()
SMALL = Budget(worlds=2, keep=3, playouts=6, depth=4)
"""A search budget small enough for tests, still running every part of the search."""


def _legal(key: str, state: dict, seat: int) -> list[str]:
    game = games.get(key)
    return [game.notation(a) for a in game.legal_actions(state, seat)]


@pytest.mark.parametrize("key", KEYS)
def test_easy_plays_only_legal_moves_over_thousands_of_positions(key):
    for number, (state, seat) in enumerate(random_positions(key, 1000, seed=11)):
        move = choose(key, state, seat, "easy", decision_seed(11, number))
        assert move in _legal(key, state, seat)
        games.get(key).play(state, seat, move)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_search_levels_play_only_legal_moves(key, level):
    for number, (state, seat) in enumerate(random_positions(key, 40, seed=23)):
        game = games.get(key)
        legal = _legal(key, state, seat)
        move = decide(key, game.view(state, seat), seat, legal, level, number, budget=SMALL)
        assert move in legal


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_redealing_what_the_seat_cannot_see_never_changes_its_choice(key, level):
    game = games.get(key)
    rng = random.Random(5)
    changed = 0
    for number, (state, seat) in enumerate(random_positions(key, 25, seed=31)):
        other = redeal(key, state, seat, rng)
        changed += other != state
        assert game.view(other, seat) == game.view(state, seat)
        seed = decision_seed(31, number)
        budget = None if level == "easy" else SMALL
        assert (choose(key, other, seat, level, seed, budget=budget)
                == choose(key, state, seat, level, seed, budget=budget))
    assert changed > 10


@pytest.mark.parametrize("key", KEYS)
def test_same_seed_same_move_and_seeds_matter(key):
    game = games.get(key)
    moves = set()
    for state, seat in random_positions(key, 12, seed=41):
        legal = _legal(key, state, seat)
        view = game.view(state, seat)
        first = decide(key, view, seat, legal, "normal", 7, budget=SMALL)
        assert decide(key, view, seat, legal, "normal", 7, budget=SMALL) == first
        moves.add((first, decide(key, view, seat, legal, "easy", 8)))
    assert len(moves) > 1


def test_a_game_may_search_with_budgets_of_its_own():
    """Masters' and Opera's turns take several moves, so their playouts go twice as deep (Opera's at
    ``strong`` only); Masters' ``normal`` plays twice the playouts (its playouts are cheap);
    Lorenzo keeps the levels' budgets."""
    for level in ("normal", "strong"):
        assert level_budget("mor", level).depth == 2 * LEVELS[level].depth
        assert level_budget("lim", level) == LEVELS[level]
    assert level_budget("mor", "normal").playouts == 2 * LEVELS["normal"].playouts
    assert level_budget("mor", "strong").playouts == LEVELS["strong"].playouts
    assert level_budget("opera", "strong").depth == 2 * LEVELS["strong"].depth
    assert level_budget("opera", "normal") == LEVELS["normal"]
    assert level_budget("mor", "easy") == level_budget("opera", "easy") == LEVELS["easy"]


def test_masters_searches_with_the_budget_of_its_number_of_players(monkeypatch):
    """``normal`` plays twice its four-player playouts alone against Lorenzo (a race lost by a
    turn) and at two players, where they stop after about a turn of each seat; a decision picks
    the budget by the number of seats in the view."""
    solo, duel, four = (level_budget("mor", "normal", players) for players in (1, 2, 4))
    assert solo.playouts == duel.playouts == 2 * four.playouts
    assert solo.depth == four.depth == 2 * duel.depth
    assert level_budget("mor", "strong", 2).depth == duel.depth
    assert level_budget("mor", "strong", 2).playouts == 8 * duel.playouts
    assert level_budget("mor", "strong", 2).worlds == 4 * duel.worlds
    assert level_budget("mor", "strong", 2).informed and not duel.informed
    assert level_budget("mor", "strong", 1) == level_budget("mor", "strong", 4)
    assert level_budget("lim", "normal", 1) == level_budget("lim", "normal", 2)
    searched: list[Budget] = []

    class Recording(Search):
        def __init__(self, game, ai, view, seat, legal, budget, *rest):
            searched.append(budget)
            super().__init__(game, ai, view, seat, legal, budget, *rest)

    monkeypatch.setattr("games.ai.Search", Recording)
    mor = games.get("mor")
    for players, expected in ((1, solo), (2, duel), (4, four)):
        state = mor.setup(players, 11)
        seat = min(mor.actors(state))
        searched.clear()
        decide("mor", mor.view(state, seat), seat, _legal("mor", state, seat), "normal", 3)
        assert searched == [expected]


def test_decision_seed_follows_the_table_seed_and_the_move_number():
    assert decision_seed(3, 10) == decision_seed(3, 10)
    assert len({decision_seed(3, 10), decision_seed(3, 11), decision_seed(4, 10)}) == 3


@pytest.mark.parametrize("key", KEYS)
def test_an_ai_that_fails_still_gives_a_legal_move(key):
    positions = random_positions(key, 50, seed=3)
    state, seat = next((s, who) for s, who in positions if len(_legal(key, s, who)) > 1)
    legal = _legal(key, state, seat)
    with pytest.raises(KeyError):
        decide(key, games.get(key).view(state, seat), seat, legal, "grandmaster", 1)
    played = choose(key, state, seat, "grandmaster", 1)
    assert played == safe_move(key, state, seat) and isinstance(played, SafeMove)
    assert not isinstance(choose(key, state, seat, "easy", 1), SafeMove)


def test_the_fallback_never_discards_a_leader_while_a_safe_move_exists():
    """MOR-LEADER-4: an AI that fails in Masters of Renaissance ends the turn rather than discard a
    leader (the engine flags the discard as destructive); the rule is the table's too."""
    game = games.get("mor")
    seen = 0
    for state, seat in random_positions("mor", 400, seed=5):
        actions = game.legal_actions(state, seat)
        if not any(action["type"] == "leader" and action["op"] == "discard" for action in actions):
            continue
        seen += 1
        played = choose("mor", state, seat, "grandmaster", 1)
        assert isinstance(played, SafeMove) and not destroys("mor", state, seat, played)
        assert played == "end" or all(a["type"] != "end" for a in actions)
    assert seen > 0


@pytest.mark.parametrize("key", KEYS)
def test_an_ai_out_of_time_stops_at_once_with_a_legal_move(key):
    for state, seat in random_positions(key, 5, seed=9):
        started = time.monotonic()
        move = choose(key, state, seat, "strong", 1, time_limit=0.0)
        assert time.monotonic() - started < 2.0
        assert move in _legal(key, state, seat)


def test_a_seat_with_no_move_is_refused():
    with pytest.raises(ValueError):
        decide("mor", {}, 0, [], "easy", 1)


@pytest.mark.parametrize("key", KEYS)
def test_in_a_world_the_seat_has_exactly_the_table_s_legal_moves(key):
    """The views carry every public fact a seat's moves depend on, so a world built from the view
    offers the seat the very moves the table does, whatever was dealt for the hidden parts."""
    game = games.get(key)
    for number, (state, seat) in enumerate(random_positions(key, 120, seed=23)):
        world = game_ai(key).determinize(game.view(state, seat), seat, random.Random(number))
        assert sorted(_legal(key, world, seat)) == sorted(_legal(key, state, seat)), game.phase(state, seat)


def test_a_lim_world_holds_every_waiting_decision_the_turn_and_the_round_s_leader_effects():
    game = games.get("lim")
    stacked = 0
    for number, (state, seat) in enumerate(random_positions("lim", 600, seed=77)):
        if number % 3 == 0:  # random play seldom activates leaders: as if Federico and Lucrezia had been
            state = clone(state)
            state["seats"][number % len(state["seats"])]["round"] = {"six": "orange", "borrowed": ["lucrezia"]}
        world = game_ai("lim").determinize(game.view(state, seat), seat, random.Random(number))
        assert world["pending"] == state["pending"]
        assert (world["turn"], world["queue"]) == (state["turn"], state["queue"])
        assert [s["round"] for s in world["seats"]] == [s["round"] for s in state["seats"]]
        stacked += len(state["pending"]) > 1
    assert stacked > 0


def test_an_opera_world_keeps_the_a_cards_above_the_b_cards():
    """OM-SETUP-26: the first market deck is every A card left, then the B cards."""
    game = games.get("opera")
    groups = DATA.trade_groups
    checked = 0
    for number, (state, seat) in enumerate(random_positions("opera", 200, seed=31)):
        world = game_ai("opera").determinize(game.view(state, seat), seat, random.Random(number))
        table, dealt = state["decks"][0], world["decks"][0]
        kinds = ["A" if card in groups["A"] else "B" for card in dealt]
        assert kinds == sorted(kinds)
        assert kinds.count("A") == sum(card in groups["A"] for card in table)
        checked += "A" in kinds and "B" in kinds
    assert checked > 10


def test_a_mor_seat_rearranges_its_depots_only_while_market_resources_await_placement():
    game = games.get("mor")
    judged = 0
    for number, (state, seat) in enumerate(random_positions("mor", 150, seed=13)):
        legal = _legal("mor", state, seat)
        view = game.view(state, seat)
        if view["pending"] is not None or not any(text.startswith("arrange") for text in legal):
            continue
        others = [text for text in legal if not text.startswith("arrange")]
        if not others:
            continue
        assert not choose("mor", state, seat, "easy", decision_seed(13, number)).startswith("arrange")
        assert not decide("mor", view, seat, legal, "normal", number, budget=SMALL).startswith("arrange")
        judged += 1
    assert judged > 10


def test_a_mor_playout_stores_market_resources_as_a_plain_place_without_listing_every_layout():
    """``rollout_actions`` skips the dear list of layouts, and the playout picks what it would pick from it."""
    game, ai = games.get("mor"), game_ai("mor")
    pending = 0
    for state, seat in random_positions("mor", 300, seed=17):
        legal = game.legal_actions(state, seat)
        shortcut = ai.rollout_actions(state, seat)
        if state["phase"] == "play" and state["turn"]["pending"] is not None:
            assert shortcut == [ai.rollout_choice(legal, random.Random(0))] == [{"type": "place"}]
            pending += 1
        else:
            assert shortcut == legal
    assert pending > 10


def test_an_informed_mor_playout_buys_the_highest_card_and_produces_with_the_most_powers():
    """Masters' ``strong`` at two players plays informed playouts: a card whenever one can be
    bought, of the highest level on offer; a production running the most card and leader powers."""
    game, ai = games.get("mor"), game_ai("mor")
    informed = Budget(worlds=2, keep=2, playouts=4, depth=8, informed=True)
    could = bought = produced = 0
    for state, seat in random_positions("mor", 800, seed=31):
        if state["phase"] != "play":
            continue
        view = game.view(state, seat)
        search = Search(game, ai, view, seat, _legal("mor", state, seat), informed, 7, None)
        actions = game.legal_actions(state, seat)
        buys = [action for action in actions if action["type"] == "buy"]
        for _ in range(5):
            move = search.rollout_move(actions)
            could += bool(buys)
            if move["type"] == "buy":
                assert move["deck"][-1] == max(action["deck"][-1] for action in buys)  # ids read colour-level
                bought += 1
            if move["type"] == "produce":
                most = max(len(a.get("cards", ())) + len(a.get("leaders", ())) for a in actions
                           if a["type"] == "produce")
                assert len(move.get("cards", ())) + len(move.get("leaders", ())) == most
                produced += 1
    assert could > 40 and bought > 0.9 * could and produced > 40
    plain = Search(game, ai, view, seat, _legal("mor", state, seat), replace(informed, informed=False), 7, None)
    assert (plain.rollout_choice, plain.rollout_weights) == (ai.rollout_choice, ai.ROLLOUT_WEIGHTS)


def test_a_budget_reads_as_the_benchmarks_write_it():
    for budget in (Budget(8, 16, 512, 8), Budget(16, 16, 2048, 8, informed=True)):
        assert Budget.read(budget.written()) == Budget.read(",".join(map(str, budget.written())).split(",")) == budget
    assert Budget(16, 16, 2048, 8, informed=True).written() == [16, 16, 2048, 8, "informed"]
    with pytest.raises(ValueError):
        Budget.read(["8", "16", "512", "8", "smart"])


@pytest.mark.parametrize("key", KEYS)
def test_every_move_kept_is_judged_in_the_same_worlds_with_the_same_playout_luck(key):
    """A move's n-th playout runs in world n with the n-th generator, whichever the move: moves are
    compared on the same deals and the same luck, not on the worlds each happened to meet."""
    game, ai = games.get(key), game_ai(key)
    searched = 0
    for state, seat in random_positions(key, 200, seed=23):
        view = game.view(state, seat)
        legal = _legal(key, state, seat)
        legal = ai.candidates(view, legal) if hasattr(ai, "candidates") else legal
        if len(legal) < 4:
            continue
        search = Search(game, ai, view, seat, legal, Budget(worlds=4, keep=4, playouts=24, depth=2), 5, None)
        met: dict[str, list[tuple[int, tuple]]] = {}

        def spy(start, search=search, met=met):
            world, text = next(key for key, after in search.played.items() if after is start)
            met.setdefault(text, []).append((world, search.rng.getstate()))
            return 0.0

        search.playout = spy
        search.playouts()
        sequences = sorted(met.values(), key=len)
        assert len(sequences) >= 2 and len({world for world, _ in sequences[-1]}) == 4
        for shorter in sequences:
            assert sequences[-1][: len(shorter)] == shorter
        searched += 1
        if searched == 5:
            break
    assert searched == 5


def test_a_lim_playout_pays_with_the_fewest_servants_and_keeps_its_leaders():
    """Drawn plainly, most placements spend servants and most leader moves discard the leader."""
    game, ai = games.get("lim"), game_ai("lim")
    rng = random.Random(3)
    paid = kept = 0
    for state, seat in random_positions("lim", 400, seed=29):
        by_type: dict[str, list[dict]] = {}
        for action in game.legal_actions(state, seat):
            by_type.setdefault(action["type"], []).append(action)
        for group in by_type.values():
            choice = ai.rollout_choice(group, rng)
            assert choice in group
            if "servants" in choice:
                same = [a for a in group if {**a, "servants": 0} == {**choice, "servants": 0}]
                assert choice["servants"] == min(a["servants"] for a in same)
                paid += len(same) > 1
            if choice["type"] == "leader" and any(a["do"] != "discard" for a in group):
                assert choice["do"] != "discard"
                kept += 1
    assert paid > 20 and kept > 0
