"""The table service plays a move, or answers that it needs a second thought (issue 26): the
adapters ask nothing of the state. One move reads the table once and parses the move once."""

from __future__ import annotations

import pytest

import games
from bot.table import Person, SecondThought, TableService
from bot.table.play import digest
from db import Store

ALICE, BOB = Person(1, "alice"), Person(2, "bob")
GUILD, CHANNEL = 100, 200


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "bottega.db")
    yield TableService(store, seed_source=lambda: 5, renderer=None)
    await store.close()


async def masters_in_play(service: TableService) -> tuple[Person, str]:
    """A two-player Masters table after both kept their leaders; the first player and a leader of theirs."""
    await service.new_game(GUILD, CHANNEL, ALICE, "mor", 2)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    table = await service.table(CHANNEL)
    for person in (ALICE, BOB):
        await service.act(CHANNEL, person, table.legal(table.seat_of(person.id))[0])
    table = await service.table(CHANNEL)
    first = ALICE if table.is_acting(table.seat_of(ALICE.id)) else BOB
    hand = table.view(table.seat_of(first.id))["you"]["hand"]
    return first, hand[0]["id"]


async def test_MOR_LEADER_5_a_regrettable_move_is_asked_about_not_played_then_played_when_confirmed(service):
    mover, leader = await masters_in_play(service)
    version = (await service.table(CHANNEL)).row.version
    with pytest.raises(SecondThought) as asked:
        await service.act(CHANNEL, mover, f"leader discard {leader.lower()}", ask=True)
    assert asked.value.notation == f"leader discard {leader}" and asked.value.version == version
    assert "gone for the rest of the game" in asked.value.found.destructive
    assert (await service.table(CHANNEL)).row.version == version, "asking plays nothing"
    await service.act(CHANNEL, mover, asked.value.notation, expected_version=asked.value.version)
    assert (await service.table(CHANNEL)).row.version > version


async def test_a_harmless_move_is_played_at_once_even_when_asking(service):
    mover, _ = await masters_in_play(service)
    version = (await service.table(CHANNEL)).row.version
    await service.act(CHANNEL, mover, "market row-1", ask=True)
    assert (await service.table(CHANNEL)).row.version == version + 1


async def test_a_move_reads_the_table_once_and_parses_the_move_once(service, monkeypatch):
    mover, _ = await masters_in_play(service)
    mor = games.get("mor")
    reads, parses = [], []
    load, parse = service.store.load_channel, type(mor).parse
    monkeypatch.setattr(service.store, "load_channel", lambda channel_id: reads.append(channel_id) or load(channel_id))
    monkeypatch.setattr(type(mor), "parse", lambda game, state, text: parses.append(text) or parse(game, state, text))
    monkeypatch.setattr(type(mor), "_canonical", lambda game, state, action: action)  # the engine's own read-back
    await service.act(CHANNEL, mover, "market row-2", ask=True)
    assert reads == [CHANNEL] and parses == ["market row-2"], "asked, checked and played from one read and one parse"


async def test_a_digest_stands_for_a_legal_move_too_long_to_travel_whole(service):
    mover, _ = await masters_in_play(service)
    table = await service.table(CHANNEL)
    longest = max(table.legal(table.seat_of(mover.id)), key=len)
    await service.act(CHANNEL, mover, digest(longest))
    moves = await service.store.moves(table.row.id, table.row.version)
    assert [move.notation for move in moves][:1] == [longest]
