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
BUDGETS = {"normal": Budget(worlds=8, keep=16, playouts=256, depth=16),
           "strong": Budget(worlds=16, keep=16, playouts=1024, depth=16)}
"""Playouts twice as deep as the levels' own: a turn here is several moves (take from the market,
store what was taken, end), so 8 moves do not reach the next turn of every seat at four players;
and ``normal`` plays twice the levels' playouts, which its faster playouts buy for less CPU than
a370146's ``normal`` spent on 128 (measured in docs/ai.md). ``strong`` keeps the 16 moves
``normal`` keeps, so each meets four times ``normal``'s playouts: keeping 32, it met only twice
as many and was barely ahead of ``normal``."""
PLAYER_BUDGETS = {1: {"normal": Budget(worlds=8, keep=16, playouts=512, depth=16)},
                  2: {"normal": Budget(worlds=8, keep=16, playouts=512, depth=8),
                      "strong": Budget(worlds=32, keep=16, playouts=4096, depth=8, informed=True)}}
"""Alone against Lorenzo, ``normal`` plays 512 playouts: the solo game is a race against Lorenzo's
cross on the faith track, lost by a turn, and one opponent's turns are cheap to play out, so a
decision stays near 0.33 s of CPU (p50) while the won share rises. At two players the playouts
stop after 8 moves (about a turn of each seat), where the estimate still judges a position
reached by moves like the table's, and twice as many of them cost about what 256 of 16 moves
did: against a370146's ``normal`` that won 57 of 80 games where 256 of 16 moves won 44.5.
``strong`` plays eight times as many there, in 32 worlds, informed (:func:`informed_choice`):
with random moves, four times as many judged the moves little better than ``normal``'s 512, and
informed, four times as many won 59.5 % of 200 games against it, eight times as many in 32 worlds 61.0 % (docs/ai.md)."""
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


HALF_MET = 0.5
"""The share of its requirement from which a leader is no longer discarded while keeping it is worth more."""


def candidates(view: dict[str, Any], legal: list[str]) -> list[str]:
    """The moves worth judging: a ready leader is played (and nothing else judged), rearranging
    the depots only while market resources await placement, and discarding a leader (against
    other seats: one half or more of whose requirement is met) only when keeping it is not worth
    more.

    Playing a leader costs nothing (MOR-LEADER-6) and its ability only ever helps, so a leader whose
    requirement is met is played at once, before what it asks for can be spent; left to the
    playouts, "end the turn" often looked as good by their noise alone.
    Rearranging changes nothing the evaluation sees, and it is always legal; judged at any time,
    it can look no worse than ending the turn, and a seat may then rearrange for ever. A discard
    too is always there and changes the estimate little, so the playouts' noise chose it in
    nearly every game, even of a leader about to be played: such a leader is discarded only once
    its :func:`prospect` has fallen to what discarding it brings. A leader far from its
    requirement is judged by the search against other seats: its discard's faith step often pays
    more there (keeping every leader from a discard lost more games against a370146's AI), while
    alone against Lorenzo keeping them won more (docs/ai.md).
    """
    if view["pending"] is not None:
        return legal
    player = view["players"][view["you"]["seat"]]
    later = 1.0 - progress(view)
    alone = view["solo"] is not None
    kept = {leader["id"] for leader in view["you"]["hand"]
            if (alone or requirement_share(player, leader["id"]) >= HALF_MET)
            and prospect(player, leader["id"], later) > discard_value(player)}
    judged = [text for text in legal
              if not text.startswith("arrange") and not (text.startswith("leader discard ")
                                                        and text.split()[-1] in kept)]
    plays = [text for text in judged if text.startswith("leader play ")]
    return plays or judged or legal


def rollout_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The moves a playout draws from: while market resources await placement only the plain
    ``place``, which :func:`rollout_choice` would pick among every layout anyway (listing them
    all is the dearest part of a playout), else every legal move."""
    if state["phase"] == "play" and state["turn"]["pending"] is not None:
        return [{"type": "place"}]
    return GAME.legal_actions(state, seat)


def rollout_choice(group: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A playout's move among the legal moves of the type drawn: market resources are stored as a
    plain ``place`` stores them (the most kept), a leader whose requirement is met is played
    rather than discarded, any other move is drawn at random.

    Stored at random, most layouts discard, and every unit discarded moves each other seat one
    faith space: every playout became a faith race, in which cards never looked worth buying.
    """
    plain = [action for action in group if action["type"] == "place" and "layout" not in action]
    if plain:
        return plain[0]
    plays = [action for action in group if action["type"] == "leader" and action["op"] == "play"]
    if plays:
        return plays[rng.randrange(len(plays))]
    return group[rng.randrange(len(group))]


