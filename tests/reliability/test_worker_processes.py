"""Worker processes never hold the database lock nor outlive the bot (AI pool and drawing pool).

A bot-like process opens its SQLite store, starts an AI decision that takes a minute (its AI
worker busy) and a drawing worker, and is killed with SIGKILL: a new process opens the database
at once, and every worker ends within seconds.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from db import Store

ROOT = Path(__file__).resolve().parents[2]

BOT_WITH_WORKERS = textwrap.dedent("""
    import asyncio, sys
    import games
    from bot.table.ai_runner import AiRunner
    from bot.table.workers import end_with_parent
    from db import Store
    from rendering.pool import RenderPool
    from tests.support.ai_checks import SLOW_SEED, slow_on_one_seed

    async def main():
        store = await Store.open(sys.argv[1])
        drawing = RenderPool(1, on_start=end_with_parent)
        ai = AiRunner(workers=2, time_limit=120, decide=slow_on_one_seed)
        state = games.get("lim").setup(2, 5)
        deciding = asyncio.ensure_future(ai.choose("lim", state, min(games.get("lim").actors(state)), "easy",
                                                   SLOW_SEED))
        while not ai._pool or not ai._pool._processes:
            await asyncio.sleep(0.05)
        workers = [*ai._pool._processes, *(pid for pool in drawing._executors for pid in pool._processes)]
        print(*workers, flush=True)
        await deciding

    asyncio.run(main())
""")


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting to be reaped has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return "\nState:\tZ" not in status


async def test_a_bot_killed_with_live_workers_restarts_at_once_and_its_workers_end(tmp_path):
    path = tmp_path / "bottega.db"
    bot = subprocess.Popen([sys.executable, "-c", BOT_WITH_WORKERS, str(path)], cwd=ROOT,
                           stdout=subprocess.PIPE, text=True)
    try:
        workers = [int(pid) for pid in bot.stdout.readline().split()]
        assert len(workers) >= 2, "AI workers and a drawing worker are running"
        assert all(alive(pid) for pid in workers)
    finally:
        os.kill(bot.pid, signal.SIGKILL)
        bot.wait()
        bot.stdout.close()
    try:
        restarted = await Store.open(path)  # at once: no worker holds the lock
        await restarted.close()
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if alive(pid)], "every worker ended with the bot"
    finally:
        for pid in workers:  # leave nothing running, whatever the outcome
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
