"""Ratings in the store (both backends): written with a game's last move, in its transaction, as
openskill's Plackett–Luce model computes them; and the links between a game and its rematch."""

import pytest
from openskill.models import PlackettLuce
from store_fixtures import START, minutes, started_game

from db import RematchExists, StaleVersion
from db.ratings import AI_PLAYER, Outcome, Placing

MODEL = PlackettLuce()


def outcome(*placings: tuple[int, str, int, int]) -> Outcome:
    """Placings as (user id, AI level, place, score)."""
    return Outcome(tuple(Placing(user, level, f"AI ({level})" if level else f"user{user}", place, score)
                         for user, level, place, score in placings))


async def finish(store, game, seat: int, result: Outcome, **move):
    return await store.record_move(game.id, expected_version=game.version, seat=seat, user_id=7,
                                   notation="last", now=minutes(5), finished=True, outcome=result, **move)


async def test_the_last_move_writes_the_ratings_openskill_gives(store):
    first = await started_game(store, 100, (7, 8, 9))
    await finish(store, first, 0, outcome((7, "", 1, 30), (8, "", 2, 20), (9, "", 2, 20)))
    second = await started_game(store, 101, (8, 7))
    await finish(store, second, 0, outcome((8, "", 1, 12), (7, "", 2, 9), (AI_PLAYER, "easy", 3, 4)))

    after_first = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[1, 2, 2])
    ada, bea, cid = (team[0] for team in after_first)
    bea2, ada2, ai = (team[0] for team in MODEL.rate([[bea], [ada], [MODEL.rating()]], ranks=[1, 2, 3]))
    stored = {(row.user_id, row.ai_level): row for row in await store.ratings(1, game_key="mor")}
    for key, expected in {(7, ""): ada2, (8, ""): bea2, (9, ""): cid, (AI_PLAYER, "easy"): ai}.items():
        assert stored[key].rating.mu == pytest.approx(expected.mu, abs=1e-9)
        assert stored[key].rating.sigma == pytest.approx(expected.sigma, abs=1e-9)
    ada_row = stored[(7, "")]
    assert (ada_row.rating.games, ada_row.rating.wins, ada_row.rating.points) == (2, 1, 39)
    assert ada_row.rating.average == 19.5 and ada_row.display_name == "user7"
    shown = [row.rating.shown for row in await store.ratings(1)]
    assert shown == sorted(shown, reverse=True) and len(shown) == 4  # best first
    assert [row.game_key for row in await store.ratings(1, user_id=9)] == ["mor"]
    assert await store.ratings(2) == [] and len(await store.ratings(1, limit=2)) == 2


async def test_the_last_move_keeps_how_far_each_shown_rating_moved(store):
    first = await started_game(store, 100, (7, 8))
    await finish(store, first, 0, outcome((7, "", 1, 30), (8, "", 2, 20)))
    second = await started_game(store, 101, (8, 7))
    await finish(store, second, 0, outcome((8, "", 1, 12), (7, "", 2, 9), (AI_PLAYER, "easy", 3, 4)))

    def shown(rating) -> float:
        return rating.mu - 3 * rating.sigma

    fresh = MODEL.rating()
    ada, bea = (team[0] for team in MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2]))
    bea2, ada2, ai = (team[0] for team in MODEL.rate([[bea], [ada], [MODEL.rating()]], ranks=[1, 2, 3]))
    assert await store.rating_changes(first.id) == {(7, ""): pytest.approx(shown(ada) - shown(fresh)),
                                                    (8, ""): pytest.approx(shown(bea) - shown(fresh))}
    assert await store.rating_changes(second.id) == {(8, ""): pytest.approx(shown(bea2) - shown(bea)),
                                                     (7, ""): pytest.approx(shown(ada2) - shown(ada)),
                                                     (AI_PLAYER, "easy"): pytest.approx(shown(ai) - shown(fresh))}
    assert await store.rating_changes(999) == {}


async def test_a_refused_last_move_writes_no_rating_and_a_failed_rating_keeps_the_move_out(store):
    game = await started_game(store, 100, (7, 8))
    with pytest.raises(StaleVersion):
        await store.record_move(game.id, expected_version=game.version + 1, seat=0, user_id=7, notation="last",
                                now=minutes(5), finished=True, outcome=outcome((7, "", 1, 3), (8, "", 2, 1)))
    assert await store.ratings(1) == []
    # A rating the schema refuses (no such AI level) fails the whole transaction: the move too.
    with pytest.raises(Exception):  # noqa: B017 - each backend raises its own integrity error
        await finish(store, game, 0, outcome((7, "", 1, 3), (AI_PLAYER, "genius", 2, 1)))
    assert await store.ratings(1) == []
    assert (await store.get_game(game.id)).status == "active" and await store.moves(game.id) == []
    assert (await finish(store, game, 0, outcome((7, "", 1, 3), (8, "", 2, 1)))).status == "finished"
    assert len(await store.ratings(1)) == 2


async def test_a_game_is_played_again_at_most_once(store):
    old = await started_game(store, 100, (7, 8))
    await finish(store, old, 0, outcome((7, "", 1, 3), (8, "", 2, 1)))
    again = await store.create_game(guild_id=1, channel_id=100, game_key="mor", options={}, seed=2, players=2,
                                    host_id=8, now=START)
    assert (await store.latest_game(100)).id == again.id and await store.latest_game(555) is None
    await store.record_rematch(again.id, old.id)
    other = await store.create_game(guild_id=1, channel_id=300, game_key="mor", options={}, seed=3, players=2,
                                    host_id=7, now=START)
    with pytest.raises(RematchExists):
        await store.record_rematch(other.id, old.id)
    assert await store.rematch_links(old.id) == (None, again.id)
    assert await store.rematch_links(again.id) == (old.id, None)
    assert await store.rematch_links(other.id) == (None, None)
