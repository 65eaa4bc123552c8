"""The component data of Lorenzo il Magnifico, loaded once from ``games/lim/data/*.json``."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from games.core.message import Name

_DIR = Path(__file__).parent / "data"


def _load(name: str) -> dict:
    with open(_DIR / name, encoding="utf-8") as handle:
        return json.load(handle)


BOARD = _load("board.json")
CARDS: dict[int, dict] = {card["no"]: card for card in _load("cards.json")["cards"]}
LEADERS: dict[str, dict] = {leader["id"]: leader for leader in _load("leaders.json")["leaders"]}
EXCOMMUNICATIONS: dict[str, dict] = {tile["id"]: tile for tile in _load("excommunications.json")["tiles"]}
BONUS_TILES: dict[str, dict] = {tile["id"]: tile for tile in _load("bonus_tiles.json")["tiles"]}

RESOURCES = ("wood", "stone", "servants", "coins")
POINTS = ("mp", "fp", "vp")
HOLDINGS = RESOURCES + POINTS
COLOURED = ("white", "black", "orange")
MEMBERS = COLOURED + ("neutral",)
CARD_TYPES = ("territory", "character", "building", "venture")
TOWERS = tuple(BOARD["towers"])  # green, blue, yellow, purple (board order)
TOWER_OF_TYPE = {BOARD["towers"][t]["card_type"]: t for t in TOWERS}
TOWER_SPACES = tuple(f"{tower}-{floor}" for tower in TOWERS for floor in range(1, 5))
TOWER_FLOORS = {f"{tower}-{floor}": (tower, floor) for tower in TOWERS for floor in range(1, 5)}
SPACES_OF_TOWER = {tower: tuple(f"{tower}-{floor}" for floor in range(1, 5)) for tower in TOWERS}
OTHER_SPACES = tuple(BOARD["spaces"])
ALL_SPACES = TOWER_SPACES + OTHER_SPACES
PRIVILEGES = BOARD["privileges"]
ADVANCED_TILES = tuple(sorted(t for t in BONUS_TILES if t != "basic"))
RESOURCE_NAMES = {
    "wood": ("wood", "wood"),
    "stone": ("stone", "stone"),
    "servants": ("servant", "servants"),
    "coins": ("coin", "coins"),
    "mp": ("military point", "military points"),
    "fp": ("faith point", "faith points"),
    "vp": ("victory point", "victory points"),
}


def describe(amounts: dict[str, int]) -> str:
    """A gain or price in words (``"nothing"`` when empty).

    >>> describe({"coins": 2, "mp": 1, "wood": 0})
    '2 coins + 1 military point'
    >>> describe({})
    'nothing'
    """
    parts = [amount(k, n) for k, n in amounts.items() if n]
    return " + ".join(parts) if parts else "nothing"


def amount(key: str, n: int) -> str:
    """``amount("coins", 1)`` -> ``"1 coin"``."""
    return f"{n} {RESOURCE_NAMES[key][n != 1]}"

@lru_cache(maxsize=None)
def card_name(no: int) -> Name:
    """A development card's name as a message parameter (``names.json`` knows it by its number);
    kept, since refusals name cards while legal moves are listed."""
    return Name("lim", str(no), CARDS[no]["name"])


def leader_name(leader_id: str) -> Name:
    """A leader's name as a message parameter (``names.json`` knows it by the leader's id)."""
    return Name("lim", leader_id, LEADERS[leader_id]["name"])


def excommunication_text(tile_id: str) -> Name:
    """An excommunication tile's printed penalty as a message parameter: the tile has no other
    name, so ``names.json`` gives its text in each language by the tile's id."""
    return Name("lim", tile_id, EXCOMMUNICATIONS[tile_id]["text"])


ROUNDS = 6
FLOORS = (1, 2, 3, 4)
