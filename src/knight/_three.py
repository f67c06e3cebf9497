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

The tour is written by _strips's writer (run by run, in linear time) from the base cut
open at one of its edges left of x, which the copies leave in place, so the path it
writes ends a move from its start. An open tour from any square is the closed one
rotated to start there (its last move dropped).
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from . import _strips
from ._three_data import BASES

#: From this length on, knight.tour's "auto" builds tours of boards three wide (even lengths).
AUTO_FROM = 32


def applies(rows: int, cols: int) -> bool:
    """Whether rows×cols is three wide with an even length of at least 10."""
    length = cols if rows == 3 else rows if cols == 3 else 0
    return length >= 10 and length % 2 == 0


@lru_cache(maxsize=2)
def _base(w: int) -> _strips.Base:
    """The stored closed tour of 3×w as a path: the cycle cut open at its first edge left of the cut x."""
    cells, x = BASES[w]
    i = next(i for i in range(len(cells)) if cells[i] % w < x and cells[i - 1] % w < x)
    return _strips.Base(3, w, tuple(cells[i:] + cells[:i]), (x,))


def closed_tour(rows: int, cols: int) -> array:
    """A closed tour of a board three wide (applies(rows, cols)) as 1-based squares."""
    _, length, row_step, col_step = _strips.lying(rows, cols)
    w = 14 if length % 4 == 2 else 16
    return _strips.build(_strips.Plan(_base(w), ((length - w) // _strips.PERIOD + 1,), 1, row_step, col_step))


def _position(squares: array, value: int) -> int:
    """Where value is in squares (which holds it once): a byte search, many times faster than array.index."""
    raw, needle = squares.tobytes(), array("i", [value]).tobytes()
    at = raw.find(needle)
    while at % squares.itemsize:  # a match straddling two values
        at = raw.find(needle, at + 1)
    return at // squares.itemsize


def tour(rows: int, cols: int, start: int) -> array:
    """The closed tour rotated to begin at square index start (0-based)."""
    squares = closed_tour(rows, cols)
    turn = _position(squares, start + 1)
    return squares[turn:] + squares[:turn]
