"""Settings from the environment and an optional ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

DEFAULT_DATABASE = "./bottega.db"
DEFAULT_RENDER_WORKERS = 2
MAX_RENDER_WORKERS = 32


class ConfigError(ValueError):
    """A setting with a value the bot cannot use."""


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=VALUE`` lines; blank lines and ``#`` comments ignored; optional quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key.strip().removeprefix("export ").strip()] = value
    return values


@dataclass(frozen=True)
class Config:
    token: str | None = field(default=None, repr=False)  # never printed or logged
    database_path: Path = Path(DEFAULT_DATABASE)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    render_workers: int = DEFAULT_RENDER_WORKERS
    """Processes that draw boards (0: draw in a thread of the bot's process)."""

    @classmethod
    def load(cls, environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")) -> Config:
        """The process environment wins over ``.env``."""
        merged = read_env_file(env_file) if env_file else {}
        merged.update({k: v for k, v in (os.environ if environ is None else environ).items() if v != ""})
        guild = merged.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError("DEV_GUILD_ID must be a server id (a number); leave it empty otherwise.")
        level = merged.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ConfigError("LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL.")
        workers = merged.get("RENDER_WORKERS", "").strip() or str(DEFAULT_RENDER_WORKERS)
        if not workers.isdigit() or int(workers) > MAX_RENDER_WORKERS:
            raise ConfigError(f"RENDER_WORKERS must be a number from 0 to {MAX_RENDER_WORKERS} "
                              "(0 draws in a thread).")
        return cls(
            token=merged.get("DISCORD_TOKEN", "").strip() or None,
            database_path=Path(merged.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE),
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            render_workers=int(workers),
        )
