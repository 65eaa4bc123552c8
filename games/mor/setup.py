"""A new game (MOR-SETUP-1..20) and the one setup move, ``keep``."""

from __future__ import annotations

from typing import Any

from games.core import Rng, event, refuse, seed_state
from games.core.message import Message, counted

from .data import (
    CARDS,
    DECK_IDS,
    LEADERS,
    LEADERS_DEALT,
    LEADERS_KEPT,
    MARBLES,
    MARKET_COLUMNS,
    MARKET_ROWS,
    RESOURCES,
    SEAT_BONUS,
    SECTIONS,
    SLOTS,
    TOKENS,
    deck_of,
    id_number,
)
from .rules import counts_of, describe
from .warehouse import apply_layout, best_layout, empty_depots

Events = list[dict[str, Any]]


def new_state(players: int, seed: int) -> dict[str, Any]:
    """The state of a new game (its shape is described in :mod:`games.mor.engine`)."""
    state: dict[str, Any] = {"rng": seed_state(seed), "players": players, "phase": "setup"}
    rng = Rng(state)
    decks = {}
    for deck in DECK_IDS:  # MOR-SETUP-2/3
        cards = [c for c in CARDS if deck_of(c) == deck]
        rng.shuffle(cards)
        decks[deck] = cards
    marbles = list(MARBLES)  # MOR-SETUP-7
    rng.shuffle(marbles)
    grid = [marbles[r * MARKET_COLUMNS:(r + 1) * MARKET_COLUMNS] for r in range(MARKET_ROWS)]
    leaders = list(LEADERS)  # MOR-SETUP-8
    rng.shuffle(leaders)
    seats = []
    for seat in range(players):
        seats.append({
            "faith": SEAT_BONUS[seat]["faith"],  # MOR-SETUP-17/20: no report possible at 1
            "favour": ["pending"] * len(SECTIONS),
            "depots": empty_depots(),
            "leader_depots": {},
            "strongbox": {r: 0 for r in RESOURCES},
            "slots": [[] for _ in range(SLOTS)],
            "hand": [],
            "played": [],
            "dealt": leaders[seat * LEADERS_DEALT:(seat + 1) * LEADERS_DEALT],  # MOR-SETUP-13
            "ready": False,
        })
    solo = None
    if players == 1:  # MOR-SOLO-2..5
        stack = list(TOKENS)
        rng.shuffle(stack)
        solo = {"cross": 0, "stack": stack, "revealed": [], "last_token": None, "outcome": None}
    state.update({
        "market": {"grid": grid, "slide": marbles[-1]},
        "decks": decks,
        "removed": [],
        "seats": seats,
        "reported": [False] * len(SECTIONS),
        "end_triggered": False,
        "turn": {"seat": 0, "main": False, "pending": None, "number": 0},
        "solo": solo,
        "last": [],
    })
    return state


def keep(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Events:
    """MOR-SETUP-13, MOR-SETUP-17..19: keep 2 dealt leaders and take the starting resources.

    Both choices are collected from every seat at once. MOR-SETUP-21 lets the resource choices
    follow seat order; since no seat's choice can limit another's, the outcome is the same and
    nobody waits for the others.
    """
    player = state["seats"][seat]
    leaders, resources = action["leaders"], action["resources"]
    if len(set(leaders)) != LEADERS_KEPT or len(leaders) != LEADERS_KEPT or any(
            i not in player["dealt"] for i in leaders):
        raise refuse("MOR-SETUP-13", "Keep exactly {leaders_kept} different leaders of the 4 you "
                                     "were dealt ({dealt}).",
                                     leaders_kept=LEADERS_KEPT, dealt=' '.join(player['dealt']))
    wanted = SEAT_BONUS[seat]["resources"]
    if len(resources) != wanted:
        raise refuse("MOR-SETUP-17", counted(
            "Your seat starts with {wanted} resource of your choice (coin, stone, servant, shield){choice}.",
            "Your seat starts with {wanted} resources of your choice (coin, stone, servant, shield){choice}.",
            by="wanted", wanted=wanted, choice=Message(', e.g. res:coin') if wanted else ''))
    player["hand"] = sorted(leaders, key=id_number)
    player["dealt"] = []  # MOR-SETUP-15: the other two go back to the box, unseen
    player["ready"] = True
    layout, discard = best_layout(player, counts_of(resources))
    assert not discard  # at most 2 starting resources always fit (MOR-SETUP-19)
    apply_layout(player, layout)
    if resources:
        events = [event("keep", "{player} kept {kept} leaders and took {took}.", player=f"{{p{seat}}}",
                        kept=LEADERS_KEPT, took=describe(counts_of(resources)))]
    else:
        events = [event("keep", "{player} kept {kept} leaders.", player=f"{{p{seat}}}", kept=LEADERS_KEPT)]
    if all(p["ready"] for p in state["seats"]):
        state["phase"] = "play"
        state["turn"] = {"seat": 0, "main": False, "pending": None, "number": 1}
        events.append(event("start", "Setup is complete: {p0} takes the first turn."))
    return events
