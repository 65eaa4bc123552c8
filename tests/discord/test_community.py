"""History and community through Discord: the summary image at game over, rematches, ratings
(checked against openskill computed directly), the leaderboard and stats."""

from __future__ import annotations

import io
import random
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from bottega_harness import Table, move, text_of
from openskill.models import PlackettLuce
from PIL import Image

import games
from bot.config import Config
from bot.table.results import table_summary
from rendering.summary import render_summary

MODEL = PlackettLuce()


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """AI seats move at once (the tests' clock only moves when told)."""
    return Config(token=None, database_path=tmp_path / "bottega.db", dev_guild_id=None, render_workers=0,
                  ai_pause_seconds=0, ai_time_limit_seconds=30)


async def game_in(env, channel_id: int):
    return await env.bot.service.table(channel_id)


async def play_to_the_last_move(env, table: Table, key: str, seed: int) -> tuple:
    """Record random legal moves of the channel's game in the store (as scripted moves) up to the
    move that ends it; returns the member who must play that move and its notation."""
    rng = random.Random(seed)
    started = await game_in(env, table.channel.id)
    game, state, version = started.game, started.state, started.row.version
    while True:
        seat = min(game.actors(state))
        action = rng.choice(game.legal_actions(state, seat))
        after, _ = game.apply(state, seat, action)
        if game.result(after) is not None:
            return table.member(started.user_of(seat)), game.notation(action)
        row = await env.bot.store.record_move(
            started.row.id, expected_version=version, seat=seat, user_id=started.user_of(seat),
            notation=game.notation(action), now=datetime.now(UTC))
        state, version = after, row.version


async def finish_duel(table: Table, channel=None) -> None:
    """The pinged players add 3 until someone reaches 10."""
    channel = channel or table.channel
    while "Game over." not in text_of(channel.last_message):
        await table.actor(channel.last_message).slash(channel, "duel move", notation="add 3")


# --------------------------------------------------------------------------- the summary image
@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
async def test_game_over_posts_a_summary_image_beside_the_final_board(table, env, key):
    await table.alice.slash(table.channel, "game new", game=key, players=3)
    await table.bob.slash(table.channel, "game join")
    await table.carol.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    game_id = (await game_in(env, table.channel.id)).row.id
    last_player, notation = await play_to_the_last_move(env, table, key, seed=3)
    await move(last_player, table.channel, key, notation)
    final = table.last()
    assert "Game over." in text_of(final)
    board, focused, picture = final.attachments
    assert focused.filename.endswith("-now.png")
    assert board.filename == f"{key}-{game_id}-{(await env.bot.service.game(game_id)).row.version}.png"
    assert picture.filename == f"{key}-{game_id}-summary.png"
    finished = await env.bot.service.game(game_id)
    moves = await env.bot.store.moves(game_id)
    drawn = await picture.read()
    assert drawn == render_summary(table_summary(finished, moves))
    image = Image.open(io.BytesIO(drawn))
    assert image.width <= 1600 and image.height <= 1600
    shown = table_summary(finished, moves)
    result = finished.game.result(finished.state)
    assert [row["total"] for row in shown["rows"]] == sorted((s["total"] for s in result["scores"]), reverse=True)
    assert shown["labels"][-1] == "end" and len(shown["labels"]) > 2  # a point per round, then the final scores
    assert [line[-1] for line in shown["series"]] == [s["total"] for s in result["scores"]]


# --------------------------------------------------------------------------- ratings
def expected_ratings(games_played: list[list[tuple[str, int]]]) -> dict[str, tuple[float, float]]:
    """openskill run directly over the same games: each a list of (player, place)."""
    ratings: dict[str, object] = {}
    for placings in games_played:
        teams = [[ratings.get(name) or MODEL.rating()] for name, _ in placings]
        rated = MODEL.rate(teams, ranks=[place for _, place in placings])
        for (name, _), team in zip(placings, rated, strict=True):
            ratings[name] = team[0]
    return {name: (rating.mu, rating.sigma) for name, rating in ratings.items()}


