"""Several bot processes on one PostgreSQL database: racing moves on one game, racing for the last
seat, firing due reminders, and being killed mid-play. Real processes (``tests/pg/process_driver.py``
and the crash driver), a real server; counted: lost or doubled moves, double seats, duplicate reminders.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.table import Person, TableService
from db import PostgresStore
from db.replay import replay_findings
from db.rows import move_row, snapshot
from tests.reliability.crash import run_kills

ROOT = Path(__file__).resolve().parents[2]
PEOPLE = [Person(100 + i, f"player{i}") for i in range(4)]
START_DELAY = 6.0
"""Seconds for every process to import and connect before they all act at once."""


def run_processes(*argvs: list[str]) -> list[list[str]]:
    """Run one driver per argument list at the same time; each one's stdout lines."""
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.pg.process_driver", *argv],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for argv in argvs
    ]
    outputs = []
    for process in processes:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err[-3000:]
        outputs.append(out.splitlines())
    return outputs


async def seated_table(
    service: TableService,
    channel: int,
    key: str,
    players: int,
    seated: int,
    guild: int = 1,
    start: bool = True,
) -> None:
    await service.new_game(guild, channel, PEOPLE[0], key, players)
    for person in PEOPLE[1:seated]:
        await service.join(channel, person)
    if start:
        await service.start(channel, PEOPLE[0])


async def replay_problems(store: PostgresStore, game_id: int) -> list[str]:
    game = await store.get_game(game_id)
    async with store._transaction() as db:
        snapshots = [
            snapshot(row)
            for row in await db.all("SELECT * FROM snapshots WHERE game_id = ? ORDER BY seq", (game_id,))
        ]
        moves = [
            move_row(row, game.players)
            for row in await db.all("SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
        ]
    return replay_findings(game, snapshots, moves)


@pytest.mark.parametrize("processes", [2, 4])
async def test_moves_raced_from_several_processes_are_each_recorded_exactly_once(pg_url, processes):
    store = await PostgresStore.open(pg_url)
    try:
        service = TableService(store, renderer=None)
        await seated_table(service, 11, "mor", 2, 2)
        game_id = (await store.active_game(11)).id
        start_at = time.time() + START_DELAY
        outputs = run_processes(
            *(["moves", pg_url, "11", "12", str(start_at), str(index)] for index in range(processes))
        )
        replies = [
            tuple(map(int, line.split()[1:])) for out in outputs for line in out if line.startswith("ack")
        ]
        moves = await store.moves(game_id)
        # A reply's version may follow moves the table then took by itself (Game.automatic): the
        # acknowledged move is the one of its interaction at or before that version.
        seq_of = {move.interaction_id: move.seq for move in moves if move.interaction_id is not None}
        acks = [(seq_of[i] if seq_of.get(i, version + 1) <= version else version, i) for version, i in replies]
        recorded = {(move.seq, move.interaction_id) for move in moves if not move.automatic}
        lost = [ack for ack in acks if ack not in recorded]
        doubled = [version for version, count in Counter(version for version, _ in acks).items() if count > 1]
        unacknowledged = recorded - set(acks)
        assert (len(lost), len(doubled), len(unacknowledged)) == (0, 0, 0)
        automatic = sum(move.automatic for move in moves)
        assert len(acks) >= 12 and (await store.get_game(game_id)).version == 1 + len(acks) + automatic
        assert await replay_problems(store, game_id) == []
    finally:
        await store.close()


@pytest.mark.parametrize("processes", [2, 4])
async def test_the_last_seat_is_taken_once_whoever_asks_at_the_same_moment(pg_url, processes):
    store = await PostgresStore.open(pg_url)
    try:
        service = TableService(store, renderer=None)
        await seated_table(service, 21, "mor", 3, 2, start=False)
        game_id = (await store.active_game(21)).id
        start_at = time.time() + START_DELAY
        outputs = run_processes(
            *(["join", pg_url, "21", str(500 + index), str(start_at)] for index in range(processes))
        )
        results = Counter(line.split()[0] for out in outputs for line in out)
        seats = await store.seats(game_id)
        assert results == {"joined": 1, "refused": processes - 1}
        assert len(seats) == 3 and len({seat.user_id for seat in seats}) == 3
    finally:
        await store.close()


@pytest.mark.parametrize("processes,partitioned", [(2, False), (4, False), (4, True)])
async def test_each_due_reminder_is_posted_once_by_the_owner_of_its_shard(pg_url, processes, partitioned):
    """Processes that all serve every shard (a rolling restart) or a shard each: one post per reminder."""
    store = await PostgresStore.open(pg_url)
    try:
        service = TableService(store, renderer=None)
        games = 8
        for number in range(games):
            await seated_table(service, 100 + number, "mor", 2, 2, guild=number << 22)
        expected = {
            entry.game.id: {timer.user_id for timer in entry.timers}
            for entry in await store.active_games_with_timers()
        }
        assert len(expected) == games and all(expected.values())
        guild_of = {game.id: game.guild_id for game in await store.active_games()}
        later = (datetime.now(UTC) + timedelta(days=2)).isoformat()  # before the deadlines (72 h)
        start_at = time.time() + START_DELAY
        shard_sets = [
            ",".join(str(s) for s in range(processes) if s == index or not partitioned)
            for index in range(processes)
        ]
        outputs = run_processes(
            *(
                ["timers", pg_url, str(processes), shard_sets[index], later, str(start_at)]
                for index in range(processes)
            )
        )
        posts = [
            (index, int(line.split()[1]), frozenset(map(int, line.split()[2:])))
            for index, out in enumerate(outputs)
            for line in out
            if line.startswith("remind")
        ]
        assert not [line for out in outputs for line in out if line.startswith("error")]
        per_game = Counter(game_id for _, game_id, _ in posts)
        assert set(per_game) == set(expected) and set(per_game.values()) == {1}
        assert all(users == expected[game_id] for _, game_id, users in posts)
        if partitioned:
            assert all((guild_of[game_id] >> 22) % processes == index for index, game_id, _ in posts)
    finally:
        await store.close()


@pytest.mark.parametrize("processes", [2, 4])
def test_processes_killed_mid_play_lose_and_double_no_acknowledged_move(pg_server, tmp_path, processes):
    url = asyncio.run(pg_server.new_database())
    figures = run_kills(tmp_path, kills=2, seed=2026 + processes, database=url, processes=processes)
    assert figures.problems == []
    assert figures.kills == 2 and figures.games >= processes
    assert all((tmp_path / f"acks-{lane}.txt").read_text() for lane in range(processes))  # each one played
    assert (figures.lost, figures.doubled, figures.damaged) == (0, 0, 0)
