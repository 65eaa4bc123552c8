"""AI seats in the table service (no Discord): seating them, their moves, their names, and the
process pool's hard limit (a slow, failing or dying AI plays a safe legal move)."""

from __future__ import annotations

import sqlite3
import time

import pytest

import games
from bot.table.ai_runner import AiRunner, said_as_played
from bot.config import Config, ConfigError
from bot.presentation import DiscordMarkup, post
from bot.table import Person, TableError, TableService
from db import Store
from games.ai import LEVELS, SafeMove, choose, destroys, harmless, safe_move
from tests.support.ai_checks import (
    DYING_SEED,
    SLOW_SEED,
    ai_moves_replayed,
    always_fails,
    dies_on_one_seed,
    legal_notations,
    slow_on_one_seed,
)

ALICE, BOB = Person(1, "alice"), Person(2, "bob")
GUILD, CHANNEL = 100, 200


@pytest.fixture
def position():
    """A Lorenzo il Magnifico position with more than one legal move, and the seat to play."""
    state = games.get("lim").setup(2, 5)
    seat = min(games.get("lim").actors(state))
    assert len(legal_notations("lim", state, seat)) > 1
    return state, seat


@pytest.fixture
async def runner():
    made: list[AiRunner] = []

    def make(**kwargs) -> AiRunner:
        made.append(AiRunner(**kwargs))
        return made[-1]

    yield make
    for each in made:
        each.close()


async def test_a_hung_ai_plays_the_safe_move_at_the_hard_limit_and_its_worker_is_replaced(runner, position):
    state, seat = position
    ai = runner(time_limit=1.0, decide=slow_on_one_seed)
    began = time.monotonic()
    assert await ai.choose("lim", state, seat, "easy", SLOW_SEED) == safe_move("lim", state, seat)
    assert time.monotonic() - began < 30 and ai.fallbacks == 1
    assert await ai.choose("lim", state, seat, "easy", 1) == choose("lim", state, seat, "easy", 1)
    assert ai.fallbacks == 1


async def test_a_dead_worker_plays_the_safe_move_and_the_next_decision_gets_a_new_one(runner, position):
    state, seat = position
    ai = runner(decide=dies_on_one_seed)
    assert await ai.choose("lim", state, seat, "easy", DYING_SEED) == safe_move("lim", state, seat)
    assert await ai.choose("lim", state, seat, "easy", 2) == choose("lim", state, seat, "easy", 2)
    assert ai.fallbacks == 1


async def test_an_ai_that_raises_plays_the_safe_move(runner, position):
    state, seat = position
    ai = runner(decide=always_fails)
    fallback = await ai.choose("lim", state, seat, "easy", 3)
    assert fallback == safe_move("lim", state, seat) and ai.fallbacks == 1
    assert not destroys("lim", state, seat, fallback) and fallback in harmless("lim", state, seat)


def test_the_store_knows_the_same_levels_as_the_ai():
    from db.rows import AI_LEVELS

    assert AI_LEVELS == tuple(LEVELS)


def test_ai_settings_are_read_from_the_environment():
    config = Config.load(environ={"AI_WORKERS": "2", "AI_TIME_LIMIT_SECONDS": "4.5", "AI_PAUSE_SECONDS": "0"},
                         env_file=None)
    assert (config.ai_workers, config.ai_time_limit_seconds, config.ai_pause_seconds) == (2, 4.5, 0)
    defaults = Config.load(environ={}, env_file=None)
    assert (defaults.ai_workers, defaults.ai_time_limit_seconds, defaults.ai_pause_seconds) == (1, 10.0, 3.0)
    for name, value in [("AI_WORKERS", "0"), ("AI_WORKERS", "1.5"), ("AI_TIME_LIMIT_SECONDS", "0"),
                        ("AI_PAUSE_SECONDS", "-1"), ("AI_PAUSE_SECONDS", "nan"), ("AI_TIME_LIMIT_SECONDS", "x")]:
        with pytest.raises(ConfigError, match=name):
            Config.load(environ={name: value}, env_file=None)


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "bottega.db")
    ai = AiRunner(time_limit=30)
    yield TableService(store, seed_source=lambda: 1234, renderer=None, ai=ai)
    ai.close()
    await store.close()


def said(reply) -> str:
    return post(DiscordMarkup(), reply).text


async def test_a_person_plays_a_whole_game_against_two_ai_seats(service):
    opened = await service.new_game(GUILD, CHANNEL, ALICE, "lim", 3, bots=2, level="easy")
    assert "with Bottega AI (easy), Bottega AI 2 (easy)" in said(opened) and "The table is full" in said(opened)
    with pytest.raises(TableError, match="full"):
        await service.join(CHANNEL, BOB)
    reply = await service.start(CHANNEL, ALICE)
    assert "Bottega AI (easy)" in said(reply) and "Bottega AI 2 (easy)" in said(reply)
    table = await service.table(CHANNEL)
    assert {(s.user_id, s.is_bot, s.ai_level) for s in table.seats} == {
        (1, False, None), (-1, True, "easy"), (-2, True, "easy")}
    moves = 0
    while table.state is not None and not table.finished():
        if reply.ai_to_move:
            reply = await service.play_ai(CHANNEL)
            assert reply is not None and not reply.ai_to_move
        else:
            assert await service.play_ai(CHANNEL) is None  # nothing owed: nothing played
            reply = await service.act(CHANNEL, ALICE, (await service.legal(CHANNEL, ALICE))[-1])
            moves += 1
        assert set(reply.mentions) <= {ALICE.id} and "<@-" not in said(reply)
        timers = await service.store.timers(table.row.id)
        assert {t.user_id for t in timers} <= {ALICE.id}
        table = await service.game(table.row.id)
    assert "Game over." in said(reply) and "Bottega AI 2 (easy)" in said(reply)
    assert moves > 10 and await ai_moves_replayed(service.store, table.row.id) >= moves


