"""Kill the crash driver at random moments and check the database against what it acknowledged.

After every SIGKILL the database is read with plain ``sqlite3``, or ``asyncpg`` for a PostgreSQL
URL (an oracle independent of the store code), and every game is rebuilt twice: from its seed through the whole move log, and from
its latest snapshot plus the moves after it. The figures count acknowledged moves that are missing
(lost), acknowledged interactions recorded more than once (doubled) and games that do not load or
whose two rebuilds disagree (damaged). On PostgreSQL several drivers may play at once, each on
tables of its own, and all of them are killed together.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import asyncpg

import games
from db.sql import postgres_sql
from games.core import MoveStack

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class KillFigures:
    """What every run of kills counts (:func:`kill_rounds`); each kind of run adds its own figures."""

    kills: int = 0
    damaged: int = 0
    moves: int = 0
    problems: list[str] = field(default_factory=list)

    def failed(self) -> bool:
        return bool(self.damaged)


@dataclass
class CrashFigures(KillFigures):
    acknowledged: int = 0
    lost: int = 0
    doubled: int = 0
    games: int = 0
    checked_versions: dict[int, int] = field(default_factory=dict)
    """The version each game had when it was last rebuilt without a problem."""

    def line(self) -> str:
        return (f"kills {self.kills}, acknowledged moves {self.acknowledged}, lost {self.lost}, "
                f"doubled {self.doubled}, damaged games {self.damaged} "
                f"({self.games} games, {self.moves} moves in the database)")

    def failed(self) -> bool:
        return bool(self.lost or self.doubled or self.damaged)


Figures = TypeVar("Figures", bound=KillFigures)


def kill_rounds(figures: Figures, kills: int, kill_and_check: Callable[[int], None]) -> Figures:
    """``kills`` rounds of ``kill_and_check(round_number)`` (start, play, SIGKILL, check into
    ``figures``), stopping after the first round that finds a failure; returns the figures."""
    for round_number in range(kills):
        kill_and_check(round_number)
        figures.kills += 1
        if figures.failed():
            break
    return figures


def kill(process: subprocess.Popen) -> None:
    """Stop a driver as a power cut would (SIGKILL), wait for it and close its pipes."""
    process.send_signal(signal.SIGKILL)
    process.wait()
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()


def run_drivers_until_killed(db: Path | str, acks: list[Path], seed: int, lifetime: float,
                             *, after_first_moves: bool = False) -> None:
    """One driver per acknowledgement file (each on its own tables), all killed after ``lifetime``
    (counted, with ``after_first_moves``, from when every driver has acknowledged a new move)."""
    sizes = [ack.stat().st_size for ack in acks]
    processes = [subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.crash_driver", str(db), str(ack), str(seed + lane), str(lane)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    ) for lane, ack in enumerate(acks)]
    waited = 0.0
    while after_first_moves and waited < 60 and any(
            ack.stat().st_size == size for ack, size in zip(acks, sizes, strict=True)):
        time.sleep(0.1)
        waited += 0.1
    time.sleep(lifetime)
    for process in processes:
        if process.poll() is not None:
            raise RuntimeError(f"the crash driver stopped by itself: {process.stderr.read().decode()[-2000:]}")
    for process in processes:
        kill(process)


class _PostgresOracle:
    """The few calls of ``sqlite3.Connection`` this check makes, on a PostgreSQL database."""

    def __init__(self, url: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.connection = self.loop.run_until_complete(asyncpg.connect(url))

    def execute(self, sql: str, params: tuple = ()) -> _Rows:
        rows = self.loop.run_until_complete(self.connection.fetch(postgres_sql(sql), *params))
        return _Rows([tuple(row) for row in rows])

    def close(self) -> None:
        self.loop.run_until_complete(self.connection.close())
        self.loop.close()


class _Rows(list):
    def fetchall(self) -> list[tuple]:
        return self

    def fetchone(self) -> tuple | None:
        return self[0] if self else None


def check_database(db: Path | str, acks: list[Path], figures: CrashFigures) -> None:
    connection = _PostgresOracle(db) if str(db).startswith("postgresql://") else sqlite3.connect(db)
    try:
        moves = {(g, s): (n, i) for g, s, n, i in connection.execute(
            "SELECT game_id, seq, notation, interaction_id FROM moves")}
        interactions: dict[int, int] = {}
        for _, interaction in moves.values():
            if interaction is not None:
                interactions[interaction] = interactions.get(interaction, 0) + 1
        figures.moves = len(moves)
        figures.acknowledged = 0
        lost = doubled = 0
        for line in (line for ack in acks for line in ack.read_text(encoding="utf-8").splitlines()):
            game_id, version, interaction, text = line.split(" ", 3)
            figures.acknowledged += 1
            # The board a reply acknowledges may follow moves the table then took by itself
            # (Game.automatic): the acknowledged move is the latest one of its interaction up to it.
            own = [seq for (g, seq), (_, i) in moves.items()
                   if g == int(game_id) and i == int(interaction) and seq <= int(version)]
            if not own or moves[(int(game_id), max(own))] != (text, int(interaction)):
                lost += 1
                figures.problems.append(f"acknowledged move {line!r} is not in the log")
            if interactions.get(int(interaction), 0) > 1:
                doubled += 1
        figures.lost, figures.doubled = lost, doubled
        # Every game that started: active and finished ones, and abandoned ones that had begun
        # (a table abandoned in its lobby never had a state to check).
        rows = connection.execute(
            "SELECT id, game_key, players, seed, options, status, version FROM games "
            "WHERE status IN ('active', 'finished') "
            "OR (status = 'abandoned' AND EXISTS (SELECT 1 FROM snapshots WHERE game_id = games.id))"
        ).fetchall()
        figures.games = len(rows)
        for game_id, key, players, seed, options, status, version in rows:
            if figures.checked_versions.get(game_id) == version:
                continue  # rebuilt after an earlier kill and untouched since
            problem = _rebuild_problem(connection, game_id, games.get(key), players, seed, json.loads(options))
            figures.checked_versions[game_id] = version
            if problem:
                figures.damaged += 1
                figures.problems.append(f"game {game_id} ({status}): {problem}")
    finally:
        connection.close()


def _rebuild_problem(connection, game_id, game, players, seed, options) -> str | None:
    log = connection.execute(
        "SELECT seq, seat, notation FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
    snapshot = connection.execute(
        "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)).fetchone()
    if snapshot is None:
        return "no snapshot"
    try:
        from_seed = MoveStack(game, game.setup(players, seed, options), [(s, n) for _, s, n in log]).state
        snap_seq, text = snapshot
        from_snapshot = MoveStack(game, game.loads(text), [(s, n) for q, s, n in log if q > snap_seq]).state
    except Exception as error:  # noqa: BLE001 - any failure to rebuild is what this check counts
        return f"does not rebuild ({type(error).__name__})"
    if game.dumps(from_seed) != game.dumps(from_snapshot):
        return "the snapshot disagrees with the replay from the seed"
    return None


def run_kills(workdir: Path, kills: int, seed: int, *, max_lifetime: float = 1.5, database: str | None = None,
              processes: int = 1) -> CrashFigures:
    """``kills`` rounds of start, play, SIGKILL, check; returns the figures after the last.

    ``database`` is a PostgreSQL URL to play on (default: an SQLite file in ``workdir``); several
    ``processes`` need one (SQLite takes one process per file).
    """
    chooser = random.Random(seed)
    db = database or workdir / "crash.db"
    acks = [workdir / f"acks-{lane}.txt" for lane in range(processes)]
    for ack in acks:
        ack.touch()
    figures = CrashFigures()

    def kill_and_check(round_number: int) -> None:
        # The first start pays for imports, the database's creation and table set-up (its lifetime
        # counts from the first acknowledged moves, however slow a busy machine makes them); later
        # ones die at any point of play.
        lifetime = chooser.uniform(0.6, 0.6 + max_lifetime) if round_number == 0 else chooser.uniform(0.35, max_lifetime)
        run_drivers_until_killed(db, acks, seed * 10_000 + round_number * 100, lifetime,
                                 after_first_moves=round_number == 0)
        check_database(db, acks, figures)

    return kill_rounds(figures, kills, kill_and_check)
