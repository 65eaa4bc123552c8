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
from games.lim.view import player_views

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
    """Victory points plus what the final scoring and the reports will turn into points, read from
    the seats' public part of the world (the towers and spaces are not needed)."""
    result = GAME.result(state)
    if result is not None:
        return result_value(result, seat)
    _, rows = final_scores(state)
    return relative([_estimate(player, row) for player, row in zip(player_views(state), rows)], seat)


EXCOMMUNICATION_COST = 3.0
"""Points a period I or II excommunication costs over the rest of the game (its malus applies to
every action of the kind); a period III one costs exactly what the final scoring takes."""


def _estimate(player: dict[str, Any], row: dict[str, int]) -> float:
    """The card tables and ventures as the final scoring (``row``, :func:`final_scores`) would count
    them now, with a period III excommunication's loss (a point for every resource kept, say, or
    no points for characters), plus what faith, military points, goods and cards still promise."""
    res = player["resources"]
    goods = res["wood"] + res["stone"] + res["servants"] + res["coins"]
    cards = {card_type: len(player["cards"][card_type]) for card_type in CARD_TYPES}
    lasting = sum(1 for tile in player["excommunications"] if EXCOMMUNICATIONS[tile]["period"] < 3)
    final_loss = sum(points for name, points in row.items() if name.startswith("excommunication"))
    return (res["vp"] + row["territories"] + row["characters"] + row["ventures"] + final_loss
            + 1.0 * (cards["territory"] + cards["character"]) + 1.5 * cards["building"]
            + 0.6 * res["fp"] + 0.3 * res["mp"] + 0.3 * goods + 1.5 * len(player["leaders"])
            + 0.5 * player["hand_count"] - EXCOMMUNICATION_COST * lasting)
