"""The engine shape of Opera Magna: the move table and its flags, refusals that cite their own rule
and no other, and a notation whose every accepted text is a listed legal move."""

from __future__ import annotations

import random

import pytest

from games.core import RULE_ID, IllegalAction
from games.opera import GAME
from games.opera.data import RAW
from opera.helpers import cost_row, fixture, gain_row, new_game, place_site, play, refused, turn_at


def only_rule(error: IllegalAction, rule: str) -> None:
    assert error.rule == rule and set(RULE_ID.findall(error.message)) == {rule}, error.message


def listed(state: dict, seat: int = 0) -> set[str]:
    return {GAME.notation(a) for a in GAME.legal_actions(state, seat)}


def phase(name: str, **player) -> dict:
    state = new_game(2)
    fixture(state, 0, **player)
    return turn_at(state, 0, name)


def activation(costs, benefits=("WM",), **player) -> dict:
    state = new_game(2)
    fixture(state, 0, **player)
    turn_at(state, 0, "activate", moved_to="ven:gain")
    cost_row(state, "ven", *costs)
    gain_row(state, "ven", *benefits)
    return state


# ------------------------------------------------------------------------ move table
def test_OM_MARKET_12_move_table_flags_follow_what_is_hidden():
    """OM-SETUP-5, OM-SETUP-37, OM-MERCHANT-6, OM-ENDTURN-4, OM-MARKET-8, OM-MARKET-12, OM-FLOW-4:
    the moves that turn up hidden cards may not be taken back; no notation names a card that stays
    hidden; one seat acts at a time, so nothing is a simultaneous decision."""
    table = {move.type: move for move in GAME.moves()}
    assert {kind for kind, move in table.items() if move.reveals} == {"draft", "move", "pick", "buy"}
    assert not any(move.private or move.own_decision for move in table.values())
    assert set(table) == {"draft", "move", "pay", "ability", "use", "refine", "build", "deliver", "convert",
                          "done", "pick", "buy", "take", "certify", "spend"}


def test_OM_CONVERT_3_a_move_out_of_its_phase_cites_the_moves_rule():
    state = phase("market", building=["S01", "S02"], refined={"b": 1})
    only_rule(refused(state, 0, "convert b"), "OM-CONVERT-3")
    only_rule(refused(state, 0, "pay"), "OM-CITY-2")
    only_rule(refused(new_game(2), 0, "buy 0"), "OM-ENDTURN-8")


def test_OM_FLOW_3_a_choice_comes_before_any_other_move():
    state = phase("refined", refined={"b": 1}, slots={"right-small": ["S01"]})
    site = place_site(state, "T1-1", 1, face="A")
    state, _ = play(state, 0, f"deliver {site}")
    assert GAME.phase(state, 0) == "choice"
    only_rule(refused(state, 0, "done"), "OM-FLOW-3")
    assert listed(state) == {f"take {a}{b}" for i, a in enumerate(RAW) for b in RAW[i:]}
    only_rule(refused(new_game(2), 0, "take LW"), "OM-FLOW-3")


# --------------------------------------------------------------------------- refusals
def test_OM_MARKET_1_2_10_market_refusals_cite_their_own_rule():
    state = phase("market", building=["S01", "S02"], raw={"L": 2, "W": 2})
    only_rule(refused(state, 0, "buy 7"), "OM-MARKET-1")
    only_rule(refused(state, 0, "buy 0 L"), "OM-MARKET-2")
    only_rule(refused(state, 0, "buy 2 L"), "OM-MARKET-2")
    only_rule(refused(state, 0, "buy 2 MM"), "OM-MARKET-3")
    state["market"][3] = None
    only_rule(refused(state, 0, "buy 3"), "OM-MARKET-10")


def test_OM_OPERA_3_and_OM_OPERA_4_delivery_refusals_cite_their_own_rule():
    state = phase("refined", refined={"g": 2}, cert={"S": 5}, slots={"right-small": ["S02"]})
    site = place_site(state, "T1-4", 1)
    state, _ = play(state, 0, f"deliver {site}")
    only_rule(refused(state, 0, f"deliver {site}"), "OM-OPERA-4")
    state["opera"][0][0]["by"] = []
    state["seats"][0]["cert"]["S"] = 5
    only_rule(refused(state, 0, f"deliver {site}"), "OM-OPERA-3")
    only_rule(refused(state, 0, "deliver 4.1"), "OM-OPERA-1")


