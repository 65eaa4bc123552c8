"""Progress of a long operator command (``python -m db check|copy``, ``python -m bot --replay``):
a bar on a terminal (tqdm), a few plain lines otherwise (a log file, a pipe)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TextIO, TypeVar

from tqdm import tqdm

T = TypeVar("T")
PLAIN_STEPS = 10
"""Without a terminal, a line at each tenth of the way (and at the end)."""


def progress(items: Iterable[T], *, total: int, label: str, out: TextIO | None = None) -> Iterator[T]:
    """``items``, one by one, while showing how far along they are on ``out`` (standard error).

    >>> import io
    >>> out = io.StringIO()
    >>> list(progress(range(3), total=3, label="games replayed", out=out))
    [0, 1, 2]
    >>> print(out.getvalue(), end="")
    games replayed: 0 of 3
    games replayed: 1 of 3
    games replayed: 2 of 3
    games replayed: 3 of 3
    """
    out = sys.stderr if out is None else out
    if out.isatty():
        yield from tqdm(items, total=total, desc=label, file=out, unit="")
        return
    print(f"{label}: 0 of {total}", file=out, flush=True)
    step = max(1, total // PLAIN_STEPS)
    done = 0
    for item in items:
        yield item
        done += 1
        if done % step == 0 or done == total:
            print(f"{label}: {done} of {total}", file=out, flush=True)
