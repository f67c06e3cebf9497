"""The flood fill the pure-Python twins prune with (the compiled kernels have their own in C):
how many free squares a knight's walk could still reach."""

from __future__ import annotations

import math
from typing import Sequence


def reachable(
    neighbours: Sequence[Sequence[int]],
    free: Sequence[int],
    mark: list[int],
    stamp: int,
    square: int,
    limit: float = math.inf,
    knight: int = -1,
) -> int:
    """How many free squares a flood fill from square reaches through free squares (square
    itself too, if free), stopping once it has limit of them; -1 as soon as one is a move
    from knight. It marks them with stamp (a value mark holds nowhere yet), so no square
    counts twice."""
    reached = 0
    if free[square]:
        mark[square] = stamp
        reached = 1
    todo = [square]
    while todo and reached < limit:
        for neighbour in neighbours[todo.pop()]:
            if neighbour == knight:
                return -1
            if free[neighbour] and mark[neighbour] != stamp:
                mark[neighbour] = stamp
                reached += 1
                todo.append(neighbour)
    return reached
