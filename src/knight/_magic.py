"""knight.magic(), knight.magic_tours() and knight.count_magic(): magic knight's tours.

A question is read once (board, start, closed, givens, kind, budget, deadline), refuted by
the theorems of ``model._magic`` and the refutation module where it can be, and otherwise
handed to the search engine's magic kernel (``search.magic_search``): in rounds of random
restarts to find one tour, or piece by piece to list and count them all.

The pieces of a count are the tours' first moves: a start from each class of squares under
the board's symmetries (a tour from any other square is the image of one from these), an end
of each (start, end) orbit under the symmetries and the reversal (``_plan``), then every path
of ``depth`` more moves. Each piece's result is written as a small JSON file in
the results folder, so that a count killed, or spread over many machines sharing the
folder, resumes where it stopped; the answer joins the files: tours (each piece weighed by
its orbit's size), symmetry classes (the board's symmetries and the reversal, which
numbers a tour N + 1 - k: 16 tours a class on a square board), open and closed.
"""

from __future__ import annotations

import os
import sys
import time
from array import array
from typing import (
    TYPE_CHECKING,
    Any,
    Dict,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    TypedDict,
    cast,
)

from ._counting import _CheckedExecutor, _dask_client
from .count._symmetry import rectangle_symmetries
from .model._board import KNIGHT, _shown, boolean, integer
from .model._deadline import NEVER
from .model._errors import (
    InvalidInputError,
    InvalidTypeError,
    NoTourError,
    SearchLimitError,
    WorkerError,
    checked_keywords,
)
from .model._magic import adds_up, line_cells, no_magic_reason
from .model._question import Question
from .model._refute import refute
from .model._status import EXHAUSTED, FOUND, LIMIT
from .model._tour import Tour
from .model._types import Executor, Size, Square, StrPath
from .search import MagicResult, magic_search, quarte_tour

if TYPE_CHECKING:
    import random

__all__ = ["MAGIC_MAX_NODES", "MagicCount", "count_magic", "magic", "magic_tours"]

#: Search nodes knight.magic and knight.magic_tours walk before they give up, when max_nodes is
#: not given (about 20 minutes on the compiled kernel; an 8×8 semimagic tour takes about two million
#: nodes in the half-turn subspace), and the nodes a piece of knight.count_magic may take.
MAGIC_MAX_NODES = 10_000_000_000

#: Nodes of the first restart of knight.magic in the whole tree; the later ones follow Luby's
#: sequence of multiples of it (1, 1, 2, 1, 1, 2, 4, ...), each with new random tie-breaks and start.
RESTART_NODES = 1 << 20

#: The same in the half-turn subspace, and how many restarts in a round of SUBSPACE_ROUND search
#: it (the rest the whole tree). 8×8, 20 seeds: a median of 1.8 million nodes to the first tour
#: (2.9 million on average), against 4.4 million with units of 2**20 and 3 restarts in 4.
SUBSPACE_RESTART_NODES = 1 << 21
SUBSPACE_ROUND = 8

#: Nodes of each restart of the quarte construction (search._quartes: n×n, n = 12, 16, 20, ...);
#: each restart draws a new random order.
QUARTE_RESTART_NODES = 20_000

#: What a piece's result file starts with (its "format" field).
PIECE_FORMAT = "knight magic piece 1"

#: Moves after the start that, with the end, make a piece, when depth= is not given.
DEPTH = 1


