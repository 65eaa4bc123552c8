"""Opera deliveries (OM-OPERA): a refined good by cart to a worksite of the cathedral."""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction, Message, event, refuse
from .data import DATA, GOOD_NAMES, RAW_OF, component_name
from .effects import fire_triggers, run_ops
from .rules import carts, check, level_of

Event = dict[str, Any]


def site_name(level: int, column: int) -> str:
    """A worksite as ``level.column``, both 1-based, from 0-based grid indexes.

    >>> site_name(1, 2)
    '2.3'
    """
    return f"{level + 1}.{column + 1}"


def delivery_refusal(state: dict, player: dict, level: int, column: int) -> IllegalAction | None:
    """Why ``player`` cannot deliver to the worksite at (``level``, ``column``) now, or ``None``."""
    return site_refusal(state, player, level, column) or cart_refusal(state, player)


def cart_refusal(state: dict, player: dict) -> IllegalAction | None:
    """OM-OPERA-3 (condition (e) of OM-OPERA-4): a cart not yet used this turn."""
    allowed = carts(player)
    if state["turn"]["deliveries"] < allowed:
        return None
    if allowed == 0:
        return refuse("OM-OPERA-3", "You have no cart: occupy a right slot of your workshop first.")
    return refuse("OM-OPERA-3", "You have used every cart this turn.")


def site_refusal(state: dict, player: dict, level: int, column: int) -> IllegalAction | None:
    """Conditions (a) to (d) of OM-OPERA-4: the good, the certificate level, one token per
    player, and tokens on every lower worksite of the column."""
    blocker = site_blocker(state, player, level, column)
    if blocker is None:
        return None
    site = state["opera"][level][column]
    needed = DATA.worksites[site["token"]]["requires"]
    name = _worksite(site, level, column)
    if blocker == "good":
        return refuse("OM-OPERA-4", "{name} needs a {good_names} and you have none on your refined "
                                    "spaces.",
                                    name=name, good_names=GOOD_NAMES[needed])
    if blocker == "certificate":
        return refuse("OM-OPERA-4", "{name} needs a level-{level} {good_names} certificate; yours is "
                                    "level {certificate}.",
                                    name=name, level=level + 1, good_names=GOOD_NAMES[needed],
                                    certificate=level_of(state, player["cert"][RAW_OF[needed]]))
    if blocker == "token":
        return refuse("OM-OPERA-4", "You have already delivered to {name}: one token per player.",
                                    name=name)
    lower = next(lower for lower in range(level) if not state["opera"][lower][column]["by"])
    return refuse("OM-OPERA-4", "{name} needs a token on the level-{lower} worksite below it "
                                "first.",
                                name=name, lower=lower + 1)


def site_blocker(state: dict, player: dict, level: int, column: int) -> str | None:
    """The first condition of OM-OPERA-4 that stops ``player`` delivering to the worksite, or
    ``None``: ``good``, ``certificate``, ``token`` or ``lower`` (the verdict of :func:`site_refusal`,
    which the listing of moves takes without writing a refusal)."""
    site = state["opera"][level][column]
    needed = DATA.worksites[site["token"]]["requires"]
    if player["refined"][needed] < 1:
        return "good"
    if level_of(state, player["cert"][RAW_OF[needed]]) < level + 1:
        return "certificate"
    if player["seat"] in site["by"]:
        return "token"
    for lower in range(level):
        if not state["opera"][lower][column]["by"]:
            return "lower"
    return None


def _worksite(site: dict, level: int, column: int) -> Message:
    """A worksite named in a refusal (written only for a refusal: most checks pass)."""
    return Message("the {token} worksite ({site})", token=component_name(site["token"]), site=site_name(level, column))


def deliver(state: dict, seat: int, action: dict) -> list[Event]:
    """Deliver to ``level.column``; the first token there gets the worksite's effect (OM-OPERA-7)."""
    player = state["seats"][seat]
    level, column = (int(part) - 1 for part in action["site"].split("."))
    columns = DATA.worksite_columns
    if not (0 <= level < len(state["opera"]) and 0 <= column < columns):
        raise refuse("OM-OPERA-1", "There is no worksite {site}: levels 1-3, worksite columns "
                                   "1-{columns}, e.g. 2.3.",
                                   site=action['site'], columns=columns)
    check(delivery_refusal(state, player, level, column))
    site = state["opera"][level][column]
    token = DATA.worksites[site["token"]]
    good = token["requires"]
    player["refined"][good] -= 1
    first = not site["by"]
    site["by"].append(seat)
    state["turn"]["deliveries"] += 1
    events = [event("deliver", "{player} delivers {good} to the {token} worksite ({site}).",
                               player=f"{{p{seat}}}", good=f"1 {GOOD_NAMES[good]}", token=component_name(token["id"]),
                               site=action['site'])]
    if first:
        effect = token["faces"][site["face"]]
        events += run_ops(state, player, DATA.worksite_effects[effect], token["id"])
    return events + fire_triggers(state, player, "ON-DELIVER", level=level + 1)
