"""The coach at the table: the coach setting, ``/game hint`` (the seat's own view, counted, the
player then not rated), and the post-game review job: queued when a game with people ends, run in
its own low-priority workers, resumed after a restart, shown privately to each player."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from bot.presentation import DiscordMarkup, post
from bot.table import TableError, TableService, TurnSettings
from bot.table.reviews import ReviewRunner, reviewed_people
from db import MoveRow, Store
from db.record import RecordRefused, digest, read_record, replay_record
from db.coaching import REVIEW_ATTEMPTS, REVIEW_LEASE
from games.ai.coach import CoachBudget
from tests.support.coach import failing_review, review_logged_to, reviewed_seats
from tests.support.table import ALICE, BOB, CAROL, CHANNEL, GUILD, FakeClock, said, started

TINY = CoachBudget(worlds=2, moves=2, screen_worlds=1, screen_continuations=2, kept=1, choices=1)
"""A coach that thinks very little: the tests check the table, not the coach's judgement."""


async def play_to_end(service: TableService) -> int:
    """Everyone adds 2 until the race is over; the game's id."""
    while True:
        table = await service.table(CHANNEL)
        seat = next(iter(table.game.actors(table.state)))
        person = {p.id: p for p in (ALICE, BOB, CAROL)}[table.user_of(seat)]
        reply = await service.act(CHANNEL, person, "add 2")
        if reply.over:
            return table.row.id


@pytest.fixture
async def store(tmp_path, race_game):
    opened = await Store.open(tmp_path / "bottega.db")
    yield opened
    await opened.close()


def reviewing(store, log, clock=None, slow_seats=(), quiet_seats=(), budget=None) -> TableService:
    runner = ReviewRunner(review=review_logged_to(log, slow_seats, quiet_seats), time_limit=120, budget=budget)
    return TableService(store, clock=clock or FakeClock(), seed_source=lambda: 1234, renderer=None, reviews=runner)


# ---------------------------------------------------------------------------------- the setting
async def test_the_coach_setting_is_the_hosts_and_shown_with_the_settings(service):
    await started(service, ALICE, BOB)
    shown = said(await service.turn_settings(CHANNEL, BOB, TurnSettings(None, None, None, None, None)))
    assert "The coach: for players new to the game." in shown.ephemeral
    with pytest.raises(TableError, match="Only the host"):
        await service.set_coach(CHANNEL, BOB, "all")
    with pytest.raises(TableError, match="Choose one of the coach settings"):
        await service.set_coach(CHANNEL, ALICE, "always")
    assert "The coach is now off." in said(await service.set_coach(CHANNEL, ALICE, "off")).text
    assert (await service.table(CHANNEL)).row.coach == "off"


# ---------------------------------------------------------------------------------- hints
@pytest.fixture
async def mor_service(tmp_path):
    store = await Store.open(tmp_path / "bottega.db")
    service = TableService(store, seed_source=lambda: 99, renderer=None, hint_budget=TINY)
    yield service
    service._ai_seats.runner.close()
    await store.close()


async def mor_table(service: TableService):
    await service.new_game(GUILD, CHANNEL, ALICE, "mor", 2)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    table = await service.table(CHANNEL)
    seat = min(table.game.actors(table.state))
    return table, seat, {ALICE.id: ALICE, BOB.id: BOB}[table.user_of(seat)]