class _Magic:
    """A magic question, checked: the board (a whole rectangle, the knight), start, closed,
    the kind of lines, the fixed numbers (cell -> number), the budget and the deadline."""

    def __init__(
        self,
        size: Size,
        start: Optional[Square],
        closed: bool,
        diagonal: bool,
        nested: bool,
        max_nodes: Optional[int],
        timeout: Optional[float],
        call: str,
    ) -> None:
        diagonal, nested = boolean(diagonal, "diagonal"), boolean(nested, "nested")
        self.question = question = Question.ask(
            size, start, None, closed, KNIGHT, max_nodes, timeout, call, default_budget=MAGIC_MAX_NODES
        )
        board = self.board = question.board
        if not board.is_rectangle or board.topology is not None or board.moves != KNIGHT:
            raise InvalidInputError(f"magic tours are knight's tours of a whole flat rectangle, not {board.name}")
        if diagonal and board.rows != board.cols:
            raise InvalidInputError(f"diagonal=True is for a square board: {board.name} has no long diagonals")
        self.rows, self.cols, self.diagonal, self.nested = board.rows, board.cols, diagonal, nested
        self.closed, self.call = question.closed, call
        self.fixed = {square - 1: number for number, square in question.fixed.items()}  # cell -> number

    @property
    def kind(self) -> str:
        return "diagonally magic" if self.diagonal else "nested semimagic" if self.nested else "semimagic"

    def words(self) -> str:
        what = "closed " if self.closed else ""
        where = "" if self.question.start is None else f" from {self.board.square_name(self.question.start)}"
        puzzle = " through the given moves" if self.board.givens else ""
        return f"no {what}{self.kind} knight's tour{where}{puzzle} on {self.board.name}"

    def lines(self) -> list[list[int]]:
        return line_cells(self.rows, self.cols, self.diagonal, self.nested)

    def refuted(self) -> Optional[str]:
        """A sentence proving there is no such tour, or None."""
        reason = no_magic_reason(self.rows, self.cols, self.diagonal, self.nested) or refute(self.question)
        if reason:
            return reason
        parities = {(cell // self.cols + cell % self.cols + number) & 1 for cell, number in self.fixed.items()}
        if len(parities) > 1:
            return "the given numbers disagree: a knight changes colour at every leap, so number k and k + 2 share a colour"
        return None

    def starts(self) -> list[int]:
        """The cells a tour may start on: the fixed one, else one of each class of squares under
        the board's symmetries (all of them when numbers are given), of the colour the givens allow."""
        if 1 in self.fixed.values():
            return [cell for cell, number in self.fixed.items() if number == 1]
        cells = range(self.rows * self.cols)
        if self.fixed:
            cell, number = next(iter(self.fixed.items()))
            colour = (cell // self.cols + cell % self.cols + number - 1) & 1
            return [c for c in cells if c not in self.fixed and (c // self.cols + c % self.cols) & 1 == colour]
        return sorted(_orbits(self.rows, self.cols))

    def ends(self, start: int) -> list[int]:
        """The cells a tour from start may end on: the fixed one, else a leap from start (closed), or
        any cell of the colour of number N, holding no fixed number."""
        total = self.rows * self.cols
        if total in self.fixed.values():
            return [cell for cell, number in self.fixed.items() if number == total]
        colour = (start // self.cols + start % self.cols + total - 1) & 1
        cells = _leaps(self.rows, self.cols, start) if self.closed else range(total)
        return [
            c for c in cells if c != start and c not in self.fixed and (c // self.cols + c % self.cols) & 1 == colour
        ]

    def by_quartes(self) -> bool:
        """Whether knight.magic builds the tour from quartes (search._quartes): a semimagic tour of
        an n×n board, n a multiple of 4 from 12 up, with nothing else asked (no start, givens,
        closed, diagonal or nested), where the magic kernel's bounds prune too late."""
        plain = not (self.fixed or self.question.start is not None or self.closed or self.diagonal or self.nested)
        return plain and self.rows == self.cols and self.rows % 4 == 0 and self.rows >= 12

    def mirror_starts(self) -> list[int]:
        """The starts of the half-turn subspace's search (number k + N/2 opposite number k: the
        tour is closed), or [] when numbers other than the start are fixed (or a side is odd: no
        theorem leaves such a board to the search, but the subspace needs N/2 even)."""
        even = self.rows % 2 == 0 and self.cols % 2 == 0
        return self.starts() if even and set(self.fixed.values()) <= {1} else []

    def run(self, head: Sequence[int], tail: Sequence[int], mirror: bool = False, **options: Any) -> MagicResult:
        given: dict[int, int] = (
            {} if mirror else self.fixed
        )  # in the subspace the start is the head's, and nothing else is fixed
        return magic_search(self.rows, self.cols, head, tail, lines=self.lines(), given=given, mirror=mirror, **options)

    def tour(self, cells: Sequence[int]) -> Tour:
        return Tour._trusted(array("i", [cell + 1 for cell in cells]), self.board)


def _leaps(rows: int, cols: int, cell: int) -> list[int]:
    """The cells a knight's leap from cell, in move order."""
    r, c = divmod(cell, cols)
    steps = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
    return [(r + dr) * cols + c + dc for dr, dc in steps if 0 <= r + dr < rows and 0 <= c + dc < cols]


def _orbits(rows: int, cols: int) -> dict[int, int]:
    """The least cell of each class of cells under the rectangle's symmetries -> the class's size."""
    sizes: dict[int, int] = {}
    for cell in range(rows * cols):
        images = {symmetry[cell] for symmetry in rectangle_symmetries(rows, cols)}
        if min(images) == cell:
            sizes[cell] = len(images)
    return sizes


def _luby(i: int) -> int:
    """The i-th term (from 1) of Luby, Sinclair and Zuckerman's restart sequence 1, 1, 2, 1, 1, 2, 4, ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


@checked_keywords
def magic(
    size: Size = 8,
    *,
    closed: bool = False,
    diagonal: bool = False,
    nested: bool = False,
    start: Optional[Square] = None,
    seed: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Tour:
    """Find a magic knight's tour.

    Its squares numbered 1 to N along the tour, every row adds up to one sum and every column
    to another (n(n² + 1)/2 on an n×n board: 260 on 8×8). The search backtracks along the tour, pruned
    by the lines' sums (what the numbers left can still add, by colour), and restarts with
    budgets of Luby's sequence; seven restarts in eight search the half-turn subspace (number
    k + N/2 opposite number k: a closed tour, found in about two million nodes on 8×8) while
    no number but the start's is given, the eighth the whole tree. On an n×n board with n a
    multiple of 4 from 12 up (12×12, 16×16, ...), when nothing else is asked (no start, givens,
    closed, diagonal or nested), the tour is built from quartes instead: numbers 4j + 1..4j + 4
    on a transversal of one 4×4 block, quarte Q - 1 - j in quarte j's block, in restarts of
    20,000 nodes (a compiled loop and its twin: the same tour on both cores for a seed).

    Parameters
    ----------
    size : Size, default 8
        The board: n for n×n, ``(rows, cols)``, text such as ``"8x12"``, or a `knight.Board`:
        a whole rectangle. A Board with given moves (``Board(8, givens={square: number})``)
        asks for a magic tour through them (completing a partly numbered one).
    closed : bool, default False
        Ask for a closed tour: its last square is a move from the first.
    diagonal : bool, default False
        The two long diagonals must add up too (a square board).
    nested : bool, default False
        Each of the four quadrants must be semimagic too.
    start : Square or None, default None
        The square of number 1 (its number, ``(row, col)`` or name); None: any square.
    seed : int or None, default None
        Makes the search reproducible (the random tie-breaks and starts of its restarts).
    max_nodes : int or None, default None
        At most this many search nodes (None: 10,000,000,000, about 20 minutes compiled).
    timeout : float or None, default None
        At most this many seconds (None: no limit).

    Returns
    -------
    Tour
        Its ``magic_kind`` is "semimagic" or "diagonal".

    Raises
    ------
    NoTourError
        No such tour exists; the message gives the proof (odd sides: the rows' sums differ in
        parity; both sides 2 more than a multiple of 4: Jelliss's theorem; 8×8 diagonal: the
        2003 census; or an exhausted search).
    SearchLimitError
        The budget or the timeout ran out first.
    InvalidInputError
        The board is not a whole flat rectangle for the knight, diagonal=True on a board that
        is not square, or a value that names no board or square.
    InvalidTypeError
        A value of the wrong type (such as ``seed=1.5``), or a misspelt keyword.

    See Also
    --------
    magic_tours : Every magic tour, lazily.
    count_magic : The number of magic tours, in pieces.

    Examples
    --------
    >>> import knight
    >>> tour = knight.magic(8, seed=1, max_nodes=2_000_000_000)  # doctest: +SKIP
    >>> tour.magic_kind  # doctest: +SKIP
    'semimagic'
    >>> beverley = knight.Tour.from_line(  # Beverley's semimagic tour of 1848
    ...     "1 11 26 20 5 15 32 22 37 47 64 54 60 50 35 41 51 57 42 36 53 63 48 38 21 31 16 6 12 2 17 27 "
    ...     "33 43 58 52 62 56 39 45 30 24 7 13 28 18 3 9 19 25 10 4 14 8 23 29 46 40 55 61 44 34 49 59"
    ... )
    >>> puzzle = knight.Board(8, givens={square: number for number, square in enumerate(beverley[:36], 1)})
    >>> tour = knight.magic(puzzle)  # numbers 1 to 36 given: completed
    >>> tour.magic_kind, tour.line() == beverley.line()
    ('semimagic', True)
    >>> knight.magic((4, 6))
    Traceback (most recent call last):
    ...
    knight.NoTourError: no semimagic knight's tour on 4×6: the search went through every start and end (up to symmetry)
    >>> knight.magic(6)
    Traceback (most recent call last):
    ...
    knight.NoTourError: no semimagic knight's tour on 6×6: ... 2 more than a multiple of 4 ...
    """
    ask = _Magic(size, start, closed, diagonal, nested, max_nodes, timeout, "magic")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidTypeError(f"seed must be an int or None, not {_shown(seed)}")
    reason = ask.refuted()
    if reason:
        raise NoTourError(f"{ask.words()}: {reason}")
    question = ask.question
    import random  # here, not at import knight (start-up: tests/test_startup.py)

    rng = random.Random(seed)
    if ask.by_quartes():
        return _quartes(ask, rng)
    pairs = [(first, last) for first in ask.starts() for last in ask.ends(first)]
    # All restarts of a round but one search the half-turn subspace while it has starts left (a
    # search order: its trees are smaller, and a start exhausted there stays in the whole tree's pairs)
    mirrored = ask.mirror_starts()
    cells = ask.rows * ask.cols
    spent = restart = 0
    runs = [0, 0]  # restarts of each kind (the whole tree, the subspace), for Luby's budgets
    while pairs:
        restart += 1
        mirror = bool(mirrored) and restart % SUBSPACE_ROUND != 0
        runs[mirror] += 1
        unit = SUBSPACE_RESTART_NODES if mirror else RESTART_NODES
        budget = min(unit * _luby(runs[mirror]), question.budget - spent)
        keys = [rng.getrandbits(48) for _ in range(cells)]
        first, last = (rng.choice(mirrored), None) if mirror else rng.choice(pairs)
        ends = [] if last is None else [last]
        found = ask.run([first], ends, mirror, order_key=keys, max_nodes=budget, deadline=question.deadline)
        spent += found.nodes
        if found.status == FOUND:
            return ask.tour(found.tours[0])
        if found.status == EXHAUSTED:
            if last is None:
                mirrored.remove(first)
            else:
                pairs.remove((first, last))
        elif question.expired():
            raise question.timed_out(f"{spent:,} search nodes in {restart} restarts")
        elif spent >= question.budget:
            raise SearchLimitError(
                f"no {ask.kind} tour of {ask.board.name} found within max_nodes={question.budget:,} search nodes "
                f"({restart} restarts); pass a larger max_nodes"
            )
    raise NoTourError(f"{ask.words()}: the search went through every start and end (up to symmetry)")


def _quartes(ask: _Magic, rng: "random.Random") -> Tour:
    """knight.magic's semimagic tour of a 4k×4k board (k ≥ 3) from quartes, in restarts of
    QUARTE_RESTART_NODES nodes each with a new random order, until the budget or the deadline."""
    question = ask.question
    spent = restarts = 0
    while spent < question.budget:
        restarts += 1
        budget = min(QUARTE_RESTART_NODES, question.budget - spent)
        found = quarte_tour(ask.rows // 4, rng.getrandbits(64), budget, question.deadline)
        spent += found.nodes
        if found.cells is not None:
            return ask.tour(found.cells)
        if found.timed_out or question.expired():
            raise question.timed_out(f"{spent:,} search nodes in {restarts} restarts of the quarte construction")
    raise SearchLimitError(
        f"no {ask.kind} tour of {ask.board.name} found within max_nodes={question.budget:,} search nodes "
        f"({restarts} restarts of the quarte construction); pass a larger max_nodes"
    )


class MagicCount:
    """What knight.count_magic found: its tours and their symmetry classes, and the work done.

    Tours are numberings (a tour and its reverse are two, as the 2003 census counts them),
    symmetry classes are under the board's symmetries and the reversal, each split into
    closed and open; how many were diagonally magic; the pieces done, of how many; the search
    nodes and CPU seconds the pieces took (as recorded in their files), and the CPU seconds
    projected for all the pieces at the rate of those done. found holds the tours of the
    chosen starts when count_magic was asked to keep them.

    Attributes
    ----------
    tours : int
        The magic tours (numberings).
    closed_tours : int
        Those of them that are closed.
    classes : int
        Their symmetry classes.
    closed_classes : int
        The classes of the closed tours.
    diagonal_tours : int
        The tours that are diagonally magic too.
    pieces_done : int
        The pieces counted (run, or read from the results folder).
    pieces : int
        The pieces the count is split into.
    nodes : int
        The search nodes the pieces done took.
    cpu_seconds : float
        The CPU seconds the pieces done took.
    found : list[Tour]
        The tours of the chosen starts, with count_magic's keep=True; else [].

    Examples
    --------
    >>> import knight
    >>> knight.count_magic((4, 6))  # doctest: +ELLIPSIS
    MagicCount(tours=0, closed_tours=0, classes=0, closed_classes=0, diagonal_tours=0, pieces_done=121, pieces=121, ...)
    """

    __slots__ = (
        "tours",
        "closed_tours",
        "classes",
        "closed_classes",
        "diagonal_tours",
        "pieces_done",
        "pieces",
        "nodes",
        "cpu_seconds",
        "found",
    )
    tours: int
    closed_tours: int
    classes: int
    closed_classes: int
    diagonal_tours: int
    pieces_done: int
    pieces: int
    nodes: int
    cpu_seconds: float
    found: list[Tour]

    def __init__(self) -> None:
        self.tours = self.closed_tours = self.classes = self.closed_classes = self.diagonal_tours = 0
        self.pieces_done = self.pieces = self.nodes = 0
        self.cpu_seconds = 0.0
        self.found = []

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__[:-1])
        return f"MagicCount({shown})"

    @property
    def open_tours(self) -> int:
        """The tours that are open: tours - closed_tours.

        Examples
        --------
        >>> count = knight.MagicCount()
        >>> count.tours, count.closed_tours = 2240, 1008  # 8×8, by the 2003 census
        >>> count.open_tours
        1232
        """
        return self.tours - self.closed_tours

    @property
    def open_classes(self) -> int:
        """The symmetry classes of the open tours: classes - closed_classes.

        Examples
        --------
        >>> count = knight.MagicCount()
        >>> count.classes, count.closed_classes = 140, 63  # 8×8, by the 2003 census
        >>> count.open_classes
        77
        """
        return self.classes - self.closed_classes

    @property
    def complete(self) -> bool:
        """Whether every piece was done: the counts are the board's, not a sample's.

        Examples
        --------
        >>> knight.count_magic((4, 6)).complete
        True
        >>> knight.count_magic((4, 6), pieces=range(10)).complete
        False
        """
        return self.pieces_done == self.pieces

    @property
    def projected_cpu_seconds(self) -> float:
        """The CPU seconds all the pieces would take at the mean rate of those done (0.0 before any).

        Examples
        --------
        >>> count = knight.MagicCount()
        >>> count.pieces, count.pieces_done, count.cpu_seconds = 136, 34, 90_000.0
        >>> count.projected_cpu_seconds
        360000.0
        """
        return self.cpu_seconds * self.pieces / self.pieces_done if self.pieces_done else 0.0


def _paths(rows: int, cols: int, start: int, depth: int, avoid: int) -> list[tuple[int, ...]]:
    """Every knight's path of depth moves from start (cells) that does not enter avoid, in move order."""
    paths: list[tuple[int, ...]] = [(start,)]
    for _ in range(depth):
        paths = [
            path + (cell,)
            for path in paths
            for cell in _leaps(rows, cols, path[-1])
            if cell not in path and cell != avoid
        ]
    return paths


def _plan(ask: _Magic, depth: int) -> list[tuple[tuple[int, ...], int, int]]:
    """The pieces: (the cells of the first moves, the end's cell, the piece's weight).

    Without a fixed start or givens, a tour from start to end stands for its images under the
    board's symmetries and the reversal (a tour from end to start), whose (start, end) pairs make
    its pair's orbit: one pair of each orbit is searched, the least whose start is the least cell
    of its class (weight: the orbit's size). So the starts are one cell of each class, the ends
    of an earlier class are left to that class's start, and where a symmetry keeps the start (on
    a square board, the reflection in the diagonal through it) one of the ends it swaps is
    searched."""
    fixed = ask.question.start is not None or bool(ask.fixed)
    starts = ask.starts() if fixed else sorted(_orbits(ask.rows, ask.cols))
    symmetries = rectangle_symmetries(ask.rows, ask.cols)
    pieces: list[tuple[tuple[int, ...], int, int]] = []
    for start in starts:
        for end in ask.ends(start):
            weight = 1
            if not fixed:
                orbit = {pair for g in symmetries for pair in ((g[start], g[end]), (g[end], g[start]))}
                if min(pair for pair in orbit if pair[0] in starts) != (start, end):
                    continue
                weight = len(orbit)
            for path in _paths(ask.rows, ask.cols, start, depth, end):
                numbered = all(ask.fixed.get(cell, number) == number for number, cell in enumerate(path, 1))
                if numbered and all(
                    path[number - 1] == cell for cell, number in ask.fixed.items() if number <= len(path)
                ):
                    pieces.append((path, end, weight))
    return pieces


def _canonical(rows: int, cols: int, cells: Sequence[int]) -> tuple[int, ...]:
    """The least image of the tour (cells in order) under the board's symmetries and the reversal."""
    best = None
    for symmetry in rectangle_symmetries(rows, cols):
        image = tuple(symmetry[cell] for cell in cells)
        for candidate in (image, image[::-1]):
            if best is None or candidate < best:
                best = candidate
    assert best is not None
    return best


class _PieceResult(TypedDict):
    """What a piece's run found (_piece_job), as its file keeps it beside the question's signature."""

    status: int
    count: int
    nodes: int
    cpu_seconds: float
    tours: list[list[int]]


#: _piece_job's arguments: rows, cols, head, tail, lines, given, max_nodes, until, keep.
_PieceArguments = Tuple[int, int, Sequence[int], Sequence[int], List[List[int]], Dict[int, int], int, float, int]


def _piece_job(
    rows: int,
    cols: int,
    head: Sequence[int],
    tail: Sequence[int],
    lines: list[list[int]],
    given: dict[int, int],
    max_nodes: int,
    until: float,
    keep: int,
) -> _PieceResult:
    """Run one piece (on a worker): the kernel from head and tail to the end of its tree; what it found."""
    deadline = NEVER if until == NEVER else time.monotonic() + (until - time.time())
    began = time.process_time()
    found = magic_search(
        rows,
        cols,
        head,
        tail,
        lines=lines,
        given=given,
        count_all=True,
        keep=keep,
        max_nodes=max_nodes,
        deadline=deadline,
    )
    return {
        "status": found.status,
        "count": found.total,
        "nodes": found.nodes,
        "cpu_seconds": round(time.process_time() - began, 3),
        "tours": found.tours,
    }


def _piece_name(ask: _Magic, path: Sequence[int], end: int) -> str:
    kind = ("diagonal" if ask.diagonal else "nested" if ask.nested else "semimagic") + ("-closed" if ask.closed else "")
    moves = "-".join(ask.board.square_name(cell + 1) for cell in path)
    return f"{ask.rows}x{ask.cols}-{kind}-{moves}-to-{ask.board.square_name(end + 1)}.json"


def _read_piece(path: str, signature: Mapping[str, object]) -> Optional[dict[str, Any]]:  # a JSON object
    """The result saved at path, or None when there is none (a file of another question is an error)."""
    import json  # here, not at the top: import knight stays quick

    try:
        with open(path, encoding="utf-8") as file:
            saved: object = json.load(file)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise InvalidInputError(f"piece file {path!r} cannot be read: {error}") from None
    if not isinstance(saved, dict):
        raise InvalidInputError(f"{path!r} is not a knight magic piece file")
    piece = cast("dict[str, Any]", saved)  # a JSON object, checked just now
    if piece.get("format") != PIECE_FORMAT:
        raise InvalidInputError(f"{path!r} is not a knight magic piece file")
    if any(piece.get(key) != value for key, value in signature.items()):
        raise InvalidInputError(f"piece file {path!r} is for another question")
    return piece


def _write_piece(path: str, saved: dict[str, Any]) -> None:
    import json  # here, not at the top: import knight stays quick

    part = f"{path}.part"
    with open(part, "w", encoding="utf-8") as file:
        json.dump(saved, file, separators=(",", ":"))
    os.replace(part, path)


@checked_keywords
def magic_tours(
    size: Size = 8,
    *,
    closed: bool = False,
    diagonal: bool = False,
    nested: bool = False,
    start: Optional[Square] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Iterator[Tour]:
    """Every magic knight's tour of the board, lazily.

    Tours come piece by piece (a start, then every path of the first moves), in a fixed
    order; each piece's tours are found before the first of them is yielded. Without a start
    (and givens) every square is a start. A board with no magic tour by a theorem yields none.

    Parameters
    ----------
    size : Size, default 8
        The board: n for n×n, ``(rows, cols)``, text such as ``"8x12"``, or a `knight.Board`:
        a whole rectangle. A Board with given moves (``Board(8, givens={square: number})``)
        asks for a magic tour through them (completing a partly numbered one).
    closed : bool, default False
        Ask for a closed tour: its last square is a move from the first.
    diagonal : bool, default False
        The two long diagonals must add up too (a square board).
    nested : bool, default False
        Each of the four quadrants must be semimagic too.
    start : Square or None, default None
        The square of number 1 (its number, ``(row, col)`` or name); None: any square.
    max_nodes : int or None, default None
        At most this many search nodes for the whole listing (None: 10,000,000,000).
    timeout : float or None, default None
        At most this many seconds (None: no limit).

    Returns
    -------
    Iterator[Tour]
        The magic tours, each once (a tour and its reverse are two).

    Raises
    ------
    SearchLimitError
        While iterating: max_nodes or timeout ran out.
    InvalidInputError
        The board is not a whole flat rectangle for the knight, diagonal=True on a board that
        is not square, or a value that names no board or square.
    InvalidTypeError
        A value of the wrong type, or a misspelt keyword.

    See Also
    --------
    magic : One magic tour.
    count_magic : The number of magic tours, in pieces.

    Examples
    --------
    >>> import knight
    >>> beverley = knight.Tour.from_line(  # Beverley's semimagic tour of 1848
    ...     "1 11 26 20 5 15 32 22 37 47 64 54 60 50 35 41 51 57 42 36 53 63 48 38 21 31 16 6 12 2 17 27 "
    ...     "33 43 58 52 62 56 39 45 30 24 7 13 28 18 3 9 19 25 10 4 14 8 23 29 46 40 55 61 44 34 49 59"
    ... )
    >>> puzzle = knight.Board(8, givens={square: number for number, square in enumerate(beverley[:36], 1)})
    >>> [tour.line() == beverley.line() for tour in knight.magic_tours(puzzle)]  # the only completion
    [True]
    >>> list(knight.magic_tours((4, 6)))
    []
    """
    ask = _Magic(size, start, closed, diagonal, nested, max_nodes, timeout, "magic_tours")
    return _listing(ask)


def _listing(ask: _Magic) -> Iterator[Tour]:
    if ask.refuted():
        return
    question = ask.question
    starts = ask.starts() if ask.question.start is not None or ask.fixed else range(ask.rows * ask.cols)
    spent = 0
    for first in starts:
        for last in ask.ends(first):
            found = ask.run(
                [first],
                [last],
                count_all=True,
                keep=2**62,
                max_nodes=question.budget - spent,
                deadline=question.deadline,
            )
            spent += found.nodes
            if found.status == LIMIT:
                if question.expired():
                    raise question.timed_out(f"{spent:,} search nodes")
                raise SearchLimitError(
                    f"listing the {ask.kind} tours of {ask.board.name} needs more than max_nodes={question.budget:,} search nodes"
                )
            for cells in found.tours:
                yield ask.tour(cells)


@checked_keywords
def count_magic(
    size: Size = 8,
    *,
    closed: bool = False,
    diagonal: bool = False,
    nested: bool = False,
    start: Optional[Square] = None,
    executor: Optional[Executor] = None,
    results: Optional[StrPath] = None,
    depth: int = DEPTH,
    pieces: Optional[Iterable[int]] = None,
    keep: bool = False,
    progress: bool = False,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> MagicCount:
    """Count the magic knight's tours of the board and their symmetry classes, in pieces.

    The arguments closed, diagonal, nested, start and a Board's givens ask what knight.magic
    asks (closed=True counts the closed tours only; otherwise all, split into open and
    closed). The work is split into pieces: a start from each class of squares under the
    board's symmetries, an end of each (start, end) pair's orbit under the symmetries and the
    reversal, then every path of depth more moves.

    Parameters
    ----------
    size : Size, default 8
        The board: n for n×n, ``(rows, cols)``, text such as ``"8x12"``, or a `knight.Board`:
        a whole rectangle. A Board with given moves (``Board(8, givens={square: number})``)
        asks for a magic tour through them (completing a partly numbered one).
    closed : bool, default False
        Count the closed tours only (otherwise all, split into open and closed).
    diagonal : bool, default False
        The two long diagonals must add up too (a square board).
    nested : bool, default False
        Each of the four quadrants must be semimagic too.
    start : Square or None, default None
        The square of number 1 (its number, ``(row, col)`` or name); None: any square.
    executor : Executor or None, default None
        Run the pieces on any `concurrent.futures.Executor` or a Dask ``distributed.Client``.
        None: here.
    results : str, os.PathLike or None, default None
        A folder where each piece's result is written as a small JSON file as soon as it is
        done; a piece whose file exists is read, not run again: a count killed, or shared by
        many machines over one folder, resumes where it stopped. None: no files.
    depth : int, default 1
        The moves after the start that, with the end, make a piece.
    pieces : Iterable[int] or None, default None
        Indices into the list of pieces: runs those only, a sample (the answer's
        ``complete`` is then False). None: every piece.
    keep : bool, default False
        Keep the tours of the chosen starts in the answer's ``found``.
    progress : bool, default False
        Print a line on stderr per piece, with the time left at the rate so far.
    max_nodes : int or None, default None
        At most this many search nodes a piece (None: 10,000,000,000).
    timeout : float or None, default None
        At most this many seconds for the whole count (None: no limit).

    Returns
    -------
    MagicCount
        The tours and symmetry classes, open and closed, and the pieces done (all zero when
        a theorem proves there is none).

    Raises
    ------
    SearchLimitError
        A piece ran out of max_nodes, or the count out of timeout (the pieces done are saved).
    InvalidInputError
        A value that names no board or square, a depth or piece index out of range, or a
        results file that is not a piece of this question.
    InvalidTypeError
        A value of the wrong type, or a misspelt keyword.
    WorkerError
        The executor or one of its workers failed, or was lost.

    See Also
    --------
    magic_tours : Every magic tour, lazily.

    Examples
    --------
    >>> import knight
    >>> knight.count_magic((4, 8)).tours  # Murray found none on 4×8
    0
    >>> beverley = knight.Tour.from_line(  # Beverley's semimagic tour of 1848
    ...     "1 11 26 20 5 15 32 22 37 47 64 54 60 50 35 41 51 57 42 36 53 63 48 38 21 31 16 6 12 2 17 27 "
    ...     "33 43 58 52 62 56 39 45 30 24 7 13 28 18 3 9 19 25 10 4 14 8 23 29 46 40 55 61 44 34 49 59"
    ... )
    >>> puzzle = knight.Board(8, givens={square: number for number, square in enumerate(beverley[:36], 1)})
    >>> count = knight.count_magic(puzzle)  # numbers 1 to 36 given
    >>> count.tours, count.classes, count.open_tours, count.complete
    (1, 1, 1, True)
    >>> sample = knight.count_magic((4, 8), pieces=range(10))
    >>> sample.pieces_done, sample.pieces, sample.complete
    (10, 230, False)
    >>> from concurrent.futures import ProcessPoolExecutor
    >>> with ProcessPoolExecutor() as pool:  # doctest: +SKIP
    ...     census = knight.count_magic(8, executor=pool, results="magic-8x8/")  # the 2003 census: long
    >>> census.tours, census.classes, census.closed_classes  # doctest: +SKIP
    (2240, 140, 63)
    """
    ask = _Magic(size, start, closed, diagonal, nested, max_nodes, timeout, "count_magic")
    depth = integer(depth, "depth")
    if not 0 <= depth < ask.rows * ask.cols:
        raise InvalidInputError(f"depth must be from 0 to {ask.rows * ask.cols - 1}, not {depth}")
    if results is not None and not isinstance(results, (str, os.PathLike)):
        raise InvalidTypeError(f"results must be a folder's path, not {_shown(results)}")
    progress, keep = boolean(progress, "progress"), boolean(keep, "keep")
    answer = MagicCount()
    if ask.refuted():
        return answer
    plan = _plan(ask, depth)
    chosen = range(len(plan)) if pieces is None else _chosen(pieces, len(plan))
    answer.pieces = len(plan)
    folder = None if results is None else os.fspath(results)
    if folder is not None:
        os.makedirs(folder, exist_ok=True)
    signature = {
        "format": PIECE_FORMAT,
        "board": ask.board.name,
        "kind": ask.kind,
        "closed": ask.closed,
        "givens": [list(pair) for pair in sorted(ask.board.givens.items())],
        "start": ask.question.start,
    }
    classes: dict[tuple[int, ...], bool] = {}
    question = ask.question
    lines = ask.lines()
    todo: list[int] = []
    for index in chosen:
        path, end, weight = plan[index]
        saved = None if folder is None else _read_piece(os.path.join(folder, _piece_name(ask, path, end)), signature)
        if saved is None:
            todo.append(index)
        else:
            _add(ask, answer, classes, saved, weight, keep)
    client = _dask_client(executor)
    if client is not None and executor is cast(object, client):  # a Client itself, not its executor
        executor = client.get_executor()
    run_on = None if executor is None else _CheckedExecutor(executor)
    began = time.monotonic()
    args = [
        (ask.rows, ask.cols, plan[i][0], [plan[i][1]], lines, ask.fixed, question.budget, question.until(), 2**31)
        for i in todo
    ]
    for done, (index, result) in enumerate(_results(run_on, todo, args), 1):
        path, end, weight = plan[index]
        if result["status"] == LIMIT:
            if question.expired():
                raise question.timed_out(f"{answer.pieces_done:,} pieces of {len(plan):,}")
            raise SearchLimitError(
                f"piece {index} ({'-'.join(ask.board.square_name(c + 1) for c in path)}) needs more than "
                f"max_nodes={question.budget:,} search nodes"
            )
        squares = [ask.board.square_name(cell + 1) for cell in path]
        saved = dict(signature, piece=squares, end=ask.board.square_name(end + 1), index=index, **result)
        if folder is not None:
            _write_piece(os.path.join(folder, _piece_name(ask, path, end)), saved)
        _add(ask, answer, classes, saved, weight, keep)
        if progress:
            elapsed = time.monotonic() - began
            left = elapsed / done * (len(todo) - done)
            print(
                f"knight count_magic: {done}/{len(todo)} pieces, {answer.tours:,} tours, about {left:.0f} s left",
                file=sys.stderr,
                flush=True,
            )
    answer.classes = len(classes)
    answer.closed_classes = sum(classes.values())
    return answer


def _chosen(pieces: Iterable[int], total: int) -> list[int]:
    if isinstance(pieces, (str, bytes)) or not isinstance(pieces, Iterable):
        raise InvalidTypeError(f"pieces must be indices of pieces, not {_shown(pieces)}")
    chosen: list[int] = []
    for index in pieces:
        if type(index) is not int or not 0 <= index < total:
            raise InvalidInputError(f"piece {_shown(index)} is not one of the {total} pieces (0 to {total - 1})")
        chosen.append(index)
    return sorted(set(chosen))


def _results(
    executor: Optional[_CheckedExecutor], todo: list[int], args: Sequence[_PieceArguments]
) -> Iterator[tuple[int, _PieceResult]]:
    """(index, result) of each piece, as they finish."""
    if executor is None:
        for index, arguments in zip(todo, args):
            yield index, _piece_job(*arguments)
        return
    from concurrent.futures import as_completed  # here, not at import knight

    name = type(executor.wrapped).__name__
    futures = {executor.submit(_piece_job, *arguments): index for index, arguments in zip(todo, args)}
    try:
        for future in as_completed(futures):
            try:
                result = future.result()
            except (KeyboardInterrupt, SearchLimitError):
                raise
            except Exception as error:
                raise WorkerError(f"{name} failed on a magic piece: {error}") from error
            yield futures[future], result
    finally:
        for future in futures:
            future.cancel()


def _add(
    ask: _Magic,
    answer: MagicCount,
    classes: dict[tuple[int, ...], bool],
    saved: Mapping[str, Any],
    weight: int,
    keep: bool,
) -> None:
    """Add one piece's saved result to the answer."""
    answer.pieces_done += 1
    answer.nodes += saved["nodes"]
    answer.cpu_seconds += saved["cpu_seconds"]
    for cells in saved["tours"]:
        squares = [cell + 1 for cell in cells]
        is_closed = ask.tour(cells).is_closed
        answer.tours += weight
        answer.closed_tours += weight if is_closed else 0
        if ask.rows == ask.cols and adds_up(ask.rows, ask.cols, squares, diagonal=True):
            answer.diagonal_tours += weight
        classes[_canonical(ask.rows, ask.cols, cells)] = is_closed
        if keep:
            answer.found.append(ask.tour(cells))
