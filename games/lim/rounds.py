"""Setup and the flow of a round: deal, roll, turns, the Vatican Report, the End of the Round."""

from __future__ import annotations

from typing import Any

from games.core import Event, Rng, State, event, seed_state

from .data import (
    ADVANCED_TILES,
    BOARD,
    CARD_TYPES,
    CARDS,
    COLOURED,
    EXCOMMUNICATIONS,
    FLOORS,
    HOLDINGS,
    LEADERS,
    MEMBERS,
    ROUNDS,
    TOWERS,
)
from .effects import has_excomm
from .vatican import excommunicate, period_of, resolve_vatican


def new_game(players: int, seed: int, options: dict[str, Any]) -> State:
    """LIM-SETUP: decks, excommunication tiles, starting resources, and the first decision."""
    state: State = {
        "players": players,
        "options": dict(options),
        "rng": seed_state(seed),
        "phase": "setup",
        "round": 0,
        "decks": {},
        "removed": [],
        "towers": {tower: [None, None, None, None] for tower in TOWERS},
        "board": {},
        "dice": {},
        "order": list(range(players)),
        "queue": [],
        "turn": None,
        "pending": [],
        "excommunications": [],
        "seats": [],
        "tile_pick": None,
        "draft": None,
        "vatican": None,
    }
    rng = Rng(state)
    for card_type in CARD_TYPES:
        deck: list[int] = []
        for period in (1, 2, 3):
            stack = sorted(no for no, c in CARDS.items() if c["type"] == card_type and c["period"] == period)
            rng.shuffle(stack)
            deck.extend(stack)
        state["decks"][card_type] = deck
    for period in (1, 2, 3):
        tiles = sorted(t for t, tile in EXCOMMUNICATIONS.items() if tile["period"] == period)
        state["excommunications"].append(rng.choice(tiles))
    for position in range(players):
        res = {k: 0 for k in HOLDINGS}
        res.update(BOARD["start"])
        res["coins"] = BOARD["start_coins_by_order"][position]
        state["seats"].append(
            {
                "res": res,
                "cards": {t: [] for t in CARD_TYPES},
                "members": {m: None for m in MEMBERS},
                "tile": None if options["advanced"] else "basic",
                "hand": [],
                "leaders": [],
                "excommunicated": [],
                "round": fresh_round_effects(),
            }
        )
    events: list[Event] = []
    if options["advanced"]:
        pool = sorted(LEADERS)
        rng.shuffle(pool)
        per = BOARD["leaders_per_player"]
        state["draft"] = {
            "packs": [pool[i * per : (i + 1) * per] for i in range(players)],
            "picks": [None] * players,
        }
        state["tile_pick"] = {"order": list(reversed(state["order"])), "left": list(ADVANCED_TILES)}
        state["phase"] = "tiles"
    else:
        start_round(state, events)
    return state


def fresh_round_effects() -> dict[str, Any]:
    """Leader effects that last until the End of the Round (Federico's FM, copied/activated abilities)."""
    return {"six": None, "borrowed": []}


def start_round(state: State, events: list[Event]) -> None:
    """LIM-ROUND-3/4: deal 4 cards per tower, roll the dice, build the turn sequence."""
    state["round"] += 1
    state["phase"] = "actions"
    for tower in TOWERS:
        deck = state["decks"][BOARD["towers"][tower]["card_type"]]
        state["towers"][tower] = [deck.pop(0) for _ in FLOORS]
    rng = Rng(state)
    state["dice"] = {colour: rng.die() for colour in COLOURED}
    state["board"] = {}
    for seat in state["seats"]:
        seat["members"] = {m: None for m in MEMBERS}
    queue = [{"seat": s, "skip": False} for _ in range(4) for s in state["order"]]
    for s in state["order"]:
        if has_excomm(state, s, "skip_first_turn"):
            first = next(e for e in queue if e["seat"] == s)
            first["skip"] = True
            queue.append({"seat": s, "skip": False})
    state["queue"] = queue
    state["turn"] = None
    dice = ", ".join(f"{c} {v}" for c, v in state["dice"].items())
    events.append(event("round", "Round {round} (period {period_of}) begins. Dice: {dice}.",
                                 round=state['round'], period_of=period_of(state), dice=dice))
    next_turn(state, events)


def next_turn(state: State, events: list[Event]) -> None:
    while state["queue"]:
        entry = state["queue"].pop(0)
        seat = state["seats"][entry["seat"]]
        if all(place is not None for place in seat["members"].values()):
            continue
        state["turn"] = {"seat": entry["seat"], "skip": entry["skip"], "placed": False}
        if entry["skip"]:
            events.append(
                event("skip", "{player} skips the first turn of the round (excommunication).",
                              player=f"{{p{entry['seat']}}}")
            )
        return
    state["turn"] = None
    end_actions(state, events)


def end_actions(state: State, events: list[Event]) -> None:
    """LIM-VATICAN-1: a report after rounds 2, 4 and 6, then the End of the Round."""
    if state["round"] % 2:
        end_round(state, events)
        return
    required = BOARD["vatican_faith_required"][period_of(state) - 1]
    waiting = []
    excommunicated = []
    for s in state["order"]:
        if state["seats"][s]["res"]["fp"] >= required:
            waiting.append(s)
        else:
            excommunicate(state, s, events)
            excommunicated.append(s)
    state["vatican"] = {"waiting": waiting, "choices": {}, "excommunicated": excommunicated}
    state["phase"] = "vatican"
    if not waiting:
        resolve_vatican(state, events)
        end_round(state, events)


def end_round(state: State, events: list[Event]) -> None:
    """LIM-ENDROUND: discard cards, new turn order from the Council Palace, leaders face up."""
    for tower in TOWERS:
        state["removed"].extend(no for no in state["towers"][tower] if no is not None)
        state["towers"][tower] = [None, None, None, None]
    council: list[int] = []
    for occupant in state["board"].get("council", []):
        if occupant["seat"] not in council:
            council.append(occupant["seat"])
    if council:
        state["order"] = council + [s for s in state["order"] if s not in council]
    state["board"] = {}
    for seat in state["seats"]:
        seat["members"] = {m: None for m in MEMBERS}
        for leader in seat["leaders"]:
            leader["down"] = False
        seat["round"] = fresh_round_effects()
    order = ", ".join(f"{{p{s}}}" for s in state["order"])
    events.append(event("end-round", "Round {round} ends. Turn order: {order}.",
                                     round=state['round'], order=order))
    if state["round"] == ROUNDS:
        state["phase"] = "over"
        state["turn"] = None
        events.append(event("game-over", "The game is over: final scoring."))
    else:
        start_round(state, events)


def forfeit(state: State, seat: int, events: list[Event], *, automatic: bool = False) -> None:
    """LIM-ROUND-9: a player who cannot place passes and keeps the rest of the round's members unused.

    ``automatic``: the pass was the seat's only move, so the engine took it without asking, and
    the log says so."""
    members = state["seats"][seat]["members"]
    for member in MEMBERS:
        if members[member] is None:
            members[member] = "unused"
    if automatic:
        said = event("pass", "{player} cannot place a family member and passes for the rest of the round "
                             "(taken automatically).", player=f"{{p{seat}}}")
    else:
        said = event("pass", "{player} cannot place a family member and passes for the rest of the round.",
                     player=f"{{p{seat}}}")
    events.append(said)
