"""Starting the process: configuration and the friendly no-token message."""

import subprocess
import sys
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
