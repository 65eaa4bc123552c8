"""A turn's new message tells the whole turn that just ended, every step of it, and the board's
last-move box shows that whole turn; no public line and no menu label holds a rule ID (issue 27).

Random games of the three board games are played through the table service (a drawing-free
renderer records what each board would show). Whenever a move passes the turn, the new message
must open with every event line of every move of the turn that ended, and the last-move box must
name each of those moves; within a turn, each step's edit keeps the whole turn so far. The games
must hold the turns the issue names: a Masters of Renaissance turn of three steps or more, a
Lorenzo il Magnifico turn with a Council privilege, and an Opera Magna turn over several phases.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.menus import screen
from bot.presentation import PlainText, text
from bot.refusals import RULE_ID
from bot.table import Person, TableError, TableService, TurnSettings
from bot.table.ai_runner import AiRunner
from db import Store
from tests.support.ai_checks import any_legal
from tests.support.table import FakeClock

PEOPLE = [Person(1, "Ada"), Person(2, "Bruno")]
GUILD, CHANNEL = 100, 200
MOVES = {"mor": 260, "lim": 200, "opera": 200}


class Recording:
    """A renderer that draws nothing and remembers each board's last-move box."""

    def __init__(self) -> None:
        self.highlights: list[str | None] = []

    async def board(self, game_key: str, view: dict[str, Any], *, names, highlight, caption=None,
                    language=None) -> bytes:
        self.highlights.append(highlight)
        return b"board"

    async def focus(self, game_key, view, *, names, acting, turn, language=None) -> bytes:
        return b"focus"

    async def private(self, game_key, view, *, names, language=None) -> bytes:
        return b"private"

    async def card(self, game_key, card_id, language=None) -> bytes:
        return b"card"

    async def summary(self, summary, language=None) -> bytes:
        return b"summary"

    def close(self) -> None:
        return None


def words(lines) -> list[str]:
    return text(PlainText(str), lines).split("\n")


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
async def test_a_new_turn_message_tells_the_whole_turn_before_it(tmp_path, key: str) -> None:
    store = await Store.open(tmp_path / "bottega.db")
    renderer = Recording()
    service = TableService(store, clock=FakeClock(), seed_source=lambda: 4321, renderer=renderer)
    try:
        await service.new_game(GUILD, CHANNEL, PEOPLE[0], key, 2)
        await service.join(CHANNEL, PEOPLE[1])
        first = await service.start(CHANNEL, PEOPLE[0])
        chooser = random.Random(7)
        recap = words(first.lines[:first.story])  # the turn (here the start) the current message opened with
        own: list[str] = []  # this turn's lines so far
        phases: set[str] = set()
        turns: list[tuple[list[str], set[str], str | None]] = []  # each ended turn, its phases, its box
        for _ in range(MOVES[key]):
            try:
                table = await service.table(CHANNEL)
            except TableError:  # the game is over: the channel is free
                break
            seat = min(table.game.actors(table.state))
            person = next(p for p in PEOPLE if p.id == table.user_of(seat))
            phases.add(str(table.view(None).get("phase")))
            reply = await service.act(CHANNEL, person, chooser.choice(table.legal(seat)))
            story = words(reply.lines[:reply.story])
            if reply.turn.edit:  # a step: the message keeps the turn before it and this turn so far
                assert story[:len(recap)] == recap and story[len(recap):len(recap) + len(own)] == own
                own = story[len(recap):]
                continue
            if "…" not in story:  # a very long turn gives its oldest lines way
                assert story[:len(own)] == own, "the new message opens with every step of the turn"
            turns.append((story, phases, renderer.highlights[-1]))
            recap, own, phases = story, [], set()
        assert len(turns) > 5
        for story, _, box in turns:
            first = story[0].removeprefix("Ada ").removeprefix("Bruno ").rstrip(".")
            assert box is not None and first in box, "the last-move box shows the turn from its first step"
        steps = [len(story) for story, _, _ in turns]
        if key == "mor":
            assert max(steps) >= 3, "a Masters turn of three steps"
        elif key == "lim":
            assert any(any(" privilege: " in each for each in story) and len(story) >= 2 for story, _, _ in turns)
        else:
            assert any(len(phases) >= 2 for _, phases, _ in turns), "an Opera turn over several phases"
    finally:
        await store.close()


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
async def test_a_past_board_tells_the_turn_the_live_board_told(tmp_path, key: str) -> None:
    """``/game board move:N`` draws in its last-move box the same words as the board posted after
    move N: the whole turn that ended there (a player's moves, the steps the table took
    automatically, an AI seat's turn), not only that move."""
    store = await Store.open(tmp_path / "bottega.db")
    renderer = Recording()
    ai = AiRunner(time_limit=30, decide=any_legal)
    service = TableService(store, clock=FakeClock(), seed_source=lambda: 2468, renderer=renderer, ai=ai)
    try:
        await service.new_game(GUILD, CHANNEL, PEOPLE[0], key, 2)
        await service.add_ai(CHANNEL, PEOPLE[0])
        await service.start(CHANNEL, PEOPLE[0])
        chooser = random.Random(5)
        live: dict[int, str | None] = {}  # move count after a posted board: its last-move box
        while len(live) < 24:
            table = await service.table(CHANNEL)
            if table.finished():
                break
            if table.ai_to_move():
                await service.play_ai(CHANNEL)
            else:
                await service.act(CHANNEL, PEOPLE[0], chooser.choice(table.legal(table.seat_of(PEOPLE[0].id))))
            live[len(await store.moves(table.row.id))] = renderer.highlights[-1]
        assert any(box and box.count(".") >= 2 for box in live.values()), "a turn of several sentences"
        for number, box in live.items():
            await service.past_board(CHANNEL, number)
            assert renderer.highlights[-1] == box, f"the past board after move {number}"
    finally:
        ai.close()
        await store.close()


