"""Tour: an immutable sequence of square numbers on a rows×cols board, with its formats."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Iterable, Iterator, overload

from . import _impl, _text
from ._errors import NotATourError
from ._board import board_name, parse_size, parse_square, square_name
from ._validate import check_tour, is_leap


#: Longest tour whose repr lists every square (and pastes back).
REPR_SQUARES = 10_000


class Tour(_impl.storage.SquareBuffer, Sequence):
    """A knight's tour: the squares (1-based numbers) in the order the knight visits them.

    Tour(squares, size) validates; knight.tour() builds one. The squares live in one
    int32 array, exported read-only through the buffer protocol: memoryview(tour) and
    numpy.asarray(tour) share it without copying.
    """

    __slots__ = ("_rows", "_cols", "_leaper")

    def __init__(self, squares: Iterable[int], size: object, *, leaper: tuple[int, int] = (1, 2)) -> None:
        rows, cols = parse_size(size)
        squares = list(squares)
        check_tour(squares, (rows, cols), leaper=leaper)
        self._squares = array("i", squares)
        self._rows, self._cols, self._leaper = rows, cols, tuple(leaper)

    @classmethod
    def _trusted(cls, squares: array, rows: int, cols: int, leaper: tuple[int, int] = (1, 2)) -> Tour:
        """Wrap an int32 array the search already guarantees is a tour, without checking."""
        tour = cls.__new__(cls)
        tour._squares = squares
        tour._rows = rows
        tour._cols = cols
        tour._leaper = leaper
        return tour

    @classmethod
    def from_line(cls, text: str, size: object) -> Tour:
        """Read square numbers separated by white space, as Tour.line() writes them."""
        try:
            squares = [int(word) for word in text.split()]
        except ValueError as error:
            raise NotATourError(f"not a line of square numbers: {error}") from None
        return cls(squares, size)

    @classmethod
    def from_coords(cls, coords: Iterable[tuple[int, int]], size: object) -> Tour:
        """Read 0-based (row, col) pairs, as Tour.coords() writes them."""
        rows, cols = parse_size(size)
        return cls([parse_square(tuple(pair), rows, cols) for pair in coords], (rows, cols))

    @classmethod
    def from_algebraic(cls, names: Iterable[str], size: object) -> Tour:
        """Read square names such as "a1", as Tour.algebraic() writes them."""
        rows, cols = parse_size(size)
        return cls([parse_square(str(name), rows, cols) for name in names], (rows, cols))

    @property
    def rows(self) -> int:
        return self._rows

    @property
    def cols(self) -> int:
        return self._cols

    @property
    def size(self) -> tuple[int, int]:
        """(rows, cols)."""
        return self._rows, self._cols

    @property
    def start(self) -> int:
        """The first square."""
        return self._squares[0]

    @property
    def end(self) -> int:
        """The last square."""
        return self._squares[-1]

    @property
    def is_closed(self) -> bool:
        """Whether the last square is a knight's move (a leap) from the first."""
        return len(self) > 1 and is_leap(self.end, self.start, self._cols, self._leaper)

    def __len__(self) -> int:
        return len(self._squares)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> list[int]: ...
    def __getitem__(self, index):
        if isinstance(index, slice):
            return self._squares[index].tolist()
        return self._squares[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self._squares)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tour):
            return NotImplemented
        return self.size == other.size and self._leaper == other._leaper and self._squares == other._squares

    def __reduce__(self) -> tuple:
        return _restore, (self._squares, self._rows, self._cols, self._leaper)

    def __hash__(self) -> int:
        return hash((self._rows, self._cols, self._leaper, self._squares.tobytes()))

    def __repr__(self) -> str:
        """Tour([...], size=...), which pastes back; past REPR_SQUARES squares, an abridged form."""
        leaper = "" if self._leaper == (1, 2) else f", leaper={self._leaper!r}"
        squares = self._squares
        if len(squares) <= REPR_SQUARES:
            return f"Tour({squares.tolist()!r}, size={self.size!r}{leaper})"
        shown = ", ".join(map(str, squares[:5]))
        return f"<Tour of {self.board}, {len(squares):,} squares: {shown}, ..., {squares[-1]}{leaper}>"

    def __str__(self) -> str:
        return self.line()

    def line(self) -> str:
        """Square numbers separated by single spaces: "1 11 28 ..."."""
        return _text.line(self._squares)

    def coords(self) -> list[tuple[int, int]]:
        """0-based (row, col) of each square, in order."""
        cols = self._cols
        return [divmod(square - 1, cols) for square in self._squares]

    def algebraic(self) -> list[str]:
        """Algebraic name of each square, in order: file "a" is column 0, rank 1 the bottom row."""
        return [square_name(square, self._rows, self._cols) for square in self._squares]

    def matrix(self) -> list[list[int]]:
        """Rows of move numbers, 1 at the start."""
        return _text.matrix(self._squares, self._rows, self._cols)

    def grid(self, *, boxed: bool = False) -> str:
        """The move-number matrix as aligned text; boxed=True draws cell borders."""
        return _text.grid(self._squares, self._rows, self._cols, boxed=boxed)

    @property
    def board(self) -> str:
        """The board as people write it: "8×8"."""
        return board_name(self._rows, self._cols)


def _restore(squares: array, rows: int, cols: int, leaper: tuple[int, int]) -> Tour:
    """Unpickle a Tour (pickled tours were tours when pickled)."""
    return Tour._trusted(squares, rows, cols, leaper)
