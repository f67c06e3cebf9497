"""Pure-Python twin of the compiled walks (``_walk.pyx``): the same steps, the same paths.

A walk follows Warnsdorff's rule from the start: take the square, then move to a free
neighbour with the fewest free neighbours of its own. Each square's count of free
neighbours (its degree) is kept up to date as the walk takes squares, never recounted.
Ties go to the lowest move index (``warnsdorff``, seed 002), or to one drawn from
SplitMix64 (``random_walk``, seed 004's random tie-breaks), which restarts the walk from
the start until one covers the board. ``closed_walk`` closes a random walk by Pósa
rotations (see its docstring).

The board is laid out as the search core's: a grid of bytes inside a border as wide as
the longest step, whose cells are never free, so a neighbour is the cell index plus a
fixed offset, one per move, with no table per square. A node is a square placed; every
CHECK_EVERY nodes (and in closed_walk after rotations that turned CHECK_WORK squares) the
walk compares the clock with the deadline (a time.monotonic() reading) and stops once it
has passed.
"""

from __future__ import annotations

import math
from array import array
from time import monotonic
from typing import Sequence

from ..model._status import EXHAUSTED, FOUND, LIMIT
from ._splitmix import SplitMix64

__all__ = [
    "CHECK_EVERY",
    "CHECK_WORK",
    "EXHAUSTED",
    "FOUND",
    "LIMIT",
    "ROTATIONS_PER_SQUARE",
    "closed_walk",
    "random_walk",
    "warnsdorff",
    "warnsdorff_trace",
]

CHECK_EVERY = 4096
CHECK_WORK = 1 << 24


