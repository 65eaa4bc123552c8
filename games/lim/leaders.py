"""Leader cards in the advanced game: play, activate, discard (LIM-LEADER)."""

from __future__ import annotations

from games.core import Event, IllegalAction, Message, State, event

from .data import COLOURED, LEADERS, leader_name
from .effects import ability_source, is_once_per_round, leader_kind, resolve_effects


def requirements_met(state: State, s: int, leader_id: str) -> bool:
    seat = state["seats"][s]
    for option in LEADERS[leader_id]["requires"]:
        if all(len(seat["cards"][t]) >= n for t, n in option["cards"].items()) and all(
            seat["res"][k] >= n for k, n in option["have"].items()
        ):
            return True
    return False


def copy_candidates(state: State, s: int) -> list[str]:
    """LIM-LEADER-35: leaders other players have in play (Lorenzo never copies itself)."""
    out = set()
    for other, seat in enumerate(state["seats"]):
        if other != s:
            out.update(entry["id"] for entry in seat["leaders"] if entry["id"] != "lorenzo")
    return sorted(out)


def leader_actions_open(state: State, s: int) -> bool:
    """LIM-LEADER-3/4/11: only on the player's own turn in the Actions phase, with nothing pending."""
    turn = state["turn"]
    return (
        state["options"]["advanced"]
        and state["phase"] == "actions"
        and turn is not None
        and turn["seat"] == s
        and not state["pending"]
    )


def needs_member(state: State, entry: dict) -> bool:
    return any(e["kind"] == "choose_member_value" for e in LEADERS[ability_source(entry)]["effects"])


def legal_leader_actions(state: State, s: int) -> list[dict]:
    if not leader_actions_open(state, s):
        return []
    seat = state["seats"][s]
    out: list[dict] = []
    for leader_id in seat["hand"]:
        if requirements_met(state, s, leader_id):
            if leader_id == "lorenzo":
                for target in copy_candidates(state, s):
                    out.append({"type": "leader", "do": "play", "leader": leader_id, "copy": target})
            else:
                out.append({"type": "leader", "do": "play", "leader": leader_id})
    for entry in seat["leaders"]:
        if entry["down"] or not is_once_per_round(state, entry):
            continue
        if needs_member(state, entry):
            for member in COLOURED:
                if seat["members"][member] is None:
                    out.append({"type": "leader", "do": "activate", "leader": entry["id"], "member": member})
        else:
            out.append({"type": "leader", "do": "activate", "leader": entry["id"]})
    for leader_id in seat["hand"]:
        out.append({"type": "leader", "do": "discard", "leader": leader_id})
    return out


def has_leader_action(state: State, s: int) -> bool:
    return leader_actions_open(state, s) and bool(legal_leader_actions(state, s))


def leader_actions_matter(state: State, s: int) -> bool:
    """Whether a turn with nothing else to do should wait for leader actions before it ends.

    Playing or activating a leader may matter now; a discard done now gives nothing that the same
    discard at the start of the player's next turn would not, except on their last turn of the round
    (e.g. a faith privilege before the Vatican Report).
    """
    if not leader_actions_open(state, s):
        return False
    actions = legal_leader_actions(state, s)
    if any(a["do"] != "discard" for a in actions):
        return True
    last_turn = not any(entry["seat"] == s for entry in state["queue"])
    return bool(actions) and last_turn


