"""Warnsdorff's tie-breaks: the secondary sort key of each square, in each round of a search.

Shared by the search core's twin (the compiled core computes the same keys in C) and the
puzzle rounds of _solve, which hand them to the puzzle kernels. Round 0 prefers the squares
far from the centre; later rounds scramble the order with a 32-bit hash of the square and
the round, so that each restart explores anew.
"""

from __future__ import annotations

from ..model._deadline import CELLS_PER_LOOK, NEVER, chunks

_MASK = 0xFFFFFFFF


def tie_breaks(rows: int, cols: int, round_: int, when: float = NEVER) -> list[int]:
    """Secondary sort key of each square in round round_ (smaller goes first); the clock looked at
    every few thousand squares (model._deadline.OutOfTime past the deadline when)."""
    keys: list[int] = []
    if round_ == 0:
        for row in range(rows):
            across = (2 * row - rows + 1) ** 2
            for some in chunks(cols, when, CELLS_PER_LOOK * 16):
                keys.extend([-(across + (2 * col - cols + 1) ** 2) for col in some])
        return keys
    salt = (round_ * 0x85EBCA77) & _MASK
    for some in chunks(rows * cols, when, CELLS_PER_LOOK * 16):
        for square in some:
            x = ((square + 1) * 0x9E3779B1 + salt) & _MASK
            x ^= x >> 15
            x = (x * 0x2C1B3C6D) & _MASK
            keys.append(x ^ (x >> 12))
    return keys
