"""Tours on large boards without search: solved blocks joined into one tour, in linear time.

The board is cut into bands of rows and bands of columns, 5 to 11 wide (6 and 8 wherever
there is a choice, and at most one odd band each way), so into blocks of 5×5 to 11×11.
Every block holds a closed tour from ``_blocks.py`` (found once by a search and shipped
as data; the tests check every one). The joins make those cycles one.

The join (an equivalent of Parberry's, 1997). Let block A sit left of block B, their
shared edge between columns x-1 and x, their top row at y. The corner square (y, x-1)
of A has only two knight moves on A, so every closed tour of A uses the edge
(y, x-1)-(y+2, x-2). Every stored tour of B uses the edge (y+1, x+1)-(y+3, x) (local
(1, 1)-(3, 0)). Remove both edges and add (y, x-1)-(y+1, x+1) and (y+2, x-2)-(y+3, x),
both knight's moves: removing an edge from each of two disjoint cycles leaves two paths,
and the two new edges join their ends into one cycle. Blocks one above the other are joined the
same way, transposed (A's bottom-left corner, B's local (1, 1)-(0, 3); blocks in the
first band of columns store the transposed tour). Each row of blocks is joined left to
right and the first blocks of the rows top to bottom: a spanning tree (a comb), so each
join meets two different cycles and the result is one cycle through every square. The
edges a join removes are all different (corners and local (1, 1)-(3, 0) are apart on
blocks at least 5 wide), so each is still there when its join comes.

Nothing is built but the tour itself: it is written in order, running round the start's
block and, at each join edge, crossing to the neighbouring block, running round it (and
whatever is joined beyond it, the same way) and crossing back over the join's other
edge; a stack as deep as the longest path of the comb holds the way back. The blocks'
tree makes this visit every square once, in the order of the joined cycle.

Which tours this gives, from which starts:

* Closed tours (both sides >= 5, an even number of squares): the one cycle, read from
  the start. A closed tour is also an open tour, so open tours on such boards start
  anywhere.
* Open tours on odd boards (both sides odd) from a square s of the corners' colour, the
  only starts that have one. The bands are chosen so that s falls in the one block B
  with both sides odd, whose rows and columns start on even lines (so colours agree).
  B holds, from ``_blocks.HOLED``, a cycle through every square of B but one, q, of the
  corners' colour, that uses an edge (s, a) with a a knight's move from q, and none of
  B's edges that joins remove. After the joins the board less q is one cycle through
  (s, a); run round it from s away from a, so that it ends at a, and step to q.

B's hole q is neither a corner whose edge a join removes nor a square next to any
corner (so the corner edges are still forced) nor an end of the in-edge (1, 1)-(3, 0),
which B's cycle uses; the tests check all of this for every stored block.

Bands: a length up to 11 is one band; an even length is 6s and 8s (every even number
from 12 is one); an odd length from 13 is 6s and 8s, one band of 7 or 9, then 6s and
8s, where the lengths before and after must be 0, 6, 8 or an even number from 12, and
the odd band must hold the start's line. The tests try every length below 400 with
every start line; past that, the length on at least one side of the odd band is 12 or
more, which leaves the same choices as on a shorter board.

Boards up to 11×11 are a single block: there the search answers (in well under a
millisecond). Boards 3 or 4 wide have their own construction (_strips).
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import NamedTuple

from . import _kernels

_EVEN_OK = {0, 6, 8}


def applies(rows: int, cols: int) -> bool:
    """Whether the construction covers rows×cols: both sides >= 5, one side >= 12."""
    return rows >= 5 and cols >= 5 and (rows >= 12 or cols >= 12)


def _even_ok(length: int) -> bool:
    """Whether length is a sum of bands of 6 and 8 (0 counts)."""
    return length in _EVEN_OK or (length >= 12 and length % 2 == 0)


def _even_bands(length: int) -> list[int]:
    sixes = (3 * (length // 2)) % 4
    return [6] * sixes + [8] * ((length - 6 * sixes) // 8)


def bands(length: int, anchor: int | None = None) -> list[int]:
    """Cut length (>= 5) into bands of 5 to 11: 6s and 8s and at most one odd band.

    With anchor (a line index), the odd band starts on an even line and contains anchor.
    """
    if length <= 11:
        return [length]
    if length % 2 == 0:
        return _even_bands(length)
    anchor = 0 if anchor is None else anchor
    for before in range(anchor - anchor % 2, -1, -2):
        for odd in (7, 9):
            after = length - before - odd
            if anchor < before + odd and _even_ok(before) and after >= 0 and _even_ok(after):
                return _even_bands(before) + [odd] + _even_bands(after)
    raise AssertionError(f"no bands for {length} around {anchor}")  # pragma: no cover: tests check all


class _Patterns:
    """Block tours as cycles of offsets row * cols + col from the block's corner, with their join edges."""

    def __init__(self, cols: int) -> None:
        self.cols = cols
        self.cells = array("q")  # offsets reach 10 rows * cols: past int32 on very long boards
        self.starts = array("i", [0])
        self.places = array("i")  # per pattern: positions of in-edge, right corner, down corner ends
        self.ids: dict[object, int] = {}

    def copy(self) -> _Patterns:
        other = _Patterns(self.cols)
        other.cells, other.starts, other.places = (
            array("q", self.cells),
            array("i", self.starts),
            array("i", self.places),
        )
        other.ids = dict(self.ids)
        return other

    def add(self, key: object, h: int, w: int, local: list[tuple[int, int]], transposed: bool) -> int:
        if key in self.ids:
            return self.ids[key]
        position = {cell: index for index, cell in enumerate(local)}
        length = len(local)

        def edge(x: tuple[int, int], y: tuple[int, int]) -> tuple[int, int]:
            assert (position[x] - position[y]) % length in (1, length - 1), (key, x, y)
            return position[x], position[y]

        self.places.extend(
            edge((1, 1), (0, 3) if transposed else (3, 0)) + edge((0, w - 1), (2, w - 2)) + edge((h - 1, 0), (h - 2, 2))
        )
        self.cells.extend(r * self.cols + c for r, c in local)
        self.starts.append(len(self.cells))
        self.ids[key] = len(self.ids)
        return self.ids[key]


