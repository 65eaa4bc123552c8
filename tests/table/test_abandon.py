"""Abandoning a table: by the host, or by a vote of the players (of those who moved in the last week,
once the game is old enough)."""

from __future__ import annotations

from tests.support.table import ALICE, BOB, CAROL, CHANNEL, GUILD, actor, said, started


async def test_abandon_by_majority_vote_or_host(service):
    await started(service, ALICE, BOB, CAROL)
    reply = said(await service.abandon(CHANNEL, BOB))
    assert "1/2 votes" in reply.text
    reply = said(await service.abandon(CHANNEL, CAROL))
    assert "abandoned" in reply.text
    assert await service.store.active_game(CHANNEL) is None


async def test_an_abandon_vote_leaves_with_its_seat(service):
    await service.new_game(GUILD, CHANNEL, ALICE, "race", 3)
    await service.join(CHANNEL, BOB)
    await service.abandon(CHANNEL, BOB)
    await service.leave(CHANNEL, BOB)
    await service.join(CHANNEL, CAROL)
    reply = said(await service.abandon(CHANNEL, CAROL))
    assert "(1/2 votes needed)" in reply.text
    assert (await service.table(CHANNEL)).row.status == "lobby"
    await service.join(CHANNEL, BOB)
    reply = said(await service.abandon(CHANNEL, BOB))
    assert "voted: the game is abandoned" in reply.text


async def test_the_one_present_player_of_two_can_abandon_when_the_host_is_gone(service):
    await started(service, ALICE, BOB)
    vote = await service.abandon(CHANNEL, BOB)  # the game is young: everyone counts as present
    assert "1/2 votes needed" in "".join(map(str, vote.lines[0]))
    while (await actor(service)) != BOB:
        await service.act(CHANNEL, ALICE, "add 1")
    service.clock.advance(days=8)  # alice (the host) has not moved for a week; bob moves now
    await service.act(CHANNEL, BOB, "add 1")
    ended = await service.abandon(CHANNEL, BOB)
    assert "Every player who moved in the last week (1/2) voted: the game is abandoned." in str(ended.lines[0])
    assert await service.store.active_game(CHANNEL) is None


async def test_a_vote_of_an_absent_player_alone_does_not_end_a_game_others_play(service):
    await started(service, ALICE, BOB, CAROL)
    service.clock.advance(days=8)
    mover = await actor(service)
    await service.act(CHANNEL, mover, "add 1")  # someone is still playing
    absent = next(p for p in (BOB, CAROL) if p != mover)
    vote = await service.abandon(CHANNEL, absent)
    assert "votes needed" in "".join(map(str, vote.lines[0]))
