"""A table's history through Discord: ``/game log`` pages with buttons that survive a restart,
``/game board`` after any move (the same picture as the board posted then), ``/game export``
during and after a game (no seed and no private notation before the end; the finished record
replays to the same result), and ``python -m bot --replay`` refusing damaged or altered records."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from ai_games import Watch, finished_game, open_against_the_ai
from PIL import Image

import games
from bot.__main__ import main
from bot.config import Config
from bot.table import Person, TurnSettings
from db.record import RecordRefused, digest, read_record, replay_record
from bottega_harness import text_of, controls_of


@pytest.fixture
def config(tmp_path) -> Config:
    """AI seats move at once (the tests' clock only moves when told); boards are drawn in a thread."""
    return Config(token=None, database_path=tmp_path / "bottega.db", dev_guild_id=None, render_workers=0,
                  ai_pause_seconds=0, ai_time_limit_seconds=30)


def custom_ids(message) -> list[str]:
    message = getattr(message, "message", message)
    return [child.custom_id for child in controls_of(message)]


def entries(content: str) -> list[int]:
    """The move numbers a log page lists, in its order."""
    return [int(n) for n in re.findall(r"^(\d+)\. ", content, flags=re.MULTILINE)]


def pixels(data: bytes) -> tuple[tuple[int, int], bytes]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size, image.convert("RGBA").tobytes()


async def exported(member, channel) -> tuple[str, dict]:
    result = await member.slash(channel, "game export")
    assert result.ephemeral
    [attachment] = result.response.attachments
    assert attachment.filename.endswith(".json")
    return result.response.content, json.loads(await attachment.read())


async def test_log_board_and_export_of_a_game_against_the_ai(table, env, make_bot, tmp_path, capsys):
    await open_against_the_ai(table, "mor")
    # No turn clock: a posted board then has no line of deadlines below it, which a past board (drawn
    # later, when those deadlines are gone) leaves out; so the two pictures can be compared exactly.
    await env.bot.service.turn_settings(table.channel.id, Person(table.alice.id, "alice"), TurnSettings(turn_hours="off"))
    unclocked = len(await env.bot.store.moves((await env.bot.service.table(table.channel.id)).row.id))
    watch = Watch(table)
    rng = random.Random(3)
    await watch.play("mor", rng, until=12)
    game_id = (await env.bot.service.table(table.channel.id)).row.id
    moves = await env.bot.store.moves(game_id)
    count = len(moves)
    assert count > 15

    # the log: newest first, 15 a page, private moves without their notation
    first = await table.alice.slash(table.channel, "game log")
    page = first.response
    assert first.ephemeral and f"(page 1 of {-(-count // 15)}, newest first)" in text_of(page)
    assert entries(text_of(page)) == list(range(count, count - 15, -1))
    assert "<t:" in text_of(page) and "**alice**" in text_of(page)
    assert custom_ids(page) == [f"bottega:log:{game_id}:0", f"bottega:log:{game_id}:2"]
    previous = page.message.components[0].children[0]
    assert previous.label == "Previous" and previous.disabled

    # the buttons are rebuilt from their custom_id after a restart
    await env.restart_bot(await make_bot())
    older = await table.alice.click(page, label="Next")
    assert entries(older.response.content)[0] == count - 15
    last_page = await table.bob.slash(table.channel, "game log", page=-(-count // 15))
    assert entries(last_page.response.content)[-1] == 1
    pages = -(-count // 15)
    oldest = last_page.response.content
    if pages > 1:  # move 2 may sit on the page before the last
        oldest += "\n" + (await table.bob.slash(table.channel, "game log", page=pages - 1)).response.content
    kept = [line for line in oldest.splitlines() if line.startswith(("1. ", "2. "))]
    assert len(kept) == 2 and all("a private move" in line and "kept 2 leaders" in line for line in kept)
    assert not re.search(r"\bL\d+\b", oldest), "the log never names a hidden leader"
    beyond = await table.alice.slash(table.channel, "game log", page=99)
    assert beyond.response.content == f"This log has {-(-count // 15)} pages: choose a page from 1 to {-(-count // 15)}."

    # a past board is the picture that was posted after that move (a board's file names its version,
    # and the first move has version 2)
    posted = {int(m.attachments[0].filename.split("-")[2][:-4]) - 1: m
              for m in table.channel.history() if m.attachments and m.attachments[0].filename.startswith("mor-")}
    numbers = sorted(n for n in posted if n > unclocked)  # boards posted once the clock was off
    assert len(numbers) >= 2 and numbers[-1] == count  # one message per turn: each holds its last board
    for number in (numbers[0], numbers[len(numbers) // 2], count):
        again = await table.alice.slash(table.channel, "game board", move=number)
        assert again.ephemeral and f"After move {number} of {count}:" in again.response.content
        drawn = pixels(await again.response.attachments[0].read())
        # the same picture, its last-move box telling the same whole turn
        assert drawn == pixels(await posted[number].attachments[0].read()), f"the board after move {number}"
    assert drawn != pixels(await posted[numbers[0]].attachments[0].read())
    too_far = await table.alice.slash(table.channel, "game board", move=count + 1)
    assert too_far.response.content == f"This game has {count} moves: choose a move from 1 to {count}."

    # the export during play: public information only, and it says it cannot be replayed
    about, running = await exported(table.bob, table.channel)
    assert "still running" in about
    assert running["seed"] is None and running["result"] is None and running["status"] == "active"
    assert [m["notation"] for m in running["moves"]] == [
        None if m["private"] else stored.notation for m, stored in zip(running["moves"], moves, strict=True)]
    assert running["moves"][0]["private"] and running["moves"][0]["notation"] is None
    assert "keep" not in json.dumps(running) and str(await _seed(env, game_id)) not in json.dumps(running)
    with pytest.raises(RecordRefused, match="exported while the game was running"):
        replay_record(read_record(json.dumps(running).encode()))

    # to the end: the finished record holds the seed and every notation, and replays to the result
    await watch.play("mor", rng)
    assert await finished_game(env, table) == game_id
    about, record = await exported(table.alice, table.channel)
    assert "finished game" in about
    stored = await env.bot.store.moves(game_id)
    assert record["seed"] == str(await _seed(env, game_id)) and record["status"] == "finished"
    assert [(m["seat"], m["notation"]) for m in record["moves"]] == [(m.seat, m.notation) for m in stored]
    replayed = replay_record(read_record(json.dumps(record).encode()))
    final = (await env.bot.service.game(game_id)).state
    assert replayed.result == record["result"] == json.loads(json.dumps(games.get("mor").result(final)))
    before = len(table.channel.history())
    public = await table.bob.slash(table.channel, "game board", move=3, public=True)
    assert len(table.channel.history()) == before + 1 and table.last().attachments
    assert "After move 3 of" in text_of(table.last()) and public.ephemeral
    file = tmp_path / "record.json"
    file.write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["--replay", str(file), "--images", str(tmp_path / "boards")]) == 0
    assert len(list((tmp_path / "boards").glob("mor-*.png"))) == len(stored) + 1
    drawn = len(stored) + 1  # the progress, as plain lines on standard error (no terminal here)
    assert f"boards drawn: {drawn} of {drawn}" in capsys.readouterr().err.splitlines()


async def _seed(env, game_id: int) -> int:
    return (await env.bot.store.get_game(game_id)).seed



async def test_history_of_a_channel_without_a_game_or_moves_says_so(table):
    no_game = "No game has been played in this channel yet. Start one with `/game new`."
    for command, options in (("game log", {}), ("game board", {"move": 1}), ("game export", {})):
        assert (await table.alice.slash(table.channel, command, **options)).response.content == no_game
    await table.open(start=False)
    assert (await table.alice.slash(table.channel, "game export")).response.content == no_game
    await table.alice.slash(table.channel, "game start")
    for command, options in (("game log", {}), ("game board", {"move": 1})):
        reply = await table.alice.slash(table.channel, command, **options)
        assert reply.response.content == "No move has been made in this game yet."
    _, record = await exported(table.alice, table.channel)
    assert record["moves"] == [] and record["seed"] is None


async def play_duel_to_the_end(table) -> None:
    await table.open()
    while "Game over." not in text_of(table.last()):
        await table.actor().slash(table.channel, "duel move", notation="add 3")


def altered(record: dict, change, *, sign: bool = True) -> str:
    copy = json.loads(json.dumps(record))
    change(copy)
    if sign:
        copy["digest"] = digest(copy)
    return json.dumps(copy)


async def test_replay_draws_a_finished_record_and_refuses_an_altered_one(table, tmp_path, capsys):
    await play_duel_to_the_end(table)
    about, record = await exported(table.bob, table.channel)
    assert "finished game" in about and [m["notation"] for m in record["moves"]] == ["add 3"] * 4
    boards = tmp_path / "boards"

    def replay(text: str) -> tuple[int, str, str]:
        file = tmp_path / "record.json"
        file.write_text(text)
        status = main(["--replay", str(file), "--images", str(boards)])
        said = capsys.readouterr()
        return status, said.err, said.out

    def set_move(number: int, notation: str):
        return lambda r: r["moves"][number - 1].update(notation=notation)

    refusals = {
        "not valid JSON": json.dumps(record)[:-20],
        "does not host: 'chess'": altered(record, lambda r: r.update(game="chess")),
        "changed after it was exported": altered(record, set_move(2, "add 2"), sign=False),
        "Move 1 of this record (": altered(record, set_move(1, "add 9")),
        "is refused by the rules: This game is over": altered(
            record, lambda r: r["moves"].append({**r["moves"][-1], "number": 5})),
        "result is not the one its moves reach": altered(
            record, lambda r: r["result"].update(winners=[1 - r["result"]["winners"][0]])),
        "(alice: 'add 3') is refused by the rules: I cannot read 'add 3'": altered(record, lambda r: r.update(game="mor", options={})),
        "cannot be set up: Masters of Renaissance has no option": altered(record, lambda r: r.update(game="mor")),
        "do not finish the game": altered(record, lambda r: r["moves"].pop()),
        "exported while the game was running": altered(record, lambda r: r.update(seed=None)),
        "move 2 has no valid \"seat\"": altered(record, lambda r: r["moves"][1].update(seat="0")),
    }
    for reason, text in refusals.items():
        status, said, _ = replay(text)
        assert status == 1 and reason in said and "Traceback" not in said, (reason, said)
        assert said.count("\n") == 1, "one sentence"
    assert not boards.exists(), "nothing is drawn from a refused record"
    assert main(["--replay", str(tmp_path / "missing.json")]) == 1 and "Cannot read" in capsys.readouterr().err
    taken_back = {**record["moves"][-1], "number": 5, "notation": "add 1", "undone": True}
    status, said, _ = replay(altered(record, lambda r: r["moves"].append(taken_back)))
    assert status == 0, "a move marked undone is not replayed"
    status, said, _ = replay(altered(record, lambda r: r["moves"].append({**taken_back, "undone": "yes"})))
    assert status == 1 and 'move 5 has an invalid "undone"' in said
    status, said, told = replay(json.dumps(record))
    assert status == 0 and "4 moves replayed, the result matches" in told
    assert said.splitlines() == [f"boards drawn: {n} of 5" for n in range(6)]  # progress, no terminal here
    assert sorted(p.name for p in boards.iterdir()) == [f"duel-{n:03d}.png" for n in range(5)]
