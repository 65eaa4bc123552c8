"""Turn messages (migration 13): the one channel message of a game's current turn, on both stores."""

from store_fixtures import started_game


async def test_a_turn_is_recorded_then_named_by_its_message(store):
    game = await started_game(store)
    assert await store.turn_message(game.id) is None
    await store.set_turn(game.id, 1, 1, [["begins"]])
    stored = await store.turn_message(game.id)
    assert (stored.started, stored.version, stored.message_id, stored.lines) == (1, 1, None, [["begins"]])
    assert await store.set_turn_message(game.id, 1, 9_007_199_254_740_993)  # a Discord id, over 2**53
    assert not await store.set_turn_message(game.id, 2, 5), "another turn's message is never named"
    await store.set_turn(game.id, 1, 2, [["begins"], ["a step"]])
    stored = await store.turn_message(game.id)
    assert (stored.version, stored.message_id, len(stored.lines)) == (2, 9_007_199_254_740_993, 2)


async def test_a_new_turn_forgets_the_message_of_the_last(store):
    game = await started_game(store)
    await store.set_turn(game.id, 1, 1, [["begins"]])
    await store.set_turn_message(game.id, 1, 42)
    await store.set_turn(game.id, 3, 3, [["the turn passed"]])
    stored = await store.turn_message(game.id)
    assert (stored.started, stored.message_id, stored.lines) == (3, None, [["the turn passed"]])
    other = await started_game(store, channel_id=101)
    assert await store.turn_message(other.id) is None
