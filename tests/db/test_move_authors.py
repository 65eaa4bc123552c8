"""Who made each move, the turn clock before it, and the seats that changed hands are stored on both
backends; an undo puts the seats' clocks back in its transaction."""

from store_fixtures import build_at_version, minutes, started_game

from db import SeatClock, Store
from db.migrations import MIGRATIONS, MOVE_AUTHORS


async def test_a_move_keeps_who_made_it_and_the_clock_before_it(store):
    game = await started_game(store)
    clock = {"seats": {"1": [2, 600, None]}, "turns": {"8": minutes(3).isoformat()}}
    game = await store.record_move(game.id, expected_version=game.version, seat=1, user_id=8, notation="x",
                                   now=minutes(5), made_by="timeout", clock_before=clock)
    game = await store.record_move(game.id, expected_version=game.version, seat=0, user_id=7, notation="y",
                                   now=minutes(6))
    moves = await store.moves(game.id)
    assert [(m.made_by, m.clock_before) for m in moves] == [("timeout", clock), ("player", None)]


async def test_a_seat_changing_hands_is_written_down(store):
    game = await started_game(store)
    await store.record_move(game.id, expected_version=game.version, seat=1, user_id=8, notation="x",
                            now=minutes(5), seat_clocks=[SeatClock(1, 3, None, minutes(5))])
    await store.take_over_seat(game.id, seat=1, user_id=9, display_name="newcomer", now=minutes(9))
    await store.take_over_seat(game.id, seat=0, user_id=10, display_name="friend", now=minutes(10))
    changes = await store.seat_changes(game.id)
    assert [(c.version, c.seat, c.from_user_id, c.to_user_id, c.to_name, c.was_open, c.changed_at)
            for c in changes] == [(game.version + 1, 1, 8, 9, "newcomer", True, minutes(9)),
                                  (game.version + 1, 0, 7, 10, "friend", False, minutes(10))]


async def test_an_undo_puts_the_seats_clocks_back(store):
    game = await started_game(store)
    game = await store.record_move(game.id, expected_version=game.version, seat=1, user_id=8, notation="x",
                                   now=minutes(5), seat_clocks=[SeatClock(1, 0, 900, None)])
    await store.record_undo(game.id, expected_version=game.version, taken_back=[(game.version, 1)],
                            snapshot="{}", now=minutes(6), seat_clocks=[SeatClock(1, 2, 300, None)])
    seat = next(s for s in await store.seats(game.id) if s.seat == 1)
    assert (seat.strikes, seat.bank_seconds) == (2, 300)


async def test_moves_stored_before_are_given_who_made_them(tmp_path):
    path = tmp_path / "old.db"
    raw = build_at_version(path, MIGRATIONS.index(MOVE_AUTHORS))
    raw.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_key, options, seed, players, status, version,"
        " host_id, created_at, updated_at) VALUES (1, 1, 100, 'lim', '{}', 9, 2, 'active', 3, 7,"
        " '2026-03-01T12:00:00.000000Z', '2026-03-01T12:00:00.000000Z')")
    raw.executemany(
        "INSERT INTO moves (game_id, seq, seat, user_id, notation, created_at, automatic)"
        " VALUES (1, ?, ?, ?, 'x', '2026-03-01T12:00:00.000000Z', ?)",
        [(1, 0, 7, 0), (2, 1, -1, 0), (3, 0, 7, 1)])
    raw.commit()
    raw.close()
    store = await Store.open(path)
    try:
        assert [m.made_by for m in await store.moves(1)] == ["player", "ai", "automatic"]
    finally:
        await store.close()
