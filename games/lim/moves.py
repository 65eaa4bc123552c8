"""The moves of Lorenzo il Magnifico: the phase a seat is in, one handler per move, legal actions.

Handlers receive a canonical action (``Game.apply`` has checked its shape) on a private copy of
the state, and refuse with the rule they enforce. What needs no choice afterwards (a bonus action
with no card to take, an exchange nobody can pay, the end of a turn, a forced pass) is resolved by
:func:`settle`.
"""

from __future__ import annotations

from games.core import Event, IllegalAction, State, counted, event

from .data import PRIVILEGES, card_name, describe
from .effects import REDUCIBLE, chooses_reduction, pay, receive, resolve_effects
from .leaders import has_leader_action, leader_actions_matter, legal_leader_actions, perform_leader
from .placement import can_place, legal_placements, perform_place, privilege_choices
from .rounds import end_round, forfeit, next_turn, start_round
from .towers import bonus_take_plan, legal_takes, perform_take
from .vatican import resolve_vatican
from .work import (
    affordable_exchanges,
    check_work_servants,
    exchange_options,
    perform_work,
    work_servant_range,
    work_value0,
)

DECISION_PHASES = {
    "privileges": "privileges",
    "take": "bonus-take",
    "harvest": "bonus-harvest",
    "production": "bonus-production",
    "exchange": "exchange",
}
"""The phase of each kind of pending decision (``state["pending"][0]["kind"]``)."""
BONUS_PHASES = ("bonus-take", "bonus-harvest", "bonus-production")
NO_MINIMUM = -99  # bonus Harvest/Production actions may have any value (LIM-OQ-22)


def phase_of(state: State) -> str:
    """``tiles``, ``draft``, ``vatican``, ``turn``, a decision phase (``DECISION_PHASES``) or ``over``.

    >>> phase_of({"phase": "actions", "pending": [{"kind": "take"}]})
    'bonus-take'
    >>> phase_of({"phase": "actions", "pending": []})
    'turn'
    """
    if state["phase"] != "actions":
        return state["phase"]
    return DECISION_PHASES[state["pending"][0]["kind"]] if state["pending"] else "turn"


# -------------------------------------------------------------------------------- set-up
def pick_tile(state: State, seat: int, action: dict) -> list[Event]:
    pick = state["tile_pick"]
    if action["tile"] not in pick["left"]:
        raise IllegalAction("Choose one of the tiles left: {left}.", "LIM-ADV-2",
                            left=', '.join(pick['left']))
    pick["left"].remove(action["tile"])
    pick["order"].pop(0)
    state["seats"][seat]["tile"] = action["tile"]
    events = [event("tile", "{player} takes personal bonus tile {tile}.",
                            player=f"{{p{seat}}}", tile=action['tile'])]
    if not pick["order"]:
        state["tile_pick"] = None
        state["phase"] = "draft"
    return events


def draft(state: State, seat: int, action: dict) -> list[Event]:
    packs = state["draft"]["packs"]
    if action["leader"] not in packs[seat]:
        raise IllegalAction("Choose a leader from the cards you were passed.", "LIM-ADV-5")
    picks = state["draft"]["picks"]
    picks[seat] = action["leader"]
    events = [event("draft", "{player} keeps a leader.",
                             player=f"{{p{seat}}}")]
    if any(p is None for p in picks):
        return events
    players = state["players"]
    left = [[lid for lid in packs[s] if lid != picks[s]] for s in range(players)]
    for s in range(players):
        state["seats"][s]["hand"].append(picks[s])
    # LIM-ADV-5 / LIM-OQ-19: each pack goes to the previous player in turn order.
    state["draft"] = {"packs": [left[(s + 1) % players] for s in range(players)], "picks": [None] * players}
    if not state["draft"]["packs"][0]:
        state["draft"] = None
        events.append(event("draft", "The leader draft is over."))
        start_round(state, events)
    return events


def report(state: State, seat: int, action: dict) -> list[Event]:
    vatican = state["vatican"]
    vatican["choices"][str(seat)] = action["support"]
    events = [event("report", "{player} has answered the Vatican Report.",
                              player=f"{{p{seat}}}")]
    if all(str(s) in vatican["choices"] for s in vatican["waiting"]):
        resolve_vatican(state, events)
        end_round(state, events)
    return events


