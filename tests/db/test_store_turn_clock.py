"""The turn clock in the store: table settings, the seats' strikes, banks and open flag written with a
move, a seat taken over by another person, and what an upgraded database gives its old games."""

import sqlite3

import pytest
from store_fixtures import START, build_at_version, minutes, started_game

from db import (
    AlreadySeated,
    GameNotFound,
    NewTimer,
    NotSeated,
    SeatClock,
    StaleVersion,
    Store,
    TimerFilter,
    TurnClock,
    TurnMove,
)
from db.migrations import MIGRATIONS, TURN_CLOCK


async def test_a_new_table_has_72_hours_a_move_and_the_ai_on_timeout(store):
    game = await started_game(store)
    assert (game.turn_seconds, game.clock, game.bank_seconds, game.on_timeout, game.strike_limit) == (
        72 * 3600, "move", 72 * 3600, "ai", 3)
    assert [(s.strikes, s.bank_seconds, s.opened_at) for s in await store.seats(game.id)] == [(0, None, None)] * 2


async def test_settings_are_kept(store):
    game = await started_game(store)
    await store.set_turn_clock(game.id, TurnClock(None, "bank", 86400, "pause", 5), minutes(1))
    row = await store.get_game(game.id)
    assert (row.turn_seconds, row.clock, row.bank_seconds, row.on_timeout, row.strike_limit) == (
        None, "bank", 86400, "pause", 5)


async def test_new_settings_and_the_deadlines_they_move_are_one_write(store):
    game = await started_game(store)
    await store.update_timers(game.id, timers=[NewTimer("deadline", 7, minutes(60)),
                                               NewTimer("reminder", 7, minutes(60))])
    hourly = TurnClock(3600, "move", 3600, "ai", 3)
    await store.set_turn_clock(game.id, hourly, minutes(1), clear=[TimerFilter("deadline")],
                               timers=[NewTimer("deadline", 7, minutes(61))])
    assert (await store.get_game(game.id)).turn_seconds == 3600
    assert sorted((t.kind, t.user_id, t.due_at) for t in await store.timers(game.id)) == [
        ("deadline", 7, minutes(61)), ("reminder", 7, minutes(60))]
    with pytest.raises(GameNotFound):  # an unknown game: nothing is written
        await store.set_turn_clock(game.id + 99, hourly, minutes(2), timers=[NewTimer("deadline", 7, minutes(5))])
    assert (await store.get_game(game.id)).turn_seconds == 3600


async def test_seat_clocks_are_written_with_their_move_or_not_at_all(store):
    game = await started_game(store)
    clocks = [SeatClock(1, 3, 120, minutes(5))]
    await store.record_move(game.id, expected_version=game.version, seat=1, user_id=8, notation="x",
                            now=minutes(5), seat_clocks=clocks)
    with pytest.raises(StaleVersion):
        await store.record_move(game.id, expected_version=game.version, seat=0, user_id=7, notation="y",
                                now=minutes(6), seat_clocks=[SeatClock(0, 1, 5, None)])
    seats = {s.seat: s for s in await store.seats(game.id)}
    assert (seats[1].strikes, seats[1].bank_seconds, seats[1].opened_at) == (3, 120, minutes(5))
    assert (seats[0].strikes, seats[0].bank_seconds, seats[0].opened_at) == (0, None, None)


