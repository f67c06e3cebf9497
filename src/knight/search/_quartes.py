"""Semimagic knight's tours of n×n boards, n a multiple of 4, built from quartes.

Cut the board into 4×4 blocks (k×k of them, n = 4k) and the numbers 1..N into quartes,
4j + 1..4j + 4 (j = 0..Q - 1, Q = N/4). The tour this module builds lays each quarte on a
*transversal* of one block: four cells joined by knight's leaps, one in each of the block's
rows and each of its columns (48 such paths, with their direction). Each row of a block then
holds one number of each of the block's four quartes, 4j + 1 + o, where o (0..3) is the
number's place in its quarte, so a row of the board adds up to

    4 × (the quarte indices j of its band of blocks) + n + (its places o),

and the same for a column. Two conditions make every line add up to n(N + 1)/2:

* **the indices**: quarte Q - 1 - j lies in the same block as quarte j (the block sequence is
  a palindrome), so each pair adds Q - 1 and each band of 4k quartes adds 2k(Q - 1);
* **the places**: the places o in each row (and column) of the board add up to 6k, the mean.

The search builds the tour from both ends at once, like the magic kernel's half-turn
subspace: step d lays quarte d (from the head) and quarte Q - 1 - d (back from the tail) in
one block, so the first condition holds by construction. A block's cells left free must
still split into transversals (the unions of disjoint transversals are listed once). The
places are pruned by bounds (a row still to receive m numbers needs between 0 and 3m more),
and the candidates are tried in the order that brings each row's and column's places
nearest their mean (a square error), ties broken at random: without that order no 12×12
tour came within two million nodes. The last step's head must leap to its tail.

This module holds what both cores share: the transversals and the other tables, laid out once
a board size, and the run (``quarte_tour``); the loop is the kernel's (``_kernels.quartes_core``:
``_quartes_core.pyx``, or its twin ``_quartes_core_py.py``, which gives the same tour for a seed).
knight.magic calls it for n = 12, 16, 20, ...; the restarts and their budgets are the caller's.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import List, NamedTuple, Optional, Sequence, Tuple

from ..model._deadline import NEVER
from ..model._status import FOUND
from . import _kernels

__all__ = ["QuarteResult", "quarte_tour"]

_STEPS = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
_FULL = 0xFFFF


def _transversals() -> List[Tuple[int, ...]]:
    """Every knight's path of four cells (0..15, row * 4 + col) in a 4×4 block that meets each
    of its rows and columns once, in each direction."""
    found: List[Tuple[int, ...]] = []

    def grow(path: List[int]) -> None:
        if len(path) == 4:
            found.append(tuple(path))
            return
        r, c = divmod(path[-1], 4)
        for dr, dc in _STEPS:
            row, col = r + dr, c + dc
            if 0 <= row < 4 and 0 <= col < 4 and all(row != cell // 4 and col != cell % 4 for cell in path):
                grow(path + [row * 4 + col])

    for cell in range(16):
        grow([cell])
    return found


class _Tables(NamedTuple):
    """The kernel's tables of a block (see _quartes_core_py's docstring), the same for any board."""

    paths: List[Tuple[int, ...]]
    fields: array[int]
    starting: array[int]
    ending: array[int]
    unions: array[int]


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    """The transversals and the kernel's tables of them, made once (at the first run, not at import)."""
    kernel = _kernels.quartes_core
    paths = _transversals()
    assert len(paths) == kernel.PATHS
    masks = [sum(1 << cell for cell in path) for path in paths]
    fields = array("i")
    for path, mask in zip(paths, masks):
        rows = [path.index(cell) for r in range(4) for cell in path if cell // 4 == r]
        cols = [path.index(cell) for c in range(4) for cell in path if cell % 4 == c]
        fields.extend([mask, path[0], path[3], *rows, *cols])
    starting, ending = array("i", [-1]) * (16 * kernel.WAYS), array("i", [-1]) * (16 * kernel.WAYS)
    for cell in range(16):
        for table, end in ((starting, 0), (ending, 3)):
            ways = [i for i, path in enumerate(paths) if path[end] == cell]
            table[cell * kernel.WAYS : cell * kernel.WAYS + len(ways)] = array("i", ways)
    unions = array("B", [0]) * (_FULL + 1)
    for mask in _unions(masks):
        unions[mask] = 1
    return _Tables(paths, fields, starting, ending, unions)


def _unions(masks: Sequence[int]) -> set[int]:
    """The cell masks of a block that are unions of disjoint transversals."""
    seen = {0}
    todo = [0]
    while todo:
        union = todo.pop()
        for mask in masks:
            if not mask & union and mask | union not in seen:
                seen.add(mask | union)
                todo.append(mask | union)
    return seen


@lru_cache(maxsize=4)
def _board(k: int) -> Tuple[array[int], array[int]]:
    """The 4k×4k board's tables: per cell its leaps (block * 16 + cell in the block, -1 after the
    last), and per step the blocks it may lay its quartes in (_schedule, as 0/1 a block)."""
    n = 4 * k
    leaps = array("i", [-1]) * (n * n * 8)
    for cell in range(n * n):
        r, c = divmod(cell, n)
        slot = cell * 8
        for dr, dc in _STEPS:
            row, col = r + dr, c + dc
            if 0 <= row < n and 0 <= col < n:
                leaps[slot] = ((row // 4) * k + col // 4) * 16 + (row % 4) * 4 + col % 4
                slot += 1
    allowed = array("B", [block in step for step in _schedule(k) for block in range(k * k)])
    return leaps, allowed


class QuarteResult:
    """One run of quarte_tour: the tour's cells (0-based, row * n + col, in order) or None, and
    the nodes walked; timed_out when the deadline ended it."""

    __slots__ = ("cells", "nodes", "timed_out")

    def __init__(self, cells: Optional[List[int]], nodes: int, timed_out: bool) -> None:
        self.cells, self.nodes, self.timed_out = cells, nodes, timed_out


def _schedule(k: int) -> List[frozenset[int]]:
    """Per step, the blocks it may lay its quartes in. k even: the board's 8×8 quarters of 2×2
    blocks (their own 16 quartes each), one after another along a snake, so that each is finished
    before the next is begun (16×16: found in restarts where the whole board was not); k odd: any."""
    if k % 2:
        return [frozenset(range(k * k))] * (2 * k * k)
    steps: List[frozenset[int]] = []
    for R in range(k // 2):
        for C in range(k // 2) if R % 2 == 0 else range(k // 2 - 1, -1, -1):
            unit = frozenset((2 * R + a) * k + 2 * C + b for a in range(2) for b in range(2))
            steps += [unit] * 8
    return steps


def quarte_tour(k: int, seed: int, max_nodes: int, deadline: float = NEVER) -> QuarteResult:
    """One run of the search on the 4k×4k board (k ≥ 2), its random order from seed (SplitMix64's,
    its low 64 bits): the tour's cells, or None after max_nodes nodes (or at the deadline, a
    time.monotonic() value)."""
    tables = _tables()
    leaps, allowed = _board(k)
    kernel = _kernels.quartes_core  # looked up at each call: the tests swap it
    status, chosen, nodes, timed_out = kernel.search(
        k,
        tables.fields,
        tables.starting,
        tables.ending,
        tables.unions,
        leaps,
        allowed,
        seed & (2**64 - 1),
        max_nodes,
        deadline,
    )
    if status != FOUND:
        return QuarteResult(None, nodes, timed_out)
    return QuarteResult(_cells(k, tables.paths, chosen), nodes, False)


def _cells(k: int, paths: Sequence[Tuple[int, ...]], chosen: Sequence[int]) -> List[int]:
    """The tour's cells in order: the heads' quartes, then the tails' from the middle out (chosen:
    the kernel's pairs, block * PATHS² + head * PATHS + tail)."""
    count = len(paths)
    pairs = [(pair // (count * count), pair // count % count, pair % count) for pair in chosen]
    order = [(block, head) for block, head, _ in pairs] + [(block, tail) for block, _, tail in reversed(pairs)]
    n = 4 * k
    return [
        ((block // k) * 4 + local // 4) * n + (block % k) * 4 + local % 4
        for block, path in order
        for local in paths[path]
    ]
