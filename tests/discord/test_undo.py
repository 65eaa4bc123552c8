"""``/game undo`` and the catch-up digest (``/game since`` and the ping's "Since your move" button),
through the real bot against simcord, for every game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bottega_harness import Table, controls_of, game_state, move, text_of
from undo_games import FOLLOWED, REAL_GAMES, choose, open_game

import games
from bot.config import Config
from bot.views import split_message
from db.record import move_numbers
from db.replay import standing
from games.core import MoveStack
from games.core.undo import CLOSED_DECISION, TURNED_UP

JUMP_URL = re.compile(r"https://discord\.com/channels/\d+/\d+/\d+")


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """No pause before AI moves, so a board that waits on the AI is answered at once."""
    return Config(token=None, database_path=tmp_path / "bottega.db", dev_guild_id=None, render_workers=0,
                  ai_pause_seconds=0, ai_time_limit_seconds=30)


async def snapshot_of(env, game_id: int) -> tuple[str, int]:
    table = await env.bot.service.game(game_id)
    return table.game.dumps(table.state), table.row.version


@pytest.mark.parametrize("key", REAL_GAMES)
async def test_undo_takes_back_a_move_that_revealed_nothing_and_refuses_one_that_did(table, env, key):
    """CORE-UNDO: allowed and refused, each move checked again after the undo attempt."""
    game_id = await open_game(table, key)
    game = games.get(key)
    seen: set = set()
    for _ in range(60):
        if {None, "refused"} <= seen:
            break
        state = await game_state(env.bot, game_id)
        seat = min(game.actors(state))
        mover = table.member((await env.bot.service.game(game_id)).user_of(seat))
        wanted = {TURNED_UP, CLOSED_DECISION} if "refused" not in seen else {None}
        notation, refusal = choose(key, state, seat, wanted)
        await move(mover, table.channel, key, notation)
        if refusal == FOLLOWED:
            continue
        after, version = await snapshot_of(env, game_id)
        boards = len(table.channel.history())
        answer = await mover.slash(table.channel, "game undo")
        if refusal is None:
            assert f"took back move {len(await env.bot.store.moves(game_id))}" in text_of(table.last())
            assert len(table.channel.history()) == boards and table.last().attachments  # the turn's message, edited
            assert (await snapshot_of(env, game_id)) == (game.dumps(state), version + 1)
            moves = await env.bot.store.moves(game_id)
            assert moves[-1].undone_seq == version + 1 and moves[-1] not in standing(moves)
            waiting = set((await env.bot.service.game(game_id)).actor_users())
            deadlines = {t.user_id for t in await env.bot.store.timers(game_id) if t.kind == "deadline"}
            assert deadlines == waiting  # the turn's deadline follows the turn back
            await move(mover, table.channel, key, notation)  # play on as before
            seen.add(None)
        else:
            assert answer.ephemeral and answer.response.content.startswith(refusal)
            assert (await snapshot_of(env, game_id)) == (after, version)  # nothing changed
            assert len(table.channel.history()) == boards
            seen.add("refused")
    assert seen == {None, "refused"}


async def test_only_the_player_who_just_moved_may_undo_and_only_until_someone_acts(table, env):
    game_id = await open_game(table, "mor")
    kept = await table.alice.slash(table.channel, "mor move", notation=choose(
        "mor", await game_state(env.bot, game_id), 0, {None})[0])
    assert kept.ephemeral
    bob_first = await table.bob.slash(table.channel, "game undo")
    assert "the last move was alice's" in bob_first.response.content
    state = await game_state(env.bot, game_id)
    await table.bob.slash(table.channel, "mor move", notation=games.get("mor").notation(
        games.get("mor").legal_actions(state, 1)[0]))
    version = (await snapshot_of(env, game_id))[1]
    late = await table.alice.slash(table.channel, "game undo")
    assert "the last move was bob's" in late.response.content
    outsider = await table.carol.slash(table.channel, "game undo")
    assert "not playing at this table" in outsider.response.content
    assert (await snapshot_of(env, game_id))[1] == version


async def test_a_second_undo_is_refused_and_a_board_from_before_the_undo_is_stale(table, env):
    game_id = await open_game(table, "opera")
    board = table.last()
    mover = table.actor(board)
    state = await game_state(env.bot, game_id)
    seat = min(games.get("opera").actors(state))
    await move(mover, table.channel, "opera", choose("opera", state, seat, {None})[0])
    await mover.slash(table.channel, "game undo")
    again = await mover.slash(table.channel, "game undo")
    assert again.response.content.startswith("There is no move of yours to take back.")
    stale = await mover.click(board, label="Your move")
    assert stale.ephemeral and "the game has moved on" in stale.response.content


def answer_refusals(key: str, table_seed: int, players: int, moves: list, answers: int) -> list[str | None]:
    """The engine's undo refusal of each of the last ``answers`` standing moves, oldest first."""
    game = games.get(key)
    stack = MoveStack(game, game.setup(players, table_seed, game.normalize_options({})),
                      [(m.seat, m.notation) for m in moves[:-answers]])
    found = []
    for answer in moves[-answers:]:
        before = stack.state
        stack.play(answer.seat, answer.notation)
        found.append(game.undo_refusal(before, stack.state, answer.seat, game.parse(before, answer.notation)))
    return found


