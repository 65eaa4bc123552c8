"""What each seat and spectator sees of a Lorenzo il Magnifico game, and how decisions are described."""

from __future__ import annotations

from typing import Any

from games.core import State, clone
from games.core.describe import amounts, listing
from games.core.message import Message, counted

from .data import (
    BOARD,
    CARD_TYPES,
    CARDS,
    EXCOMMUNICATIONS,
    FLOORS,
    LEADERS,
    MEMBERS,
    PRIVILEGES,
    TOWERS,
    card_name,
    describe,
)
from .effects import is_once_per_round, member_value
from .placement import space_available
from .vatican import period_of
from .work import exchange_options


def public_view(state: State, actors: set[int], result: dict[str, Any] | None) -> dict[str, Any]:
    """Everything every seat and spectator may see: no hands, no draft packs, no deck order."""
    players = player_views(state)
    towers = {}
    for tower in TOWERS:
        floors = []
        for f in FLOORS:
            space = f"{tower}-{f}"
            no = state["towers"][tower][f - 1]
            floors.append(
                {
                    "space": space,
                    "value": BOARD["towers"][tower]["floors"][f - 1]["value"],
                    "bonus": BOARD["towers"][tower]["floors"][f - 1]["bonus"],
                    "card": card_summary(no) if no is not None else None,
                    "occupants": list(state["board"].get(space, [])),
                }
            )
        towers[tower] = {"card_type": BOARD["towers"][tower]["card_type"], "floors": floors}
    view: dict[str, Any] = {
        "game": "lim",
        "phase": state["phase"],
        "round": state["round"],
        "period": period_of(state),
        "advanced": state["options"]["advanced"],
        "players": players,
        "towers": towers,
        "spaces": {
            sp: {
                "occupants": list(state["board"].get(sp, [])),
                "available": space_available(state, sp),
            }
            for sp in BOARD["spaces"]
        },
        "dice": dict(state["dice"]),
        "turn_order": list(state["order"]),
        "turn": state["turn"]["seat"] if state["turn"] else None,
        "actors": sorted(actors),
        "turn_detail": (
            {"placed": state["turn"]["placed"], "skip": state["turn"]["skip"],
             "queue": clone(state["queue"])}
            if state["turn"]
            else None
        ),
        "pending": describe_decision(state, state["pending"][0]) if state["pending"] else None,
        "decisions": clone(state["pending"]),
        "faith_required": BOARD["vatican_faith_required"][period_of(state) - 1],
        "excommunication_tiles": [
            {"id": t, "text": EXCOMMUNICATIONS[t]["text"]} for t in state["excommunications"]
        ],
        "deck_counts": {t: len(d) for t, d in state["decks"].items()},
        "removed_cards": len(state["removed"]),
        "tiles_left": list(state["tile_pick"]["left"]) if state["tile_pick"] else None,
        "draft_packs": [len(p) for p in state["draft"]["packs"]] if state["draft"] else None,
        "vatican": (
            {
                "waiting": list(state["vatican"]["waiting"]),
                "answered": sorted(int(s) for s in state["vatican"]["choices"]),
            }
            if state["vatican"]
            else None
        ),
        "result": result,
    }
    return view


def player_views(state: State) -> list[dict[str, Any]]:
    """Every seat as the public view shows it (``view["players"]``), without the rest of the board."""
    players = []
    for s, data in enumerate(state["seats"]):
        players.append(
            {
                "seat": s,
                "resources": dict(data["res"]),
                "cards": {t: [card_summary(no) for no in data["cards"][t]] for t in CARD_TYPES},
                "members": {
                    m: {
                        "value": member_value(state, s, m) if state["dice"] else None,
                        "space": data["members"][m],
                    }
                    for m in MEMBERS
                },
                "bonus_tile": data["tile"],
                "leaders": [
                    {
                        "id": e["id"],
                        "name": LEADERS[e["id"]]["name"],
                        "face_down": e["down"],
                        "copies": e["copy"],
                        "once_per_round": is_once_per_round(state, e),
                    }
                    for e in data["leaders"]
                ],
                "this_round": {"six": data["round"]["six"], "borrowed": list(data["round"]["borrowed"])},
                "hand_count": len(data["hand"]),
                "excommunications": list(data["excommunicated"]),
                "turn_position": state["order"].index(s),
            }
        )
    return players