async def test_a_turn_played_for_a_seat_is_written_whole_with_its_strike_and_timers_or_not_at_all(store):
    game = await started_game(store)
    await store.update_timers(game.id, timers=[NewTimer("deadline", 8, minutes(60))])
    turn = [TurnMove(1, 8, "market row-1", "timeout"), TurnMove(1, 8, "place", "timeout"),
            TurnMove(1, 8, "end", "automatic", automatic=True)]
    with pytest.raises(StaleVersion):
        await store.record_turn(game.id, expected_version=game.version + 1, moves=turn, now=minutes(61),
                                clear_timers=[TimerFilter("deadline", 8)], seat_clocks=[SeatClock(1, 1, None, None)])
    assert (await store.get_game(game.id)).version == game.version and await store.moves(game.id) == []
    row = await store.record_turn(game.id, expected_version=game.version, moves=turn, now=minutes(61),
                                  snapshot='{"turn": 1}', clear_timers=[TimerFilter("deadline", 8)],
                                  timers=[NewTimer("deadline", 7, minutes(120))],
                                  seat_clocks=[SeatClock(1, 1, None, None)])
    assert row.version == game.version + 3 and row.last_move_at == minutes(61)
    moves = await store.moves(game.id)
    assert [(m.seq, m.seat, m.notation, m.automatic, m.made_by, m.interaction_id) for m in moves] == [
        (game.version + 1, 1, "market row-1", False, "timeout", None),
        (game.version + 2, 1, "place", False, "timeout", None), (game.version + 3, 1, "end", True, "automatic", None)]
    assert [(t.kind, t.user_id) for t in await store.timers(game.id)] == [("deadline", 7)]
    assert [s.strikes for s in await store.seats(game.id)] == [0, 1]
    assert (await store.load_game(game.id)).snapshot.seq == row.version


async def test_a_seat_taken_over_keeps_its_place_and_bank_and_loses_strikes_votes_and_timers(store):
    game = await started_game(store)
    await store.record_move(game.id, expected_version=game.version, seat=1, user_id=8, notation="x",
                            now=minutes(5), seat_clocks=[SeatClock(1, 3, 600, minutes(5))])
    await store.add_vote(game.id, 8, "abandon")
    await store.update_timers(game.id, timers=[NewTimer("deadline", 8, minutes(60)),
                                               NewTimer("reminder", 7, minutes(60))])
    await store.take_over_seat(game.id, seat=1, user_id=9, display_name="newcomer", now=minutes(9),
                               clear_timers=[TimerFilter(None, 8)], timers=[NewTimer("deadline", 9, minutes(90))])
    seats = {s.seat: s for s in await store.seats(game.id)}
    taken = seats[1]
    assert (taken.user_id, taken.display_name, taken.strikes, taken.bank_seconds, taken.opened_at) == (
        9, "newcomer", 0, 600, None)
    assert await store.votes(game.id, "abandon") == []
    assert sorted((t.kind, t.user_id) for t in await store.timers(game.id)) == [("deadline", 9), ("reminder", 7)]
    with pytest.raises(AlreadySeated):
        await store.take_over_seat(game.id, seat=0, user_id=9, display_name="twice", now=minutes(9))
    with pytest.raises(NotSeated):
        await store.take_over_seat(game.id, seat=5, user_id=10, display_name="nowhere", now=minutes(9))
    assert [s.user_id for s in await store.seats(game.id)] == [7, 9]


async def test_games_from_before_the_turn_clock_play_on_without_deadlines(tmp_path):
    path = tmp_path / "old.db"
    raw = build_at_version(path, MIGRATIONS.index(TURN_CLOCK))  # the version just before the turn clock
    raw.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_key, options, seed, players, status, version,"
        " host_id, created_at, updated_at) VALUES (1, 1, 100, 'lim', '{}', 9, 2, 'lobby', 0, 7,"
        " '2026-03-01T12:00:00.000000Z', '2026-03-01T12:00:00.000000Z')")
    raw.close()
    store = await Store.open(path)
    try:
        assert (await store.get_game(1)).turn_seconds is None
        new = await store.create_game(guild_id=1, channel_id=101, game_key="lim", options={}, seed=1,
                                      players=2, host_id=7, now=START)
        assert new.turn_seconds == 72 * 3600
    finally:
        await store.close()
    raw = sqlite3.connect(path)
    with pytest.raises(sqlite3.IntegrityError):
        raw.execute("UPDATE games SET clock = 'hourglass' WHERE id = 1")
    raw.close()
