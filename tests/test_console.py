"""The local console: chat-like lines through the real bot, scripts, and games kept across sessions."""

from __future__ import annotations

import asyncio
import io
import random
from datetime import timedelta
from pathlib import Path

import pytest
import simcord

from bot.config import Config
from bot.console import Console, ConsoleBot, ConsoleClock, ConsoleError, parse_line, play
from db import Store


def test_lines_read_like_chat():
    line = parse_line('@alice #tavern /mor move notation:"market row-2"')
    assert (line.user, line.channel, line.command, line.options) == ("alice", "tavern", "mor move",
                                                                    {"notation": "market row-2"})
    assert parse_line("! @bob /game start").expect_refusal
    assert parse_line("@bob click:end").click == "end"
    assert parse_line("   ") is None and parse_line("# a comment") is None
    for bad in ("alice /game join", "@alice game join", '@alice /game new game:"mor'):
        with pytest.raises(ConsoleError):
            parse_line(bad)


async def run_script(tmp_path: Path, text: str) -> tuple[int, str]:
    out = io.StringIO()
    config = Config(database_path=tmp_path / "local.db", render_workers=0)
    code = await play(config, tmp_path / "images", text.strip().splitlines(), out, interactive=False)
    return code, out.getvalue()


async def test_script_plays_lines_and_keeps_the_game_for_a_later_session(tmp_path):
    code, out = await run_script(tmp_path, """
        @alice /game new game:mor players:2
        @bob /game join
        ! @carol /game start
        @alice /game start
    """)
    assert code == 0
    assert "alice opened a table of Masters of Renaissance for 2" in out
    assert "(only carol sees) Only the host of this table or a server manager can start the game." in out
    assert "@alice:" in out and "@bob:" in out and "<@" not in out
    assert list((tmp_path / "images").glob("*.png"))
    code, out = await run_script(tmp_path, "@bob /game status")
    assert code == 0 and "Waiting since" in out and "UTC" in out


async def test_presence_commands_work_in_the_console_and_direct_messages_are_shown(tmp_path):
    code, out = await run_script(tmp_path, """
        @alice /game new game:mor players:2
        @bob /game join
        @bob /game notify dm:on
        ! @alice /game away days:40
        @alice /game start
        @alice /game away days:2
    """)
    assert code == 0
    assert "(only alice sees) A vacation lasts 1 to 21 days, not 40." in out
    assert "(direct message to bob) Your turn in Masters of Renaissance in #table: " in out
    assert "The board: #table" in out
    assert "(direct message to alice)" not in out
    assert "bottega: alice is away until " in out and " UTC: their turns here wait for them" in out


async def test_script_stops_at_the_first_unexpected_line(tmp_path, capsys):
    code, out = await run_script(tmp_path, """
        @alice /game new game:mor players:2
        @alice /game start
        @alice /game status
    """)
    assert code == 1
    assert "line 2 failed" in capsys.readouterr().err
    code, out = await run_script(tmp_path, "@alice /game nonsense")
    assert code == 1 and "no command /game nonsense" in out
    code, out = await run_script(tmp_path, "@alice /game new game:mor players:two")
    assert code == 1 and "takes a number" in out


