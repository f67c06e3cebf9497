"""Board symmetries, used to count tours from one representative of each class of equal counts.

A symmetry of the board is a reflection or rotation of its bounding rectangle that maps
the board's squares onto its squares (so its holes onto its holes). It maps every
leaper's moves to moves of the same leaper (the eight steps (±a, ±b), (±b, ±a) are
closed under reflections and quarter turns), so it maps the tours extending a path one
to one onto the tours extending its image. A rows×cols rectangle has 4 symmetries
(identity, the two mirror images, the half turn), a square one 8 (add the quarter turns
and the two diagonal mirrors); a board with holes keeps those of them that its holes
allow, the identity at least. Squares are 0-based cell indices here; a symmetry is the
tuple of images of every cell.
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Sequence, Tuple

from ..model._board import Board

Symmetry = Tuple[int, ...]


def rectangle_symmetries(rows: int, cols: int) -> list[Symmetry]:
    """Every symmetry of the rows×cols rectangle as a permutation of cell indices, the identity first."""
    found: list[Symmetry] = []
    for transpose in (False, True) if rows == cols else (False,):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                images = []
                for row in range(rows):
                    for col in range(cols):
                        r, c = (col, row) if transpose else (row, col)
                        r = rows - 1 - r if flip_rows else r
                        c = cols - 1 - c if flip_cols else c
                        images.append(r * cols + c)
                found.append(tuple(images))
    return found


def symmetries(board: Board) -> list[Symmetry]:
    """The symmetries of the board's rectangle that map its squares onto its squares, the identity first."""
    found = rectangle_symmetries(board.rows, board.cols)
    mask = board.mask
    if mask is None:
        return found
    return [symmetry for symmetry in found if all(mask[image] == cell for image, cell in zip(symmetry, mask))]


def stabilizer(group: Sequence[Symmetry], square: int) -> list[Symmetry]:
    """The symmetries that leave square where it is."""
    return [symmetry for symmetry in group if symmetry[square] == square]


def canonical(path: Sequence[int], group: Sequence[Symmetry]) -> tuple[int, ...]:
    """The least image of path (as a tuple of squares) under the symmetries of group."""
    return min(tuple(symmetry[square] for square in path) for symmetry in group)


def orbits(squares: Iterable[int], group: Sequence[Symmetry]) -> list[tuple[int, int]]:
    """(least square, number of squares) of each class of squares that symmetries exchange."""
    sizes: Dict[int, int] = {}
    for square in squares:
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
