"""The starting draft, the end of phase 3, phase 4 step 1 (building refill) and the end of a turn."""

from __future__ import annotations

from typing import Any

from ..core import Message, counted, event, refuse
from .data import DATA, REFINED, SIZES, component_name

Event = dict[str, Any]


def _names(cards: list[str]) -> str:
    """Buildings by name, listed (``Fountain, Aqueduct``)."""
    return ", ".join(component_name(card) for card in sorted(cards))


def fresh_turn() -> dict[str, Any]:
    """The once-per-turn flags of a new turn (OM-FLOW-5)."""
    return {"moved_to": None, "ability": False, "ability_used": False,
            "conversions": [], "effects": [], "deliveries": 0, "triggered": [],
            "shield_used": False}


def draft(state: dict, seat: int, action: dict) -> list[Event]:
    """Take a revealed building in the snake draft; the last pick opens the display (OM-SETUP-35..37)."""
    card = action["card"]
    if card not in state["display"]:
        raise refuse("OM-SETUP-35", "{card} is not among the revealed buildings: {display}.",
                                    card=component_name(card), display=_names(state['display']))
    state["display"].remove(card)
    state["seats"][seat]["building"].append({"id": card, "covered": ""})
    state["draft_order"].pop(0)
    events = [event("draft", "{player} drafts {card}.",
                             player=f"{{p{seat}}}", card=component_name(card))]
    if not state["draft_order"]:
        for size in SIZES:
            for _ in range(DATA.rules["display_per_size"]):
                reveal(state, size)
        state["round"] = 1
        state["phase"] = "merchant"
        events.append(event("round", "Round 1 begins."))
    return events


def done(state: dict, seat: int, action: dict) -> list[Event]:
    """End phase 3: refined goods left are discarded (OM-REFINED-3); phase 4 follows, except in the
    final round (OM-ENDTURN-1)."""
    player = state["seats"][seat]
    left = sum(player["refined"].values())
    player["supply"] += left
    player["refined"] = dict.fromkeys(REFINED, 0)
    ended = (counted("{player} ends phase 3, discarding {left} refined good.",
                     "{player} ends phase 3, discarding {left} refined goods.",
                     by="left", player=f"{{p{seat}}}", left=left)
             if left else Message("{player} ends phase 3.", player=f"{{p{seat}}}"))
    events = [event("discard", ended)]
    if state["final_round"] == state["round"]:
        return events + end_turn(state)
    state["phase"] = "build"
    return events + advance_phase_four(state, player)


def needs_building(state: dict, player: dict) -> bool:
    """OM-ENDTURN-3: fewer than 2 under construction and a display to take from."""
    return len(player["building"]) < DATA.rules["max_under_construction"] and bool(state["display"])


def advance_phase_four(state: dict, player: dict) -> list[Event]:
    """Skip the steps of phase 4 with nothing to do (a full hand of buildings, an empty market)."""
    if state["phase"] == "build" and not needs_building(state, player):
        state["phase"] = "market"
    if state["phase"] == "market" and not any(state["market"]):
        return end_turn(state)
    return []


def pick(state: dict, seat: int, action: dict) -> list[Event]:
    """Take a display building; its replacement is revealed at once (OM-ENDTURN-3, -4)."""
    card = action["card"]
    if card not in state["display"]:
        raise refuse("OM-ENDTURN-3", "{card} is not in the building display: {display}.",
                                     card=component_name(card), display=_names(state['display']))
    player = state["seats"][seat]
    state["display"].remove(card)
    player["building"].append({"id": card, "covered": ""})
    events = [event("pick", "{player} takes building {card}.",
                            player=f"{{p{seat}}}", card=component_name(card))]
    revealed = reveal(state, DATA.buildings[card]["size"])
    if revealed:
        events.append(event("reveal", "{revealed} is revealed in the building display.",
                                      revealed=component_name(revealed)))
    return events + advance_phase_four(state, player)


def reveal(state: dict, size: str) -> str | None:
    """The replacement display card: same size, else larger, else smaller (OM-ENDTURN-5, Q-17)."""
    index = SIZES.index(size)
    for deck_size in SIZES[index:] + tuple(reversed(SIZES[:index])):
        deck = state["building_decks"][deck_size]
        if deck:
            card = deck.pop()
            state["display"].append(card)
            return card
    return None


def end_turn(state: dict) -> list[Event]:
    """Pass the turn; after the last seat a new round starts, or the final round ends the game
    (OM-FLOW-2, OM-END-4)."""
    players = len(state["seats"])
    state["turn"] = fresh_turn()
    state["pending"] = []
    events: list[Event] = []
    if state["active"] == players - 1:
        if state["final_round"] == state["round"]:
            state["phase"] = "over"
            return [event("end", "The game is over: final scoring.")]
        state["round"] += 1
        state["active"] = 0
        final = Message(" (the final round).") if state["final_round"] == state["round"] else "."
        events.append(event("round", "Round {round} begins{final}",
                                     round=state['round'], final=final))
    else:
        state["active"] += 1
    state["phase"] = "merchant"
    return events
