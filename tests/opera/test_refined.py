"""Phase 3: refined goods, building, workshop slots, Opera deliveries and conversion
(OM-REFINED, OM-BUILD, OM-WORKSHOP, OM-OPERA, OM-CONVERT), with TS-09..15, TS-30, TS-31, TS-33, TS-35."""

from __future__ import annotations

from games.opera import GAME, payment, scoring
from games.opera import rules as R
from games.opera.data import RAW
from opera.helpers import fixture, new_game, place_site, play, refused, turn_at


def phase3(seat=0, **player):
    state = new_game(2)
    fixture(state, seat, **player)
    return turn_at(state, seat, "refined")


# ------------------------------------------------------------------ refined
def test_OM_REFINED_1_actions_in_any_order():
    """OM-REFINED-1, OM-REFINED-6: build, convert, refine and deliver interleave freely."""
    state = phase3(board="WB-1", refined={"b": 2, "g": 1}, raw={"L": 2}, building=["S01", "M04"],
                   slots={"left-small": ["S05"]})
    state, _ = play(state, 0, "convert b")
    state, _ = play(state, 0, "refine small")
    state, _ = play(state, 0, "build S01 bb right")
    assert state["seats"][0]["slots"]["right"]["small"] == ["S01"]
    site = place_site(state, "T1-4", 1)
    state, _ = play(state, 0, f"deliver {site}")
    assert 0 in state["opera"][0][0]["by"]


def test_OM_REFINED_2_3_4_7_and_TS_30_leftovers_are_discarded():
    """OM-REFINED-2, OM-REFINED-3, OM-REFINED-4, OM-REFINED-7, TS-30."""
    state = phase3(refined={"b": 1, "p": 1}, building=[{"id": "M04", "covered": "p"}, "S01"])
    supply = state["seats"][0]["supply"]
    raw, vp = dict(state["seats"][0]["raw"]), state["seats"][0]["vp"]
    state, events = play(state, 0, "done")
    player = state["seats"][0]
    assert sum(player["refined"].values()) == 0 and player["supply"] == supply + 2
    assert player["raw"] == raw and player["vp"] == vp
    assert player["building"][0]["covered"] == "p", "goods on buildings stay (OM-REFINED-4)"
    assert "discarding 2 refined goods" in events[0]["text"]
    assert play(phase3(building=["S01", "S02"]), 0, "done")[1][0]["text"] == "{p0} ends phase 3.", \
        "nothing to discard is not said"


def test_OM_REFINED_5_refined_goods_gained_in_phase_4_are_lost():
    """OM-REFINED-5, OM-WORKSHOP-7: a conversion used in phase 4 gives nothing to keep."""
    state = phase3(board="WB-1", raw={"L": 2}, slots={"left-small": ["S05"]}, building=["S01", "S02"])
    state, _ = play(state, 0, "done")
    assert state["phase"] == "market"
    state, events = play(state, 0, "refine small")
    assert state["seats"][0]["refined"]["b"] == 0 and state["seats"][0]["raw"]["L"] == 1
    assert "discarded" in events[0]["text"]


# -------------------------------------------------------------------- build
def test_OM_BUILD_3_to_8_11_and_TS_09_complete_one_building_part_build_another():
    """OM-BUILD-3..8, OM-BUILD-11, OM-BUILD-13, OM-WORKSHOP-2, TS-09."""
    state = phase3(refined={"b": 2, "p": 1, "g": 1}, building=["S01", "M04"])
    supply = state["seats"][0]["supply"]
    state, _ = play(state, 0, "build S01 b")
    assert state["seats"][0]["building"][0]["covered"] == "b"
    state, _ = play(state, 0, "build S01 b right")
    player = state["seats"][0]
    assert player["slots"]["right"]["small"] == ["S01"]
    assert player["supply"] == supply + 2, "S01's tokens go back to the supply"
    assert R.carts(player) == 1 and player["vp"] == 7
    state, _ = play(state, 0, "build M04 p")
    player = state["seats"][0]
    assert [b["id"] for b in player["building"]] == ["M04"] and player["building"][0]["covered"] == "p"
    legal = GAME.legal_actions(state, 0)
    assert {"type": "build", "card": "M04", "goods": "g"} in legal
    assert any(a["type"] == "deliver" for a in legal), "the new cart can carry the glass (TS-33)"
    assert {"type": "convert", "goods": "g"} in legal


