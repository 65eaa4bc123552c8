"""Worker processes that never hold the bot's files and never outlive it.

The drawing pool (:mod:`rendering.pool`) starts fresh interpreters (``spawn``), which inherit no
descriptor of the bot and no lock held by another of its threads. The AI pool (:mod:`.ai_runner`)
forks, so that a decision starts at once; a forked child closes its copy of the database's lock at
once (``db/files.py``), because a worker that kept it would refuse the bot's restart after a crash
for as long as it lived. Every worker of both pools runs :func:`end_with_parent` first (the bot
gives it to the drawing pool), so it ends within a moment of the bot's death however the bot died.
"""

from __future__ import annotations

import os
import threading
import time

PARENT_CHECK_SECONDS = 0.5


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