@pytest.mark.parametrize("key", ["mor", "lim"])
async def test_undo_takes_back_the_ai_answers_too_unless_one_turned_something_up(table, env, key):
    """CORE-UNDO with AI seats: alone with an AI, a player takes back a misclick the AI has already
    answered, together with the answer, as long as the answer revealed nothing; otherwise the
    refusal names the answer and nothing changes. The AI is never left owing a move. (In Opera
    Magna nearly every turn, the player's and the AI's, turns something up, so neither case comes
    within a few turns there; the path is the same for every game.)"""
    await table.alice.slash(table.channel, "game new", game=key, players=2, bots=1, level="easy")
    await table.alice.slash(table.channel, "game start")
    game_id = int(table.last().attachments[0].filename.split("-")[1])
    seat = (await env.bot.service.game(game_id)).seat_of(table.alice.id)
    seen: set = set()
    for _ in range(80):
        if {"allowed", "refused"} <= seen:
            break
        state = await game_state(env.bot, game_id)
        if games.get(key).result(state) is not None:
            break
        notation, refusal = choose(key, state, seat, {None})
        await move(table.alice, table.channel, key, notation)
        moves = standing(await env.bot.store.moves(game_id))
        own = max(i for i, m in enumerate(moves) if m.seat == seat and not m.automatic)
        answers = len(moves) - 1 - own
        if refusal is not None or not answers or any(m.seat == seat for m in moves[own + 1:]):
            continue  # the misclick itself stands, or no AI answered it, or alice moves again
        served = await env.bot.service.game(game_id)
        refusals = answer_refusals(key, served.row.seed, 2, moves, answers)
        after, version = await snapshot_of(env, game_id)
        posts = len(table.channel.history())
        answer = await table.alice.slash(table.channel, "game undo")
        numbers = move_numbers(await env.bot.store.moves(game_id))
        if all(found is None for found in refusals):
            text = text_of(table.last())
            assert f"took back move {numbers[moves[own].seq]}" in text
            assert all(f"Move {numbers[m.seq]} was taken back with it" in text for m in moves[own + 1:])
            assert (await snapshot_of(env, game_id)) == (games.get(key).dumps(state), version + answers + 1)
            assert len(table.channel.history()) == posts  # the undo edits the turn's message
            log = (await table.alice.slash(table.channel, "game since")).response.content
            assert f"\nMove {numbers[moves[-1].seq]} ({served.names()[moves[-1].seat]}) was taken back." in log
            await move(table.alice, table.channel, key, notation)  # play on as before
            seen.add("allowed")
        else:
            first = next(i for i, found in enumerate(refusals) if found is not None)
            name = served.names()[moves[own + 1 + first].seat]
            assert answer.ephemeral and answer.response.content.startswith(
                f"Your move stands: {name}'s move {numbers[moves[own + 1 + first].seq]} came after it")
            assert refusals[first] in answer.response.content
            assert (await snapshot_of(env, game_id)) == (after, version)
            assert len(table.channel.history()) == posts
            seen.add("refused")
        assert not (await env.bot.service.game(game_id)).ai_to_move()
    assert seen == {"allowed", "refused"}


