"""``python -m db copy`` carries the coach: each table's coach setting, the hints each player asked
for and the review jobs with the parts already saved, so a review goes on after the move."""

from store_fixtures import finish_game, minutes, started_game

from db import PostgresStore, Store
from db.copy import copy_database


async def test_the_copy_carries_coach_settings_hints_and_reviews(pg_url, tmp_path):
    source = tmp_path / "bottega.db"
    sqlite = await Store.open(source)
    try:
        game = await started_game(sqlite, 100, (7, 8))
        await sqlite.set_coach(game.id, "all", minutes(1))
        await sqlite.add_hint(game.id, 8)
        await finish_game(sqlite, await sqlite.get_game(game.id), minutes(2))
        await sqlite.claim_review(minutes(3))
        await sqlite.save_review_part(game.id, 7, {"seat": 0, "points": []}, minutes(4))
        expected = await sqlite.review(game.id)
    finally:
        await sqlite.close()
    report = await copy_database(source, pg_url)
    assert (report.rows["coach_hints"], report.rows["reviews"]) == (1, 1)  # (its moves are made up)
    store = await PostgresStore.open(pg_url)
    try:
        assert (await store.get_game(game.id)).coach == "all"
        assert await store.hints(game.id) == {8: 1}
        assert await store.review(game.id) == expected
    finally:
        await store.close()
