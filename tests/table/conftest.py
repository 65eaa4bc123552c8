"""Fixtures of the table service's tests: a service on a fresh store, without Discord or images.

Most tests play the tiny race game (``tests/support/race.py``, registered only while they run);
the shared people and steps are in ``tests/support/table.py``.
"""

from __future__ import annotations

import pytest

import games
from bot.table import TableService
from db import Store
from tests.support.table import SEED, FakeClock


@pytest.fixture
def race_game(monkeypatch):
    monkeypatch.setitem(games._MODULES, "race", "tests.support.race")


@pytest.fixture
async def service(tmp_path, race_game):
    """Seats drawn from the seed 1234, a :class:`FakeClock` at ``service.clock``."""
    store = await Store.open(tmp_path / "bottega.db")
    yield TableService(store, clock=FakeClock(), seed_source=lambda: 1234, renderer=None)
    await store.close()


@pytest.fixture
async def lorenzo_service(tmp_path):
    """Games seeded with :data:`~tests.support.table.SEED`, on the real clock (for Lorenzo's history)."""
    store = await Store.open(tmp_path / "bottega.db")
    yield TableService(store, seed_source=lambda: SEED, renderer=None)
    await store.close()
