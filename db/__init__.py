"""Bottega's aiosqlite store: games, seats, the move log, snapshots, timers, votes and metadata.

A game's life in the store::

    store = await open_store("bottega.db")    # or "postgresql://..." for several processes
    game = await store.create_game(guild_id=1, channel_id=2, game_key="mor", options={}, seed=7,
                                   players=2, host_id=10, now=now)
    await store.add_seat(game.id, 10, "Ada", now=now)
    await store.add_seat(game.id, 11, "Bea", now=now)
    game = await store.record_start(game.id, expected_version=game.version, snapshot=text, now=now,
                                    seat_order=[11, 10], timers=[NewTimer("reminder", 11, due)])
    game = await store.record_move(game.id, expected_version=game.version, seat=0, user_id=11,
                                   notation="market row-2", now=now, interaction_id=12345,
                                   clear_timers=[TimerFilter("reminder")],
                                   timers=[NewTimer("reminder", 10, due)])
    loaded = await store.load_game(game.id)    # row, seats, latest snapshot, later moves, timers, votes

``Store`` is the interface every caller is typed against; its backends are ``SqliteStore`` (one
process per file) and ``PostgresStore`` (several processes, each serving its own Discord shards).
``Store.open`` (also ``open_store``) picks one from the setting.
Operators back up and check a database with ``python -m db backup|check`` (see ``db.maintenance``)
and move one to PostgreSQL with ``python -m db copy`` (see ``db.copy``).
"""

from .backends import open_store
from .errors import (
    AlreadySeated,
    ChannelBusy,
    DamagedDatabase,
    DamagedGame,
    DatabaseInUse,
    DuplicateInteraction,
    GameNotFound,
    NotABottegaDatabase,
    NotSeated,
    RefusedDatabase,
    RematchExists,
    StaleVersion,
    StoreError,
    TableFull,
    WrongStatus,
)
from .postgres import PostgresStore
from .rows import TABLE_LANGUAGES
from .sqlite import SqliteStore
from .shared import SeatClock, Shards, TurnClock, TurnMessage, TurnMove
from .store import (
    BoardMessage,
    GameRow,
    GameTimers,
    LoadedGame,
    MoveRow,
    NewTimer,
    SeatRow,
    Snapshot,
    Store,
    TimerFilter,
    TimerRow,
)

__all__ = [
    "TABLE_LANGUAGES",
    "AlreadySeated",
    "BoardMessage",
    "ChannelBusy",
    "DamagedDatabase",
    "DamagedGame",
    "DatabaseInUse",
    "DuplicateInteraction",
    "GameNotFound",
    "GameRow",
    "GameTimers",
    "LoadedGame",
    "MoveRow",
    "NewTimer",
    "NotABottegaDatabase",
    "NotSeated",
    "PostgresStore",
    "RefusedDatabase",
    "RematchExists",
    "SeatClock",
    "SeatRow",
    "Shards",
    "SqliteStore",
    "Snapshot",
    "StaleVersion",
    "Store",
    "StoreError",
    "TableFull",
    "TimerFilter",
    "TimerRow",
    "TurnClock",
    "TurnMessage",
    "TurnMove",
    "WrongStatus",
    "open_store",
]
