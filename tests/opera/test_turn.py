"""Phases 1 and 2: flow, merchants, city activation, payment and goods (OM-FLOW, OM-MERCHANT,
OM-CITY, OM-PAY, OM-GOODS), with TS-01..08, TS-10, TS-16, TS-18, TS-32, TS-36..39."""

from __future__ import annotations

from games.opera import GAME, endturn, payment
from games.opera import rules as R
from games.opera.data import DATA, RAW, component_name
from games.opera.describe import goods_words
from opera.helpers import cost_row, fixture, gain_row, new_game, play, refused, turn_at


def pay_state(costs, *, seat=0, city="ven", benefits=("WM", "MS", "LW"), **player):
    state = new_game(2)
    fixture(state, seat, **player)
    turn_at(state, seat, "activate", moved_to=f"{city}:gain")
    cost_row(state, city, *costs)
    gain_row(state, city, *benefits)
    return state


# ----------------------------------------------------------------------- flow
def test_OM_FLOW_1_to_3_nine_rounds_of_one_turn_each_in_four_phases():
    """OM-FLOW-1, OM-FLOW-2, OM-FLOW-3, OM-END-5: every seat plays once per round, 9 rounds, and
    each turn goes through the phases in order (phase 2 may resolve at once after the move)."""
    state = new_game(3, seed=2)
    order = ["merchant", "activate", "refined", "build", "market"]
    turns, sequences = [], []
    while GAME.result(state) is None:
        (seat,) = GAME.actors(state)
        if state["phase"] == "merchant":
            turns.append((state["round"], seat))
            sequences.append([])
        if not sequences[-1] or sequences[-1][-1] != state["phase"]:
            sequences[-1].append(state["phase"])
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert turns == [(r, s) for r in range(1, 10) for s in range(3)]
    for sequence in sequences:
        assert sequence[0] == "merchant" and "refined" in sequence
        assert [order.index(p) for p in sequence] == sorted(order.index(p) for p in sequence)
    assert all("market" in seq for seq in sequences[:-3]) and not any("market" in seq for seq in sequences[-3:])


def test_OM_FLOW_4_only_the_active_player_acts():
    """OM-FLOW-4."""
    state = new_game(2)
    assert GAME.actors(state) == {0}
    assert GAME.legal_actions(state, 1) == []
    error = refused(state, 1, GAME.notation(GAME.legal_actions(state, 0)[0]))
    assert error.rule == "CORE-TURN"


def test_OM_FLOW_5_once_per_turn_limits_reset_next_turn():
    """OM-FLOW-5: a left conversion used this turn is available again next turn."""
    state = new_game(2)
    fixture(state, 0, board="WB-1", raw={"L": 3}, slots={"left-small": ["S05"]})
    turn_at(state, 0, "refined")
    state, _ = play(state, 0, "refine small")
    assert refused(state, 0, "refine small").rule == "OM-WORKSHOP-5"
    endturn.end_turn(state)
    turn_at(state, 0, "refined")
    assert {"type": "refine", "slot": "small"} in GAME.legal_actions(state, 0)


def test_OM_FLOW_6_rounds_remaining_is_information_only():
    """OM-FLOW-6, U-12: the view shows 9 - round + 1."""
    state = new_game(2)
    assert GAME.view(state, None)["rounds_remaining"] == 9
    state["round"] = 6
    assert GAME.view(state, None)["rounds_remaining"] == 4


# ------------------------------------------------------------------- merchant
def test_OM_MERCHANT_1_to_5_and_TS_16_destinations():
    """OM-MERCHANT-1, OM-MERCHANT-2, OM-MERCHANT-3, OM-MERCHANT-4, OM-MERCHANT-5 and TS-16: exactly
    the 3 areas without one's own merchant, whatever the other players' merchants."""
    state = new_game(2)
    player = state["seats"][0]
    player["merchants"] = ["ant:gain", "ven:cost", "con:cost"]
    state["seats"][1]["merchants"] = ["ant:cost", "ven:gain", "con:gain"]
    moves = GAME.legal_actions(state, 0)
    targets = {m["to"] for m in moves}
    assert targets == {"ant:cost", "ven:gain", "con:gain"}
    assert {m["from"] for m in moves} == set(player["merchants"])
    assert any(m["from"] == "ant:gain" and m["to"] == "ant:cost" for m in moves), "OM-MERCHANT-3"
    assert refused(state, 0, f"move ven:cost con:cost {player['hand'][0]}").rule == "OM-MERCHANT-2"


