"""A bot-like process whose tables keep timing out, killed at random points of the timeout ladder.

``python -m tests.reliability.ladder_driver DB CLOCK SEED`` keeps a two-player Masters of
Renaissance table going through the real table service and store on file database DB: the
punctual player (:data:`PUNCTUAL`) plays a random move whenever it is their turn; the late player
(:data:`LATE`) never does, except every few strikes (so that their seat never opens), and their
turns are played by the table when their deadline passes. Time is a fake clock kept in file
CLOCK, written (and fsynced) before the timer pass that needs it, so a process started after a
kill goes on at the moment the killed one had reached.

``python -m tests.reliability.ladder_driver DB CLOCK SEED --first-pass`` is the restart: it
rebuilds the timers as the bot does at start-up and runs one timer pass at that moment, which
must play every turn whose deadline had passed (the rest of a turn the kill interrupted) exactly
once, with one strike. :mod:`tests.reliability.ladder` checks the database after it.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import games
from bot.table import Person, TableError, TableService, TurnSettings
from db import open_store
from games.core import Game

GUILD, CHANNEL = 1, 11
PUNCTUAL, LATE = Person(100, "punctual"), Person(101, "late")
TURN_HOURS = 24
STRIKE_LIMIT = 10
OWN_TURN_AT = STRIKE_LIMIT - 2
"""The late player plays their own turn once they have this many strikes (their seat never opens)."""
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


class FileClock:
    """The driver's fake time, kept in a file so that it survives a kill."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.now = datetime.fromisoformat(path.read_text()) if path.exists() else START

    def __call__(self) -> datetime:
        return self.now

    def move_to(self, moment: datetime) -> None:
        """Move the clock on, durably (a whole new file or the old one), before anything is
        written at that moment."""
        self.now = moment
        building = self.path.with_name(self.path.name + ".new")
        with open(building, "w", encoding="utf-8") as kept:
            kept.write(moment.isoformat())
            kept.flush()
            os.fsync(kept.fileno())
        os.replace(building, self.path)


def quick_move(game: Game, state: dict[str, Any], seat: int, chooser: random.Random) -> str:
    """``end`` when the turn may end, else a random move that takes the turn forward (no
    rearranging, no leader): a turn of a few moves."""
    actions = game.legal_actions(state, seat)
    ends = [a for a in actions if a["type"] == "end"]
    forward = [a for a in actions if a["type"] not in ("arrange", "leader")] or actions
    return game.notation(ends[0] if ends else chooser.choice(forward))


class QuickStandIn:
    """The stand-in's choice, made at once in this process: what it chooses is not under test
    here, only how its turn is written."""

    async def choose(self, game_key: str, state: dict[str, Any], seat: int, level: str, seed: int) -> str:
        return quick_move(games.get(game_key), state, seat, random.Random(seed))


async def ensure_table(service: TableService) -> None:
    """A table in play in the channel: opened, joined, set and started (again, after a kill in
    the middle of it)."""
    if await service.store.active_game(CHANNEL) is None:
        await service.new_game(GUILD, CHANNEL, PUNCTUAL, "mor", 2)
    table = await service.table(CHANNEL)
    if table.state is not None:
        return
    if not table.has_seat(LATE.id):
        await service.join(CHANNEL, LATE)
    await service.turn_settings(CHANNEL, PUNCTUAL, TurnSettings(turn_hours=str(TURN_HOURS), on_timeout="ai",
                                                                 strike_limit=STRIKE_LIMIT))
    await service.start(CHANNEL, PUNCTUAL)


async def play_forever(service: TableService, clock: FileClock, seed: int) -> None:
    chooser = random.Random(seed)
    while True:
        await ensure_table(service)
        table = await service.table(CHANNEL)
        acting = table.game.actors(table.state)
        punctual, late = table.seat_of(PUNCTUAL.id), table.seat_of(LATE.id)
        strikes = next(s.strikes for s in table.seats if s.seat == late)
        if punctual in acting or (late in acting and strikes >= OWN_TURN_AT):
            seat = punctual if punctual in acting else late
            person = PUNCTUAL if seat == punctual else LATE
            try:
                await service.act(CHANNEL, person, quick_move(table.game, table.state, seat, chooser),
                                  interaction_id=table.row.id * 1_000_000 + table.row.version,
                                  expected_version=table.row.version)
            except TableError:
                continue
        else:
            deadline = next(t.due_at for t in table.timers if t.kind == "deadline" and t.user_id == LATE.id)
            clock.move_to(max(clock.now, deadline) + timedelta(minutes=1))
            await service.due_reminders()


async def main(database: Path, clock_path: Path, seed: int, restart: bool) -> None:
    store = await open_store(database)
    clock = FileClock(clock_path)
    dealer = random.Random(seed)
    service = TableService(store, clock=clock, renderer=None, ai=QuickStandIn(),
                           seed_source=lambda: dealer.getrandbits(62))
    try:
        await service.rebuild_timers()  # as the bot does at start-up
        if restart:
            await service.due_reminders()  # the first timer pass after the restart
        else:
            print("playing", flush=True)
            await play_forever(service, clock, seed)
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), "--first-pass" in sys.argv[4:]))
