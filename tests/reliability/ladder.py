"""Kill the ladder driver at random points of the timeout ladder, restart, and check its turns.

Each round starts :mod:`tests.reliability.ladder_driver`, kills it with SIGKILL after a random
lifetime, runs the restart (``--first-pass``: one timer pass at the moment the killed process had
reached) and reads the database with plain ``sqlite3`` and the engine, independently of the store
code. A turn the table played for the late player (its moves have no interaction id and were not
automatic) must be played whole: after the first pass the late player is never left acting in
the middle of a turn the table began for them (*half played*), no deadline that had passed is
left waiting (*unplayed*), and the late seat's strikes are exactly one per such turn since the
player last moved (*struck twice* counts the turns struck more than once); every game must
rebuild to its snapshot (*damaged*).
"""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import games
from games.core import MoveStack
from tests.reliability.crash import ROOT, KillFigures, _rebuild_problem, kill, kill_rounds
from tests.reliability.ladder_driver import LATE


@dataclass
class LadderFigures(KillFigures):
    late_turns: int = 0
    half_played: int = 0
    struck_twice: int = 0
    unplayed: int = 0
    played_at_restart: int = 0
    """Kills after which the first timer pass played a late turn (the kill fell in its timer pass)."""

    def line(self) -> str:
        return (f"kills {self.kills} ({self.played_at_restart} followed by a late turn played at the restart), "
                f"late turns played by the table {self.late_turns}, "
                f"half played {self.half_played}, struck twice {self.struck_twice}, "
                f"passed deadlines left unplayed {self.unplayed}, damaged games {self.damaged} "
                f"({self.moves} moves in the database)")

    def failed(self) -> bool:
        return bool(self.half_played or self.struck_twice or self.unplayed or self.damaged)


LADDER_SPAN = 0.03
"""Seconds within which a kill lands once a timer pass has begun: about as long as the table
takes to play a late turn of a few moves, so that kills fall at every point of it."""


def run_driver_until_killed(db: Path, clock: Path, seed: int, chooser: random.Random, max_lifetime: float) -> None:
    """Start the driver, let it play for a random while, then kill it at a random point of the
    next timer pass (which begins when the clock file is moved on)."""
    process = subprocess.Popen([sys.executable, "-m", "tests.reliability.ladder_driver", str(db), str(clock),
                                str(seed)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started = process.stdout.readline().strip() == "playing"
    time.sleep(chooser.uniform(0.05, max_lifetime))
    moved = clock.stat().st_mtime_ns if clock.exists() else 0
    waited = time.monotonic()
    while started and process.poll() is None and time.monotonic() - waited < 10 and (
            not clock.exists() or clock.stat().st_mtime_ns == moved):
        time.sleep(0.002)
    time.sleep(chooser.uniform(0, LADDER_SPAN))
    if not started or process.poll() is not None:
        process.kill()
        raise RuntimeError(f"the ladder driver stopped by itself: {process.communicate()[1][-2000:]}")
    kill(process)


def first_pass(db: Path, clock: Path, seed: int) -> None:
    done = subprocess.run([sys.executable, "-m", "tests.reliability.ladder_driver", str(db), str(clock), str(seed),
                           "--first-pass"], cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"the restart failed: {done.stderr[-2000:]}")


def move_count(db: Path) -> int:
    connection = sqlite3.connect(db)
    try:
        return connection.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
    finally:
        connection.close()


def check_database(db: Path, clock: Path, figures: LadderFigures) -> None:
    now = datetime.fromisoformat(clock.read_text()) if clock.exists() else None
    connection = sqlite3.connect(db)
    try:
        figures.moves = connection.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
        figures.late_turns = figures.half_played = figures.struck_twice = figures.unplayed = figures.damaged = 0
        rows = connection.execute("SELECT id, game_key, players, seed, options, status FROM games "
                                  "WHERE EXISTS (SELECT 1 FROM snapshots WHERE game_id = games.id)").fetchall()
        for game_id, key, players, seed, options, status in rows:
            game = games.get(key)
            problem = _rebuild_problem(connection, game_id, game, players, seed, json.loads(options))
            if problem:
                figures.damaged += 1
                figures.problems.append(f"game {game_id}: {problem}")
                continue
            _check_late_turns(connection, game_id, game, players, seed, json.loads(options), status, figures)
        if now is not None:
            passed = [(g, u) for g, u, due in connection.execute(
                "SELECT game_id, user_id, due_at FROM timers JOIN games ON games.id = timers.game_id "
                "WHERE kind = 'deadline' AND status = 'active'") if datetime.fromisoformat(due) <= now]
            figures.unplayed += len(passed)
            figures.problems += [f"game {g}: the passed deadline of user {u} was left unplayed" for g, u in passed]
    finally:
        connection.close()


def _check_late_turns(connection, game_id, game, players, seed, options, status, figures) -> None:
    (late_seat, strikes), = connection.execute(
        "SELECT seat, strikes FROM seats WHERE game_id = ? AND user_id = ?", (game_id, LATE.id)).fetchall()
    log = connection.execute("SELECT seq, seat, notation, interaction_id, automatic FROM moves "
                             "WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
    expected, in_late_turn, last_late_turn_open = 0, False, False
    for _, seat, _, interaction, automatic in log:
        if seat != late_seat:
            in_late_turn = last_late_turn_open = False
        elif interaction is not None:  # the late player's own move
            expected, in_late_turn, last_late_turn_open = 0, False, False
        elif not automatic:  # a move the table played for them
            if not in_late_turn:
                expected += 1
                figures.late_turns += 1
            in_late_turn = last_late_turn_open = True
    if strikes != expected:
        figures.struck_twice += 1
        figures.problems.append(f"game {game_id}: {strikes} strikes for {expected} late turns in a row")
    state = MoveStack(game, game.setup(players, seed, options), [(s, n) for _, s, n, _, _ in log]).state
    if status == "active" and last_late_turn_open and late_seat in game.actors(state):
        figures.half_played += 1
        figures.problems.append(f"game {game_id}: the late player's turn was left half played")


def run_ladder_kills(workdir: Path, kills: int, seed: int, *, max_lifetime: float = 1.0) -> LadderFigures:
    """``kills`` rounds of start, SIGKILL at a random point of a timer pass, restart with one
    timer pass, check."""
    chooser = random.Random(seed)
    db, clock = workdir / "ladder.db", workdir / "clock.txt"
    figures = LadderFigures()

    def kill_restart_and_check(round_number: int) -> None:
        run_driver_until_killed(db, clock, seed * 10_000 + round_number, chooser, max_lifetime)
        before = move_count(db)
        first_pass(db, clock, seed)
        figures.played_at_restart += move_count(db) > before
        check_database(db, clock, figures)

    return kill_rounds(figures, kills, kill_restart_and_check)