async def placings_of(env, game_id: int) -> list[tuple[str, int]]:
    finished = await env.bot.service.game(game_id)
    result = finished.game.result(finished.state)
    place = {seat: rank + 1 for rank, group in enumerate(result["ranking"]) for seat in group}
    levels = finished.ai_levels()
    return [(f"ai:{levels[seat]}" if seat in levels else str(finished.user_of(seat)), place[seat])
            for seat in range(len(finished.seats))]


async def test_ratings_follow_openskill_over_games_with_ties_four_players_and_an_ai(table, env):
    played: list[list[tuple[str, int]]] = []
    for players in (4, 2, 4, 3):
        await table.alice.slash(table.channel, "game new", game="duel", players=players)
        for member in [table.bob, table.carol, table.manager][: players - 1]:
            await member.slash(table.channel, "game join")
        await table.alice.slash(table.channel, "game start")
        game_id = (await game_in(env, table.channel.id)).row.id
        await finish_duel(table)
        played.append(await placings_of(env, game_id))
    assert any(len({place for _, place in game}) < len(game) for game in played)  # duel ties the losers
    # An AI seat is rated as its level's identity.
    await table.alice.slash(table.channel, "game new", game="duel", players=2, bots=1, level="easy")
    await table.alice.slash(table.channel, "game start")
    game_id = (await game_in(env, table.channel.id)).row.id
    while "Game over." not in text_of(table.last()):
        await table.alice.slash(table.channel, "duel move", notation="add 1")
        await env.settle()
    played.append(await placings_of(env, game_id))
    # An abandoned game does not count.
    await table.alice.slash(table.channel, "game new", game="duel", players=2)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    await table.actor().slash(table.channel, "duel move", notation="add 3")
    await table.alice.slash(table.channel, "game abandon")

    stored = {(str(row.user_id) if not row.ai_level else f"ai:{row.ai_level}"): row
              for row in await env.bot.store.ratings(table.guild.id, game_key="duel")}
    expected = expected_ratings(played)
    assert set(stored) == set(expected)
    for name, (mu, sigma) in expected.items():
        assert stored[name].rating.mu == pytest.approx(mu, abs=1e-9)
        assert stored[name].rating.sigma == pytest.approx(sigma, abs=1e-9)
        assert stored[name].rating.games == sum(name in dict(game) for game in played)
        assert stored[name].rating.wins == sum(dict(game).get(name) == 1 for game in played)
    assert stored["ai:easy"].display_name == "Bottega AI (easy)"


async def test_leaderboard_and_stats(table, env):
    for _ in range(2):
        await table.open(3)
        await finish_duel(table)
    board = await table.carol.slash(table.channel, "game leaderboard", game="duel")
    lines = board.response.content.splitlines()
    assert "best players of this server" in lines[0]
    rows = await env.bot.store.ratings(table.guild.id, game_key="duel")
    assert len(lines) == 1 + len(rows) == 4
    for place, row in enumerate(rows, start=1):
        assert lines[place] == f"{place}. **{row.display_name}**: {row.rating.shown:.1f} (2 games)"
    assert [r.rating.shown for r in rows] == sorted((r.rating.shown for r in rows), reverse=True)

    mine = await table.bob.slash(table.channel, "game stats")
    bob = next(r for r in rows if r.user_id == table.bob.id)
    title = games.get("duel").title
    assert mine.response.content.splitlines() == [
        "**bob** on this server:",
        (f"**{title}**: 2 games played, {bob.rating.wins} won, average score {bob.rating.average:.1f}, "
         f"rating {bob.rating.shown:.1f}"),
    ]
    theirs = await table.bob.slash(table.channel, "game stats", member=table.alice, game="duel")
    assert theirs.response.content.startswith("**alice** on this server:")
    nothing = await table.bob.slash(table.channel, "game stats", member=table.manager)
    assert nothing.response.content == "mona has no finished games on this server yet."
    empty = await table.bob.slash(table.channel, "game leaderboard", game="mor")
    assert empty.response.content == "No game of Masters of Renaissance has finished on this server yet."


