"""Turn time in the table service (no Discord): the ladder through ``due_reminders``, an open seat
taken back by its player, and deadlines given back at start-up."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.table import TableError, TableService, TurnSettings
from db import SeatClock, TimerFilter
from games.core import IllegalAction
from tests.support.table import ALICE, BOB, CAROL, CHANNEL, GUILD, current, move_during_the_next_load, said, started


async def test_an_open_seat_is_played_by_the_ai_until_its_player_takes_it_back(service):
    await started(service, ALICE, BOB)
    await service.turn_settings(CHANNEL, ALICE, TurnSettings(turn_hours="1", strike_limit=1))
    table, late = await current(service)
    service.clock.advance(hours=1)
    [ladder] = await service.due_reminders()
    assert f"**{late.name}**'s time is up" in said(ladder.board).text
    assert "seat is open after 1 timeouts in a row" in said(ladder.board).text
    table = await service.table(CHANNEL)
    seat = table.seat_of(late.id)
    assert seat in table.ai_levels() and late.id not in table.actor_users()
    with pytest.raises(TableError, match="already have a seat"):
        await service.sit(CHANNEL, ({ALICE.id: BOB, BOB.id: ALICE})[late.id])
    back = said(await service.sit(CHANNEL, late))
    assert f"**{late.name}** is back and takes their seat again." in back.text
    table = await service.table(CHANNEL)
    assert seat not in table.ai_levels()
    with pytest.raises(TableError, match="no seat is open"):
        await service.sit(CHANNEL, CAROL)


async def test_deadlines_lost_to_a_crash_come_back_counted_from_the_last_change(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    await service.act(CHANNEL, actor, "add 1")
    moved_at = service.clock()
    waiting = (await service.table(CHANNEL)).actor_users()
    await service.store.update_timers(table.row.id, clear=[TimerFilter("deadline")])
    service.clock.advance(hours=30)
    restarted = TableService(service.store, clock=service.clock, renderer=None)
    assert await restarted.rebuild_timers() == 1
    deadlines = [t for t in await service.store.timers(table.row.id) if t.kind == "deadline"]
    assert [(t.user_id, t.due_at) for t in deadlines] == [(waiting[0], moved_at + timedelta(hours=72))]
    assert await restarted.rebuild_timers() == 0


async def test_a_move_made_during_a_deadline_pass_is_refused_after_the_turn_was_played(service, monkeypatch):
    """The deadline pass and a move take the same channel lock: the late move lands after the
    table played the turn, and is refused as not that player's turn; the turn is played once."""
    await started(service, ALICE, BOB)
    table, late = await current(service)
    service.clock.advance(hours=72)
    moves = move_during_the_next_load(service, monkeypatch, late, "add 1")
    [ladder] = await service.due_reminders()
    with pytest.raises(IllegalAction):
        await moves[0]
    assert f"**{late.name}**'s time is up" in said(ladder.board).text
    assert [m.user_id for m in await service.store.moves(table.row.id)] == [late.id]


async def test_settings_without_options_tell_the_turn_clock_and_move_no_deadline(service):
    await started(service, ALICE, BOB)
    table = await service.table(CHANNEL)
    before = [t for t in table.timers if t.kind == "deadline"]
    service.clock.advance(hours=5)
    answer = said(await service.turn_settings(CHANNEL, BOB, TurnSettings()))  # anyone may ask, not only the host
    assert answer.text == "" and answer.ephemeral == (
        "Turn time at this table: 3 days per move; when time runs out the AI plays the turn, "
        "and 3 timeouts in a row open the seat.\nReminders every 1 day.\nThe coach: for players new to the game.")
    assert [t for t in (await service.table(CHANNEL)).timers if t.kind == "deadline"] == before