def test_OM_MERCHANT_6_7_8_and_TS_18_row_renewal():
    """OM-MERCHANT-6, OM-MERCHANT-7, OM-MERCHANT-8, OM-CITY-3 and TS-18."""
    state = new_game(2)
    player = state["seats"][0]
    player["merchants"] = ["ant:gain", "ven:gain", "con:gain"]
    x, y, z = state["cities"]["ven"]["cost"]
    card = player["hand"][0]
    state, events = play(state, 0, f"move ven:gain ven:cost {card}")
    assert state["cities"]["ven"]["cost"] == [y, z, card]
    assert state["discard"] == [x]
    assert GAME.view(state, None)["discard"] == [x]
    assert len(state["seats"][0]["hand"]) == 2
    expected = "".join(DATA.trade[c]["cost"] for c in (y, z, card))
    assert payment.gross_cost(state, "ven") == {g: expected.count(g) for g in RAW}
    assert goods_words(DATA.trade[card]["cost"]) in events[0]["text"] and component_name(card) in events[0]["text"]


def test_OM_MERCHANT_9_empty_hand_still_renews_the_row():
    """OM-MERCHANT-9."""
    state = new_game(2)
    player = state["seats"][0]
    player["hand"] = []
    player["merchants"] = ["ant:gain", "ven:gain", "con:gain"]
    _, y, z = state["cities"]["ven"]["cost"]
    assert all("card" not in m for m in GAME.legal_actions(state, 0))
    state, _ = play(state, 0, "move ven:gain ven:cost")
    assert state["cities"]["ven"]["cost"] == [y, z, None]


# ------------------------------------------------------------------ city
def test_OM_CITY_1_2_4_5_6_and_TS_06_benefits_after_payment():
    """OM-CITY-1, OM-CITY-2, OM-CITY-4, OM-CITY-5, OM-CITY-6 and TS-06 (b b p g)."""
    state = pay_state(("L", "W", "M"), benefits=("Sb", "Mb", "Lp"))
    state["cities"]["ven"]["gain"] = ["CY1-04", "CY1-06", "CY1-01"]  # Mb, Sb, Sp
    state, events = play(state, 0, "pay")
    player = state["seats"][0]
    assert player["refined"] == {"b": 2, "p": 1, "c": 0, "g": 0}
    assert player["raw"] == {"L": 0, "W": 1, "M": 1, "S": 3}
    assert state["phase"] == "refined"
    assert events[0]["type"] == "pay" and events[1]["type"] == "gain"


def test_TS_06_gaining_two_bells_a_plank_and_a_glass():
    """TS-06: raw goods unchanged, 4 tokens move to the refined spaces."""
    state = pay_state((), board="WB-2")
    state["cities"]["ven"]["cost"] = []
    state["cities"]["ven"]["gain"] = ["MB-12", "CY2-05"]  # M b b, S p g
    before = state["seats"][0]["supply"]
    state, _ = play(state, 0, "pay")
    player = state["seats"][0]
    assert player["refined"] == {"b": 2, "p": 1, "c": 0, "g": 1}
    assert player["supply"] == before - 4


def test_OM_CITY_7_to_9_and_TS_32_who_may_use_the_ability():
    """OM-CITY-7, OM-CITY-8, OM-CITY-9, OM-CITY-10, OM-CITY-11 and TS-32 (a)-(c)."""
    state = new_game(2)
    state["cities"]["ven"]["ability"] = "VEN-2"
    state["cities"]["ant"]["ability"] = "ANT-1"
    player = state["seats"][0]
    card = player["hand"][0]
    player["merchants"] = ["ven:cost", "ant:cost", "con:gain"]
    a, _ = play(state, 0, f"move con:gain ven:gain {card}")
    assert a["turn"]["ability"] is True                       # (a)
    player["merchants"] = ["ven:cost", "ant:gain", "con:cost"]
    b, _ = play(state, 0, f"move con:cost ant:cost {card}")
    assert b["turn"]["ability"] is True                       # (c)
    player["merchants"] = ["ven:cost", "con:gain", "con:cost"]
    c, _ = play(state, 0, f"move con:gain ant:gain {card}")
    assert c["turn"]["ability"] is False                      # (b) Venice's cost merchant gives nothing
    assert all(x["type"] != "ability" for x in GAME.legal_actions(c, 0))
    assert {ab["id"] for ab in DATA.abilities.values()} == {"VEN-1", "VEN-2", "ANT-1", "ANT-2", "CON-1", "CON-2"}


