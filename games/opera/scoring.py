"""Final scoring (OM-SCORE-1..8) and the tie-break (OM-TIE-1..3)."""

from __future__ import annotations

from .data import DATA, RAW, SIZES
from .rules import completed, level_of, occupied_slots, opera_tokens


def end_scoring_count(state: dict, player: dict, effect: dict) -> int:
    """The count a blue building's END formula multiplies (U-04), divided by its optional
    ``divisor`` and rounded down ("1 VP per 3 raw goods")."""
    per = effect["per"]
    if per == "buildings":
        colour = effect.get("colour")
        count = sum(1 for card, _, _ in completed(player)
                    if colour is None or DATA.buildings[card]["colour"] == colour)
    elif per == "right_slots":
        count = sum(1 for size in SIZES if player["slots"]["right"][size])
    elif per == "worksites":
        count = opera_tokens(state, player["seat"])
    elif per == "level3_certificates":
        count = sum(1 for good in RAW if level_of(state, player["cert"][good]) == 3)
    elif per == "full_rows":
        count = sum(1 for size in SIZES
                    if player["slots"]["left"][size] and player["slots"]["right"][size])
    elif per == "raw_total":
        count = sum(player["raw"].values())
    else:
        raise ValueError(f"unknown END formula {per!r}")
    return count // effect.get("divisor", 1)


def worksite_levels(state: dict, seat: int) -> list[int]:
    return [level + 1 for level, row in enumerate(state["opera"]) for site in row if seat in site["by"]]


def score(state: dict, player: dict) -> dict[str, int]:
    """The 8 scoring categories (OM-SCORE-1..8)."""
    seat = player["seat"]
    done = completed(player)
    buildings = sum(DATA.building_sizes[size]["vp"] for _, _, size in done)
    evolution = DATA.rules["evolution_vp"][occupied_slots(player)]
    certificates = sum(level_of(state, player["cert"][good]) for good in RAW)
    blue = 0
    for card_id, side, _ in done:
        card = DATA.buildings[card_id]
        if card["effect"]["trigger"] != "END":
            continue
        if side == "left" and not state["options"]["blue_scores_on_left"]:
            continue
        blue += card["effect"]["vp"] * end_scoring_count(state, player, card["effect"])
    unfinished = sum(len(b["covered"]) for b in player["building"])
    mine = opera_tokens(state, seat)
    fewer = sum(1 for other in state["seats"] if other["seat"] != seat
                and opera_tokens(state, other["seat"]) < mine)
    opera = DATA.rules["opera_majority_vp"] * fewer
    worksites = sum(DATA.worksite_score[str(level)] for level in worksite_levels(state, seat))
    return {
        "game": player["vp"], "buildings": buildings, "evolution": evolution,
        "certificates": certificates, "blue": blue, "unfinished": unfinished,
        "opera": opera, "worksites": worksites,
    }


def tiebreak(state: dict, player: dict) -> list[int]:
    """OM-TIE-1..3: worksite tokens, then level-3 tokens, then level-2 tokens, then raw total."""
    site_levels = worksite_levels(state, player["seat"])
    return [len(site_levels), site_levels.count(3), site_levels.count(2), sum(player["raw"].values())]
