"""The solo game against Lorenzo (MOR-SOLO): scenarios MOR-TEST-21, MOR-TEST-22, MOR-TEST-23, MOR-TEST-24, MOR-TEST-25, MOR-TEST-26 and MOR-TEST-30."""

from __future__ import annotations

from games.mor import GAME
from games.mor.data import CARDS, TOKENS
from games.mor.turn import reveal_token
from games.mor.warehouse import warehouse_totals

from .helpers import blank, card, depots, give_slot, market, new_game, play, refused, strongbox


def solo() -> dict:
    state = new_game(1)
    blank(state, 0)
    return state


def stack_top(state, token_id):
    state["solo"]["stack"].remove(token_id)
    state["solo"]["stack"].insert(0, token_id)


def last_purple_card(state, level: int) -> None:
    """Leave one purple card (at ``level``) in the market, and the player rich enough to buy it."""
    for lvl in (1, 2, 3):
        deck = state["decks"][f"purple-{lvl}"]
        keep = 1 if lvl == level else 0
        state["removed"] += deck[keep:]
        del deck[keep:]
    strongbox(state, 0, coin=9, stone=9, servant=9, shield=9)


def quiet_turn(state):
    market(state, ["WWWW", "WGGY", "YBBP"], "P")
    state, _ = play(state, 0, "market row-1")
    return play(state, 0, "end")


def test_MOR_SOLO_1_to_5_solo_setup():
    """MOR-SOLO-1, MOR-SOLO-2, MOR-SOLO-3, MOR-SOLO-4, MOR-SOLO-5, MOR-SOLO-3: first player, no bonus, black cross on 0, 7 tokens face down."""
    state = GAME.setup(1, 4)
    assert state["seats"][0]["faith"] == 0 and state["solo"]["cross"] == 0
    assert sorted(state["solo"]["stack"]) == sorted(TOKENS) and state["solo"]["revealed"] == []
    assert GAME.prompt(state, 0) == "Keep 2 of your 4 leaders."
    refused(state, 0, f"keep {' '.join(state['seats'][0]['dealt'][:2])} res:coin", "MOR-SETUP-17")
    view = GAME.view(state, None)
    assert view["solo"]["tokens_in_stack"] == 7 and view["solo"]["black_cross"] == 0
    assert all(t not in str(view) for t in TOKENS)  # the stack order is hidden


def test_MOR_SOLO_7_and_8_token_after_each_turn():
    """MOR-SOLO-7, MOR-SOLO-8: a normal turn, then the top token is revealed and set aside."""
    state = solo()
    stack_top(state, "black-cross-2-a")
    state, events = quiet_turn(state)
    assert state["solo"]["cross"] == 2 and state["solo"]["revealed"] == ["black-cross-2-a"]
    assert GAME.view(state, None)["solo"]["last_token"]["id"] == "black-cross-2-a"
    assert GAME.actors(state) == {0} and not state["turn"]["main"]
    assert any(e["type"] == "token" for e in events)


def test_MOR_TEST_21_discard_token_across_levels():
    """MOR-TEST-21; MOR-SOLO-9."""
    state = solo()
    level_one = state["decks"]["green-1"]
    state["removed"] += level_one[:3]
    del level_one[:3]
    last_one, top_two = level_one[0], state["decks"]["green-2"][0]
    stack_top(state, "discard-green")
    state, _ = quiet_turn(state)
    assert state["decks"]["green-1"] == [] and len(state["decks"]["green-2"]) == 3
    assert state["removed"][-2:] == [last_one, top_two] and state["phase"] == "play"


def test_MOR_TEST_22_colour_depletion_loses():
    """MOR-TEST-22; MOR-SOLO-9, MOR-SOLO-16."""
    state = solo()
    for lvl, keep in ((1, 0), (2, 0), (3, 1)):
        deck = state["decks"][f"blue-{lvl}"]
        state["removed"] += deck[keep:]
        del deck[keep:]
    stack_top(state, "discard-blue")
    state, _ = quiet_turn(state)
    assert all(not state["decks"][f"blue-{lvl}"] for lvl in (1, 2, 3))
    result = GAME.result(state)
    assert result["solo"]["won"] is False and "blue" in result["solo"]["reason"]
    assert GAME.actors(state) == set()


