"""When a vote to abandon a game is enough.

Most of the seated people is always enough. A table must also have a way to end when players
have gone: a vote of every *present* player is enough too, present meaning that the player has
moved in the last week (or, in a game that began less than a week ago, is simply seated). So a
2-player table whose other player vanished can be abandoned by the one who is still there.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from db import MoveRow

from .model import Table

PRESENCE = timedelta(days=7)


def people(table: Table) -> list[int]:
    """The seated people (AI seats do not vote)."""
    return [seat.user_id for seat in table.seats if seat.ai_level is None]


def present(table: Table, moves: Iterable[MoveRow], now: datetime) -> set[int]:
    """The people who moved in the last week; everyone seated while the game is younger than that."""
    if now - table.row.created_at < PRESENCE:
        return set(people(table))
    recent = {move.user_id for move in moves if now - move.created_at < PRESENCE}
    return recent & set(people(table))


def votes_needed(table: Table) -> int:
    return len(people(table)) // 2 + 1


def abandon_carried(table: Table, votes: list[int], moves: Iterable[MoveRow], now: datetime) -> bool:
    """Whether ``votes`` end the game: a majority of the people, or every present person.

    A vote only counts with at least one voter: nobody present and nobody voting ends nothing.
    """
    voters = set(votes)
    return bool(voters) and (len(voters) >= votes_needed(table) or present(table, moves, now) <= voters)
