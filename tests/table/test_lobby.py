"""Opening a table, joining it and starting the game, through the table service (no Discord)."""

from __future__ import annotations

import pytest

from bot.table import TableError
from games.core import IllegalAction
from tests.support.table import ALICE, BOB, CAROL, CHANNEL, GUILD, said


async def test_lobby_join_start_and_seats_drawn_from_the_seed(service):
    reply = said(await service.new_game(GUILD, CHANNEL, ALICE, "race", 2))
    assert "opened a table of **Race to Ten** for 2" in reply.text
    with pytest.raises(TableError, match="already have a seat"):
        await service.join(CHANNEL, ALICE)
    await service.join(CHANNEL, BOB)
    with pytest.raises(TableError, match="full"):
        await service.join(CHANNEL, CAROL)
    with pytest.raises(TableError, match="Only the host"):
        await service.start(CHANNEL, BOB)
    reply = said(await service.start(CHANNEL, ALICE))
    table = await service.table(CHANNEL)
    assert "begins" in reply.text and table.row.status == "active"
    assert reply.mentions == table.actor_users() and len(reply.mentions) == 1
    assert f"<@{reply.mentions[0]}>: Add 1 or 2." in reply.text


async def test_bad_table_requests_are_refused_clearly(service):
    with pytest.raises(IllegalAction, match="no game called 'chess'"):
        await service.new_game(GUILD, CHANNEL, ALICE, "chess", 2)
    with pytest.raises(TableError, match="for 1 to 4 players, not 7"):
        await service.new_game(GUILD, CHANNEL, ALICE, "race", 7)
    with pytest.raises(TableError, match="no game in this channel"):
        await service.act(CHANNEL, ALICE, "add 1")
    await service.new_game(GUILD, CHANNEL, ALICE, "race", 2)
    with pytest.raises(TableError, match="already has a table"):
        await service.new_game(GUILD, CHANNEL, BOB, "race", 2)
    with pytest.raises(TableError, match="not started yet"):
        await service.act(CHANNEL, ALICE, "add 1")


async def test_start_waits_for_every_announced_seat(service):
    await service.new_game(GUILD, CHANNEL, ALICE, "race", 3)
    await service.join(CHANNEL, BOB)
    with pytest.raises(TableError, match="for 3 players and 2 are seated"):
        await service.start(CHANNEL, ALICE)


async def test_a_seat_taken_by_another_process_a_moment_ago_is_refused_in_one_sentence(service, monkeypatch):
    """With several bot processes on one PostgreSQL database, the last seat can be taken between
    this process reading the table and seating the player: the store refuses (TableFull), and the
    player reads one sentence, not an error id."""
    await service.new_game(GUILD, CHANNEL, ALICE, "race", 2)
    lobby = service._lobby
    before = await lobby.tables.in_channel(CHANNEL)
    await service.store.add_seat(before.row.id, BOB.id, BOB.name, now=service.clock())

    async def as_read_before(channel_id):
        return before

    monkeypatch.setattr(lobby.tables, "in_channel", as_read_before)
    with pytest.raises(TableError, match="^This table is full.$"):
        await service.join(CHANNEL, CAROL)
    with pytest.raises(TableError, match="already have a seat"):
        await lobby.tables.seat(before.row.id, BOB, service.clock())


async def test_a_new_opera_table_is_told_once_that_its_components_are_provisional(service):
    """Opera Magna's data set PDS-0 is not the printed game: /game new says so, and where the
    players' guide explains it; joining and starting do not repeat it."""
    opened = said(await service.new_game(GUILD, CHANNEL, ALICE, "opera", 2)).text
    assert opened.count("provisional") == 1 and "docs/games/opera.md" in opened
    joined = said(await service.join(CHANNEL, BOB)).text
    started_text = said(await service.start(CHANNEL, ALICE)).text
    assert "provisional" not in joined + started_text
    other = said(await service.new_game(GUILD, CHANNEL + 1, CAROL, "race", 2)).text
    assert "provisional" not in other