def perform_leader(state: State, s: int, action: dict, events: list[Event]) -> None:
    if not leader_actions_open(state, s):
        if not state["options"]["advanced"]:
            raise IllegalAction("Leader cards are used only in the advanced game.", "LIM-ADV-1")
        raise IllegalAction(
            "Leader actions are allowed only on your own turn, outside a placement.", "LIM-LEADER-4"
        )
    seat = state["seats"][s]
    do, leader_id = action.get("do"), action.get("leader")
    extra = set(action) - {"type", "do", "leader", "copy", "member", "reduce"}
    if (
        not isinstance(leader_id, str)
        or leader_id not in LEADERS
        or do not in ("play", "activate", "discard")
        or extra
    ):
        raise IllegalAction(
            "Leader actions: 'leader play NAME', 'leader activate NAME', 'leader discard NAME'.",
            "CORE-NOTATION",
        )
    name = leader_name(leader_id)
    if do in ("play", "discard") and leader_id not in seat["hand"]:
        # Only a card in hand can be played (LIM-LEADER-6) or discarded (LIM-LEADER-10).
        rule = "LIM-LEADER-6" if do == "play" else "LIM-LEADER-10"
        raise IllegalAction("{name} is not in your hand.", rule,
                            name=name)
    if do == "discard":
        if "copy" in action or "member" in action:
            raise IllegalAction("Discarding takes no other choice.", "CORE-NOTATION")
        seat["hand"].remove(leader_id)
        events.append(event("leader", "{player} discards {name} for a council privilege.",
                                      player=f"{{p{s}}}", name=name))
        state["pending"].insert(0, {"kind": "privileges", "count": 1, "distinct": False})
        return
    if do == "play":
        if "member" in action:
            raise IllegalAction("Name the family member when you activate the leader.", "CORE-NOTATION")
        if not requirements_met(state, s, leader_id):
            raise IllegalAction("You do not meet the requirements of {name}.", "LIM-LEADER-6",
                                name=name)
        copy = action.get("copy")
        if leader_id == "lorenzo":
            candidates = copy_candidates(state, s)
            if not candidates:
                raise IllegalAction(
                    "No other player has a leader in play for {name} to copy.", "LIM-LEADER-35", name=name
                )
            if copy not in candidates:
                raise IllegalAction(
                    "{name} must copy one of: {candidates}.", "LIM-LEADER-35",
                    name=name, candidates=', '.join(candidates)
                )
        elif copy is not None:
            raise IllegalAction("Only {copier} copies another leader.", "LIM-LEADER-35",
                                copier=leader_name("lorenzo"))
        seat["hand"].remove(leader_id)
        seat["leaders"].append({"id": leader_id, "down": False, "copy": copy})
        copied = Message(", copying {copied}", copied=leader_name(copy)) if copy else ""
        events.append(event("leader", "{player} plays {name}{copied}.",
                                      player=f"{{p{s}}}", name=name, copied=copied))
        return
    entry = next((e for e in seat["leaders"] if e["id"] == leader_id), None)
    if entry is None:
        raise IllegalAction("{name} is not in play.", "LIM-LEADER-7",
                            name=name)
    if not is_once_per_round(state, entry):
        raise IllegalAction("{name} has a permanent ability: it needs no activation.", "LIM-LEADER-8",
                            name=name)
    if entry["down"]:
        raise IllegalAction("{name} was already activated this round.", "LIM-LEADER-14",
                            name=name)
    if "copy" in action:
        raise IllegalAction("The copied leader is chosen when Lorenzo is played.", "LIM-LEADER-35")
    member = action.get("member")
    if needs_member(state, entry):
        if member not in COLOURED or seat["members"][member] is not None:
            raise IllegalAction(
                "Name one of your unplaced coloured family members (white, black, orange).", "LIM-LEADER-24"
            )
    elif member is not None:
        raise IllegalAction("{name} needs no family member.", "CORE-NOTATION",
                            name=name)
    entry["down"] = True
    source = ability_source(entry)
    events.append(event("leader", "{player} activates {name}.",
                                  player=f"{{p{s}}}", name=name))
    effects = LEADERS[source]["effects"]
    if leader_kind(state, source) == "permanent" or any(e["kind"] == "member_bonus" for e in effects):
        # A copied permanent ability (Lorenzo, rulebook reading) or a +2 that lasts the round
        # (Lucrezia Borgia, rulebook reading) holds until the End of the Round.
        seat["round"]["borrowed"].append(source)
        return
    if needs_member(state, entry):
        seat["round"]["six"] = member
    resolve_effects(state, s, [e for e in effects if e["kind"] != "choose_member_value"], events)
