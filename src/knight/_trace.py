"""knight.trace(): the search, step by step, as events from the code that searches.

The engines record what they do as int32 records (see search/_core_py.py): the compiled
backtracking core and its twin a chunk at a time, resuming where they paused, so a trace
is read lazily; the Warnsdorff walk and the seeds' plain and ordered backtracking in one
go, bounded by max_steps. This module asks the question as knight.tour does, runs the
method knight.tour would run, and turns the records into the events below.
"""

from __future__ import annotations

from array import array
from typing import Iterator, Tuple, Union

from ._find import _limit, _method, method_for
from ._methods import refuse_late_setup
from .model._board import KNIGHT, Board, _shown
from .model._deadline import OutOfTime
from .model._errors import InvalidInputError, NoTourError, checked_keywords
from .model._memory import check_memory
from .model._question import Question, node_budget
from .model._refute import refute
from .model._status import EXHAUSTED, FOUND, LIMIT
from .model._tour import Tour
from .model._types import Leaper, Size, Square, TraceMethod
from .search import _kernels as _search_kernels
from .search import (
    backtrack,
    backtrack_tracer,
    fixed_order_trace,
    ordered,
    plain,
    rotated,
    search_bytes,
    warnsdorff,
    warnsdorff_trace,
)

__all__ = ["DEFAULT_MAX_STEPS", "Choice", "Finished", "Placed", "Restart", "TakenBack", "Trace", "TraceEvent", "trace"]

#: Squares a trace places at most, when max_steps is not given.
DEFAULT_MAX_STEPS = 100_000

#: Ints of records the compiled core writes between two looks from the generator.
CHUNK = 16_384

#: The methods knight.trace follows.
TRACED = ("backtrack", "plain", "ordered", "warnsdorff")


class _Event:
    """An immutable value: its fields are its __slots__."""

    __slots__: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._fields().values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in self._fields().items())
        return f"{type(self).__name__}({fields})"

    def _fields(self) -> dict[str, object]:
        """The fields by name, in order: the slots of the classes from the base down."""
        names = [name for kind in reversed(type(self).__mro__) for name in getattr(kind, "__slots__", ())]
        return {name: getattr(self, name) for name in names}


class _Move(_Event):
    __slots__ = ("square", "move")
    square: int
    move: int

    def __init__(self, square: int, move: int) -> None:
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "move", move)


class Placed(_Move):
    """A square placed: the search put the piece on square as move number move.

    Parameters
    ----------
    square : int
        A 1-based square number, as in a Tour.
    move : int
        The move number, 1 for the start.

    Examples
    --------
    >>> next(knight.trace(5, "a5"))
    Placed(square=1, move=1)
    """

    __slots__ = ()


class TakenBack(_Move):
    """A square taken back: square, which was move number move, is free again (the search backtracks).

    Parameters
    ----------
    square : int
        A 1-based square number.
    move : int
        The move number it had.

    Examples
    --------
    >>> knight.TakenBack(12, 7)
    TakenBack(square=12, move=7)
    """

    __slots__ = ()


class Choice(_Event):
    """A choice: for move number move, the method's rule ranked candidates and chose the first.

    Parameters
    ----------
    move : int
        The move number chosen for.
    candidates : tuple[int, ...]
        The squares not yet tried from here, best first; the first is chosen (`square`).
    degrees : tuple[int, ...]
        Each candidate's key in the rule: its free onward moves for Warnsdorff's rule
        ("backtrack", "warnsdorff"), its moves on the empty board for "ordered".

    Examples
    --------
    >>> choice = [event for event in knight.trace(5, "a5") if isinstance(event, knight.Choice)][0]
    >>> choice.move, choice.square == choice.candidates[0]
    (2, True)
    """

    __slots__ = ("move", "candidates", "degrees")
    move: int
    candidates: Tuple[int, ...]
    degrees: Tuple[int, ...]

    def __init__(self, move: int, candidates: Tuple[int, ...], degrees: Tuple[int, ...]) -> None:
        object.__setattr__(self, "move", move)
        object.__setattr__(self, "candidates", candidates)
        object.__setattr__(self, "degrees", degrees)

    @property
    def square(self) -> int:
        """The square chosen: the first candidate.

        Examples
        --------
        >>> knight.Choice(2, (8, 12), (2, 3)).square
        8
        """
        return self.candidates[0]


