"""Effect operations (§12.0 vocabulary) and the pending choices they leave to the active seat.

An effect that asks the player to choose ("gain 2 raw goods of your choice") becomes a pending
decision in ``state["pending"]``, answered with ``take``, ``cert`` or ``spend``; a decision with at
most one answer resolves itself (:func:`settle_forced`).
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from ..core import counted, event, refuse
from .data import GOOD_NAMES, RAW, REFINED, REFINED_OF, component_name
from .describe import goods_words
from .rules import certificate_max, gain_raw, gain_refined, move_certificate_right, right_side, spend_raw

Event = dict[str, Any]

ANSWERS = ("take", "certify", "spend")
"""The move types that answer a pending choice."""

ANSWER_RULES = {
    "raw": "OM-GOODS-3", "refined": "OM-CITY-6", "certificate": "OM-GOODS-10", "spend": "OM-GOODS-5",
}
"""The rule a wrong answer breaks, by kind of choice: raw gains follow OM-GOODS-3, refined goods are
tokens on the refined spaces (OM-CITY-6), certificates move right one step per track (OM-GOODS-10),
and spending moves a raw token the player holds (OM-GOODS-5, Q-25)."""


def run_ops(state: dict, player: dict, ops: list[dict], source: str) -> list[Event]:
    """Resolve effect operations (§12.0 vocabulary); choices become pending decisions."""
    events: list[Event] = []
    seat = player["seat"]
    pending = state["pending"]
    for op in ops:
        kind = op["op"]
        if kind == "vp":
            player["vp"] += op["n"]
            events.append(event("vp", "{player} gains {n} VP ({source}).",
                                      player=f"{{p{seat}}}", n=op['n'], source=component_name(source)))
        elif kind == "raw" and len(op["choices"]) == 1:
            for _ in range(op["n"]):
                gain_raw(state, player, op["choices"])
            events.append(event("gain", "{player} gains {goods} ({source}).",
                                player=f"{{p{seat}}}", goods=goods_words(op['choices'] * op['n']),
                                source=component_name(source)))
        elif kind == "raw":
            pending.append({"kind": "raw", "n": op["n"], "choices": op["choices"], "source": source})
        elif kind == "refined":
            pending.append({"kind": "refined", "n": op["n"], "source": source})
        elif kind == "certificate":
            pending.append({"kind": "certificate", "n": op["n"], "source": source})
        elif kind == "spend_for_refined":
            pending.append({"kind": "spend", "choices": op["choices"], "then": "refined", "source": source})
        elif kind == "exchange":
            pending.append({"kind": "spend", "choices": RAW, "then": "raw", "source": source})
        else:
            raise ValueError(f"unknown effect op {kind!r} in {source}")
    return events


def ops_need_raw(ops: list[dict], player: dict) -> str | None:
    """Why a voluntary effect cannot be used now (it spends raw goods the player lacks, Q-25)."""
    for op in ops:
        if op["op"] in ("spend_for_refined", "exchange"):
            choices = op.get("choices", RAW)
            if not any(player["raw"][good] > 0 for good in choices):
                names = " or ".join(choices)
                return f"it spends 1 {names} and you have none"
    return None


def pending_answers(state: dict, player: dict) -> list[dict[str, Any]]:
    """The legal answers to the first pending decision, in canonical form (goods in L W M S or
    b p c g order)."""
    pending = state["pending"][0]
    kind = pending["kind"]
    if kind == "raw":
        open_types = [g for g in pending["choices"] if player["raw"][g] < state["options"]["raw_cap"]]
        return [{"type": "take", "goods": "".join(c)}
                for c in combinations_with_replacement(open_types, pending["n"])]
    if kind == "refined":
        return [{"type": "take", "goods": "".join(c)}
                for c in combinations_with_replacement(REFINED, pending["n"])]
    if kind == "certificate":
        top = certificate_max(state)
        movable = [g for g in RAW if player["cert"][g] < top]
        return [{"type": "certify", "goods": "".join(c)}
                for c in combinations(movable, min(pending["n"], len(movable)))]
    return [{"type": "spend", "good": g} for g in pending["choices"] if player["raw"][g] > 0]


def answer(state: dict, seat: int, action: dict) -> list[Event]:
    """Handler of ``take``, ``cert`` and ``spend``: answer the first pending choice."""
    player = state["seats"][seat]
    pending = state["pending"][0]
    legal = pending_answers(state, player)
    if action not in legal:
        options = ", ".join(answer_text(a) for a in legal) or "none"
        raise refuse(ANSWER_RULES[pending["kind"]], "{source} asks you to choose: {options}.",
                                                    source=component_name(pending['source']), options=options)
    return _resolve(state, player, pending, action)


def _resolve(state: dict, player: dict, pending: dict, action: dict) -> list[Event]:
    state["pending"].pop(0)
    seat = player["seat"]
    kind = pending["kind"]
    if kind == "raw":
        for good in action["goods"]:
            gain_raw(state, player, good)
        return [event("gain", "{player} gains {goods} ({source}).",
                              player=f"{{p{seat}}}", goods=goods_words(action['goods']), source=component_name(pending['source']))]
    if kind == "refined":
        for good in action["goods"]:
            gain_refined(state, player, good)
        return [event("gain", "{player} gains {goods} ({source}).",
                              player=f"{{p{seat}}}", goods=goods_words(action['goods']), source=component_name(pending['source']))]
    if kind == "certificate":
        for good in action["goods"]:
            move_certificate_right(state, player, good)
        return [event("certificate", counted(
            "{player} moves the {goods} certificate right ({source}).",
            "{player} moves the {goods} certificates right ({source}).",
            by="count", count=len(action["goods"]), player=f"{{p{seat}}}",
            goods=' and '.join(GOOD_NAMES[g] for g in action['goods']), source=component_name(pending['source'])))]
    good = action["good"]
    spend_raw(player, good)
    if pending["then"] == "refined":
        gain_refined(state, player, REFINED_OF[good])
        return [event("spend", "{player} spends 1 {good} for 1 {refined_of} ({source}).",
                               player=f"{{p{seat}}}", good=GOOD_NAMES[good], refined_of=GOOD_NAMES[REFINED_OF[good]],
                               source=component_name(pending['source']))]
    others = "".join(g for g in RAW if g != good)
    state["pending"].insert(0, {"kind": "raw", "n": 1, "choices": others, "source": pending["source"]})
    return [event("spend", "{player} spends 1 {good} ({source}).",
                           player=f"{{p{seat}}}", good=GOOD_NAMES[good], source=component_name(pending['source']))]


def settle_forced(state: dict, player: dict) -> list[Event]:
    """Resolve pending decisions that have at most one answer, so the common case is short."""
    events: list[Event] = []
    while state["pending"]:
        pending = state["pending"][0]
        if pending["kind"] == "refined" and state["phase"] in ("build", "market"):
            state["pending"].pop(0)
            continue
        answers = pending_answers(state, player)
        if pending["kind"] == "raw" and not answers:
            state["pending"].pop(0)
            events.append(event("lost", "{player} is at the raw-goods cap: the gain from {source} is "
                                        "lost.",
                                        player=f"{{p{player['seat']}}}", source=component_name(pending['source'])))
        elif len(answers) == 1:
            events.extend(_resolve(state, player, pending, answers[0]))
        elif not answers:
            state["pending"].pop(0)
        else:
            break
    return events


def answer_text(action: dict) -> str:
    """The notation of an answer to a pending choice.

    >>> answer_text({"type": "certify", "goods": "LW"})
    'cert LW'
    """
    if action["type"] == "spend":
        return f"spend {action['good']}"
    verb = "cert" if action["type"] == "certify" else "take"
    return f"{verb} {action['goods']}"


def fire_triggers(state: dict, player: dict, trigger: str, *, exclude: str | None = None,
                  level: int = 0) -> list[Event]:
    """Right-side buildings that react to ``trigger`` (ON-DELIVER, ON-COMPLETE, ON-ACTIVATE)."""
    events: list[Event] = []
    for card in right_side(player):
        effect = card["effect"]
        if effect["trigger"] != trigger or card["id"] == exclude:
            continue
        if level < effect.get("min_level", 0):
            continue
        if effect.get("once_per_turn"):
            if card["id"] in state["turn"]["triggered"]:
                continue
            state["turn"]["triggered"].append(card["id"])
        events.extend(run_ops(state, player, effect["ops"], card["id"]))
    return events
