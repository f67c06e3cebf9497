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
from ._methods import METHODS, auto, backtrack, choose, construct
from ._refute import rectangle_ends, refutation
from ._solve import complete

#: Squares placed before a search gives up, when max_nodes is not given.
DEFAULT_MAX_NODES = 20_000_000

#: Boards up to this many squares get an exhaustive search of PROOF_NODES nodes before a
#: method that cannot prove a no (see _small_proof).
PROOF_MAX_SQUARES = 1024
PROOF_NODES = 20_000

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


def fixed_moves(board: Board, start: int | None, end: int | None) -> dict[int, int]:
    """The moves a question fixes: the board's givens, start as move 1, end as the last move."""
    fixed = {move: square for square, move in board.givens.items()}
    for move, square, what in ((1, start, "start"), (len(board), end, "end")):
        if square is None:
            continue
        held = board.givens.get(square)
        if fixed.get(move, square) != square or held not in (None, move):
            given = (
                f"move {held} is given on it"
                if held not in (None, move)
                else f"move {move} is given on {board.square_name(fixed[move])}"
            )
            raise InvalidInputError(f"{what} {board.square_name(square)} contradicts the puzzle: {given}")
        fixed[move] = square
    if start is not None and start == end and len(board) > 1:
        raise InvalidInputError(f"start and end are both {board.square_name(start)}: a tour visits each square once")
    return fixed


def _question(board: Board, start: int | None, end: int | None, closed: bool) -> str:
    """The question in words, as an error begins: "no open tour from a1 to h8 on 8×8"."""
    kind = "closed" if closed else "open"
    where = "" if start is None else f" from {board.square_name(start)}"
    where += "" if end is None else f" to {board.square_name(end)}"
    if board.givens:
        return f"no {kind} tour completes the puzzle{where} on {board.name}"
    return f"no {kind} tour{where} on {board.name}"


def refute(board: Board, start: int | None, closed: bool) -> str | None:
    """Why no tour of the kind asked (from start, when given) exists, by theorem or fast
    refutation, without searching; None when neither proves it."""
    if board.is_rectangle and board.steps is KNIGHT_MOVES:
        if start is None:
            return board_reason(board.rows, board.cols, closed)
        return start_reason(board.rows, board.cols, start, closed)
    why = refutation(board, closed, {} if start is None or closed else {1: start})
    return why and f"{_question(board, None if closed else start, None, closed)}: {why}"


def _fixed_tour(
    board: Board, start: int | None, end: int | None, closed: bool, method: object, budget: int, when: float
) -> Tour:
    """The open tour with fixed moves (an end, a puzzle's givens): the puzzle search of _solve."""
    if closed:
        what = "an end" if end is not None else "given moves"
        raise InvalidInputError(
            f"closed=True with {what}: a closed tour's numbering can begin anywhere, so fixed move numbers ask for an open one; leave closed=False"
        )
    if method not in ("auto", "backtrack"):
        raise InvalidInputError(f"method {method!r} does not take an end or given moves; use 'auto' or 'backtrack'")
    fixed = fixed_moves(board, start, end)
    what = _question(board, start, end, False)
    if board.is_rectangle and board.steps is KNIGHT_MOVES:
        rows, cols = board.size
        reason = (
            (start and start_reason(rows, cols, start, False))
            or (end and start_reason(rows, cols, end, False))
            or (start and end and rectangle_ends(board, start, end))
        )
        if reason:
            raise NoTourError(f"{what}: {reason.split(': ', 1)[-1]}")
    return Tour._trusted(complete(board, fixed, budget, when, what), board)


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
    seed makes method="random" and "uniform" reproducible. end= fixes the last square of
    an open tour; a board carrying given moves (a puzzle, see knight.solve) is completed
    with them. Both go to the puzzle search ("auto" or "backtrack" only; start=None leaves
    the start free). timeout= bounds the time in seconds, as max_nodes= bounds the work.

    Fast refutations (knight.search._refute: pieces, colours, dead ends, cut squares,
    distances between fixed moves) and the theorems of _existence run first, for every
    method. Raises NoTourError when no tour exists (by a proof or an exhaustive search),
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
    constrained = end is not None or bool(board.givens)
    number = start_square(board, start, "tour") if start is not None or not constrained else None
    closed = boolean(closed, "closed")
    budget = DEFAULT_MAX_NODES if max_nodes is None else node_budget(max_nodes)
    run = _method(method)
    if seed is not None and type(seed) is not int:
        raise InvalidTypeError(f"seed must be an integer or None, not {_shown(seed)}")
    if constrained:
        last = None if end is None else start_square(board, end, "tour", "end")
        return _fixed_tour(board, number, last, closed, method, budget, when)
    assert number is not None  # a question without fixed moves always has its start
    return _search(board, number, closed, method, run, budget, seed, started, when)