class Restart(_Event):
    """A new round: the search gave up its round and begins again from the start.

    With new tie-breaks and twice the budget ("backtrack" only): the board is empty again.

    Parameters
    ----------
    round : int
        The number of the round beginning, 1 for the second.

    Examples
    --------
    >>> knight.Restart(1)
    Restart(round=1)
    """

    __slots__ = ("round",)
    round: int

    def __init__(self, round: int) -> None:
        object.__setattr__(self, "round", round)


class Finished(_Event):
    """The last event of a trace.

    Parameters
    ----------
    nodes : int
        The squares placed in all, as knight.tour counts them (its max_nodes).
    tour : Tour or None
        The tour found (a closed one begun at the start asked), or None when the search
        proved that none starts there (or Warnsdorff's rule got stuck).

    Examples
    --------
    >>> finished = list(knight.trace(5, "a5", method="warnsdorff"))[-1]
    >>> finished.nodes, len(finished.tour)
    (25, 25)
    """

    __slots__ = ("nodes", "tour")
    nodes: int
    tour: Tour | None

    def __init__(self, nodes: int, tour: Tour | None) -> None:
        object.__setattr__(self, "nodes", nodes)
        object.__setattr__(self, "tour", tour)


#: An event of a trace.
TraceEvent = Union[Placed, TakenBack, Choice, Restart, Finished]


class Trace(Iterator[TraceEvent]):
    """knight.trace's answer: the events of one search, read once, as it runs.

    Parameters
    ----------
    events : Iterator[TraceEvent]
        The events, made as they are read.
    board : Board
        The board searched.
    start : int
        The start, a square number.
    method : str
        The method followed.
    closed : bool
        Whether a closed tour was asked for.

    Examples
    --------
    >>> trace = knight.trace(5, "a5", method="warnsdorff")
    >>> trace.start, trace.method, sum(1 for _ in trace)
    (1, 'warnsdorff', 50)
    """

    board: Board
    start: int
    method: str
    closed: bool

    def __init__(self, events: Iterator[TraceEvent], board: Board, start: int, method: str, closed: bool) -> None:
        self._events = events
        self.board, self.start, self.method, self.closed = board, start, method, closed

    def __iter__(self) -> Trace:
        return self

    def __next__(self) -> TraceEvent:
        return next(self._events)

    def __repr__(self) -> str:
        where = self.board.square_name(self.start)
        return f"<knight.Trace of method {self.method!r} from {where} on {self.board.name}>"


@checked_keywords
def trace(
    size: Size = 8,
    start: Square | None = None,
    *,
    closed: bool = False,
    method: TraceMethod = "backtrack",
    moves: Leaper = KNIGHT,
    max_steps: int | None = None,
    timeout: float | None = None,
) -> Trace:
    """The events of the search ``knight.tour(size, start, ...)`` runs, in order, as it runs.

    Each square placed is a `Placed` event, each square taken back a `TakenBack`, each
    choice by a rule a `Choice` (before the Placed it leads to), each new round of the
    search a `Restart`; the last event is `Finished`, whose nodes are the nodes knight.tour
    counts for the same question (its max_nodes). A closed tour is searched from the
    board's first square, as knight.tour does, and rotated to begin at start. The
    arguments and the theorems are checked when trace is called; the search runs as the
    events are read.

    Parameters
    ----------
    size : Size, default 8
        The board, as for `knight.tour` (flat boards, no puzzle).
    start : Square or None, default None
        The first square (None: the board's first square).
    closed : bool, default False
        Follow the search for a closed tour.
    method : TraceMethod, default "backtrack"
        "backtrack" (the compiled Warnsdorff-ordered search with pruning and restarts),
        "plain" or "ordered" (the seed notes' backtracking), "warnsdorff" (the rule alone),
        or "auto" where it backtracks.
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``.
    max_steps : int or None, default None
        At most this many squares placed (None: DEFAULT_MAX_STEPS, 100,000).
    timeout : float or None, default None
        At most this many seconds (None: no limit).

    Returns
    -------
    Trace
        An iterator of the events (`TraceEvent`), with the board, start and method.

    Raises
    ------
    NoTourError
        When called: the theorems or the fast rules refute the question.
    InvalidInputError, InvalidTypeError
        When called: a value that names no board, square or traceable method, or of the wrong type.
    SearchLimitError
        While iterating, past max_steps or timeout.

    See Also
    --------
    tour : The same search, without its events.

    Examples
    --------
    >>> import knight
    >>> events = list(knight.trace(5, "a5", method="warnsdorff"))
    >>> events[0]
    Placed(square=1, move=1)
    >>> events[-1].nodes
    25
    """
    budget = node_budget(max_steps, DEFAULT_MAX_STEPS, "max_steps")
    question = Question.ask(size, start, None, closed, moves, budget, timeout, "trace")
    run = _method(method)
    if question.board.givens:
        raise InvalidInputError("trace follows a search from a start; a puzzle's given moves are not traced")
    if question.board.topology is not None:
        raise InvalidInputError(
            f"trace follows the search of flat boards; {question.board.name} wraps or has more than two axes"
        )
    why = refute(question)
    if why:
        raise NoTourError(why)
    question = question.but(start=question.start or question.board.first)
    chosen = method_for(question, run)
    if chosen is not None and chosen not in (backtrack, plain, ordered, warnsdorff):
        raise InvalidInputError(
            f"method {_shown(method)} on {question.board.name} has no search to trace; use one of {', '.join(TRACED)}"
        )
    if chosen is not None:  # a set-up that cannot end by the deadline, or fit, is refused before it begins
        refuse_late_setup(question.board, question.deadline, chosen, _search_kernels.core.__name__.endswith("_py"))
        check_memory(search_bytes(question.board), f"the search of {question.board.name}")
    events = _backtrack(question, method) if chosen is backtrack else _in_one_go(question, method, chosen)
    assert question.start is not None
    return Trace(events, question.board, question.start, method, question.closed)


