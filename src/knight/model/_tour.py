"""Tour: an immutable sequence of square numbers on a Board, with its formats."""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence, Sized
from itertools import islice
from typing import TYPE_CHECKING, Any, Iterable, Iterator, SupportsIndex, cast, overload

from . import _text
from ._board import KNIGHT, Board, _shown, as_board, boolean, networkx_module, square_nodes
from ._errors import InvalidInputError, InvalidTypeError, NotATourError, checked_keywords
from ._kernels import storage
from ._magic import MagicKind, line_sums, magic_kind
from ._memory import allocating, check_memory
from ._types import Leaper, Size
from ._validate import LISTED_BYTES, board_leap, check_tour, checked_squares

if TYPE_CHECKING:
    from typing_extensions import Protocol

    class SupportsWrite(Protocol):
        def write(self, text: str, /) -> object: ...


_NUMBER = re.compile(r"[+-]?[0-9]{1,20}")  # more digits name no square, and int() refuses 4,300
_WORD = re.compile(r"\S{1,21}\s|\S{1,21}$|\S{1,22}")  # a number's 21 characters and a space; 22 are too many

#: Bytes a format takes per square while it is made, at most (Python objects, and the text
#: in pieces and joined): what Tour's methods check before they begin.
FORMAT_BYTES = {"line": 24, "coords": 136, "algebraic": 72, "matrix": 48, "grid": 40}

#: Longest tour whose repr lists every square (and pastes back).
REPR_SQUARES = 10_000


