"""The move log: starting, version-guarded appends, duplicate interactions, snapshots and load."""

import asyncio

import pytest
from store_fixtures import START, append_move, minutes, new_game, raw_scalar, started_game

from db import DuplicateInteraction, GameNotFound, SqliteStore, StaleVersion, Store, WrongStatus


async def counts(store: Store, game_id: int) -> tuple[int, int, int]:
    """(version, number of moves, number of snapshots): what a refused write must leave alone."""
    game = await store.get_game(game_id)
    snapshots = await raw_scalar(store, "SELECT count(*) FROM snapshots WHERE game_id = ?", (game_id,))
    return game.version, len(await store.moves(game_id)), snapshots


async def test_record_start_activates_and_saves_the_initial_snapshot(store):
    game = await new_game(store)
    row = await store.record_start(game.id, expected_version=0, snapshot='{"start": true}', now=minutes(1))
    started = await store.get_game(game.id)
    assert row.version == started.version == 1
    assert started.status == "active" and started.updated_at == minutes(1)
    assert await store.latest_snapshot(game.id) == (0, '{"start": true}')
    assert await store.load(game.id) == (0, '{"start": true}', [])


async def test_record_start_is_guarded_by_version_and_status(store):
    game = await new_game(store)
    with pytest.raises(StaleVersion):
        await store.record_start(game.id, expected_version=3, snapshot="{}", now=START)
    assert (await store.get_game(game.id)).status == "lobby"
    assert await store.latest_snapshot(game.id) is None
    await store.record_start(game.id, expected_version=0, snapshot="{}", now=START)
    with pytest.raises(WrongStatus):
        await store.record_start(game.id, expected_version=1, snapshot="{}", now=START)
    with pytest.raises(GameNotFound):
        await store.record_start(999, expected_version=0, snapshot="{}", now=START)


async def test_append_move_records_the_move_and_bumps_the_version(store):
    game = await started_game(store)
    version = await append_move(store, 
        game.id, expected_version=game.version, seat=0, user_id=7, notation="market row-2",
        now=minutes(3), interaction_id=555,
    )
    assert version == game.version + 1
    after = await store.get_game(game.id)
    assert after.version == version and after.status == "active"
    assert after.updated_at == after.last_move_at == minutes(3)
    [move] = await store.moves(game.id)
    assert (move.game_id, move.seq, move.seat, move.user_id, move.notation, move.created_at,
            move.interaction_id) == (game.id, version, 0, 7, "market row-2", minutes(3), 555)


async def test_append_move_with_a_stale_version_writes_nothing(store):
    game = await started_game(store)
    await append_move(store, game.id, expected_version=game.version, seat=0, user_id=7, notation="a", now=START)
    before = await counts(store, game.id)
    with pytest.raises(StaleVersion):
        await append_move(store, game.id, expected_version=game.version, seat=1, user_id=8, notation="b",
                                now=minutes(1), snapshot='{"late": 1}', finished=True)
    assert await counts(store, game.id) == before
    assert (await store.get_game(game.id)).status == "active"


async def test_two_concurrent_appends_at_the_same_version_exactly_one_succeeds(store):
    game = await started_game(store)
    results = await asyncio.gather(
        *(append_move(store, game.id, expected_version=game.version, seat=seat, user_id=7 + seat,
                            notation=f"move-{seat}", now=START, snapshot=f'{{"by": {seat}}}')
          for seat in (0, 1)),
        return_exceptions=True,
    )
    successes = [r for r in results if isinstance(r, int)]
    failures = [r for r in results if isinstance(r, StaleVersion)]
    assert successes == [game.version + 1] and len(failures) == 1
    assert len(await store.moves(game.id)) == 1
    assert await counts(store, game.id) == (game.version + 1, 1, 2)


async def test_a_replayed_interaction_is_refused_without_writes(store):
    game = await started_game(store)
    version = await append_move(store, game.id, expected_version=game.version, seat=0, user_id=7,
                                      notation="a", now=START, interaction_id=42)
    before = await counts(store, game.id)
    for expected in (game.version, version):
        with pytest.raises(DuplicateInteraction):
            await append_move(store, game.id, expected_version=expected, seat=0, user_id=7, notation="a",
                                    now=minutes(1), interaction_id=42, snapshot="{}")
    assert await counts(store, game.id) == before
    other = await started_game(store, channel_id=101)
    with pytest.raises(DuplicateInteraction):
        await append_move(store, other.id, expected_version=other.version, seat=0, user_id=7, notation="a",
                                now=minutes(1), interaction_id=42)
    assert await store.moves(other.id) == []