def test_OM_BUILD_1_2_at_most_two_under_construction_with_sized_costs():
    """OM-BUILD-1, OM-BUILD-2, OM-BUILD-12: refills stop at 2; a building cannot be abandoned."""
    state = phase3(building=["S01", "M04"])
    state, _ = play(state, 0, "done")
    assert state["phase"] == "market"
    assert not any(a["type"] in ("pick", "discard") for a in GAME.legal_actions(state, 0))


def test_OM_BUILD_3_a_good_covers_only_its_own_icon():
    """OM-BUILD-3, OM-BUILD-5."""
    state = phase3(refined={"p": 1}, building=["S01"])
    assert refused(state, 0, "build S01 p").rule == "OM-BUILD-3"
    assert refused(state, 0, "build M04 p").rule == "OM-BUILD-3"


def test_OM_BUILD_4_building_over_several_turns():
    """OM-BUILD-4: covered icons survive the end of the turn."""
    state = phase3(refined={"b": 1}, building=["S01", "M04"])
    state, _ = play(state, 0, "build S01 b")
    state, _ = play(state, 0, "done")
    fixture(state, 0, refined={"b": 1}, building=state["seats"][0]["building"])
    turn_at(state, 0, "refined")
    state, _ = play(state, 0, "build S01 b left")
    assert state["seats"][0]["slots"]["left"]["small"] == ["S01"]


def test_OM_BUILD_6_7_completing_needs_a_side_and_a_partial_build_has_none():
    """OM-BUILD-6, OM-BUILD-7."""
    state = phase3(refined={"b": 2}, building=["S01"])
    assert refused(state, 0, "build S01 bb").rule == "OM-BUILD-7"
    assert refused(state, 0, "build S01 b left").rule == "OM-BUILD-6"


def test_OM_BUILD_8_9_10_slot_by_size_and_stacking():
    """OM-BUILD-8, OM-BUILD-9, OM-BUILD-10, OM-WORKSHOP-1, OM-WORKSHOP-2 (second building unlocks nothing)."""
    state = phase3(refined={"b": 2, "p": 2}, building=["S01", "S02"], slots={"left-small": ["S05"]})
    state, events = play(state, 0, "build S01 bb left")
    assert "unlocks nothing new" in events[-1]["text"]
    state, _ = play(state, 0, "build S02 pp left")
    assert state["seats"][0]["slots"]["left"]["small"] == ["S05", "S01", "S02"]
    assert R.occupied_slots(state["seats"][0]) == 1


# ------------------------------------------------------------------ workshop
def test_OM_WORKSHOP_3_4_left_gives_discount_right_gives_effect():
    """OM-WORKSHOP-3, OM-WORKSHOP-4, Q-30: IMM only on the right."""
    left = phase3(refined={"b": 2}, building=["S01"])
    left, _ = play(left, 0, "build S01 bb left")
    assert left["seats"][0]["vp"] == 5
    assert payment.fixed_discounts(left["seats"][0])[0]["L"] == 1
    right = phase3(refined={"b": 2}, building=["S01"])
    right, _ = play(right, 0, "build S01 bb right")
    assert right["seats"][0]["vp"] == 7
    assert payment.fixed_discounts(right["seats"][0])[0]["L"] == 0


