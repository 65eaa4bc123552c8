"""``python -m db copy`` carries the mark of the moves the table took automatically to PostgreSQL."""

import asyncio

from store_fixtures import minutes, real_game

from db import PostgresStore, Store
from db.__main__ import main


async def test_copy_carries_automatic_moves(pg_url, tmp_path, capsys):
    source = tmp_path / "bottega.db"
    sqlite = await Store.open(source)
    try:
        game, stack = await real_game(sqlite, key="lim", moves=4)
        seat = min(stack.game.actors(stack.state))
        notation = stack.game.notation(stack.game.legal_actions(stack.state, seat)[0])
        game = await sqlite.record_move(game.id, expected_version=game.version, seat=seat, user_id=7 + seat,
                                        notation=notation, now=minutes(5), automatic=True)
        moves = await sqlite.moves(game.id)
    finally:
        await sqlite.close()
    assert await asyncio.to_thread(main, ["copy", "--from", str(source), "--to", pg_url]) == 0
    assert "1 games replayed from PostgreSQL, every snapshot matches" in capsys.readouterr().out
    store = await PostgresStore.open(pg_url)
    try:
        assert await store.moves(game.id) == moves and [m.automatic for m in moves] == [False] * 4 + [True]
    finally:
        await store.close()
