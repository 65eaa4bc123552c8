"""What a seat (or a spectator) may see: everything a board image and the Discord layer need.

The public view (``seat=None``) hides leaders in hand and those returned at setup (counts only),
the order of every deck below its top card, and the order of Lorenzo's token stack (D-16).
Keep this shape stable: renderers and cogs read it; add fields, do not rename them.
"""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction

from .data import (
    CARDS,
    COLOURS,
    DECK_IDS,
    DEPOT_CAPACITIES,
    LAST_SPACE,
    LEADERS,
    LEVELS,
    SEAT_BONUS,
    SECTIONS,
    TOKENS,
    card_details,
    leader_details,
)
from .notation import notation
from .rules import (
    acting_seats,
    default_placement,
    discard_new_placement,
    discounted_cost,
    legal_slots,
    owned_cards,
    payment_plan,
    resource_count,
    score,
    top_card,
)
from .warehouse import warehouse_totals


def _card(card_id: str | None) -> dict[str, Any] | None:
    return card_details(card_id) if card_id else None


def _leader(leader_id: str, active: bool) -> dict[str, Any]:
    return {**leader_details(leader_id), "active": active}


def _player_view(state: dict[str, Any], seat: int) -> dict[str, Any]:
    player = state["seats"][seat]
    breakdown = score(player)
    return {
        "seat": seat,
        "name": f"{{p{seat}}}",
        "first_player": seat == 0,
        "ready": player["ready"],
        "faith": player["faith"],
        "favour": [{"section": s["section"], "vp": s["favour_vp"], "state": t}
                   for s, t in zip(SECTIONS, player["favour"])],
        "depots": [{"depot": f"d{i + 1}", "capacity": cap, "resource": res, "count": n}
                   for i, (cap, (res, n)) in enumerate(zip(DEPOT_CAPACITIES, player["depots"]))],
        "leader_depots": [{"leader": i, "resource": LEADERS[i]["resource"],
                           "capacity": LEADERS[i]["capacity"], "count": n}
                          for i, n in player["leader_depots"].items()],
        "warehouse": warehouse_totals(player),
        "strongbox": dict(player["strongbox"]),
        "resources_total": resource_count(player),
        "slots": [{"slot": i + 1, "top": _card(slot[-1] if slot else None), "covered": max(0, len(slot) - 1),
                   "cards": list(slot)} for i, slot in enumerate(player["slots"])],
        "cards_owned": len(owned_cards(player)),
        "leaders": [_leader(i, True) for i in player["played"]],
        "hand_count": len(player["hand"]) if player["ready"] else len(player["dealt"]),
        "vp": sum(breakdown.values()),
        "vp_breakdown": breakdown,
    }


def pending_placement(state: dict[str, Any]) -> dict[str, Any] | None:
    """The market resources awaiting ``place`` and the default layout ``place`` would use."""
    pending = state["turn"]["pending"]
    if pending is None:
        return None
    seat = state["turn"]["seat"]
    player = state["seats"][seat]
    layout, discard = default_placement(player, pending["gained"])
    keep_old = discard_new_placement(player, pending["gained"])
    return {
        "seat": seat,
        "gained": dict(pending["gained"]),
        "current_layout": keep_old["layout"],
        "default_layout": layout,
        "default_discard": discard,
        "default_notation": "place",
        "discard_new_notation": notation(keep_old),
    }


def build_view(state: dict[str, Any]) -> dict[str, Any]:
    turn = state["turn"]
    decks = []
    for level in reversed(LEVELS):  # the grid as laid out: level III on top (MOR-SETUP-5)
        for colour in COLOURS:
            deck = f"{colour}-{level}"
            cards = state["decks"][deck]
            decks.append({"deck": deck, "colour": colour, "level": level, "count": len(cards),
                          "top": _card(cards[0] if cards else None)})
    view: dict[str, Any] = {
        "game": "mor",
        "phase": state["phase"],
        "player_count": state["players"],
        "solo_mode": state["solo"] is not None,
        "actors": sorted(acting_seats(state)),
        "turn": {"seat": turn["seat"] if state["phase"] == "play" else None, "number": turn["number"],
                 "main_action_done": turn["main"], "pending_placement": turn["pending"] is not None},
        "market": {"grid": [list(row) for row in state["market"]["grid"]], "slide": state["market"]["slide"]},
        "decks": decks,
        "removed_cards": list(state["removed"]),
        "players": [_player_view(state, s) for s in range(state["players"])],
        "vatican": [{"section": s["section"], "first_space": s["first_space"], "pope_space": s["pope_space"],
                     "vp": s["favour_vp"], "reported": done} for s, done in zip(SECTIONS, state["reported"])],
        "faith_track_last_space": LAST_SPACE,
        "end_triggered": state["end_triggered"],
        "pending": pending_placement(state),
        "last_action": " ".join(state["last"]),
        "last_events": list(state["last"]),
        "solo": None,
    }
    solo = state["solo"]
    if solo is not None:
        view["solo"] = {
            "black_cross": solo["cross"],
            "last_token": dict(TOKENS[solo["last_token"]]) if solo["last_token"] else None,
            "revealed": list(solo["revealed"]),
            "tokens_in_stack": len(solo["stack"]),
            "outcome": dict(solo["outcome"]) if solo["outcome"] else None,
        }
    return view


def private_view(state: dict[str, Any], seat: int) -> dict[str, Any]:
    player = state["seats"][seat]
    return {
        "seat": seat,
        "hand": [_leader(i, False) for i in player["hand"]],
        "dealt": [_leader(i, False) for i in player["dealt"]],
        "starting_resources": SEAT_BONUS[seat]["resources"] if not player["ready"] else 0,
        "affordable": affordable_cards(state, seat),
    }


def affordable_cards(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The grid's top cards this seat could buy now: id, deck, cost after discounts, legal slots.

    Ignores whose turn it is (the Discord layer uses it for previews too); a card needs a legal
    slot and a payable discounted cost.
    """
    player = state["seats"][seat]
    out = []
    for deck in DECK_IDS:
        card_id = top_card(state, deck)
        if card_id is None:
            continue
        slots = legal_slots(player, card_id)
        if not slots:
            continue
        cost = discounted_cost(player, card_id)
        try:
            payment_plan(player, cost, "wh")
        except IllegalAction:
            continue
        out.append({"id": card_id, "deck": deck, "cost": cost, "slots": slots, "vp": CARDS[card_id]["vp"]})
    return out
