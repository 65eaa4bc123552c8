"""Final scoring (LIM-SCORE)."""

from __future__ import annotations

from games.core import State

from .data import BOARD, CARDS, RESOURCES
from .effects import excomm_effects


def military_points(state: State) -> list[int]:
    """LIM-SCORE-5: 5 VP to the most MP; 2 VP to the second most unless the first place is tied.

    >>> def seats(*mps): return {"seats": [{"res": {"mp": mp}} for mp in mps]}
    >>> military_points(seats(7, 3, 3, 1)), military_points(seats(7, 7, 3))
    ([5, 2, 2, 0], [5, 5, 0])
    """
    mps = [seat["res"]["mp"] for seat in state["seats"]]
    first, second = BOARD["military_vp"]
    top = max(mps)
    winners = [s for s, mp in enumerate(mps) if mp == top]
    out = [first if s in winners else 0 for s in range(len(mps))]
    rest = [mp for mp in mps if mp < top]
    if len(winners) == 1 and rest:
        runner = max(rest)
        out = [second if mps[s] == runner else out[s] for s in range(len(mps))]
    return out


def final_scores(state: State) -> tuple[list[int], list[dict[str, int]]]:
    """LIM-SCORE-2..10 in the sequence of LIM-SCORE-8."""
    military = military_points(state)
    totals, breakdowns = [], []
    for s, seat in enumerate(state["seats"]):
        effects = excomm_effects(state, s)
        no_score = {e["category"] for e in effects if e["kind"] == "no_score"}
        res = seat["res"]
        vp = res["vp"]
        row = {"vp_before_scoring": vp}
        before = sum(vp // e["step"] for e in effects if e["kind"] == "vp_loss" and e["before_scoring"])
        row["excommunication_vp_per_5"] = -min(before, vp)
        vp = max(0, vp - before)
        cards = seat["cards"]
        row["territories"] = 0 if "territory" in no_score else BOARD["territory_vp"][len(cards["territory"])]
        row["characters"] = 0 if "character" in no_score else BOARD["character_vp"][len(cards["character"])]
        row["ventures"] = 0 if "venture" in no_score else sum(CARDS[no]["vp"] for no in cards["venture"])
        row["military"] = military[s]
        row["resources"] = sum(res[k] for k in RESOURCES) // BOARD["resources_per_vp"]
        vp += row["territories"] + row["characters"] + row["ventures"] + row["military"] + row["resources"]
        for effect in effects:
            if effect["kind"] != "vp_loss" or effect["before_scoring"]:
                continue
            counted = 0
            for key in effect["per"]:
                if key.startswith("building_"):
                    good = key.removeprefix("building_")
                    counted += sum(CARDS[no]["costs"][0]["pay"].get(good, 0) for no in cards["building"])
                else:
                    counted += res[key]
            loss = min(vp, counted // effect["step"])
            label = {
                "mp": "excommunication_military",
                "wood": "excommunication_resources",
                "building_wood": "excommunication_buildings",
            }[effect["per"][0]]
            row[label] = -loss
            vp -= loss
        row["total"] = vp
        totals.append(vp)
        breakdowns.append(row)
    return totals, breakdowns
