"""Masters of Renaissance: worlds that match a seat's view, and a position estimate.

Hidden from a seat: the order of each deck below its top card, the leaders other seats hold (or
were dealt), the order of Lorenzo's token stack. A world deals those from the components the
view does not show.
"""

from __future__ import annotations

import math
import random
from typing import Any

import games
from games.mor.data import CARDS, END_CARDS, LEADERS, TOKENS, VP_SPACES, deck_of, id_number

from .search import Blanks, Budget, result_value

GAME = games.get("mor")
ROLLOUT_WEIGHTS = {"buy": 12.0, "place": 6.0, "produce": 3.0, "market": 3.0, "leader": 2.0, "end": 1.0}
BUDGETS = {"normal": Budget(worlds=8, keep=8, playouts=128, depth=16),
           "strong": Budget(worlds=16, keep=8, playouts=1024, depth=16)}
"""Playouts twice as deep as the levels' own: a turn here is several moves (take from the market,
store what was taken, end), so 8 moves do not reach the next turn of every seat at four players
(measured in docs/ai.md)."""
BLANKS = Blanks(GAME)


def determinize(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    state = BLANKS.fresh(view["player_count"])
    you = view["you"]
    state["rng"] = rng.getrandbits(64)
    state["phase"] = view["phase"]
    market = view["market"]
    state["market"] = {"grid": [list(row) for row in market["grid"]], "slide": market["slide"]}
    state["removed"] = list(view["removed_cards"])
    owned = {card for player in view["players"] for slot in player["slots"] for card in slot["cards"]}
    gone = owned | set(state["removed"])
    for deck in view["decks"]:
        top = deck["top"]["id"] if deck["top"] else None
        rest = sorted((c for c in CARDS if deck_of(c) == deck["deck"] and c not in gone and c != top),
                      key=id_number)
        rng.shuffle(rest)
        state["decks"][deck["deck"]] = ([top] if top else []) + rest[: max(0, deck["count"] - 1)]
    own_leaders = [leader["id"] for leader in you["hand"] + you["dealt"]]
    played = {leader["id"] for player in view["players"] for leader in player["leaders"]}
    unseen = sorted((lid for lid in LEADERS if lid not in played and lid not in own_leaders), key=id_number)
    rng.shuffle(unseen)
    for index, player in enumerate(view["players"]):
        target = state["seats"][index]
        target["faith"] = player["faith"]
        target["favour"] = [tile["state"] for tile in player["favour"]]
        target["depots"] = [[depot["resource"], depot["count"]] for depot in player["depots"]]
        target["leader_depots"] = {depot["leader"]: depot["count"] for depot in player["leader_depots"]}
        target["strongbox"] = dict(player["strongbox"])
        target["slots"] = [list(slot["cards"]) for slot in player["slots"]]
        target["played"] = [leader["id"] for leader in player["leaders"]]
        target["ready"] = player["ready"]
        if index == seat:
            target["hand"] = [leader["id"] for leader in you["hand"]]
            target["dealt"] = [leader["id"] for leader in you["dealt"]]
            continue
        held = [unseen.pop() for _ in range(min(player["hand_count"], len(unseen)))]
        target["hand"], target["dealt"] = ([], held) if not player["ready"] else (held, [])
    state["reported"] = [section["reported"] for section in view["vatican"]]
    state["end_triggered"] = view["end_triggered"]
    turn = view["turn"]
    pending = view["pending"]
    state["turn"] = {"seat": turn["seat"] if turn["seat"] is not None else 0,
                     "main": turn["main_action_done"], "number": turn["number"],
                     "pending": {"gained": dict(pending["gained"])} if pending else None}
    solo = view["solo"]
    if solo is not None:
        stack = sorted(t for t in TOKENS if t not in solo["revealed"])
        rng.shuffle(stack)
        last = solo["last_token"]
        state["solo"] = {"cross": solo["black_cross"], "stack": stack[: solo["tokens_in_stack"]],
                         "revealed": list(solo["revealed"]), "last_token": last["id"] if last else None,
                         "outcome": dict(solo["outcome"]) if solo["outcome"] else None}
    state["last"] = []
    return state


def candidates(view: dict[str, Any], legal: list[str]) -> list[str]:
    """The moves worth judging: rearranging the depots only while market resources await placement.

    Rearranging changes nothing the evaluation sees, and it is always legal; judged at any time,
    it can look no worse than ending the turn, and a seat may then rearrange for ever.
    """
    if view["pending"] is not None:
        return legal
    return [text for text in legal if not text.startswith("arrange")] or legal


def rollout_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The moves a playout draws from: while market resources await placement only the plain
    ``place``, which :func:`rollout_choice` would pick among every layout anyway (listing them
    all is the dearest part of a playout), else every legal move."""
    if state["phase"] == "play" and state["turn"]["pending"] is not None:
        return [{"type": "place"}]
    return GAME.legal_actions(state, seat)


def rollout_choice(group: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A playout's move among the legal moves of the type drawn: market resources are stored as a
    plain ``place`` stores them (the most kept), any other move is drawn at random.

    Stored at random, most layouts discard, and every unit discarded moves each other seat one
    faith space: every playout became a faith race, in which cards never looked worth buying.
    """
    plain = [action for action in group if action["type"] == "place" and "layout" not in action]
    return plain[0] if plain else group[rng.randrange(len(group))]


def evaluate(state: dict[str, Any], seat: int) -> float:
    """A finished game by its result; else the place the seat can expect, from each seat's estimate."""
    result = GAME.result(state)
    if result is not None:
        return result_value(result, seat)
    estimates = _estimates(GAME.view(state, None))
    if len(estimates) == 1:
        return estimates[0]
    return expected_place(estimates, seat)


PLACE_SPREAD = 8.0
"""Points of estimate at which a lead over one opponent counts as three quarters won (tanh 1 = 0.76)."""


def expected_place(estimates: list[float], seat: int) -> float:
    """The seat's standing on the scale of a finished game's value (:func:`result_value`).

    A finished game is worth 1000 times the mean, over the opponents, of +1 for each one the seat
    finished ahead of and -1 for each one behind (first of four: 1000, second: 333...), plus the
    margin over the best opponent. An estimate is uncertain, so each opponent counts by how far
    the seat is ahead of it (tanh of the difference over :data:`PLACE_SPREAD`): every opponent
    matters, not only the strongest, which is what a finishing place in a four-player game asks.
    """
    mine = estimates[seat]
    others = [value for other, value in enumerate(estimates) if other != seat]
    ahead = sum(math.tanh((mine - value) / PLACE_SPREAD) for value in others) / len(others)
    return 1000.0 * ahead + mine - max(others)


def progress(view: dict[str, Any]) -> float:
    """How far the game has come, 0 to 1: the race to the faith track's end or the 7th card."""
    if view["end_triggered"]:
        return 1.0
    faith = max(player["faith"] for player in view["players"]) / view["faith_track_last_space"]
    cards = max(player["cards_owned"] for player in view["players"]) / END_CARDS
    return min(1.0, max(faith, cards))


def _estimates(view: dict[str, Any]) -> list[float]:
    """Each seat's estimate; market resources still to place count, Lorenzo's progress counts against."""
    tops = [deck["top"] for deck in view["decks"] if deck["top"]]
    leader = max(player["faith"] for player in view["players"])
    if view["solo"] is not None:
        leader = max(leader, view["solo"]["black_cross"])
    later = 1.0 - progress(view)
    estimates = [_settled(player) + faith_value(player["faith"])
                 + favour_value(player["faith"], leader, view["vatican"])
                 + _hand_value(player) + later * (_estimate(player) + _buying_power(player, tops))
                 for player in view["players"]]
    pending = view["pending"]
    if pending is not None:
        estimates[pending["seat"]] += 0.3 * sum(pending["gained"].values())
    if view["solo"] is not None:
        estimates[0] -= 0.6 * view["solo"]["black_cross"]
    return estimates


def _settled(player: dict[str, Any]) -> float:
    """Points the seat keeps whatever happens: its score without the faith track (valued apart)."""
    return player["vp"] - player["vp_breakdown"]["faith_track"]


FAITH_CURVE = [(0, 0)] + VP_SPACES


def faith_value(space: int) -> float:
    """The faith track's points at ``space``, rising steadily between its scoring spaces.

    The track pays 1 point for 3 spaces at its start and 4 for 3 at its end; counting the way to
    the next scoring space makes a step along it worth what it brings nearer, more late than early.
    """
    for (low, low_vp), (high, high_vp) in zip(FAITH_CURVE, FAITH_CURVE[1:]):
        if space < high:
            return low_vp + (high_vp - low_vp) * (space - low) / (high - low)
    return float(FAITH_CURVE[-1][1])


def favour_value(space: int, leader: int, vatican: list[dict[str, Any]]) -> float:
    """The favour tiles of sections not yet reported, by the chance of being in the section in time.

    A marker already in the section is sure of its tile (markers never move back). Otherwise the
    chance falls with the spaces still to go before the section against the spaces the leading
    marker still has to go to the pope space that reports it.
    """
    total = 0.0
    for section in vatican:
        if section["reported"]:
            continue
        short = section["first_space"] - space
        if short <= 0:
            total += section["vp"]
            continue
        margin = max(0, section["pope_space"] - leader)
        total += section["vp"] * (margin + 1) / (margin + 1 + short)
    return total


def _hand_value(player: dict[str, Any]) -> float:
    """A leader in hand: a faith point when discarded, or points and an ability when played."""
    step = faith_value(player["faith"] + 1) - faith_value(player["faith"])
    return player["hand_count"] * (step + 0.5)


def _estimate(player: dict[str, Any]) -> float:
    """What will turn into points over the turns left: resources, production, cards owned."""
    production = sum(slot["top"]["level"] for slot in player["slots"] if slot["top"])
    return 0.3 * player["resources_total"] + 1.0 * production + 0.8 * player["cards_owned"]


def _buying_power(player: dict[str, Any], tops: list[dict[str, Any]]) -> float:
    """How close the seat is to buying a card it has room for: 2 when it can, less per missing resource."""
    levels = {slot["top"]["level"] + 1 if slot["top"] else 1 for slot in player["slots"]}
    held = dict(player["strongbox"])
    for resource, count in player["warehouse"].items():
        held[resource] = held.get(resource, 0) + count
    shortfalls = [sum(max(0, n - held.get(resource, 0)) for resource, n in card["cost"].items())
                  for card in tops if card["level"] in levels]
    return 2.0 / (1 + min(shortfalls)) if shortfalls else 0.0