def test_TS_39_ability_before_payment_once_and_in_phase_4():
    """TS-39 (a)-(c), OM-CITY-8, OM-CITY-12, OM-MARKET-3."""
    state = new_game(2)
    fixture(state, 0)
    state["cities"]["ant"]["ability"] = "ANT-1"
    turn_at(state, 0, "activate", moved_to="ant:cost")
    cost_row(state, "ant", "L", "L")
    gain_row(state, "ant", "WM")
    # (a) use ANT-1 before the payment, take lead, then pay L L from raw
    a, _ = play(state, 0, "ability")
    a, events = play(a, 0, "take L")
    assert "gains 1 lead" in events[0]["text"]
    assert a["phase"] == "refined", "nothing else to decide: the payment happened at once"
    assert a["seats"][0]["raw"]["L"] == 0 and a["seats"][0]["cert"]["L"] == 3
    assert refused(a, 0, "ability").rule == "OM-CITY-8"        # (c) not twice
    # (b) keep it: paying moves the certificate, then use it in phase 4 for the 1-raw card
    b, _ = play(state, 0, "pay")
    assert b["seats"][0]["raw"]["L"] == 0 and b["seats"][0]["cert"]["L"] == 2
    b["seats"][0]["raw"] = dict.fromkeys(RAW, 0)
    b["seats"][0]["building"] = [{"id": "S01", "covered": ""}, {"id": "S02", "covered": ""}]
    b, _ = play(b, 0, "done")
    assert b["phase"] == "market"
    assert [x["slot"] for x in GAME.legal_actions(b, 0) if x["type"] == "buy"] == [0]
    b, _ = play(b, 0, "ability")
    b, _ = play(b, 0, "take W")
    assert {"type": "buy", "slot": 1, "pay": "W"} in GAME.legal_actions(b, 0)
    # (c) it lapses: next turn it is gone
    endturn.end_turn(b)
    assert b["turn"]["ability"] is False


def test_OM_CITY_12_CON_1_discount_is_applied_to_the_payment():
    """OM-CITY-12, U-01 CON-1: the wild discount is used before the payment resolves."""
    state = pay_state(("S", "S", "L"), city="con", raw={"S": 0}, benefits=())
    state["cities"]["con"]["ability"] = "CON-1"
    state["seats"][0]["merchants"] = ["con:gain", "ven:cost", "con:cost"]
    state["turn"]["ability"] = True
    state, _ = play(state, 0, "pay")
    player = state["seats"][0]
    assert player["cert"]["S"] == 2, "one S waived by CON-1, the other moves the certificate"
    assert player["raw"]["L"] == 0
    assert state["turn"]["ability_used"]


# ----------------------------------------------------------------- payment
def test_TS_01_sand_shortfall_paid_with_the_glass_certificate():
    """TS-01, OM-CITY-3, OM-PAY-1..6."""
    state = pay_state(("SS", "L", "M"))
    plan = payment.payment_options(state, state["seats"][0], "ven", 0)[0]["plan"]
    assert plan["raw"] == {"L": 1, "W": 0, "M": 1, "S": 1}
    assert plan["cert"] == {"L": 0, "W": 0, "M": 0, "S": 1}
    assert plan["vp"] == 0


def test_TS_01_full_activation_moves_the_glass_certificate():
    state = pay_state(("SS", "L", "M"), benefits=())
    state["cities"]["ven"]["gain"] = []
    state, _ = play(state, 0, "pay")
    player = state["seats"][0]
    assert player["raw"] == {"L": 0, "W": 1, "M": 0, "S": 0}
    assert player["cert"] == {"L": 3, "W": 3, "M": 3, "S": 2}
    assert player["vp"] == 5


def test_OM_PAY_7_and_TS_02_certificate_at_column_3_costs_vp():
    """OM-PAY-7, TS-02."""
    state = pay_state(("SS", "L", "M"), cert={"S": 2})
    state["cities"]["ven"]["gain"] = []
    state, _ = play(state, 0, "pay")
    player = state["seats"][0]
    assert player["raw"]["S"] == 0 and player["cert"]["S"] == 2 and player["vp"] == 4
    assert player["raw"]["L"] == 0 and player["raw"]["M"] == 0


def test_OM_PAY_8_and_TS_03_vp_floor_ends_the_payment():
    """OM-PAY-7, OM-PAY-8, OM-PAY-10, TS-03."""
    state = pay_state(("LL", "MM"), raw=dict.fromkeys(RAW, 0), cert=dict.fromkeys(RAW, 2), vp=3)
    state["cities"]["ven"]["gain"] = []
    state, _ = play(state, 0, "pay")
    player = state["seats"][0]
    assert player["vp"] == 1 and player["cert"] == dict.fromkeys(RAW, 2)