def test_MOR_SOLO_16_own_purchase_emptying_a_colour_loses():
    """MOR-SOLO-16, D-13."""
    state = solo()
    last_purple_card(state, level=1)
    state, _ = play(state, 0, "buy purple-1")
    assert GAME.result(state)["solo"]["won"] is False


def test_MOR_TEST_23_black_cross_triggers_report():
    """MOR-TEST-23; MOR-SOLO-12."""
    state = solo()
    state["seats"][0]["faith"], state["solo"]["cross"] = 4, 7
    stack_top(state, "black-cross-2-b")
    state, _ = quiet_turn(state)
    assert state["solo"]["cross"] == 9 and state["reported"][0]
    assert state["seats"][0]["favour"][0] == "discarded"
    assert GAME.view(state, None)["players"][0]["vp_breakdown"]["favour_tiles"] == 0


def test_MOR_TEST_24_reshuffle_token():
    """MOR-TEST-24; MOR-SOLO-11, MOR-SOLO-15."""
    state = solo()
    set_aside = ["discard-green", "black-cross-2-a", "discard-blue"]
    state["solo"]["revealed"] = set_aside
    state["solo"]["stack"] = [t for t in TOKENS if t not in set_aside]
    stack_top(state, "black-cross-1-reshuffle")
    assert len(state["solo"]["stack"]) == 4
    reveal_token(state)
    assert state["solo"]["cross"] == 1
    assert sorted(state["solo"]["stack"]) == sorted(TOKENS) and state["solo"]["revealed"] == []
    assert state["solo"]["last_token"] == "black-cross-1-reshuffle"


def test_MOR_SOLO_15_stack_never_runs_out():
    """MOR-SOLO-15, MOR-SOLO-10: reveal tokens for many turns; the reshuffle comes within 7."""
    state = solo()
    since_shuffle = 0
    for _ in range(40):
        token = state["solo"]["stack"][0]
        reveal_token(state)
        since_shuffle += 1
        if TOKENS[token].get("reshuffle"):
            since_shuffle = 0
        assert since_shuffle < 7 and len(state["solo"]["stack"]) + len(state["solo"]["revealed"]) == 7
        if state["phase"] == "over":
            break
        state["decks"] = GAME.setup(1, 4)["decks"]  # keep colours in the grid
        state["removed"] = []


def test_MOR_TEST_25_discards_feed_lorenzo():
    """MOR-TEST-25; MOR-SOLO-13, D-15."""
    state = solo()
    state["solo"]["cross"] = 10
    state["reported"][0] = True
    market(state, ["GYBW", "WGWY", "YWBP"], "P")
    state, _ = play(state, 0, "market row-1")
    state, events = play(state, 0, "place empty discard:coin,stone,shield")
    assert state["solo"]["cross"] == 13
    assert any("black cross" in e["text"] for e in events)


def test_MOR_SOLO_14_black_cross_stops_at_24():
    """MOR-SOLO-14, MOR-SOLO-17: the cross reaches 24 through a token: the player loses."""
    state = solo()
    state["solo"]["cross"] = 23
    stack_top(state, "black-cross-2-a")
    state, _ = quiet_turn(state)
    assert state["solo"]["cross"] == 24
    assert GAME.result(state)["solo"] == {"won": False,
                                          "reason": "Lorenzo's black cross reached the last space of the faith track."}


