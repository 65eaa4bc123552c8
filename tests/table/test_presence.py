"""A member's presence through the table service (no Discord): what the deadlines of a table
ask (``presence_of`` then ``shift_deadline``), and vacations told to every table of the server."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.presentation import PlainText, text
from bot.table import TableError
from bot.table.presence import shift_deadline
from tests.support.table import ALICE, BOB, CAROL, CHANNEL, GUILD, started

DAY = timedelta(days=1)


def plain(lines) -> str:
    return text(PlainText(str), lines)


async def test_a_vacation_shifts_a_deadline_by_the_time_left_and_an_early_return_gives_it_back(service):
    clock = service.clock
    turn_began = clock.now
    nominal = turn_began + 2 * DAY
    clock.advance(days=1)
    await service.away(GUILD, ALICE, 5)
    presence = (await service.presence_of(GUILD, [ALICE.id, BOB.id]))
    assert shift_deadline(nominal, presence[BOB.id], turn_began) == nominal
    assert shift_deadline(nominal, presence[ALICE.id], turn_began) == nominal + 5 * DAY
    clock.advance(days=2)
    await service.back(GUILD, ALICE)
    presence = (await service.presence_of(GUILD, [ALICE.id]))[ALICE.id]
    assert shift_deadline(nominal, presence, turn_began) == nominal + 2 * DAY
    assert presence.away_within(turn_began, clock.now) == 2 * DAY, "what a chess clock does not charge"


async def test_every_table_of_the_server_is_told_and_its_board_says_until_when(service):
    clock = service.clock
    await started(service, ALICE, BOB)
    await service.new_game(GUILD, CHANNEL + 1, CAROL, "race", 2)
    await service.join(CHANNEL + 1, ALICE)  # a table in the lobby is not told
    change = await service.away(GUILD, ALICE, 3)
    assert [n.channel_id for n in change.notices] == [CHANNEL]
    until = f"{(clock.now + 3 * DAY):%Y-%m-%d %H:%M} UTC"
    assert plain(change.notices[0].lines).startswith(f"alice is away until {until}")
    assert f"alice is away until {until}." in plain((await service.status(CHANNEL)).lines)
    with pytest.raises(TableError, match="away already"):
        await service.away(GUILD, ALICE, 1)
    assert [n.channel_id for n in (await service.back(GUILD, ALICE)).notices] == [CHANNEL]
    assert "away" not in plain((await service.status(CHANNEL)).lines)
    assert (await service.due_presence()).notices == [], "the early return took the vacation's end with it"