def test_OM_WORKSHOP_5_6_7_and_TS_31_left_conversion_once_per_turn_per_slot():
    """OM-WORKSHOP-5, OM-WORKSHOP-6, OM-WORKSHOP-7, TS-31."""
    state = phase3(board="WB-1", raw={"L": 3, "W": 0}, slots={"left-small": ["S05", "S01"], "left-medium": ["M01"]})
    legal = GAME.legal_actions(state, 0)
    assert {"type": "refine", "slot": "small"} in legal
    assert {"type": "refine", "slot": "medium"} not in legal, "no wood to convert (OM-WORKSHOP-6)"
    assert refused(state, 0, "refine medium").rule == "OM-WORKSHOP-6"
    state, _ = play(state, 0, "refine small")
    assert state["seats"][0]["raw"]["L"] == 2 and state["seats"][0]["refined"]["b"] == 1
    assert refused(state, 0, "refine small").rule == "OM-WORKSHOP-5"
    state["seats"][0]["raw"]["W"] = 1
    state, _ = play(state, 0, "refine medium")
    assert state["seats"][0]["refined"]["p"] == 1
    assert refused(state, 0, "refine large").rule == "OM-WORKSHOP-2"


def test_OM_WORKSHOP_8_each_cart_one_delivery():
    """OM-WORKSHOP-8, OM-OPERA-3: carts come from occupied right slots."""
    state = phase3(slots={"right-small": ["S01"], "right-large": ["L01"]})
    assert R.carts(state["seats"][0]) == 2
    state = phase3(slots={"right-small": ["S01", "S02"], "right-large": ["L08"]})
    assert R.carts(state["seats"][0]) == 3, "two slots plus EXTRA-CART"


def test_OM_WORKSHOP_9_starting_discount_per_board():
    """OM-WORKSHOP-9, U-08."""
    state = new_game(2)
    for board, good in (("WB-1", "L"), ("WB-2", "W"), ("WB-3", "M"), ("WB-4", "S")):
        player = fixture(state, 0, board=board)
        assert payment.fixed_discounts(player)[0] == {g: int(g == good) for g in RAW}


def test_OM_WORKSHOP_10_and_TS_35_left_discount_from_next_activation():
    """OM-WORKSHOP-10, TS-35."""
    state = phase3(refined={"g": 2}, building=["S04"])
    paid = dict(state["seats"][0]["raw"])
    state, _ = play(state, 0, "build S04 gg left")
    assert state["seats"][0]["raw"] == paid
    assert payment.fixed_discounts(state["seats"][0])[0]["S"] == 1


# --------------------------------------------------------------------- opera
def delivery_state(**player):
    state = phase3(**player)
    green = place_site(state, "T1-4", 2, by=[1])
    site = place_site(state, "T2-4", 2, face="A")
    return state, green, site


def test_OM_OPERA_3_to_7_and_TS_11_glass_to_a_level_2_worksite():
    """OM-OPERA-1, OM-OPERA-3, OM-OPERA-4, OM-OPERA-5, OM-OPERA-6, OM-OPERA-7, TS-11."""
    state, _, site = delivery_state(refined={"g": 1}, cert={"S": 5}, slots={"right-small": ["S02"]})
    state, _ = play(state, 0, f"deliver {site}")
    player = state["seats"][0]
    assert state["opera"][1][1]["by"] == [0] and player["refined"]["g"] == 0
    assert player["vp"] == 8
    player["refined"]["g"] = 1
    assert refused(state, 0, f"deliver {site}").rule == "OM-OPERA-4"


def test_OM_OPERA_4d_and_TS_12_column_prerequisite():
    """OM-OPERA-4 (d), OM-OPERA-10, TS-12."""
    state, _, site = delivery_state(refined={"g": 1}, cert={"S": 5}, slots={"right-small": ["S02"]})
    state["opera"][0][1]["by"] = []
    error = refused(state, 0, f"deliver {site}")
    assert "level-1 worksite below" in error.message
    level_one = place_site(state, "T1-4", 2)
    state, _ = play(state, 0, f"deliver {level_one}")


def test_OM_OPERA_4b_and_TS_13_certificate_level():
    """OM-OPERA-4 (b), TS-13."""
    state, _, site = delivery_state(refined={"g": 1}, cert={"S": 4}, slots={"right-small": ["S02"]})
    assert "certificate" in refused(state, 0, f"deliver {site}").message


