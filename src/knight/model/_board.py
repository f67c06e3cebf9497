"""The board: where the piece may stand and how it moves, and the names of its squares.

A Board is a bounding rectangle of rows × cols cells, the cells the piece may stand on
(all of them, or all but some holes) and the leaper that moves it: (1, 2) is the knight.
Squares are numbered as in the seed's judge problem, over the whole rectangle whether
or not a cell is a hole, so numbers stay put when holes are added: number =
row * cols + col + 1; on 8×8 square 1 is row 0, col 0 (a8) and square 64 is row 7,
col 7 (h1). Algebraic names put file "a" on column 0 and rank 1 on the bottom row;
files past "z" go on "aa", "ab", ... as spreadsheet columns do.

A picture is lines of cells separated by white space: "." a square, "#" a hole, and a
positive integer a square whose move number is given (a puzzle's clue); "12*", as the
grid of a solved puzzle marks its givens, is the given 12 too.
"""

from __future__ import annotations

import operator
import re
import warnings
from functools import lru_cache
from itertools import repeat
from typing import Any, Iterable, Iterator, cast

from ._board_types import Axes, Givens, Leaper, Mask, Shape, Square
from ._deadline import CELLS_PER_LOOK, NEVER, chunks
from ._errors import InvalidInputError, InvalidTypeError, checked_keywords, optional_module
from ._memory import check_memory
from ._narrow import is_mapping, is_sequence, is_tuple
from ._shown import _shown as _shown  # re-exported: every module shows values by it
from ._topology import (
    Topology,
    box_square_name,
    is_box_text,
    neighbour_table,
    parse_box_square,
    parse_shape,
    parse_topology,
)

#: Largest board accepted, in squares: square numbers must fit in an int32.
MAX_SQUARES = 2**31 - 1

#: Longest side of a square board accepted: the largest n with n*n <= MAX_SQUARES.
MAX_SIDE = 46340

#: Longest line of a picture Board.parse reads (a row of half a million cells): a longer one is refused unsplit.
MAX_PICTURE_LINE = 1 << 20

#: Boards up to this many squares keep their neighbour lists in a small cache (NEIGHBOUR_BOARDS_KEPT
#: boards, about 1.4 MB each at most, so under 6 MB in all); larger ones build them anew for
#: each call that asks.
NEIGHBOUR_CACHE_SQUARES = 4096
NEIGHBOUR_BOARDS_KEPT = 4

#: The knight, as a leaper.
KNIGHT = (1, 2)

#: The knight's eight moves as (row, col) steps, in the order of the seed course notes,
#: clockwise from two up and one right; ties in Warnsdorff's rule go to the earlier one.
KNIGHT_MOVES = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))

_ALGEBRAIC = re.compile(r"([a-z]+)([1-9][0-9]*)")
_SIZE_TEXT = re.compile(r"\s*([0-9]+)\s*(?:[x×X,]\s*([0-9]+))?\s*")
_LONGEST_NAME = 40  # longer text names no square of a board that fits in memory