class _Walk:
    """A board laid out for walks: on_board and base_degree per cell of the bordered grid."""

    __slots__ = ("base_degree", "border", "cols", "n", "offsets", "on_board", "width")

    def __init__(self, rows: int, cols: int, mask: bytes | None, start: int, moves: Sequence[tuple[int, int]]) -> None:
        if mask is not None and len(mask) != rows * cols:
            raise ValueError(f"mask has {len(mask)} cells, not {rows * cols}")
        if not 0 <= start < rows * cols or (mask is not None and not mask[start]):
            raise ValueError(f"start {start} is not a square of the board")
        steps = [(dr, dc) for dr, dc in moves if abs(dr) < rows and abs(dc) < cols]  # the rest never land
        border = max((max(abs(dr), abs(dc)) for dr, dc in steps), default=0)
        width = cols + 2 * border
        self.width, self.border, self.cols = width, border, cols
        self.offsets = [dr * width + dc for dr, dc in steps]
        on_board = bytearray((rows + 2 * border) * width)
        for row in range(rows):
            cell = (row + border) * width + border
            on_board[cell : cell + cols] = b"\x01" * cols if mask is None else mask[row * cols : (row + 1) * cols]
        base_degree = bytearray(len(on_board))
        for cell, here in enumerate(on_board):
            if here:
                base_degree[cell] = sum(on_board[cell + offset] for offset in self.offsets)
        self.on_board, self.base_degree = on_board, base_degree
        self.n = rows * cols if mask is None else sum(1 for cell in mask if cell)

    def cell(self, square: int) -> int:
        return (square // self.cols + self.border) * self.width + square % self.cols + self.border

    def once(
        self,
        start: int,
        budget: int,
        rng: SplitMix64 | None,
        nodes: int,
        deadline: float,
        records: array[int] | None = None,
    ) -> tuple[array[int], int, bool]:
        """One walk from cell start of at most budget squares: (path, nodes, late), late when
        the deadline passed (the walk stops there). nodes counts on from the nodes given.
        With records, appends each step's records (see warnsdorff_trace)."""
        free = bytearray(self.on_board)
        degree = bytearray(self.base_degree)
        offsets = self.offsets
        path = array("i")
        square = start
        while True:
            free[square] = 0
            path.append(square)
            nodes += 1
            fewest = 255
            ties: list[int] = []
            for offset in offsets:
                neighbour = square + offset
                if free[neighbour]:
                    count = degree[neighbour] - 1
                    degree[neighbour] = count
                    if count < fewest:
                        fewest = count
                        ties = [neighbour]
                    elif count == fewest:
                        ties.append(neighbour)
            if nodes % CHECK_EVERY == 0 and deadline != math.inf and monotonic() >= deadline:
                return path, nodes, True
            if records is not None:
                records.extend((1, self.square(square), len(path)))
                if ties and len(path) < budget:
                    options = [square + offset for offset in offsets if free[square + offset]]
                    options.sort(key=degree.__getitem__)  # stable: ties keep the move order
                    records.extend((3, len(path) + 1, len(options)))
                    for option in options:
                        records.extend((self.square(option), degree[option]))
            if not ties or len(path) >= budget:
                return path, nodes, False
            square = ties[0] if rng is None or len(ties) == 1 else ties[rng.below(len(ties))]

    def complete(self, path: array[int], closed: bool) -> bool:
        """Whether path covers the board (and, for closed, ends a move from its start)."""
        if len(path) != self.n:
            return False
        if not closed:
            return True
        return len(path) >= 3 and any(path[-1] + offset == path[0] for offset in self.offsets)  # a cycle: 3 squares

    def square(self, cell: int) -> int:
        """The 1-based square number of a cell."""
        return (cell // self.width - self.border) * self.cols + cell % self.width - self.border + 1

    def squares(self, path: array[int]) -> array[int]:
        """The path's cells as 1-based square numbers."""
        return array("i", map(self.square, path))


def warnsdorff(
    rows: int,
    cols: int,
    mask: bytes | None,
    start: int,
    closed: bool,
    max_nodes: int,
    moves: Sequence[tuple[int, int]],
    deadline: float = math.inf,
) -> tuple[int, int, array[int]]:
    """One walk by Warnsdorff's rule from cell index start, ties to the lowest move index;
    return (status, nodes, squares).

    squares is always the walk's squares (1-based, an int32 array); status is FOUND when
    they are a tour (closed, if asked), LIMIT when max_nodes squares were placed or the
    deadline passed first, EXHAUSTED when the walk got stuck (or covered the board away
    from home for a closed tour).
    """
    return _warnsdorff(rows, cols, mask, start, closed, max_nodes, moves, deadline, None)


def warnsdorff_trace(
    rows: int,
    cols: int,
    mask: bytes | None,
    start: int,
    closed: bool,
    max_nodes: int,
    moves: Sequence[tuple[int, int]],
    deadline: float = math.inf,
) -> tuple[int, int, array[int], array[int]]:
    """warnsdorff, with the walk's records: (status, nodes, squares, records).

    Each step writes (1, square, move), the square placed as move move, then, but for the
    last, (3, move + 1, k, then k pairs square, degree): the free neighbours in the rule's
    order (fewest onward moves, ties to the lower move index), the first of them chosen.
    Squares are 1-based, as the search core's Tracer records them.
    """
    records = array("i")
    return (*_warnsdorff(rows, cols, mask, start, closed, max_nodes, moves, deadline, records), records)


def _warnsdorff(
    rows: int,
    cols: int,
    mask: bytes | None,
    start: int,
    closed: bool,
    max_nodes: int,
    moves: Sequence[tuple[int, int]],
    deadline: float,
    records: array[int] | None,
) -> tuple[int, int, array[int]]:
    walk = _Walk(rows, cols, mask, start, moves)
    path, nodes, late = walk.once(walk.cell(start), max_nodes, None, 0, deadline, records)
    if walk.complete(path, closed):
        status = FOUND
    elif late or (len(path) < walk.n and len(path) >= max_nodes):
        status = LIMIT
    else:
        status = EXHAUSTED
    return status, nodes, walk.squares(path)


def random_walk(
    rows: int,
    cols: int,
    mask: bytes | None,
    start: int,
    closed: bool,
    max_nodes: int,
    moves: Sequence[tuple[int, int]],
    seed: int,
    deadline: float = math.inf,
) -> tuple[int, int, array[int] | None]:
    """Walks by Warnsdorff's rule with ties drawn from SplitMix64(seed), seed 0 to 2**64 - 1,
    from cell index start, restarted until one is a tour; return (status, nodes, squares).

    status is FOUND with the tour's squares (1-based, an int32 array), or LIMIT (squares
    None) when max_nodes squares, over all walks, or the deadline passed first.
    """
    walk = _Walk(rows, cols, mask, start, moves)
    rng = SplitMix64(seed)
    cell = walk.cell(start)
    nodes = 0
    while nodes < max_nodes:
        path, nodes, late = walk.once(cell, max_nodes - nodes, rng, nodes, deadline)
        if walk.complete(path, closed):
            return FOUND, nodes, walk.squares(path)
        if late:
            break
    return LIMIT, nodes, None


#: closed_walk: rotations without a new square, per square of the board, before a fresh walk.
ROTATIONS_PER_SQUARE = 4


def closed_walk(
    rows: int,
    cols: int,
    mask: bytes | None,
    start: int,
    max_nodes: int,
    moves: Sequence[tuple[int, int]],
    seed: int,
    deadline: float = math.inf,
) -> tuple[int, int, array[int] | None]:
    """A closed tour from cell index start by a random walk closed by Pósa rotations; return
    (status, nodes, squares).

    A random Warnsdorff walk from the start (fewest onward moves first, ties drawn from
    SplitMix64(seed)) covers most of the board. When the path's end has no free
    neighbour, a rotation gives it another end: for a square v = path[i] a move from the
    end, reversing path[i+1:] leaves a path of the same squares ending at the old
    path[i+1]. Each rotation first turns the path round at random (when the next draw's
    top bit is 1), so both ends move (a corner stuck as the first square could never be
    left otherwise). Extending and rotating until the path holds every square and its
    ends are a move apart gives a cycle, turned to begin at the start. Walks that retry
    until they happen to close, as seed 004 does, almost never close on larger boards;
    rotations close them in a few hundred steps. A run that stops growing
    (ROTATIONS_PER_SQUARE · n rotations without a new square) starts again with a fresh
    walk. A node is one extension or rotation; status is FOUND with the tour's squares
    (1-based, an int32 array, from start), or LIMIT (squares None) when max_nodes nodes or
    the deadline passed first.
    """
    walk = _Walk(rows, cols, mask, start, moves)
    rng = SplitMix64(seed)
    on_board, offsets, n = walk.on_board, walk.offsets, walk.n
    home = walk.cell(start)
    nodes = 0
    while nodes < max_nodes:
        on_path = bytearray(len(on_board))
        degree = bytearray(walk.base_degree)  # free neighbours of each square
        path = array("i")
        square = home
        stale = work = 0
        while nodes < max_nodes and stale <= ROTATIONS_PER_SQUARE * n:
            nodes += 1
            if nodes % CHECK_EVERY == 0 or work >= CHECK_WORK:  # a rotation costs up to the path's length
                work = 0
                if deadline != math.inf and monotonic() >= deadline:
                    return LIMIT, nodes, None
            if square >= 0:  # take square
                on_path[square] = 1
                path.append(square)
                for offset in offsets:
                    if on_board[square + offset]:
                        degree[square + offset] -= 1
                stale = 0
            end = path[-1]
            options = [end + offset for offset in offsets if on_board[end + offset] and not on_path[end + offset]]
            if options:
                fewest = min(degree[target] for target in options)
                ties = [target for target in options if degree[target] == fewest]
                square = ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]
                continue
            if len(path) == n >= 3 and any(end + offset == path[0] for offset in offsets):  # a cycle: 3 squares
                turn = path.index(home)
                return FOUND, nodes, walk.squares(path[turn:] + path[:turn])
            if rng.next() >> 63:
                path.reverse()
                end = path[-1]
            before = path[-2] if len(path) >= 2 else -1
            pivots = [end + offset for offset in offsets if on_path[end + offset] and end + offset != before]
            if not pivots:
                break
            turn = path.index(pivots[rng.below(len(pivots))]) + 1
            path[turn:] = path[: turn - 1 : -1]
            work += len(path)
            square = -1
            stale += 1
    return LIMIT, nodes, None
