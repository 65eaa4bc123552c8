"""Lorenzo il Magnifico's learned position estimate: a seat's score if the game ended now plus the
points seats went on to score from like positions in self-play (``games/ai/lim_weights.py``,
written by ``bench/train_evaluation.py``)."""

from __future__ import annotations

import games
from games.ai import lim, lim_weights
from games.core import clone
from games.lim.data import EXCOMMUNICATIONS, LEADERS
from games.lim.scoring import final_scores
from games.lim.view import player_views

LIM = games.get("lim")


def test_the_weights_cover_every_number_of_players_and_round_with_the_signs_they_were_trained_with():
    assert set(lim_weights.WEIGHTS) == {(players, round_) for players in (2, 3, 4) for round_ in range(1, 7)}
    for weights in lim_weights.WEIGHTS.values():
        assert len(weights) == len(lim.FEATURES) + 1  # the constant last
        for weight, sign in zip(weights, lim.SIGNS):
            assert weight * sign >= 0


def test_the_weights_name_the_command_that_trained_them():
    assert "python bench/train_evaluation.py --game lim" in lim_weights.__doc__


def test_a_point_won_now_raises_a_seats_expected_score_by_at_least_a_point():
    """LIM-SCORE-2: points won are kept to the end; a point is never worth less than itself."""
    for players in (2, 4):
        for round_ in (1, 3, 6):
            state = LIM.setup(players, 9)
            state["round"] = round_
            richer = clone(state)
            richer["seats"][0]["res"]["vp"] += 1
            gain = lim.expected_scores(richer)[0] - lim.expected_scores(state)[0]
            assert gain >= 1 - 1e-9


def test_the_estimate_is_read_from_the_public_view_only():
    """Other seats' leaders in hand count by their number, never by which they are."""
    state = LIM.setup(2, 4, {"advanced": True})
    while state["phase"] != "actions":
        seat = sorted(LIM.actors(state))[0]
        state = LIM.play(state, seat, LIM.notation(LIM.legal_actions(state, seat)[0]))[0]
    held = {leader for seat in state["seats"] for leader in seat["hand"]}
    swapped = clone(state)
    hand = swapped["seats"][1]["hand"]
    swapped["seats"][1]["hand"] = [leader for leader in sorted(LEADERS) if leader not in held][:len(hand)]
    assert swapped["seats"][1]["hand"] != hand
    assert lim.evaluate(swapped, 0) == lim.evaluate(state, 0)


def test_the_features_are_what_each_seats_public_view_shows():
    """Read from the world's seats for speed, the features are the counts the public view gives."""
    state = LIM.setup(3, 2, {"advanced": True})
    checked = 0
    for number in range(160):
        if LIM.result(state) is not None:
            break
        _, rows = final_scores(state)
        for player, seat, row in zip(player_views(state), state["seats"], rows):
            res, cards = player["resources"], player["cards"]
            assert lim.features(seat, row) == (
                res["vp"], row["territories"], row["characters"], row["ventures"], row["military"],
                *(len(cards[kind]) for kind in ("territory", "character", "building", "venture")),
                *(res[good] for good in ("fp", "mp", "coins", "wood", "stone", "servants")),
                len(player["leaders"]), player["hand_count"],
                sum(1 for tile in player["excommunications"] if EXCOMMUNICATIONS[tile]["period"] < 3))
            checked += 1
        actor = sorted(LIM.actors(state))[0]
        legal = LIM.legal_actions(state, actor)
        state = LIM.play(state, actor, LIM.notation(legal[number % len(legal)]))[0]
    assert checked > 300
