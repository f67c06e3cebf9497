"""The construction's one entry: a knight's tour of a whole rectangle from whichever
construction covers it (joined blocks, or repeated strips on boards three and four wide)."""

from __future__ import annotations

from array import array

from ..model._board import Board
from ..model._errors import InvalidInputError
from ..model._memory import TOUR_BYTES_PER_SQUARE, allocating
from . import _rectangle, _strips


def covers(board: Board, start: int, closed: bool) -> bool:
    """Whether a construction builds the tour asked (start a 0-based cell) on board."""
    if not board.is_knights_rectangle:
        return False
    rows, cols = board.size
    return _rectangle.applies(rows, cols) or _strips.applies(rows, cols, start, closed)


def worth_it(board: Board) -> bool:
    """Whether the construction covers board's tours from every start: the boards method "auto" builds."""
    rows, cols = board.size
    return board.is_knights_rectangle and (_rectangle.applies(rows, cols) or _strips.long_enough(rows, cols))


def build(board: Board, start: int, closed: bool) -> array[int]:
    """The tour from the 0-based cell start, in linear time and 4 bytes a square; InvalidInputError where no
    construction covers the question (see covers), or where the tour cannot fit in memory."""
    if not covers(board, start, closed):
        raise InvalidInputError(
            f"the construction builds knight's tours of whole rectangles with both sides at least 5 and one at "
            f"least 12, or three wide and an even length of at least 10, or an open tour of a board three or four "
            f"wide from a start a stored base serves (every start from 3×{_strips.AUTO_FROM[3]} and "
            f"4×{_strips.AUTO_FROM[4]} on), not {board.name} from {board.square_name(start + 1)}"
        )
    rows, cols = board.size
    needed, what = rows * cols * TOUR_BYTES_PER_SQUARE, f"the tour of {board.name}"
    with allocating(needed, what):
        if _rectangle.applies(rows, cols):
            return _rectangle.construct(rows, cols, start, closed)
        return _strips.tour(rows, cols, start)
