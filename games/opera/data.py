"""Component data of Opera Magna, loaded once from the JSON files in ``data/``.

Every printed-component value lives in those files. The shipped set is the provisional data set
PDS-0 of the rule specification (its section 12), flagged ``provisional`` in each file's
``provenance``; replacing the files with the printed values needs no code change.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.core.message import Name

DATA_DIR = Path(__file__).parent / "data"

RAW = "LWMS"
REFINED = "bpcg"
REFINED_OF = dict(zip(RAW, REFINED))
RAW_OF = dict(zip(REFINED, RAW))
SIZES = ("small", "medium", "large")
SIDES = ("left", "right")
GOOD_NAMES = {
    "L": "lead", "W": "wood", "M": "marble", "S": "sand",
    "b": "bell", "p": "plank", "c": "column", "g": "glass",
}


def _load(name: str) -> dict[str, Any]:
    with open(DATA_DIR / name, encoding="utf-8") as handle:
        return json.load(handle)


@dataclass(frozen=True)
class Components:
    rules: dict[str, Any]
    trade_groups: dict[str, list[str]]
    trade: dict[str, dict[str, Any]]
    buildings: dict[str, dict[str, Any]]
    building_sizes: dict[str, dict[str, int]]
    worksites: dict[str, dict[str, Any]]
    worksite_effects: dict[str, list[dict[str, Any]]]
    worksite_columns: int
    worksite_score: dict[str, int]
    cities: dict[str, dict[str, Any]]
    city_order: tuple[str, ...]
    abilities: dict[str, dict[str, Any]]
    boards: dict[str, dict[str, Any]]
    provenance: dict[str, dict[str, Any]]


def load_components() -> Components:
    trade_doc = _load("trade_cards.json")
    building_doc = _load("buildings.json")
    worksite_doc = _load("worksites.json")
    city_doc = _load("cities.json")
    board_doc = _load("workshops.json")
    rules_doc = _load("rules.json")
    trade = {card["id"]: card for group in trade_doc["groups"].values() for card in group}
    return Components(
        rules=rules_doc,
        trade_groups={name: [c["id"] for c in cards] for name, cards in trade_doc["groups"].items()},
        trade=trade,
        buildings={card["id"]: card for card in building_doc["cards"]},
        building_sizes=building_doc["sizes"],
        worksites={token["id"]: token for token in worksite_doc["tokens"]},
        worksite_effects=worksite_doc["effects"],
        worksite_columns=worksite_doc["columns"],
        worksite_score=worksite_doc["score_by_level"],
        cities={city["id"]: city for city in city_doc["cities"]},
        city_order=tuple(city["id"] for city in city_doc["cities"]),
        abilities={ability["id"]: ability for ability in city_doc["abilities"]},
        boards={board["id"]: board for board in board_doc["boards"]},
        provenance={
            "trade_cards": trade_doc["provenance"], "buildings": building_doc["provenance"],
            "worksites": worksite_doc["provenance"], "cities": city_doc["provenance"],
            "workshops": board_doc["provenance"], "rules": rules_doc["provenance"],
        },
    )


DATA = load_components()


PROVISIONAL_NAMES = ("trade_cards", "buildings", "worksites")
"""The components whose names are provisional, like their values: the names of the trade cards,
buildings and worksite tokens of PDS-0 (in English in their data files, in Japanese and Korean in
``data/names.json``) were written for this data set, not taken from the printed game
(docs/glossary.md lists them)."""


@lru_cache(maxsize=1024)
def component_name(ident: str) -> Name:
    """Any component's name as a message parameter: a trade card (``MA-04``), a building
    (``M11``), a worksite token (``T1-2``), a city ability or a city; an unknown id as it is.
    Kept once made: events and refusals name components at every move.

    >>> component_name("M11"), component_name("T2-1"), component_name("VEN-1")
    ('Aqueduct', 'Stage', 'Rialto exchange')
    """
    for table in (DATA.trade, DATA.buildings, DATA.worksites, DATA.abilities, DATA.cities):
        if ident in table:
            return Name("opera", ident, table[ident]["name"])
    return Name("opera", ident, ident)


def city_name(city_id: str) -> Name:
    """A city's name as a message parameter (``names.json`` knows it by the city's id)."""
    return Name("opera", city_id, DATA.cities[city_id]["name"])


def ability_name(ability_id: str) -> Name:
    """A city ability's name as a message parameter (by the ability's id, e.g. ``VEN-1``)."""
    return Name("opera", ability_id, DATA.abilities[ability_id]["name"])
