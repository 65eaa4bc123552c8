"""Worker processes that never hold the bot's files and never outlive it.

Both pools of the bot (AI decisions in :mod:`.ai_runner`, boards in :mod:`rendering.pool`, which
the bot gives :func:`end_with_parent`) start their workers from :func:`worker_context`: a fresh interpreter (``spawn``), so a worker
inherits no descriptor of the bot (the SQLite database's lock above all: a forked worker kept it,
and a bot killed with SIGKILL could not start again while its workers lived), and no lock held
by another thread of the bot. Each worker runs :func:`end_with_parent` first, so it ends within
a moment of the bot's death however the bot died.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from multiprocessing.context import BaseContext

START_METHOD = "spawn"
PARENT_CHECK_SECONDS = 0.5


def worker_context() -> BaseContext:
    return multiprocessing.get_context(START_METHOD)


def end_with_parent(parent: int) -> None:
    """A worker's initializer: end the worker as soon as process ``parent`` is gone (its parent
    changes when it dies), checked by a daemon thread so a busy worker ends too."""
    if os.getppid() != parent:
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()