def test_OM_WORKSHOP_2_5_6_conversion_refusals_cite_their_own_rule():
    state = phase("refined", board="WB-1", raw={"L": 1, "W": 0}, slots={"left-small": ["S05"],
                                                                      "left-medium": ["M01"]})
    only_rule(refused(state, 0, "refine large"), "OM-WORKSHOP-2")
    only_rule(refused(state, 0, "refine medium"), "OM-WORKSHOP-6")
    state, _ = play(state, 0, "refine small")
    only_rule(refused(state, 0, "refine small"), "OM-WORKSHOP-5")
    only_rule(refused(state, 0, "refine tiny"), "OM-COMP-4")


def test_OM_FLOW_5_and_OM_WORKSHOP_4_building_effect_refusals_cite_their_own_rule():
    state = phase("refined", raw={"S": 1}, slots={"right-small": ["S04"], "right-medium": ["M01"]})
    only_rule(refused(state, 0, "use M01"), "OM-WORKSHOP-4")
    only_rule(refused(state, 0, "use L01"), "OM-WORKSHOP-4")
    state, _ = play(state, 0, "use S04")
    only_rule(refused(state, 0, "use S04"), "OM-FLOW-5")


def test_OM_CITY_7_8_12_ability_refusals_cite_their_own_rule():
    """OM-CITY-7 (a merchant in the cost area), OM-GOODS-5 and Q-25 (spending a raw good not held),
    OM-CITY-12 (CON-1 applies itself to the payment), OM-CITY-8 (once per turn)."""
    state = activation(("LL",), raw={"L": 3}, slots={"left-medium": ["M01"]})
    state["cities"]["ven"]["ability"] = "VEN-2"
    only_rule(refused(state, 0, "ability"), "OM-CITY-7")
    state["turn"]["ability"] = True
    state["seats"][0]["raw"]["S"] = 0
    only_rule(refused(state, 0, "ability"), "OM-GOODS-5")
    state["cities"]["ven"]["ability"] = "CON-1"
    only_rule(refused(state, 0, "ability"), "OM-CITY-12")
    state["turn"]["ability_used"] = True
    only_rule(refused(state, 0, "ability"), "OM-CITY-8")


def test_OM_PAY_4_a_wild_discount_left_unused_is_refused():
    """OM-PAY-4: discounts always apply, so a wild discount put on a type that costs nothing is
    refused; one that merely names a different listed outcome is read as that outcome."""
    state = activation(("LL",), raw={"L": 0}, slots={"left-medium": ["M01"]})
    only_rule(refused(state, 0, "pay wild:S"), "OM-PAY-4")
    only_rule(refused(state, 0, "pay wild:LL"), "OM-PAY-2")
    only_rule(refused(activation(("LL",), raw={"L": 3}), 0, "pay wild:L"), "OM-PAY-2")
    only_rule(refused(state, 0, "pay shield:L"), "OM-WORKSHOP-4")


def test_OM_FLOW_3_answers_cite_the_rule_of_their_choice():
    state = phase("refined", refined={"b": 1}, cert={"L": 5}, slots={"right-small": ["S01"]})
    place_site(state, "T1-1", 1, by=[1])
    site = place_site(state, "T2-1", 1, face="A")
    state, _ = play(state, 0, f"deliver {site}")
    only_rule(refused(state, 0, "cert LW"), "OM-GOODS-10")
    state = phase("refined", refined={"b": 1}, slots={"right-small": ["S01"]})
    site = place_site(state, "T1-1", 1, face="A")
    state, _ = play(state, 0, f"deliver {site}")
    only_rule(refused(state, 0, "take L"), "OM-GOODS-3")


# --------------------------------------------------------------------------- notation
@pytest.mark.parametrize("text", ["buy ²", "buy " + "1" * 4301, "buy 1 L L", "deliver 1.٣", "buy 99999999",
                                  "pay wild:L wild:L", "pay shield:L shield:L", "pay shield:LW", "take L2",
                                  "convert bp", "build S01 xx", "\x00"])
def test_CORE_NOTATION_parse_refuses_bad_text_in_one_sentence(text):
    with pytest.raises(IllegalAction) as error:
        GAME.parse(new_game(2), text)
    assert error.value.rule == "CORE-NOTATION" and "\n" not in error.value.message


def test_CORE_NOTATION_a_repeated_key_is_refused():
    state = activation(("LL", "S"), raw={"L": 0, "S": 0}, slots={"right-medium": ["M09"]}, benefits=())
    for text in ("pay shield:S shield:S", "pay shield:S shield:L"):
        with pytest.raises(IllegalAction) as error:
            GAME.play(state, 0, text)
        assert error.value.rule == "CORE-NOTATION"


