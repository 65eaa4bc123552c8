"""Damaged rows: every kind is a DamagedGame naming game and place (never the content), lists that
span games leave the damaged game out, and ``python -m db check`` replays every game from its seed."""

import asyncio
import sqlite3

import pytest
from store_fixtures import DAMAGE, SECRET, minutes, real_game, started_game

import games
from db import DamagedGame, NewTimer, Store
from db.__main__ import main
from db.maintenance import check_file
from db.rows import snapshot_checksum


def damage(path, *statements: str) -> None:
    """Change the file behind the store's back, as a disk fault or a hand edit would."""
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("PRAGMA ignore_check_constraints = ON")
    for statement in statements:
        raw.execute(statement)
    raw.close()


async def damaged_store(tmp_path, statement: str) -> Store:
    """Game 1 (damaged) and game 2 (sound), each with a move, a reminder and a vote."""
    path = tmp_path / "bottega.db"
    store = await Store.open(path)
    for channel in (100, 101):
        game, _ = await real_game(store, channel, moves=1)
        await store.update_timers(game.id, timers=[NewTimer("reminder", 8, minutes(5))])
        await store.add_vote(game.id, 7, "abandon")
    await store.close()
    damage(path, statement)
    return await Store.open(path)


@pytest.mark.parametrize("kind", list(DAMAGE))
async def test_every_kind_of_damage_is_a_damaged_game_naming_the_place(tmp_path, kind):
    statement, where = DAMAGE[kind]
    store = await damaged_store(tmp_path, statement)
    try:
        with pytest.raises(DamagedGame) as damaged:
            await store.load_game(1)
        assert (damaged.value.game_id, damaged.value.where) == (1, where)
        assert SECRET not in str(damaged.value) and isinstance(damaged.value, ValueError)
        assert (await store.load_game(2)).game.id == 2
    finally:
        await store.close()


@pytest.mark.parametrize("kind", ["updated_at not a time", "unknown game", "garbled timer time",
                                  "unknown timer kind"])
async def test_lists_that_span_games_leave_the_damaged_one_out_and_log_it_once(tmp_path, kind, caplog):
    store = await damaged_store(tmp_path, DAMAGE[kind][0])
    try:
        for _ in range(2):
            game_row_damaged = kind in ("updated_at not a time", "unknown game")
            assert [g.id for g in await store.active_games()] == ([2] if game_row_damaged else [1, 2])
            assert [t.game_id for t in await store.due_timers(minutes(10))] == (
                [2] if "timer" in kind else [1, 2])
            assert 2 in [entry.game.id for entry in await store.active_games_with_timers()]
        logged = [r.getMessage() for r in caplog.records if "game 1" in r.getMessage()]
        assert len(logged) == 1 and SECRET not in logged[0]
    finally:
        await store.close()


async def test_single_reads_of_a_damaged_game_raise_too(tmp_path):
    store = await damaged_store(tmp_path, DAMAGE["seat out of range"][0] + ";")
    try:
        with pytest.raises(DamagedGame):
            await store.seats(1)
        assert len(await store.seats(2)) == 2
    finally:
        await store.close()
    damage(tmp_path / "bottega.db", DAMAGE["snapshot {}"][0], DAMAGE["updated_at not a time"][0])
    store = await Store.open(tmp_path / "bottega.db")
    try:
        for read in (store.get_game(1), store.latest_snapshot(1), store.load(1)):
            with pytest.raises(DamagedGame):
                await read
    finally:
        await store.close()


async def test_check_replays_every_game_to_its_latest_snapshot(tmp_path, capsys):
    path = tmp_path / "bottega.db"
    store = await Store.open(path)
    for channel, key in enumerate(games.keys(), start=100):
        await real_game(store, channel, key=key, moves=9)
    await store.close()
    report = check_file(path)
    assert report.ok and report.games_replayed == len(games.keys())
    assert main(["check", str(path)]) == 0
    assert "every snapshot matches" in capsys.readouterr().out