def private_view(state: State, seat: int) -> dict[str, Any]:
    """What only ``seat`` sees: its leader hand, its draft pack, its own Vatican answer."""
    own = state["seats"][seat]
    you: dict[str, Any] = {
        "seat": seat,
        "hand": [{"id": lid, "name": LEADERS[lid]["name"]} for lid in own["hand"]],
    }
    if state["draft"]:
        you["draft_pack"] = list(state["draft"]["packs"][seat])
    if state["vatican"] and str(seat) in state["vatican"]["choices"]:
        you["report_answer"] = "support" if state["vatican"]["choices"][str(seat)] else "refuse"
    return you


def card_summary(no: int) -> dict[str, Any]:
    card = CARDS[no]
    return {"no": no, "name": card["name"], "type": card["type"], "period": card["period"]}


ONE_AFTER_ANOTHER = Message("{first}; {rest}")
"""How the choices of a production exchange are listed (``1 = pay 1 coin; 2 = pay 2 wood``)."""


def describe_decision(state: State, decision: dict) -> Message:
    """One line telling the deciding seat what the pending decision asks."""
    kind = decision["kind"]
    if kind == "privileges":
        differ = Message(" (all different)") if decision["distinct"] and decision["count"] > 1 else ""
        return counted("Choose {count} council privilege{differ} among {privileges}: 'privilege coins'.",
                       "Choose {count} council privileges{differ} among {privileges}: 'privilege coins'.",
                       by="count", count=decision["count"], differ=differ, privileges=", ".join(PRIVILEGES))
    if kind == "take":
        types = "any" if len(decision["types"]) == len(CARD_TYPES) else "/".join(decision["types"])
        return Message("Bonus action: take a {types} card at value {value} ('take green-2') or 'decline'.",
                       types=types, value=decision["value"])
    if kind in ("harvest", "production"):
        return Message("Bonus action: {kind} at value {value} ('{kind} servants:1', '{kind}') or 'decline'.",
                       kind=kind, value=decision["value"])
    no = decision["cards"][0]
    options = listing([Message("{number} = pay {cost}", number=i, cost=amounts(describe(o["pay"])))
                       for i, o in enumerate(exchange_options(no), 1)], ONE_AFTER_ANOTHER)
    return Message("Production exchange on {card}: {options} ('exchange 1' or 'exchange none').",
                   card=card_name(no), options=options)


def prompt(state: State, seat: int) -> str:
    """What ``seat``, who must act, is asked to do now (never naming a hidden card)."""
    phase = state["phase"]
    if phase == "tiles":
        left = state["tile_pick"]["left"]
        return Message("Choose your personal bonus tile: {left} ('tile {first}').", left=", ".join(left), first=left[0])
    if phase == "draft":
        left = len(state["draft"]["packs"][seat])
        if left == 1:
            return Message("Keep the last leader offered to you (`/lim hand` shows it): 'draft NAME'.")
        return Message("Keep one of the {left} leaders offered to you (`/lim hand` shows them): 'draft NAME'.",
                       left=left)
    if phase == "vatican":
        fp = state["seats"][seat]["res"]["fp"]
        return (
            Message("Vatican Report: support the Church with your {fp} faith points ('report "
                    "support') or accept the excommunication ('report refuse').",
                    fp=fp)
        )
    if state["pending"]:
        return describe_decision(state, state["pending"][0])
    turn = state["turn"]
    if turn["placed"]:
        return Message("You may take leader actions, then 'end' your turn.")
    if turn["skip"]:
        return Message("You skip this turn (excommunication): leader actions, then 'pass'.")
    left = [m for m in MEMBERS if state["seats"][seat]["members"][m] is None]
    if not left:
        return Message("Round {round}: every family member of yours is placed: leader actions, then "
                       "'pass'.",
                       round=state['round'])
    return Message("Round {round}: place a family member ({left}).", round=state['round'], left=', '.join(left))
