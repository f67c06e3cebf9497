"""Warnsdorff's tie-breaks: the secondary sort key of each square, in each round of a search.

Shared by the search core's twin (the compiled core computes the same keys in C) and the
puzzle rounds of _solve, which hand them to the puzzle kernels. Round 0 prefers the squares
far from the centre; later rounds scramble the order with a 32-bit hash of the square and
the round, so that each restart explores anew.
"""

from __future__ import annotations

_MASK = 0xFFFFFFFF


def tie_breaks(rows: int, cols: int, round_: int) -> list[int]:
    """Secondary sort key of each square in round round_ (smaller goes first)."""
    if round_ == 0:
        return [-((2 * row - rows + 1) ** 2 + (2 * col - cols + 1) ** 2) for row in range(rows) for col in range(cols)]
    salt = (round_ * 0x85EBCA77) & _MASK
    keys = []
    for square in range(rows * cols):
        x = ((square + 1) * 0x9E3779B1 + salt) & _MASK
        x ^= x >> 15
        x = (x * 0x2C1B3C6D) & _MASK
        keys.append(x ^ (x >> 12))
    return keys
