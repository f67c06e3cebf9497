"""Checking that a sequence of squares is a tour: every square once, every step a leap."""

from __future__ import annotations

from typing import Iterable

from ._board import board_name, parse_size
from ._errors import InvalidTypeError, NotATourError


def is_leap(a: int, b: int, cols: int, leaper: tuple[int, int] = (1, 2)) -> bool:
    """Whether squares numbered a and b are one leap apart (a knight's move by default)."""
    row_a, col_a = divmod(a - 1, cols)
    row_b, col_b = divmod(b - 1, cols)
    return sorted((abs(row_a - row_b), abs(col_a - col_b))) == sorted(leaper)


def check_tour(squares: Iterable[int], size: object, *, closed: bool = False, leaper: tuple[int, int] = (1, 2)) -> None:
    """Raise NotATourError saying what is wrong unless squares is a tour of the board.

    squares are 1-based square numbers; size is n or (rows, cols); with closed=True the
    last square must also be a leap from the first.
    """
    rows, cols = parse_size(size)
    n = rows * cols
    board = board_name(rows, cols)
    try:
        squares = list(squares)
    except TypeError:
        raise InvalidTypeError(f"a tour must be a sequence of square numbers, not {squares!r}") from None
    if len(squares) != n:
        raise NotATourError(f"a tour of {board} has {n} squares, not {len(squares)}")
    seen = bytearray(n + 1)
    previous = None
    for index, square in enumerate(squares, 1):
        if type(square) is not int:
            raise NotATourError(f"move {index}: {square!r} is not a square number")
        if not 1 <= square <= n:
            raise NotATourError(f"move {index}: square {square} is off the {board} board")
        if seen[square]:
            raise NotATourError(f"move {index}: square {square} is visited twice")
        seen[square] = 1
        if previous is not None and not is_leap(previous, square, cols, leaper):
            raise NotATourError(f"move {index}: {previous} to {square} is not a {_leaper_name(leaper)}'s move")
        previous = square
    if closed and n > 0 and not (n > 1 and is_leap(squares[-1], squares[0], cols, leaper)):
        raise NotATourError(f"not closed: {squares[-1]} to {squares[0]} is not a {_leaper_name(leaper)}'s move")


def is_tour(squares: Iterable[int], size: object, *, closed: bool = False, leaper: tuple[int, int] = (1, 2)) -> bool:
    """Whether squares is a tour of the board (closed, when asked); see check_tour."""
    try:
        check_tour(squares, size, closed=closed, leaper=leaper)
    except NotATourError:
        return False
    return True


def _leaper_name(leaper: tuple[int, int]) -> str:
    return "knight" if sorted(leaper) == [1, 2] else f"{leaper[0]},{leaper[1]}-leaper"
