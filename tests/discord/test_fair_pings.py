"""One ping per person per turn, checked as an invariant over simulated weeks of a three-player
Masters of Renaissance table through Discord: random moves, undos, timeouts (in the leaders'
simultaneous decision too), open seats taken with `/game sit`, `/game replace`, vacations and quiet
hours. Between two moves at a person's seat (or since they sat down in it) the table pings them
at most once; reminders, which come by design once a day, are not turn pings."""

from __future__ import annotations

import random

import pytest
from bottega_harness import game_state, move, text_of
from turn_clocks import config, patient  # noqa: F401 (the fixtures of turn-time tests)

import games

HOUR = 3600


class PingLedger:
    """Turn pings per person since the last move at the seat they hold (or since they sat down)."""

    def __init__(self, env, table) -> None:
        self.env, self.table = env, table
        self.requests = 0
        self.moves = 0
        self.holders: dict[int, int] = {}
        self.since: dict[int, int] = {}

    async def check(self, game_id: int, what: str) -> None:
        served = await self.env.bot.service.game(game_id)
        holders = {s.seat: s.user_id for s in served.seats}
        for seat, user in holders.items():
            if self.holders.get(seat) != user:
                self.since[user] = 0  # sat down: a new holder starts afresh
        self.holders = holders
        moves = await self.env.bot.store.moves(game_id)
        for stored in moves[self.moves:]:
            self.since[holders[stored.seat]] = 0
        self.moves = len(moves)
        prefix = f"/channels/{self.table.channel.id}/messages"
        for request in self.env.http_requests[self.requests:]:
            if request.method != "POST" or not request.path.endswith(prefix) or not request.json:
                continue
            if str(request.json.get("content", "")).startswith("Reminder:"):
                continue
            for user in (request.json.get("allowed_mentions") or {}).get("users", []):
                self.since[int(user)] = self.since.get(int(user), 0) + 1
        self.requests = len(self.env.http_requests)
        twice = {user: count for user, count in self.since.items() if count > 1}
        assert not twice, f"pinged twice in one turn after {what}: {twice}"


async def a_week(table, env, seed: int, steps: int) -> int:
    rng = random.Random(seed)
    game = games.get("mor")
    await table.alice.slash(table.channel, "game new", game="mor", players=3)
    await table.bob.slash(table.channel, "game join")
    await table.carol.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    game_id = int(table.last().attachments[0].filename.split("-")[1])
    await table.alice.slash(table.channel, "game settings", turn_hours="24", on_timeout="skip", strike_limit=2,
                            reminder_hours=168)
    ledger = PingLedger(env, table)
    await ledger.check(game_id, "the start")
    operations = []
    for _ in range(steps):
        served = await env.bot.service.game(game_id)
        if served.finished():
            break
        state = await game_state(env.bot, game_id)
        seated = {s.user_id: s for s in served.seats}
        members = [m for m in table.members if m.id in seated]
        outsiders = [m for m in table.members if m.id not in seated]
        roll = rng.random()
        if roll < 0.55:
            acting = [m for m in members if served.seat_of(m.id) in game.actors(state)
                      and seated[m.id].opened_at is None]
            if not acting:
                continue
            member = rng.choice(acting)
            seat = served.seat_of(member.id)
            actions = game.legal_actions(state, seat)
            await move(member, table.channel, "mor", game.notation(rng.choice(actions[:6])))
            what = f"a move by {member.user.name}"
        elif roll < 0.7:
            member = rng.choice(members)
            await member.slash(table.channel, "game undo")
            what = f"an undo by {member.user.name}"
        elif roll < 0.82:
            hours = rng.choice([6, 20, 30])
            await env.advance_time(hours * HOUR)
            what = f"{hours} hours"
        elif roll < 0.88 and outsiders:
            member = rng.choice(outsiders)
            await member.slash(table.channel, "game sit")
            what = f"a sit by {member.user.name}"
        elif roll < 0.92 and outsiders:
            old, new = rng.choice(members), rng.choice(outsiders)
            await table.manager.slash(table.channel, "game replace", old=old, new=new)
            what = f"{new.user.name} replacing {old.user.name}"
        elif roll < 0.96:
            member = rng.choice(members)
            if rng.random() < 0.5:
                await member.slash(table.channel, "game away", days=rng.choice([1, 2]))
                what = f"{member.user.name} away"
            else:
                await member.slash(table.channel, "game back")
                what = f"{member.user.name} back"
        else:
            member = rng.choice(members)
            await member.slash(table.channel, "game quiet", start=rng.randrange(24), end=rng.randrange(24),
                               timezone="Europe/Rome")
            what = f"quiet hours for {member.user.name}"
        await env.settle()
        operations.append(what)
        await ledger.check(game_id, what)
    return len(operations)


@pytest.mark.parametrize("seed", [1, 2])
async def test_one_ping_per_person_per_turn_over_a_simulated_week(table, env, seed):
    assert await a_week(table, env, seed, steps=70) >= 40


async def test_an_ai_seats_turn_is_one_message(table, env):
    await table.alice.slash(table.channel, "game new", game="duel", players=2, bots=1, level="easy")
    await table.alice.slash(table.channel, "game start")
    await env.settle()
    turns = 0
    for _ in range(3):
        if "Game over." in text_of(table.last()) or f"<@{table.alice.id}>" not in text_of(table.last()):
            break
        turns += 1
        posts = len(table.channel.history())
        await table.alice.slash(table.channel, "duel move", notation="add 1")
        await env.settle()
        new = table.channel.history()[posts:]
        assert len(new) <= 1, [text_of(m) for m in new]  # alice's move edits her turn; the AI's turn is one post
        if new and "Game over." not in text_of(new[0]):
            assert "Bottega AI (easy) adds" in text_of(new[0]) and f"<@{table.alice.id}>" in text_of(new[0])
    assert turns >= 2