def test_OM_PAY_2a_and_TS_04_starting_discount():
    """OM-PAY-2 (a), OM-WORKSHOP-9, TS-04."""
    state = pay_state(("SS", "L", "M"), board="WB-4")
    state["cities"]["ven"]["gain"] = []
    state, _ = play(state, 0, "pay")
    player = state["seats"][0]
    assert player["raw"] == {"L": 0, "W": 1, "M": 0, "S": 0}
    assert player["cert"] == dict.fromkeys(RAW, 3)


def test_OM_PAY_2_3_and_TS_05_discounts_add_up_and_extra_is_lost():
    """OM-PAY-2, OM-PAY-3, OM-WORKSHOP-3, TS-05 (a) and (b)."""
    slots = {"left-small": ["S04"], "left-medium": ["M01"]}
    a = pay_state(("SS", "L"), board="WB-4", slots=slots)
    a["cities"]["ven"]["gain"] = []
    a, _ = play(a, 0, "pay")
    assert a["seats"][0]["raw"] == dict.fromkeys(RAW, 1), "(a) nothing is paid"
    b = pay_state(("S",), board="WB-4", slots=slots)
    b["cities"]["ven"]["gain"] = []
    b, _ = play(b, 0, "pay")
    assert b["seats"][0]["raw"] == dict.fromkeys(RAW, 1)
    fixed, wild = payment.fixed_discounts(b["seats"][0])
    assert fixed["S"] == 2 and wild == 1, "(b) discounts are recomputed per payment, nothing carried"


def test_OM_PAY_2c_wild_discount_assigned_by_the_player():
    """OM-PAY-2 (c) wild assignment, Q-08 default protects VP units first."""
    state = pay_state(("LL", "M"), raw={"L": 0, "M": 1}, cert={"L": 2}, slots={"left-medium": ["M01"]})
    options = GAME.legal_actions(state, 0)
    assert {"type": "pay", "wild": "L"} in options and {"type": "pay", "wild": "M"} in options
    auto, _ = play(state, 0, "pay")
    assert auto["seats"][0]["vp"] == 4, "auto assigns the wild discount to an L unit costing VP"
    chosen, _ = play(state, 0, "pay wild:M")
    assert chosen["seats"][0]["vp"] == 3


def test_OM_PAY_4_discounts_apply_automatically():
    """OM-PAY-4: there is no way to refuse a discount."""
    state = pay_state(("W",), board="WB-2")
    state["cities"]["ven"]["gain"] = []
    state, _ = play(state, 0, "pay")
    assert state["seats"][0]["raw"]["W"] == 1


def test_OM_PAY_5_OM_PAY_9_raw_goods_before_certificates():
    """OM-PAY-5, OM-PAY-9: with raw goods held, no certificate moves."""
    state = pay_state(("LL", "L"), raw={"L": 3})
    state["cities"]["ven"]["gain"] = []
    state, _ = play(state, 0, "pay")
    assert state["seats"][0]["raw"]["L"] == 0 and state["seats"][0]["cert"]["L"] == 3


def test_OM_PAY_6_shortfall_moves_the_certificate():
    """OM-PAY-6, OM-GOODS-5."""
    state = pay_state(("LL",), raw={"L": 0})
    state["cities"]["ven"]["gain"] = []
    state, _ = play(state, 0, "pay")
    assert state["seats"][0]["cert"]["L"] == 2, "one step to column 3, then it cannot go further"
    assert state["seats"][0]["vp"] == 4


def test_OM_PAY_10_and_TS_38_floor_waives_only_vp_units():
    """OM-PAY-8, OM-PAY-9, OM-PAY-10, TS-38 (a) VP 1 and (b) VP 2."""
    for vp, final in ((1, 1), (2, 1)):
        state = pay_state(("SS", "L"), raw={"S": 0, "L": 1}, cert={"S": 2, "L": 3}, vp=vp)
        state["cities"]["ven"]["gain"] = []
        state, _ = play(state, 0, "pay")
        player = state["seats"][0]
        assert player["raw"]["L"] == 0 and player["raw"]["S"] == 0
        assert player["cert"]["S"] == 2 and player["cert"]["L"] == 3
        assert player["vp"] == final


def test_OM_PAY_10_shield_waives_a_certificate_unit():
    """U-05 M09 SHIELD with OM-PAY-10: N_X lowered by 1 for a type with a certificate step."""
    state = pay_state(("LL", "S"), raw={"L": 0, "S": 0}, slots={"right-medium": ["M09"]}, benefits=())
    actions = GAME.legal_actions(state, 0)
    assert {"type": "pay", "shield": "L"} in actions and {"type": "pay", "shield": "S"} in actions
    chosen, _ = play(state, 0, "pay shield:S")
    assert chosen["seats"][0]["cert"] == {"L": 2, "W": 3, "M": 3, "S": 3}
    assert chosen["seats"][0]["vp"] == 4 and chosen["turn"]["shield_used"]
    auto, _ = play(state, 0, "pay")
    assert auto["seats"][0]["cert"] == {"L": 2, "W": 3, "M": 3, "S": 2}
    assert auto["seats"][0]["vp"] == 5, "the default protects the unit that would cost VP"