# --------------------------------------------------------------------------------- turns
def place(state: State, seat: int, action: dict) -> list[Event]:
    turn = state["turn"]
    if turn["placed"]:
        raise IllegalAction("You have already placed a family member this turn: 'end' it.", "LIM-ROUND-7")
    if turn["skip"]:
        raise IllegalAction("Your excommunication makes you skip this turn: 'pass'.", "LIM-EXCOMM-27")
    events: list[Event] = []
    perform_place(state, seat, action, events)
    turn["placed"] = True
    return events


def pass_turn(state: State, seat: int, action: dict) -> list[Event]:
    turn = state["turn"]
    if turn["placed"]:
        raise IllegalAction("You have placed a family member this turn: use 'end'.", "LIM-ROUND-7")
    events: list[Event] = []
    if not turn["skip"]:
        if can_place(state, seat):
            raise IllegalAction("You may not pass while a family member can be placed.", "LIM-ROUND-9")
        forfeit(state, seat, events)
    next_turn(state, events)
    return events


def end_turn(state: State, seat: int, action: dict) -> list[Event]:
    turn = state["turn"]
    if turn["skip"]:
        raise IllegalAction("You skip this turn: 'pass' instead of 'end'.", "LIM-EXCOMM-27")
    if not turn["placed"]:
        raise IllegalAction("Place a family member first (or 'pass' if you cannot).", "LIM-ROUND-7")
    events: list[Event] = []
    next_turn(state, events)
    return events


def leader(state: State, seat: int, action: dict) -> list[Event]:
    events: list[Event] = []
    perform_leader(state, seat, action, events)
    return events


# ----------------------------------------------------------------------------- decisions
def privilege(state: State, seat: int, action: dict) -> list[Event]:
    decision = state["pending"][0]
    choices = action["choices"]
    if len(choices) != decision["count"] or any(c not in PRIVILEGES for c in choices):
        raise IllegalAction(
            counted("Choose {count} privilege among {privileges}.", "Choose {count} privileges among {privileges}.",
                    by="count", count=decision['count'], privileges=', '.join(PRIVILEGES)), "LIM-PRIV-1"
        )
    if decision["distinct"] and len(set(choices)) < len(choices):
        raise IllegalAction("These privileges must all be different.", "LIM-PRIV-2")
    state["pending"].pop(0)
    events = []
    for choice in choices:
        got = receive(state, seat, PRIVILEGES[choice])
        events.append(event("privilege", "{player} takes the {choice} privilege: {got}.",
                                         player=f"{{p{seat}}}", choice=choice, got=describe(got)))
    return events


def take(state: State, seat: int, action: dict) -> list[Event]:
    plan = bonus_take_plan(state, seat, state["pending"][0], action)
    state["pending"].pop(0)
    events: list[Event] = []
    perform_take(state, seat, plan, None, events)
    return events


def work(state: State, seat: int, action: dict) -> list[Event]:
    """A bonus Harvest or Production action (LIM-HARVEST-8, LIM-PROD-8)."""
    decision = state["pending"][0]
    area = action["type"]
    value0 = work_value0(state, seat, area, decision["value"], decision["card_bonuses"])
    value = check_work_servants(state, seat, area, value0, action["servants"], NO_MINIMUM)
    state["seats"][seat]["res"]["servants"] -= action["servants"]
    state["pending"].pop(0)
    events: list[Event] = []
    perform_work(state, seat, area, value, events)
    return events


def decline(state: State, seat: int, action: dict) -> list[Event]:
    state["pending"].pop(0)
    return [event("decline", "{player} declines the bonus action.",
                             player=f"{{p{seat}}}")]


def exchange(state: State, seat: int, action: dict) -> list[Event]:
    decision = state["pending"][0]
    option = action["option"]
    options = exchange_options(decision["cards"][0])
    if option > len(options):
        name = card_name(decision["cards"][0])
        raise IllegalAction(counted("{name} has {n_options} exchange: name it or 'none'.",
                                    "{name} has {n_options} exchanges: name one or 'none'.",
                                    by="n_options", name=name, n_options=len(options)), "LIM-PROD-7")
    if option and option not in affordable_exchanges(state, seat, decision):
        raise IllegalAction(
            "You cannot make that exchange with what you held before this production.", "LIM-PROD-6"
        )
    card = decision["cards"].pop(0)
    if not decision["cards"]:
        state["pending"].pop(0)
    if not option:
        return [event("exchange", "{player} makes no exchange with {name}.",
                                  player=f"{{p{seat}}}", name=card_name(card))]
    chosen = options[option - 1]
    pay(state, seat, chosen["pay"])
    for k, v in chosen["pay"].items():
        decision["budget"][k] -= v
    events = [event("exchange", "{player} uses {name}: pays {pay}.",
                                player=f"{{p{seat}}}", name=card_name(card),
                                pay=describe(chosen['pay']))]
    resolve_effects(state, seat, chosen["effects"], events)
    return events


