"""Boards and squares: parsing sizes and starts, naming squares.

Squares are numbered as in the seed's judge problem: number = row * cols + col + 1, so
on 8×8 square 1 is row 0, col 0 (a8) and square 64 is row 7, col 7 (h1). Algebraic
names put file "a" on column 0 and rank 1 on the bottom row (row rows - 1); files past
"z" continue "aa", "ab", ... as spreadsheet columns do.
"""

from __future__ import annotations

import operator
import re
from typing import Tuple, Union

from ._errors import InvalidInputError, InvalidTypeError

Size = Union[int, Tuple[int, int]]
Square = Union[int, Tuple[int, int], str]

#: Largest board accepted, in squares: square numbers must fit in an int32.
MAX_SQUARES = 2**31 - 1

_ALGEBRAIC = re.compile(r"([a-z]+)([1-9][0-9]*)")


def _integer(value: object, what: str) -> int:
    """Return value as an int, refusing bools, floats and strings with a TypeError."""
    if isinstance(value, bool):
        raise InvalidTypeError(f"{what} must be an integer, not {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidTypeError(f"{what} must be an integer, not {value!r}") from None


def parse_size(size: object) -> tuple[int, int]:
    """Return (rows, cols) for n (an n×n board) or a (rows, cols) pair."""
    if type(size) is int and 0 < size <= 46340:
        return size, size
    if isinstance(size, (tuple, list)):
        if len(size) != 2:
            raise InvalidInputError(f"size {size!r} must be n or a (rows, cols) pair")
        rows = _integer(size[0], f"size {size!r}: rows")
        cols = _integer(size[1], f"size {size!r}: cols")
    else:
        rows = cols = _integer(size, "size")
    if rows < 1 or cols < 1:
        raise InvalidInputError(f"size {size!r} must have at least one row and one column")
    if rows * cols > MAX_SQUARES:
        raise InvalidInputError(
            f"size {size!r} has {rows * cols:,} squares, more than the {MAX_SQUARES:,} a tour can number"
        )
    return rows, cols


def board_name(rows: int, cols: int) -> str:
    """The board as people write it: "8×8"."""
    return f"{rows}×{cols}"


def file_name(col: int) -> str:
    """Column 0 -> "a", 25 -> "z", 26 -> "aa"."""
    name = ""
    col += 1
    while col:
        col, digit = divmod(col - 1, 26)
        name = chr(97 + digit) + name
    return name


def square_name(number: int, rows: int, cols: int) -> str:
    """Algebraic name of square number on a rows×cols board: 1 -> "a8" on 8×8."""
    row, col = divmod(number - 1, cols)
    return f"{file_name(col)}{rows - row}"


def _file_index(letters: str) -> int:
    col = 0
    for letter in letters:
        col = col * 26 + ord(letter) - 96
    return col - 1


def parse_square(square: object, rows: int, cols: int) -> int:
    """Return the square number (1-based) that square names on a rows×cols board.

    square is a number (1 to rows*cols), a 0-based (row, col) pair or an algebraic name.
    """
    if type(square) is int and 0 < square <= rows * cols:
        return square
    board = board_name(rows, cols)
    if isinstance(square, str):
        match = _ALGEBRAIC.fullmatch(square.strip().lower())
        if match is None:
            raise InvalidInputError(f"square {square!r} is not a square name such as 'a1'")
        col, rank = _file_index(match.group(1)), int(match.group(2))
        if col >= cols or rank > rows:
            raise InvalidInputError(f"square {square!r} is off the {board} board")
        return (rows - rank) * cols + col + 1
    if isinstance(square, (tuple, list)):
        if len(square) != 2:
            raise InvalidInputError(f"square {square!r} must be a (row, col) pair")
        row = _integer(square[0], f"square {square!r}: row")
        col = _integer(square[1], f"square {square!r}: col")
        if not (0 <= row < rows and 0 <= col < cols):
            raise InvalidInputError(
                f"square {square!r} is off the {board} board (rows 0 to {rows - 1}, cols 0 to {cols - 1})"
            )
        return row * cols + col + 1
    number = _integer(square, "square")
    raise InvalidInputError(f"square {number} is off the {board} board (squares are numbered 1 to {rows * cols})")