async def masters_in_play(service):
    """A Masters table of alice and bob with a day per turn, past the leader draft: the table and
    the person whose turn it is."""
    await service.new_game(GUILD, CHANNEL, ALICE, "mor", 2)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    await service.turn_settings(CHANNEL, ALICE, TurnSettings(turn_hours="24", strike_limit=3))
    while (table := await service.table(CHANNEL)).state["phase"] == "setup":
        seat = min(table.game.actors(table.state))
        await service.act(CHANNEL, person_at(table, seat), table.legal(seat)[0])
    return table, person_at(table, min(table.game.actors(table.state)))


def person_at(table, seat):
    return {p.id: p for p in (ALICE, BOB)}[table.user_of(seat)]


def deadline_of(table, user_id):
    return next(t.due_at for t in table.timers if t.kind == "deadline" and t.user_id == user_id)


async def test_a_step_within_a_turn_keeps_the_turns_deadline_and_the_ladder_plays_the_rest(service):
    table, player = await masters_in_play(service)
    due = deadline_of(table, player.id)
    service.clock.advance(hours=20)
    market = next(n for n in table.legal(table.seat_of(player.id)) if n.startswith("market"))
    await service.act(CHANNEL, player, market)
    table = await service.table(CHANNEL)
    assert player.id in table.actor_users(), "placing what the market gave is still the same turn"
    assert deadline_of(table, player.id) == due, "a deadline counts from the start of the turn"
    service.clock.advance(hours=5)
    [ladder] = await service.due_reminders()
    assert f"**{player.name}**'s time is up" in said(ladder.board).text
    table = await service.table(CHANNEL)
    assert player.id not in table.actor_users()
    assert [s.strikes for s in table.seats if s.user_id == player.id] == [1]


async def test_the_stand_ins_turn_is_written_in_one_transaction_with_its_strike(service, monkeypatch):
    table, late = await masters_in_play(service)
    writes = []
    for method in ("record_move", "record_turn"):
        original = getattr(service.store, method)

        async def counted(*args, _original=original, _method=method, **kwargs):
            writes.append((_method, len(kwargs.get("moves", [None]))))
            return await _original(*args, **kwargs)

        monkeypatch.setattr(service.store, method, counted)
    service.clock.advance(hours=25)
    await service.due_reminders()
    after = await service.table(CHANNEL)
    played = after.row.version - table.row.version
    assert played > 1, "the stand-in played a turn of several moves"
    assert writes == [("record_turn", played)]
    assert [s.strikes for s in after.seats if s.user_id == late.id] == [1]
async def test_a_player_taking_their_seat_back_under_the_chess_clock_has_at_least_one_turn_time(service):
    """The ladder may have used the whole bank of a seat it opened (the steps after the strike are
    the open seat's, which get nothing back): its player, coming back, still has ``turn_hours``."""
    await started(service, ALICE, BOB)
    await service.turn_settings(CHANNEL, ALICE, TurnSettings(turn_hours="2", clock="bank", bank_days=1,
                                                             strike_limit=1))
    table, late = await current(service)
    service.clock.advance(days=1)
    [ladder] = await service.due_reminders()
    assert "seat is open" in said(ladder.board).text
    table, other = await current(service)
    seat = table.seat_of(late.id)
    held = next(s for s in table.seats if s.seat == seat)
    await service.store.record_move(  # the other player moves; the open seat's bank is spent
        table.row.id, expected_version=table.row.version, seat=table.seat_of(other.id), user_id=other.id,
        notation="add 1", now=service.clock(), seat_clocks=[SeatClock(seat, held.strikes, 0, held.opened_at)])
    await service.sit(CHANNEL, late)
    table = await service.table(CHANNEL)
    assert next(s.bank_seconds for s in table.seats if s.seat == seat) == 2 * 3600
    deadline = next(t.due_at for t in table.timers if t.kind == "deadline" and t.user_id == late.id)
    assert deadline == service.clock() + timedelta(hours=2)
    service.clock.advance(hours=1)
    assert not any("time is up" in said(r.board).text for r in await service.due_reminders() if r.board)