# ------------------------------------------------------------------------ what happens next
def settle(state: State, events: list[Event]) -> None:
    """Resolve what needs no choice: lost bonus actions, unaffordable exchanges, turn ends, passes.

    A turn end (LIM-ROUND-7: the member is placed and no leader action matters) and a forced pass
    (LIM-ROUND-9: no member can be placed and no leader action is possible) are the seat's only
    move: they are taken here, inside the move that led to them, and their event lines say
    "(taken automatically)". A turn skipped for an excommunication (LIM-EXCOMM-27) is said when
    it starts."""
    while state["phase"] == "actions":
        seat = state["turn"]["seat"]
        if state["pending"]:
            decision = state["pending"][0]
            if decision["kind"] == "take" and not legal_takes(state, seat, decision):
                state["pending"].pop(0)
                events.append(event("lost", "{player} has no card to take with the bonus action.",
                                            player=f"{{p{seat}}}"))
                continue
            if decision["kind"] == "exchange" and not affordable_exchanges(state, seat, decision):
                decision["cards"].pop(0)
                if not decision["cards"]:
                    state["pending"].pop(0)
                continue
            return
        turn = state["turn"]
        if turn["placed"] or turn["skip"]:
            if leader_actions_matter(state, seat):
                return
            if turn["placed"]:  # LIM-ROUND-7: 'end' is the only move left
                events.append(event("end", "{player} ends the turn (taken automatically).",
                                           player=f"{{p{seat}}}"))
            next_turn(state, events)
            continue
        if can_place(state, seat) or has_leader_action(state, seat):
            return
        forfeit(state, seat, events, automatic=True)  # LIM-ROUND-9: 'pass' is the only move
        next_turn(state, events)


# -------------------------------------------------------------------------- legal actions
def legal_actions(state: State, seat: int) -> list[dict]:
    """Every distinct legal canonical action of ``seat`` (who must be an actor), most useful first."""
    phase = phase_of(state)
    if phase == "tiles":
        return [{"type": "tile", "tile": t} for t in state["tile_pick"]["left"]]
    if phase == "draft":
        return [{"type": "draft", "leader": lid} for lid in state["draft"]["packs"][seat]]
    if phase == "vatican":
        return [{"type": "report", "support": True}, {"type": "report", "support": False}]
    if phase != "turn":
        decided = _decision_actions(state, seat, state["pending"][0])
        return decided + _stone_first(state, seat, decided)
    turn = state["turn"]
    out: list[dict] = []
    if turn["placed"]:
        out.append({"type": "end"})
    elif turn["skip"]:
        out.append({"type": "pass"})
    else:
        out.extend(legal_placements(state, seat))
        if not out:
            out.append({"type": "pass"})
    out.extend(legal_leader_actions(state, seat))
    return out + _stone_first(state, seat, out)


def _stone_first(state: State, seat: int, listed: list[dict]) -> list[dict]:
    """The same moves with ``reduce:stone``, for a seat whose tile takes wood or stone (LIM-OQ-6)."""
    if not chooses_reduction(state, seat):
        return []
    return [{**action, "reduce": "stone"} for action in listed if action["type"] in REDUCIBLE]


def _decision_actions(state: State, seat: int, decision: dict) -> list[dict]:
    kind = decision["kind"]
    if kind == "privileges":
        return [{"type": "privilege", "choices": c} for c in privilege_choices(decision)]
    if kind == "take":
        return legal_takes(state, seat, decision) + [{"type": "decline"}]
    if kind == "exchange":
        return [{"type": "exchange", "option": k} for k in [0] + affordable_exchanges(state, seat, decision)]
    value0 = work_value0(state, seat, kind, decision["value"], decision["card_bonuses"])
    servants = work_servant_range(state, seat, kind, value0, NO_MINIMUM)
    return [{"type": kind, "servants": n} for n in servants] + [{"type": "decline"}]