async def test_a_past_board_after_a_timeout_tells_what_the_live_board_told(tmp_path) -> None:
    """The turns the table plays for a late player (its board's box: the last thing it did) and the
    turns after them: ``/game board move:N`` draws the same last-move box as the live board."""
    store = await Store.open(tmp_path / "bottega.db")
    renderer = Recording()
    service = TableService(store, clock=FakeClock(), seed_source=lambda: 1357, renderer=renderer)
    try:
        await service.new_game(GUILD, CHANNEL, PEOPLE[0], "lim", 2)
        await service.join(CHANNEL, PEOPLE[1])
        await service.start(CHANNEL, PEOPLE[0])
        await service.turn_settings(CHANNEL, PEOPLE[0], TurnSettings(turn_hours="1", strike_limit=5))
        chooser = random.Random(11)
        live: dict[int, str | None] = {}
        for step in range(10):
            table = await service.table(CHANNEL)
            if step in (2, 3, 7):
                service.clock.advance(hours=2)
                assert [reminder for reminder in await service.due_reminders() if reminder.board is not None]
            else:
                seat = min(table.game.actors(table.state))
                person = next(p for p in PEOPLE if p.id == table.user_of(seat))
                await service.act(CHANNEL, person, chooser.choice(table.legal(seat)))
            live[len(await store.moves(table.row.id))] = renderer.highlights[-1]
        for number, box in live.items():
            await service.past_board(CHANNEL, number)
            assert renderer.highlights[-1] == box, f"the past board after move {number}"
    finally:
        await store.close()


def menu_words(moves, path=()) -> list[str]:
    """Every title, label and description of the guided menu over ``moves``, every level of it."""
    shown = screen(moves, path)
    found = [shown.title]
    for choice in shown.choices:
        found += [choice.label, choice.description]
        if choice.value.startswith("g:"):
            found += menu_words(moves, (*shown.path, choice.value[2:]))
    return found


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
async def test_no_public_line_and_no_menu_label_holds_a_rule_id(tmp_path, key: str) -> None:
    """Whole random games: every public line (the boards' text, the last-move box) and every
    label of the guided menus is plain words; rule IDs stay in the refusals' quiet last line."""
    store = await Store.open(tmp_path / "bottega.db")
    renderer = Recording()
    service = TableService(store, clock=FakeClock(), seed_source=lambda: 99, renderer=renderer)
    try:
        await service.new_game(GUILD, CHANNEL, PEOPLE[0], key, 2)
        await service.join(CHANNEL, PEOPLE[1])
        shown = [*words((await service.start(CHANNEL, PEOPLE[0])).lines)]
        chooser = random.Random(3)
        for _ in range(3000):
            try:
                table = await service.table(CHANNEL)
            except TableError:  # the game is over: the channel is free
                break
            seat = min(table.game.actors(table.state))
            person = next(p for p in PEOPLE if p.id == table.user_of(seat))
            shown += menu_words([description for _, description in table.described(seat)])
            reply = await service.act(CHANNEL, person, chooser.choice(table.legal(seat)))
            shown += words(reply.lines)
        assert "Game over." in " ".join(shown), "the game was played to its end"
        leaks = sorted({each for each in [*shown, *filter(None, renderer.highlights)] if RULE_ID.search(each)})
        assert not leaks, leaks[:5]
    finally:
        await store.close()
