"""knight.tour() and knight.exists(): parse the question, rule out impossible ones, run a method."""

from __future__ import annotations

import operator
import re
import time

from .. import _impl
from .._board import KNIGHT, KNIGHT_MOVES, Board, _shown, as_board, boolean, rectangle
from .._deadline import deadline, expired, timed_out
from .._errors import InvalidInputError, InvalidTypeError, NoTourError, SearchLimitError
from .._existence import board_reason, start_reason
from .._status import EXHAUSTED, FOUND
from .._tour import Tour
from ._methods import METHODS, auto, choose, construct

#: Squares placed before a search gives up, when max_nodes is not given.
DEFAULT_MAX_NODES = 20_000_000

#: Largest board the search takes (about 100 bytes a square while it runs).
SEARCH_MAX_SQUARES = 10_000_000

_SQUARE_NAME = re.compile(r"\s*[a-zA-Z]+[0-9]+\s*")

#: n -> the n×n knight's board, for the common call knight.tour(n, ...).
_SQUARE_BOARDS: dict[int, Board] = {}


def node_budget(max_nodes: object) -> int:
    """The node budget for max_nodes: the default for None, else a positive integer."""
    if max_nodes is None:
        return DEFAULT_MAX_NODES
    if isinstance(max_nodes, bool):
        raise InvalidTypeError(f"max_nodes must be an integer, not {max_nodes!r}")
    try:
        budget = operator.index(max_nodes)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidTypeError(f"max_nodes must be an integer, not {_shown(max_nodes)}") from None
    if budget < 1:
        raise InvalidInputError(f"max_nodes must be at least 1, not {_shown(budget)}")
    return min(budget, 2**62)


def question_board(size: object, moves: object, call: str) -> Board:
    """The board of a call such as knight.tour(size, ...), with a hint for the old argument order."""
    if type(size) is int and moves is KNIGHT:
        board = _SQUARE_BOARDS.get(size)
        if board is not None:
            return board
        if 0 < size <= 46340:
            board = _SQUARE_BOARDS[size] = rectangle(size, size)
            return board
    if isinstance(size, str) and len(size) <= 40 and _SQUARE_NAME.fullmatch(size):
        raise InvalidInputError(
            f"size {size!r} looks like a square: the board comes first, as in knight.{call}(8, start={size.strip()!r})"
        )
    return as_board(size, moves)


def start_square(board: Board, start: object, call: str, what: str = "start") -> int:
    """The number of the square start names on board; None means the board's first square."""
    if start is None:
        return board.first
    if type(start) is int and board.mask is None and 0 < start <= len(board):
        return start
    try:
        return board.square(start, what)
    except InvalidInputError as error:
        size = board.rows
        if board.is_rectangle and board.rows == board.cols and type(start) is int and len(board) < start <= 46340:
            raise InvalidInputError(
                f"{error} (the board comes first: knight.{call}({start}, start={size}) is a {start}×{start} board)"
            ) from None
        raise


def refuse_end(end: object) -> None:
    """end= is part of the signature; fixed ends are not searched for yet."""
    if end is not None:
        raise InvalidInputError(f"end={_shown(end)}: tours with a fixed end are not supported yet; leave end=None")


def refuse_givens(board: Board) -> None:
    """A board with given moves is a puzzle: a tour that ignored them would answer another question."""
    if board.givens:
        raise InvalidInputError(
            f"{board.name} has {len(board.givens)} given move numbers: completing puzzles is not supported yet"
        )


def _method(method: object):
    run = METHODS.get(method) if type(method) is str else None
    if run is None:
        error = InvalidInputError if isinstance(method, str) else InvalidTypeError
        raise error(f"method {_shown(method)} is not one of {', '.join(METHODS)}")
    return run


def tour(
    size: object = 8,
    start: object = None,
    *,
    end: object = None,
    closed: bool = False,
    method: str = "auto",
    moves: object = KNIGHT,
    max_nodes: int | None = None,
    seed: int | None = None,
    timeout: float | None = None,
) -> Tour:
    """Find a knight's (or another leaper's) tour of the board from start.

    size is n for n×n, (rows, cols), text such as "6x7", or a knight.Board (any shape,
    holes included, and its own leaper). start is a square number (1 is the top-left
    corner, row 0 col 0), a 0-based (row, col) pair or an algebraic name ("a1" is the
    bottom-left corner); None means the board's first square. closed=True asks for a
    tour whose last square is a move from the first. method names the strategy (a key
    of knight.METHODS): "auto" (the default) joins solved blocks in linear time where
    that construction applies (knight's tours of whole rectangles, both sides at least
    5, one at least 12, but for both sides odd up to 21; three wide from 15 and four
    wide from 10) and backtracks elsewhere, whichever is faster; "uniform" draws one of
    all the tours, each equally likely. moves=(a, b) makes the piece an (a, b)-leaper;
    seed makes method="random" and "uniform" reproducible. end= (a fixed last square) is
    not supported yet. timeout= bounds the time in seconds, as max_nodes= bounds the work.

    Raises NoTourError when no tour exists (by a theorem or an exhaustive search),
    SearchLimitError when max_nodes squares were placed, or timeout seconds passed,
    without an answer.
    """
    if method == "auto" and closed is False and moves is KNIGHT and max_nodes is None:
        if end is None and seed is None and timeout is None:  # the commonest call, answered in the core
            found = _impl.core.quick_tour(size, start)
            if found is not None:
                return found
    started, when = time.monotonic(), deadline(timeout)
    board = question_board(size, moves, "tour")
    number = start_square(board, start, "tour")
    refuse_end(end)
    refuse_givens(board)
    closed = boolean(closed, "closed")
    budget = DEFAULT_MAX_NODES if max_nodes is None else node_budget(max_nodes)
    run = _method(method)
    if seed is not None and type(seed) is not int:
        raise InvalidTypeError(f"seed must be an integer or None, not {_shown(seed)}")
    return _search(board, number, closed, method, run, budget, seed, started, when)


