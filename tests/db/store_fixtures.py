"""Helpers shared by the store tests (a module of its own: test directories are not packages)."""

import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

import games
from db import GameRow, Store
from db.migrations import MIGRATIONS, install_functions
from games.core import MoveStack

sqlite_only = pytest.mark.parametrize("store", ["sqlite"], indirect=True)
sqlite_memory_only = pytest.mark.parametrize("memory_store", ["sqlite-memory"], indirect=True)

START = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)


async def new_game(store: Store, channel_id: int = 100, *, guild_id: int = 1, host_id: int = 7,
                   players: int = 2, now: datetime = START) -> GameRow:
    return await store.create_game(
        guild_id=guild_id, channel_id=channel_id, game_key="mor", options={"variant": "base"},
        seed=1234, players=players, host_id=host_id, now=now,
    )


async def started_game(store: Store, channel_id: int = 100, user_ids: tuple[int, ...] = (7, 8)) -> GameRow:
    """A game with the given users seated in that order and the initial state saved."""
    game = await new_game(store, channel_id, host_id=user_ids[0], players=len(user_ids))
    for user_id in user_ids:
        await store.add_seat(game.id, user_id, f"user{user_id}", now=START)
    return await store.record_start(game.id, expected_version=game.version, snapshot='{"turn": 0}', now=START,
                                    seat_order=list(user_ids))


async def finish_game(store: Store, game: GameRow, now: datetime) -> GameRow:
    """End a game of :func:`started_game` as a table does: seat 0 (its host) plays a finishing move."""
    return await store.record_move(game.id, expected_version=game.version, seat=0, user_id=game.host_id,
                                   notation="last", now=now, snapshot='{"over": true}', finished=True)


async def append_move(store: Store, game_id: int, **move) -> int:
    """Record one move (no timers, no board link) and return the game's new version."""
    return (await store.record_move(game_id, **move)).version


def minutes(n: int) -> datetime:
    return START + timedelta(minutes=n)


async def real_game(store: Store, channel_id: int = 100, *, key: str = "mor", users: tuple[int, ...] = (7, 8),
                    moves: int = 0, snapshot_every: int = 4, seed: int = 99) -> tuple[GameRow, MoveStack]:
    """A game of a real engine, started and played ``moves`` moves (first legal action of the
    lowest acting seat) or to its end, with a snapshot every ``snapshot_every`` versions and at
    the end, as the service saves it."""
    engine = games.get(key)
    options = engine.normalize_options({})
    game = await store.create_game(guild_id=1, channel_id=channel_id, game_key=key, options=options,
                                   seed=seed, players=len(users), host_id=users[0], now=START)
    for user_id in users:
        await store.add_seat(game.id, user_id, f"user{user_id}", now=START)
    stack = MoveStack(engine, engine.setup(len(users), seed, options))
    game = await store.record_start(game.id, expected_version=game.version,
                                    snapshot=engine.dumps(stack.state), now=START, seat_order=list(users))
    for n in range(1, moves + 1):
        seat = min(engine.actors(stack.state))
        notation = engine.notation(engine.legal_actions(stack.state, seat)[0])
        stack.play(seat, notation)
        finished = engine.result(stack.state) is not None
        snapshot = engine.dumps(stack.state) if finished or (game.version + 1) % snapshot_every == 0 else None
        game = await store.record_move(game.id, expected_version=game.version, seat=seat, user_id=users[seat],
                                       notation=notation, now=minutes(n), snapshot=snapshot, finished=finished)
        if finished:
            break
    return game, stack


async def raw_scalar(store: Store, sql: str, params: tuple = ()):
    """The first column of the first row of ``sql`` (``?`` placeholders), read behind the store's back."""
    return (await store._query(sql, params))[0][0]


async def raw_execute(store: Store, sql: str, params: tuple = ()) -> None:
    """Run ``sql`` (``?`` placeholders) in a transaction of its own, behind the store's back."""
    await store._writing(lambda db: db.run(sql, params))


def build_at_version(path, version: int) -> sqlite3.Connection:
    """A database as an older release left it: the first ``version`` migrations applied."""
    raw = sqlite3.connect(path, isolation_level=None)
    install_functions(raw)
    for script in MIGRATIONS[:version]:
        raw.executescript(script)
    raw.execute(f"PRAGMA user_version = {version}")
    return raw


SECRET = "leader-card-hidden"
"""Written into damaged rows: no error or log line may repeat it."""

DAMAGE = {
    "snapshot {}": ("UPDATE snapshots SET state = '{}' WHERE game_id = 1", "snapshots.checksum at seq 0"),
    "updated_at not a time": (f"UPDATE games SET updated_at = '{SECRET}' WHERE id = 1", "games.updated_at"),
    "seat out of range": ("UPDATE seats SET seat = 2 WHERE game_id = 1 AND user_id = 8", "seats.seat"),
    "garbled timer time": ("UPDATE timers SET due_at = '2026-13-45T99:00:00.000000Z' WHERE game_id = 1",
                           "timers.due_at"),
    "undecodable text": ("UPDATE moves SET notation = CAST(x'61ff80' AS TEXT) WHERE game_id = 1",
                         "moves.notation at seq 2"),
    "unknown game": ("UPDATE games SET game_key = 'chess' WHERE id = 1", "games.game_key"),
    "unknown status": ("UPDATE games SET status = 'paused' WHERE id = 1", "games.status"),
    "options not JSON": (f"UPDATE games SET options = '{{{SECRET}' WHERE id = 1", "games.options"),
    "negative seed count": ("UPDATE games SET players = 0 WHERE id = 1", "games.players"),
    "unknown timer kind": ("UPDATE timers SET kind = 'alarm' WHERE game_id = 1", "timers.kind"),
    "timer payload not JSON": ("UPDATE timers SET payload = '[1]' WHERE game_id = 1", "timers.payload"),
    "unknown vote kind": ("UPDATE votes SET kind = 'kick' WHERE game_id = 1", "votes.kind"),
    "snapshot text changed": (f"UPDATE snapshots SET state = '{SECRET}' WHERE game_id = 1",
                              "snapshots.checksum at seq 0"),
    "snapshot missing": ("DELETE FROM snapshots WHERE game_id = 1", "snapshots (none saved)"),
    "move missing": ("DELETE FROM moves WHERE game_id = 1",
                     "moves (the log does not reach the game's version)"),
}
"""Each kind of damage the store must recognise: the statement that does it to game 1 (of the
games ``real_game`` writes) and the place the refusal names."""
