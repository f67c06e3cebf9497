"""Board symmetries, used to count tours from one representative of each class of equal counts.

A symmetry of the board is a reflection or rotation of its bounding rectangle that maps
the board's squares onto its squares (so its holes onto its holes). It maps every
leaper's moves to moves of the same leaper (the eight steps (±a, ±b), (±b, ±a) are
closed under reflections and quarter turns), so it maps the tours extending a path one
to one onto the tours extending its image. A rows×cols rectangle has 4 symmetries
(identity, the two mirror images, the half turn), a square one 8 (add the quarter turns
and the two diagonal mirrors); a board with holes keeps those of them that its holes
allow, the identity at least. Squares are 0-based cell indices here; a symmetry is the
tuple of images of every cell. They are built a line of cells at a time (each line's images
are a range), so that a board of millions of squares takes a fraction of a second; tick,
where a function takes one, wraps its loops (see _enumerate.plan: the deadline).
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Dict, Iterable, List, Sequence, Tuple, TypeVar

from ..model._board import Board

if TYPE_CHECKING:
    from ._plan import Tick

_T = TypeVar("_T")

Symmetry = Sequence[int]  # a tuple, or a range for the identity


def _untimed(items: Iterable[_T]) -> Iterable[_T]:
    return items


def rectangle_symmetries(rows: int, cols: int, tick: Tick = _untimed) -> list[Symmetry]:
    """Every symmetry of the rows×cols rectangle as a permutation of cell indices, the identity first.

    Cell (row, col) goes to (r, c): (row, col), or (col, row) transposed, then each maybe
    flipped; along a row of cells, r (transposed) or c changes by one, so the images are a range.
    """
    found: list[Symmetry] = []
    for transpose in (False, True) if rows == cols else (False,):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                lines: list[range] = []
                for row in tick(range(rows)):
                    if transpose:  # r runs over the columns (flipped or not), c = row
                        c = cols - 1 - row if flip_cols else row
                        first, step = ((rows - 1) * cols + c, -cols) if flip_rows else (c, cols)
                    else:  # r = row, c runs over the columns (flipped or not)
                        r = rows - 1 - row if flip_rows else row
                        first, step = (r * cols + cols - 1, -1) if flip_cols else (r * cols, 1)
                    lines.append(range(first, first + step * cols, step))
                found.append(tuple(chain.from_iterable(lines)))
    return found


def symmetries(board: Board, tick: Tick = _untimed) -> list[Symmetry]:
    """The symmetries of the board's rectangle that map its squares onto its squares, the identity first;
    the identity alone on a board that wraps, or a box (the rectangle's are not all theirs)."""
    found = rectangle_symmetries(board.rows, board.cols, tick)
    if board.topology is not None:
        return found[:1]
    mask = board.mask
    if mask is None:
        return found
    cells = bytes(mask)
    return [symmetry for symmetry in tick(found) if bytes(map(cells.__getitem__, symmetry)) == cells]


def stabilizer(group: Sequence[Symmetry], square: int) -> list[Symmetry]:
    """The symmetries that leave square where it is."""
    return [symmetry for symmetry in group if symmetry[square] == square]


def canonical(path: Sequence[int], group: Sequence[Symmetry]) -> tuple[int, ...]:
    """The least image of path (as a tuple of squares) under the symmetries of group."""
    return min(tuple(symmetry[square] for square in path) for symmetry in group)


def orbits(squares: Iterable[int], group: Sequence[Symmetry]) -> list[tuple[int, int]]:
    """(least square, number of squares) of each class of squares that symmetries exchange."""
    sizes: Dict[int, int] = {}
    for square in squares:  # one at a time: squares may be ticked (see _enumerate._ticker)
        least = min(symmetry[square] for symmetry in group)
        sizes[least] = sizes.get(least, 0) + 1
    return sorted(sizes.items())


def merge(paths: Iterable[Tuple[Tuple[int, ...], int]], group: Sequence[Symmetry]) -> List[Tuple[Tuple[int, ...], int]]:
    """Merge (path, weight) pairs whose paths are images of one another, adding weights."""
    merged: Dict[Tuple[int, ...], int] = {}
    for path, weight in paths:
        key = canonical(path, group)
        merged[key] = merged.get(key, 0) + weight
    return sorted(merged.items())
