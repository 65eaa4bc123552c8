"""Newcomer polish without Discord: turns and their messages, the whole move as a sentence,
abandoning a table whose players are gone, final scores in words, Lorenzo's prompts and
refusals, and the rules help data of every game."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import games
from bot.table import Person
from bot.table.model import Mention, Strong, line
from bot.table.score_labels import score_breakdown
from bot.table.turns import continues, decode, encode, move_sentence
from cogs.play import rule_topics
from games.core import IllegalAction
from tests import test_service as base
from tests.support.played import played_to_the_end
from tests.test_service import ALICE, BOB, CAROL, CHANNEL, started

race_game, service = base.race_game, base.service  # the table service's fixtures: the tiny race game


async def actor(service) -> Person:
    table = await service.table(CHANNEL)
    return {p.id: p for p in (ALICE, BOB, CAROL)}[table.actor_users()[0]]


# ----------------------------------------------------------------------------- turns
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


# ----------------------------------------------------------------------------- abandon
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


# ----------------------------------------------------------------------------- scores, prompts
@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_final_scores_are_in_words(key):
    game = games.get(key)
    state = played_to_the_end(game, 2, 3, 4)
    for score in game.result(state)["scores"]:
        words = score_breakdown(score["breakdown"])
        assert "_" not in words and "total" not in words and re.search(r"\d", words)


def test_lorenzo_prompts_name_a_tile_that_is_free_and_the_last_leader():
    lim = games.get("lim")
    state = lim.setup(2, 5, {"advanced": True})
    while state["phase"] == "tiles":  # tile A goes first: the next prompts offer the others
        seat = min(lim.actors(state))
        left = state["tile_pick"]["left"]
        assert f"('tile {left[0]}')" in lim.prompt(state, seat)
        assert "A" in left or "'tile A'" not in lim.prompt(state, seat)
        state, _ = lim.play(state, seat, f"tile {left[0]}")
    while state["phase"] == "draft":
        for seat in sorted(lim.actors(state)):
            prompt = lim.prompt(state, seat)
            left = len(state["draft"]["packs"][seat])
            assert ("Keep the last leader" in prompt) == (left == 1) and "of the 1 " not in prompt
            state, _ = lim.apply(state, seat, lim.legal_actions(state, seat)[0])


def test_every_lorenzo_refusal_names_its_rule():
    lim, rng = games.get("lim"), random.Random(6)
    rule_id = re.compile(r"\((?:LIM|CORE)-[A-Z]+(?:-\d+)?\)|\bLIM-[A-Z]+-\d+\b")
    for seed in range(3):
        state = lim.setup(3, seed, {"advanced": seed % 2 == 0})
        for _ in range(40):
            if lim.result(state) is not None:
                break
            seat = min(lim.actors(state))
            idle = next(s for s in range(3) if s not in lim.actors(state)) if len(lim.actors(state)) < 3 else None
            for text in ("place purple council", "hello", "place black green-9", "tile Z", "draft nobody"):
                with pytest.raises(IllegalAction) as refused:
                    lim.play(state, seat, text)
                assert rule_id.search(refused.value.message), refused.value.message
            if idle is not None:
                with pytest.raises(IllegalAction) as refused:
                    lim.apply(state, idle, lim.legal_actions(state, seat)[0])
                assert "(CORE-TURN)" in refused.value.message
            state, _ = lim.apply(state, seat, rng.choice(lim.legal_actions(state, seat)))


# ----------------------------------------------------------------------------- rules help data
@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
def test_every_game_has_rules_help_citing_its_own_rule_ids(key):
    prefix = {"mor": "MOR", "lim": "LIM", "opera": "OM"}[key]
    topics = rule_topics(key)
    assert len(topics) >= 7
    for name, entry in topics.items():
        assert name == name.lower() and entry["title"] and len(entry["text"]) > 60
        assert all(cited.startswith(f"{prefix}-") for cited in re.findall(r"\b[A-Z]+-[A-Z]+-\d+", entry["rules"]))


def test_rules_help_cites_only_rules_the_specification_has():
    rules = Path(__file__).resolve().parents[1].parent / "shared" / "rules"
    if not rules.is_dir():
        pytest.skip("the rule specifications are not beside this checkout")
    text = {"lim": "lorenzo_il_magnifico.md", "opera": "opera_magna.md"}
    for key, name in text.items():
        spec = (rules / name).read_text(encoding="utf-8")
        for entry in rule_topics(key).values():
            for family, low, high in re.findall(r"\b([A-Z]+-[A-Z]+)-(\d+)\.\.(\d+)", entry["rules"]):
                assert f"{family}-{low}" in spec and f"{family}-{high}" in spec, (family, low, high)
