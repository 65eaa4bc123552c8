"""Votes as rows: add, list, clear; only seated users vote, and a seat takes its votes with it."""

import pytest
from store_fixtures import START, new_game, raw_execute, started_game

from db import GameNotFound, NotSeated


async def test_add_vote_returns_the_voters_and_a_second_vote_counts_once(store):
    game = await started_game(store, user_ids=(7, 8, 9))
    assert await store.add_vote(game.id, 9, "abandon") == [9]
    assert await store.add_vote(game.id, 7, "abandon") == [7, 9]
    assert await store.add_vote(game.id, 7, "abandon") == [7, 9]
    assert await store.votes(game.id, "abandon") == [7, 9]
    other = await started_game(store, channel_id=101)
    assert await store.votes(other.id, "abandon") == []


async def test_only_seated_users_can_vote(store):
    game = await started_game(store)
    with pytest.raises(NotSeated):
        await store.add_vote(game.id, 99, "abandon")
    with pytest.raises(NotSeated):
        await store.add_vote(12345, 7, "abandon")
    assert await store.votes(game.id, "abandon") == []


async def test_removing_a_seat_removes_its_votes_and_rejoining_does_not_restore_them(store):
    game = await new_game(store, players=3)
    for user_id in (7, 8, 9):
        await store.add_seat(game.id, user_id, f"u{user_id}", now=START)
    await store.add_vote(game.id, 8, "abandon")
    await store.add_vote(game.id, 9, "abandon")
    assert await store.remove_seat(game.id, 8) is True
    assert await store.votes(game.id, "abandon") == [9]
    await store.add_seat(game.id, 8, "u8", now=START)
    assert await store.votes(game.id, "abandon") == [9]


async def test_clear_votes_of_one_kind_or_all(store):
    game = await started_game(store)
    await store.add_vote(game.id, 7, "abandon")
    await store.add_vote(game.id, 8, "abandon")
    assert await store.clear_votes(game.id, "abandon") == 2
    assert await store.votes(game.id, "abandon") == []
    await store.add_vote(game.id, 7, "abandon")
    assert await store.clear_votes(game.id) == 1


async def test_unknown_vote_kinds_are_refused(store):
    game = await started_game(store)
    with pytest.raises(ValueError):
        await store.add_vote(game.id, 7, "kick")
    with pytest.raises(ValueError):
        await store.votes(game.id, "kick")
    with pytest.raises(ValueError):
        await store.clear_votes(game.id, "kick")


async def test_deleting_a_game_deletes_its_votes(store):
    game = await started_game(store)
    await store.add_vote(game.id, 7, "abandon")
    await raw_execute(store, "DELETE FROM games WHERE id = ?", (game.id,))
    assert await store.votes(game.id, "abandon") == []
    with pytest.raises(GameNotFound):
        await store.close_game(game.id, "abandoned", START)
