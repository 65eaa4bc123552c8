"""Bottega's aiosqlite store: games, seats, the move log, snapshots, timers and metadata."""

from .errors import (
    AlreadySeated,
    ChannelBusy,
    DuplicateInteraction,
    GameNotFound,
    StaleVersion,
    StoreError,
    WrongStatus,
)
from .store import GameRow, MoveRow, SeatRow, Store, TimerRow

__all__ = [
    "AlreadySeated",
    "ChannelBusy",
    "DuplicateInteraction",
    "GameNotFound",
    "GameRow",
    "MoveRow",
    "SeatRow",
    "StaleVersion",
    "Store",
    "StoreError",
    "TimerRow",
    "WrongStatus",
]