async def test_a_whole_game_through_console_lines(tmp_path):
    """Solo Masters of Renaissance from /game new to the final score, every move a console line (and
    a click on Confirm where a move asks first)."""
    store = await Store.open(tmp_path / "local.db")
    bot = ConsoleBot(Config(database_path=tmp_path / "local.db", render_workers=0), store=store, renderer=None)
    chooser = random.Random(3)
    out = io.StringIO()
    try:
        async with simcord.run(bot, strict_sync=False) as env:
            console = Console(env, bot, store, tmp_path / "images", out)
            line = parse_line("@alice /game new game:mor players:1")
            assert await console.welcome_newcomers(line)  # remembered, so the world creates alice
            await console.open_world()
            assert await console.run(line)
            assert await console.run(parse_line("@alice /game start"))
            channel = console.channels["table"]
            for _ in range(1500):
                if await store.active_game(channel.id) is None:  # finished
                    break
                table = await bot.service.table(channel.id)
                legal = table.game.legal_actions(table.state, 0)
                ends = [a for a in legal if a["type"] in ("end", "place")]
                action = chooser.choice(ends if ends and chooser.random() < 0.7 else legal)
                notation = table.game.notation(action)
                before = len(out.getvalue())
                assert await console.run(parse_line(f'@alice /mor move notation:"{notation}"')), notation
                if "[Confirm]" in out.getvalue()[before:]:  # a move that loses something asks first
                    assert await console.run(parse_line("@alice click:Confirm")), notation
    finally:
        await store.close()
    log = out.getvalue()
    assert "Game over." in log and ("You beat Lorenzo!" in log or "Lorenzo wins." in log)
    assert log.count("bottega:") > 20


async def test_the_example_script_replays_a_whole_game(tmp_path):
    """docs/examples/mor-two-players.txt, dealt from its seed, plays to the final scores."""
    script = Path(__file__).resolve().parents[1] / "docs/examples/mor-two-players.txt"
    out = io.StringIO()
    code = await play(Config(database_path=tmp_path / "example.db", render_workers=0), tmp_path / "images",
                      script.read_text().splitlines(), out, interactive=False, seed=2026)
    assert code == 0
    assert "Game over. Winner: bruno!" in out.getvalue()
    # the scores in words, not the engine's keys (faith_track, favour_tiles)
    assert "1. @bruno: 62, rating +" in out.getvalue()
    assert "(cards 27, faith track 20, Papal favour tiles 9, leaders 6, resources 0)" in out.getvalue()
    # a calm channel: the steps of a turn edit its message, so the channel holds fewer than half as
    # many messages as boards were drawn (one per move)
    posted, boards = out.getvalue().count("\nbottega: "), out.getvalue().count("  image: ")
    assert boards > 300 and posted < boards / 2


async def test_private_buttons_and_menus_can_be_used(tmp_path):
    out = io.StringIO()
    code = await play(Config(database_path=tmp_path / "local.db", render_workers=0), tmp_path / "images", [
        "@alice /game new game:mor players:2", "@bob /game join", "@alice /game start",
        "@alice click:Your move", "@alice pick:p:keep L7 L9", "! @bob pick:g:L1+L2",
        "@bob click:Your move", "! @bob pick:g:L1+L2",
    ], out, interactive=False, seed=5)
    text = out.getvalue()
    assert code == 0, text
    assert "(only alice sees) Keep 2 of your 4 leaders" in text
    assert "p:keep L7 L9 (Keep L7 (shield extra depot) and L9 (white marble → servant))" in text
    assert "bottega (edited): alice kept 2 leaders." in text
    assert "! no message here has that button or menu" in text  # bob has no menu open yet
    assert "Select option 'g:L1+L2' does not exist" in text  # bob's menu offers other leaders


async def test_the_week_with_deadlines_script_plays_a_week_in_seconds(tmp_path):
    """docs/examples/week-with-deadlines.txt: `~wait` lines let days pass; the table plays a quiet
    player's turns, opens his seat after two strikes, a newcomer sits down, then a chess clock runs."""
    script = Path(__file__).resolve().parents[1] / "docs/examples/week-with-deadlines.txt"
    out = io.StringIO()
    code = await play(Config(database_path=tmp_path / "week.db", render_workers=0), tmp_path / "images",
                      script.read_text().splitlines(), out, interactive=False, seed=2026)
    log = out.getvalue()
    assert code == 0, log
    assert "The turn time is 1 to 336 hours, or off (not '500')." in log
    assert "bruno's time is up: Bottega skips this turn for them (strike 1 of 2)." in log
    assert "(only carla sees) This table is full (2 players): no seat is open." in log
    assert "bruno's time is up: Bottega skips this turn for them (strike 2 of 2)." in log
    assert "bruno's seat is open after 2 timeouts in a row" in log
    assert "(only ada sees) You already have a seat at this table." in log
    assert "carla sits down in bruno's open seat (seat 2)." in log
    assert "Time bank runs out" in log and "carla: time bank 1d 9h." in log
    assert "ada's time is up: Bottega skips this turn for them (strike 2 of 2)." in log
    assert "ada: open seat, played by the AI until someone takes it with `/game sit`." in log
    waited = [line for line in log.splitlines() if line.startswith("(time passes")]
    assert len(waited) == 4