async def test_since_your_move_shows_every_public_event_with_numbers_and_board_links(table, env):
    game_id = await open_game(table, "mor")
    game = games.get("mor")
    state = await game_state(env.bot, game_id)
    alice_keep = choose("mor", state, 0, {None})[0]
    await move(table.alice, table.channel, "mor", alice_keep)
    bob_keep = game.notation(game.legal_actions(await game_state(env.bot, game_id), 1)[0])
    await move(table.bob, table.channel, "mor", bob_keep)
    board = table.last()
    assert "Since your move" in [child.label for child in controls_of(board)]
    digest = await table.alice.click(board, label="Since your move")
    assert digest.ephemeral
    text = digest.response.content
    assert text.startswith("Since your move 1:") and "\n2. bob kept 2 leaders" in text
    assert JUMP_URL.search(text) and board.jump_url in text
    hidden = [word for word in bob_keep.split() if re.fullmatch(r"L\d+", word)]
    assert hidden and not any(leader in text for leader in hidden)  # a kept leader is never shown
    command = await table.bob.slash(table.channel, "game since")
    assert command.ephemeral and "Nothing has happened since your last move." in command.response.content
    outsider = await table.carol.slash(table.channel, "game since")
    assert "not playing at this table" in outsider.response.content


async def lim_with_a_move_to_take_back(table: Table, env):
    """A new Lorenzo game: its first mover, the other player, and a first move that may be taken back."""
    game_id = await open_game(table, "lim")
    state = await game_state(env.bot, game_id)
    seat = min(games.get("lim").actors(state))
    mover = table.member((await env.bot.service.game(game_id)).user_of(seat))
    other = table.bob if mover is table.alice else table.alice
    return mover, other, choose("lim", state, seat, {None})[0]


async def test_since_marks_a_move_taken_back_and_the_undo(table, env):
    mover, other, notation = await lim_with_a_move_to_take_back(table, env)
    await move(mover, table.channel, "lim", notation)
    await mover.slash(table.channel, "game undo")
    await move(mover, table.channel, "lim", notation)
    digest = (await other.slash(table.channel, "game since")).response.content
    assert digest.startswith("Since the start:")
    lines = digest.splitlines()[1:]
    assert lines[0].startswith("1. ") and "(taken back)" in lines[0]
    assert lines[1].startswith(f"{mover.name} took back move 1.")  # an undo is no move: it has no number
    assert lines[2].startswith("2. ") and "(taken back)" not in lines[2]


async def test_a_reminder_offers_the_catch_up_digest_too(table, env):
    await open_game(table, "opera")
    actor = table.actor()
    await env.advance_time(25 * 3600)
    reminder = table.last()
    assert text_of(reminder).startswith("Reminder:") and f"<@{actor.id}>" in text_of(reminder)
    digest = await actor.click(reminder, label="Since your move")
    assert digest.ephemeral and digest.response.content == "No one has moved yet."


def test_a_long_digest_is_cut_between_lines():
    assert split_message("a\nbb\ncc", limit=4) == ["a\nbb", "cc"]
    assert split_message("x" * 6 + "\ny", limit=4) == ["xxx…", "y"]


async def test_a_long_digest_comes_in_several_private_messages(table, env):
    mover, other, notation = await lim_with_a_move_to_take_back(table, env)
    for _ in range(12):
        await move(mover, table.channel, "lim", notation)
        await mover.slash(table.channel, "game undo")
    digest = await other.slash(table.channel, "game since")
    parts = [digest.response, *digest.followups]
    assert len(parts) > 1 and all(part.ephemeral and len(text_of(part)) <= 2000 for part in parts)
    lines = "\n".join(text_of(part) for part in parts).splitlines()
    assert lines[0] == "Since the start:" and len(lines) == 1 + 24
    assert lines[-1].startswith(f"{mover.name} took back move 12.") and JUMP_URL.search(lines[-1])


async def test_after_the_last_move_undo_says_the_game_is_over(table, env):
    board = await table.open()  # duel: whoever brings the count to 10 wins
    for _ in range(10):
        if "Game over" in text_of(table.last()):
            break
        await table.actor().slash(table.channel, "duel move", notation="add 3")
    assert "Game over" in text_of(table.last())
    answer = await table.alice.slash(table.channel, "game undo")
    assert answer.ephemeral and answer.response.content == "The game here is over: the move that ended it stands."
    assert board.id != table.last().id