def test_OM_PAY_11_and_TS_37_no_pass_in_phases_1_and_2():
    """OM-PAY-11, TS-37, OM-MERCHANT-2, OM-MERCHANT-6, OM-CITY-1: no pass is ever offered."""
    state = new_game(2)
    assert all(a["type"] == "move" for a in GAME.legal_actions(state, 0))
    assert refused(state, 0, "done").rule == "OM-FLOW-3", "phase 3 cannot be ended before phases 1 and 2"
    state = pay_state(("LL", "MM"), raw=dict.fromkeys(RAW, 0), cert=dict.fromkeys(RAW, 2),
                      slots={"left-medium": ["M01"]})
    assert all(a["type"] in ("pay",) for a in GAME.legal_actions(state, 0))


# ------------------------------------------------------------------- goods
def test_OM_GOODS_1_2_3_4_9_and_TS_07_gain_pushes_the_certificate():
    """OM-GOODS-1, OM-GOODS-2, OM-GOODS-3, OM-GOODS-4, OM-GOODS-9, TS-07."""
    state = new_game(2)
    player = fixture(state, 0, raw={"L": 3}, cert={"L": 4})
    R.gain_raw(state, player, "L")
    assert (player["raw"]["L"], player["cert"]["L"]) == (4, 5)
    R.gain_raw(state, player, "L")
    assert (player["raw"]["L"], player["cert"]["L"]) == (5, 6)
    assert R.level_of(state, 6) == 2


def test_OM_GOODS_6_and_TS_08_raw_cap_of_8():
    """OM-GOODS-3, OM-GOODS-6, OM-GOODS-8, TS-08, and the rawCap 9 alternative (Q-02)."""
    state = new_game(2)
    player = fixture(state, 0, raw={"L": 7}, cert={"L": 8})
    kept = [R.gain_raw(state, player, "L") for _ in range(3)]
    assert kept == [True, False, False]
    assert (player["raw"]["L"], player["cert"]["L"]) == (8, 9) and R.level_of(state, 9) == 3
    nine = new_game(2, raw_cap=9)
    player = fixture(nine, 0, raw={"L": 7}, cert={"L": 8})
    kept = [R.gain_raw(nine, player, "L") for _ in range(3)]
    assert kept == [True, True, False]
    assert (player["raw"]["L"], player["cert"]["L"]) == (9, 10) and R.level_of(nine, 10) == 3


def test_OM_GOODS_5_and_TS_36_spending_never_lowers_a_certificate():
    """OM-GOODS-5, OM-MARKET-3, TS-36."""
    state = new_game(2)
    fixture(state, 0, raw={"S": 4, "L": 0, "W": 0, "M": 0}, cert={"S": 5})
    turn_at(state, 0, "market")
    state, _ = play(state, 0, "buy 3 SSS")
    assert state["seats"][0]["raw"]["S"] == 1 and state["seats"][0]["cert"]["S"] == 5


def test_OM_GOODS_7_8_10_certificate_bounds():
    """OM-GOODS-7 raw < cert, OM-GOODS-8 bounds, OM-GOODS-10 certificate effects stop at the max."""
    state = new_game(2)
    player = fixture(state, 0, cert={"L": 9})
    assert R.move_certificate_right(state, player, "L") is False and player["cert"]["L"] == 9
    assert R.move_certificate_right(state, player, "W") is True and player["raw"]["W"] == 1
    assert all(0 <= player["raw"][g] < player["cert"][g] for g in RAW)


def test_OM_GOODS_11_no_limit_on_refined_goods():
    """OM-GOODS-11, OM-COMP-6 (unlimited by default; the token limit is an option, Q-12)."""
    state = new_game(2)
    player = fixture(state, 0)
    state["phase"] = "refined"
    for _ in range(30):
        assert R.gain_refined(state, player, "b")
    assert player["refined"]["b"] == 30
    limited = new_game(2, limit_tokens=True)
    player = fixture(limited, 0)
    limited["phase"] = "refined"
    kept = [R.gain_refined(limited, player, "b") for _ in range(17)]
    assert kept.count(True) == 16 and player["supply"] == 0
