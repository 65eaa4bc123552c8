"""Settings from the environment and an optional ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

DEFAULT_DATABASE = "./bottega.db"


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
    ai_workers: int = 1
    """Worker processes for AI decisions (``AI_WORKERS``)."""
    ai_time_limit_seconds: float = 10.0
    """The hard limit of one AI decision; past it the seat plays a safe move (``AI_TIME_LIMIT_SECONDS``)."""
    ai_pause_seconds: float = 3.0
    """The wait before AI moves are posted, so the channel reads naturally (``AI_PAUSE_SECONDS``)."""

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
        return cls(
            token=merged.get("DISCORD_TOKEN", "").strip() or None,
            database_path=Path(merged.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE),
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            ai_workers=int(_number(merged, "AI_WORKERS", cls.ai_workers, minimum=1, whole=True)),
            ai_time_limit_seconds=_number(merged, "AI_TIME_LIMIT_SECONDS", cls.ai_time_limit_seconds,
                                          minimum=0.1),
            ai_pause_seconds=_number(merged, "AI_PAUSE_SECONDS", cls.ai_pause_seconds, minimum=0),
        )


def _number(values: Mapping[str, str], name: str, default: float, *, minimum: float,
            whole: bool = False) -> float:
    """A numeric setting, ``default`` when unset; a clear :class:`ConfigError` when unusable."""
    raw = values.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw) if whole else float(raw)
    except ValueError:
        value = None
    if value is None or not math.isfinite(value) or value < minimum:
        kind = "a whole number" if whole else "a number"
        raise ConfigError(f"{name} must be {kind} of at least {minimum:g}, not {raw!r}.")
    return value