def integer(value: object, what: str) -> int:
    """Return value as an int, refusing bools, floats and strings with a TypeError."""
    if isinstance(value, bool):
        raise InvalidTypeError(f"{what} must be an integer, not {_shown(value)}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidTypeError(f"{what} must be an integer, not {_shown(value)}") from None


def boolean(value: object, what: str) -> bool:
    """Return value as a bool (Python's or numpy's), refusing anything else with a TypeError."""
    if value is True or value is False:
        return value
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_"):  # numpy 2 and 1
        return bool(value)
    raise InvalidTypeError(f"{what} must be True or False, not {_shown(value)}")


def parse_leaper(moves: object) -> tuple[int, int]:
    """The leaper (a, b), a <= b, that moves names: a pair of non-negative integers, not both 0,
    neither longer than the longest board (MAX_SQUARES squares in one row)."""
    if not is_sequence(moves) or len(moves) != 2:
        raise InvalidInputError(f"moves {_shown(moves)} must be a pair (a, b), such as (1, 2) for the knight")
    if all(type(x) is int for x in moves):
        pair = cast("list[int]", list(moves))  # ints, checked just now
    else:  # numpy's integers too, never bools or floats
        if any(isinstance(x, (bool, float)) or getattr(x, "ndim", 0) or not hasattr(x, "__index__") for x in moves):
            raise InvalidTypeError(f"moves {_shown(moves)} must be a pair of integers")
        pair = [integer(x, f"moves {_shown(moves)}") for x in moves]
    a, b = sorted(pair)
    if a < 0 or b == 0:
        raise InvalidInputError(f"moves {_shown(moves)} must be non-negative and not both 0")
    if b > MAX_SQUARES:
        raise InvalidInputError(f"moves {_shown(moves)}: a leap longer than {MAX_SQUARES:,} squares leaves every board")
    return a, b


@lru_cache(maxsize=None)
def leaper_steps(leaper: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The leaper's distinct (row, col) steps, clockwise from b up and a right, as the knight's."""
    if leaper == KNIGHT:
        return KNIGHT_MOVES  # the same object: methods recognise the knight by it
    a, b = leaper
    steps = ((-b, a), (-a, b), (a, b), (b, a), (b, -a), (a, -b), (-a, -b), (-b, -a))
    return tuple(dict.fromkeys(steps))


#: Bytes the neighbour lists take per cell in Python (a list, up to eight pointers, their ints).
NEIGHBOUR_LIST_BYTES = 360


def neighbour_lists(
    rows: int, cols: int, steps: Iterable[tuple[int, ...]], mask: bytes | None = None, when: float = NEVER
) -> list[list[int]]:
    """For each cell index, the squares a step away in step order (none for a hole); OutOfTime
    once the deadline when passes (looked at every few thousand cells)."""
    lists: list[list[int]] = []
    for some in chunks(rows, when, max(1, CELLS_PER_LOOK // max(cols, 1))):  # whole rows, about CELLS_PER_LOOK cells
        lists += [
            [(row + dr) * cols + col + dc for dr, dc in steps if 0 <= row + dr < rows and 0 <= col + dc < cols]
            for row in some
            for col in range(cols)
        ]
    if mask is not None:
        lists = [[t for t in targets if mask[t]] if mask[cell] else [] for cell, targets in enumerate(lists)]
    return lists


def _is_bool(value: object) -> bool:
    """Whether value is a mask cell: a bool or a number equal to 0 or 1, numpy's included; never
    text, a sequence or an array (whose truth numpy calls ambiguous)."""
    if value is True or value is False or (type(value) is int and value in (0, 1)):
        return True
    if isinstance(value, (str, bytes)) or getattr(value, "ndim", 0) != 0 or not hasattr(value, "__bool__"):
        return False
    try:
        return bool(value in (0, 1))
    except (TypeError, ValueError):
        return False


def parse_size(size: object) -> tuple[int, int]:
    """(rows, cols) for n (an n×n board), a (rows, cols) pair or text such as "8" or "6x7"."""
    if type(size) is int and 0 < size <= MAX_SIDE:
        return size, size
    if isinstance(size, str):
        match = _SIZE_TEXT.fullmatch(size) if len(size) <= _LONGEST_NAME else None
        if match is None:
            raise InvalidInputError(f"size {_shown(size)} must be n or RxC, such as 8 or '6x7'")
        rows = int(match.group(1))
        cols = rows if match.group(2) is None else int(match.group(2))
    elif is_sequence(size):
        if len(size) != 2:
            raise InvalidInputError(f"size {_shown(size)} must be n or a (rows, cols) pair")
        if type(size[0]) is int and type(size[1]) is int:  # the common case: no error labels made
            rows, cols = size[0], size[1]
        else:
            rows = integer(size[0], f"size {_shown(size)}: rows")
            cols = integer(size[1], f"size {_shown(size)}: cols")
    else:
        rows = cols = integer(size, "size")
    if rows < 1 or cols < 1:
        raise InvalidInputError(f"size {_shown(size)} must have at least one row and one column")
    squares = rows * cols
    if squares > MAX_SQUARES:
        has = (
            f"{squares:,} squares, more than" if squares.bit_length() <= 64 else "more squares than"
        )  # str() refuses 4,300 digits
        raise InvalidInputError(f"size {_shown(size)} has {has} the {MAX_SQUARES:,} a tour can number")
    return rows, cols


def board_name(rows: int, cols: int) -> str:
    """The rectangle as people write it: "8×8"."""
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


def parse_square(square: object, rows: int, cols: int, what: str = "square") -> int:
    """Return the square number (1-based) that square names in the rows×cols rectangle.

    square is a number (1 to rows*cols), a 0-based (row, col) pair or an algebraic name;
    what names the argument in the error for a value of another type ("start", "hole").
    """
    if type(square) is int and 0 < square <= rows * cols:
        return square
    board = board_name(rows, cols)
    if isinstance(square, str):
        ascii_name = len(square) <= _LONGEST_NAME and square.isascii()  # not the Kelvin sign for k, nor ８ for 8
        match = _ALGEBRAIC.fullmatch(square.strip().lower()) if ascii_name else None
        if match is None:
            ascii = "" if square.isascii() else ": names are ASCII letters and digits"
            raise InvalidInputError(f"square {_shown(square)} is not a square name such as 'a1'{ascii}")
        col, rank = _file_index(match.group(1)), int(match.group(2))
        if col >= cols or rank > rows:
            raise InvalidInputError(f"square {_shown(square)} is off the {board} board")
        return (rows - rank) * cols + col + 1
    if is_sequence(square):
        if len(square) != 2:
            raise InvalidInputError(f"square {_shown(square)} must be a (row, col) pair")
        row = integer(square[0], f"square {_shown(square)}: row")
        col = integer(square[1], f"square {_shown(square)}: col")
        if not (0 <= row < rows and 0 <= col < cols):
            raise InvalidInputError(
                f"square {_shown(square)} is off the {board} board (rows 0 to {rows - 1}, cols 0 to {cols - 1})"
            )
        return row * cols + col + 1
    number = integer(square, what)  # numpy's integers too; an array or a float named by its argument
    if 0 < number <= rows * cols:
        return number
    if number.bit_length() > 64:
        raise InvalidInputError(f"square {_shown(number)} is off the {board} board")
    raise InvalidInputError(f"square {number} is off the {board} board (squares are numbered 1 to {rows * cols})")


class Board:
    """Where the piece may stand (a rectangle, perhaps with holes) and how it moves.

    Immutable and hashable. ``len(board)`` is its number of squares; ``square in board``
    says whether a number, (row, col) pair or name is a square of it.

    Parameters
    ----------
    size : Shape, default 8
        n for n×n, ``(rows, cols)``, text such as ``"6x7"``; three or more axes,
        ``(4, 4, 4)`` or ``"4x4x4"``, make a box (see docs/surfaces.md).
    holes : Iterable[Square], default ()
        The cells that are not squares (numbers, names or coordinates).
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``: ``(1, 2)`` the knight, ``(1, 3)`` the camel.
    periodic : Axes, default False
        True, or one bool per axis, joins an axis's two ends: ``(False, True)`` is a
        cylinder, ``True`` a torus.
    twisted : Axes, default False
        Joins an axis's ends with a flip of the other axis (a Möbius strip, or a Klein
        bottle with the other axis periodic).
    givens : Givens or None, default None
        A puzzle's moves, ``{square: move}`` (`Board.parse` reads them from a picture).

    Raises
    ------
    InvalidInputError, InvalidTypeError
        A value that names no board, square or leaper, or of the wrong type.

    See Also
    --------
    Board.parse : A board from a picture.
    Board.from_mask : A board from a 2-D array of bools.

    Examples
    --------
    >>> Board(8)                                  # the chessboard, for the knight
    Board(8)
    >>> Board((3, 4), holes=["a1"], moves=(1, 3))  # a camel on a 3×4 board less a corner
    Board((3, 4), holes=(9,), moves=(1, 3))
    >>> Board.parse(". . #\\n. 1 .").picture()
    '. . #\\n. 1 .'
    """

    __slots__ = ("_rows", "_cols", "_mask", "_leaper", "_steps", "_givens", "_squares", "_hash", "_topology")
    _rows: int
    _cols: int
    _mask: bytes | None
    _leaper: tuple[int, int]
    _steps: tuple[tuple[int, int], ...]
    _givens: tuple[tuple[int, int], ...]
    _squares: int
    _hash: int
    _topology: Topology | None

    @checked_keywords
    def __init__(
        self,
        size: Shape = 8,
        *,
        holes: Iterable[Square] = (),
        moves: Leaper = KNIGHT,
        periodic: Axes = False,
        twisted: Axes = False,
        givens: Givens | None = None,
    ) -> None:
        if isinstance(size, Board):
            raise InvalidInputError(f"size given twice: {size!r} is a board already; pass it alone")
        if is_box_text(size) or (is_sequence(size) and len(size) != 2):
            shape = parse_shape(size, integer, MAX_SQUARES)
        else:
            shape = parse_size(size)
        topology = parse_topology(shape, periodic, twisted, boolean)
        rows, cols = _flat(shape)
        holes = [holes] if isinstance(holes, (str, int)) else holes
        try:
            numbers = [_parse_square(hole, rows, cols, topology) for hole in holes]
        except TypeError:
            raise InvalidTypeError(f"holes must be a collection of squares, not {_shown(holes)}") from None
        mask = None
        if numbers:
            check_memory(2 * rows * cols, f"the mask of the {board_name(rows, cols)} board with holes")
            cells = bytearray(b"\x01") * (rows * cols)
            for number in numbers:
                cells[number - 1] = 0
            mask = bytes(cells)
        leaper = KNIGHT if moves is KNIGHT else parse_leaper(moves)  # checked as tour(moves=) checks it
        pairs = () if givens is None else _parsed_givens(givens, rows, cols, mask, topology)
        self._setup(rows, cols, mask, KNIGHT if leaper == KNIGHT else leaper, pairs, topology)

    def _setup(
        self,
        rows: int,
        cols: int,
        mask: bytes | None,
        leaper: tuple[int, int],
        givens: Iterable[tuple[int, int]],
        topology: Topology | None = None,
    ) -> None:
        squares = rows * cols if mask is None else mask.count(1)
        if squares == 0:
            raise InvalidInputError(
                f"a board needs at least one square: this {board_name(rows, cols)} one has no squares"
            )
        fill = object.__setattr__  # not __setattr__ below, whose check costs an exception per field here
        givens = tuple(givens)
        for name, value in (
            ("_rows", rows),
            ("_cols", cols),
            ("_mask", mask),
            ("_leaper", leaper),
            ("_steps", leaper_steps(leaper) if topology is None else topology.steps(leaper_steps(leaper))),
            ("_givens", givens),
            ("_squares", squares),
            ("_topology", topology),
            ("_hash", hash((rows, cols, mask, leaper, givens, topology))),
        ):
            fill(self, name, value)

    @classmethod
    def _make(
        cls,
        rows: int,
        cols: int,
        mask: bytes | None,
        leaper: tuple[int, int],
        givens: object = (),
        topology: object = None,
    ) -> Board:
        """A board from its parts, checked as the constructor checks them (in O(cells), in C but
        for the givens): unpickling calls it, so a crafted pickle gives InvalidInputError or
        InvalidTypeError, never a board that breaks the engines. A mask with no hole stands for
        the rectangle. topology is None or (shape, periodic, twisted), whose shape must flatten
        to rows × cols."""
        if type(rows) is not int or type(cols) is not int:
            raise InvalidTypeError(f"a board's rows and cols must be integers, not {_shown(rows)}, {_shown(cols)}")
        rows, cols = parse_size((rows, cols))
        wrap = _checked_topology(topology, rows, cols)
        if mask is not None:
            if type(mask) is not bytes or len(mask) != rows * cols or mask.translate(None, b"\x00\x01"):
                raise InvalidInputError(
                    f"the mask of a {board_name(rows, cols)} board must be {rows * cols:,} bytes of 0 and 1"
                )
            if 0 not in mask:
                mask = None
        leaper = parse_leaper(leaper)
        board = cls.__new__(cls)
        board._setup(
            rows, cols, mask, KNIGHT if leaper == KNIGHT else leaper, _checked_givens(givens, rows, cols, mask), wrap
        )
        return board

    @classmethod
    def parse(cls, picture: str, *, moves: Leaper = KNIGHT, periodic: Axes = False, twisted: Axes = False) -> Board:
        """The board a picture draws: "." a square, "#" a hole, a positive integer a given move;
        periodic= and twisted= join its edges as Board() does."""
        if not isinstance(picture, str):
            raise InvalidTypeError(f"a picture must be text, not {type(picture).__name__}")
        lines: list[tuple[int, list[str]]] = []
        for number, line in enumerate(picture.splitlines(), 1):
            if len(line) > MAX_PICTURE_LINE:
                raise InvalidInputError(f"picture line {number} is longer than {MAX_PICTURE_LINE:,} characters")
            if line.strip():
                lines.append((number, line.split()))
        if not lines:
            raise InvalidInputError("a picture needs at least one line of cells")
        cols = len(lines[0][1])
        cells = bytearray()
        givens: dict[int, int] = {}
        where: dict[int, str] = {}
        for row, (number, words) in enumerate(lines):
            if len(words) != cols:
                raise InvalidInputError(f"picture line {number} has {len(words)} cells, the first line {cols}")
            for col, word in enumerate(words):
                place = f"picture line {number}, cell {col + 1} (row {row}, col {col}) {_shown(word, 20)}"
                if word == ".":
                    cells.append(1)
                elif word == "#":
                    cells.append(0)
                elif (number_text := word[:-1] if word.endswith("*") else word).isdecimal() and (
                    number_text.isascii() and len(number_text) <= 10
                ):
                    move = int(number_text)
                    if move < 1:
                        raise InvalidInputError(f"{place}: a given move number is at least 1")
                    if move in givens:
                        raise InvalidInputError(f"{place}: move {move} is given twice (also at {where[move]})")
                    givens[move] = row * cols + col + 1
                    where[move] = f"row {row}, col {col}"
                    cells.append(1)
                else:
                    raise InvalidInputError(f"{place} is not '.', '#' or a move number")
        squares = cells.count(1)
        for move in givens:
            if move > squares:
                raise InvalidInputError(
                    f"picture {where[move]} {str(move)!r}: move {move} is past the board's {squares} squares"
                )
        topology = parse_topology((len(lines), cols), periodic, twisted, boolean)
        return cls._make(
            len(lines),
            cols,
            bytes(cells),
            parse_leaper(moves),
            sorted((s, m) for m, s in givens.items()),
            None if topology is None else (topology.shape, topology.periodic, topology.twisted),
        )

    @classmethod
    def from_mask(cls, mask: Mask, *, moves: Leaper = KNIGHT) -> Board:
        """The board whose squares are the true cells of a 2-D array-like of bools (numpy too)."""
        ndim = getattr(mask, "ndim", None)
        if ndim is not None and ndim != 2:
            raise InvalidInputError(f"a mask must be 2-D, not {ndim}-D")
        if isinstance(mask, (str, bytes)):
            raise InvalidTypeError(f"a mask must be a 2-D array of bools, not {type(mask).__name__}")
        shape: object = getattr(mask, "shape", None)
        if ndim == 2 and is_tuple(shape) and len(shape) == 2 and all(type(x) is int for x in shape):
            height, width = cast("tuple[int, int]", shape)  # two ints, checked just now
            if height * width > MAX_SQUARES:  # said before a list of every cell is made
                raise InvalidInputError(
                    f"a mask of {height}×{width} has more cells than the {MAX_SQUARES:,} a tour can number"
                )
        try:
            rows = [list(row) for row in mask]
        except TypeError:
            raise InvalidInputError(f"a mask must be 2-D: rows of bools, not {_shown(mask)}") from None
        if not rows or not rows[0]:
            raise InvalidInputError("a mask needs at least one row and one column")
        cols = len(rows[0])
        cells = bytearray()
        for row, values in enumerate(rows):
            if len(values) != cols:
                raise InvalidInputError(f"mask row {row} has {len(values)} cells, row 0 has {cols}")
            for col, value in enumerate(values):
                if not _is_bool(value):
                    raise InvalidInputError(f"mask row {row}, col {col} is {_shown(value, 20)}, not a bool")
                cells.append(1 if value else 0)
        if len(rows) * cols > MAX_SQUARES:
            raise InvalidInputError(
                f"a mask of {len(rows)}×{cols} has more cells than the {MAX_SQUARES:,} a tour can number"
            )
        return cls._make(len(rows), cols, bytes(cells), parse_leaper(moves))

    # -- what it is ---------------------------------------------------------------------

    @property
    def rows(self) -> int:
        return self._rows

    @property
    def cols(self) -> int:
        return self._cols

    @property
    def size(self) -> tuple[int, int]:
        """The bounding rectangle: (rows, cols); a box's cells laid out as rows of its last axis."""
        return self._rows, self._cols

    @property
    def shape(self) -> tuple[int, ...]:
        """One length per axis: (rows, cols) on two axes, (l, m, n) for a box."""
        return (self._rows, self._cols) if self._topology is None else self._topology.shape

    @property
    def periodic(self) -> tuple[bool, ...]:
        """Per axis, whether its two ends are joined (see Board)."""
        return (False, False) if self._topology is None else self._topology.periodic

    @property
    def twisted(self) -> tuple[bool, ...]:
        """Per axis, whether its ends are joined with a flip of the other axis."""
        return (False, False) if self._topology is None else self._topology.twisted

    @property
    def topology(self) -> Topology | None:
        """None for a flat board of two axes; else its shape, periodic and twisted axes."""
        return self._topology

    @property
    def moves(self) -> tuple[int, int]:
        """The leaper (a, b) with a <= b: (1, 2) is the knight."""
        return self._leaper

    @property
    def steps(self) -> tuple[tuple[int, int], ...]:
        """The leaper's (row, col) steps in move order (clockwise from b up and a right)."""
        return self._steps

    @property
    def mask(self) -> bytes | None:
        """rows*cols bytes, 1 for a square and 0 for a hole; None for a whole rectangle."""
        return self._mask

    @property
    def is_rectangle(self) -> bool:
        """Whether every cell of the bounding rectangle is a square (no holes)."""
        return self._mask is None

    @property
    def holes(self) -> tuple[int, ...]:
        """The numbers of the cells that are not squares."""
        mask = self._mask
        return () if mask is None else tuple(i + 1 for i, cell in enumerate(mask) if not cell)

    @property
    def givens(self) -> dict[int, int]:
        """Given move numbers, square number -> move (from a picture, or givens=): a puzzle's clues."""
        return dict(self._givens)

    def __len__(self) -> int:
        return self._squares

    def __contains__(self, square: object) -> bool:
        try:
            number = _parse_square(square, self._rows, self._cols, self._topology)
        except (InvalidInputError, InvalidTypeError):
            return False
        return self._mask is None or self._mask[number - 1] == 1

    def __iter__(self) -> Iterator[int]:
        """The square numbers, in order."""
        mask = self._mask
        if mask is None:
            return iter(range(1, self._rows * self._cols + 1))
        return (i + 1 for i, cell in enumerate(mask) if cell)

    @property
    def first(self) -> int:
        """The lowest-numbered square: 1 on a rectangle."""
        return 1 if self._mask is None else self._mask.index(1) + 1

    def square(self, square: Square, what: str = "square") -> int:
        """The number of a square of the board, named by number, (row, col) pair or name."""
        if type(square) is int and self._mask is None and 0 < square <= self._squares:
            return square
        number = _parse_square(square, self._rows, self._cols, self._topology, what)
        if self._mask is not None and not self._mask[number - 1]:
            raise InvalidInputError(f"{what} {_shown(square)} is a hole of {self.name}, not a square")
        return number

    def square_name(self, square: Square) -> str:
        """The algebraic name of a square.

        Parameters
        ----------
        square : int, str or tuple of int
            A cell of the rectangle (a hole has a name too): its number (1 to rows × cols),
            its name, or its 0-based coordinates.

        Returns
        -------
        str
            "a8" for square 1 of 8×8; on a box, its coordinates joined (see docs/surfaces.md).

        Raises
        ------
        InvalidInputError
            For a square off the board, naming it.

        Examples
        --------
        >>> Board(8).square_name(1), Board(8).square_name((7, 7))
        ('a8', 'h1')
        """
        number = square if type(square) is int and 0 < square <= self._rows * self._cols else self._cell_number(square)
        if self._topology is not None and self._topology.axes > 2:
            return box_square_name(self._topology, number)
        return square_name(number, self._rows, self._cols)

    def coords(self, square: Square) -> tuple[int, ...]:
        """The 0-based coordinates of a square.

        Parameters
        ----------
        square : int, str or tuple of int
            A cell of the rectangle (a hole too), by number, name or coordinates.

        Returns
        -------
        tuple of int
            (row, col), row 0 at the top; on a box, one index per axis.

        Raises
        ------
        InvalidInputError
            For a square off the board, naming it.

        Examples
        --------
        >>> Board(8).coords("e4"), Board((2, 3, 4)).coords(24)
        ((4, 4), (1, 2, 3))
        """
        return next(coords_of(self, (self._cell_number(square),)))

    def _cell_number(self, square: object) -> int:
        """The number of a cell of the rectangle (a hole too) that square names; InvalidInputError else."""
        return _parse_square(square, self._rows, self._cols, self._topology)

    @property
    def name(self) -> str:
        """The board as people write it: "8×8", "8×8 less 3 holes"; a leaper other than the knight is named."""
        name = board_name(self._rows, self._cols) if self._topology is None else self._topology.name()
        holes = self._rows * self._cols - self._squares
        if holes:
            name += f" less {holes} hole{'s' if holes > 1 else ''}"
        if self._leaper != KNIGHT:
            name += f" for the {self._leaper[0]},{self._leaper[1]}-leaper"
        return name

    def neighbour_lists(self) -> list[list[int]]:
        """Deprecated: for each cell index (0-based, holes too), the cells a leap away.

        .. deprecated:: 0.2
            Cells numbered from 0 are not the squares of the public API: ask
            ``board.neighbours(square)`` for a square's neighbours (numbers), or
            ``board.to_networkx()`` for the whole graph. Removed in the next minor release.

        Returns
        -------
        list of list of int
            For each 0-based cell, the 0-based cells a leap away, in move order.

        Warns
        -----
        DeprecationWarning
            Always.
        """
        warnings.warn(
            "Board.neighbour_lists() is deprecated (its cells are numbered from 0): use Board.neighbours(square), "
            "or Board.to_networkx() for the whole graph",
            DeprecationWarning,
            stacklevel=2,
        )
        return self._neighbour_lists()

    def _neighbour_lists(self, when: float = NEVER) -> list[list[int]]:
        """For each cell index (0-based, holes too), the cells a leap away, in move order.

        Kept for the last NEIGHBOUR_BOARDS_KEPT boards of at most NEIGHBOUR_CACHE_SQUARES
        squares; built anew for larger ones (callers keep the lists while they need them),
        after their memory is checked (InvalidInputError when they cannot fit), and stopped
        with OutOfTime once the deadline when (a time.monotonic() reading) passes."""
        cells = self._rows * self._cols
        if cells <= NEIGHBOUR_CACHE_SQUARES:
            return _kept_neighbour_lists(self)
        check_memory(cells * NEIGHBOUR_LIST_BYTES, f"the neighbour lists of {self.name}")
        if self._topology is not None:
            offsets, targets = self._neighbour_table()
            return [targets[offsets[c] : offsets[c + 1]].tolist() for c in range(len(offsets) - 1)]
        return neighbour_lists(self._rows, self._cols, self._steps, self._mask, when)

    def _neighbour_table(self, when: float = NEVER) -> tuple[Any, Any]:
        """The board's graph as flat int32 arrays (offsets, targets) over its cells (0-based,
        holes too, with no neighbours): the neighbours of cell c are targets[offsets[c]:offsets[c + 1]],
        in move order, each once. Built by a compiled kernel (model._table; its twin without the
        extensions) in time linear in the cells, at 4 bytes a cell and 4 a move (TABLE_CELL_BYTES,
        TABLE_MOVE_BYTES: 36 bytes a square of a surface, at most 100 of a box of three axes), its
        memory checked first (InvalidInputError when it cannot fit, or has more moves than an
        int32 index reaches); OutOfTime once the deadline when passes. Kept for the last few
        boards of at most TABLE_CACHE_SQUARES cells."""
        topology = self._topology
        if topology is None:
            topology = Topology((self._rows, self._cols), (False, False), (False, False))
        return neighbour_table(topology, self._steps, self._mask, self.name, when)

    # -- facts every engine asks the board, never recomputes --------------------------------

    @property
    def is_knights_rectangle(self) -> bool:
        """Whether this is the knight on a whole flat rectangle: the boards the theorems and constructions cover."""
        return self._mask is None and self._leaper == KNIGHT and self._topology is None

    @property
    def changes_colour(self) -> bool:
        """Whether every leap lands on the other colour: (a, b) with a + b odd, as the knight's, on a
        board whose wraps keep the colouring (see Topology.colour_preserved)."""
        return sum(self._leaper) % 2 == 1 and (self._topology is None or self._topology.colour_preserved())

    @property
    def colour_counts(self) -> tuple[int, int]:
        """How many squares of each colour: (light, dark), light being row + col even (as a8)."""
        rows, cols, mask, topology = self._rows, self._cols, self._mask, self._topology
        if topology is not None and topology.axes > 2:
            if mask is None:  # light minus dark is the product over the axes of (even minus odd indices)
                surplus = all(length % 2 for length in topology.shape)
                return (self._squares + surplus) // 2, (self._squares - surplus) // 2
            light = sum(1 for cell in self._cells() if not topology.colour(cell))
            return light, self._squares - light
        if mask is None:
            return (rows * cols + 1) // 2, rows * cols // 2
        light = sum(mask[row * cols + row % 2 : (row + 1) * cols : 2].count(1) for row in range(rows))
        return light, self._squares - light

    def colour(self, square: Square) -> int:
        """The colour of a square.

        Parameters
        ----------
        square : int, str or tuple of int
            A square of the board, by number, name or coordinates.

        Returns
        -------
        int
            0 for a light square (row + col even, as a8; on a box, the coordinates' sum), 1 for a dark one.

        Raises
        ------
        InvalidInputError
            For a square off the board or a hole, naming it.

        Examples
        --------
        >>> Board(8).colour("a8"), Board(8).colour("a1")
        (0, 1)
        """
        return self._colour(self.square(square))

    def _colour(self, number: int) -> int:
        """colour() of a square number already checked: what the engines ask in their loops."""
        if self._topology is not None and self._topology.axes > 2:
            return self._topology.colour(number - 1)
        row, col = divmod(number - 1, self._cols)
        return (row + col) % 2

    def _cells(self) -> list[int]:
        """The squares as 0-based cell indices, in order."""
        mask = self._mask
        return list(range(self._rows * self._cols)) if mask is None else [i for i, cell in enumerate(mask) if cell]

    def _neighbours_of(self, cell: int) -> list[int]:
        """The cells (0-based) a leap from cell, in move order, computed for the one cell (no lists built)."""
        rows, cols, mask = self._rows, self._cols, self._mask
        if self._topology is not None:
            return self._topology.neighbours(cell, self._steps, mask)
        row, col = divmod(cell, cols)
        return [
            (row + dr) * cols + col + dc
            for dr, dc in self._steps
            if 0 <= row + dr < rows and 0 <= col + dc < cols and (mask is None or mask[(row + dr) * cols + col + dc])
        ]

    def neighbours(self, square: Square) -> list[int]:
        """The squares a leap from a square.

        Parameters
        ----------
        square : int, str or tuple of int
            A square of the board, by number, name or coordinates.

        Returns
        -------
        list of int
            Their numbers, in move order (clockwise from two up and one right, for the knight).

        Raises
        ------
        InvalidInputError
            For a square off the board or a hole, naming it.

        Examples
        --------
        >>> Board(8).neighbours("a8")
        [11, 18]
        """
        cell = self.square(square) - 1
        if self._rows * self._cols <= NEIGHBOUR_CACHE_SQUARES:  # the kept lists; a large board builds none
            return [target + 1 for target in _kept_neighbour_lists(self)[cell]]
        return [target + 1 for target in self._neighbours_of(cell)]

    def to_networkx(self) -> Any:
        """The leaper graph as a networkx.Graph: a node per square (number, with row, col and
        name), an edge per leap; needs networkx (``pip install "knight-tour[networkx]"``,
        knight.MissingExtraError else)."""
        graph = networkx_module().Graph(name=self.name, rows=self._rows, cols=self._cols, moves=self._leaper)
        graph.add_nodes_from(square_nodes(self, self))
        graph.add_edges_from(
            (square, cell + 1) for square in self for cell in self._neighbours_of(square - 1) if cell + 1 > square
        )
        return graph

    # -- writing it -----------------------------------------------------------------------

    def picture(self) -> str:
        """The board as a picture Board.parse() reads back: ".", "#" and the given moves."""
        mask, cols = self._mask, self._cols
        cells = ["." if mask is None or mask[i] else "#" for i in range(self._rows * cols)]
        for square, move in self._givens:
            cells[square - 1] = str(move)
        width = max(map(len, cells))
        return "\n".join(
            " ".join(cell.rjust(width) for cell in cells[row * cols : (row + 1) * cols]) for row in range(self._rows)
        )

    def __str__(self) -> str:
        return self.picture()

    def __repr__(self) -> str:
        """Board(...) or Board.parse(...), which pastes back."""
        moves = "" if self._leaper == KNIGHT else f", moves={self._leaper!r}"
        topology = self._topology
        if topology is not None:
            wraps = "" if not any(topology.periodic) else f", periodic={_per_axis_repr(topology.periodic)}"
            wraps += "" if not any(topology.twisted) else f", twisted={topology.twisted!r}"
            moves += wraps
        if self._givens and (topology is None or topology.axes == 2):
            return f"Board.parse({self.picture()!r}{moves})"
        size = self._rows if self._rows == self._cols and topology is None else self.shape
        holes = f", holes={self.holes!r}" if self._mask is not None else ""
        givens = f", givens={self.givens!r}" if self._givens else ""
        return f"Board({size!r}{holes}{moves}{givens})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self._rows, self._cols, self._mask, self._leaper, self._givens, self._topology) == (
            other._rows,
            other._cols,
            other._mask,
            other._leaper,
            other._givens,
            other._topology,
        )

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        topology = self._topology
        wrap = None if topology is None else (topology.shape, topology.periodic, topology.twisted)
        return Board._make, (self._rows, self._cols, self._mask, self._leaper, self._givens, wrap)

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "_hash"):
            raise AttributeError(f"a Board is immutable: cannot set {name}")
        object.__setattr__(self, name, value)