def test_MOR_TEST_26_solo_win_and_loss():
    """MOR-TEST-26; MOR-SOLO-16, MOR-SOLO-17, MOR-SOLO-18, MOR-SOLO-19, MOR-SOLO-20, MOR-SOLO-22."""
    # (a) the 7th purchase wins at once: no leader action, no token
    state = solo()
    give_slot(state, 0, 1, [card("green", 1, 1), card("green", 2, 5), card("green", 3, 9)])
    give_slot(state, 0, 2, [card("blue", 1, 1), card("blue", 2, 5)])
    give_slot(state, 0, 3, [card("yellow", 1, 1)])
    strongbox(state, 0, coin=9, stone=9, servant=9, shield=9)
    state["seats"][0]["hand"] = ["L1"]
    stack = list(state["solo"]["stack"])
    state, _ = play(state, 0, "buy purple-2 slot:3")
    result = GAME.result(state)
    assert result["solo"]["won"] is True and "7th" in result["solo"]["reason"]
    assert state["solo"]["stack"] == stack and state["solo"]["revealed"] == []
    refused(state, 0, "leader discard L1", "CORE-OVER")
    assert result["scores"][0]["breakdown"]["cards"] == sum(
        CARDS[c]["vp"] for slot in state["seats"][0]["slots"] for c in slot)
    # (b) the black cross reaches 24 through a token
    state = solo()
    state["solo"]["cross"] = 22
    stack_top(state, "black-cross-2-b")
    state, _ = quiet_turn(state)
    assert GAME.result(state)["solo"]["won"] is False


def test_MOR_SOLO_18_reaching_24_wins_and_MOR_SOLO_19_scores_normally():
    """MOR-SOLO-18, MOR-SOLO-19, MOR-SOLO-20: production faith to 24 ends the game at once."""
    state = solo()
    state["seats"][0]["faith"] = 23
    give_slot(state, 0, 1, [card("green", 1, 1)])
    strongbox(state, 0, coin=1)
    stack = list(state["solo"]["stack"])
    state, _ = play(state, 0, f"produce {card('green', 1, 1)}")
    result = GAME.result(state)
    assert result["solo"]["won"] is True and state["solo"]["stack"] == stack
    assert result["scores"][0]["breakdown"]["faith_track"] == 20


def test_MOR_SOLO_21_win_beats_loss_in_one_event():
    """MOR-SOLO-21, D-14: the 7th purchase also takes the last purple card: the player wins."""
    state = solo()
    give_slot(state, 0, 1, [card("green", 1, 1), card("green", 2, 5), card("green", 3, 9)])
    give_slot(state, 0, 2, [card("blue", 1, 1), card("blue", 2, 5)])
    give_slot(state, 0, 3, [card("yellow", 1, 1)])
    last_purple_card(state, level=2)
    state, _ = play(state, 0, "buy purple-2 slot:3")
    assert GAME.result(state)["solo"]["won"] is True


def test_MOR_TEST_30_solo_win_at_the_red_marble():
    """MOR-TEST-30; MOR-MARKET-8, MOR-SOLO-18, MOR-SOLO-22, D-4, D-20."""
    state = solo()
    state["reported"] = [True, True, False]
    state["seats"][0]["favour"] = ["discarded", "discarded", "pending"]
    state["seats"][0]["faith"], state["solo"]["cross"] = 23, 23
    depots(state, 0, ("coin", 1), ("shield", 2), ("stone", 3))
    market(state, ["RWWW", "GWBB", "YPPW"], "G")
    state, _ = play(state, 0, "market col-1")
    result = GAME.result(state)
    assert result["solo"]["won"] is True
    assert state["seats"][0]["favour"][2] == "active" and state["solo"]["cross"] == 23
    assert warehouse_totals(state["seats"][0]) == {"coin": 1, "shield": 2, "stone": 3}
    assert state["turn"]["pending"] is None and state["solo"]["revealed"] == []
    assert result["scores"][0]["breakdown"]["resources"] == 1


def test_MOR_SOLO_2_solo_game_plays_to_an_end():
    """MOR-SOLO-2, MOR-SOLO-6: a full solo game with the real token stack ends with a verdict."""
    state = solo()
    for _ in range(200):
        if GAME.result(state) is not None:
            break
        state, _ = quiet_turn(state)
    assert GAME.result(state)["solo"]["won"] is False
