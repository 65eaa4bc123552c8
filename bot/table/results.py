"""What a finished game leaves behind: its placings for the ratings, and its summary for the image.

Both read only what is public: the engine's result, and the public view after each move of the
game replayed from its seed with :class:`games.core.MoveStack` (a view never holds a hand or a
deck's order).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

import games
from i18n import ENGLISH, translate
from db import MoveRow
from db.ratings import AI_PLAYER, Outcome, Placing
from db.replay import standing
from db.rows import SeatChange
from games.core import Game, Message, MoveStack

from .model import Table, ai_name
from .score_labels import category_words

ROUNDS: dict[str, tuple[str, ...]] = {"mor": ("turn", "number"), "lim": ("round",), "opera": ("round",)}
"""Where each game's public view says which round it is (a game not listed is charted per move)."""
POINTS: dict[str, tuple[str, ...]] = {"mor": ("vp",), "lim": ("resources", "vp"), "opera": ("vp",)}
"""Where, in a player's entry of ``view["players"]``, each game shows its victory points so far."""
FINAL = "end"
"""The last point of the chart: the final scores, after end-of-game scoring."""


def places(result: dict[str, Any]) -> dict[int, int]:
    """Each seat's place (1 = first; tied seats share a place)."""
    return {seat: rank + 1 for rank, group in enumerate(result["ranking"]) for seat in group}


def outcome_of(table: Table, result: dict[str, Any], moves: list[MoveRow],
               changes: list[SeatChange], hinted: Collection[int] = ()) -> Outcome | None:
    """The placings a finished game gives the ratings: they credit the people who played
    (``moves``, the whole log, and the seats' ``changes`` of hands say who); None for a game of one
    seat (a solo game).

    - A seat's holder at the end is placed with the seat when they made at least half of its
      moves (all of them, for a seat that never changed hands); otherwise the game does not count
      for them.
    - A player whose seat was opened after timeouts left the game: placed last, after every seat,
      with no points (as Board Game Arena treats quitting), unless they took the seat back.
    - A player replaced by the host while their seat was not open is not rated.
    - An AI seat is rated under its level; the AI playing an open seat is not rated.
    - A player who asked the coach for a hint (``hinted``) is not rated; the others are rated
      among themselves.
    """
    if len(table.seats) < 2:
        return None
    place = places(result)
    totals = {score["seat"]: score["total"] for score in result["scores"]}
    names = table.names()
    standing_moves = standing(moves)
    placings, leavers = [], {}
    for seat in range(len(names)):
        held = next(s for s in table.seats if s.seat == seat)
        if held.ai_level is not None:
            placings.append(Placing(AI_PLAYER, held.ai_level, ai_name(1, held.ai_level), place[seat], totals[seat]))
            continue
        for change in changes:
            if change.seat == seat and change.was_open and change.from_user_id != held.user_id:
                leavers[change.from_user_id] = change.from_name
        if held.opened_at is not None:
            leavers[held.user_id] = held.display_name
            continue
        seat_moves = [move for move in standing_moves if move.seat == seat]
        if held.user_id in hinted:
            continue
        if 2 * sum(move.user_id == held.user_id for move in seat_moves) >= len(seat_moves):
            placings.append(Placing(held.user_id, "", names[seat], place[seat], totals[seat]))
    last = max(place.values()) + 1
    placings += [Placing(user_id, "", name, last, 0) for user_id, name in leavers.items() if user_id not in hinted]
    return Outcome(tuple(placings)) if len(placings) >= 2 else None


def _read(data: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def score_track(game: Game, key: str, stack: MoveStack, moves: Iterable[tuple[int, str]]
                ) -> tuple[list[str], list[list[int]]]:
    """Play ``moves`` on ``stack``, to the end of the game; the chart's labels (round numbers, then
    ``end``) and, per seat, its victory points at the end of each round and its final score. A game
    whose view does not show rounds or points is charted by its final scores only."""
    by_round: dict[int, list[int]] = {}
    for move in [None, *moves]:
        if move is not None:
            stack.play(*move)
        if key in POINTS:
            view = game.view(stack.state, None)
            round_number = _read(view, ROUNDS[key])
            if round_number >= 1:
                by_round[round_number] = [_read(player, POINTS[key]) for player in view["players"]]
    result = game.result(stack.state)
    final = [score["total"] for score in sorted(result["scores"], key=lambda s: s["seat"])]
    rounds = sorted(by_round)
    return [*map(str, rounds), FINAL], [[by_round[r][seat] for r in rounds] + [total]
                                        for seat, total in enumerate(final)]


def summary(key: str, start: dict[str, Any], moves: Iterable[tuple[int, str]], names: list[str],
            language: str = ENGLISH) -> dict[str, Any]:
    """What the summary image of the game played from ``start`` by ``moves`` shows (JSON-safe, for
    a drawing process): the ranking, each player's score by category and the chart of the scores
    over the rounds; its words in ``language`` (the table's: the image is public)."""
    game = games.get(key)
    stack = MoveStack(game, start)
    labels, series = score_track(game, key, stack, moves)
    result = game.result(stack.state)
    place = places(result)
    scores = sorted(result["scores"], key=lambda s: (place[s["seat"]], s["seat"]))
    categories = [name for name in scores[0]["breakdown"] if name != "total"]
    return {
        "title": translate(Message(game.title), language),
        "names": names,
        "categories": [category_words(name, language) for name in categories],
        "rows": [{"seat": s["seat"], "place": place[s["seat"]], "total": s["total"],
                  "breakdown": [s["breakdown"].get(name, 0) for name in categories]} for s in scores],
        "labels": labels,
        "series": series,
    }


def table_summary(table: Table, moves: list[MoveRow], changes: list[SeatChange] = ()) -> dict[str, Any]:
    """:func:`summary` of a finished table, replayed from its seed (the moves that stand); a seat
    that changed hands is named after each of its holders in turn (``changes``)."""
    start = table.game.setup(len(table.seats), table.row.seed, table.row.options)
    return summary(table.row.game_key, start, [(move.seat, move.notation) for move in standing(moves)],
                   holders(table, changes), table.row.language or ENGLISH)


def holders(table: Table, changes: list[SeatChange]) -> list[str]:
    """Each seat's name, or for a seat that changed hands its holders in turn (``carol → mona``)."""
    names = table.names()
    for seat in range(len(names)):
        held = [c for c in changes if c.seat == seat]
        if held:
            chain = [held[0].from_name] + [c.to_name for c in held]
            names[seat] = " → ".join(name for n, name in enumerate(chain) if n == 0 or name != chain[n - 1])
    return names
