"""Moves the table takes for a seat with no real choice (``Game.automatic``), in the history:
``/game log`` and ``/game since`` say so, the record marks them (``"automatic": true``), and such
a move cannot be taken back on its own. Four players of advanced Lorenzo: the fourth bonus tile
(LIM-ADV-2/4) and the last leader of each pack (LIM-ADV-5) are taken automatically."""

from __future__ import annotations

import json

import pytest

from bot.presentation import DiscordMarkup, text
from bot.table import TableError
from db.record import encode, read_record
from tests.support.table import CHANNEL, PEOPLE, play_lorenzo

MARK = "(taken automatically)"
TILES_BY_HAND, DRAFT_BY_HAND = 3, 12
"""Three of four players choose a tile; four players choose from packs of 4, 3 and 2 leaders."""


@pytest.fixture
def service(lorenzo_service):
    """Here the table plays advanced Lorenzo, seeded so that the seed cannot turn up by chance."""
    return lorenzo_service


async def test_LIM_ADV_2_and_LIM_ADV_5_automatic_moves_are_marked_in_the_log_the_digest_and_the_record(service):
    await play_lorenzo(service, TILES_BY_HAND + DRAFT_BY_HAND)
    table = await service.table(CHANNEL)
    stored = await service.store.moves(table.row.id)
    assert len(stored) == TILES_BY_HAND + 1 + DRAFT_BY_HAND + 4
    automatic = [TILES_BY_HAND + 1, *range(len(stored) - 3, len(stored) + 1)]

    page = text(DiscordMarkup(), (await service.log_page(CHANNEL, 1)).lines)
    marked = [int(entry.split(".")[0]) for entry in page.splitlines()[1:] if MARK in entry]
    assert sorted(marked) == [n for n in automatic if n > len(stored) - 15]

    record = json.loads((await service.export(CHANNEL)).file.data)
    assert [move["number"] for move in record["moves"] if move.get("automatic")] == automatic
    assert all("automatic" not in move for move in record["moves"] if move["number"] not in automatic)
    assert read_record(encode(record)) == record, "the mark is a field the reader accepts"

    first_seat = next(seat for seat in range(4) if table.user_of(seat) == PEOPLE[0].id)
    own_last = max(number for number, move in enumerate(stored, 1) if move.seat == first_seat and not move.automatic)
    digest = text(DiscordMarkup(), (await service.since(CHANNEL, PEOPLE[0])).private)
    marked = [int(entry.split(".")[0]) for entry in digest.splitlines()[1:] if MARK in entry]
    assert marked == [number for number in automatic if number > own_last] != []


async def test_a_move_taken_automatically_is_taken_back_only_with_the_move_before_it(service):
    """The fourth tile was taken for its seat: that seat cannot take it back (another player chose
    since its own last move), while the player of the third tile takes theirs back and the
    automatic pick with it, each marked with its own undo."""
    await play_lorenzo(service, TILES_BY_HAND)
    table = await service.table(CHANNEL)
    stored = await service.store.moves(table.row.id)
    *_, third, fourth = stored
    assert third.seat != fourth.seat and fourth.automatic and not third.automatic
    taken_for = next(p for p in PEOPLE if p.id == table.user_of(fourth.seat))
    chooser = next(p for p in PEOPLE if p.id == table.user_of(third.seat))
    with pytest.raises(TableError) as refused:
        await service.undo(CHANNEL, taken_for)
    assert str(refused.value.message) == f"{chooser.name} has acted since your last move, so it stands."
    assert (await service.table(CHANNEL)).row.version == table.row.version
    reply = await service.undo(CHANNEL, chooser)
    said = text(DiscordMarkup(), reply.lines)
    assert f"took back move {len(stored) - 1}" in said and f"Move {len(stored)} was taken back with it" in said
    after = await service.table(CHANNEL)
    assert after.row.version == table.row.version + 2 and after.is_acting(third.seat)
    marks = {m.seq: m.undone_seq for m in await service.store.moves(table.row.id)}
    assert (marks[fourth.seq], marks[third.seq]) == (table.row.version + 1, table.row.version + 2)
