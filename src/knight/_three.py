"""Closed knight's tours of boards three wide, any even length from 10, in linear time.

A closed tour of 3×n needs n even and at least 10 (Schwenk). Two tours, of 3×14 and
3×16, are shipped as data (``_three_data``, found and checked by
scripts/gen_three_wide.py). Each has a cut x (between columns x-1 and x) such that the
tour's edges crossing the cut x+4 are those crossing the cut x, moved 4 columns right.
Then the 4 columns between the cuts can be repeated: with k copies of them (k >= 0; k = 0
deletes them) take the base tour's edges left of cut x and across it, the edges between
the cuts and across cut x+4 once per copy, each copy 4 columns right of the last, and the
edges right of cut x+4 moved (k-1)·4 columns. Every square then keeps the two knight's
moves its model square had, so this is a set of cycles covering the board; it is one
cycle for every k because, left of any cut x+4j, what the rest of the board can see is
only which of the cut's crossing edges are joined there, that "state" after j copies
fixes the state after j+1 and, with the right part, whether the whole is one cycle; so
the states repeat periodically, and the script checks one cycle for every k up to the
first repeat, which covers all k. 3×14 gives n = 10 + 4k, 3×16 gives n = 12 + 4k: every
even n >= 10.

The tour is written by following the cycle run by run (a run is a maximal stretch of the
base tour inside one region: left of x, between the cuts, right of x+4), so the work is
proportional to the squares. An open tour from any square is the closed one rotated to
start there (its last move dropped).
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from ._three_data import BASES

PERIOD = 4
#: From this length on, knight.tour's "auto" builds tours of boards three wide (even lengths).
AUTO_FROM = 32


def applies(rows: int, cols: int) -> bool:
    """Whether rows×cols is three wide with an even length of at least 10."""
    length = cols if rows == 3 else rows if cols == 3 else 0
    return length >= 10 and length % 2 == 0


@lru_cache(maxsize=2)
def _runs(w: int):
    """The base tour of 3×w cut into runs, and how their ends meet across the two cuts.

    Returns (runs, ends_x, ends_xp): runs as (region, cells, edge into the first cell,
    edge out of the last); ends_x[e] for a crossing edge e of cut x gives the (run, side)
    on its left and on its right; ends_xp[e] the same for the edge e + 4 across cut x + 4.
    region is 0 (left of x), 1 (between the cuts), 2 (right of x + 4); side 0 is a run's
    first cell, 1 its last.
    """
    cells, x = BASES[w]
    cells = [divmod(cell, w) for cell in cells]

    def region(cell):
        return 0 if cell[1] < x else 1 if cell[1] < x + PERIOD else 2

    first = next(i for i in range(len(cells)) if region(cells[i]) == 0 != region(cells[i - 1]))
    cells = cells[first:] + cells[:first]
    runs: list[tuple[int, list, tuple, tuple]] = []
    current = [cells[0]]
    for i, previous in enumerate(cells):
        cell = cells[(i + 1) % len(cells)]
        if region(cell) == region(previous) and i + 1 < len(cells):
            current.append(cell)
        else:
            runs.append((region(previous), current, None, (previous, cell)))
            current = [cell]
    runs = [(reg, run, runs[i - 1][3], out) for i, (reg, run, _, out) in enumerate(runs)]
    ends_x: dict[frozenset, dict[int, tuple[int, int]]] = {}
    ends_xp: dict[frozenset, dict[int, tuple[int, int]]] = {}
    for index, (reg, run, into, out) in enumerate(runs):
        for side, (a, b) in ((0, into), (1, out)):
            lo = min(a[1], b[1])
            left_region = 0 if lo < x else 1  # the region on the left of the cut crossed
            cut_x = lo < x  # crosses cut x (else cut x + 4)
            if cut_x:
                key = frozenset((a, b))
                ends_x.setdefault(key, {})[0 if reg == left_region else 1] = (index, side)
            else:
                key = frozenset(((a[0], a[1] - PERIOD), (b[0], b[1] - PERIOD)))
                ends_xp.setdefault(key, {})[0 if reg == left_region else 1] = (index, side)
    return runs, ends_x, ends_xp, x


def closed_tour(rows: int, cols: int) -> array:
    """A closed tour of a board three wide (applies(rows, cols)) as 1-based squares, from square 1's run."""
    n = cols if rows == 3 else rows
    w = 14 if n % 4 == 2 else 16
    k = (n - w) // PERIOD + 1
    runs, ends_x, ends_xp, x = _runs(w)
    if rows == 3:
        stride = 1
        codes = [[r * n + c + 1 for r, c in run] for _, run, _, _ in runs]
    else:
        stride = 3
        codes = [[c * 3 + r + 1 for r, c in run] for _, run, _, _ in runs]
    reverse = [code[::-1] for code in codes]
    regions = [reg for reg, _, _, _ in runs]
    # For each run and side: the crossing edge there, as (cut is x, port key).
    exits = []
    for reg, run, into, out in runs:
        pair = []
        for a, b in (into, out):
            if min(a[1], b[1]) < x:
                pair.append((True, frozenset((a, b))))
            else:
                pair.append((False, frozenset(((a[0], a[1] - PERIOD), (b[0], b[1] - PERIOD)))))
        exits.append(pair)
    shift_r = (k - 1) * PERIOD * stride
    step = PERIOD * stride
    out_list: list[int] = []
    extend = out_list.extend
    run, copy, side = 0, 0, 0  # run 0 is a left run, entered at its first cell
    start = (run, copy, side)
    while True:
        reg = regions[run]
        offset = 0 if reg == 0 else copy * step if reg == 1 else shift_r
        piece = codes[run] if side == 0 else reverse[run]
        extend([v + offset for v in piece] if offset else piece)
        at_x, key = exits[run][1 - side]  # leave by the other end
        # The cut crossed (index j among x + 4j) and whether we go right (to its side 1).
        if reg == 0:
            cut, right = 0, True
        elif reg == 2:
            cut, right = k, False
        elif at_x:
            cut, right = copy, False
        else:
            cut, right = copy + 1, True
        if right:
            if cut < k:
                run, end = ends_x[key][1]
                copy = cut
            else:
                run, end = ends_xp[key][1]
                copy = 0
        else:
            if cut >= 1:
                run, end = ends_xp[key][0]
                copy = cut - 1
            else:
                run, end = ends_x[key][0]
                copy = 0
        side = end
        if (run, copy, side) == start:
            break
        if len(out_list) > 3 * n:  # pragma: no cover: the data are checked
            raise AssertionError(f"3x{n}: the runs do not close")
    return array("i", out_list)


def tour(rows: int, cols: int, start: int) -> array:
    """The closed tour rotated to begin at square index start (0-based)."""
    squares = closed_tour(rows, cols)
    turn = squares.index(start + 1)
    return squares[turn:] + squares[:turn]
