"""The coach in the store (both backends): a table's coach setting, the hints each player asked
for, and the review job queued with a game's last move, claimed by one process, saved player by
player and resumed after a restart."""

import pytest
from store_fixtures import START, finish_game, minutes, started_game

from db import GameNotFound
from db.coaching import REVIEW_ATTEMPTS, REVIEW_LEASE


async def test_the_coach_setting_is_learners_until_changed(store):
    game = await started_game(store)
    assert game.coach == "learners"
    await store.set_coach(game.id, "off", minutes(1))
    assert (await store.get_game(game.id)).coach == "off"
    with pytest.raises(ValueError):
        await store.set_coach(game.id, "sometimes", minutes(1))
    with pytest.raises(GameNotFound):
        await store.set_coach(game.id + 99, "all", minutes(1))


async def test_hints_are_counted_per_game_and_player(store):
    game = await started_game(store)
    other = await started_game(store, 101)
    assert await store.hints(game.id) == {}
    assert [await store.add_hint(game.id, 7) for _ in range(3)] == [1, 2, 3]
    await store.add_hint(game.id, 8)
    await store.add_hint(other.id, 7)
    assert await store.hints(game.id) == {7: 3, 8: 1}
    assert await store.hints(other.id) == {7: 1}


async def test_finished_games_count_only_finished_games_of_that_game_on_that_server(store):
    first = await started_game(store, 100, (7, 8))
    await finish_game(store, first, minutes(2))
    await started_game(store, 101, (7, 8))  # still running
    assert await store.finished_games(1, "mor", 7) == 1
    assert await store.finished_games(1, "lim", 7) == 0
    assert await store.finished_games(2, "mor", 7) == 0
    assert await store.finished_games(1, "mor", 9) == 0


async def test_a_finished_game_with_a_person_queues_its_review_in_the_last_move(store):
    game = await started_game(store)
    assert await store.review(game.id) is None and await store.claim_review(minutes(1)) is None
    await finish_game(store, game, minutes(2))
    job = await store.review(game.id)
    assert (job.status, job.attempts, job.people, job.queued_at) == ("queued", 0, {}, minutes(2))


async def test_a_game_of_ai_seats_only_queues_no_review(store):
    game = await store.create_game(guild_id=1, channel_id=100, game_key="mor", options={}, seed=1, players=2,
                                   host_id=7, now=START)
    await store.add_seat(game.id, -1, "AI one", is_bot=True, ai_level="easy", now=START)
    await store.add_seat(game.id, -2, "AI two", is_bot=True, ai_level="easy", now=START)
    game = await store.record_start(game.id, expected_version=game.version, snapshot="{}", now=START,
                                    seat_order=[-1, -2])
    await store.record_move(game.id, expected_version=game.version, seat=0, user_id=-1, notation="x",
                            now=minutes(1), finished=True, made_by="ai")
    assert await store.review(game.id) is None


async def test_a_claimed_review_is_held_until_its_lease_ends_and_resumes_with_its_saved_parts(store):
    game = await started_game(store)
    await finish_game(store, game, minutes(2))
    job = await store.claim_review(minutes(3))
    assert (job.game_id, job.attempts) == (game.id, 1)
    assert await store.claim_review(minutes(4)) is None  # held by the first process
    await store.save_review_part(game.id, 7, {"seat": 0, "points": [{"number": 4}]}, minutes(5))
    # The process dies here. Once the lease (renewed by the saved part) runs out, the job is claimed
    # again, with the part already found.
    assert await store.claim_review(minutes(5) + REVIEW_LEASE / 2) is None
    again = await store.claim_review(minutes(6) + REVIEW_LEASE)
    assert again.attempts == 2 and again.people == {7: {"seat": 0, "points": [{"number": 4}]}}
    await store.save_review_part(game.id, 8, {"seat": 1, "points": []}, minutes(7) + REVIEW_LEASE)
    await store.finish_review(game.id, minutes(8) + REVIEW_LEASE)
    done = await store.review(game.id)
    assert done.done and set(done.people) == {7, 8} and done.finished_at == minutes(8) + REVIEW_LEASE
    assert await store.claim_review(minutes(9) + 3 * REVIEW_LEASE) is None


async def test_a_review_that_never_finishes_is_given_up(store):
    game = await started_game(store)
    await finish_game(store, game, minutes(2))
    now = minutes(3)
    for _ in range(REVIEW_ATTEMPTS):
        assert await store.claim_review(now) is not None
        now += REVIEW_LEASE
    assert await store.claim_review(now) is None
    assert (await store.review(game.id)).status == "failed"
