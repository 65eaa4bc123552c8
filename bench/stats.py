"""What every benchmark shares: the one percentile they print (nearest rank, so it is always a
measured value) and the reading of a bench's one optional count, with CI's smoke run (``--quick``)."""

import sys


def percentile(samples: list[float], fraction: float) -> float:
    """The sample at ``fraction`` (0.5 for p50, 0.99 for p99) of the sorted samples."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def count_argument(default: int, quick: int) -> int:
    """The bench's optional count (``python bench/x.py [N]``); ``--quick``, a smoke run that only
    shows the bench still runs to its end, asks for ``quick``."""
    arguments = sys.argv[1:]
    if "--quick" in arguments:
        return quick
    return int(arguments[0]) if arguments else default
