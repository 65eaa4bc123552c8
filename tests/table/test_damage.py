"""A damaged game: one documented message, nothing changed, nothing secret logged, and the
lists that span games (reminders, /game mine) skip it."""

from __future__ import annotations

import sqlite3

import pytest

from bot.presentation import DiscordMarkup, text
from bot.table import TableError, TableService, TurnSettings
from db import Store
from tests.support.table import ALICE, BOB, CAROL, CHANNEL, GUILD, current, current_after_start, said, started


async def test_corrupted_snapshot_is_reported_and_changes_nothing(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    await service.store._writing(lambda db: db.run(
        "UPDATE snapshots SET state = 'not json' WHERE game_id = ?", (table.row.id,)))
    with pytest.raises(TableError, match="damaged"):
        await service.act(CHANNEL, actor, "add 1")
    assert (await service.store.get_game(table.row.id)).version == table.row.version


async def test_a_damaged_move_is_logged_without_its_contents(service, caplog):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    await service.act(CHANNEL, actor, "add 2")
    await service.store._writing(lambda db: db.run(
        "UPDATE moves SET notation = 'add 7 secret-card' WHERE game_id = ?", (table.row.id,)))
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
    await service.store._writing(lambda db: db.run(sql, (game_id,)))


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


async def test_a_missing_seat_row_is_a_damaged_game_and_the_table_beside_it_is_still_reminded(service, caplog):
    older, healthy = await two_tables(service)
    await damage(service, "DELETE FROM seats WHERE game_id = ? AND seat = 1", older.row.id)
    service.clock.advance(days=3)  # past both tables' reminders and turn deadlines
    first = await service.due_reminders()
    told = [r for r in first if r.channel_id == CHANNEL]
    assert len(told) == 1 and "saved state is damaged" in text(DiscordMarkup(), told[0].lines)
    assert any(r.channel_id == OTHER_CHANNEL and r.user_ids for r in first), "the healthy table goes on"
    service.clock.advance(days=1)
    assert CHANNEL not in [r.channel_id for r in await service.due_reminders()], "the channel is told once"
    with pytest.raises(TableError, match="saved state is damaged"):
        await service.status(CHANNEL)
    still_seated = ALICE if older.user_of(0) == ALICE.id else BOB
    assert "saved state is damaged" in said(await service.mine(GUILD, still_seated)).ephemeral
    assert said(await service.status(OTHER_CHANNEL)).text
    assert any(f"game {older.row.id}" in r.getMessage() and "seats" in r.getMessage() for r in caplog.records)


async def test_an_unexpected_error_in_one_tables_timer_never_stops_the_others(service, monkeypatch):
    older, healthy = await two_tables(service)
    await service.turn_settings(CHANNEL, ALICE, TurnSettings(turn_hours="off"))
    await service.turn_settings(OTHER_CHANNEL, ALICE, TurnSettings(turn_hours="off"))
    remind = service._timing.handlers["reminder"]

    async def broken_for_the_older_table(game_id, timers, now):
        if game_id == older.row.id:
            raise RuntimeError("a fault nobody foresaw")
        return await remind(game_id, timers, now)

    monkeypatch.setitem(service._timing.handlers, "reminder", broken_for_the_older_table)
    service.clock.advance(days=3)
    assert [r.channel_id for r in await service.due_reminders()] == [OTHER_CHANNEL]


async def reopened(service, tmp_path, change_file) -> TableService:
    """The service's database closed, changed by ``change_file(path)`` behind its back (a disk
    fault), and opened again by a new service, as after a restart."""
    await service.store.close()
    change_file(tmp_path / "bottega.db")
    return TableService(await Store.open(tmp_path / "bottega.db"), clock=service.clock, renderer=None)


def overwrite_root_page(table_name: str):
    def change(path):
        raw = sqlite3.connect(path)
        page_size = raw.execute("PRAGMA page_size").fetchone()[0]
        (root,) = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table_name,)).fetchone()
        raw.close()
        with open(path, "r+b") as file:
            file.seek((root - 1) * page_size)
            file.write(b"\xa5" * page_size)
    return change


def garble_channel_index(path):
    """The channel index keeps its definition but holds the games' ids instead of their channels'."""
    raw = sqlite3.connect(path, isolation_level=None)
    for indexed in ("id", "channel_id"):
        raw.execute("PRAGMA writable_schema = ON")
        raw.execute("UPDATE sqlite_master SET sql = replace(replace(sql, 'games(channel_id)', 'games(?)'),"
                    " 'games(id)', 'games(?)') WHERE name = 'games_one_open_per_channel'"
                    .replace("?", indexed, 2))
        raw.execute("PRAGMA writable_schema = OFF")
        raw.close()
        raw = sqlite3.connect(path, isolation_level=None)
        if indexed == "id":
            raw.execute("REINDEX games_one_open_per_channel")
    raw.close()


DAMAGED_NEXT_STEP = "`python -m db check` and restore the game from a backup (see docs/operator.md)"


async def test_a_malformed_page_met_during_a_move_answers_the_damaged_game_sentence(service, tmp_path):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    await service.act(CHANNEL, actor, "add 1")
    table, actor = await current(service)
    restarted = await reopened(service, tmp_path, overwrite_root_page("moves"))
    try:
        with pytest.raises(TableError) as refused:
            await restarted.act(CHANNEL, actor, "add 1")
        assert "saved state is damaged" in str(refused.value) and DAMAGED_NEXT_STEP in str(refused.value)
    finally:
        await restarted.store.close()


async def test_an_integrity_error_during_a_move_answers_the_damaged_game_sentence(service, monkeypatch):
    await started(service, ALICE, BOB)
    table, actor = await current(service)

    async def broken_constraint(*args, **kwargs):
        raise sqlite3.IntegrityError("UNIQUE constraint failed: moves.game_id, moves.seq")

    monkeypatch.setattr(service.store, "record_move", broken_constraint)
    with pytest.raises(TableError, match="saved state is damaged") as refused:
        await service.act(CHANNEL, actor, "add 1")
    assert DAMAGED_NEXT_STEP in str(refused.value)


async def test_a_garbled_channel_index_is_damage_not_an_empty_channel(service, tmp_path):
    await two_tables(service)
    restarted = await reopened(service, tmp_path, garble_channel_index)
    try:
        for channel in (CHANNEL, OTHER_CHANNEL):
            with pytest.raises(TableError, match="saved state is damaged"):
                await restarted.status(channel)
        with pytest.raises(TableError, match="There is no game in this channel"):
            await restarted.status(OTHER_CHANNEL + 1)  # a channel without a game still says so
    finally:
        await restarted.store.close()


DAMAGE = {
    "an empty snapshot": "UPDATE snapshots SET state = '{}' WHERE game_id = ?",
    "a time that is not a time": "UPDATE games SET updated_at = 'yesterday' WHERE id = ?",
    "a seat past the table": "UPDATE seats SET seat = 7 WHERE game_id = ? AND seat = 1",
    "a missing seat": "DELETE FROM seats WHERE game_id = ? AND seat = 1",
    "an unnumbered seat after the start": "INSERT INTO seats (game_id, user_id, display_name, joined_at)"
                                          " SELECT id, 77, 'extra', updated_at FROM games WHERE id = ?",
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
