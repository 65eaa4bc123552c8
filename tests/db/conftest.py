import pytest

from db import Store


@pytest.fixture
async def store(tmp_path):
    opened = await Store.open(tmp_path / "bottega.db")
    yield opened
    await opened.close()


@pytest.fixture
async def memory_store():
    opened = await Store.open(":memory:")
    yield opened
    await opened.close()
