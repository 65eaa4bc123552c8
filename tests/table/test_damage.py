"""A damaged game: one documented message, nothing changed, nothing secret logged, and the
lists that span games (reminders, /game mine) skip it."""

from __future__ import annotations

import pytest

from bot.presentation import DiscordMarkup, text
from bot.table import TableError, TableService, TurnSettings
from tests.support.table import ALICE, BOB, CAROL, CHANNEL, GUILD, current, current_after_start, said, started


async def test_corrupted_snapshot_is_reported_and_changes_nothing(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    async with service.store._write() as db:
        await db.execute("UPDATE snapshots SET state = 'not json' WHERE game_id = ?", (table.row.id,))
    with pytest.raises(TableError, match="damaged"):
        await service.act(CHANNEL, actor, "add 1")
    assert (await service.store.get_game(table.row.id)).version == table.row.version


async def test_a_damaged_move_is_logged_without_its_contents(service, caplog):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    await service.act(CHANNEL, actor, "add 2")
    async with service.store._write() as db:
        await db.execute("UPDATE moves SET notation = 'add 7 secret-card' WHERE game_id = ?", (table.row.id,))
    restarted = TableService(service.store, clock=service.clock, renderer=None)  # nothing kept in memory
    with pytest.raises(TableError, match="damaged"):
        await restarted.status(CHANNEL)
    logged = " ".join(record.getMessage() for record in caplog.records)
    assert "cannot be loaded: move" in logged and "secret-card" not in logged


# --------------------------------------------------------------------------- damage, timers, votes
OTHER_CHANNEL = 201


async def two_tables(service):
    """An older table in CHANNEL (alice, bob) and a newer one in OTHER_CHANNEL (alice, carol)."""
    await started(service, ALICE, BOB)
    await service.new_game(GUILD, OTHER_CHANNEL, ALICE, "race", 2)
    await service.join(OTHER_CHANNEL, CAROL)
    await service.start(OTHER_CHANNEL, ALICE)
    return await service.table(CHANNEL), await service.table(OTHER_CHANNEL)


async def damage(service, sql, game_id):
    async with service.store._write() as db:
        await db.execute(sql, (game_id,))


async def test_a_damaged_game_is_skipped_by_reminders_and_mine_and_its_channel_told_once(service, caplog):
    older, healthy = await two_tables(service)
    await service.turn_settings(OTHER_CHANNEL, ALICE, TurnSettings(turn_hours="off"))  # reminders only
    await damage(service, "UPDATE snapshots SET state = '{' WHERE game_id = ?", older.row.id)
    service.clock.advance(days=3)
    first = {r.channel_id: r for r in await service.due_reminders()}
    assert first[OTHER_CHANNEL].user_ids == healthy.actor_users()
    notice = first[CHANNEL]
    assert notice.user_ids == [] and "saved state is damaged" in text(DiscordMarkup(), notice.lines)
    service.clock.advance(days=1)
    assert [r.channel_id for r in await service.due_reminders()] == [OTHER_CHANNEL]
    logged = [record.getMessage() for record in caplog.records if "damaged" in record.getMessage()]
    assert logged and all(f"game {older.row.id}" in message for message in logged)
    mine = said(await service.mine(GUILD, ALICE)).ephemeral
    assert "saved state is damaged" in mine
    assert "Your move:" in mine if ALICE.id in healthy.actor_users() else "waiting on others" in mine


DAMAGE = {
    "an empty snapshot": "UPDATE snapshots SET state = '{}' WHERE game_id = ?",
    "a time that is not a time": "UPDATE games SET updated_at = 'yesterday' WHERE id = ?",
    "a seat past the table": "UPDATE seats SET seat = 7 WHERE game_id = ? AND seat = 1",
    "a garbled timer": "UPDATE timers SET due_at = 'soon' WHERE game_id = ?",
    "text that does not decode": "UPDATE seats SET display_name = CAST(X'FFFE41' AS TEXT) WHERE game_id = ?",
    "an unknown game": "UPDATE games SET game_key = 'chess' WHERE id = ?",
}


@pytest.mark.parametrize("kind", DAMAGE)
async def test_every_kind_of_damage_gets_the_documented_message(service, kind):
    table, actor = await current_after_start(service)
    await damage(service, DAMAGE[kind], table.row.id)
    restarted = TableService(service.store, clock=service.clock, renderer=None)
    for call in (lambda s: s.status(CHANNEL), lambda s: s.act(CHANNEL, actor, "add 1"),
                 lambda s: s.private(CHANNEL, actor), lambda s: s.game(table.row.id),
                 lambda s: s.table(CHANNEL)):
        for tables in (service, restarted):
            with pytest.raises(TableError, match="saved state is damaged"):
                await call(tables)
    await service.mine(GUILD, actor)  # the damaged game is listed or left out, never an error
    service.clock.advance(days=2)
    await service.due_reminders()