INFORMED_WEIGHTS = {**ROLLOUT_WEIGHTS, "buy": 1000.0}
"""An informed playout buys a card whenever it can, all but about one draw in a hundred: a card is
points and production at once, and buying the seventh ends the game."""


def informed_choice(group: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """An informed playout's move among the legal moves of the type drawn: a card of the highest
    level on offer (the most points and the strongest production), a production running the most
    powers, else as :func:`rollout_choice`.

    Drawn at random, a playout's seat bought whichever card could be paid in the most ways and ran
    whichever production had the most variants listed (most of them spend two units on the base
    power), so a position was judged by what a careless player would make of it, the opponent's
    reply included.
    """
    worth = INFORMED_WORTH.get(group[0]["type"])
    if worth is None:
        return rollout_choice(group, rng)
    best = max(map(worth, group))
    group = [action for action in group if worth(action) == best]
    return group[rng.randrange(len(group))]


def _deck_level(buy: dict[str, Any]) -> int:
    """The level of the cards of a ``buy``'s deck (deck ids read ``colour-level``)."""
    return int(buy["deck"].rsplit("-", 1)[1])


def _powers(produce: dict[str, Any]) -> int:
    """How many card and leader powers a ``produce`` runs (the base power aside)."""
    return len(produce.get("cards", ())) + len(produce.get("leaders", ()))


INFORMED_WORTH = {"buy": _deck_level, "produce": _powers}
"""What :func:`informed_choice` picks the most of, by move type (one of the best at random)."""


def evaluate(state: dict[str, Any], seat: int) -> float:
    """A finished game by its result; else the place the seat can expect, from each seat's estimate
    (alone against Lorenzo: the race to the end, then the points)."""
    result = GAME.result(state)
    if result is not None:
        return result_value(result, seat)
    view = GAME.view(state, None)
    estimates = _estimates(view, [player["hand"] for player in state["seats"]])
    if view["solo"] is not None:
        return 1000.0 * math.tanh(solo_race(view) / SOLO_SPREAD) + estimates[0]
    return expected_place(estimates, seat)


SOLO_SPREAD = 8.0
"""Turns of lead over Lorenzo at which the solo game counts as three quarters won (tanh 1 = 0.76)."""
TURNS_PER_CARD = 4.5
"""About how many turns a development card takes alone against Lorenzo: gathering its cost, buying it
(the AI bought 5 or 6 cards in the 25 or so turns of its 200 solo games of 2 December)."""
RESOURCES_PER_TURN = 2.5
"""About what one market action brings."""
FAITH_PER_TURN = 0.9
"""About how fast a player racing along the faith track moves (red marbles, leaders discarded, faith
produced): its 36 wins of those 200 games all came from the track's end, around turn 25."""
ROUTE_SPREAD = 3.0
"""Turns over which the nearer of the two ways to win counts more than the other (a soft minimum):
progress along either way is worth something while both are close."""
CROSS_PER_TURN = 5 / 7
"""Lorenzo's black cross per turn on average: his 7 tokens move it 2, 2 and 1 spaces (MOR-SOLO-9..11)."""
DISCARDS_PER_TURN = 2 / 7
"""Cards of one colour Lorenzo discards per turn on average: one of his 7 tokens discards 2 (MOR-SOLO-9)."""


def solo_race(view: dict[str, Any]) -> float:
    """How many turns sooner the player should end the solo game than Lorenzo (negative: later).

    The player wins with the 7th card or the faith track's last space (MOR-SOLO-16/17); Lorenzo with
    his black cross there or a colour gone from the grid (MOR-SOLO-18/21). Points only break ties
    between equal races, so they come after it (see :func:`evaluate`). Resources the player holds
    bring the next cards nearer; every unit discarded moves the cross a space (MOR-SOLO-12).
    """
    player, last = view["players"][0], view["faith_track_last_space"]
    needed = END_CARDS - player["cards_owned"]
    by_cards = max(0.0, needed * TURNS_PER_CARD - min(player["resources_total"], 4 * needed) / RESOURCES_PER_TURN)
    by_faith = (last - player["faith"]) / FAITH_PER_TURN
    nearer = min(by_cards, by_faith)
    mine = nearer - ROUTE_SPREAD * math.log(math.exp((nearer - by_cards) / ROUTE_SPREAD)
                                            + math.exp((nearer - by_faith) / ROUTE_SPREAD))
    left = {}
    for deck in view["decks"]:
        left[deck["colour"]] = left.get(deck["colour"], 0) + deck["count"]
    lorenzo = min((last - view["solo"]["black_cross"]) / CROSS_PER_TURN, min(left.values()) / DISCARDS_PER_TURN)
    return lorenzo - max(0.0, mine)


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


def _estimates(view: dict[str, Any], hands: list[list[str]]) -> list[float]:
    """Each seat's estimate, its leaders in hand ``hands`` included; market resources still to
    place count."""
    tops = [deck["top"] for deck in view["decks"] if deck["top"]]
    leader = max(player["faith"] for player in view["players"])
    if view["solo"] is not None:
        leader = max(leader, view["solo"]["black_cross"])
    later = 1.0 - progress(view)
    estimates = [_settled(player) + faith_value(player["faith"])
                 + favour_value(player["faith"], leader, view["vatican"])
                 + _hand_value(player, hand, later) + _ability_value(player, later)
                 + later * (_estimate(player) + _buying_power(player, tops))
                 for player, hand in zip(view["players"], hands)]
    pending = view["pending"]
    if pending is not None:
        estimates[pending["seat"]] += 0.3 * sum(pending["gained"].values())
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


ABILITY_WORTH = {"discount": 2.0, "extra_depot": 1.5, "white_marble": 2.5, "extra_production": 2.5}
"""Points a leader's ability is worth over a whole game (its own points are printed on it)."""
READY_SHARE = 0.85
"""A leader whose requirement is met is worth this share of having played it: what the seat holds
for it may be spent, so playing it at once is better than waiting."""


FIRST_CHANCE = 0.3
"""The chance, at the start of the game, of meeting a requirement nothing of which is met yet."""


def _hand_value(player: dict[str, Any], hand: list[str], later: float) -> float:
    """Each leader in hand: the faith step a discard brings (and half a point for the choice), or,
    when more, its points and ability by the chance of playing it (:func:`prospect`)."""
    return sum(max(discard_value(player), prospect(player, leader_id, later)) for leader_id in hand)


def discard_value(player: dict[str, Any]) -> float:
    """A leader discarded: the faith step it brings (MOR-LEADER-4), and half a point for the choice."""
    return faith_value(player["faith"] + 1) - faith_value(player["faith"]) + 0.5


def prospect(player: dict[str, Any], leader_id: str, later: float) -> float:
    """A leader kept: its points and ability (weighed by ``later``, the game left) by the chance of
    playing it: :data:`READY_SHARE` once its requirement is met, else growing with the share met
    (from :data:`FIRST_CHANCE`) and shrinking with the game left."""
    card = LEADERS[leader_id]
    worth = card["vp"] + later * ABILITY_WORTH[card["ability"]]
    share = requirement_share(player, leader_id)
    if share >= 1:
        return READY_SHARE * worth
    return later * (FIRST_CHANCE + (1 - FIRST_CHANCE) * share * share) * worth


def requirement_share(player: dict[str, Any], leader_id: str) -> float:
    """How much of a leader's requirement a seat (as the public view shows it) meets, 0 to 1."""
    requires = LEADERS[leader_id]["requires"]
    if "resources" in requires:
        held = dict(player["strongbox"])
        for resource, count in player["warehouse"].items():
            held[resource] = held.get(resource, 0) + count
        return min(1.0, min(held.get(r, 0) / n for r, n in requires["resources"].items()))
    owned = [CARDS[card] for slot in player["slots"] for card in slot["cards"]]
    wanted = sum(need["count"] for need in requires["cards"])
    met = sum(min(need["count"], sum(1 for c in owned if c["colour"] == need["colour"]
                                     and (need["level"] is None or c["level"] == need["level"])))
              for need in requires["cards"])
    return met / wanted


def _ability_value(player: dict[str, Any], later: float) -> float:
    """The abilities of the leaders a seat played, for the game left (their points are in its score)."""
    return later * sum(ABILITY_WORTH[LEADERS[leader["id"]]["ability"]] for leader in player["leaders"])


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
