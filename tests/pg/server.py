"""A throwaway PostgreSQL server for the tests and benchmarks, from the binaries installed here.

``initdb`` and ``pg_ctl`` run on a temporary directory with a free localhost port; as root (CI)
they run as the ``postgres`` system user, since ``initdb`` refuses root. One server per process
(:func:`shared_server`), stopped at exit; each test gets a database of its own.

If the binaries are missing the tests skip with the reason, except where
``BOTTEGA_REQUIRE_POSTGRES=1`` (``.ci/run`` sets it): there they fail.
"""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import asyncpg

from db.postgres import postgres_program

REQUIRED = os.environ.get("BOTTEGA_REQUIRE_POSTGRES") == "1"
TEMPLATE = "bottega_template"
FAST_SETTINGS = ("fsync=off", "synchronous_commit=off", "full_page_writes=off")
"""For the tests: a throwaway server need not survive a power cut. The benchmark keeps the defaults."""


class PostgresUnavailable(RuntimeError):
    pass


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    def __init__(self, settings: tuple[str, ...] = FAST_SETTINGS, max_connections: int = 200) -> None:
        try:
            self.initdb, self.pg_ctl = postgres_program("initdb"), postgres_program("pg_ctl")
        except FileNotFoundError as missing:
            raise PostgresUnavailable(f"{missing}; on Debian: apt-get install postgresql") from None
        self.as_root = os.geteuid() == 0
        self.directory = Path(tempfile.mkdtemp(prefix="bottega-pg-"))
        self.data = self.directory / "data"
        self.port = _free_port()
        self.settings = (
            *settings,
            f"max_connections={max_connections}",
            "listen_addresses=127.0.0.1",
            f"port={self.port}",
            f"unix_socket_directories={self.directory}",
        )
        self._names = itertools.count()
        self._returned: list[str] = []

    async def give_back(self, url: str) -> None:
        """Empty a database from :meth:`migrated_database` (ids start at 1 again) for the next test."""
        connection = await asyncpg.connect(url)
        try:
            tables = [row["tablename"] for row in await connection.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                " AND tablename != 'bottega_schema'")]
            await connection.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
        finally:
            await connection.close()
        self._returned.append(url)

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        done = subprocess.run([*prefix, *command], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise PostgresUnavailable(
                f"{Path(command[0]).name} failed: {(done.stderr or done.stdout).strip()[-800:]}"
            )

    def start(self) -> PostgresServer:
        if self.as_root:
            if shutil.which("runuser") is None:
                raise PostgresUnavailable("running as root needs runuser to start PostgreSQL as postgres")
            shutil.chown(self.directory, "postgres", "postgres")
        self._run(
            self.initdb,
            "--pgdata",
            str(self.data),
            "--auth=trust",
            "--username=bottega",
            "--encoding=UTF8",
            "--no-sync",
        )
        options = " ".join(f"-c {setting}" for setting in self.settings)
        self._run(
            self.pg_ctl,
            "--pgdata",
            str(self.data),
            "--log",
            str(self.directory / "server.log"),
            "--options",
            options,
            "--wait",
            "start",
        )
        atexit.register(self.stop)
        return self

    def stop(self) -> None:
        if self.data.exists():
            subprocess.run(
                (["runuser", "-u", "postgres", "--"] if self.as_root else [])
                + [self.pg_ctl, "--pgdata", str(self.data), "--mode=immediate", "stop"],
                capture_output=True,
                check=False,
            )
        shutil.rmtree(self.directory, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://bottega@127.0.0.1:{self.port}/{database}"

    async def new_database(self, *, template: str = "template0") -> str:
        """A new empty database (or a copy of ``template``); returns its URL."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        connection = await asyncpg.connect(self.url())
        try:
            await connection.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        finally:
            await connection.close()
        return self.url(name)

    async def migrated_database(self) -> str:
        """An empty database at the latest schema: one given back with :meth:`give_back`, or a new
        one copied from a template migrated once (every database is a few hundred files, so the
        store suite reuses a few instead of making hundreds)."""
        if self._returned:
            return self._returned.pop()
        if not getattr(self, "_template_ready", False):
            from db.postgres import PostgresStore

            connection = await asyncpg.connect(self.url())
            try:
                await connection.execute(f'CREATE DATABASE "{TEMPLATE}" TEMPLATE template0')
            finally:
                await connection.close()
            await (await PostgresStore.open(self.url(TEMPLATE))).close()
            self._template_ready = True
        return await self.new_database(template=TEMPLATE)


_server: PostgresServer | PostgresUnavailable | None = None


def shared_server() -> PostgresServer:
    """This process's server, started on first use; raises :class:`PostgresUnavailable` if it cannot be."""
    global _server
    if _server is None:
        try:
            _server = PostgresServer().start()
        except PostgresUnavailable as error:
            _server = error
    if isinstance(_server, PostgresUnavailable):
        raise _server
    return _server


def server_or_skip() -> PostgresServer:
    """For fixtures: the server, or a skip with the reason (a failure where PostgreSQL is required)."""
    import pytest

    try:
        return shared_server()
    except PostgresUnavailable as error:
        if REQUIRED:
            pytest.fail(f"PostgreSQL is required here and could not be started: {error}")
        pytest.skip(f"PostgreSQL tests need the PostgreSQL server binaries: {error}")
