"""Goods, tracks and the workshop: the operations every phase shares (no validation of turns).

Rule IDs refer to the rule specification (``OM-*``); provisional component values come from
:mod:`games.opera.data`. The phases live in their own modules: :mod:`.city` (phases 1 and 2),
:mod:`.workshop` (refined goods and buildings), :mod:`.deliveries` (the Opera), :mod:`.market`
and :mod:`.endturn` (phase 4), :mod:`.effects` (effect operations and pending choices) and
:mod:`.scoring`.
"""

from __future__ import annotations

from contextvars import ContextVar

from ..core import IllegalAction, Message
from .data import DATA, RAW, REFINED_OF, SIDES, SIZES, city_name

AREAS = ("cost", "gain")
AREA_NAMES = {"cost": "costs", "gain": "benefits"}
TURN_PHASES = ("activate", "refined", "build", "market")
"""The phases in which "any moment" uses (ability, building effect, conversion) are offered."""


# ------------------------------------------------------------------ city areas
def area_code(city: str, area: str) -> str:
    """The code of a city area, as the notation writes it.

    >>> area_code("ven", "cost")
    'ven:cost'
    """
    return f"{city}:{area}"


def split_area(code: str) -> tuple[str, str]:
    """A city area code split into its city and its area.

    >>> split_area("ant:gain")
    ('ant', 'gain')
    """
    city, _, area = code.partition(":")
    return city, area


def area_label(code: str) -> Message:
    """A city area as players read it.

    >>> area_label("con:cost")
    'Constantinople (costs)'
    """
    city, area = split_area(code)
    return Message("{city} ({area})", city=city_name(city), area=AREA_NAMES[area])


def check(refusal: IllegalAction | None) -> None:
    """Raise the refusal a ``*_refusal`` check found (the same check filters the legal actions)."""
    if refusal is not None:
        raise refusal


# ------------------------------------------------------------------ geometry
def raw_cap(state: dict) -> int:
    return state["options"]["raw_cap"]


def certificate_max(state: dict) -> int:
    """One space beyond the raw cap (Q-09), so a capped raw token always has a certificate to its right."""
    return state["options"]["raw_cap"] + 1


_LEVEL_AT = {position: level for low, high, level in DATA.rules["level_bands"] for position in range(low, high + 1)}
"""Each track position inside a band, with its level (a track position is a whole number)."""


def level_of(state: dict, position: int) -> int:
    """Certificate level of a track position (OM-GOODS-9); the top band reaches the track end.

    >>> [level_of({}, v) for v in (2, 4, 5, 7, 8, 10)]
    [1, 1, 2, 2, 3, 3]
    """
    return _LEVEL_AT.get(position, DATA.rules["level_bands"][-1][2])


def levels(state: dict, player: dict) -> dict[str, int]:
    return {REFINED_OF[x]: level_of(state, player["cert"][x]) for x in RAW}


# --------------------------------------------------------------- player facts
def completed(player: dict) -> list[tuple[str, str, str]]:
    """Every completed building as (card id, side, size)."""
    return [
        (card, side, size)
        for side in SIDES for size in SIZES for card in player["slots"][side][size]
    ]


def right_side(player: dict) -> list[dict]:
    right = player["slots"]["right"]
    return [DATA.buildings[card] for size in SIZES for card in right[size]]


def occupied_slots(player: dict) -> int:
    return sum(1 for side in SIDES for size in SIZES if player["slots"][side][size])


def carts(player: dict) -> int:
    """Deliveries allowed per turn: one per occupied right slot plus EXTRA-CART (OM-OPERA-3)."""
    slots = sum(1 for size in SIZES if player["slots"]["right"][size])
    extra = sum(1 for card in right_side(player) if card["effect"]["trigger"] == "EXTRA-CART")
    return slots + extra


def opera_tokens(state: dict, seat: int) -> int:
    """How many worksites hold ``seat``'s token."""
    return sum([seat in site["by"] for row in state["opera"] for site in row])


def tokens_in_use(player: dict, state: dict) -> int:
    on_tracks = len(RAW)
    refined = sum(player["refined"].values())
    on_buildings = sum(len(b["covered"]) for b in player["building"])
    return on_tracks + refined + on_buildings + opera_tokens(state, player["seat"])


def missing_icons(cost: str, covered: str) -> str:
    """The icons of a building cost still uncovered.

    >>> missing_icons("bpcg", "pg")
    'bc'
    """
    missing = list(cost)
    for good in covered:
        missing.remove(good)
    return "".join(missing)


# ---------------------------------------------------------------- goods moves
LOST: ContextVar[list[str] | None] = ContextVar("opera_lost_goods", default=None)
"""While set to a list, every good a gain throws away is added to it (its letter): how a move's
description learns what playing the move on a copy would lose (see ``describe``)."""


def _lose(good: str) -> bool:
    lost = LOST.get()
    if lost is not None:
        lost.append(good)
    return False


def gain_raw(state: dict, player: dict, good: str) -> bool:
    """One raw good (OM-GOODS-3): lost at the cap, otherwise may push the certificate right."""
    raw = player["raw"]
    if raw[good] >= state["options"]["raw_cap"]:
        return _lose(good)
    raw[good] += 1
    if raw[good] == player["cert"][good]:
        player["cert"][good] = min(player["cert"][good] + 1, certificate_max(state))
    return True


def gain_refined(state: dict, player: dict, good: str) -> bool:
    """One refined good as a token on the refined space (OM-CITY-6); lost after phase 3 (OM-REFINED-5)
    and, when the token limit is on, when the player has no token left (Q-12)."""
    if state["phase"] in ("build", "market"):
        return _lose(good)
    if state["options"]["limit_tokens"] and player["supply"] <= 0:
        return _lose(good)
    player["refined"][good] += 1
    player["supply"] -= 1
    return True


def spend_raw(player: dict, good: str) -> None:
    """Spending moves only the raw token (OM-GOODS-5)."""
    player["raw"][good] -= 1


def move_certificate_right(state: dict, player: dict, good: str) -> bool:
    if player["cert"][good] >= certificate_max(state):
        return False
    player["cert"][good] += 1
    return True
