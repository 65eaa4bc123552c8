"""The one percentile every benchmark prints (nearest rank, so it is always a measured value)."""


def percentile(samples: list[float], fraction: float) -> float:
    """The sample at ``fraction`` (0.5 for p50, 0.99 for p99) of the sorted samples."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]
