"""knight.tour(), knight.exists() and knight.solve(): ask the question, refute it or run a method.

Every call is read once into a model.Question, which the refutation module answers first
(model._refute: theorems and fast rules); what is left goes to a method (see _methods) or,
when moves other than the first are fixed, to the search engine's puzzle rounds. A start
left out (start=None) means any start: the board's first square when no rule refutes it,
else the other squares that no rule refutes, those of the more numerous colour first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator

from ._methods import METHODS, PROVING, Strategy, auto, choose, construct, refuse_late_setup
from .model._board import KNIGHT, Board, _shown, as_board, integer, rectangle
from .model._deadline import OutOfTime
from .model._errors import InvalidInputError, InvalidTypeError, NoTourError, SearchLimitError, checked_keywords
from .model._kernels import storage
from .model._memory import allocating
from .model._question import DEFAULT_MAX_NODES, SEARCH_MAX_SQUARES, Question
from .model._refute import GRAPH_MAX_SQUARES, refute
from .model._status import EXHAUSTED, FOUND, LIMIT
from .model._surfaces_theorems import closed_theorem
from .model._tour import Tour
from .model._types import Leaper, Method, Size, Square
from .search import _kernels as _search_kernels
from .search import backtrack, complete, search_bytes

if TYPE_CHECKING:
    from array import array

__all__ = ["DEFAULT_MAX_NODES", "exists", "method_for", "no_tour_reason", "solve", "tour"]

#: Boards up to this many squares get an exhaustive search of PROOF_NODES nodes before a
#: method that cannot prove a no (see _small_proof).
PROOF_MAX_SQUARES = 1024
PROOF_NODES = 20_000


#: n -> the n×n knight's board, for the boards quick_tour answers (at most its 7 sizes).
_QUICK_BOARDS: dict[int, Board] = {}
_adopt = storage.adopt


def _method(method: object) -> Strategy:
    run = METHODS.get(method) if type(method) is str else None
    if run is None:
        error = InvalidInputError if isinstance(method, str) else InvalidTypeError
        raise error(f"method {_shown(method)} is not one of {', '.join(METHODS)}")
    return run


@_search_kernels.core.door  # the commonest call parsed and answered in C (a builtin function)
@checked_keywords
def tour(
    size: Size = 8,
    start: Square | None = None,
    *,
    end: Square | None = None,
    closed: bool = False,
    method: Method = "auto",
    moves: Leaper = KNIGHT,
    max_nodes: int | None = None,
    seed: int | None = None,
    timeout: float | None = None,
) -> Tour:
    """Find a knight's (or another leaper's) tour of a board.

    The theorems and fast refutations (pieces, colours, dead ends, cut squares, distances
    between fixed moves) run first, for every method; then the method searches or builds.

    Parameters
    ----------
    size : Size, default 8
        The board: n for n×n, ``(rows, cols)``, text such as ``"6x7"``, a box such as
        ``(4, 4, 4)``, or a `knight.Board` (any shape, holes included, with its own leaper).
    start : Square or None, default None
        The first square: its number (1 is the top-left corner, row 0 col 0), a name such as
        ``"e4"`` (``"a1"`` is the bottom-left corner) or its 0-based ``(row, col)``. None
        means any start: the board's first square when a tour starts there, else another (the
        more numerous colour's first), so a tour is returned whenever the board has one.
    end : Square or None, default None
        The last square of an open tour (None: any). With an end, or a board carrying given
        moves (a puzzle, see `knight.solve`), the puzzle search runs ("auto" or "backtrack").
    closed : bool, default False
        Ask for a closed tour: its last square is a move from the first.
    method : Method, default "auto"
        The strategy, a key of `knight.METHODS`. "auto" joins solved blocks in linear time
        where that construction applies (knight's tours of whole rectangles, both sides at
        least 5, one at least 12, but for both sides odd from 7 to 31; three wide from 15,
        four wide from 10) and backtracks elsewhere; "uniform" draws one of all the tours,
        each equally likely; "warnsdorff", "random", "plain" and "ordered" are the rule alone,
        random restarts and the seeds' backtracking.
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``: ``(1, 2)`` the knight, ``(1, 3)`` the camel.
    max_nodes : int or None, default None
        At most this many squares placed by the search (None: `knight.DEFAULT_MAX_NODES`).
    seed : int or None, default None
        Makes method="random" and "uniform" reproducible.
    timeout : float or None, default None
        At most this many seconds (None: no limit).

    Returns
    -------
    Tour
        The squares in the order the piece visits them, with their board.

    Raises
    ------
    NoTourError
        No tour exists (by a proof or an exhaustive search); the message says why.
    SearchLimitError
        max_nodes squares were placed, or timeout seconds passed, without an answer.
    InvalidInputError
        A value that names no board, square or method (such as ``start="z9"``).
    InvalidTypeError
        A value of the wrong type (``start=3.5``), or a misspelt keyword ("did you mean ...?").

    See Also
    --------
    exists : Whether a tour exists, answered from theorems where they apply.
    tours : Every tour, lazily.
    count : The number of tours.

    Examples
    --------
    >>> import knight
    >>> t = knight.tour(8, start="a1")
    >>> t.start, len(t)
    (57, 64)
    >>> knight.tour(5, start=1, closed=True)
    Traceback (most recent call last):
    ...
    knight.NoTourError: no closed tour on 5×5: both sides are odd
    >>> knight.tour((3, 4), start=1).line()
    '1 7 9 2 8 10 3 12 6 4 11 5'
    """
    if (
        type(method) is str  # not a numpy array, whose == gives an array
        and method == "auto"
        and closed is False
        and moves is KNIGHT
        and max_nodes is None
        and end is None
        and seed is None
        and timeout is None
    ):  # the commonest call, answered in the core: no other check, no Question
        squares = _search_kernels.core.quick_tour(size, start)
        if squares is not None:
            board = _QUICK_BOARDS.get(size)
            if board is None:
                board = _QUICK_BOARDS.setdefault(size, rectangle(size, size))
            return _adopt(Tour, squares, board)
    question = Question.ask(size, start, end, closed, moves, max_nodes, timeout, "tour")
    run = _method(method)
    return Tour._trusted(_answer(question, method, run, _seed(seed)), question.board)


def _seed(seed: object) -> int | None:
    """seed, checked: an integer or None."""
    if seed is not None and type(seed) is not int:
        try:
            seed = integer(seed, "seed")  # numpy's integers too, never a bool, a float or an array
        except InvalidTypeError:
            raise InvalidTypeError(f"seed must be an integer or None, not {_shown(seed)}") from None
    return seed


def _answer(question: Question, method: object, run: Strategy, seed: int | None) -> array[int]:
    """The squares of a tour answering question by method run; NoTourError or SearchLimitError else."""
    board = question.board
    if board.topology is not None and run not in PROVING:
        raise InvalidInputError(
            f"method {_shown(method)} runs on flat boards; on the {board.name} use 'auto' or 'backtrack'"
        )
    if question.constrained:
        if method not in ("auto", "backtrack"):
            raise InvalidInputError(
                f"method {_shown(method)} does not take an end or given moves; use 'auto' or 'backtrack'"
            )
        why = refute(question)
        if why:
            raise NoTourError(why)
        return complete(question)
    why = refute(question)
    if why:
        raise NoTourError(why)
    if question.start is not None or question.closed:
        return _from(question.but(start=question.start or question.board.first), method, run, seed)
    return _from_any(question, method, run, seed)


#: Nodes a start gets in the first round of a search from any start (see _from_any), per square.
ANY_START_NODES = 64


def _from_any(question: Question, method: object, run: Strategy, seed: int | None) -> array[int]:
    """A tour from any start: the candidates (see _starts) that no rule refutes, in rounds of
    doubling node budgets, sharing the question's budget and deadline, until one has a tour;
    a start proved to have none leaves the rounds. NoTourError when every start is proved to
    have none, SearchLimitError when the budget or the deadline ran out first. The first
    round takes the candidates one at a time, so a board of any size is not listed."""
    left = question.budget
    share = ANY_START_NODES * len(question.board) if run in PROVING else left  # the others cannot prove a no
    starts: Iterable[Question] = (question.but(start=start) for start in _starts(question))
    while True:
        undecided: list[Question] = []
        for asked in starts:
            if refute(asked):
                continue
            asked.budget = min(left, share)
            status, nodes, squares = _run(asked, run, seed)
            if status == FOUND:
                assert squares is not None
                return squares
            left -= nodes
            if status != EXHAUSTED:
                if left <= 0 or question.expired() or run not in PROVING:
                    raise _limit(question.but(start=asked.start), method, question.budget - left)
                undecided.append(asked)
        if not undecided:
            raise NoTourError(f"{question.words()}: an exhaustive search from every square found none")
        starts, share = undecided, 2 * share


def _starts(question: Question) -> Iterator[int]:
    """The squares a tour with no start given is looked for from: the board's first square,
    then the others a tour can start on by the colour rule (the more numerous colour, when
    there is one more of it); on boards the rules walk (at most GRAPH_MAX_SQUARES squares),
    those with the fewest moves first (a square with one move must be an end)."""
    board = question.board
    first = board.first
    yield first
    rest: Iterable[int] = (square for square in board if square != first)
    if board.changes_colour:
        light, dark = board.colour_counts
        if light != dark:
            major = 0 if light > dark else 1
            rest = (square for square in rest if board._colour(square) == major)
    if len(board) <= GRAPH_MAX_SQUARES:
        moves = board._neighbours_of
        rest = sorted(rest, key=lambda square: len(moves(square - 1)))
    yield from rest


def _from(question: Question, method: object, run: Strategy, seed: int | None) -> array[int]:
    """The squares of a tour from question.start by run; NoTourError, SearchLimitError else."""
    status, nodes, squares = _run(question, run, seed)
    if status == FOUND:
        assert squares is not None
        return squares
    if status == EXHAUSTED:
        raise _exhausted(question)
    raise _limit(question, method, nodes)


def _run(question: Question, run: Strategy, seed: int | None, proof: bool = True) -> tuple[int, int, array[int] | None]:
    """(status, nodes, squares) of run from question.start (a short proof first for the methods
    that need one, unless proof is False: knight.compare measures each method on its own)."""
    chosen = method_for(question, run, proof)
    if chosen is None:
        return EXHAUSTED, 0, None
    board, start = question.board, question.start
    assert start is not None
    refuse_late_setup(board, question.deadline, chosen, _search_kernels.core.__name__.endswith("_py"))
    try:
        with allocating(0 if chosen is construct else search_bytes(board), f"the search of {board.name}"):
            return chosen(board, start - 1, question.closed, question.budget, seed, question.deadline)
    except OutOfTime:  # in a method's set-up, before its search began
        return LIMIT, 0, None


def method_for(question: Question, run: Strategy, proof: bool = True) -> Strategy | None:
    """The method run stands for on the question's board ("auto"'s choice), once the board's
    size is checked; None when a short proof first (for the methods that need one, unless proof
    is False) finds that no tour starts at question.start."""
    board = question.board
    if run is auto:
        run = choose(board)
    if proof and run not in PROVING and _small_proof(question):
        return None
    if len(board) > SEARCH_MAX_SQUARES and run is not construct:
        raise InvalidInputError(
            f"{board.name} has {len(board):,} squares, more than the {SEARCH_MAX_SQUARES:,} the search takes "
            f"(it would need about {search_bytes(board) / 2**30:,.1f} GiB)"
        )
    return run


def _limit(question: Question, method: object, nodes: int, bound: str = "max_nodes") -> SearchLimitError:
    """The error for a search from question.start that ran out of budget (the argument bound) or
    time after nodes nodes."""
    board, start = question.board, question.start
    assert start is not None
    where = f"from {board.square_name(start)} on {board.name}"
    if question.expired():
        article = "an" if not question.closed else "a"
        return question.timed_out(
            f"{nodes:,} search nodes looking for {article} {question.kind} tour {where} by method {_shown(method)}"
        )
    return SearchLimitError(
        f"no {question.kind} tour {where} found by method {_shown(method)} within {bound}={question.budget:,} search nodes"
    )


def _small_proof(question: Question) -> bool:
    """Before a method that cannot prove a no (Warnsdorff's rule and random restarts) or proves
    it slowly (the seeds' plain backtracking) on a board of at most PROOF_MAX_SQUARES squares
    that no theorem settles: whether the compiled search proves within PROOF_NODES nodes
    that no tour starts there."""
    board = question.board
    if len(board) > PROOF_MAX_SQUARES or board.is_knights_rectangle:
        return False
    start = question.start
    assert start is not None
    status, _, _ = backtrack(board, start - 1, question.closed, PROOF_NODES, None, question.deadline)
    return status == EXHAUSTED


def _exhausted(question: Question) -> NoTourError:
    """The answer when a complete search from the question's start found no tour: a proof there is none."""
    return NoTourError(f"{question.words()}: an exhaustive search found none")


@checked_keywords
def no_tour_reason(
    size: Size = 8,
    start: Square | None = None,
    *,
    end: Square | None = None,
    closed: bool = False,
    moves: Leaper = KNIGHT,
    max_nodes: int | None = None,
    timeout: float | None = None,
) -> str | None:
    """Say why the board has no tour of the kind asked, or None when it has one.

    The question `knight.exists` answers, with the proof: the theorems and the fast
    refutations (pieces, colours, dead ends, cut squares, the ends of open tours) answer
    first, without searching; any other question by looking for a tour as `knight.tour`
    would, whose exhausted search is then the reason. ``knight exists`` prints it.

    Parameters
    ----------
    size : Size, default 8
        The board, as for `knight.tour` (a puzzle's givens included when it carries them).
    start : Square or None, default None
        The first square, or None for any.
    end : Square or None, default None
        The last square of an open tour, or None for any.
    closed : bool, default False
        Ask about closed tours.
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``.
    max_nodes : int or None, default None
        At most this many squares placed by a search (None: `knight.DEFAULT_MAX_NODES`).
    timeout : float or None, default None
        At most this many seconds (None: no limit).

    Returns
    -------
    str or None
        The sentence proving that no such tour exists (the message `knight.tour` raises
        `NoTourError` with), or None when one exists.

    Raises
    ------
    SearchLimitError
        A search was needed and ran out of max_nodes or timeout before an answer.
    InvalidInputError, InvalidTypeError
        A value that names no board or square, or of the wrong type.

    See Also
    --------
    exists : The same question, answered True or False.

    Examples
    --------
    >>> import knight
    >>> knight.no_tour_reason((4, 9), start="c2")
    'no open tour from c2 on 4×9: it is on one of the two middle lines of a board four squares wide'
    >>> print(knight.no_tour_reason(8, closed=True))
    None
    """
    question = Question.ask(size, start, end, closed, moves, max_nodes, timeout, "exists")
    board = question.board
    if board.topology is not None and not question.constrained:
        settled = closed_theorem(board)  # a closed tour: an open one from every square too
        if settled is not None and settled[0]:
            return None
    why = refute(question)
    if why:
        return why
    if board.is_knights_rectangle and not question.constrained and (question.start is None or question.closed):
        return None  # Schwenk's and Conrad et al.'s theorems: a tour exists
    try:
        _answer(question, "auto", auto, None)
    except NoTourError as error:
        return str(error)
    return None


@checked_keywords
def exists(
    size: Size = 8,
    start: Square | None = None,
    *,
    end: Square | None = None,
    closed: bool = False,
    moves: Leaper = KNIGHT,
    max_nodes: int | None = None,
    timeout: float | None = None,
) -> bool:
    """Whether the board has a tour of the kind asked.

    ``exists(board)`` is True exactly when ``tour(board)`` returns a tour. Whole rectangles
    for the knight are answered from theorems, impossible shapes and ends by the fast
    refutations, without searching; any other question by finding a tour or exhausting
    the search.

    Parameters
    ----------
    size : Size, default 8
        The board, as for `knight.tour` (a puzzle's givens included when it carries them).
    start : Square or None, default None
        The first square, or None for any.
    end : Square or None, default None
        The last square of an open tour, or None for any.
    closed : bool, default False
        Ask about closed tours.
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``.
    max_nodes : int or None, default None
        At most this many squares placed by a search (None: `knight.DEFAULT_MAX_NODES`).
    timeout : float or None, default None
        At most this many seconds (None: no limit).

    Returns
    -------
    bool
        True when a tour exists.

    Raises
    ------
    SearchLimitError
        A search was needed and ran out of max_nodes or timeout before an answer.
    InvalidInputError, InvalidTypeError
        A value that names no board or square, or of the wrong type.

    See Also
    --------
    tour : The tour itself.

    Examples
    --------
    >>> import knight
    >>> knight.exists(8), knight.exists(8, closed=True)
    (True, True)
    >>> knight.exists((4, 9), start="c2")
    False
    """
    return (
        no_tour_reason(size, start, end=end, closed=closed, moves=moves, max_nodes=max_nodes, timeout=timeout) is None
    )


def _puzzle_board(puzzle: object, moves: Leaper) -> Board:
    """The Board a puzzle names: a picture (text) or a Board carrying its givens."""
    if isinstance(puzzle, str):
        return Board.parse(puzzle, moves=moves)
    if isinstance(puzzle, Board):
        return as_board(puzzle, moves)
    raise InvalidTypeError(f"a puzzle must be a picture (text) or a knight.Board, not {type(puzzle).__name__}")


@checked_keywords
def solve(
    puzzle: str | Board,
    *,
    moves: Leaper = KNIGHT,
    max_nodes: int | None = None,
    timeout: float | None = None,
) -> Tour:
    """Complete a puzzle: an open tour with move k on every square where k is given.

    The tour's board is the puzzle's, so ``tour.grid()`` and pictures show the givens
    apart from the found moves. A node of the domain search (which narrows every move's
    squares at once) counts as FILL_NODE_COST squares placed, about its time in the
    forward search's.

    Parameters
    ----------
    puzzle : str or Board
        A picture (``"."`` a square, ``"#"`` a hole, a number a given move; see
        `knight.Board.parse`) or a `knight.Board` carrying givens.
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``.
    max_nodes : int or None, default None
        At most this many squares placed (None: `knight.DEFAULT_MAX_NODES`).
    timeout : float or None, default None
        At most this many seconds (None: no limit).

    Returns
    -------
    Tour
        The completed tour, on the puzzle's board.

    Raises
    ------
    NoTourError
        The givens cannot be completed; the message says why when a short proof exists
        ("moves 1 and 2 are not a knight's move apart").
    SearchLimitError
        max_nodes squares were placed, or timeout seconds passed, without an answer.
    InvalidInputError, InvalidTypeError
        A picture that does not parse, or a puzzle of another type.

    See Also
    --------
    Board.parse : The picture a puzzle is drawn as.

    Examples
    --------
    >>> import knight
    >>> knight.solve("1 . . .\\n. . . .\\n. . . 12").line()
    '1 7 9 2 8 10 3 5 11 4 6 12'
    """
    board = _puzzle_board(puzzle, moves)
    question = Question.ask(board, None, None, False, KNIGHT, max_nodes, timeout, "solve")
    why = refute(question)
    if why:
        raise NoTourError(why)
    return Tour._trusted(complete(question), board)
