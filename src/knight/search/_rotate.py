"""Random closed tours by Pósa rotations: method="random" with closed=True.

A random Warnsdorff walk from the start (fewest onward moves first, ties at random)
covers most of the board. When the path's end has no free neighbour, a rotation gives
it another end: for a square v = path[i] a move from the end, reversing path[i+1:]
leaves a path of the same squares ending at the old path[i+1]. Each rotation first
turns the path round at random, so both ends move (a corner stuck as the first square
could never be left otherwise). Extending and rotating until the path holds every square
and its ends are a move apart gives a cycle, turned to begin at the start. Walks that
retry until they happen to close, as seed 004 does, almost never close on larger boards;
rotations close them in a few hundred steps. A run that stops growing
(ROTATIONS_PER_SQUARE · n rotations without a new square) starts again with a fresh walk.
The random choices are drawn from SplitMix64 (see _splitmix), as the open walks' are, so a
seed gives the same tour on both cores and from one release to the next.
"""

from __future__ import annotations

from ..model._deadline import expired
from ..model._status import FOUND, LIMIT
from ._kernels import core
from ._splitmix import SplitMix64

#: Rotations without a new square, per square of the board, before a fresh walk.
ROTATIONS_PER_SQUARE = 4


def closed_tour(
    neighbours: list[list[int]], squares: int, start: int, rng: SplitMix64, budget: int, deadline: float
) -> tuple[int, int, list[int] | None]:
    """A closed tour from cell start over the squares cells of a board (neighbours: each
    cell's squares a move away, none for a hole); (status, nodes, path). A node is one
    extension or rotation; LIMIT when budget nodes or the deadline pass first."""
    nodes = 0
    while nodes < budget:
        on_path = bytearray(len(neighbours))
        degree = [len(targets) for targets in neighbours]  # free neighbours of each square
        path: list[int] = []
        square = start
        stale = 0
        while nodes < budget and stale <= ROTATIONS_PER_SQUARE * squares:
            nodes += 1
            if nodes % core.CHECK_EVERY == 0 and expired(deadline):
                return LIMIT, nodes, None
            if square >= 0:  # take square
                on_path[square] = 1
                path.append(square)
                for target in neighbours[square]:
                    degree[target] -= 1
                stale = 0
            end = path[-1]
            options = [target for target in neighbours[end] if not on_path[target]]
            if options:
                fewest = min(degree[target] for target in options)
                ties = [target for target in options if degree[target] == fewest]
                square = ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]
                continue
            if len(path) == squares and path[0] in neighbours[end]:
                turn = path.index(start)
                return FOUND, nodes, path[turn:] + path[:turn]
            if rng.next() >> 63:
                path.reverse()
                end = path[-1]
            pivots = [target for target in neighbours[end] if on_path[target] and target != path[-2]]
            if not pivots:
                break
            turn = path.index(pivots[rng.below(len(pivots))]) + 1
            path[turn:] = path[: turn - 1 : -1]
            square = -1
            stale += 1
    return LIMIT, nodes, None
