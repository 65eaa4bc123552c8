"""Helpers shared by the store tests (a module of its own: test directories are not packages)."""

from datetime import datetime, timedelta, timezone

from db import GameRow, Store

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
    await store.assign_seats(game.id, list(user_ids))
    await store.start_game(game.id, expected_version=game.version, snapshot='{"turn": 0}', now=START)
    return await store.get_game(game.id)


def minutes(n: int) -> datetime:
    return START + timedelta(minutes=n)