async def test_check_reports_each_mismatch_and_fails(tmp_path, capsys):
    path = tmp_path / "bottega.db"
    store = await Store.open(path)
    first, _ = await real_game(store, 100, moves=9)
    _, other_stack = await real_game(store, 101, moves=9, seed=5)
    third, _ = await real_game(store, 102, moves=9)
    await store.close()
    # Game 1: a snapshot replaced by another game's state with a matching checksum (only replay sees it).
    # Game 3: a move changed into one the engine refuses; the start snapshot damaged as well.
    wrong = games.get("mor").dumps(other_stack.state)
    damage(path,
           f"UPDATE snapshots SET state = '{wrong}', checksum = '{snapshot_checksum(wrong)}'"
           f" WHERE game_id = {first.id} AND seq = 8",
           f"UPDATE moves SET notation = 'nonsense' WHERE game_id = {third.id} AND seq = 5",
           f"UPDATE snapshots SET state = 'x' WHERE game_id = {third.id} AND seq = 0")
    report = check_file(path)
    assert not report.ok
    assert report.damage == [
        f"game {first.id}: the snapshot at seq 8 differs from the replay",
        f"game {third.id}: the saved snapshots.checksum at seq 0 of game {third.id} is damaged",
    ]
    damage(path, f"UPDATE snapshots SET state = '{wrong}', checksum = '{snapshot_checksum(wrong)}'"
                 f" WHERE game_id = {third.id} AND seq = 0")
    assert check_file(path).damage[1:] == [
        f"game {third.id}: the snapshot at seq 0 differs from the set-up replayed from the seed",
        f"game {third.id}: the move at seq 5 is refused on replay (IllegalAction)",
    ]
    assert main(["check", str(path)]) == 1
    assert "games: DAMAGED" in capsys.readouterr().out


async def test_check_replays_a_database_from_before_snapshot_checksums(tmp_path):
    path = tmp_path / "bottega.db"
    store = await Store.open(path)
    game, _ = await real_game(store, moves=5)
    await store.close()
    damage(path, "DROP TABLE votes", "ALTER TABLE snapshots DROP COLUMN checksum",
           "PRAGMA application_id = 0", "PRAGMA user_version = 2")
    report = check_file(path)
    assert report.ok and report.schema_version == 2 and report.games_replayed == 1
    damage(path, f"UPDATE moves SET seat = 1 - seat WHERE game_id = {game.id} AND seq = 3")
    assert check_file(path).damage == [
        f"game {game.id}: the move at seq 3 is refused on replay (IllegalAction)"]


async def test_check_needs_a_started_game_to_have_its_seats(tmp_path):
    path = tmp_path / "bottega.db"
    store = await Store.open(path)
    game, _ = await started_game(store), None
    await store.close()
    damage(path, f"DELETE FROM seats WHERE game_id = {game.id} AND user_id = 8")
    assert check_file(path).damage[0] == (
        f"game {game.id}: the saved seats (not one per seat number) of game {game.id} is damaged")


async def test_check_sees_one_consistent_database_while_the_bot_writes(tmp_path):
    """Moves recorded during a check are either wholly seen or not at all: never a false alarm."""
    path = tmp_path / "bottega.db"
    store = await Store.open(path)
    try:
        for channel in (101, 102, 103):  # read first and slow to replay: the window for a half-seen write
            await real_game(store, channel, moves=60)
        game, stack = await real_game(store, moves=1)
        engine = games.get("mor")
        reports = []

        async def keep_checking():
            while len(stack) < 40:
                reports.append(await asyncio.to_thread(check_file, path))

        checking = asyncio.create_task(keep_checking())
        while len(stack) < 40:
            seat = min(engine.actors(stack.state))
            notation = engine.notation(engine.legal_actions(stack.state, seat)[0])
            stack.play(seat, notation)
            game = await store.record_move(game.id, expected_version=game.version, seat=seat,
                                           user_id=(7, 8)[seat], notation=notation, now=minutes(len(stack)))
            await asyncio.sleep(0.002)
        await checking
        assert reports and [r.damage for r in reports if r.damage] == []
    finally:
        await store.close()
