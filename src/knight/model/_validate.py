"""Checking that a sequence of squares is a tour: every square once, every step a leap."""

from __future__ import annotations

import operator
from collections.abc import Sized
from itertools import islice
from typing import TYPE_CHECKING, Iterable

from ._board import KNIGHT, _shown, as_board, boolean
from ._errors import InvalidTypeError, NotATourError, checked_keywords
from ._memory import check_memory
from ._types import Leaper, Size

#: Bytes a square takes in a Python list of ints (a pointer and an int object).
LISTED_BYTES = 40

if TYPE_CHECKING:
    from ._board import Board


def is_leap(a: int, b: int, cols: int, leaper: tuple[int, int] = KNIGHT) -> bool:
    """Whether squares numbered a and b are one leap apart (a knight's move by default)."""
    row_a, col_a = divmod(a - 1, cols)
    row_b, col_b = divmod(b - 1, cols)
    return sorted((abs(row_a - row_b), abs(col_a - col_b))) == sorted(leaper)


def board_leap(board: Board, a: int, b: int) -> bool:
    """Whether squares a and b (1-based) of board are one move apart, wrapping on a board that wraps."""
    if board.topology is None:
        return is_leap(a, b, board.cols, board.moves)
    return b - 1 in board._neighbours_of(a - 1)


@checked_keywords
def check_tour(squares: Iterable[int], board: Size = 8, *, closed: bool = False, moves: Leaper = KNIGHT) -> None:
    """Raise NotATourError saying what is wrong unless squares is a tour of the board.

    Parameters
    ----------
    squares : Iterable[int]
        1-based square numbers, read no further than one past the board's size.
    board : Size, default 8
        n, ``(rows, cols)``, ``"RxC"`` or a `knight.Board` (holes and leaper included).
    closed : bool, default False
        The last square must also be a leap from the first, and there must be at least
        three squares (a closed tour is a cycle).
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``.

    Raises
    ------
    NotATourError
        The squares are no tour; the message says which move is wrong and why.
    InvalidInputError, InvalidTypeError
        A board that does not parse, or a value of the wrong type.

    See Also
    --------
    is_tour : The same check as a bool.

    Examples
    --------
    >>> import knight
    >>> knight.check_tour([1, 8, 3], (3, 3))
    Traceback (most recent call last):
    ...
    knight.NotATourError: a tour of 3×3 has 9 squares, not 3
    """
    checked_squares(squares, as_board(board, moves), boolean(closed, "closed"))


def checked_squares(squares: Iterable[int], board: Board, closed: bool = False) -> list[int]:
    """squares as a list of ints (read no further than one past the board's size), if they
    make a tour of board; NotATourError saying what is wrong else (see check_tour)."""
    if isinstance(squares, (str, bytes)):
        raise InvalidTypeError(f"a tour must be a sequence of square numbers, not {type(squares).__name__}")
    n, cells, leaper, mask = len(board), board.rows * board.cols, board.moves, board.mask
    given = squares
    if isinstance(given, Sized) and len(given) != n:
        raise NotATourError(f"a tour of {board.name} has {n} squares, not {len(given)}")
    if not isinstance(given, Sized):  # an iterator is listed: say first if the board's size of it cannot fit
        check_memory(n * LISTED_BYTES, f"a tour of {board.name} read from an iterator")
    try:
        squares = list(islice(squares, n + 1))  # an endless iterable stops once past the board's size
    except TypeError:
        raise InvalidTypeError(f"a tour must be a sequence of square numbers, not {type(squares).__name__}") from None
    if len(squares) != n:
        if len(squares) > n:
            known = len(given) if isinstance(given, Sized) else None
            raise NotATourError(f"a tour of {board.name} has {n} squares, not {known or f'more than {n}'}")
        raise NotATourError(f"a tour of {board.name} has {n} squares, not {len(squares)}")
    seen = bytearray(cells + 1)
    previous = None
    for index, square in enumerate(squares, 1):
        if type(square) is not int:
            square = squares[index - 1] = _square_number(square, index)
        if not 1 <= square <= cells:
            raise NotATourError(f"move {index}: square {_shown(square, 40)} is off the {board.name} board")
        if mask is not None and not mask[square - 1]:
            raise NotATourError(f"move {index}: square {square} is a hole of {board.name}")
        if seen[square]:
            raise NotATourError(f"move {index}: square {square} is visited twice")
        seen[square] = 1
        if previous is not None and not board_leap(board, previous, square):
            raise NotATourError(f"move {index}: {previous} to {square} is not a {leaper_name(leaper)}'s move")
        previous = square
    if closed and n < 3:
        raise NotATourError(f"not closed: a closed tour is a cycle, which needs at least three squares, not {n}")
    if closed and not board_leap(board, squares[-1], squares[0]):
        raise NotATourError(f"not closed: {squares[-1]} to {squares[0]} is not a {leaper_name(leaper)}'s move")
    return squares


def _square_number(square: object, index: int) -> int:
    """square as an int when it is an integer of another type (numpy's: numpy.asarray(tour) checks too)."""
    if not isinstance(square, bool):
        try:
            return operator.index(square)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise NotATourError(f"move {index}: {_shown(square, 40)} is not a square number")


@checked_keywords
def is_tour(squares: Iterable[int], board: Size = 8, *, closed: bool = False, moves: Leaper = KNIGHT) -> bool:
    """Whether squares is a tour of the board (closed, when asked).

    Parameters
    ----------
    squares : Iterable[int]
        1-based square numbers.
    board : Size, default 8
        n, ``(rows, cols)``, ``"RxC"`` or a `knight.Board` (holes and leaper included).
    closed : bool, default False
        Ask whether it is a closed tour.
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``.

    Returns
    -------
    bool
        True when `check_tour` finds nothing wrong.

    Raises
    ------
    InvalidInputError, InvalidTypeError
        A board that does not parse, or a value of the wrong type.

    See Also
    --------
    check_tour : Says what is wrong.

    Examples
    --------
    >>> import knight
    >>> knight.is_tour(knight.tour(5, start=1), 5)
    True
    >>> knight.is_tour([1, 2, 3], 5)
    False
    """
    try:
        check_tour(squares, board, closed=closed, moves=moves)
    except NotATourError:
        return False
    return True


def leaper_name(leaper: tuple[int, int]) -> str:
    """ "knight" for (1, 2), else "a,b-leaper"."""
    return "knight" if leaper == KNIGHT else f"{leaper[0]},{leaper[1]}-leaper"
