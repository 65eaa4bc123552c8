"""Stand-ins for the coach's review in the table's tests: review functions a review worker can run
(module level, so they pickle), which write each player they review to a log file, so a test can
tell which players a job reviewed and how many times, across the worker processes."""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from typing import Any

from games.ai.coach import Judgement, TurningPoint


def logged_review(log: str, slow_seats: tuple[int, ...], quiet_seats: tuple[int, ...], game_key: str, players: int, seed: int,
                  options: dict[str, Any], moves: list[tuple[int, str]], seat: int, numbers: list[int],
                  budget: Any) -> list[dict[str, Any]]:
    """One turning point per player, at their first decision: they should have added the other
    number, worth ``seat + 2`` VP more (give or take 1), mostly on the counter. A seat in
    ``slow_seats`` takes a minute (a review the test cuts short); one in ``quiet_seats`` played
    well: no turning point."""
    with Path(log).open("a") as file:
        file.write(f"{seat}\n")
    if seat in slow_seats:
        time.sleep(60)
    if seat in quiet_seats:
        return []
    number = numbers[0]
    played = moves[number][1]
    other = "add 1" if played == "add 2" else "add 2"
    gain = seat + 2.0
    return [TurningPoint(number, seat, Judgement(played, 8.0, 1.0, -gain, ("counter", -gain)),
                         Judgement(other, 8.0 + gain, 1.0, 0.0, ("counter", gain)), gain_spread=1.0).to_dict()]


def review_logged_to(log: Path, slow_seats: tuple[int, ...] = (), quiet_seats: tuple[int, ...] = ()) -> partial:
    return partial(logged_review, str(log), slow_seats, quiet_seats)


def reviewed_seats(log: Path) -> list[int]:
    return [int(text) for text in log.read_text().split()] if log.exists() else []


def failing_review(*args: Any) -> list[dict[str, Any]]:
    """A review that fails every time (a bug in the coach)."""
    raise ValueError("the coach tripped")
