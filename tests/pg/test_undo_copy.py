"""``python -m db copy`` carries undone moves, the mark of the moves the table took automatically
and the board posts of every version to PostgreSQL, and the copy replays (each undo as it happened)."""

import asyncio

from store_fixtures import minutes, real_game

from db import PostgresStore, Store
from db.__main__ import main
from db.replay import standing

LINK = "https://discord.com/channels/1/100/5"


async def test_copy_carries_undone_moves_and_board_posts(pg_url, tmp_path, capsys):
    source = tmp_path / "bottega.db"
    sqlite = await Store.open(source)
    try:
        game, stack = await real_game(sqlite, key="lim", moves=9, snapshot_every=5)
        seat = min(stack.game.actors(stack.state))  # one more move, marked as taken automatically
        stack.play(seat, stack.game.notation(stack.game.legal_actions(stack.state, seat)[0]))
        game = await sqlite.record_move(game.id, expected_version=game.version, seat=seat, user_id=7 + seat,
                                        notation=stack.moves[-1][1], now=minutes(10), automatic=True)
        seat, _ = stack.moves[-1]
        stack.undo()
        undone_seq = standing(await sqlite.moves(game.id))[-1].seq
        game = await sqlite.record_undo(game.id, expected_version=game.version, taken_back=[(undone_seq, seat)],
                                        snapshot=stack.game.dumps(stack.state), now=minutes(30))
        await sqlite.set_board_message(game.id, 5, LINK, for_version=game.version)
        moves = await sqlite.moves(game.id)
        loaded = await sqlite.load_game(game.id)
    finally:
        await sqlite.close()
    assert await asyncio.to_thread(main, ["copy", "--from", str(source), "--to", pg_url]) == 0
    assert "1 games replayed from PostgreSQL, every snapshot matches" in capsys.readouterr().out
    store = await PostgresStore.open(pg_url)
    try:
        assert await store.moves(game.id) == moves and moves[-1].undone_seq == game.version
        assert [move.automatic for move in moves] == [False] * 9 + [True]
        assert await store.load_game(game.id) == loaded
        assert await store.board_posts(game.id) == {game.version: LINK}
    finally:
        await store.close()