def _backtrack(question: Question, method: object) -> Iterator[TraceEvent]:
    """The compiled search's events (or its twin's), read a chunk at a time."""
    board, start = question.board, question.start
    assert start is not None
    tracer = backtrack_tracer(board, start - 1, question.closed, question.budget, CHUNK)
    return _chunks(question, method, tracer)


def _chunks(question: Question, method: object, tracer: _search_kernels.core.Tracer) -> Iterator[TraceEvent]:
    paused = _search_kernels.core.PAUSED
    while True:
        status, records = tracer.run(question.deadline)
        yield from _events(records)
        if status != paused:
            break
    squares = tracer.squares
    if squares is not None and question.closed:
        assert question.start is not None
        squares = rotated(squares, question.start - 1)
    yield _finished(question, method, status, tracer.nodes, squares)


def _in_one_go(question: Question, method: object, chosen: object) -> Iterator[TraceEvent]:
    """The walk's or the seeds' backtracking's events, recorded in one run of at most max_steps squares."""
    board, start = question.board, question.start
    assert start is not None
    try:
        if chosen is None:  # a short proof that no tour starts there, before a method that cannot prove it
            status, nodes, squares, records = EXHAUSTED, 0, None, array("i")
        elif chosen is warnsdorff:
            status, nodes, squares, records = warnsdorff_trace(
                board, start - 1, question.closed, question.budget, question.deadline
            )
        else:
            status, nodes, squares, records = fixed_order_trace(
                board, chosen is ordered, start - 1, question.closed, question.budget, question.deadline
            )
    except OutOfTime:  # in the method's set-up, before its search began
        status, nodes, squares, records = LIMIT, 0, None, array("i")
    yield from _events(records)
    yield _finished(question, method, status, nodes, squares if status == FOUND else None)


def _finished(question: Question, method: object, status: int, nodes: int, squares: array[int] | None) -> Finished:
    """The last event; SearchLimitError when the budget or the deadline ran out first."""
    if status == LIMIT:
        raise _limit(question, method, nodes, "max_steps")
    return Finished(nodes, None if squares is None else Tour._trusted(squares, question.board))


def _events(records: array[int]) -> Iterator[TraceEvent]:
    """The events of records (their format: search/_core_py.py)."""
    at, end = 0, len(records)
    while at < end:
        kind = records[at]
        if kind == 1:
            yield Placed(records[at + 1], records[at + 2])
            at += 3
        elif kind == 2:
            yield TakenBack(records[at + 1], records[at + 2])
            at += 3
        elif kind == 3:
            count = records[at + 2]
            pairs = records[at + 3 : at + 3 + 2 * count]
            yield Choice(records[at + 1], tuple(pairs[0::2]), tuple(pairs[1::2]))
            at += 3 + 2 * count
        else:
            yield Restart(records[at + 1])
            at += 2