def _search(
    board: Board, number: int, closed: bool, method: object, run, budget: int, seed, started: float, when: float
) -> Tour:
    """The tour knight.tour() asks for, its arguments checked: theorems and refutations
    first, then the method run until the deadline when (the call began at started)."""
    reason = refute(board, number, closed)
    if reason:
        raise NoTourError(reason)
    if run is auto:
        run = choose(board)
    if run not in (backtrack, construct) and (not board.is_rectangle or board.steps is not KNIGHT_MOVES):
        _small_proof(board, number, closed, when)
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
        raise _exhausted(board, number, closed)
    if expired(when):
        article = "an" if kind == "open" else "a"
        raise timed_out(
            started, f"{nodes:,} search nodes looking for {article} {kind} tour {where} by method {method!r}"
        )
    raise SearchLimitError(
        f"no {kind} tour {where} found by method {method!r} within max_nodes={budget:,} search nodes"
    )


def _small_proof(board: Board, start: int, closed: bool, when: float) -> None:
    """Before a method other than the compiled search (Warnsdorff's rule and random restarts,
    which cannot prove a no; the seeds' plain backtracking, which proves it slowly) on a
    board no theorem covers: the compiled search within a small budget, which settles
    small boards at once."""
    if len(board) > PROOF_MAX_SQUARES:
        return
    status, _, _ = backtrack(board, start - 1, closed, PROOF_NODES, None, when)
    if status == EXHAUSTED:
        raise _exhausted(board, start, closed)


def _exhausted(board: Board, start: int, closed: bool) -> NoTourError:
    """The answer when a complete search from start found no tour: a proof there is none."""
    kind = "closed" if closed else "open"
    return NoTourError(
        f"no {kind} tour from {board.square_name(start)} on {board.name}: an exhaustive search found none"
    )


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
    """Why the board has no tour of the kind asked (from start, to end, when given), or None.

    Whole rectangles for the knight are answered by theorem where one applies, other
    boards first by the fast refutations of _refute; what is left by searching, which
    raises SearchLimitError if max_nodes runs out or timeout seconds pass.
    """
    started, when = time.monotonic(), deadline(timeout)
    board = question_board(size, moves, "exists")
    number = None if start is None else start_square(board, start, "exists")
    closed = boolean(closed, "closed")
    budget = node_budget(max_nodes)
    try:
        if end is not None or board.givens:
            last = None if end is None else start_square(board, end, "exists", "end")
            _fixed_tour(board, number, last, closed, "auto", budget, when)
            return None
        reason = refute(board, number, closed)
        if reason or board.is_rectangle and board.steps is KNIGHT_MOVES and (number is None or closed):
            return reason
        if closed or number is not None:
            _search(board, board.first if number is None else number, closed, "auto", auto, budget, None, started, when)
            return None
    except NoTourError as error:
        return str(error)
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
    """Whether the board has a tour (closed, when asked; from start, to end, when given;
    through a puzzle's givens when the board carries them).

    Whole rectangles for the knight, closed tours (which can start anywhere) and the
    starts the rules of _existence exclude are answered from theorems, and impossible
    shapes and ends by the fast refutations of _refute, without searching; any other
    question by finding a tour or exhausting the search, which raises SearchLimitError
    if max_nodes (default DEFAULT_MAX_NODES) runs out, or timeout seconds pass, first.
    """
    return (
        no_tour_reason(size, start, end=end, closed=closed, moves=moves, max_nodes=max_nodes, timeout=timeout) is None
    )
