"""Idiomatic pure-Python Warnsdorff with backtracking: the reference of bench_tour.py."""

from __future__ import annotations

MOVES = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))


def warnsdorff_tour(n: int, start: int) -> list[int] | None:
    """An open knight's tour of the n×n board from square number start (1-based), or None.

    Moves go to the free square with the fewest onward moves, ties to the square farther
    from the centre, then to the earlier move; a dead end backtracks.
    """
    cells = [divmod(square, n) for square in range(n * n)]
    neighbours = [
        [(row + dr) * n + col + dc for dr, dc in MOVES if 0 <= row + dr < n and 0 <= col + dc < n] for row, col in cells
    ]
    centre = [-((2 * row - n + 1) ** 2 + (2 * col - n + 1) ** 2) for row, col in cells]
    free = [True] * (n * n)
    path = []

    def rank(square):
        return len([target for target in neighbours[square] if free[target]]), centre[square]

    def extend(square):
        free[square] = False
        path.append(square + 1)
        if len(path) == n * n:
            return True
        for target in sorted([target for target in neighbours[square] if free[target]], key=rank):
            if extend(target):
                return True
        free[square] = True
        path.pop()
        return False

    return path if extend(start - 1) else None
