"""The component data of Masters of Renaissance, loaded once from ``data/*.json``.

The JSON files restate the verified reference facts in this package's own schema (see the
``about`` field of each file); this module only indexes them for the engine.
"""

from __future__ import annotations

import json
import marshal
from pathlib import Path
from typing import Any

_DATA = Path(__file__).with_name("data")


def _load(name: str) -> dict[str, Any]:
    with open(_DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


RESOURCES: tuple[str, ...] = ("coin", "stone", "servant", "shield")
"""The four storable resources, in the canonical order used by notation and views."""

COLOURS: tuple[str, ...] = ("green", "blue", "yellow", "purple")
LEVELS: tuple[int, ...] = (1, 2, 3)
DECK_IDS: tuple[str, ...] = tuple(f"{c}-{lvl}" for lvl in LEVELS for c in COLOURS)
"""The 12 decks of the grid, ``<colour>-<level>``."""

CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in _load("development_cards.json")["cards"]}
LEADERS: dict[str, dict[str, Any]] = {c["id"]: c for c in _load("leaders.json")["leaders"]}

_MARKET = _load("market.json")
MARBLE_GIVES: dict[str, str | None] = {m["colour"]: m["gives"] for m in _MARKET["marbles"]}
MARBLES: list[str] = [m["colour"] for m in _MARKET["marbles"] for _ in range(m["count"])]
MARKET_ROWS: int = _MARKET["rows"]
MARKET_COLUMNS: int = _MARKET["columns"]

_TRACK = _load("faith_track.json")
LAST_SPACE: int = _TRACK["last_space"]
VP_SPACES: list[tuple[int, int]] = [(s, vp) for s, vp in _TRACK["vp_spaces"]]
SECTIONS: list[dict[str, int]] = _TRACK["sections"]

_SETUP = _load("setup.json")
SEAT_BONUS: list[dict[str, int]] = _SETUP["seat_bonus"]
LEADERS_DEALT: int = _SETUP["leaders_dealt"]
LEADERS_KEPT: int = _SETUP["leaders_kept"]
DEPOT_CAPACITIES: list[int] = _SETUP["depot_capacities"]
SLOTS: int = _SETUP["slots"]
BASE_INPUTS: int = _SETUP["base_production"]["inputs_of_choice"]
END_CARDS: int = _SETUP["end_cards"]
RESOURCES_PER_VP: int = _SETUP["resources_per_vp"]

TOKENS: dict[str, dict[str, Any]] = {t["id"]: t for t in _load("solo_tokens.json")["tokens"]}


def deck_of(card_id: str) -> str:
    card = CARDS[card_id]
    return f"{card['colour']}-{card['level']}"


def id_number(component_id: str) -> int:
    """The number in a card or leader id (``c12`` -> 12, ``L5`` -> 5), which orders them canonically."""
    return int(component_id[1:])


def card_details(card_id: str) -> dict[str, Any]:
    """Everything printed on a development card: id, colour, level, vp, cost, input, output.

    >>> card_details("c1")["cost"]
    {'shield': 2}
    """
    card = CARDS.get(card_id)
    if card is None:
        raise KeyError(f"no development card {card_id!r}")
    return {**card, "cost": dict(card["cost"]), "input": dict(card["input"]),
            "output": dict(card["output"])}


def leader_details(leader_id: str) -> dict[str, Any]:
    """Everything printed on a leader card (ability, resource, vp, requirement...)."""
    leader = LEADERS.get(leader_id)
    if leader is None:
        raise KeyError(f"no leader card {leader_id!r}")
    return marshal.loads(marshal.dumps(leader))  # a deep copy (the data is plain JSON)


def faith_vp(position: int) -> int:
    """VP of the highest faith-track VP space reached (MOR-SCORE-2, not cumulative)."""
    best = 0
    for space, vp in VP_SPACES:
        if position >= space:
            best = vp
    return best
