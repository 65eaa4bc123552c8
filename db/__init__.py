"""Bottega's aiosqlite store: games, seats, the move log, snapshots, timers and metadata.

A game's life in the store::

    store = await Store.open("bottega.db")
    game = await store.create_game(guild_id=1, channel_id=2, game_key="mor", options={}, seed=7,
                                   players=2, host_id=10, now=now)
    await store.add_seat(game.id, 10, "Ada", now=now)
    await store.add_seat(game.id, 11, "Bea", now=now)
    await store.assign_seats(game.id, [11, 10])              # Bea is seat 0
    version = await store.start_game(game.id, expected_version=game.version, snapshot=text, now=now)
    version = await store.append_move(game.id, expected_version=version, seat=0, user_id=11,
                                      notation="market row-2", now=now, interaction_id=12345)
    seq, text, later_moves = await store.load(game.id)      # replay later_moves onto text

Operators back up and check a database with ``python -m db backup|check`` (see ``db.maintenance``).
"""

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