def test_OM_OPERA_4ce_and_TS_14_repeat_visit_or_no_cart():
    """OM-OPERA-4 (c), (e), OM-OPERA-3, TS-14 (a)-(c)."""
    state, _, site = delivery_state(refined={"g": 2}, cert={"S": 5}, slots={"right-small": ["S02"]})
    state["opera"][1][1]["by"] = [0]
    assert "already delivered" in refused(state, 0, f"deliver {site}").message            # (a)
    state, _, site = delivery_state(refined={"g": 1}, cert={"S": 5})
    assert "no cart" in refused(state, 0, f"deliver {site}").message                      # (b)
    state, green, site = delivery_state(refined={"g": 2}, cert={"S": 5}, slots={"right-small": ["S02"]})
    state["opera"][0][1]["by"] = []
    state, _ = play(state, 0, f"deliver {green}")
    assert "every cart" in refused(state, 0, f"deliver {site}").message                   # (c)


def test_OM_OPERA_6_8_and_TS_15_second_player_gets_no_effect():
    """OM-OPERA-6, OM-OPERA-8, TS-15."""
    state, _, site = delivery_state(refined={"g": 1}, cert={"S": 5}, slots={"right-small": ["S02"]})
    state["opera"][1][1]["by"] = [1]
    state, _ = play(state, 0, f"deliver {site}")
    assert state["opera"][1][1]["by"] == [1, 0] and state["seats"][0]["vp"] == 5


def test_OM_OPERA_9_and_Q_24_one_delivery_opens_the_next_level():
    """OM-OPERA-9: with 2 carts, level 1 then level 2 of the same worksite column."""
    state, green, site = delivery_state(refined={"g": 2}, cert={"S": 5},
                                        slots={"right-small": ["S02"], "right-medium": ["M10"]})
    state["opera"][0][1]["by"] = []
    state["opera"][0][1]["face"] = "A"
    state, _ = play(state, 0, f"deliver {green}")
    state, _ = play(state, 0, f"deliver {site}")
    assert state["seats"][0]["vp"] == 5 + 2 + 3


def test_OM_OPERA_11_later_certificate_loss_keeps_the_delivery():
    """OM-OPERA-11."""
    state, _, site = delivery_state(refined={"g": 1}, cert={"S": 5}, slots={"right-small": ["S02"]})
    state, _ = play(state, 0, f"deliver {site}")
    state["seats"][0]["cert"]["S"] = 2
    assert 0 in state["opera"][1][1]["by"] and scoring.worksite_levels(state, 0) == [2]


def test_OM_OPERA_2_and_TS_33_a_building_completed_this_turn_unlocks_a_cart():
    """OM-OPERA-2, OM-BUILD-11, OM-WORKSHOP-2, OM-OPERA-4, TS-33: R2 and S01's IMM."""
    state = phase3(refined={"b": 2, "g": 1}, building=["S01"])
    site = place_site(state, "T1-4", 1, face="B")
    assert refused(state, 0, f"deliver {site}").rule == "OM-OPERA-3", "no cart yet"
    state, _ = play(state, 0, "build S01 bb right")
    state, _ = play(state, 0, f"deliver {site}")
    assert state["pending"] and state["pending"][0]["kind"] == "raw"
    assert GAME.prompt(state, 0).startswith("Choose for Outer walls")  # the worksite token T1-4, by name
    state, _ = play(state, 0, "take SM")
    player = state["seats"][0]
    assert player["vp"] == 7 and player["raw"]["M"] == 2 and player["raw"]["S"] == 2


def test_a_move_made_before_a_pending_choice_is_refused_naming_the_choice_once():
    """OM-FLOW-3: the refusal says which choice comes first and what the answers are."""
    state = phase3(refined={"b": 2, "g": 1}, slots={"right-small": ["S01"]})
    site = place_site(state, "T1-4", 1, face="B")
    state, _ = play(state, 0, f"deliver {site}")
    error = refused(state, 0, "done")
    assert error.rule == "OM-FLOW-3"
    assert error.message.startswith("Finish this choice first. Choose for Outer walls")
    assert error.message.count("Outer walls") == 1 and "; 1 marble, 1 sand;" in error.message

