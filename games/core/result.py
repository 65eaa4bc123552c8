"""The one shape of a finished game's result."""

from __future__ import annotations

from typing import Any


def make_result(
    totals: list[int],
    breakdowns: list[dict[str, int]],
    tiebreak: list[Any] | None = None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The common result shape.

    ``ranking`` lists groups of seats from first place down; seats in one group are still tied
    after the tie-break (higher ``tiebreak`` value wins). ``winners`` is the first group.
    """
    keys = [(totals[s], tiebreak[s] if tiebreak else 0) for s in range(len(totals))]
    ranking: list[list[int]] = []
    for seat in sorted(range(len(totals)), key=lambda s: keys[s], reverse=True):
        if ranking and keys[ranking[-1][0]] == keys[seat]:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    result = {
        "scores": [
            {"seat": s, "total": totals[s], "breakdown": breakdowns[s]} for s in range(len(totals))
        ],
        "ranking": ranking,
        "winners": ranking[0],
    }
    if extra:
        result.update(extra)
    return result


def public_points(view: dict[str, Any]) -> dict[int, int]:
    """Each seat's victory points so far, read from a game's public view (the three board games
    show them: ``vp`` in a player's part, or among a Lorenzo il Magnifico player's resources; a
    game whose view has no players' parts: none).

    >>> public_points({"players": [{"seat": 0, "vp": 5}, {"seat": 1, "resources": {"vp": 2}}]})
    {0: 5, 1: 2}
    """
    players = [player for player in view.get("players", []) if isinstance(player, dict)]
    return {player.get("seat", index): int(player["vp"] if "vp" in player else player.get("resources", {}).get("vp", 0))
            for index, player in enumerate(players)}
