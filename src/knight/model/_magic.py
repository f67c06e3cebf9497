"""Magic knight's tours: the lines a magic numbering adds up, what a tour's numbering is, and
the theorems that no magic tour exists.

Number a tour's squares 1..N along it (N = rows × cols). It is *semimagic* (what Jelliss and
the 2003 census call a magic tour) when every row adds up to one sum, cols(N + 1)/2, and
every column to another, rows(N + 1)/2: each line's average number times its length.
It is *diagonally magic* when the board is square and the two long diagonals add up to that
sum too; *nested* when each of a square board's four quadrants is semimagic as well (every
half row and half column adds up to half the sum).
"""

from __future__ import annotations

from typing import Literal, Optional, Sequence

#: What Tour.magic_kind answers: the strongest kind a numbering is, or None.
MagicKind = Optional[Literal["semimagic", "diagonal"]]

#: The published sources of the theorems below and of the census (docs/magic.md cites them in full).
JELLISS = "G. P. Jelliss, Knight's Tour Notes, 'Theory of magic tours' (mayhematics.com/t/mg.htm)"
CENSUS = "the 2003 census by Stertenbrink, Meyrignac, Jelliss and others (140 classes, none diagonal)"


def line_cells(rows: int, cols: int, diagonal: bool = False, nested: bool = False) -> list[list[int]]:
    """The lines a magic numbering adds up, each as its 0-based cells (row * cols + col): the
    rows, the columns, then the two long diagonals (diagonal, a square board) and the
    quadrants' half rows and half columns (nested)."""
    found = [[r * cols + c for c in range(cols)] for r in range(rows)]
    found += [[r * cols + c for r in range(rows)] for c in range(cols)]
    if diagonal:
        found.append([i * cols + i for i in range(rows)])
        found.append([i * cols + cols - 1 - i for i in range(rows)])
    if nested:
        half_r, half_c = rows // 2, cols // 2
        for r in range(rows):
            found += [[r * cols + c for c in range(half_c)], [r * cols + c for c in range(half_c, cols)]]
        for c in range(cols):
            found += [[r * cols + c for r in range(half_r)], [r * cols + c for r in range(half_r, rows)]]
    return found


def numbering(rows: int, cols: int, squares: Sequence[int]) -> list[int]:
    """Per 0-based cell, its number along the tour (1..N), from the tour's 1-based squares."""
    numbers = [0] * (rows * cols)
    for number, square in enumerate(squares, 1):
        numbers[square - 1] = number
    return numbers


def line_sums(rows: int, cols: int, squares: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """(row sums, column sums, the two long diagonals' sums or [] on a rectangle) of the numbering."""
    numbers = numbering(rows, cols, squares)
    lines = line_cells(rows, cols, diagonal=rows == cols)
    sums = [sum(numbers[cell] for cell in line) for line in lines]
    return sums[:rows], sums[rows : rows + cols], sums[rows + cols :]


def adds_up(rows: int, cols: int, squares: Sequence[int], diagonal: bool = False, nested: bool = False) -> bool:
    """Whether every line (with the diagonals, the quadrants' half lines) adds up to its length
    times the average number."""
    if diagonal and rows != cols or nested and (rows % 2 or cols % 2):
        return False
    numbers = numbering(rows, cols, squares)
    total = rows * cols + 1
    return all(
        2 * sum(numbers[cell] for cell in line) == len(line) * total
        for line in line_cells(rows, cols, diagonal, nested)
    )


def magic_kind(rows: int, cols: int, squares: Sequence[int]) -> MagicKind:
    """ "diagonal" (diagonally magic), "semimagic" (rows and columns only) or None."""
    if not adds_up(rows, cols, squares):
        return None
    return "diagonal" if rows == cols and adds_up(rows, cols, squares, diagonal=True) else "semimagic"


def no_magic_reason(rows: int, cols: int, diagonal: bool = False, nested: bool = False) -> Optional[str]:
    """Why no knight's tour of the rows×cols board is magic (of the kind asked), in words that
    follow "no magic tour on RxC: ", or None when no theorem here applies."""
    total = rows * cols
    if rows % 2 != cols % 2:
        odd, length = ("column", rows) if rows % 2 else ("row", cols)
        return (
            f"a {odd} of {length} numbers would add up to "
            f"{length}×{total + 1}/2, not a whole number (Jelliss, theorem 1)"
        )
    if rows % 2 and cols % 2:
        return (
            "a tour of a board with both sides odd starts and ends on the more "
            "numerous colour, so the odd numbers stand on that colour's squares; one row holds "
            f"{(cols + 1) // 2} of them and the next {(cols - 1) // 2}, so their sums differ in parity "
            "(Jelliss, theorem 2)"
        )
    if rows % 4 == 2 and cols % 4 == 2:
        return f"no knight's tour is magic where both sides are 2 more than a multiple of 4 ({JELLISS}, 2003)"
    if diagonal and rows != cols:
        return None  # refused as a question by the caller: a rectangle has no long diagonals to add up
    if nested and (rows % 4 or cols % 4):
        return (
            f"a quadrant's half line of {rows // 2 if rows % 4 else cols // 2} "
            f"numbers would add up to an odd multiple of {total + 1}/2, not a whole number"
        )
    if diagonal and rows == 8:
        return f"{CENSUS} found every magic tour of 8×8"
    return None
