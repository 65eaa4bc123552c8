"""The table's history at service level: log pages fit one Discord message whatever the names and
event lines, and neither the log nor a running game's record shows a private move's notation."""

from __future__ import annotations

import json

import pytest

from bot.presentation import DiscordMarkup, text
from bot.table.history import FEWEST_EVENT_CHARACTERS, LOG_PAGE, PRIVATE_MOVE, events_cap
from db.record import is_private
from tests.support.table import CHANNEL, PEOPLE, play_lorenzo

MESSAGE_LIMIT = 2000


@pytest.fixture
def service(lorenzo_service):
    """Here the table plays advanced Lorenzo, seeded so that the seed cannot turn up by chance."""
    return lorenzo_service


async def test_log_pages_fit_a_message_and_hide_private_notations(service):
    await play_lorenzo(service, 70)
    table = await service.table(CHANNEL)
    stored = await service.store.moves(table.row.id)
    first = await service.log_page(CHANNEL, 1)
    assert first.pages == -(-len(stored) // LOG_PAGE) >= 4
    shown = []
    for number in range(1, first.pages + 1):
        page = await service.log_page(CHANNEL, number, table.row.id)
        content = text(DiscordMarkup(), page.lines)
        assert len(content) <= MESSAGE_LIMIT, f"page {number} takes {len(content)} characters"
        assert len(page.lines) - 1 == min(LOG_PAGE, len(stored) - (number - 1) * LOG_PAGE)
        shown.append(content)
    log = "\n".join(shown)
    replayed = table.game.setup(4, table.row.seed, table.row.options)
    private = []
    for move in stored:
        if is_private(table.game, replayed, move.notation):
            private.append(move.notation)
        replayed, _ = table.game.play(replayed, move.seat, move.notation)
    assert private, "the leader draft is private"
    assert log.count(PRIVATE_MOVE) == len(private)
    assert not any(f"`{notation}`" in log for notation in private)

    record = json.loads((await service.export(CHANNEL)).file.data)
    assert record["seed"] is None and str(table.row.seed) not in json.dumps(record)
    hidden = [m for m in record["moves"] if m["private"]]
    assert len(hidden) == len(private) and all(m["notation"] is None for m in hidden)

    # an abandoned game never ends: its history stays readable, its record keeps the seed hidden
    await service.abandon(CHANNEL, PEOPLE[0])
    after = json.loads((await service.export(CHANNEL)).file.data)
    assert after["status"] == "abandoned" and after["seed"] is None and after["result"] is None
    assert after["moves"] == record["moves"]
    assert (await service.log_page(CHANNEL, 1)).lines == first.lines


def test_long_event_lines_give_way_to_fit_the_page():
    assert events_cap([10, 20, 30], 100) == 30, "everything fits: nothing is cut"
    cap = events_cap([10, 200, 300], 200)
    assert 10 + min(200, cap) + min(300, cap) + 6 <= 200 and cap > 80, "short lines leave their room"
    assert events_cap([500] * 15, 10) == FEWEST_EVENT_CHARACTERS
