"""Pure-Python twin of the storage base of Tour (``_storage.pyx``).

Without the compiled module, a Tour still shares its ``array('i')`` without copying:
``memoryview(tour)`` through ``__buffer__`` on Python 3.12+ (PEP 688), and
``numpy.asarray(tour)`` through ``__array__`` on every version. Both are read-only.
"""

from __future__ import annotations

from array import array
from typing import Any, Sequence, TypeVar


class SquareBuffer:
    """Holds the squares (``_squares``, an ``array('i')``) and their board (``_board``), and
    exports the squares read-only."""

    __slots__ = ("_squares", "_board")
    _squares: array[int]
    # the Board, which Tour declares: this module, below _board in the model's imports, cannot name it
    _board: Any

    def __buffer__(self, flags: int) -> memoryview:
        if flags & 1:  # inspect.BufferFlags.WRITABLE
            raise BufferError("a Tour is read-only")
        return memoryview(self._squares).toreadonly()

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any:  # a numpy.ndarray (numpy is optional)
        import numpy

        shared = numpy.frombuffer(memoryview(self._squares).toreadonly(), dtype=numpy.int32)
        if copy:
            shared = shared.copy()
        return shared if dtype is None else shared.astype(dtype, copy=bool(copy))


_T = TypeVar("_T", bound=SquareBuffer)


def adopt(cls: type[_T], squares: array[int], board: object) -> _T:
    """A new cls (a SquareBuffer's subclass: Tour) holding squares and board as they are, no
    copy and no check: the caller guarantees they make a tour."""
    made = object.__new__(cls)
    made._squares = squares
    made._board = board
    return made


def move_numbers(squares: Sequence[int], cells: int) -> array[int]:
    """The move number (1-based) of each of cells squares (0-based index), 0 where the tour
    never goes (a hole): the tour inverted."""
    numbers = array("i", [0]) * cells
    for move, square in enumerate(squares, 1):
        numbers[square - 1] = move
    return numbers


def encode(values: Sequence[int], begin: int, end: int, width: int, sep: bytes) -> bytes:
    """values[begin:end] (non-negative) as ASCII bytes: each right-aligned to width, joined by sep;
    0 (a hole) is written "#"."""
    return sep.decode().join([f"{value or '#':>{width}}" for value in values[begin:end]]).encode()
