"""A small deterministic random number generator whose whole state is one integer.

SplitMix64 is used because its state fits in a JSON number and it passes BigCrush; games store
``state["rng"]`` and every shuffle or die roll goes through :class:`Rng`, so a game replays bit
for bit from its seed and move log.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The generator state for a table seed (any int, also negative or > 64 bits)."""
    return seed & _MASK


class Rng:
    """Draws from, and writes back to, ``holder[key]`` (a game state dict by default)."""

    __slots__ = ("_holder", "_key")

    def __init__(self, holder: dict[str, Any], key: str = "rng") -> None:
        self._holder = holder
        self._key = key

    def next_u64(self) -> int:
        z = (self._holder[self._key] + 0x9E3779B97F4A7C15) & _MASK
        self._holder[self._key] = z
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