async def test_moves_without_interaction_ids_do_not_collide(store):
    game = await started_game(store)
    version = game.version
    for n in range(3):
        version = await append_move(store, game.id, expected_version=version, seat=n % 2, user_id=7,
                                          notation=f"m{n}", now=minutes(n))
    assert [m.interaction_id for m in await store.moves(game.id)] == [None, None, None]


async def test_finishing_move_closes_the_game_and_further_moves_are_refused(store):
    game = await started_game(store)
    version = await append_move(store, game.id, expected_version=game.version, seat=0, user_id=7,
                                      notation="last", now=minutes(9), snapshot='{"over": true}', finished=True)
    finished = await store.get_game(game.id)
    assert finished.status == "finished" and finished.last_move_at == minutes(9)
    assert await store.active_game(game.channel_id) is None
    with pytest.raises(WrongStatus):
        await append_move(store, game.id, expected_version=version, seat=1, user_id=8, notation="x", now=START)


async def test_moves_are_refused_for_lobby_abandoned_and_unknown_games(store):
    lobby = await new_game(store, channel_id=100)
    with pytest.raises(WrongStatus):
        await append_move(store, lobby.id, expected_version=0, seat=0, user_id=7, notation="x", now=START)
    dropped = await started_game(store, channel_id=101)
    await store.close_game(dropped.id, "abandoned", START)
    with pytest.raises(WrongStatus):
        await append_move(store, dropped.id, expected_version=dropped.version, seat=0, user_id=7,
                                notation="x", now=START)
    with pytest.raises(GameNotFound):
        await append_move(store, 999, expected_version=0, seat=0, user_id=7, notation="x", now=START)


async def play(store: Store, game_id: int, version: int, notations: list[str], snapshot_every: int) -> int:
    for n, notation in enumerate(notations, start=1):
        snapshot = f'{{"after": "{notation}"}}' if n % snapshot_every == 0 else None
        version = await append_move(store, game_id, expected_version=version, seat=n % 2, user_id=7,
                                          notation=notation, now=minutes(n), snapshot=snapshot)
    return version


async def test_load_returns_the_latest_snapshot_and_the_moves_after_it(store):
    game = await started_game(store)
    await play(store, game.id, game.version, ["m1", "m2", "m3", "m4", "m5"], snapshot_every=2)
    seq, state, later = await store.load(game.id)
    assert state == '{"after": "m4"}'
    assert [m.notation for m in later] == ["m5"]
    assert all(m.seq > seq for m in later)
    assert await store.latest_snapshot(game.id) == (seq, state)
    assert [m.notation for m in await store.moves(game.id)] == ["m1", "m2", "m3", "m4", "m5"]
    assert [m.notation for m in await store.moves(game.id, after_seq=seq)] == ["m5"]


async def test_load_without_later_snapshots_replays_every_move(store):
    game = await started_game(store)
    await play(store, game.id, game.version, ["a", "b", "c"], snapshot_every=10)
    assert await store.load(game.id) == (0, '{"turn": 0}', await store.moves(game.id))


async def test_load_of_a_game_that_never_started(store):
    game = await new_game(store)
    assert await store.load(game.id) is None
    assert await store.load(999) is None


async def test_load_is_consistent_while_moves_are_appended(store):
    """Each load sees a snapshot and exactly the moves after it, never a half-written move."""
    game = await started_game(store)
    writer = asyncio.create_task(
        play(store, game.id, game.version, [f"m{n}" for n in range(1, 31)], snapshot_every=3))
    try:
        while not writer.done():
            seq, state, later = await store.load(game.id)
            first_later = max(seq, game.version) + 1
            if seq:
                assert state == f'{{"after": "m{seq - game.version}"}}'
            assert len(later) <= 2
            assert [m.seq for m in later] == list(range(first_later, first_later + len(later)))
            await asyncio.sleep(0)
    finally:
        writer.cancel()
    await writer


@pytest.mark.parametrize("steps_before_cancel", range(8))
async def test_a_cancelled_append_writes_all_or_nothing_and_leaves_the_store_usable(store, steps_before_cancel):
    game = await started_game(store)
    task = asyncio.create_task(append_move(store, 
        game.id, expected_version=game.version, seat=0, user_id=7, notation="m", now=START,
        interaction_id=9, snapshot='{"after": "m"}'))
    for _ in range(steps_before_cancel):
        await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    state = await counts(store, game.id)
    assert state in [(game.version, 0, 1), (game.version + 1, 1, 2)]
    version = await append_move(store, game.id, expected_version=state[0], seat=1, user_id=8, notation="next",
                                      now=minutes(1))
    assert version == state[0] + 1
    if isinstance(store, SqliteStore):
        assert not store._db.in_transaction
