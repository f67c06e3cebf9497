"""Text formats of a tour: the seeds' number line, move-number matrix and boxed grid, the
squares' coordinates and names. Each format is written here once, for Tour's methods and for
Tour.write, which the knight command prints with.

Each format is also available as a stream of pieces (the ``iter_*`` functions, and
``pieces``), written one at a time: a tour of any size is printed holding one chunk of text
(or one row of the board) at a time, never one Python object per square.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator, Sequence

from ._board import coords_of, names_of
from ._kernels import storage

if TYPE_CHECKING:
    from array import array

    from ._board import Board

#: The formats Tour.write writes (Tour.grid(), grid(boxed=True), line(), matrix(), coords(), algebraic()).
FORMATS = ("grid", "boxed", "line", "matrix", "coords", "algebraic")

#: Numbers per piece of text in the streamed formats.
CHUNK = 1 << 16

#: What follows a given move number in the grid of a solved puzzle: "12*".
GIVEN_MARK = "*"


def _text(values: Sequence[int], begin: int, end: int, width: int = 0, sep: bytes = b" ") -> str:
    """values[begin:end] as text, right-aligned to width, joined by sep (compiled when it can be)."""
    return storage.encode(values, begin, end, width, sep).decode("ascii")


def iter_line(squares: Sequence[int]) -> Iterator[str]:
    """The line format in pieces: square numbers separated by single spaces, no newline."""
    for begin in range(0, len(squares), CHUNK):
        piece = _text(squares, begin, min(begin + CHUNK, len(squares)))
        yield piece if begin == 0 else " " + piece


def line(squares: Sequence[int]) -> str:
    """Square numbers separated by single spaces, as the judge problem prints them."""
    if len(squares) <= 4096:
        return " ".join(map(str, squares))
    return "".join(iter_line(squares))


def move_numbers(squares: Sequence[int], board: Board) -> array[int]:
    """The move number of each cell of the board, square 1 first, 0 on a hole, as an int32 array."""
    return storage.move_numbers(squares, board.rows * board.cols)


def iter_matrix_rows(squares: Sequence[int], board: Board) -> Iterator[list[int]]:
    """The rows of move numbers, one list at a time: the square visited first holds 1, a hole 0."""
    numbers, cols = move_numbers(squares, board), board.cols
    for row in range(board.rows):
        yield numbers[row * cols : (row + 1) * cols].tolist()


def matrix(squares: Sequence[int], board: Board) -> list[list[int]]:
    """Rows of move numbers: the square visited first holds 1, a hole 0."""
    return list(iter_matrix_rows(squares, board))


def iter_matrix_lines(squares: Sequence[int], board: Board, *, width: int = 0) -> Iterator[str]:
    """The rows of move numbers as lines of text (no newlines), right-aligned to width, "#" on a hole."""
    numbers, cols = move_numbers(squares, board), board.cols
    for row in range(board.rows):
        yield _text(numbers, row * cols, (row + 1) * cols, width)


def iter_grid(squares: Sequence[int], board: Board, *, boxed: bool = False) -> Iterator[str]:
    """The lines of the grid (see grid), one at a time, without newlines."""
    width = len(str(len(squares)))
    if board.givens:
        yield from _puzzle_grid(squares, board, width, boxed)
        return
    if board.topology is not None and board.topology.axes > 2:
        yield from _layers(squares, board, width)
        return
    if not boxed:
        yield from iter_matrix_lines(squares, board, width=width)
        return
    cols = board.cols
    rule = "+" + "+".join(["-" * (width + 2)] * cols) + "+"
    yield rule
    numbers = move_numbers(squares, board)
    for row in range(board.rows):
        yield "| " + _text(numbers, row * cols, (row + 1) * cols, width, b" | ") + " |"
        yield rule


def _layers(squares: Sequence[int], board: Board, width: int) -> Iterator[str]:
    """A box's grid as its layers side by side (the last two axes each, the others in row-major
    order), separated by " | ": layer k of an l×m×n box is the m×n board at index k of axis 0."""
    numbers = move_numbers(squares, board)
    shape = board.shape
    rows, cols = shape[-2], shape[-1]
    layer = rows * cols
    layers = len(numbers) // layer
    for row in range(rows):
        yield " | ".join(
            _text(numbers, k * layer + row * cols, k * layer + (row + 1) * cols, width) for k in range(layers)
        )


def _puzzle_grid(squares: Sequence[int], board: Board, width: int, boxed: bool) -> Iterator[str]:
    """The grid of a solved puzzle: each given move followed by GIVEN_MARK, found ones by a space."""
    numbers, cols, givens = move_numbers(squares, board), board.cols, board.givens
    cells = [
        (str(number).rjust(width) if number else "#".rjust(width)) + (GIVEN_MARK if square + 1 in givens else " ")
        for square, number in enumerate(numbers)
    ]
    rule = "+" + "+".join(["-" * (width + 3)] * cols) + "+"
    if boxed:
        yield rule
    for row in range(board.rows):
        line = cells[row * cols : (row + 1) * cols]
        yield ("|" + "|".join(f" {cell} " for cell in line) + "|" if boxed else " ".join(line).rstrip())
        if boxed:
            yield rule


def grid(squares: Sequence[int], board: Board, *, boxed: bool = False) -> str:
    """The move-number matrix as aligned text, "#" on a hole; boxed draws cell borders.

    On a puzzle's board (one with given moves) each given number is followed by
    GIVEN_MARK ("12*"), which Board.parse reads as a given too."""
    return "\n".join(iter_grid(squares, board, boxed=boxed))


def coords(squares: Iterable[int], board: Board) -> Iterator[tuple[int, ...]]:
    """The 0-based coordinates of each square: (row, col), or one index per axis on a box."""
    return coords_of(board, squares)


def names(squares: Iterable[int], board: Board) -> Iterator[str]:
    """The name of each square: "a1", or on a box its coordinates (Board.square_name)."""
    return names_of(board, squares)


def pieces(squares: Sequence[int], board: Board, fmt: str) -> Iterator[str]:
    """The text of the tour squares of board in the format fmt (one of FORMATS), in pieces,
    without a final newline: coords one square a line ("row col", or one index per axis on
    a box), algebraic the names on one line; on a board with holes, grid and boxed show "#"
    on a hole (grid is then a picture Board.parse reads), matrix 0, as Tour.matrix() does."""
    if fmt == "line":
        yield from iter_line(squares)
    elif fmt in ("grid", "boxed"):
        for index, text in enumerate(iter_grid(squares, board, boxed=fmt == "boxed")):
            yield text if index == 0 else "\n" + text
    elif fmt == "matrix":
        if board.is_rectangle:
            lines = iter_matrix_lines(squares, board)
        else:  # the encoder writes "#" on a hole; the matrix has 0 there, as numbers should
            lines = (" ".join(map(str, row)) for row in iter_matrix_rows(squares, board))
        for row, text in enumerate(lines):
            yield text if row == 0 else "\n" + text
    else:
        sep = "\n" if fmt == "coords" else " "
        where = " ".join(["%d"] * len(board.shape)).__mod__  # "row col", or one index per axis of a box
        for begin in range(0, len(squares), CHUNK):
            chunk = squares[begin : begin + CHUNK]
            if fmt == "coords":
                text = "\n".join(map(where, coords(chunk, board)))
            else:
                text = " ".join(names(chunk, board))
            yield text if begin == 0 else sep + text
