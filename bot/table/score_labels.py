"""The words the final scores use for each game's scoring categories (the engines' result keys).

A key without a label here is shown with its underscores as spaces; ``total`` is the total, shown
once before the breakdown.
"""

from __future__ import annotations

from typing import Any

SCORE_LABELS: dict[str, str] = {
    # Masters of Renaissance
    "faith_track": "faith track",
    "favour_tiles": "Papal favour tiles",
    # Lorenzo il Magnifico
    "vp_before_scoring": "during the game",
    "excommunication_vp_per_5": "excommunication (1 VP per 5 VP)",
    "excommunication_military": "excommunication (military points)",
    "excommunication_resources": "excommunication (resources)",
    "excommunication_buildings": "excommunication (building costs)",
    "military": "military track",
    # Opera Magna
    "game": "during the game",
    "evolution": "workshop evolution",
    "blue": "end-of-game buildings",
    "unfinished": "unfinished buildings",
    "opera": "opera majority",
}
HIDDEN = {"total"}


def score_breakdown(breakdown: dict[str, Any]) -> str:
    """``{"vp_before_scoring": 23, "military": 2, "total": 25}`` as "during the game 23, military track 2".

    >>> score_breakdown({"vp_before_scoring": 23, "military": 2, "total": 25})
    'during the game 23, military track 2'
    """
    return ", ".join(f"{SCORE_LABELS.get(key, key.replace('_', ' '))} {value}"
                     for key, value in breakdown.items() if key not in HIDDEN)
