"""Turns and their messages: a turn's steps edit one message, a new turn starts a new one, the turn
message is kept in the store, and a whole move reads as one sentence."""

from __future__ import annotations

import json
import random

import games
from bot.table.model import Mention, Strong, line
from bot.table.turns import continues, decode, encode, move_sentence
from tests.support.table import ALICE, BOB, CHANNEL, actor, started


async def test_each_move_of_race_passes_the_turn_and_starts_a_new_message(service):
    first = await started(service, ALICE, BOB)
    assert first.turn.edit is False and first.mentions == first.acting
    mover = await actor(service)
    reply = await service.act(CHANNEL, mover, "add 2")
    assert reply.turn.edit is False and reply.turn.started == reply.version
    assert reply.mentions == [next(p.id for p in (ALICE, BOB) if p != mover)]
    assert reply.lines[0] == line(f"{mover.name} adds 2 and has 2."), "a new turn's message starts afresh"


async def test_a_solo_race_is_one_turn_whose_steps_edit_its_message(service):
    await started(service, ALICE)
    replies = [await service.act(CHANNEL, ALICE, "add 1") for _ in range(3)]
    assert all(reply.turn.edit and reply.turn.started == 1 for reply in replies)
    assert all(reply.mentions == [] and reply.acting == [ALICE.id] for reply in replies), "nobody is pinged"
    texts = [str(part) for each in replies[-1].lines for part in each]
    assert sum("adds 1" in text for text in texts) == 3, "the turn's lines so far"
    stored = await service.store.turn_message(replies[-1].game_id)
    assert (stored.started, stored.version) == (1, 4)


async def test_a_turn_message_of_another_version_is_never_continued(service):
    await started(service, ALICE)
    reply = await service.act(CHANNEL, ALICE, "add 1")
    game_id = reply.game_id
    await service.store.set_turn(game_id, 1, 0, [])  # lines that do not reach the game's version
    after = await service.act(CHANNEL, ALICE, "add 1")
    assert after.turn.edit is False and after.turn.started == after.version


async def test_the_turn_message_id_is_named_once_posted(service):
    board = await started(service, ALICE)
    assert await service.turn_message_id(board.game_id, board.turn.started) is None
    assert await service.record_turn_message(board.game_id, board.turn.started, 555)
    assert await service.turn_message_id(board.game_id, board.turn.started) == 555
    assert not await service.record_turn_message(board.game_id, board.turn.started + 1, 556)
    step = await service.act(CHANNEL, ALICE, "add 1")
    assert await service.turn_message_id(step.game_id, step.turn.started) == 555


class Moment:
    """The least of a table that :func:`continues` reads: the game, its state, whether it is over."""

    def __init__(self, game, state) -> None:
        self.game, self.state = game, state

    def finished(self) -> bool:
        return self.game.result(self.state) is not None


def test_a_turn_continues_only_while_no_new_seat_acts_and_the_turn_number_stays():
    mor = games.get("mor")
    state = mor.setup(2, 7)
    kept, _ = mor.play(state, 0, "keep " + " ".join(state["seats"][0]["dealt"][:2]))
    assert continues(Moment(mor, state), Moment(mor, kept)), "one answer to a decision the other seat still makes"
    ready, _ = mor.apply(kept, 1, mor.legal_actions(kept, 1)[0])
    assert not continues(Moment(mor, kept), Moment(mor, ready)), "setup complete: seat 0's first turn"
    rng, s = random.Random(2), ready
    while "end" not in (legal := [mor.notation(a) for a in mor.legal_actions(s, 0)]):
        after, _ = mor.play(s, 0, rng.choice(legal))
        assert continues(Moment(mor, s), Moment(mor, after)), "a step within seat 0's turn"
        s = after
    after, _ = mor.play(s, 0, "end")
    assert not continues(Moment(mor, s), Moment(mor, after)), "ending the turn passes it"


def test_lines_keep_their_parts_in_the_store():
    lines = [line(Strong("Masters"), " begins."), line(Mention(5, "ada"), ": go"), line("plain")]
    assert decode(json.loads(json.dumps(encode(lines)))) == lines


def test_a_move_reads_as_one_sentence():
    events = [line("Bruno takes Woods from green-3 with the black family member, paying 2 servants."),
              line("Bruno receives 1 wood."), line("Round 1 ends. Turn order: Ann, Bruno.")]
    assert move_sentence(events, "Bruno") == (
        "Bruno takes Woods from green-3 with the black family member, paying 2 servants, receives 1 wood. "
        "Round 1 ends. Turn order: Ann, Bruno.")
    assert move_sentence([line("Setup is complete: Ann takes the first turn.")], "Bruno") == (
        "Setup is complete: Ann takes the first turn.")
