"""The moves that need a second thought (issue 17): every engine's ``describe(...).destructive``
flags a leader discarded, goods that will be thrown away and points lost, across positions, and
nothing else in the cases below."""

from __future__ import annotations

import copy

import pytest

import games
from games.opera import describe as opera_describe
from games.opera import payment as opera_payment
from games.opera import rules as opera_rules
from tests.engine_checks import positions


def vp_of(game, state, seat: int) -> int:
    """The seat's points now. Masters of Renaissance's score for the resources left at the end
    (MOR-SCORE-5) is left out: it moves with every resource spent, which is play, not a loss."""
    player = game.view(state, None)["players"][seat]
    if "vp_breakdown" in player:
        return player["vp"] - player["vp_breakdown"]["resources"]
    return player["resources"]["vp"] if "resources" in player else player["vp"]


@pytest.mark.parametrize(("key", "players", "options"),
                         [("mor", 2, {}), ("lim", 2, {"advanced": True}), ("opera", 2, {}), ("opera", 3, {})])
def test_every_move_that_loses_victory_points_asks_for_a_confirmation(key, players, options):
    """OM-PAY-7: in Opera Magna a payment can cost points; no other move of any game loses points
    without saying so."""
    game = games.get(key)
    losing = 0
    for seed in (1, 2, 3):
        for state, seat in positions(game, players, seed, options, every=2, limit=300):
            before = vp_of(game, state, seat)
            for action in game.legal_actions(state, seat)[:40]:
                after, _ = game.apply(state, seat, action)
                if vp_of(game, after, seat) < before:
                    losing += 1
                    assert "VP" in game.describe(state, seat, action).destructive, game.notation(action)
    if key == "opera":
        assert losing, "random Opera Magna games meet payments that cost points"


