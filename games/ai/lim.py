"""Lorenzo il Magnifico: worlds that match a seat's view, and a position estimate.

Hidden from a seat: the order of the development decks, the leaders other seats hold or are
being passed in the draft, and the Vatican answers other seats already gave. A world deals those
from what the view does not show, and copies the rest: every decision waiting on the stack, the
turn's flags and the round's remaining turns, and each seat's once-per-round leader effects (the
member set to 6, the abilities borrowed for the round).
The table's legal moves, not the world's, are the moves the AI chooses from.
"""

from __future__ import annotations

import random
from typing import Any

import games
from games.core import clone
from games.lim.data import CARD_TYPES, CARDS, EXCOMMUNICATIONS, LEADERS, MEMBERS
from games.lim.scoring import final_scores

from . import lim_weights
from .search import Blanks, relative, result_value

GAME = games.get("lim")
ROLLOUT_WEIGHTS = {"place": 4.0, "take": 3.0, "decline": 0.3}
BLANKS = Blanks(GAME)


def determinize(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    players = view["players"]
    state = BLANKS.fresh(len(players), {"advanced": view["advanced"]})
    state["rng"] = rng.getrandbits(64)
    for key in ("phase", "round"):
        state[key] = view[key]
    state["dice"] = dict(view["dice"])
    state["order"] = list(view["turn_order"])
    state["excommunications"] = [tile["id"] for tile in view["excommunication_tiles"]]
    board: dict[str, list] = {}
    for tower, data in view["towers"].items():
        state["towers"][tower] = [floor["card"]["no"] if floor["card"] else None for floor in data["floors"]]
        for floor in data["floors"]:
            if floor["occupants"]:
                board[floor["space"]] = clone(floor["occupants"])
    for space, data in view["spaces"].items():
        if data["occupants"]:
            board[space] = clone(data["occupants"])
    state["board"] = board
    seen = {no for tower in state["towers"].values() for no in tower if no is not None}
    for index, player in enumerate(players):
        target = state["seats"][index]
        target["res"] = dict(player["resources"])
        target["cards"] = {t: [card["no"] for card in player["cards"][t]] for t in CARD_TYPES}
        seen.update(no for cards in target["cards"].values() for no in cards)
        target["members"] = {m: player["members"][m]["space"] for m in MEMBERS}
        target["tile"] = player["bonus_tile"]
        target["leaders"] = [{"id": e["id"], "down": e["face_down"], "copy": e["copies"]}
                             for e in player["leaders"]]
        target["excommunicated"] = list(player["excommunications"])
        target["round"] = clone(player["this_round"])
    _deal_decks(state, view, seen, rng)
    _deal_leaders(state, view, seat, rng)
    _rebuild_turn(state, view)
    return state


def _deal_decks(state: dict[str, Any], view: dict[str, Any], seen: set[int], rng: random.Random) -> None:
    """Each deck: the unseen cards of every period in period order, cut to the deck's size."""
    for card_type in CARD_TYPES:
        deck: list[int] = []
        for period in (1, 2, 3):
            stack = sorted(no for no, card in CARDS.items()
                           if card["type"] == card_type and card["period"] == period and no not in seen)
            rng.shuffle(stack)
            deck.extend(stack)
        count = view["deck_counts"][card_type]
        state["decks"][card_type] = deck[len(deck) - count:] if count else []


def _deal_leaders(state: dict[str, Any], view: dict[str, Any], seat: int, rng: random.Random) -> None:
    you = view["you"]
    own_hand = [leader["id"] for leader in you["hand"]]
    own_pack = list(you.get("draft_pack", []))
    shown = {e["id"] for player in view["players"] for e in player["leaders"]}
    pool = sorted(lid for lid in LEADERS if lid not in shown and lid not in own_hand and lid not in own_pack)
    rng.shuffle(pool)
    for index, player in enumerate(view["players"]):
        hidden = [pool.pop() for _ in range(player["hand_count"])] if index != seat else own_hand
        state["seats"][index]["hand"] = hidden
    if view["draft_packs"] is None:
        state["draft"] = None
    else:
        packs = [own_pack if s == seat else [pool.pop() for _ in range(n)]
                 for s, n in enumerate(view["draft_packs"])]
        picks = [None if s in view["actors"] or not packs[s] else packs[s][0] for s in range(len(packs))]
        state["draft"] = {"packs": packs, "picks": picks}
    if view["tiles_left"] is None:
        state["tile_pick"] = None
    else:
        waiting = [s for s in reversed(view["turn_order"]) if view["players"][s]["bonus_tile"] is None]
        state["tile_pick"] = {"order": waiting, "left": list(view["tiles_left"])}
    report = view["vatican"]
    if report is None:
        state["vatican"] = None
    else:
        answer = you.get("report_answer")
        choices = {str(s): (answer == "support" if s == seat else rng.random() < 0.5)
                   for s in report["answered"]}
        state["vatican"] = {"waiting": list(report["waiting"]), "choices": choices,
                            "excommunicated": [s for s in view["turn_order"] if s not in report["waiting"]]}


def _rebuild_turn(state: dict[str, Any], view: dict[str, Any]) -> None:
    """The seat on turn, its turn's flags, the rest of the round's turns and every decision waiting:
    all public, so a world holds them as the table does."""
    state["pending"] = clone(view["decisions"])
    detail = view["turn_detail"]
    if detail is None:
        state["turn"], state["queue"] = None, []
        return
    state["turn"] = {"seat": view["turn"], "skip": detail["skip"], "placed": detail["placed"]}
    state["queue"] = clone(detail["queue"])


def rollout_choice(group: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A playout's move among the legal moves of the type drawn: one drawn at random, paid with the
    fewest servants that move can be paid with, and a leader played or activated rather than
    discarded when the seat can.

    Drawn plainly, most placements spend servants (every count that reaches the space is a move of
    its own), so playouts ran their seats out of servants and judged every tower card dearer than
    it is; and a random leader move mostly threw the leader away.
    """
    drawn = group[rng.randrange(len(group))]
    if drawn.get("servants"):
        return _fewest_servants(group, drawn)
    if drawn["type"] == "leader" and drawn["do"] == "discard":
        kept = [action for action in group if action["do"] != "discard"]
        if kept:
            return kept[rng.randrange(len(kept))]
    return drawn


_ABSENT = object()


def _fewest_servants(group: list[dict[str, Any]], drawn: dict[str, Any]) -> dict[str, Any]:
    """The move of ``group`` that is ``drawn`` but for the fewest servants (a playout's hot spot:
    only moves with fewer servants than the best so far are compared key by key)."""
    best, fewest = drawn, drawn["servants"]
    rest = [(key, value) for key, value in drawn.items() if key != "servants"]
    size = len(drawn)
    for action in group:
        servants = action.get("servants")
        if (servants is not None and servants < fewest and len(action) == size
                and all(action.get(key, _ABSENT) == value for key, value in rest)):
            best, fewest = action, servants
            if not fewest:
                break
    return best


def evaluate(state: dict[str, Any], seat: int) -> float:
    """The seats' expected final scores (:func:`expected_scores`), read from the seats' public part of
    the world (the towers and spaces are not needed); a finished game by its result."""
    result = GAME.result(state)
    if result is not None:
        return result_value(result, seat)
    return relative(expected_scores(state), seat)


FEATURES = ("points", "territory_points", "character_points", "venture_points", "military_rank_points",
            "territories", "characters", "buildings", "ventures", "faith", "military", "coins", "wood",
            "stone", "servants", "leaders_played", "leaders_in_hand", "lasting_excommunications")
"""What a seat's expected final score is learned from (:data:`games.ai.lim_weights.WEIGHTS`): its
points, the final scoring's card tables, ventures and military ranks as they would count now, and
what it holds toward more."""

SIGNS = (1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1)
"""The sign each weight of :data:`FEATURES` is trained with (1: at least 0, -1: at most 0, 0: free).
In self-play a seat's points to come fall as its points now rise (the same seats run ahead, then
slow down), and a plain fit learned that: it valued a point won now at half a point and a building
owned at minus six. A move that wins a point or a card never loses points by itself, so these
weights may not be negative; a military rank may yet be lost, and an excommunication only costs."""


HAND_SET_WEIGHTS = (0, 0, 0, 0, -1, 1.0, 1.0, 1.5, 0, 0.6, 0.3, 0.1, 0.1, 0.1, 0.1, 1.5, 0.5, -3.0, 0)
"""Where the training starts (``bench/train_evaluation.py`` plays its first games with these, for
every key): the estimate of before 3 December 2026, a point a territory or character card, 1.5 a
building or leader, 0.6 a faith point, 0.3 a military point or good, 3 points lost to a lasting
excommunication. Said as points still to come, a good is 0.1: the final scoring already counts a
point for every five resources (0.2 a good)."""


def stage(state: dict[str, Any]) -> tuple[int, int]:
    """The weights' key: the number of players and the round (the set-up counts as round 1)."""
    return len(state["seats"]), min(6, max(1, state["round"]))


def features(seat: dict[str, Any], row: dict[str, int]) -> tuple[float, ...]:
    """:data:`FEATURES` of one seat of the world, from what its public view shows (its leaders in
    hand by their number only) and its final-scoring row now.

    Read from the world's seat rather than from :func:`games.lim.view.player_views`, which would
    describe every card and member at each playout's end for the same counts."""
    res = seat["res"]
    cards = seat["cards"]
    return (res["vp"], row["territories"], row["characters"], row["ventures"], row["military"],
            len(cards["territory"]), len(cards["character"]), len(cards["building"]), len(cards["venture"]),
            res["fp"], res["mp"], res["coins"], res["wood"], res["stone"], res["servants"],
            len(seat["leaders"]), len(seat["hand"]),
            sum(1 for tile in seat["excommunicated"] if EXCOMMUNICATIONS[tile]["period"] < 3))


def training_rows(state: dict[str, Any]) -> list[tuple[tuple[int, int], tuple[float, ...]]]:
    """Each seat's weights key and features (``bench/train_evaluation.py`` labels them with the points
    the seat went on to score: its final score less :func:`score_now`)."""
    _, rows = final_scores(state)
    key = stage(state)
    return [(key, features(seat, row)) for seat, row in zip(state["seats"], rows)]


def score_now(state: dict[str, Any]) -> list[float]:
    """Each seat's score if the game ended now (what the trained estimate is compared with)."""
    return [float(total) for total in final_scores(state)[0]]


def expected_scores(state: dict[str, Any]) -> list[float]:
    """Each seat's final score: what it would score if the game ended now (the final scoring, a
    period III excommunication's exact loss included) plus the points seats went on to score from
    positions like this one in self-play games (a linear model per number of players and round,
    trained by ``bench/train_evaluation.py``)."""
    totals, rows = final_scores(state)
    weights = lim_weights.WEIGHTS[stage(state)]
    bias = weights[-1]
    return [total + bias + sum(w * x for w, x in zip(weights, features(seat, row)))
            for total, seat, row in zip(totals, state["seats"], rows)]