def _local(data: bytes, stored_cols: int, transposed: bool) -> list[tuple[int, int]]:
    """Cells of a block tour stored with stored_cols columns, as (row, col), transposed if asked."""
    cells = [divmod(cell, stored_cols) for cell in data]
    return [(c, r) for r, c in cells] if transposed else cells


def _closed_pattern(patterns: _Patterns, h: int, w: int, transposed: bool) -> int:
    from . import _blocks  # large: read on the first construction, not at import knight

    if transposed:
        return patterns.add((h, w, 1), h, w, _local(_blocks.CLOSED[(w, h)], h, True), True)
    return patterns.add((h, w, 0), h, w, _local(_blocks.CLOSED[(h, w)], w, False), False)


def construct(rows: int, cols: int, start: int, closed: bool) -> array[int]:
    """The tour from square index start as an int32 array of 1-based squares.

    Needs applies(rows, cols); for an odd board an open tour from a corner-coloured start.
    """
    row, col = divmod(start, cols)
    odd = rows % 2 == 1 and cols % 2 == 1
    heights = bands(rows, row if odd else None)
    widths = bands(cols, col if odd else None)
    layout = _layout(cols, tuple(heights), tuple(widths))
    patterns = layout.patterns
    special_i = special_j = special = hole = -1
    root_i, top = _band_of(heights, row)
    root_j, left = _band_of(widths, col)
    if odd:
        patterns = patterns.copy()
        special_i, special_j = root_i, root_j
        h, w = heights[root_i], widths[root_j]
        r, c = row - top, col - left
        transposed = root_j == 0
        from . import _blocks

        if transposed:
            local = _local(_blocks.HOLED[(w, h)][c * h + r], h, True)
        else:
            local = _local(_blocks.HOLED[(h, w)][r * w + c], w, False)
        hole_r, hole_c = local.pop()
        hole = (top + hole_r) * cols + left + hole_c
        special = patterns.add("special", h, w, local, transposed)
        root_position = 0  # the start; the cycle ends on a, next to it
    else:
        root = layout.table[
            (layout.height_kinds[root_i] * len(layout.kinds_w) + layout.width_kinds[root_j]) * 2 + (root_j == 0)
        ]
        cycle = patterns.cells[patterns.starts[root] : patterns.starts[root + 1]]
        root_position = cycle.index((row - top) * cols + col - left)
    return _kernels.kernel.build(
        rows,
        cols,
        layout.heights,
        layout.height_kinds,
        layout.widths,
        layout.width_kinds,
        len(layout.kinds_w),
        layout.table,
        patterns.cells,
        patterns.starts,
        patterns.places,
        special_i,
        special_j,
        special,
        root_i,
        root_j,
        root_position,
        hole,
    )


class _Layout(NamedTuple):
    """The bands of a board and the patterns of its blocks (all but the special one)."""

    heights: array[int]
    widths: array[int]
    kinds_h: list[int]
    kinds_w: list[int]
    height_kinds: array[int]  # index into kinds_h of each band of rows
    width_kinds: array[int]
    table: array[int]  # pattern of (height kind, width kind, first column of blocks)
    patterns: _Patterns


@lru_cache(maxsize=32)
def _layout(cols: int, heights: tuple[int, ...], widths: tuple[int, ...]) -> _Layout:
    kinds_h = sorted(set(heights))
    kinds_w = sorted(set(widths))
    patterns = _Patterns(cols)
    table = array("i")
    for h in kinds_h:
        for w in kinds_w:
            if h % 2 and w % 2:
                table.extend((-1, -1))  # only the special block: never looked up
            else:
                table.extend((_closed_pattern(patterns, h, w, False), _closed_pattern(patterns, h, w, True)))
    return _Layout(
        array("i", heights),
        array("i", widths),
        kinds_h,
        kinds_w,
        array("i", map({h: k for k, h in enumerate(kinds_h)}.__getitem__, heights)),
        array("i", map({w: k for k, w in enumerate(kinds_w)}.__getitem__, widths)),
        table,
        patterns,
    )


def _band_of(sizes: list[int], line: int) -> tuple[int, int]:
    """(index, first line) of the band holding line."""
    first = 0
    for index, size in enumerate(sizes):
        if line < first + size:
            return index, first
        first += size
    raise AssertionError(line)  # pragma: no cover
