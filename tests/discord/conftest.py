"""Fixtures for the Discord tests: the real bot against simcord, checked against Discord's spec.

After every test, each REST request the bot sent is validated against Discord's published OpenAPI
description (see ``openapi_contract.py``); when the file is absent those checks are skipped and
``test_openapi_reference_present`` says why.

The Discord layer does not depend on any one game, so most tests play ``duel`` (a tiny real game
in ``duel_game.py``, registered only while the tests run); the Masters of Renaissance playthrough
uses the real engine.
"""

from __future__ import annotations

import re
from pathlib import Path
import discord
import pytest
import simcord
from openapi_contract import load_contract

import games
from bot.bot import BottegaBot, create_bot
from bot.config import Config
from db import Store


REMINDER_CHECK_SECONDS = 60 * 60
"""How often the test bots look for due reminders: each simulated check costs real time (the
store answers from its own thread), and the tests skip whole days."""


GAME_SEED = 20261129
"""Every table the test bots open uses this seed, so each test plays the same game every run."""


@pytest.fixture(autouse=True)
def duel_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games._MODULES, "duel", "duel_game")


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return Config(token=None, database_path=tmp_path / "bottega.db", dev_guild_id=None)


@pytest.fixture
async def make_bot(config: Config):
    """Builds bots on the test's database, each with its own connection, closed at the end.

    The store is opened here rather than by ``setup_hook`` because under simcord the store's
    start-up PRAGMAs (whose result rows are never read) stay referenced, so SQLite refuses the
    first migration COMMIT; in production and in the console the bot opens it itself.
    """
    stores: list[Store] = []

    async def make(**kwargs) -> BottegaBot:
        chosen = kwargs.pop("config", config)
        store = await Store.open(chosen.database_path)
        stores.append(store)
        kwargs.setdefault("reminder_check_seconds", REMINDER_CHECK_SECONDS)
        kwargs.setdefault("seed_source", lambda: GAME_SEED)
        return create_bot(chosen, store=store, **kwargs)

    yield make
    for store in stores:
        await store.close()


@pytest.fixture
async def simcord_bot(make_bot) -> BottegaBot:
    return await make_bot()


@pytest.fixture
async def env(simcord_env: simcord.Env):
    """The running simulation; after the test every REST request is checked against the spec."""
    yield simcord_env
    contract = load_contract()
    if contract is None:
        return
    problems = contract.problems(simcord_env.http_requests)
    assert not problems, "requests Discord's OpenAPI description rejects:\n" + "\n".join(problems)


class Table:
    """A server with a games channel, three players and a server manager who does not play."""

    def __init__(self, env: simcord.Env) -> None:
        self.env = env
        self.guild = env.create_guild("Bottega Club")
        self.channel = self.guild.create_text_channel("games")
        self.alice = self.guild.add_member(env.create_user("alice"))
        self.bob = self.guild.add_member(env.create_user("bob"))
        self.carol = self.guild.add_member(env.create_user("carol"))
        managers = self.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
        self.manager = self.guild.add_member(env.create_user("mona"), roles=[managers])
        self.members = [self.alice, self.bob, self.carol, self.manager]

    def member(self, user_id: int) -> simcord.MemberActor:
        return next(m for m in self.members if m.id == user_id)

    def last(self) -> discord.Message:
        message = self.channel.last_message
        assert message is not None
        return message

    def actor(self, message: discord.Message | None = None) -> simcord.MemberActor:
        """The one player the (latest) board pings."""
        pinged = {int(i) for i in re.findall(r"<@(\d+)>", (message or self.last()).content)}
        assert len(pinged) == 1, (message or self.last()).content
        return self.member(pinged.pop())

    async def open(self, players: int = 2, *, start: bool = True, options: str = "") -> discord.Message:
        """alice opens a duel, bob (and carol) join, alice starts; returns the first board."""
        extra = {"options": options} if options else {}
        await self.alice.slash(self.channel, "game new", game="duel", players=players, **extra)
        for member in [self.bob, self.carol][: players - 1]:
            await member.slash(self.channel, "game join")
        if start:
            await self.alice.slash(self.channel, "game start")
        return self.last()


@pytest.fixture
def table(env: simcord.Env) -> Table:
    return Table(env)
