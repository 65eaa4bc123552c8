"""Leader actions in play: play a leader from hand (MOR-LEADER-5..9) or discard it (MOR-LEADER-4)."""

from __future__ import annotations

from typing import Any

from games.core import event, refuse

from .data import LEADERS
from .rules import describe_requirement, faith_event, requirement_met
from .turn import require_turn_free

Events = list[dict[str, Any]]


def leader(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    require_turn_free(state, "use a leader")
    player = state["seats"][seat]
    leader_id, op = action["leader"], action["op"]
    if leader_id not in player["hand"]:
        where = "already in play, and a played leader stays" if leader_id in player["played"] else "not in your hand"
        raise refuse("MOR-LEADER-10", "Leader {leader_id} is {where}: only leaders in your hand can "
                                      "be played or discarded.",
                                      leader_id=leader_id, where=where)
    if op == "discard":  # MOR-LEADER-4: its identity stays hidden (D-16)
        player["hand"].remove(leader_id)
        events = [event("leader_discard", "{player} discarded a leader and gains 1 faith.",
                                          player=f"{{p{seat}}}")]
        return events + faith_event(state, {seat: 1})
    if not requirement_met(player, leader_id):  # MOR-LEADER-5..8, checked, never paid
        rule = "MOR-LEADER-7" if "cards" in LEADERS[leader_id]["requires"] else "MOR-LEADER-8"
        raise refuse(rule, "You cannot play {leader_id} yet: it requires {describe_requirement}.",
                           leader_id=leader_id, describe_requirement=describe_requirement(leader_id))
    player["hand"].remove(leader_id)
    player["played"].append(leader_id)
    card = LEADERS[leader_id]
    if card["ability"] == "extra_depot":
        player["leader_depots"][leader_id] = 0
    return [event("leader_play", "{player} played leader {leader_id} ({replace}: {resource}, {vp} VP).",
                                 player=f"{{p{seat}}}", leader_id=leader_id,
                                 replace=card['ability'].replace('_', ' '), resource=card['resource'],
                                 vp=card['vp'])]