def test_OM_MARKET_4_buy_without_goods_reads_as_the_listed_payment():
    """OM-MARKET-4: ``buy 3`` names the goods the engine would pay, so its canonical form is listed;
    goods in any order read back in L W M S order."""
    state = phase("market", building=["S01", "S02"], raw={"L": 1, "W": 3, "M": 0, "S": 2})
    assert GAME.parse(state, "buy 3") == {"type": "buy", "slot": 3, "pay": "WWS"}
    assert GAME.parse(state, "buy 2 sl") == {"type": "buy", "slot": 2, "pay": "LS"}
    assert {"buy 3 WWS", "buy 2 LS", "buy 0"} <= listed(state)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 0, {"type": "buy", "slot": 3})
    assert error.value.rule == "CORE-NOTATION"


def test_OM_PAY_3_an_explicit_payment_reads_as_the_listed_option_with_its_outcome():
    """OM-PAY-2, OM-PAY-3: two wild discounts on a cost of one L: ``pay wild:LS`` and
    ``pay wild:LL`` pay what the listed ``pay wild:L`` pays (discount beyond the cost is lost), and
    are read as it."""
    state = activation(("L",), raw={"L": 0}, slots={"left-medium": ["M01", "M02"]}, benefits=())
    assert "pay wild:L" in listed(state)
    for text in ("pay wild:LS", "pay wild:ll"):
        assert GAME.parse(state, text) == {"type": "pay", "wild": "L"}


def test_OM_BUILD_3_every_set_of_goods_that_fits_is_listed():
    state = phase("refined", refined={"b": 1, "p": 1, "c": 1}, building=["M01", "S01"])
    builds = {text for text in listed(state) if text.startswith("build")}
    assert builds == {"build M01 bpc left", "build M01 bpc right", "build M01 bp", "build M01 bc",
                      "build M01 pc", "build M01 b", "build M01 p", "build M01 c", "build S01 b"}
    assert GAME.notation(GAME.parse(state, "build m01 CP")) == "build M01 pc"


def test_OM_CONVERT_1_every_count_of_each_type_is_listed():
    state = phase("refined", refined={"b": 2, "g": 1})
    converts = {text for text in listed(state) if text.startswith("convert")}
    assert converts == {"convert bb", "convert b", "convert g"}


def test_CORE_NOTATION_every_text_near_a_legal_move_is_refused_or_listed():
    """CORE-NOTATION: over random positions, whatever text is accepted reads back as a listed move
    (the notation round trip is canonical), and every refusal names exactly its rule."""
    chooser = random.Random(3)
    for seed in range(6):
        state = GAME.setup(2 + seed % 3, seed)
        for step in range(160):
            if GAME.result(state) is not None:
                break
            (seat,) = GAME.actors(state)
            legal = GAME.legal_actions(state, seat)
            texts = {GAME.notation(a) for a in legal}
            if step % 7 == 0:
                for text in chooser.sample(sorted(texts), min(3, len(texts))):
                    words = text.split()
                    for attempt in (text.upper(), " ".join(reversed(words)), text + " x",
                                    " ".join(words[:-1]), text.replace("1", "2")):
                        try:
                            action = GAME.parse(state, attempt)
                            GAME.apply(state, seat, action)
                        except IllegalAction as error:
                            named = set(RULE_ID.findall(error.message))
                            assert named <= {error.rule} and (error.rule.startswith("CORE") or named)
                            continue
                        assert GAME.notation(action) in texts, attempt
            state, _ = GAME.apply(state, seat, chooser.choice(legal))


def test_CORE_NOTATION_stored_spellings_of_earlier_versions_still_replay():
    """A move log written before canonical forms were unique still replays: goods in any order,
    ``buy <space>`` without goods, and an explicit ``pay`` all read as a listed move."""
    state = phase("market", building=["S01", "S02"], raw={"L": 2, "W": 2})
    after, _ = GAME.play(state, 0, "buy 2")
    assert after["seats"][0]["raw"] == {"L": 1, "W": 1, "M": 1, "S": 1}
    state = phase("refined", refined={"b": 1, "p": 1, "c": 1}, building=["M01"])
    after, _ = GAME.play(state, 0, "build M01 cp")
    assert after["seats"][0]["building"][0]["covered"] == "pc"
