"""An undo in the store: one guarded transaction that marks the move taken back (nothing is
deleted from the log), saves the state without it, and keeps every replay consistent."""

import sqlite3
from dataclasses import replace

import pytest
from store_fixtures import minutes, raw_scalar, real_game, sqlite_only

from db import StaleVersion
from db.errors import WrongStatus
from db.migrations import install_functions
from db.replay import check_games, standing, timeline
from db.sql import SqliteConnection, run_to_end
from games.core import MoveStack


async def undo_last(store, game, stack):
    """Take the stack's last move back in the store, as the table service does."""
    seat, _ = stack.moves[-1]
    stack.undo()
    moves = await store.moves(game.id)
    return await store.record_undo(
        game.id, expected_version=game.version, taken_back=[(standing(moves)[-1].seq, seat)],
        snapshot=stack.game.dumps(stack.state), now=minutes(90))


async def test_an_undo_marks_the_move_and_loads_as_the_game_without_it(store):
    game, stack = await real_game(store, moves=5, snapshot_every=100)
    last = (await store.moves(game.id))[-1]
    undone = await undo_last(store, game, stack)
    assert undone.version == game.version + 1 and undone.status == "active"
    moves = await store.moves(game.id)
    assert [m.seq for m in moves] == list(range(2, game.version + 1))  # nothing deleted
    assert moves[-1].undone_seq == undone.version and moves[-1].notation == last.notation
    assert standing(moves) == moves[:-1]
    points = [(seq, undo) for seq, _, undo in timeline(moves)]
    assert points[-2:] == [(last.seq, False), (undone.version, True)]
    loaded = await store.load_game(game.id)
    assert loaded.snapshot.seq == undone.version and loaded.moves == []
    engine = stack.game
    replayed = MoveStack(engine, engine.setup(2, 99, engine.normalize_options({})),
                         [(m.seat, m.notation) for m in standing(moves)])
    assert loaded.snapshot.state == engine.dumps(replayed.state)


async def test_the_next_move_after_an_undo_follows_it(store):
    game, stack = await real_game(store, moves=4, snapshot_every=100)
    game = await undo_last(store, game, stack)
    seat = min(stack.game.actors(stack.state))
    notation = stack.game.notation(stack.game.legal_actions(stack.state, seat)[0])
    game = await store.record_move(game.id, expected_version=game.version, seat=seat, user_id=7 + seat,
                                   notation=notation, now=minutes(91))
    loaded = await store.load_game(game.id)
    assert [m.seq for m in loaded.moves] == [game.version] and loaded.moves[0].undone_seq is None


async def test_a_snapshot_taken_after_the_undone_move_goes_with_it(store):
    game, stack = await real_game(store, moves=3, snapshot_every=4)  # the third move saved a snapshot
    assert await raw_scalar(store, "SELECT count(*) FROM snapshots WHERE game_id = ? AND seq = ?",
                            (game.id, game.version)) == 1
    undone = await undo_last(store, game, stack)
    seqs = await raw_scalar(store, "SELECT count(*) FROM snapshots WHERE game_id = ? AND seq = ?",
                            (game.id, game.version))
    assert seqs == 0 and (await store.load_game(game.id)).snapshot.seq == undone.version


async def undo(store, game_id: int, version: int, move):
    """Ask the store to take ``move`` back at ``version`` (with a state that is never checked)."""
    return await store.record_undo(game_id, expected_version=version, taken_back=[(move.seq, move.seat)],
                                   snapshot="{}", now=minutes(90))


async def test_an_undo_is_refused_on_a_stale_version_a_wrong_seat_or_a_move_already_taken_back(store):
    game, stack = await real_game(store, moves=5, snapshot_every=100)
    last = (await store.moves(game.id))[-1]
    with pytest.raises(StaleVersion):
        await undo(store, game.id, game.version - 1, last)
    with pytest.raises(StaleVersion):
        await undo(store, game.id, game.version, replace(last, seat=1 - last.seat))
    await undo_last(store, game, stack)
    again = await store.get_game(game.id)
    with pytest.raises(StaleVersion):
        await undo(store, game.id, again.version, last)
    assert (await store.get_game(game.id)).version == again.version
    moves = await store.moves(game.id)
    assert [m.seq for m in moves if m.undone_seq is not None] == [last.seq]