async def test_a_hint_suggests_up_to_three_of_the_players_legal_moves_and_is_counted(mor_service, monkeypatch):
    table, seat, person = await mor_table(mor_service)
    seen = []
    real_run = mor_service._coach.runner.run

    async def run(limit, work, game_key, view, judged_seat, legal, seed):
        seen.append((view, judged_seat, legal))
        return await real_run(limit, work, game_key, view, judged_seat, legal, seed)

    monkeypatch.setattr(mor_service._coach.runner, "run", run)
    reply = await mor_service.hint(CHANNEL, person, "en")
    # The coach was given the seat's own view and its legal moves, nothing else.
    assert seen == [(table.view(seat), seat, table.legal(seat))]
    text = said(reply).ephemeral
    assert "The coach suggests:" in text and "1. " in text and "the best of these" in text
    labels = {found.label for _, found in table.described(seat)}
    suggested = [line.split(": ")[0][3:].strip("*") for line in text.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert suggested and set(suggested) <= labels
    assert "You have used 1 hint in this game" in text and not said(reply).text
    await mor_service.hint(CHANNEL, person, "en")
    assert await mor_service.store.hints(table.row.id) == {person.id: 2}


async def test_a_hint_is_refused_in_one_sentence_when_the_coach_is_not_for_this_player(mor_service):
    table, seat, person = await mor_table(mor_service)
    await mor_service.set_coach(CHANNEL, ALICE, "off")
    with pytest.raises(TableError, match="The coach is off at this table"):
        await mor_service.hint(CHANNEL, person, "en")
    await mor_service.set_coach(CHANNEL, ALICE, "learners")
    finished = mor_service.store.finished_games

    async def veteran(guild_id, game_key, user_id):
        return 3 if user_id == person.id else await finished(guild_id, game_key, user_id)

    mor_service.store.finished_games = veteran
    with pytest.raises(TableError, match="you have finished 3"):
        await mor_service.hint(CHANNEL, person, "en")
    await mor_service.set_coach(CHANNEL, ALICE, "all")
    assert "The coach suggests:" in said(await mor_service.hint(CHANNEL, person, "en")).ephemeral
    assert await mor_service.store.hints(table.row.id) == {person.id: 1}  # refusals are not counted


async def test_a_hint_is_only_for_a_seated_player_whose_decision_it_is(service):
    await started(service, ALICE, BOB)
    table = await service.table(CHANNEL)
    waiting = ALICE if table.user_of(next(iter(table.game.actors(table.state)))) == BOB.id else BOB
    with pytest.raises(TableError, match="not your move"):
        await service.hint(CHANNEL, waiting, "en")
    with pytest.raises(TableError, match="not playing at this table"):
        await service.hint(CHANNEL, CAROL, "en")


async def test_a_hint_that_runs_past_its_time_is_refused_and_not_counted(mor_service):
    table, seat, person = await mor_table(mor_service)
    mor_service._coach.seconds = 0.001
    with pytest.raises(TableError, match="could not finish its thinking in time"):
        await mor_service.hint(CHANNEL, person, "en")
    assert await mor_service.store.hints(table.row.id) == {}


async def test_a_player_who_used_hints_is_not_rated_and_the_final_board_says_so(service):
    await started(service, ALICE, BOB, CAROL)
    game_id = (await service.table(CHANNEL)).row.id
    await service.store.add_hint(game_id, ALICE.id)
    await service.store.add_hint(game_id, ALICE.id)
    await play_to_end(service)
    final = await service.game(game_id)
    board = said(await service._boards.reply(final, []))
    assert "**alice** used 2 hints of the coach, so this game does not change their rating." in board.text
    rated = {row.user_id for row in await service.store.ratings(GUILD, game_key="race")}
    assert rated == {BOB.id, CAROL.id}  # the others are rated among themselves


# ---------------------------------------------------------------------------------- the review
async def test_a_finished_game_is_reviewed_in_the_background_and_each_player_sees_their_part(store, tmp_path):
    log = tmp_path / "reviewed.log"
    service = reviewing(store, log)
    try:
        await started(service, ALICE, BOB)
        game_id = await play_to_end(service)
        assert await service.review_swing(game_id) is None
        with pytest.raises(TableError, match="not ready yet"):
            await service.review(game_id, ALICE, "en")
        assert await service.run_reviews() == [game_id]
        assert sorted(reviewed_seats(log)) == [0, 1]
        assert await service.run_reviews() == []  # nothing left to do
        table = await service.game(game_id)
        for person in (ALICE, BOB):
            seat = table.seat_of(person.id)
            (reply,) = await service.review(game_id, person, "en")
            text = said(reply).ephemeral
            assert "Your review:" in text and "you played **add" in text
            assert f"about {seat + 2} VP more at the end (give or take 1 VP)" in text
        swing = said(replace(reply, lines=[await service.review_swing(game_id)], private=[])).text
        loser = table.names()[1]
        assert f"The biggest swing of the game:** **{loser}**'s move" in swing and "was worth about 3 VP more" in swing
        with pytest.raises(TableError, match="There is no review for you in this game"):
            await service.review(game_id, CAROL, "en")  # watched, did not play
    finally:
        service._reviews.runner.close()


async def test_a_player_without_turning_points_is_told_how_big_a_swing_the_coach_looks_for(store, tmp_path):
    service = reviewing(store, tmp_path / "reviewed.log", quiet_seats=(0, 1))
    try:
        await started(service, ALICE, BOB)
        game_id = await play_to_end(service)
        assert await service.run_reviews() == [game_id]
        assert await service.review_swing(game_id) is None
        (reply,) = await service.review(game_id, ALICE, "en")
        assert said(reply).ephemeral == ("The coach found no decision of yours where another move was clearly "
                                         "better (by 3 VP or more). Well played!")
        (reply,) = await service.review(game_id, BOB, "ja")
        assert "（3 VP以上）" in post(DiscordMarkup(), reply, private="ja").ephemeral
    finally:
        service._reviews.runner.close()


async def test_the_swing_a_player_is_told_of_is_the_one_their_review_looked_for(store, tmp_path):
    """A runner given another budget: the sentence quotes that budget's least gain, not the default's."""
    service = reviewing(store, tmp_path / "reviewed.log", quiet_seats=(0, 1), budget=replace(TINY, least_gain=5.0))
    try:
        await started(service, ALICE, BOB)
        game_id = await play_to_end(service)
        assert await service.run_reviews() == [game_id]
        (reply,) = await service.review(game_id, ALICE, "en")
        assert "(by 5 VP or more)" in said(reply).ephemeral
    finally:
        service._reviews.runner.close()


async def test_a_review_cut_short_resumes_after_a_restart_with_the_players_not_yet_done(store, tmp_path):
    log, clock = tmp_path / "reviewed.log", FakeClock()
    first = reviewing(store, log, clock, slow_seats=(1,))
    await started(first, ALICE, BOB)
    game_id = await play_to_end(first)
    running = asyncio.create_task(first.run_reviews())
    for _ in range(200):  # until seat 0's part is saved and seat 1's review has begun
        job = await store.review(game_id)
        if job.people and reviewed_seats(log) == [0, 1]:
            break
        await asyncio.sleep(0.05)
    assert len(job.people) == 1 and not job.done
    # The bot dies here: its task and its review worker are gone.
    running.cancel()
    first._reviews.runner.close()
    clock.advance(seconds=REVIEW_LEASE.total_seconds() + 1)
    second = reviewing(store, log, clock)
    try:
        assert await second.run_reviews() == [game_id]
    finally:
        second._reviews.runner.close()
    assert reviewed_seats(log) == [0, 1, 1]  # seat 0 was not reviewed twice
    job = await store.review(game_id)
    assert job.done and len(job.people) == 2 and job.attempts == 2


async def test_without_a_review_runner_the_job_waits_in_the_store(service):
    await started(service, ALICE, BOB)
    game_id = await play_to_end(service)
    assert await service.run_reviews() == []
    assert (await service.store.review(game_id)).status == "queued"


def test_only_a_persons_own_decisions_are_reviewed():
    at = datetime(2026, 1, 5, tzinfo=UTC)

    def move(seq, seat, user, made_by="player", undone=None):
        return MoveRow(1, seq, seat, user, "add 1", at, None, undone_seq=undone, made_by=made_by)

    moves = [move(2, 0, 1), move(3, 1, -1, "ai"), move(4, 0, 1, "timeout"), move(5, 1, -1, "ai"),
             move(6, 0, 1, undone=7), move(8, 0, 1, "automatic"), move(9, 1, -1, "ai"), move(10, 0, 1)]

    class Seat:
        def __init__(self, seat, ai_level):
            self.seat, self.ai_level = seat, ai_level

    class Table:
        seats = [Seat(0, None), Seat(1, "easy")]

    (person,) = reviewed_people(Table(), moves, {1: "alice"})
    # Standing moves: 0 alice, 1 AI, 2 timeout, 3 AI, 4 automatic, 5 AI, 6 alice.
    assert (person.user_id, person.seat, person.name, person.numbers) == (1, 0, "alice", [0, 6])


async def test_the_review_goes_into_the_record_and_the_record_tools_accept_it(store, tmp_path):
    service = reviewing(store, tmp_path / "reviewed.log")
    try:
        await started(service, ALICE, BOB)
        game_id = await play_to_end(service)
        before = json.loads((await service.export(CHANNEL)).file.data)
        assert "review" not in before  # not reviewed yet
        await service.run_reviews()
        record = read_record((await service.export(CHANNEL)).file.data)
    finally:
        service._reviews.runner.close()
    table = await service.game(game_id)
    review = record["review"]
    assert [(point["seat"], point["gain"], point["give_or_take"]) for point in review] == [(0, 2.0, 1.0), (1, 3.0, 1.0)]
    for point in review:
        move = record["moves"][point["move"] - 1]
        assert (move["seat"], move["notation"]) == (point["seat"], point["played"])
        assert point["reason"] == {"category": "counter", "points": point["gain"]}
        assert point["alternative"] in ("add 1", "add 2") and point["alternative"] != point["played"]
    assert replay_record(record).result == record["result"] and len(table.names()) == 2
    wrong = dict(record, review=[dict(review[0], move=review[1]["move"])])  # another seat's move
    wrong["digest"] = digest(wrong)
    with pytest.raises(RecordRefused, match="turning point 1 of its review does not name a move"):
        read_record(json.dumps(wrong).encode())


async def test_a_review_that_keeps_failing_is_given_up_and_players_are_told(store, tmp_path):
    clock = FakeClock()
    service = TableService(store, clock=clock, seed_source=lambda: 1234, renderer=None,
                           reviews=ReviewRunner(review=failing_review))
    try:
        await started(service, ALICE, BOB)
        game_id = await play_to_end(service)
        for _ in range(REVIEW_ATTEMPTS + 1):
            assert await service.run_reviews() == []  # logged, tried again once the claim runs out
            clock.advance(seconds=REVIEW_LEASE.total_seconds() + 1)
    finally:
        service._reviews.runner.close()
    assert (await store.review(game_id)).status == "failed"
    with pytest.raises(TableError, match="could not review this game"):
        await service.review(game_id, ALICE, "en")
