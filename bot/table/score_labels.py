"""The words the final scores use for each game's scoring categories (the engines' result keys).

Every category an engine scores has its points written by a translatable template here
(``faith track {points}``: a template per category, so each reads whole in every language and no
word is shared with another use of it, such as a command's choice); ``total`` is the total, shown
once before the breakdown. The summary image heads its columns with the same words, the points left
out.
"""

from __future__ import annotations

from typing import Any

from i18n import translate
from games.core import Message

from .model import listed

SCORE_LABELS: dict[str, Message] = {
    # Masters of Renaissance
    "cards": Message("cards {points}"),
    "faith_track": Message("faith track {points}"),
    "favour_tiles": Message("Papal favour tiles {points}"),
    "leaders": Message("leaders {points}"),
    "resources": Message("resources {points}"),
    # Lorenzo il Magnifico
    "vp_before_scoring": Message("during the game {points}"),
    "excommunication_vp_per_5": Message("excommunication (1 VP per 5 VP) {points}"),
    "excommunication_military": Message("excommunication (military points) {points}"),
    "excommunication_resources": Message("excommunication (resources) {points}"),
    "excommunication_buildings": Message("excommunication (building costs) {points}"),
    "territories": Message("territories {points}"),
    "characters": Message("characters {points}"),
    "ventures": Message("ventures {points}"),
    "military": Message("military track {points}"),
    # Opera Magna
    "game": Message("during the game {points}"),
    "buildings": Message("buildings {points}"),
    "evolution": Message("workshop evolution {points}"),
    "certificates": Message("certificates {points}"),
    "blue": Message("end-of-game buildings {points}"),
    "unfinished": Message("unfinished buildings {points}"),
    "opera": Message("opera majority {points}"),
    "worksites": Message("worksites {points}"),
}
HIDDEN = {"total"}


def category_points(key: str, points: Any) -> str:
    """A category's points in words (a key without a template: its own words, untranslated)."""
    label = SCORE_LABELS.get(key)
    return Message(label.template, points=points) if label else f"{key.replace('_', ' ')} {points}"


def category_words(key: str, language: str) -> str:
    """A category's name alone, in ``language`` (a column heading).

    >>> category_words("faith_track", "en"), category_words("faith_track", "ja")
    ('faith track', '信仰トラック')
    """
    return translate(category_points(key, ""), language).strip()


def score_breakdown(breakdown: dict[str, Any]) -> str:
    """``{"vp_before_scoring": 23, "military": 2, "total": 25}`` as "during the game 23, military track 2".

    >>> score_breakdown({"vp_before_scoring": 23, "military": 2, "total": 25})
    'during the game 23, military track 2'
    """
    return listed([category_points(key, value) for key, value in breakdown.items() if key not in HIDDEN])
