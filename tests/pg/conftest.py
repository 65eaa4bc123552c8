import pytest

from tests.pg.server import PostgresServer, server_or_skip


@pytest.fixture
def pg_server() -> PostgresServer:
    return server_or_skip()


@pytest.fixture
async def pg_url(pg_server) -> str:
    """A new, empty database of its own."""
    return await pg_server.new_database()
