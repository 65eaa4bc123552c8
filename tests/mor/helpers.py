"""Builders for Masters of Renaissance scenario states: a real game, then the position a test needs."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import IllegalAction
from games.mor import GAME
from games.mor.data import CARDS, DECK_IDS, LEADERS, RESOURCES

MARBLE_LETTERS = {"W": "white", "G": "grey", "Y": "yellow", "B": "blue", "P": "purple", "R": "red"}


def new_game(players: int = 2, seed: int = 3) -> dict[str, Any]:
    """A game just after setup: every seat kept its first two dealt leaders, starting resources coin."""
    state = GAME.setup(players, seed)
    for seat in range(players):
        keep = next(a for a in GAME.legal_actions(state, seat) if a["type"] == "keep")
        state, _ = GAME.apply(state, seat, keep)
    return state



def blank_game(players: int = 2) -> dict[str, Any]:
    """A game after setup with every seat emptied (see :func:`blank`): the start of most scenarios."""
    state = new_game(players)
    for seat in range(players):
        blank(state, seat)
    return state

def blank(state: dict[str, Any], seat: int) -> None:
    """Empty a seat's warehouse, strongbox, slots and leaders (hand too), faith 0."""
    player = state["seats"][seat]
    player["depots"] = [[None, 0], [None, 0], [None, 0]]
    player["leader_depots"] = {}
    player["strongbox"] = {r: 0 for r in RESOURCES}
    for slot in player["slots"]:
        for card in slot:
            deck = f"{CARDS[card]['colour']}-{CARDS[card]['level']}"
            state["decks"][deck].append(card)
        slot.clear()
    player["hand"], player["played"] = [], []
    player["faith"] = 0


def depots(state: dict[str, Any], seat: int, d1=None, d2=None, d3=None) -> None:
    """Set base depots from ``(resource, count)`` pairs (None = empty)."""
    state["seats"][seat]["depots"] = [list(d) if d else [None, 0] for d in (d1, d2, d3)]


def strongbox(state: dict[str, Any], seat: int, **counts: int) -> None:
    state["seats"][seat]["strongbox"] = {r: counts.get(r, 0) for r in RESOURCES}


def take_card(state: dict[str, Any], card_id: str) -> None:
    """Remove a card from wherever it is in the grid."""
    for deck in DECK_IDS:
        if card_id in state["decks"][deck]:
            state["decks"][deck].remove(card_id)
            return
    raise AssertionError(f"{card_id} is not in the grid")


def give_slot(state: dict[str, Any], seat: int, slot: int, cards: list[str]) -> None:
    """Put ``cards`` (bottom to top) in a 1-based slot, taken from the grid."""
    for card in cards:
        take_card(state, card)
    state["seats"][seat]["slots"][slot - 1] = list(cards)


def card(colour: str, level: int, vp: int) -> str:
    """The id of the card identified by (colour, level, VP), as the specification names cards."""
    return next(i for i, c in CARDS.items() if c["colour"] == colour and c["level"] == level and c["vp"] == vp)


def leader(ability: str, resource: str) -> str:
    return next(i for i, c in LEADERS.items() if c["ability"] == ability and c["resource"] == resource)


def play_leader_now(state: dict[str, Any], seat: int, leader_id: str) -> None:
    """Put a leader face up without checking its requirement (scenario set-up)."""
    player = state["seats"][seat]
    if leader_id in player["hand"]:
        player["hand"].remove(leader_id)
    player["played"].append(leader_id)
    if LEADERS[leader_id]["ability"] == "extra_depot":
        player["leader_depots"][leader_id] = 0


def market(state: dict[str, Any], rows: list[str], slide: str) -> None:
    """Set the market from letters, e.g. rows ``["WRGY", "BPWY", "GBPW"]``, slide ``"W"``."""
    state["market"]["grid"] = [[MARBLE_LETTERS[ch] for ch in row] for row in rows]
    state["market"]["slide"] = MARBLE_LETTERS[slide]


def turn_of(state: dict[str, Any], seat: int) -> None:
    state["turn"] = {"seat": seat, "main": False, "pending": None, "number": 1}


def play(state: dict[str, Any], seat: int, text: str) -> tuple[dict[str, Any], list[dict[str, str]]]:
    return GAME.play(state, seat, text)


def refused(state: dict[str, Any], seat: int, text: str, rule: str | None = None) -> IllegalAction:
    """Assert that the move is refused (with ``rule`` when given) and that the state is unchanged."""
    before = GAME.dumps(state)
    with pytest.raises(IllegalAction) as err:
        GAME.play(state, seat, text)
    assert GAME.dumps(state) == before
    if rule is not None:
        assert err.value.rule == rule, (err.value.rule, err.value.message)
    return err.value


def holdings(state: dict[str, Any], seat: int) -> dict[str, int]:
    from games.mor.rules import total_holdings
    return total_holdings(state["seats"][seat])


def on_top(state: dict[str, Any], card_id: str) -> None:
    """Make ``card_id`` the top (visible) card of its deck."""
    deck = f"{CARDS[card_id]['colour']}-{CARDS[card_id]['level']}"
    state["decks"][deck].remove(card_id)
    state["decks"][deck].insert(0, card_id)
