"""Text formats of a tour: the seeds' number line, move-number matrix and boxed grid."""

from __future__ import annotations

from typing import Sequence


def line(squares: Sequence[int]) -> str:
    """Square numbers separated by single spaces, as the judge problem prints them."""
    return " ".join(map(str, squares))


def matrix(squares: Sequence[int], rows: int, cols: int) -> list[list[int]]:
    """Rows of move numbers: the square visited first holds 1."""
    flat = [0] * (rows * cols)
    for move, square in enumerate(squares, 1):
        flat[square - 1] = move
    return [flat[row * cols : (row + 1) * cols] for row in range(rows)]


def grid(squares: Sequence[int], rows: int, cols: int, *, boxed: bool = False) -> str:
    """The move-number matrix as aligned text; boxed draws cell borders."""
    width = len(str(rows * cols))
    cells = matrix(squares, rows, cols)
    if not boxed:
        return "\n".join(" ".join(f"{move:>{width}}" for move in row) for row in cells)
    rule = "+" + "+".join(["-" * (width + 2)] * cols) + "+"
    lines = [rule]
    for row in cells:
        lines.append("|" + "|".join(f" {move:>{width}} " for move in row) + "|")
        lines.append(rule)
    return "\n".join(lines)