def _search(board: Board, number: int, closed: bool, method: object, run, budget: int, seed, started: float, when: float) -> Tour:
    """The tour knight.tour() asks for, its arguments checked: theorems first, then the method
    run until the deadline when (the call began at started)."""
    rows, cols = board.size
    if board.is_rectangle and board.steps is KNIGHT_MOVES:  # the theorems are about the knight
        reason = start_reason(rows, cols, number, closed)
        if reason:
            raise NoTourError(reason)
    if run is auto:
        run = choose(board)
    n = len(board)
    if n > SEARCH_MAX_SQUARES and run is not construct:
        raise InvalidInputError(
            f"{board.name} has {n:,} squares, more than the {SEARCH_MAX_SQUARES:,} the search takes"
        )
    status, nodes, squares = run(board, number - 1, closed, budget, seed, when)
    if status == FOUND:
        return Tour._trusted(squares, board)
    kind = "closed" if closed else "open"
    where = f"from {board.square_name(number)} on {board.name}"
    if status == EXHAUSTED:
        raise NoTourError(f"no {kind} tour {where}: an exhaustive search found none")
    if expired(when):
        article = "an" if kind == "open" else "a"
        raise timed_out(started, f"{nodes:,} search nodes looking for {article} {kind} tour {where} by method {method!r}")
    raise SearchLimitError(f"no {kind} tour {where} found by method {method!r} within max_nodes={budget:,} search nodes")


def no_tour_reason(
    size: object = 8,
    start: object = None,
    *,
    end: object = None,
    closed: bool = False,
    moves: object = KNIGHT,
    max_nodes: int | None = None,
    timeout: float | None = None,
) -> str | None:
    """Why the board has no tour of the kind asked (from start, when given), or None.

    Whole rectangles for the knight are answered by theorem where one applies; other
    questions by searching, which raises SearchLimitError if max_nodes runs out or
    timeout seconds pass.
    """
    started, when = time.monotonic(), deadline(timeout)
    board = question_board(size, moves, "exists")
    number = None if start is None else start_square(board, start, "exists")
    refuse_end(end)
    refuse_givens(board)
    closed = boolean(closed, "closed")
    if board.is_rectangle and board.steps is KNIGHT_MOVES and (number is None or closed):
        return board_reason(board.rows, board.cols, closed)
    budget = node_budget(max_nodes)
    if closed or number is not None:
        try:
            _search(board, board.first if number is None else number, closed, "auto", auto, budget, None, started, when)
        except NoTourError as error:
            return str(error)
        return None
    return _open_reason(board, budget, started, when)


def _open_reason(board: Board, budget: int, started: float, when: float) -> str | None:
    """Whether an open tour starts anywhere on board: None as soon as one does, else why not.

    Each start is searched in turn; only when every one is proved empty is the answer no.
    """
    limited = None
    for number in board:
        try:
            _search(board, number, False, "auto", auto, budget, None, started, when)
        except NoTourError:
            continue
        except SearchLimitError as error:
            if expired(when):
                raise
            limited = error
            continue
        return None
    if limited is not None:
        raise SearchLimitError(f"whether {board.name} has an open tour is undecided: {limited}")
    return f"no open tour on {board.name}: an exhaustive search from every square found none"


def exists(
    size: object = 8,
    start: object = None,
    *,
    end: object = None,
    closed: bool = False,
    moves: object = KNIGHT,
    max_nodes: int | None = None,
    timeout: float | None = None,
) -> bool:
    """Whether the board has a tour (closed, when asked; from start, when given).

    Whole rectangles for the knight, closed tours (which can start anywhere) and the
    starts the rules of _existence exclude are answered from theorems, without
    searching; any other question by finding a tour or exhausting the search, which
    raises SearchLimitError if max_nodes (default DEFAULT_MAX_NODES) runs out, or
    timeout seconds pass, first.
    """
    return no_tour_reason(size, start, end=end, closed=closed, moves=moves, max_nodes=max_nodes, timeout=timeout) is None
