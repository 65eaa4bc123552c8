"""The bot's clock in the Discord tests of turn time and presence: a clock the test sets, the
messages it looks for, and the fixtures of the turn-time tests (quick AI decisions, and a
simulation that waits for them)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from bottega_harness import REMINDER_CHECK_SECONDS, Table, text_of

from bot.config import Config

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


class FakeClock:
    """The bot's "now", moved by the test; each ``env.advance_time`` runs one reminder pass."""

    def __init__(self, start: datetime) -> None:
        self.at = start

    def __call__(self) -> datetime:
        return self.at


async def clocked_bot(env, make_bot, start: datetime) -> FakeClock:
    clock = FakeClock(start)
    await env.restart_bot(await make_bot(clock=clock))
    return clock


async def at(env, clock: FakeClock, moment: datetime) -> None:
    """Set the clock to ``moment`` and let one reminder pass run."""
    clock.at = moment
    await env.advance_time(REMINDER_CHECK_SECONDS)


def reminders(table):
    return [m for m in table.channel.history() if text_of(m).startswith("Reminder:")]


def saying(table, words: str):
    return [m for m in table.channel.history() if words in text_of(m)]


def stamp(moment: datetime) -> str:
    return f"<t:{int(moment.timestamp())}:R>"


def timeouts(table: Table) -> list[str]:
    return [text_of(m) for m in table.channel.history() if "'s time is up" in text_of(m)]


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """AI moves at once (the clock only moves when told) and short decisions: a timed-out seat is
    played at ``normal``, whose search answers its best move when the limit is near."""
    return Config(token=None, database_path=tmp_path / "bottega.db", dev_guild_id=None, render_workers=0,
                  ai_pause_seconds=0, ai_time_limit_seconds=1)


@pytest.fixture(autouse=True)
def patient(env) -> None:
    """A turn played for a late player waits on an AI decision in a worker process, which a busy
    machine may take several seconds to start: the simulation waits for it longer than usual."""
    env.settle_timeout = 60
