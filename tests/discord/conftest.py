"""Fixtures for the Discord tests: the real bot against simcord, checked against Discord's spec.

After every test, each REST request the bot sent is validated against Discord's published OpenAPI
description (see ``openapi_contract.py``); when the file is absent those checks are skipped and
``test_openapi_reference_present`` says why.

The Discord layer does not depend on any one game, so most tests play ``duel`` (a tiny real game
in ``duel_game.py``, registered only while the tests run); the Masters of Renaissance playthrough
uses the real engine.

What several test modules share is here or in a support module beside it, never in a test module:
``bottega_harness.py`` (the table of members), ``component_payloads.py`` (buttons and selects as
Discord receives them), ``locales.py`` (members who speak Japanese or Korean), ``turn_clocks.py``
(the clock of the turn-time and presence tests) and ``ai_games.py`` (a person against the AI).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord
import simcord.interactions
from bottega_harness import GAME_SEED, REMINDER_CHECK_SECONDS, Table
from locales import LOCALES
from openapi_contract import load_contract

import games
from bot.bot import BottegaBot, create_bot
from bot.config import Config


@pytest.fixture(autouse=True)
def duel_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games._MODULES, "duel", "duel_game")


@pytest.fixture
def member_locales(monkeypatch: pytest.MonkeyPatch):
    """Interactions carry each member's own locale (``locales.LOCALES``, cleared after the test) and
    their server's preferred one."""
    create = simcord.interactions.base_payload

    def with_locale(backend, **kwargs):
        record, payload = create(backend, **kwargs)
        payload["locale"] = LOCALES.get(kwargs["user_id"], "en-US")
        guild_id = kwargs.get("guild_id")
        if guild_id is not None:
            payload["guild_locale"] = backend.get_guild(guild_id).preferred_locale or "en-US"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locale)
    yield
    LOCALES.clear()


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return Config(token=None, database_path=tmp_path / "bottega.db", dev_guild_id=None, render_workers=0)


@pytest.fixture
async def make_bot(config: Config):
    """Builds bots on the test's database; each opens its own store at start-up.

    simcord never calls ``close`` (a restart just detaches the old bot), so the stores the bots
    opened (and their AI and review worker processes) are closed here.
    """
    bots: list[BottegaBot] = []

    async def make(**kwargs) -> BottegaBot:
        kwargs.setdefault("reminder_check_seconds", REMINDER_CHECK_SECONDS)
        kwargs.setdefault("seed_source", lambda: GAME_SEED)
        bot = create_bot(kwargs.pop("config", config), **kwargs)
        # No post-game review unless a test gives the bot a review runner (test_coach.py): a real
        # review would keep the simulation busy for minutes, so it would never settle.
        bot.review_runner = None  # (its pool starts at its first review: nothing to close)
        bots.append(bot)
        return bot

    yield make
    for bot in bots:
        bot.ai.close()  # the AI's worker processes, if it had any
        if bot.review_runner is not None:
            bot.review_runner.close()  # and the review's
        if bot.store is not None:
            await bot.store.close()


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
