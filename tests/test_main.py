"""Starting the process: configuration, and one sentence with what to do when the start cannot go on
(no token, a token Discord refuses, Discord out of reach, a database that is not Bottega's)."""

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from bot.config import Config, ConfigError


def test_without_a_token_the_bot_explains_what_to_do(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, capture_output=True, text=True, timeout=60,
        env={"PATH": "", "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
    )
    assert run.returncode == 1
    assert "Traceback" not in run.stderr + run.stdout
    for hint in ("discord.com/developers/applications", "applications.commands", "Attach Files",
                 "DISCORD_TOKEN=", "python -m bot --local"):
        assert hint in run.stderr


def test_settings_come_from_env_file_and_environment(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("# comment\nDISCORD_TOKEN='secret-token'\nDEV_GUILD_ID=123\nLOG_LEVEL=debug\n")
    config = Config.load(environ={"DATABASE_PATH": "games/b.db"}, env_file=env_file)
    assert config.token == "secret-token" and config.dev_guild_id == 123 and config.log_level == "DEBUG"
    assert config.database_path == Path("games/b.db")
    assert "secret-token" not in repr(config)
    defaults = Config.load(environ={}, env_file=tmp_path / "missing")
    assert defaults.token is None and defaults.database_path == Path("bottega.db")


@pytest.mark.parametrize("name,value", [("DEV_GUILD_ID", "my-server"), ("LOG_LEVEL", "LOUD")])
def test_bad_settings_are_explained(name, value):
    with pytest.raises(ConfigError, match=name):
        Config.load(environ={name: value}, env_file=None)


HOLDER = """
import asyncio, sys
from db import Store
async def main():
    store = await Store.open(sys.argv[1])
    print("open", flush=True)
    await asyncio.sleep(60)
asyncio.run(main())
"""


def refused_database(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / f"{kind}.db"
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "another program's":
        connection = sqlite3.connect(path)
        connection.execute("CREATE TABLE recipes (name TEXT)")
        connection.commit()
        connection.close()
    return path


def start(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
        env={"PATH": "", "PYTHONPATH": ROOT, "DISCORD_TOKEN": "not-a-real-token"},
    )


ROOT = str(Path(__file__).resolve().parents[1])


@pytest.mark.parametrize("kind", ["empty", "another program's"])
@pytest.mark.parametrize("local", [False, True], ids=["bot", "console"])
def test_a_database_that_is_not_bottegas_ends_the_start_with_one_sentence(tmp_path, kind, local):
    path = refused_database(tmp_path, kind)
    script = tmp_path / "script.txt"
    script.write_text("@alice /game help\n")
    run = start(tmp_path, "--db", str(path), *(["--local", "--script", str(script)] if local else []))
    assert run.returncode != 0
    assert "Traceback" not in run.stderr + run.stdout
    assert run.stderr.strip().count("\n") == 0 and str(path) in run.stderr


@pytest.mark.parametrize("local", [False, True], ids=["bot", "console"])
def test_a_second_process_on_the_same_file_ends_the_start_with_one_sentence(tmp_path, local):
    path = tmp_path / "shared.db"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], cwd=ROOT, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "open"
        script = tmp_path / "script.txt"
        script.write_text("@alice /game help\n")
        run = start(tmp_path, "--db", str(path), *(["--local", "--script", str(script)] if local else []))
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
    assert run.returncode != 0
    assert "Traceback" not in run.stderr + run.stdout
    assert run.stderr.strip() == (
        f"{path} is already in use by process {holder.pid}: on SQLite only one Bottega process may run "
        "at a time (several processes need the PostgreSQL store).")


def test_render_workers_come_from_the_settings():
    assert Config.load(environ={}, env_file=None).render_workers == 2
    assert Config.load(environ={"RENDER_WORKERS": "0"}, env_file=None).render_workers == 0
    with pytest.raises(ConfigError, match="RENDER_WORKERS"):
        Config.load(environ={"RENDER_WORKERS": "many"}, env_file=None)


def test_review_workers_come_from_the_settings_and_leave_the_tables_a_core():
    assert Config.load(environ={}, env_file=None).review_workers == 1
    assert Config.load(environ={"REVIEW_WORKERS": "0"}, env_file=None).review_processes() == 0
    with pytest.raises(ConfigError, match="REVIEW_WORKERS"):
        Config.load(environ={"REVIEW_WORKERS": "-1"}, env_file=None)
    asked = Config.load(environ={"REVIEW_WORKERS": "4", "AI_WORKERS": "1"}, env_file=None)
    assert asked.review_processes(cores=2) == 1 and asked.review_processes(cores=8) == 4
    assert Config(ai_workers=2).review_processes(cores=2) == 1  # one, at the lowest priority, while on


class _RefusesEveryToken(BaseHTTPRequestHandler):
    """Discord's answer to a token it does not accept: 401 Unauthorized."""

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


def _start_against(api: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """``python -m bot`` with a token, its Discord API at ``api`` (the client's HTTP boundary)."""
    program = ("import discord.http, sys; discord.http.Route.BASE = sys.argv[1];"
               "from bot.__main__ import main; raise SystemExit(main([]))")
    return subprocess.run(
        [sys.executable, "-c", program, api], cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={"PATH": "", "PYTHONPATH": str(Path(__file__).resolve().parents[1]),
             "DISCORD_TOKEN": "MTIz.not-a.token", "DATABASE_PATH": str(tmp_path / "bottega.db")},
    )


def test_a_token_discord_refuses_ends_the_start_with_what_to_do(tmp_path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _RefusesEveryToken)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        run = _start_against(f"http://127.0.0.1:{server.server_port}/api/v10", tmp_path)
    finally:
        server.shutdown()
    assert run.returncode == 1
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("Discord refused the bot token (DISCORD_TOKEN)") and '"Reset Token"' in last
    assert "Traceback" not in run.stderr and "voice" not in run.stderr.lower()


def test_an_unreachable_discord_ends_the_start_with_what_to_do(tmp_path):
    with socket.socket() as closed:  # a port nothing listens on: the connection is refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    run = _start_against(f"http://127.0.0.1:{port}/api/v10", tmp_path)
    assert run.returncode == 1
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("Bottega could not reach Discord (") and "check this machine's network" in last
    assert "Traceback" not in run.stderr and "voice" not in run.stderr.lower()
