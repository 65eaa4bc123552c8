"""Helpers shared by the store tests (a module of its own: test directories are not packages)."""

from datetime import datetime, timedelta, timezone

import pytest

import games
from db import GameRow, Store
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
