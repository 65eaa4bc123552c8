"""``python -m db copy`` carries the members' presence: settings, vacations and pending member
timers arrive as they were, and a timer made after the copy does not collide with a copied one."""

from datetime import timedelta

from store_fixtures import START

from db import PostgresStore, Store
from db.copy import copy_database

DAY = timedelta(days=1)


async def test_the_copy_carries_member_settings_vacations_and_timers(pg_url, tmp_path):
    source = tmp_path / "bottega.db"
    sqlite = await Store.open(source)
    try:
        await sqlite.set_quiet_hours(1, 7, 23, 7, "Europe/Rome")
        await sqlite.set_turn_dms(1, 8, True)
        await sqlite.start_absence(1, 7, START, START + 3 * DAY)
        await sqlite.set_member_timer(1, 8, "turn_dm", 4, START + DAY)
        expected = await sqlite.member_presence(1, [7, 8], START)
    finally:
        await sqlite.close()
    report = await copy_database(source, pg_url)
    assert (report.rows["member_settings"], report.rows["member_absences"], report.rows["member_timers"]) == (2, 1, 2)
    store = await PostgresStore.open(pg_url)
    try:
        assert await store.member_presence(1, [7, 8], START) == expected
        await store.set_member_timer(1, 9, "turn_dm", 4, START + DAY)
        taken = await store.take_due_member_timers(START + 3 * DAY)
        assert sorted((t.user_id, t.kind) for t in taken) == [(7, "away_end"), (8, "turn_dm"), (9, "turn_dm")]
        assert len({t.id for t in taken}) == 3
    finally:
        await store.close()
