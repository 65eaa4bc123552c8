import sys
from pathlib import Path

import pytest

# The store suite's helpers (tests/db is not a package; its modules import each other by name).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "db"))

from tests.pg.server import PostgresServer, server_or_skip


@pytest.fixture
def pg_server() -> PostgresServer:
    return server_or_skip()


@pytest.fixture
async def pg_url(pg_server) -> str:
    """A new, empty database of its own."""
    return await pg_server.new_database()
