"""Settings from the environment and an optional ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

import math
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


def parse_shard_ids(text: str, count: int) -> tuple[int, ...]:
    """``0-3`` or ``0,2,5`` (or both, ``0-1,4``): this process's shards, each below ``count``."""
    shards: set[int] = set()
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ConfigError("SHARD_IDS must list shard numbers like 0-3 or 0,2,5.")
        shards.update(range(int(first), int(last if dash else first) + 1))
    if not shards or max(shards) >= count:
        raise ConfigError(f"SHARD_IDS must name shards from 0 to {count - 1} (SHARD_COUNT is {count}).")
    return tuple(sorted(shards))


@dataclass(frozen=True)
class Config:
    token: str | None = field(default=None, repr=False)  # never printed or logged
    database_path: Path = Path(DEFAULT_DATABASE)
    database_url: str | None = field(default=None, repr=False)  # may hold a password
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    ai_workers: int = 1
    """Worker processes for AI decisions (``AI_WORKERS``)."""
    ai_time_limit_seconds: float = 10.0
    """The hard limit of one AI decision; past it the seat plays a safe move (``AI_TIME_LIMIT_SECONDS``)."""
    ai_pause_seconds: float = 3.0
    """The wait before AI moves are posted, so the channel reads naturally (``AI_PAUSE_SECONDS``)."""
    render_workers: int = DEFAULT_RENDER_WORKERS
    """Processes that draw boards (0: draw in a thread of the bot's process)."""
    review_workers: int = 1
    """Low-priority processes that review finished games (``REVIEW_WORKERS``; 0: no reviews). Never
    more than leave one core to the tables (:meth:`review_processes`)."""
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    """With ``shard_count``: the shards this process serves (default: all of them)."""

    @property
    def database(self) -> str:
        """What the store opens: ``DATABASE_URL`` (PostgreSQL) when set, else the SQLite file."""
        return self.database_url or str(self.database_path)

    def review_processes(self, cores: int | None = None) -> int:
        """The review workers to start: as many as asked, but never so many that the tables' AI
        workers lose their last core (at least one while reviews are on: it runs at the lowest
        priority, so it only takes time no one else wants)."""
        if self.review_workers == 0:
            return 0
        cores = cores or os.cpu_count() or 1
        return max(1, min(self.review_workers, cores - self.ai_workers))

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
        url = merged.get("DATABASE_URL", "").strip() or None
        if url and not url.startswith(("postgresql://", "postgres://")):
            raise ConfigError("DATABASE_URL must be a PostgreSQL URL (postgresql://user:pass@host/db); "
                              "for SQLite set DATABASE_PATH instead.")
        count_text = merged.get("SHARD_COUNT", "").strip()
        if count_text and (not count_text.isdigit() or int(count_text) < 1):
            raise ConfigError("SHARD_COUNT must be a positive number of shards; leave it empty otherwise.")
        count = int(count_text) if count_text else None
        ids_text = merged.get("SHARD_IDS", "").strip()
        if ids_text and count is None:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT (the total number of shards across processes).")
        return cls(
            token=merged.get("DISCORD_TOKEN", "").strip() or None,
            database_path=Path(merged.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE),
            database_url=url,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            ai_workers=int(_number(merged, "AI_WORKERS", cls.ai_workers, minimum=1, whole=True)),
            ai_time_limit_seconds=_number(merged, "AI_TIME_LIMIT_SECONDS", cls.ai_time_limit_seconds,
                                          minimum=0.1),
            ai_pause_seconds=_number(merged, "AI_PAUSE_SECONDS", cls.ai_pause_seconds, minimum=0),
            render_workers=int(workers),
            review_workers=int(_number(merged, "REVIEW_WORKERS", cls.review_workers, minimum=0, whole=True)),
            shard_count=count,
            shard_ids=parse_shard_ids(ids_text, count) if ids_text else (
                tuple(range(count)) if count else None),
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