def coords_of(board: Board, squares: Iterable[int]) -> Iterator[tuple[int, ...]]:
    """The 0-based coordinates of square numbers of board (unchecked): (row, col), or one index
    per axis on a box. Board.coords and the coordinates format use it."""
    topology = board.topology
    if topology is not None and topology.axes > 2:
        return map(topology.coords, map((-1).__add__, squares))
    return map(divmod, map((-1).__add__, squares), repeat(board.cols))


def names_of(board: Board, squares: Iterable[int]) -> Iterator[str]:
    """The names of square numbers of board (unchecked), as Board.square_name gives them one at a
    time: "a8", or on a box its coordinates. The algebraic format uses it: the file letters are
    spelled once for the whole board, not once a square."""
    topology = board.topology
    if topology is not None and topology.axes > 2:
        return (box_square_name(topology, number) for number in squares)
    rows, files = board.rows, [file_name(col) for col in range(board.cols)]
    return (files[col] + str(rows - row) for row, col in coords_of(board, squares))


def networkx_module() -> Any:
    """networkx, which is optional: MissingExtraError naming the extra when it is missing."""
    return optional_module("networkx", "to_networkx()", "networkx")


def square_nodes(board: Board, squares: Iterable[int]) -> Iterator[tuple[int, dict[str, Any]]]:
    """networkx nodes of squares of board: the number, with row, col (0-based) and name, so that
    the graphs line up with everything else in knight."""
    cols = board.cols
    return (
        (square, {"row": (square - 1) // cols, "col": (square - 1) % cols, "name": board.square_name(square)})
        for square in squares
    )


def _flat(shape: tuple[int, ...]) -> tuple[int, int]:
    """(rows, cols) of the cells laid out in row-major order: rows of the last axis."""
    rows = 1
    for length in shape[:-1]:
        rows *= length
    return rows, shape[-1]


def _parse_square(square: object, rows: int, cols: int, topology: Topology | None, what: str = "square") -> int:
    """parse_square, or on a box of three or more axes a number or one index per axis."""
    if topology is not None and topology.axes > 2:
        return parse_box_square(topology, square, integer)
    return parse_square(square, rows, cols, what)


def _per_axis_repr(flags: tuple[bool, ...]) -> str:
    return "True" if all(flags) else repr(flags)


def _checked_topology(topology: object, rows: int, cols: int) -> Topology | None:
    """Board._make's topology, (shape, periodic, twisted) or None, checked against rows × cols."""
    if topology is None:
        return None
    if not is_tuple(topology) or len(topology) != 3:
        raise InvalidTypeError(f"a board's topology must be (shape, periodic, twisted), not {_shown(topology)}")
    shape, periodic, twisted = topology
    if not is_tuple(shape) or not all(type(x) is int for x in shape):
        raise InvalidTypeError(f"a board's shape must be a tuple of integers, not {_shown(shape)}")
    shape = parse_shape(shape, integer, MAX_SQUARES)
    if _flat(shape) != (rows, cols):
        raise InvalidInputError(f"a board's shape {shape!r} does not lay out as {rows}×{cols}")
    if not is_tuple(periodic) or not is_tuple(twisted):
        raise InvalidTypeError("a board's periodic and twisted must be tuples of bools")
    wrap = parse_topology(shape, periodic, twisted, boolean)
    return wrap


def _checked_givens(givens: object, rows: int, cols: int, mask: bytes | None) -> list[tuple[int, int]]:
    """Board._make's givens, (square, move) pairs sorted by square, checked: squares of the
    board, moves from 1 to its number of squares, each square and each move once."""
    if not is_sequence(givens):
        raise InvalidTypeError(f"a board's givens must be (square, move) pairs, not {_shown(givens)}")
    squares = rows * cols if mask is None else mask.count(1)
    pairs: list[tuple[int, int]] = []
    moves: set[int] = set()
    for given in givens:
        if not is_tuple(given) or len(given) != 2 or not all(type(x) is int for x in given):
            raise InvalidInputError(f"a board's given {_shown(given)} is not a (square, move) pair of integers")
        pair = cast("tuple[int, int]", given)  # two ints, checked just now
        square, move = pair
        if not 1 <= square <= rows * cols or (mask is not None and not mask[square - 1]):
            raise InvalidInputError(
                f"given move {move}: square {square} is not a square of the {board_name(rows, cols)} board"
            )
        if not 1 <= move <= squares or move in moves:
            raise InvalidInputError(f"given move {move} on square {square}: moves are 1 to {squares}, each given once")
        moves.add(move)
        pairs.append(pair)
    pairs.sort()
    if any(a[0] == b[0] for a, b in zip(pairs, pairs[1:])):
        raise InvalidInputError("a board's givens put two moves on one square")
    return pairs


def _parsed_givens(
    givens: object, rows: int, cols: int, mask: bytes | None, topology: Topology | None
) -> list[tuple[int, int]]:
    """Board(givens=)'s mapping of squares (named as Board.square names them) to moves, as the
    checked (square number, move) pairs Board._make takes."""
    if not is_mapping(givens):
        raise InvalidTypeError(f"givens must map squares to move numbers, such as {{1: 1}}, not {_shown(givens)}")
    pairs: list[tuple[int, int]] = []
    for square, move in givens.items():
        number = _parse_square(square, rows, cols, topology, "given square")
        pairs.append((number, integer(move, f"the move given on square {_shown(square)}")))
    return _checked_givens(pairs, rows, cols, mask)


@lru_cache(maxsize=NEIGHBOUR_BOARDS_KEPT)
def _kept_neighbour_lists(board: Board) -> list[list[int]]:
    topology = board.topology
    if topology is not None:
        return [topology.neighbours(cell, board.steps, board.mask) for cell in range(board.rows * board.cols)]
    return neighbour_lists(board.rows, board.cols, board.steps, board.mask)


#: Whole boards rectangle() keeps (a Board is a few hundred bytes; its neighbour lists are kept apart).
RECTANGLES_KEPT = 256


@lru_cache(maxsize=RECTANGLES_KEPT)
def rectangle(rows: int, cols: int, leaper: tuple[int, int] = KNIGHT) -> Board:
    """The whole rows×cols board for leaper (cached: the common case of every call)."""
    return Board._make(rows, cols, None, leaper)


def as_board(size: object, moves: object = KNIGHT) -> Board:
    """The Board that size names (n, (rows, cols), "6x7" or a Board), for the leaper moves.

    A Board carries its own leaper: moves other than the default, given with one, is the
    leaper given twice unless they agree.
    """
    if isinstance(size, Board):
        if moves is not KNIGHT and parse_leaper(moves) != size.moves:
            raise InvalidInputError(f"moves given twice: the board has moves={size.moves!r}, the call {_shown(moves)}")
        return size
    if is_mapping(size):
        raise InvalidTypeError(f"size must be n, (rows, cols), 'RxC' or a knight.Board, not {_shown(size)}")
    leaper = KNIGHT if moves is KNIGHT else parse_leaper(moves)
    if is_box_text(size) or (is_sequence(size) and len(size) != 2):
        return Board(size, moves=leaper)  # type: ignore[arg-type]  # Board checks size
    rows, cols = parse_size(size)
    return rectangle(rows, cols, leaper)