def test_worksite_effects_C1_CC_F1_and_on_deliver_triggers():
    """OM-OPERA-7 with U-02 C1, CC and F1; U-05 S07, M07, L07 (ON-DELIVER)."""
    state = phase3(refined={"b": 1}, cert={"L": 5}, slots={"right-small": ["S07"], "right-medium": ["M07"],
                                                           "right-large": ["L07"]})
    place_site(state, "T1-1", 1, by=[1])
    site = place_site(state, "T2-1", 1, face="A")
    state, _ = play(state, 0, f"deliver {site}")
    assert state["pending"][0]["kind"] == "certificate"
    state, _ = play(state, 0, "cert W")
    player = state["seats"][0]
    assert player["cert"]["W"] == 4 and player["vp"] == 5 + 1 + 1 + 1
    state = phase3(refined={"c": 1}, cert={"M": 5}, slots={"right-small": ["S02"]})
    place_site(state, "T1-3", 1, by=[1])
    site = place_site(state, "T2-3", 1, face="A")
    state, _ = play(state, 0, f"deliver {site}")
    state, _ = play(state, 0, "take g")
    assert state["seats"][0]["refined"]["g"] == 1, "F1 is usable in the same phase 3"


# ------------------------------------------------------------------- convert
def test_OM_CONVERT_1_2_and_TS_10_two_bells_into_two_lead():
    """OM-CONVERT-1, OM-CONVERT-2, OM-CONVERT-4, TS-10."""
    state = phase3(refined={"b": 2})
    state, _ = play(state, 0, "convert bb")
    player = state["seats"][0]
    assert player["refined"]["b"] == 0 and player["raw"]["L"] == 3 and player["cert"]["L"] == 4


def test_OM_CONVERT_3_only_refined_spaces_and_only_phase_3():
    """OM-CONVERT-3."""
    state = phase3(refined={"b": 1}, building=[{"id": "S01", "covered": "b"}])
    assert refused(state, 0, "convert bb").rule == "OM-CONVERT-3"
    state["phase"] = "market"
    assert refused(state, 0, "convert b").rule == "OM-CONVERT-3"


def test_building_effects_turn_on_complete_on_activate():
    """U-03 vocabulary: TURN (S04, M06), ON-COMPLETE (S08, L09, M08), ON-ACTIVATE (S09), IMM (L02, M03)."""
    state = phase3(raw={"S": 1, "L": 2}, slots={"right-small": ["S04", "S08"], "right-medium": ["M06"],
                                                "right-large": ["L09"]},
                   refined={"b": 2, "p": 2, "c": 2}, building=["L02", "M03"])
    state, _ = play(state, 0, "use S04")
    assert state["seats"][0]["raw"]["S"] == 2
    assert refused(state, 0, "use S04").rule == "OM-FLOW-5", "TURN effects are once per turn"
    state, _ = play(state, 0, "use M06")
    state, _ = play(state, 0, "spend L")
    assert state["seats"][0]["refined"]["b"] == 3 and state["seats"][0]["raw"]["L"] == 1
    state["seats"][0]["refined"]["g"] = 1
    state, _ = play(state, 0, "build M03 bcg right")
    assert state["pending"][0]["kind"] == "raw" and state["pending"][0]["n"] == 3
    state, _ = play(state, 0, "take WWW")
    player = state["seats"][0]
    assert player["raw"]["W"] == 4 and player["vp"] == 5 + 1 + 2
    state = phase3(slots={"right-small": ["S09"]})
    turn_at(state, 0, "activate", moved_to="ven:gain")
    state["cities"]["ven"]["cost"] = []
    state, _ = play(state, 0, "pay")
    assert state["pending"] and state["pending"][0]["source"] == "S09"
    state = phase3(refined={"b": 1, "p": 2, "c": 1}, building=["L02"], cert={"L": 9, "W": 9, "M": 9})
    state, _ = play(state, 0, "build L02 bppc right")
    assert state["seats"][0]["cert"]["S"] == 4, "only one certificate could move, so it moved by itself"