class LostGoods:
    """Counts the goods the Opera Magna engine itself throws away while a move is applied: the
    engine's own ``gain_raw`` and ``gain_refined``, which say False when a good is lost."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        for name in ("gain_raw", "gain_refined"):
            real = getattr(opera_rules, name)
            for module in ("city", "effects", "workshop"):
                target = getattr(games.opera, module)
                if getattr(target, name, None) is real:
                    monkeypatch.setattr(target, name, self._counting(real))

    def _counting(self, real):
        def gain(state, player, good):
            kept = real(state, player, good)
            self.count += not kept
            return kept
        return gain


def test_OM_GOODS_6_OM_REFINED_5_every_move_that_throws_goods_away_asks_for_a_confirmation(monkeypatch):
    """A raw good beyond the cap is lost (OM-GOODS-3, OM-GOODS-6) and a refined good gained in
    phase 4 is discarded at once (OM-REFINED-5): the moves that do either say so. Positions are
    pushed towards the cap so the case comes up often."""
    opera = games.get("opera")
    lost = LostGoods(monkeypatch)
    throwing = 0
    for seed in (1, 2, 3, 4):
        for state, seat in positions(opera, 2, seed, every=2, limit=300):
            near_cap = copy.deepcopy(state)
            player = near_cap["seats"][seat]
            for good in player["raw"]:
                player["raw"][good] = max(player["raw"][good], near_cap["options"]["raw_cap"] - 1)
                player["cert"][good] = max(player["cert"][good], player["raw"][good] + 1)
            for position in (state, near_cap):
                for action in opera.legal_actions(position, seat)[:40]:
                    lost.count = 0
                    opera.apply(position, seat, action)
                    reason = opera.describe(position, seat, action).destructive
                    if lost.count:
                        throwing += 1
                        assert "lost" in reason or "discarded" in reason, (opera.notation(action), position["phase"])
    assert throwing > 20


def opera_in_phase(phase: str, seed: int = 1):
    opera = games.get("opera")
    for state, seat in positions(opera, 2, seed, every=1, limit=400):
        if state["phase"] == phase and not state["pending"]:
            return opera, copy.deepcopy(state), seat
    raise AssertionError(f"no {phase} position")


def test_OM_GOODS_6_converting_into_a_raw_good_at_the_cap_says_the_good_is_lost():
    opera, state, seat = opera_in_phase("refined")
    player = state["seats"][seat]
    player["refined"]["b"] = 2
    player["raw"]["L"], player["cert"]["L"] = state["options"]["raw_cap"] - 1, state["options"]["raw_cap"] + 1
    one = opera_describe.describe_action(state, seat, {"type": "convert", "goods": "b"})
    two = opera_describe.describe_action(state, seat, {"type": "convert", "goods": "bb"})
    assert one.destructive == ""
    assert two.destructive == "1 lead will be lost: you may hold at most 8 of each raw good."


def test_OM_PAY_7_a_payment_that_costs_points_says_how_many():
    opera, state, seat = opera_in_phase("activate")
    player = state["seats"][seat]
    for good in player["raw"]:
        player["raw"][good], player["cert"][good] = 0, 2
    player["vp"] = 10
    [pay, *_] = [a for a in opera.legal_actions(state, seat) if a["type"] == "pay"]
    found = opera.describe(state, seat, pay)
    after, _ = opera.apply(state, seat, pay)
    lost = 10 - after["seats"][seat]["vp"]
    assert lost > 0 and found.destructive.startswith(f"You lose {lost} VP") and "costs points" in found.destructive


def test_OM_REFINED_5_refining_after_phase_3_says_the_good_is_discarded():
    opera, state, seat = opera_in_phase("build")
    refines = [a for a in opera.legal_actions(state, seat) if a["type"] == "refine"]
    if not refines:  # give the seat a left building and the raw good its conversion spends
        player = state["seats"][seat]
        size = "small"
        player["slots"]["left"][size] = player["slots"]["left"][size] or ["S01"]
        good = games.opera.data.DATA.boards[player["board"]]["conversions"][size]
        player["raw"][good] = max(player["raw"][good], 1)
        refines = [a for a in opera.legal_actions(state, seat) if a["type"] == "refine"]
    assert refines
    found = opera.describe(state, seat, refines[0])
    assert "discarded at once: phase 3 is over" in found.destructive
    phase3 = opera_in_phase("refined")
    assert not any(opera.describe(phase3[1], phase3[2], a).destructive for a in phase3[0].legal_actions(phase3[1], phase3[2])
                   if a["type"] == "refine")


def test_several_reasons_are_given_one_after_the_other():
    """A payment that costs points (OM-PAY-7) for a city whose benefits go over the cap (OM-GOODS-6)."""
    opera = games.get("opera")
    for seed in (1, 2, 3, 4, 5):
        for state, seat in positions(opera, 2, seed, every=1, limit=200):
            if state["phase"] != "activate" or state["pending"]:
                continue
            city, _ = opera_rules.split_area(state["turn"]["moved_to"])
            gained = "".join(games.opera.data.DATA.trade[c]["benefit"] for c in state["cities"][city]["gain"] if c)
            costs = opera_payment.gross_cost(state, city)
            free = [g for g in gained if g in games.opera.data.RAW and not costs.get(g)]
            if not free:
                continue
            state = copy.deepcopy(state)
            player = state["seats"][seat]
            for good in player["raw"]:
                player["raw"][good], player["cert"][good] = 0, 2
            cap = state["options"]["raw_cap"]
            player["raw"][free[0]], player["cert"][free[0]], player["vp"] = cap, cap + 1, 10
            pay = next(a for a in opera.legal_actions(state, seat) if a["type"] == "pay")
            reason = opera.describe(state, seat, pay).destructive
            assert reason.index("costs points") < reason.index("each raw good")
            assert reason.template == "{first} {then}"
            return
    raise AssertionError("no activation of a city that gives a raw good it does not cost")


def test_MOR_WAREHOUSE_9_a_discard_written_out_is_counted_like_a_layout():
    """``place discard:<resource>`` is read as the layout of the rest, so it asks like that layout."""
    mor = games.get("mor")
    for state, seat in positions(mor, 2, 3, every=1, limit=400):
        if state["phase"] == "play" and state["turn"]["pending"] is not None:
            gained = sorted(state["turn"]["pending"]["gained"])
            action = mor.parse(state, f"place discard:{gained[0]}")
            found = mor.describe(state, seat, action)
            assert "(discards 1)" in found.label and "1 resource is thrown away" in found.destructive
            return
    raise AssertionError("no placement")


def test_MOR_WAREHOUSE_9_MOR_LEADER_5_exactly_the_discards_ask_in_masters():
    """Storing so that resources are thrown away (each moves the other players on the faith
    track, MOR-WAREHOUSE-9) and discarding a leader (MOR-LEADER-5) ask; no other move does."""
    mor = games.get("mor")
    throwing = 0
    for seed in (1, 2):
        for state, seat in positions(mor, 3, seed, every=2, limit=300):
            faith = [p["faith"] for p in mor.view(state, None)["players"]]
            for action in mor.legal_actions(state, seat)[:60]:
                reason = mor.describe(state, seat, action).destructive
                after, _ = mor.apply(state, seat, action)
                others = [p["faith"] for s, p in enumerate(mor.view(after, None)["players"]) if s != seat]
                throws = action["type"] == "place" and others != [f for s, f in enumerate(faith) if s != seat]
                throwing += throws
                if throws:
                    assert "1 step on the faith track" in reason, mor.notation(action)
                elif action["type"] == "leader" and action["op"] == "discard":
                    assert "gone for the rest of the game" in reason
                else:
                    assert reason == "", mor.notation(action)
    assert throwing


def test_LIM_LEADER_5_LIM_VATICAN_5_exactly_a_leader_discard_and_refusing_the_church_ask_in_lorenzo():
    """Lorenzo il Magnifico has no cap on goods and no move that costs points: what asks is a
    leader discarded (LIM-LEADER-5) and an excommunication taken instead of the Church's support
    (LIM-VATICAN-5, LIM-VATICAN-7)."""
    lim = games.get("lim")
    asked = set()
    for seed in (1, 2):
        for state, seat in positions(lim, 2, seed, {"advanced": True}, every=1, limit=400):
            for action in lim.legal_actions(state, seat)[:60]:
                reason = lim.describe(state, seat, action).destructive
                risky = (action["type"] == "leader" and action["do"] == "discard"
                         or action["type"] == "report" and not action["support"])
                assert bool(reason) == risky, lim.notation(action)
                if risky:
                    asked.add(action["type"])
    assert asked == {"leader", "report"}
