"""Magic knight's tours: the board and the lines a numbering must make add up
(``model._magic.line_cells``) laid out for the kernel (``_kernels.magic``: ``_magic.pyx`` or
its twin ``_magic_py.py``), and the kernel run.

Each line adds up to its length times the average number (N + 1)/2. Cells are 0-based
(row * cols + col); the Python around the kernel (knight._magic) speaks in squares.
"""

from __future__ import annotations

from array import array
from typing import Iterable, Mapping, NamedTuple, Sequence

from ..model._deadline import NEVER
from . import _kernels

__all__ = ["MagicResult", "magic_search"]

_KNIGHT_STEPS = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


class MagicResult(NamedTuple):
    """What one kernel run found: its status (FOUND, EXHAUSTED, LIMIT), the tours kept (each a
    list of 0-based cells), the nodes it walked and how many tours it counted (total); a probe's
    estimate of the tree's nodes (0.0 when not probing)."""

    status: int
    tours: list[list[int]]
    nodes: int
    total: int
    estimate: float = 0.0


def _neighbours(rows: int, cols: int) -> array[int]:
    table = array("i", [-1]) * (rows * cols * 8)
    for r in range(rows):
        for c in range(cols):
            slot = (r * cols + c) * 8
            for dr, dc in _KNIGHT_STEPS:
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    table[slot] = (r + dr) * cols + c + dc
                    slot += 1
    return table


def magic_search(
    rows: int,
    cols: int,
    head: Sequence[int],
    tail: Sequence[int],
    *,
    lines: Iterable[Sequence[int]],
    given: Mapping[int, int] | None = None,
    order_key: Sequence[int] | None = None,
    count_all: bool = False,
    keep: int = 1,
    max_nodes: int = 2**62,
    deadline: float = NEVER,
    mirror: bool = False,
    probe: int = -1,
) -> MagicResult:
    """Run the kernel: magic tours from the cells head (numbers 1, 2, ...: the start at least)
    to the cells tail (numbers N, N - 1, ...: the end at least), whose numbering makes every
    line add up to its length times the average number; given maps cells to fixed numbers
    (the caller checks them against head, tail and the colours).

    mirror=True searches the half-turn subspace only: number k + N/2 stands on the cell
    opposite number k's (rows and columns both even, no givens, tail empty); the head walks
    numbers 1..N/2 and every placement is mirrored, so the depth halves. Every such tour is
    closed (N/2 leads to N/2 + 1, opposite the start, so N leads back to 1).

    probe ≥ 0 walks one random path of the tree instead, its random draws seeded with probe:
    the result's estimate is Knuth's unbiased estimate of the tree's nodes (their mean over
    many probes), as the search would count them."""
    cells = rows * cols
    given = given or {}
    fixed = array("i", [0]) * cells
    at_number = array("i", [-1]) * (cells + 2)
    for cell, number in given.items():
        fixed[cell] = number
        at_number[number] = cell
    next_given = array("i", [0]) * (cells + 2)
    last_given = array("i", [0]) * (cells + 2)
    upcoming = 0
    for number in range(cells, -1, -1):
        next_given[number] = upcoming
        if at_number[number] >= 0:
            upcoming = number
    upcoming = 0
    for number in range(1, cells + 2):
        last_given[number] = upcoming
        if at_number[number] >= 0:
            upcoming = number
    kernel = _kernels.magic  # looked up at each call: the tests swap it
    cell_lines = array("i", [-1]) * (cells * kernel.LINES)
    used = [0] * cells
    target = array("q")
    for index, members in enumerate(lines):
        for cell in members:
            cell_lines[cell * kernel.LINES + used[cell]] = index
            used[cell] += 1
        target.append(len(members) * (cells + 1) // 2)
    keys = array("q", order_key if order_key is not None else range(cells))
    status, found, nodes, count, estimate = kernel.search(
        _neighbours(rows, cols),
        cols,
        fixed,
        at_number,
        next_given,
        last_given,
        cell_lines,
        target,
        array("i", head),
        array("i", tail),
        keys,
        count_all,
        keep,
        max_nodes,
        deadline,
        mirror,
        probe,
    )
    tours = [list(found[i : i + cells]) for i in range(0, len(found), cells)]
    return MagicResult(status, tours, nodes, count, estimate)
