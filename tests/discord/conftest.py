"""Fixtures for the Discord tests: the real bot against simcord, checked against Discord's spec.

After every test, each REST request the bot sent is validated against Discord's published OpenAPI
description (see ``openapi_contract.py``); when the file is absent those checks are skipped and
``test_openapi_reference_present`` says why.

The Discord layer does not depend on any one game, so most tests play ``duel`` (a tiny real game
in ``duel_game.py``, registered only while the tests run); the Masters of Renaissance playthrough
uses the real engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord
from bottega_harness import GAME_SEED, REMINDER_CHECK_SECONDS, Table
from openapi_contract import load_contract

import games
from bot.bot import BottegaBot, create_bot
from bot.config import Config
from db import Store


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


@pytest.fixture
def table(env: simcord.Env) -> Table:
    return Table(env)
