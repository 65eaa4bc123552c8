"""The turn's frame: what must be done before a move, ending a turn, and Lorenzo's token (solo)."""

from __future__ import annotations

from typing import Any

from games.core import Rng, event, refuse
from games.core.message import Message, counted

from .data import LEVELS, TOKENS
from .rules import check_solo_end, faith_event

Events = list[dict[str, Any]]


def require_turn_free(state: dict[str, Any], what: str) -> None:
    """MOR-TURN-4, D-1: nothing happens between taking market resources and placing them."""
    if state["turn"]["pending"] is not None:
        raise refuse("MOR-TURN-4", "First place the resources you took from the market (or discard "
                                   "them) before you {what} (D-1).",
                                   what=what)


def require_main_free(state: dict[str, Any]) -> None:
    """MOR-TURN-3: one main action (market, buy or produce) per turn."""
    require_turn_free(state, "do anything else")
    if state["turn"]["main"]:
        raise refuse("MOR-TURN-3", "You have already taken your main action this turn: you may play or "
                                   "discard leaders, then 'end'.")


def end(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    """MOR-TURN-6: the turn ends on request once the main action is done."""
    turn = state["turn"]
    require_turn_free(state, "end your turn")
    if not turn["main"]:
        raise refuse("MOR-TURN-3", "You must take one main action first: market, buy or produce.")
    events = [event("end_turn", "{player} ended their turn.",
                                player=f"{{p{seat}}}")]
    if state["solo"] is not None:
        events += reveal_token(state)  # MOR-SOLO-8
        if state["phase"] == "over":
            return events
        state["turn"] = {"seat": 0, "main": False, "pending": None, "number": turn["number"] + 1}
        return events
    last_seat = state["players"] - 1
    if state["end_triggered"] and seat == last_seat:  # MOR-END-3/4, D-11
        state["phase"] = "over"
        events.append(event("game_over", "The last round is complete: the game is over."))
        return events
    next_seat = (seat + 1) % state["players"]
    state["turn"] = {"seat": next_seat, "main": False, "pending": None,
                     "number": turn["number"] + (1 if next_seat == 0 else 0)}
    return events


def reveal_token(state: dict[str, Any]) -> Events:
    """Reveal and apply Lorenzo's top token (MOR-SOLO-8..11)."""
    solo = state["solo"]
    token_id = solo["stack"].pop(0)
    solo["revealed"].append(token_id)
    solo["last_token"] = token_id
    token = TOKENS[token_id]
    if token["effect"] == "discard":  # MOR-SOLO-9
        removed = []
        decks = [f"{token['colour']}-{lvl}" for lvl in LEVELS]  # lowest level first
        for _ in range(token["count"]):
            deck = next((d for d in decks if state["decks"][d]), None)
            if deck is None:
                break
            removed.append(state["decks"][deck].pop(0))
        state["removed"] += removed
        shown = f" ({', '.join(removed)})" if removed else ""
        events = [event("token", counted("Lorenzo discards {n_removed} {colour} card{shown}.",
                                         "Lorenzo discards {n_removed} {colour} cards{shown}.",
                                         by="n_removed", n_removed=len(removed), colour=token['colour'],
                                         shown=shown))]
        return events + check_solo_end(state)
    events = [event("token", counted("Lorenzo's black cross moves {spaces} space{choice}.",
                                     "Lorenzo's black cross moves {spaces} spaces{choice}.",
                                     by="spaces", spaces=token['spaces'],
                                     choice=Message(' and his tokens are reshuffled') if token['reshuffle'] else ''))]
    events += faith_event(state, {}, cross=token["spaces"])  # MOR-SOLO-10/12
    if token["reshuffle"] and state["phase"] != "over":  # MOR-SOLO-11
        stack = list(TOKENS)
        Rng(state).shuffle(stack)
        solo["stack"], solo["revealed"] = stack, []
    return events
