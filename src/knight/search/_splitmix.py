"""SplitMix64: the small random generator of the walks, the same on both cores.

The compiled walk (``_walk.pyx``) draws from the same generator in C, so a seed gives the
same tour on both cores, and, the generator being part of knight rather than of Python,
from one release to the next. A tie among k squares goes to the (next() mod k)-th, in
move order; a single candidate draws nothing.
"""

from __future__ import annotations

import os

MASK = (1 << 64) - 1


def seed_state(seed: int | None) -> int:
    """The generator's starting state for seed (its low 64 bits), or a fresh random one for None."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    return seed & MASK


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64 (2014), as the compiled walk's _next."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    def next(self) -> int:
        """The next 64 random bits."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, k: int) -> int:
        """An index from 0 to k - 1: next() mod k."""
        return self.next() % k
