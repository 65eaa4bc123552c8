"""Periods, the Vatican Report and excommunications (LIM-VATICAN, LIM-EXCOMM)."""

from __future__ import annotations

from games.core import Event, State, counted, event

from .data import BOARD, ROUNDS, excommunication_text
from .effects import leader_profile


def period_of(state: State) -> int:
    return (max(state["round"], 1) + 1) // 2


def excommunicate(state: State, s: int, events: list[Event]) -> None:
    tile = state["excommunications"][period_of(state) - 1]
    state["seats"][s]["excommunicated"].append(tile)
    events.append(
        event("excommunication", "{player} is excommunicated ({tile}: {words})",
                                 player=f"{{p{s}}}", tile=tile, words=excommunication_text(tile))
    )


def faith_vp(fp: int) -> int:
    """LIM-VATICAN-8: the victory points of a step of the faith track (the last step for more).

    >>> faith_vp(0), faith_vp(5), faith_vp(40) == faith_vp(15)
    (0, 5, True)
    """
    track = BOARD["faith_track_vp"]
    return track[min(fp, len(track) - 1)]


def resolve_vatican(state: State, events: list[Event]) -> None:
    """LIM-VATICAN-3..11: apply every decision together (the End of the Round follows)."""
    report = state["vatican"]
    for s in report["waiting"]:
        seat = state["seats"][s]
        if report["choices"][str(s)]:
            bonus = leader_profile(state, s)["church_vp"]
            gained = faith_vp(seat["res"]["fp"]) + bonus
            seat["res"]["vp"] += gained
            events.append(
                event("support", counted("{player} supports the Church: {gained} victory point, faith back to 0.",
                                         "{player} supports the Church: {gained} victory points, faith back to 0.",
                                         by="gained", player=f"{{p{s}}}", gained=gained))
            )
            seat["res"]["fp"] = 0
        else:
            excommunicate(state, s, events)
            report["excommunicated"].append(s)
    if state["round"] == ROUNDS:
        for s in report["excommunicated"]:
            seat = state["seats"][s]
            gained = faith_vp(seat["res"]["fp"])
            seat["res"]["vp"] += gained
            seat["res"]["fp"] = 0
            events.append(
                event("faith", counted("{player} scores {gained} victory point for faith.",
                                       "{player} scores {gained} victory points for faith.",
                                       by="gained", player=f"{{p{s}}}", gained=gained))
            )
    state["vatican"] = None