async def test_a_held_console_clock_stands_still_and_runs_on_from_where_it_is_released(tmp_path):
    """A timer a wait fires acts at its own moment, however long the bot takes in real time; the
    released clock runs on from the end of the wait, and a later session starts from there."""
    store = await Store.open(tmp_path / "clock.db")
    try:
        clock = ConsoleClock()
        due = clock.now() + timedelta(days=1)
        await clock.hold(due, store)
        await asyncio.sleep(0.02)
        assert clock.now() == due
        assert abs((await ConsoleClock.kept_in(store)).now() - due) < timedelta(seconds=1)  # a stop here resumes at it
        await clock.release(due + timedelta(hours=2), store)
        await asyncio.sleep(0.02)
        ran_on = clock.now() - (due + timedelta(hours=2))
        assert timedelta(seconds=0.02) <= ran_on < timedelta(seconds=5)
        assert abs((await ConsoleClock.kept_in(store)).now() - clock.now()) < timedelta(seconds=1)
    finally:
        await store.close()


def test_a_wait_line_reads_days_hours_and_minutes():
    assert parse_line("~wait 1d6h30m").wait == timedelta(days=1, hours=6, minutes=30)
    for wrong in ("~wait", "~wait soon", "~sleep 3d"):
        with pytest.raises(ConsoleError):
            parse_line(wrong)


async def test_undo_and_since_from_the_console(tmp_path):
    code, out = await run_script(tmp_path, """
        @alice /game new game:opera players:2
        @bob /game join
        @alice /game start
        ! @alice /game undo
        @bob /game since
    """)
    assert code == 0
    assert "(only alice sees) There is no move of yours to take back." in out
    assert "(only bob sees) No one has moved yet." in out


async def test_a_typed_move_that_needs_a_second_thought_asks_and_waits_for_confirm(tmp_path):
    """Issue 17 in the console: the question and its buttons are printed, `click:Cancel` plays
    nothing (the player's menu is shown again), `click:Confirm` plays the move (MOR-LEADER-5)."""
    out = io.StringIO()
    code = await play(Config(database_path=tmp_path / "local.db", render_workers=0), tmp_path / "images", [
        "@alice /game new game:mor players:2", "@bob /game join", "@alice /game start",
        '@alice /mor move notation:"keep L7 L9"', '@bob /mor move notation:"keep L2 L5 res:coin"',
        '@alice /mor move notation:"leader discard L9"', "@alice click:Cancel",
        '@alice /mor move notation:"leader discard L9"', "@alice click:Confirm",
        '@alice /mor move notation:"leader discard L7"', '@alice /mor move notation:"market row-2"',
        "! @alice click:Confirm",
    ], out, interactive=False, seed=5)
    text = out.getvalue()
    assert code == 0, text
    asked = "(only alice sees) ⚠ This move needs a second thought: The leader is gone for the rest of the game"
    assert text.count(asked) == 3 and text.count("  buttons: [Confirm] | [Cancel]") == 3
    cancelled = text.index("(only alice sees) Take your turn: market, buy or produce.\nChoose:")
    played = text.index("alice discarded a leader")
    assert text.index(asked) < cancelled < played
    stale = text[text.index("alice took row 2 from the market"):]
    assert "the game has moved on" in stale and "[Confirm]" not in stale, "a question of an earlier board is refused"