async def test_an_undo_of_several_moves_takes_one_version_each_newest_first(store):
    """A person's move with the AI's answers: one transaction, one undo version per move, in the
    order a replay takes them back; the snapshots saved after them go, and ``db check`` agrees."""
    game, stack = await real_game(store, moves=6, snapshot_every=2)
    moves = standing(await store.moves(game.id))
    taken_back = [(m.seq, m.seat) for m in reversed(moves[-3:])]
    for _ in taken_back:
        stack.undo()
    undone = await store.record_undo(game.id, expected_version=game.version, taken_back=taken_back,
                                     snapshot=stack.game.dumps(stack.state), now=minutes(90))
    assert undone.version == game.version + 3
    after = await store.moves(game.id)
    assert [(m.seq, m.undone_seq) for m in after[-3:]] == [(game.version - 2, game.version + 3),
                                                           (game.version - 1, game.version + 2),
                                                           (game.version, game.version + 1)]
    assert [seq for seq, _, undo in timeline(after) if undo] == [game.version + 1, game.version + 2,
                                                                game.version + 3]
    kept = await raw_scalar(store, "SELECT count(*) FROM snapshots WHERE game_id = ? AND seq > ? AND seq <= ?",
                            (game.id, game.version - 3, game.version))
    assert kept == 0
    loaded = await store.load_game(game.id)
    assert loaded.snapshot.seq == undone.version and loaded.moves == []
    assert loaded.snapshot.state == stack.game.dumps(stack.state)


async def test_an_undo_of_several_moves_writes_nothing_when_one_of_them_is_refused(store):
    game, stack = await real_game(store, moves=5, snapshot_every=100)
    *_, earlier, last = standing(await store.moves(game.id))
    with pytest.raises(StaleVersion):  # the older move with the other seat's number
        await store.record_undo(game.id, expected_version=game.version,
                                taken_back=[(last.seq, last.seat), (earlier.seq, 1 - earlier.seat)],
                                snapshot="{}", now=minutes(90))
    with pytest.raises(ValueError):  # oldest first: no replay could take them back in that order
        await store.record_undo(game.id, expected_version=game.version,
                                taken_back=[(earlier.seq, earlier.seat), (last.seq, last.seat)],
                                snapshot="{}", now=minutes(90))
    assert (await store.get_game(game.id)).version == game.version
    assert all(m.undone_seq is None for m in await store.moves(game.id))


async def test_a_finished_game_cannot_be_undone(store):
    game, _ = await real_game(store, key="opera", moves=100_000)
    assert game.status == "finished"
    with pytest.raises(WrongStatus):
        await undo(store, game.id, game.version, (await store.moves(game.id))[-1])
    assert await store.active_game(100) is None and (await store.latest_game(100)).id == game.id
    assert await store.latest_game(101) is None


async def test_each_board_post_is_kept_by_version_even_when_late(store):
    game, _ = await real_game(store, moves=3)
    assert await store.set_board_message(game.id, 11, "https://example/11", for_version=game.version)
    assert not await store.set_board_message(game.id, 10, "https://example/10", for_version=game.version - 1)
    assert await store.board_posts(game.id) == {game.version - 1: "https://example/10",
                                                 game.version: "https://example/11"}
    assert await store.board_posts(game.id, game.version - 1) == {game.version: "https://example/11"}
    assert (await store.get_game(game.id)).board_jump_url == "https://example/11"


@sqlite_only
async def test_db_check_replays_undos_as_they_happened_and_finds_a_false_one(store, tmp_path):
    game, stack = await real_game(store, moves=6, snapshot_every=3)
    game = await undo_last(store, game, stack)
    game = await undo_last(store, game, stack)  # two in a row: the snapshot of the first is checked too
    path = tmp_path / "bottega.db"
    reader = sqlite3.connect(path)
    reader.row_factory = sqlite3.Row
    install_functions(reader)
    assert run_to_end(check_games(SqliteConnection(reader))) == (1, [])
    reader.close()
    await store._writing(lambda db: db.run(
        "UPDATE moves SET undone_seq = NULL WHERE game_id = ? AND undone_seq = ?", (game.id, game.version)))
    await store._writing(lambda db: db.run(
        "UPDATE moves SET undone_seq = ? WHERE game_id = ? AND seq = 2", (game.version, game.id)))
    reader = sqlite3.connect(path)
    reader.row_factory = sqlite3.Row
    install_functions(reader)
    replayed, findings = run_to_end(check_games(SqliteConnection(reader)))
    reader.close()
    assert replayed == 1 and findings == [
        f"game {game.id}: the undo at seq {game.version} does not take back the last move standing"]


@sqlite_only
async def test_db_check_follows_an_undo_of_several_moves(store, tmp_path):
    game, stack = await real_game(store, moves=7, snapshot_every=3)
    moves = standing(await store.moves(game.id))
    for _ in range(3):
        stack.undo()
    await store.record_undo(game.id, expected_version=game.version,
                            taken_back=[(m.seq, m.seat) for m in reversed(moves[-3:])],
                            snapshot=stack.game.dumps(stack.state), now=minutes(90))
    reader = sqlite3.connect(tmp_path / "bottega.db")
    reader.row_factory = sqlite3.Row
    install_functions(reader)
    assert run_to_end(check_games(SqliteConnection(reader))) == (1, [])
    reader.close()
