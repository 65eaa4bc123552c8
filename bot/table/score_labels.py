"""The words the final scores use for each game's scoring categories (the engines' result keys).

Every category an engine scores has a label here (a translatable message); ``total`` is the
total, shown once before the breakdown.
"""

from __future__ import annotations

from typing import Any

from games.core import Message

from .model import listed

SCORE_LABELS: dict[str, Message] = {
    # Masters of Renaissance
    "cards": Message("development cards"),
    "faith_track": Message("faith track"),
    "favour_tiles": Message("Papal favour tiles"),
    "leaders": Message("leader cards"),
    "resources": Message("resources"),
    # Lorenzo il Magnifico
    "vp_before_scoring": Message("during the game"),
    "excommunication_vp_per_5": Message("excommunication (1 VP per 5 VP)"),
    "excommunication_military": Message("excommunication (military points)"),
    "excommunication_resources": Message("excommunication (resources)"),
    "excommunication_buildings": Message("excommunication (building costs)"),
    "territories": Message("territories"),
    "characters": Message("characters"),
    "ventures": Message("ventures"),
    "military": Message("military track"),
    # Opera Magna
    "game": Message("during the game"),
    "buildings": Message("buildings"),
    "evolution": Message("workshop evolution"),
    "certificates": Message("certificates"),
    "blue": Message("end-of-game buildings"),
    "unfinished": Message("unfinished buildings"),
    "opera": Message("opera majority"),
    "worksites": Message("worksites"),
}
HIDDEN = {"total"}


def score_label(key: str) -> str:
    """A scoring category's words (a key without a label: its own words, untranslated)."""
    return SCORE_LABELS.get(key, key.replace("_", " "))


def score_breakdown(breakdown: dict[str, Any]) -> str:
    """``{"vp_before_scoring": 23, "military": 2, "total": 25}`` as "during the game 23, military track 2".

    >>> score_breakdown({"vp_before_scoring": 23, "military": 2, "total": 25})
    'during the game 23, military track 2'
    """
    return listed([Message("{category} {points}", category=score_label(key), points=value)
                   for key, value in breakdown.items() if key not in HIDDEN])
