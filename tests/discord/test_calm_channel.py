"""A calm channel: one public message per turn of a player.

The steps of one turn edit that turn's message (a new image, the lines appended, nobody pinged);
a new message, which pings the players who must act now (never the one who just moved), comes
only when the turn passes to someone else and at the end. Played through Discord with the real
engines; every request (message edits with their new image included) is checked against
Discord's OpenAPI description by the ``env`` fixture.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from bottega_harness import Table, move, text_of

from bot.table import TableError


@dataclass
class Step:
    continued: bool
    requests: list


class Watch:
    """Plays random suggested moves and checks each against the calm-channel promise."""

    def __init__(self, table: Table, env, key: str) -> None:
        self.table, self.env, self.key = table, env, key
        self.steps: list[Step] = []

    async def current(self):
        """The channel's table; None once the game is over (the channel is free again)."""
        try:
            return await self.env.bot.service.table(self.table.channel.id)
        except TableError:
            return None

    async def step(self, rng: random.Random) -> bool:
        """One move of a player who must act; False once the game is over."""
        before = await self.current()
        if before is None:
            return False
        game = before.game
        acting = game.actors(before.state)
        seat = min(acting)
        mover = self.table.member(before.user_of(seat))
        choices = await mover.autocomplete(self.table.channel, f"{self.key} move", "notation", "")
        messages, requests = len(self.table.channel.history()), len(self.env.http_requests)
        shown = self.table.last()
        shown_picture = shown.attachments[0].id if shown.attachments else None
        await move(mover, self.table.channel, self.key, rng.choice(choices)["value"])
        after = await self.current()
        channel_path = f"/channels/{self.table.channel.id}/messages"
        sent = [r for r in self.env.http_requests[requests:] if r.path.startswith(channel_path)]
        continued = (after is not None and not after.finished() and game.actors(after.state) <= acting
                     and bool(game.actors(after.state))
                     and game.turn_number(before.state) == game.turn_number(after.state))
        if continued:
            assert len(self.table.channel.history()) == messages, "a step of the turn posts no new message"
            [edit] = [r for r in sent if r.method == "PATCH"]
            assert not [r for r in sent if r.method == "POST"]
            assert edit.path == f"{channel_path}/{shown.id}", "the turn's own message is edited"
            assert edit.json["allowed_mentions"]["users"] == [], "an edit pings nobody"
            edited = self.table.last()
            assert edited.id == shown.id and text_of(edited) != text_of(shown)
            assert edited.attachments and edited.attachments[0].id != shown_picture, "the edit carries the new board"
        else:
            assert len(self.table.channel.history()) == messages + 1, "the turn passed: one new message"
            [post] = [r for r in sent if r.method == "POST"]
            if after is None or after.finished():  # the final board pings every player
                expected = sorted(seat.user_id for seat in before.seats if seat.ai_level is None)
            else:
                expected = sorted(user for user in after.actor_users() if user != mover.id)
            assert sorted(int(u) for u in post.json["allowed_mentions"]["users"]) == expected
        self.steps.append(Step(continued, sent))
        return True

    async def play(self, rng: random.Random, limit: int) -> None:
        for _ in range(limit):
            if not await self.step(rng):
                return


async def open_table(table: Table, key: str, players: int) -> None:
    await table.alice.slash(table.channel, "game new", game=key, players=players)
    for member in [table.bob, table.carol][: players - 1]:
        await member.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
async def test_two_players_see_one_message_per_turn(table, env, key):
    await open_table(table, key, 2)
    watch = Watch(table, env, key)
    await watch.play(random.Random(3), 60)
    continued = sum(step.continued for step in watch.steps)
    assert continued > 5, "the game had steps within a turn"
    # the table opened, bob joined, the game began: every other message is a turn passing
    assert len(table.channel.history()) == 3 + len(watch.steps) - continued


async def test_a_whole_two_player_masters_game_holds_one_message_per_turn(table, env):
    await open_table(table, "mor", 2)
    watch = Watch(table, env, "mor")
    await watch.play(random.Random(5), 2000)
    assert "Game over." in text_of(table.last()) and "Winner:" in text_of(table.last())
    passes = sum(not step.continued for step in watch.steps)
    assert len(table.channel.history()) == 3 + passes
    assert len(watch.steps) > 2 * passes, "most steps edit their turn's message"


async def test_a_solo_player_is_not_pinged_for_their_own_next_turn(table, env):
    await open_table(table, "mor", 1)
    watch = Watch(table, env, "mor")
    await watch.play(random.Random(7), 40)
    new_turns = [step for step in watch.steps if not step.continued]
    assert len(new_turns) >= 3
    for step in new_turns:  # each turn begins a new message, which pings nobody
        [post] = [r for r in step.requests if r.method == "POST"]
        assert post.json["allowed_mentions"]["users"] == []


async def test_after_a_restart_the_next_step_still_edits_the_turn_message(table, env, make_bot):
    await open_table(table, "mor", 1)
    watch = Watch(table, env, "mor")
    rng = random.Random(11)
    while True:  # up to a step that leaves the turn open
        await watch.step(rng)
        if watch.steps[-1].continued:
            break
    turn_message = table.last().id
    await env.restart_bot(await make_bot())
    watch.steps.clear()
    while not watch.steps or watch.steps[-1].continued:
        await watch.step(rng)
        if watch.steps[-1].continued:
            assert table.last().id == turn_message


async def test_status_for_everyone_pings_nobody(table, env):
    await open_table(table, "lim", 2)
    requests = len(env.http_requests)
    await table.bob.slash(table.channel, "game status", public=True)
    [post] = [r for r in env.http_requests[requests:] if r.method == "POST" and r.path.endswith("/messages")]
    assert post.json["allowed_mentions"]["users"] == []
    assert "<@" in text_of(table.last()), "the board still names who must act"
