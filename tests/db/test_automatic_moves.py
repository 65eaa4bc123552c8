"""A move the table took for a seat with no real choice is stored marked ``automatic``, on both backends."""

from store_fixtures import minutes, real_game


async def test_a_move_is_stored_with_its_automatic_mark(store):
    game, stack = await real_game(store, key="lim", moves=2)
    engine = stack.game
    for n, automatic in enumerate((True, False), start=3):
        seat = min(engine.actors(stack.state))
        notation = engine.notation(engine.legal_actions(stack.state, seat)[0])
        stack.play(seat, notation)
        game = await store.record_move(game.id, expected_version=game.version, seat=seat, user_id=7 + seat,
                                       notation=notation, now=minutes(n), automatic=automatic)
    moves = await store.moves(game.id)
    assert [move.automatic for move in moves] == [False, False, True, False]
    assert [move.automatic for move in (await store.load_game(game.id)).moves] == [False, False, True, False]