async def test_ai_seats_in_the_lobby_are_for_the_host_to_add_and_remove(service):
    with pytest.raises(TableError, match="0 to 1 AI players, not 2"):
        await service.new_game(GUILD, CHANNEL, ALICE, "lim", 2, bots=2)
    with pytest.raises(TableError, match="levels: easy, normal, strong"):
        await service.new_game(GUILD, CHANNEL, ALICE, "lim", 2, bots=1, level="genius")
    await service.new_game(GUILD, CHANNEL, ALICE, "opera", 4)
    with pytest.raises(TableError, match="no AI player"):
        await service.remove_ai(CHANNEL, ALICE)
    with pytest.raises(TableError, match="Only the host"):
        await service.add_ai(CHANNEL, BOB)
    assert "Bottega AI (strong)" in said(await service.add_ai(CHANNEL, ALICE, "strong"))
    assert "Bottega AI 2 (normal)" in said(await service.add_ai(CHANNEL, ALICE))
    assert "Bottega AI 2 (normal)" in said(await service.remove_ai(CHANNEL, ALICE))
    await service.join(CHANNEL, BOB)
    added = await service.add_ai(CHANNEL, ALICE, "easy")
    assert "Bottega AI 2 (easy)" in said(added) and "(4/4). The table is full" in said(added)
    with pytest.raises(TableError, match="full"):
        await service.add_ai(CHANNEL, ALICE)
    status = said(await service.status(CHANNEL))
    assert "alice, Bottega AI (strong), bob, Bottega AI 2 (easy)" in status
    await service.start(CHANNEL, ALICE)
    with pytest.raises(TableError, match="already started"):
        await service.remove_ai(CHANNEL, ALICE)


async def test_an_ai_level_the_store_does_not_know_is_refused(service):
    opened = await service.new_game(GUILD, CHANNEL, ALICE, "lim", 2)
    with pytest.raises(sqlite3.IntegrityError):
        await service.store.add_seat(opened.game_id, -1, "Bottega AI (genius)", is_bot=True, ai_level="genius",
                                     now=service.clock())


async def test_only_people_vote_to_abandon_a_game_with_ai_seats(service):
    carol = Person(3, "carol")
    await service.new_game(GUILD, CHANNEL, ALICE, "opera", 4, bots=1, level="easy")
    await service.join(CHANNEL, BOB)
    await service.join(CHANNEL, carol)
    await service.start(CHANNEL, ALICE)
    assert "(1/2 votes needed)" in said(await service.abandon(CHANNEL, BOB))
    assert "A majority of the players (2/3) voted" in said(await service.abandon(CHANNEL, carol))


async def test_an_ai_seat_taken_after_another_process_filled_the_table_is_refused_in_one_sentence(
        service, monkeypatch):
    """With several bot processes on one PostgreSQL database, the last seat can go between this
    process reading the lobby and seating the AI: the store refuses, the host reads one sentence."""
    await service.new_game(GUILD, CHANNEL, ALICE, "lim", 2)
    before = await service.table(CHANNEL)
    await service.store.add_seat(before.row.id, BOB.id, BOB.name, now=service.clock())
    tables = service._ai_seats.tables

    async def as_read_before(channel_id):
        return before

    monkeypatch.setattr(tables, "in_channel", as_read_before)
    with pytest.raises(TableError, match="^This table is full.$"):
        await service.add_ai(CHANNEL, ALICE)


async def test_the_log_says_when_the_fallback_played_for_an_ai_seat(tmp_path):
    """An AI seat whose AI fails plays the safe move (it loses nothing while a move that loses
    nothing exists), and the table's log says publicly that the AI did not choose it."""
    store = await Store.open(tmp_path / "bottega.db")
    ai = AiRunner(time_limit=30, decide=always_fails)
    service = TableService(store, seed_source=lambda: 1234, renderer=None, ai=ai)
    try:
        await service.new_game(GUILD, CHANNEL, ALICE, "mor", 2, bots=1, level="normal")
        reply = await service.start(CHANNEL, ALICE)
        while not reply.ai_to_move:
            reply = await service.act(CHANNEL, ALICE, (await service.legal(CHANNEL, ALICE))[-1])
        table = await service.table(CHANNEL)
        seat = table.ai_to_move()[0]
        expected = safe_move("mor", table.state, seat)
        played = await service.play_ai(CHANNEL)
        assert "The AI could not decide in time, so it played a safe move: " in said(played)
        ai_moves = [move for move in await store.moves(table.row.id) if move.user_id < 1]
        assert ai.fallbacks >= 1 and ai_moves[0].notation == expected
        assert not destroys("mor", table.state, seat, expected)
    finally:
        ai.close()
        await store.close()


def test_only_a_move_the_fallback_played_is_said_to_be_one():
    """The timeout ladder and the AI seats both pass their move's lines through ``said_as_played``:
    the AI's own choice reads as it is, the fallback's starts by saying the AI did not choose it."""
    events = [("Ada ends her turn.",), ("Bruno receives 1 coin.",)]
    assert said_as_played("end", events) == events
    fell_back = said_as_played(SafeMove("end"), events)
    assert fell_back[1:] == events[1:] and len(fell_back) == len(events)
    assert fell_back[0][0].template == "The AI could not decide in time, so it played a safe move: {move}"
    assert str(fell_back[0][0]).endswith("Ada ends her turn.")