# --------------------------------------------------------------------------- rematches
async def test_rematch_opens_the_same_table_and_starts_once_everyone_confirms(table, env):
    await table.open(3, options="wide=true")
    first = await game_in(env, table.channel.id)
    await finish_duel(table)
    opened = await table.carol.slash(table.channel, "game rematch")
    assert "Rematch opened" in opened.response.content
    invite = table.last()
    assert f"<@{table.alice.id}>" in text_of(invite) and f"<@{table.bob.id}>" in text_of(invite)
    assert f"**carol** opened a rematch of **{games.get('duel').title}**" in text_of(invite)
    rematch = await game_in(env, table.channel.id)
    assert rematch.row.status == "lobby" and rematch.row.options == first.row.options
    assert rematch.row.players == 3 and rematch.row.host_id == table.carol.id
    outsider = await table.manager.click(invite, label="Join the rematch")
    assert outsider.response.content == "This table is a rematch: only the players of the last game can take its seats."
    assert (await table.manager.slash(table.channel, "game join")).response.content == outsider.response.content
    await table.alice.click(invite, label="Join the rematch")
    assert "joined the table (2/3)" in text_of(table.last())
    await table.bob.click(invite, label="Join the rematch")
    started = table.last()
    assert "**bob** joined the rematch: everyone is in." in text_of(started) and "begins" in text_of(started)
    playing = await game_in(env, table.channel.id)
    assert playing.row.status == "active" and {s.user_id for s in playing.seats} == {s.user_id for s in first.seats}
    again = await table.alice.slash(table.channel, "game rematch")
    assert again.response.content == "This channel's rematch table is already open: press its Join the rematch button."


async def test_a_rematch_of_a_game_in_a_thread_opens_a_new_thread(table, env):
    await table.alice.slash(table.channel, "game new", game="duel", players=2, thread=True)
    thread = table.channel.threads[0]
    await table.bob.slash(thread, "game join")
    await table.alice.slash(thread, "game start")
    await finish_duel(table, thread)
    opened = await table.bob.slash(thread, "game rematch")
    assert len(table.channel.threads) == 2
    new_thread = table.channel.threads[1]
    assert new_thread.mention in opened.response.content
    await table.alice.click(new_thread.last_message, label="Join the rematch")
    assert "begins" in text_of(new_thread.last_message)
    twice = await table.alice.slash(thread, "game rematch")
    assert twice.response.content == "This game already has a rematch table."


async def test_rematch_refusals(table, env):
    nothing = await table.alice.slash(table.channel, "game rematch")
    assert nothing.response.content == "There is no finished game in this channel to play again."
    await table.open(2)
    early = await table.alice.slash(table.channel, "game rematch")
    assert early.response.content == "The game is not over yet: a rematch can be opened once it has ended."
    await finish_duel(table)
    stranger = await table.carol.slash(table.channel, "game rematch")
    assert stranger.response.content == "Only the players of the last game can open a rematch."
    await table.open(2)
    await table.alice.slash(table.channel, "game abandon")
    abandoned = await table.bob.slash(table.channel, "game rematch")
    assert abandoned.response.content == "The last game here was abandoned: only a finished game can be played again."


async def test_a_rematch_against_the_ai_alone_starts_at_once(table, env):
    await table.alice.slash(table.channel, "game new", game="duel", players=2, bots=1, level="easy")
    await table.alice.slash(table.channel, "game start")
    while "Game over." not in text_of(table.last()):
        await table.alice.slash(table.channel, "duel move", notation="add 1")
        await env.settle()
    await table.alice.slash(table.channel, "game rematch")
    await env.settle()
    again = await game_in(env, table.channel.id)
    assert again.row.status == "active" and again.ai_levels() and re.search("begins", "\n".join(
        text_of(m) for m in table.channel.history()[-3:]))