class Tour(storage.SquareBuffer, Sequence[int]):
    """A tour: the squares (1-based numbers) of a Board in the order the piece visits them.

    `knight.tour` builds one; ``Tour(squares, board)`` checks one. The squares live in one
    int32 array, exported read-only through the buffer protocol: ``memoryview(tour)`` and
    ``numpy.asarray(tour)`` share it without copying. A Tour is a sequence of ints,
    immutable and hashable.

    Parameters
    ----------
    squares : Iterable[int]
        The 1-based square numbers, in the order visited.
    board : Size, default 8
        n, ``(rows, cols)``, ``"RxC"`` or a `knight.Board`.
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``.

    Raises
    ------
    NotATourError
        The squares are no tour of the board; the message says why.

    See Also
    --------
    tour : Find one.

    Examples
    --------
    >>> import knight
    >>> t = knight.Tour([1, 7, 9, 2, 8, 10, 3, 12, 6, 4, 11, 5], (3, 4))
    >>> t.start, t.end, len(t), t[1]
    (1, 5, 12, 7)
    """

    __slots__ = ()
    _board: Board

    @checked_keywords
    def __init__(self, squares: Iterable[int], board: Size = 8, *, moves: Leaper = KNIGHT) -> None:
        board = as_board(board, moves)
        if isinstance(squares, (str, bytes)) or not isinstance(squares, Iterable):
            raise InvalidTypeError(f"a tour must be a sequence of square numbers, not {type(squares).__name__}")
        self._squares = array("i", checked_squares(squares, board))  # an endless iterable stops past the size
        self._board = board

    @classmethod
    def _trusted(cls, squares: array[int], board: Board) -> Tour:
        """Wrap an int32 array the search already guarantees is a tour, without checking or copying."""
        return storage.adopt(cls, squares, board)

    @classmethod
    def from_line(cls, text: str, board: Size = 8, *, moves: Leaper = KNIGHT) -> Tour:
        """Read square numbers separated by white space, as Tour.line() writes them.

        The words are read one at a time, each at most 20 characters, and no more of them than
        the board has squares: the work is bounded by the board, whatever the line's length.

        Parameters
        ----------
        text : str
            The square numbers.
        board : Size, default 8
            The board, as for Tour().
        moves : Leaper, default (1, 2)
            The piece's leap ``(a, b)``.

        Returns
        -------
        Tour
            The tour, checked.

        Examples
        --------
        >>> Tour.from_line("1 7 9 2 8 10 3 12 6 4 11 5", (3, 4)).end
        5
        """
        if not isinstance(text, str):
            raise InvalidTypeError(f"a line of square numbers must be text, not {type(text).__name__}")
        return cls(map(_number, _WORD.finditer(text)), board, moves=moves)

    @classmethod
    def from_coords(cls, coords: Iterable[tuple[int, ...]], board: Size = 8, *, moves: Leaper = KNIGHT) -> Tour:
        """Read 0-based coordinates, as Tour.coords() writes them.

        Parameters
        ----------
        coords : Iterable[tuple[int, ...]]
            ``(row, col)`` pairs, or on a box one index per axis.
        board : Size, default 8
            The board, as for Tour().
        moves : Leaper, default (1, 2)
            The piece's leap ``(a, b)``.

        Returns
        -------
        Tour
            The tour, checked.

        Examples
        --------
        >>> t = knight.tour((3, 4), start=1)
        >>> Tour.from_coords(t.coords(), (3, 4)) == t
        True
        """
        board = as_board(board, moves)
        return cls([board.square(_pair(pair)) for pair in _each(coords, "(row, col) pairs", len(board))], board)

    @classmethod
    def from_algebraic(cls, names: Iterable[str], board: Size = 8, *, moves: Leaper = KNIGHT) -> Tour:
        """Read square names such as "a1", as Tour.algebraic() writes them.

        Parameters
        ----------
        names : Iterable[str]
            The squares' names.
        board : Size, default 8
            The board, as for Tour().
        moves : Leaper, default (1, 2)
            The piece's leap ``(a, b)``.

        Returns
        -------
        Tour
            The tour, checked.

        Examples
        --------
        >>> t = knight.tour((3, 4), start=1)
        >>> Tour.from_algebraic(t.algebraic(), (3, 4)) == t
        True
        """
        board = as_board(board, moves)
        return cls([board.square(_name(name)) for name in _each(names, "square names", len(board))], board)

    @property
    def board(self) -> Board:
        """The board the tour covers.

        Examples
        --------
        >>> knight.tour((3, 4), start=1).board
        Board((3, 4))
        """
        return self._board

    @property
    def rows(self) -> int:
        """The board's rows.

        Examples
        --------
        >>> knight.tour((3, 4), start=1).rows
        3
        """
        return self._board.rows

    @property
    def cols(self) -> int:
        """The board's columns.

        Examples
        --------
        >>> knight.tour((3, 4), start=1).cols
        4
        """
        return self._board.cols

    @property
    def size(self) -> tuple[int, int]:
        """The board's bounding rectangle: (rows, cols).

        Examples
        --------
        >>> knight.tour((3, 4), start=1).size
        (3, 4)
        """
        return self._board.size

    @property
    def start(self) -> int:
        """The first square.

        Examples
        --------
        >>> knight.tour(8, start="a1").start
        57
        """
        return self._squares[0]

    @property
    def end(self) -> int:
        """The last square.

        Examples
        --------
        >>> knight.tour((3, 4), start=1).end
        5
        """
        return self._squares[-1]

    @property
    def is_closed(self) -> bool:
        """Whether the last square is a knight's move (a leap) from the first (a cycle: three squares at least).

        Examples
        --------
        >>> knight.tour(6, start=1, closed=True).is_closed
        True
        """
        return len(self) > 2 and board_leap(self._board, self.end, self.start)

    @property
    def magic_kind(self) -> MagicKind:
        """What the numbering along the tour (1 at the start) is: "diagonal", "semimagic" or None.

        "diagonal" when every row, every column and both long diagonals add up to one sum (a
        square board), "semimagic" when the rows and the columns do (each direction its own sum
        on a rectangle), else None (and on a board with holes, or one that wraps).

        Examples
        --------
        >>> knight.tour((3, 4), start=1).magic_kind is None
        True
        >>> beverley = Tour.from_line(  # Beverley's semimagic tour of 1848
        ...     "1 11 26 20 5 15 32 22 37 47 64 54 60 50 35 41 51 57 42 36 53 63 48 38 21 31 16 6 12 2 17 27 "
        ...     "33 43 58 52 62 56 39 45 30 24 7 13 28 18 3 9 19 25 10 4 14 8 23 29 46 40 55 61 44 34 49 59"
        ... )
        >>> beverley.magic_kind
        'semimagic'
        """
        board = self._board
        return magic_kind(self.rows, self.cols, self._squares) if board.is_rectangle and not board.topology else None

    @property
    def is_magic(self) -> bool:
        """Whether the numbering along the tour is at least semimagic (see magic_kind).

        Examples
        --------
        >>> knight.tour((3, 4), start=1).is_magic
        False
        """
        return self.magic_kind is not None

    def line_sums(self) -> tuple[list[int], list[int], list[int]]:
        """The sums of the rows, the columns and the long diagonals of the numbering along the tour.

        The tour's squares are numbered 1 (the start) to N along it.

        Returns
        -------
        tuple[list[int], list[int], list[int]]
            (row sums, column sums, the two long diagonals' sums): rows top to bottom, columns
            left to right, the diagonal from the top-left corner first; the diagonals are []
            on a board that is not square.

        Raises
        ------
        InvalidInputError
            The board is not a whole rectangle: it has holes, or it wraps.

        Examples
        --------
        >>> knight.tour((3, 4), start=1).line_sums()
        ([22, 28, 28], [16, 19, 20, 23], [])
        >>> beverley = Tour.from_line(  # Beverley's semimagic tour of 1848
        ...     "1 11 26 20 5 15 32 22 37 47 64 54 60 50 35 41 51 57 42 36 53 63 48 38 21 31 16 6 12 2 17 27 "
        ...     "33 43 58 52 62 56 39 45 30 24 7 13 28 18 3 9 19 25 10 4 14 8 23 29 46 40 55 61 44 34 49 59"
        ... )
        >>> beverley.line_sums()
        ([260, 260, 260, 260, 260, 260, 260, 260], [260, 260, 260, 260, 260, 260, 260, 260], [282, 210])
        """
        if not self._board.is_rectangle or self._board.topology:
            raise InvalidInputError(f"line sums are for a whole rectangle, not {self._board.name}")
        return line_sums(self.rows, self.cols, self._squares)

    def __len__(self) -> int:
        return len(self._squares)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> list[int]: ...
    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return self._squares[index].tolist()
        return self._squares[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self._squares)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tour):
            return NotImplemented
        return self._board == other._board and self._squares == other._squares

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (self._squares, self._board)

    def __copy__(self) -> Tour:
        return self  # immutable: a copy is the tour itself (and skips the check unpickling does)

    def __deepcopy__(self, memo: object) -> Tour:
        return self

    def __hash__(self) -> int:
        return hash((self._board, self._squares.tobytes()))

    def __repr__(self) -> str:
        """Tour([...], board), which pastes back; past REPR_SQUARES squares, an abridged form."""
        squares, board = self._squares, self._board
        if len(squares) <= REPR_SQUARES:
            if not board.is_rectangle or board.givens or board.topology is not None:
                return f"Tour({squares.tolist()!r}, {board!r})"
            size = board.rows if board.rows == board.cols else board.size
            moves = "" if board.moves == KNIGHT else f", moves={board.moves!r}"
            return f"Tour({squares.tolist()!r}, {size!r}{moves})"
        shown = ", ".join(map(str, squares[:5]))
        return f"<Tour of {self._board.name}, {len(squares):,} squares: {shown}, ..., {squares[-1]}>"

    def __str__(self) -> str:
        return self.line()

    def _format(self, kind: str) -> Any:
        """Around the writing of the format kind: refused up front, with the board and the bytes,
        when it cannot fit in memory, and a MemoryError while it is made turned into the same error."""
        return allocating(len(self._squares) * FORMAT_BYTES[kind], f"Tour.{kind}() of a tour of {self._board.name}")

    def line(self) -> str:
        """Square numbers separated by single spaces, as Tour.from_line reads them.

        Returns
        -------
        str
            The line, such as ``"1 11 28 ..."``.

        Examples
        --------
        >>> knight.tour((3, 4), start=1).line()
        '1 7 9 2 8 10 3 12 6 4 11 5'
        """
        with self._format("line"):
            return _text.line(self._squares)

    def coords(self) -> list[tuple[int, ...]]:
        """The 0-based coordinates of each square, in order, as Tour.from_coords reads them.

        Returns
        -------
        list[tuple[int, ...]]
            ``(row, col)`` pairs; on a box, one index per axis
            (Board.coords).

        Examples
        --------
        >>> knight.tour((3, 4), start=1).coords()[:3]
        [(0, 0), (1, 2), (2, 0)]
        """
        with self._format("coords"):
            return list(_text.coords(self._squares, self._board))

    def algebraic(self) -> list[str]:
        """The algebraic name of each square, in order, as Tour.from_algebraic reads them.

        Returns
        -------
        list[str]
            Names such as ``"a1"``: file "a" is column 0, rank 1 the bottom row;
            on a box, its coordinates (Board.square_name).

        Examples
        --------
        >>> knight.tour((3, 4), start=1).algebraic()[:3]
        ['a3', 'c2', 'a1']
        """
        with self._format("algebraic"):
            return list(_text.names(self._squares, self._board))

    def matrix(self) -> list[list[int]]:
        """The board's rows of move numbers, 1 at the start.

        Returns
        -------
        list[list[int]]
            A row a list, 0 on a hole.

        Examples
        --------
        >>> knight.tour((3, 4), start=1).matrix()
        [[1, 4, 7, 10], [12, 9, 2, 5], [3, 6, 11, 8]]
        """
        with self._format("matrix"):
            return _text.matrix(self._squares, self._board)

    def grid(self, *, boxed: bool = False) -> str:
        """The move-number matrix as aligned text, "#" on a hole.

        Unboxed, it is a picture of the board with every move given: Board.parse() reads it.
        On a puzzle's board (knight.solve) each given number is marked "12*"; Board.parse
        reads the mark as a given too, so a solved grid parses back to the full solution.

        Parameters
        ----------
        boxed : bool, default False
            Draw cell borders.

        Returns
        -------
        str
            The lines of the grid.

        Examples
        --------
        >>> print(knight.tour((3, 4), start=1).grid())
         1  4  7 10
        12  9  2  5
         3  6 11  8
        """
        boxed = boolean(boxed, "boxed")
        with self._format("grid"):
            return _text.grid(self._squares, self._board, boxed=boxed)

    def write(self, file: SupportsWrite, format: str = "line") -> None:
        """Write the tour to a text file in one of its formats, a piece at a time.

        The text is what the method of that name gives, written out: a tour of any size is
        written holding one piece of text (or one row of the board) at a time. The knight
        command prints its tours with it.

        Parameters
        ----------
        file : text file
            Anything with a ``write(str)`` method: ``sys.stdout``, an open file, ``io.StringIO``.
        format : {"line", "grid", "boxed", "matrix", "coords", "algebraic"}
            "line": ``line()``; "grid": ``grid()``; "boxed": ``grid(boxed=True)``; "matrix":
            the rows of ``matrix()``, numbers separated by spaces; "coords": one square a line,
            its coordinates (``coords()``) separated by spaces; "algebraic": the names of
            ``algebraic()`` on one line.

        Raises
        ------
        InvalidInputError
            For a format not in the list, naming it.

        Examples
        --------
        >>> import io, knight
        >>> text = io.StringIO()
        >>> knight.tour(knight.Board((3, 4)), start=1).write(text, "algebraic")
        >>> text.getvalue().split() == knight.tour(knight.Board((3, 4)), start=1).algebraic()
        True
        """
        if format not in _text.FORMATS:
            raise InvalidInputError(f"format {_shown(format)} is not one of {', '.join(_text.FORMATS)}")
        write = file.write
        for piece in _text.pieces(self._squares, self._board, format):
            write(piece)
        write("\n")

    def to_networkx(self) -> Any:
        """The tour as a networkx.DiGraph, an edge from each square to the next.

        Needs networkx (``pip install "knight-tour[networkx]"``, knight.MissingExtraError else).

        Returns
        -------
        networkx.DiGraph
            Squares as nodes (with row, col, name and move).

        Examples
        --------
        >>> knight.tour((3, 4), start=1).to_networkx().number_of_edges()  # doctest: +SKIP
        11
        """
        board = self._board
        graph = networkx_module().DiGraph(
            name=f"tour of {board.name}", rows=board.rows, cols=board.cols, moves=board.moves
        )
        graph.add_nodes_from(square_nodes(board, self))
        for number, square in enumerate(self, 1):
            graph.nodes[square]["move"] = number
        graph.add_edges_from((a, b, {"move": k}) for k, (a, b) in enumerate(zip(self, self[1:]), 1))
        if self.is_closed:
            graph.add_edge(self.end, self.start, move=len(self), closing=True)
        return graph


def _restore(squares: object, board: object) -> Tour:
    """Unpickle a Tour, checked as Tour() checks one (O(squares)): a pickle may have been edited,
    and an unchecked square would be read out of bounds. NotATourError else."""
    if not isinstance(board, Board):
        raise NotATourError(f"a pickled Tour's board must be a knight.Board, not {type(board).__name__}")
    kind = type(squares).__name__
    if not isinstance(squares, array) or squares.typecode != "i":
        raise NotATourError(f"a pickled Tour's squares must be an array('i'), not {kind}")
    ints = cast("array[int]", squares)  # typecode "i", checked just now
    check_tour(ints.tolist(), board)
    return Tour._trusted(ints, board)


def _each(values: object, what: str, squares: int) -> list[object]:
    """values as a list, refusing text and non-iterables with InvalidTypeError, and more than
    the board's squares with NotATourError (an endless iterable stops there)."""
    if isinstance(values, (str, bytes)):
        raise InvalidTypeError(f"a tour must be a sequence of {what}, not {type(values).__name__}")
    if isinstance(values, Sized) and len(values) > squares:
        raise NotATourError(f"a tour of {squares} squares has {squares} {what}, not {len(values)}")
    if not isinstance(values, Sized):  # an iterator is listed: say first if the board's size of it cannot fit
        check_memory(squares * LISTED_BYTES, f"a tour of {squares:,} squares read from an iterator")
    try:
        listed: list[object] = list(islice(cast("Iterable[object]", values), squares + 1))  # else TypeError
    except TypeError:
        raise InvalidTypeError(f"a tour must be a sequence of {what}, not {type(values).__name__}") from None
    if len(listed) > squares:
        raise NotATourError(f"a tour of {squares} squares has {squares} {what}, not more")
    return listed


def _number(word: re.Match[str]) -> int:
    """The square number a word of Tour.from_line names: ASCII digits (int() would read ８ as 8, and 1_0 as 10)."""
    text = word.group().strip()
    if not _NUMBER.fullmatch(text):
        more = "..." if len(text) > 21 else ""  # a longer word is cut at 22 characters
        raise NotATourError(f"not a line of square numbers: {_shown(text, 40)}{more} is not a number")
    return int(text)


def _pair(pair: object) -> tuple[SupportsIndex, ...]:
    """A (row, col) pair, or a box's indices, of Tour.from_coords as a tuple (Board.square checks its values)."""
    if isinstance(pair, (str, bytes)) or not hasattr(pair, "__iter__"):
        raise InvalidTypeError(
            f"a square must be a (row, col) pair, or one index per axis on a box, not {_shown(pair)}"
        )
    return tuple(cast("Iterable[SupportsIndex]", pair))  # iterable, checked just now


def _name(name: object) -> str:
    """A square name of Tour.from_algebraic, which must be text."""
    if not isinstance(name, str):
        raise InvalidTypeError(f"a square name must be text such as 'a1', not {_shown(name)}")
    return name
