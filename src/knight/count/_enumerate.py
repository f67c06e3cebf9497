"""knight.tours() and knight.count(): every tour, lazily, and exact counts in work items.

The board is any knight.Board: a rectangle, or a shape with holes, for the knight or any
other leaper (the board carries its leaper). Holes are never visited.

Conventions (the OEIS's):

* Open tours are directed paths: a tour and its reverse are two tours. With a start,
  the tours from that square; without, the tours from every square (OEIS A165134:
  1,728 on 5×5, 6,637,920 on 6×6).
* Closed tours without a start are undirected cycles with no distinguished start, each
  counted once (OEIS A001230: 9,862 on 6×6). With a start, they are the tours from that
  square, one per cycle and direction: twice the number of cycles. (Two squares a leap
  apart make one closed tour, the same both ways round: one cycle, one tour from each.)

``count(...) == sum(1 for _ in tours(...))`` for the same arguments.

A count is split into work items: the paths of a few squares that begin every tour,
found by walking the first levels of the search tree. Each item counts the tours
extending its path in the compiled walker, and items run one after another or on any
``concurrent.futures.Executor``. Board symmetries merge items that are images of one
another (their counts are equal) into one item with a weight; the split depends only on
the question asked, so the answer and the node count are the same on any executor.

Before any walk, the refutation module (model._refute) rules out questions without tours,
as it does for every entry point.
"""

from __future__ import annotations

import importlib
import time
from typing import (
    TYPE_CHECKING,
    Callable,
    Iterable,
    Iterator,
    NamedTuple,
    NoReturn,
    Optional,
    Protocol,
    Sequence,
    Tuple,
    TypeVar,
    cast,
)

from ..model._board import KNIGHT, Board, _shown, boolean
from ..model._deadline import NEVER, OutOfTime, timed_out
from ..model._errors import (
    InvalidInputError,
    InvalidTypeError,
    SearchLimitError,
    checked_keywords,
    optional_module,
    running_on,
)
from ..model._memory import allocating
from ..model._question import COUNT_MAX_NODES, MAX_BUDGET, SEARCH_MAX_SQUARES, Question
from ..model._refute import refute
from ..model._tour import Tour
from ..model._types import Leaper, Size, Square
from . import _kernels, _symmetry

if TYPE_CHECKING:
    from concurrent.futures import Future

    from tqdm import tqdm

    from ..model._types import Executor
    from ._plan import Tick

    #: A progress bar: tqdm's, made with its total (no iterable).
    Bar = tqdm[NoReturn]
    #: What makes one: tqdm itself (progress=True).
    BarClass = Callable[..., Bar]

_T = TypeVar("_T")


class WalkerModule(Protocol):
    """The walker's module, compiled or its twin: what the walk asks of it."""

    @property
    def __name__(self) -> str: ...
    @property
    def CELL_BYTES(self) -> int: ...
    @property
    def CHUNK(self) -> int: ...
    @property
    def EXHAUSTED(self) -> int: ...
    @property
    def Walker(self) -> type[_kernels.walker.Walker]: ...


#: A split walks the first levels of the search tree until it has this many paths, or
#: has walked this many levels.
SPLIT_PATHS = 1024
SPLIT_LEVELS = 8

#: Boards past this many squares are not split (each path of a split costs a walker the
#: size of the board, and no count of such a board finishes): their roots are the items.
SPLIT_MAX_SQUARES = 1024

#: Boards past this many cells merge no work items by symmetry: the symmetries' tables would
#: take seconds and gigabytes, on boards no count finishes anyway.
SYMMETRY_MAX_CELLS = 1 << 18

#: A count has at most this many work items, each with some of the split's paths.
MAX_ITEMS = 256

#: Squares of the board up to which a walker is asked for its CHUNK nodes at a time.
CHUNK_SQUARES = 64


class WorkItem(NamedTuple):
    """Count the tours extending some paths; picklable, for any executor."""

    module: str  # the walker's module: knight.count._walker or knight.count._walker_py
    board: Board  # the squares and the leaper
    paths: Tuple[Tuple[Tuple[int, ...], Optional[Tuple[int, ...]], int], ...]  # (prefix, ends, weight)
    budget: int  # most nodes the item may place
    until: float = NEVER  # the wall-clock time (time.time()) by which it stops


class CountResult(NamedTuple):
    tours: int
    nodes: int  # search nodes (squares placed), the split included
    items: int


#: What run_item says about an item: counted, stopped at its budget, by request_stop, by its time.
DONE, LIMITED, STOPPED, TIMED_OUT = "done", "limited", "stopped", "timed out"

_stop_requested = False


def request_stop(*_: object) -> None:
    """Make run_item and frontier pieces in this process stop within a chunk (a SIGINT handler for workers)."""
    global _stop_requested
    _stop_requested = True


def stop_requested() -> bool:
    """Whether request_stop was called in this process."""
    return _stop_requested


def _walker(
    module: WalkerModule,
    board: Board,
    prefix: Sequence[int],
    ends: Optional[Sequence[int]],
    target: int,
    ordered: bool,
    deadline: float = NEVER,
) -> _kernels.walker.Walker:
    """A walker of module over board's squares with board's leaper (on its graph's table where
    it wraps, or is a box): InvalidInputError when its tables cannot fit in memory, OutOfTime
    when the deadline passes while they are built."""
    table = None if board.topology is None else board._neighbour_table(deadline)
    with allocating(board.rows * board.cols * module.CELL_BYTES, f"the walk of {board.name}"):
        return module.Walker(
            board.rows, board.cols, board.mask, prefix, ends, target, ordered, board.steps, deadline, table
        )


def _monotonic(until: float) -> float:
    """The time.monotonic() reading of the wall-clock (time.time()) deadline until, kept across processes."""
    return NEVER if until == NEVER else time.monotonic() + (until - time.time())


def chunk(module: WalkerModule, board: Board) -> int:
    """The nodes to ask module's walker for at a time on board, between looks at the clock and at
    stop requests: its CHUNK, fewer on a board of more than CHUNK_SQUARES squares (a node's flood
    fill may look at every square: on 100×100 the compiled walker's CHUNK takes 11 s)."""
    return max(1, module.CHUNK * CHUNK_SQUARES // max(CHUNK_SQUARES, len(board)))


def run_item(item: WorkItem) -> tuple[int, int, str]:
    """Count one item's tours, weighted: (tours, nodes, DONE, LIMITED, STOPPED or TIMED_OUT).

    A prefix is 0-based cell indices; ends, for closed tours, the squares a tour may end
    on; each tour extending the prefix stands for weight tours.
    """
    module = cast(WalkerModule, importlib.import_module(item.module))  # a walker's module: see WorkItem
    n = len(item.board)
    nodes_at_a_time = chunk(module, item.board)
    tours = nodes = 0
    for prefix, ends, weight in item.paths:
        try:
            walker = _walker(module, item.board, prefix, ends, n, False, _monotonic(item.until))
        except OutOfTime:
            return tours, nodes, TIMED_OUT
        while True:
            if _stop_requested:
                return tours, nodes, STOPPED
            if item.until != NEVER and time.time() >= item.until:
                return tours, nodes, TIMED_OUT
            status, used, found = walker.count(min(nodes_at_a_time, item.budget - nodes))
            nodes += used
            tours += found * weight
            if status == module.EXHAUSTED:
                break
            if nodes >= item.budget:
                return tours, nodes, LIMITED
    return tours, nodes, DONE


def _untimed(items: Iterable[_T]) -> Iterable[_T]:
    return items


def _ticker(check: Optional[Callable[[int], None]]) -> Tick:
    """A function wrapping a loop's items so that check(0) is called every SPLIT_PATHS of them (the
    split's loops over squares and roots, on a board of millions of squares), or passing them
    on as they are without check."""
    if check is None:
        return _untimed

    def tick(items: Iterable[_T]) -> Iterator[_T]:
        for done, item in enumerate(items, 1):
            if done % SPLIT_PATHS == 0:
                check(0)
            yield item

    return tick


def _starts(board: Board, tick: Tick = _untimed) -> Iterable[int]:
    """Squares (0-based) an open tour can start on, by the colour rule, in order.

    A leaper whose every move changes colour (a + b odd: the knight) alternates colours
    along a tour, so when the colours differ by one a tour starts (and ends) on the larger
    colour, and when they differ by more no tour starts anywhere.
    """
    cells = range(board.rows * board.cols) if board.mask is None else board._cells()  # no list of millions
    if not board.changes_colour:
        return cells
    light, dark = board.colour_counts
    if abs(light - dark) > 1:
        return []
    if light == dark:
        return cells
    colour = 0 if light > dark else 1
    return (cell for cell in tick(cells) if board._colour(cell + 1) == colour)


def _roots(
    board: Board,
    start: Optional[int],
    closed: bool,
    symmetry: bool,
    end: Optional[int] = None,
    tick: Tick = _untimed,
) -> list[tuple[tuple[int, ...], Optional[tuple[int, ...]], int, list[_symmetry.Symmetry]]]:
    """The walks a question starts from: (prefix, ends, weight, symmetries that fix them).

    An open tour to a fixed end is walked as a closed walk whose only way home is from the
    end (the walker counts paths that end on one of ends), from each start, unmerged.
    tick wraps the loops over squares (see _ticker).
    """
    cells = board.rows * board.cols
    identity: list[_symmetry.Symmetry] = [range(cells)]  # not a tuple: a board may have millions of cells
    if end is not None:
        if len(board) == 1:
            return [((end,), None, 1, identity)] if start in (None, end) else []
        starts = [start] if start is not None else _starts(board, tick)
        return [((square,), (end,), 1, identity) for square in tick(starts) if square != end]
    if closed:
        # Each cycle once: from the first square to its earlier neighbour in move order,
        # back from a later one; from a start, both directions of each cycle. Two squares
        # a leap apart make one closed tour, the same both ways round.
        first = board.first - 1
        home = board._neighbours_of(first)
        if len(board) == 2:
            return [((first, home[0]), (home[0],), 1, identity)] if home else []
        weight = 1 if start is None else 2
        return [((first, after), tuple(home[index + 1 :]), weight, identity) for index, after in enumerate(home[:-1])]
    group = _symmetry.symmetries(board, tick) if symmetry and cells <= SYMMETRY_MAX_CELLS else identity
    if start is not None:
        return [((start,), None, 1, _symmetry.stabilizer(group, start))]
    classes = _symmetry.orbits(tick(_starts(board, tick)), group)
    return [((square,), None, size, _symmetry.stabilizer(group, square)) for square, size in tick(classes)]


def plan(
    module: WalkerModule,
    board: Board,
    start: Optional[int],
    closed: bool,
    symmetry: bool = True,
    end: Optional[int] = None,
    check: Optional[Callable[[int], None]] = None,
    deadline: float = NEVER,
) -> tuple[list[WorkItem], int]:
    """The work items of a count and the nodes the split placed: (items, nodes).

    start and end are 0-based cell indices or None. The first levels of the search tree are walked,
    all roots together, until there are SPLIT_PATHS paths, SPLIT_LEVELS levels are walked
    or the paths are whole tours; paths that are images of one another by a symmetry
    fixing their root merge into one, weighted. The paths are then dealt round the work
    items in turn, at most MAX_ITEMS. check(nodes), if given, is called after each path
    is grown (each costs a walker the size of the board) with the nodes placed so far, and
    every so often in the loops over squares and roots (a board may have millions); it
    stops the split by raising; a walker being built stops with OutOfTime once deadline passes.
    """
    n = len(board)
    nodes = 0
    tick = _ticker(check)
    roots = _roots(board, start, closed, symmetry, end, tick)
    levels = [([(prefix, weight)], ends, group) for prefix, ends, weight, group in tick(roots)]
    depth = len(roots[0][0]) if roots else n  # every root has the same length
    last = depth if n > SPLIT_MAX_SQUARES else min(n, depth + SPLIT_LEVELS)
    while depth < last and sum(len(paths) for paths, _, _ in levels) < SPLIT_PATHS:
        grown: list[tuple[list[tuple[tuple[int, ...], int]], Optional[tuple[int, ...]], list[_symmetry.Symmetry]]] = []
        for paths, ends, group in levels:
            children: list[tuple[tuple[int, ...], int]] = []
            for path, weight in paths:
                walker = _walker(module, board, path, ends, depth + 1, False, deadline)
                while True:
                    _, used, squares = walker.next(MAX_BUDGET)
                    nodes += used
                    if squares is None:
                        break
                    children.append((tuple(square - 1 for square in squares), weight))
                if check is not None:
                    check(nodes)
            grown.append((_symmetry.merge(children, group), ends, group))
        levels = grown
        depth += 1
    flat = [(path, ends, weight) for paths, ends, _ in tick(levels) for path, weight in paths]
    size = min(MAX_ITEMS, len(flat))
    return [WorkItem(module.__name__, board, tuple(flat[index::size]), MAX_BUDGET) for index in range(size)], nodes


def _walkable(board: Board) -> None:
    """Refuse a board too large for the walk."""
    cells = board.rows * board.cols
    if cells > SEARCH_MAX_SQUARES:
        raise InvalidInputError(
            f"size {board.name} has {cells:,} squares, more than the {SEARCH_MAX_SQUARES:,} a walk takes"
        )


def _limit_error(
    board: Board, start: Optional[int], closed: bool, budget: int, verb: str = "counting"
) -> SearchLimitError:
    kind = "closed" if closed else "open"
    where = "" if start is None else f" from {board.square_name(start + 1)}"
    return SearchLimitError(
        f"{verb} the {kind} tours{where} on {board.name} needs more than max_nodes={budget:,} search nodes"
    )


class Options(NamedTuple):
    """How a count runs, checked once: where, with which bar, within which budget and time."""

    executor: Optional[Executor]  # a concurrent.futures.Executor, or None: here
    bar_class: Optional[BarClass]  # tqdm, or None: no bar
    budget: int  # most nodes (or states, for the frontier engine)
    until: float  # wall-clock (time.time()) deadline, or NEVER
    started: float  # time.monotonic() at the call, for the timeout's message


def options(question: Question, executor: object, progress: object) -> Options:
    """A count's running options, checked (bad ones raise before any work)."""
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidTypeError(f"executor must be a concurrent.futures.Executor, not {_shown(executor)}")
    bar_class = _tqdm() if boolean(progress, "progress") else None
    checked = cast("Optional[Executor]", executor)  # its submit is callable, checked above
    return Options(checked, bar_class, question.budget, question.until(), question.started)


def counting_question(
    size: object,
    start: object,
    end: object,
    closed: object,
    moves: object,
    max_nodes: object,
    timeout: object,
    call: str,
) -> Question:
    """The question of a count or a listing: COUNT_MAX_NODES nodes by default, and no given moves."""
    question = Question.ask(size, start, end, closed, moves, max_nodes, timeout, call, default_budget=COUNT_MAX_NODES)
    if question.board.givens:
        raise InvalidInputError(
            f"{call}: the board has given moves (a puzzle's clues), which counting does not honour yet; "
            "draw it with '.' and '#' only"
        )
    return question


def zero_based(square: Optional[int]) -> Optional[int]:
    """A 1-based square number as a 0-based cell index, None staying None."""
    return None if square is None else square - 1


def count_result(
    size: object,
    start: object = None,
    *,
    closed: bool = False,
    moves: object = KNIGHT,
    executor: Optional[object] = None,
    progress: bool = False,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    symmetry: bool = True,
) -> CountResult:
    """knight.count(method="enumerate"), with the nodes it took and the number of work items."""
    question = counting_question(size, start, None, closed, moves, max_nodes, timeout, "count")
    run = options(question, executor, progress)
    if refute(question):
        return CountResult(0, 0, 0)
    return walk_count(question.board, zero_based(question.start), question.closed, run, symmetry)


def walk_count(
    board: Board, start: Optional[int], closed: bool, run: Options, symmetry: bool = True, end: Optional[int] = None
) -> CountResult:
    """Count the tours of board from start to end (0-based, or None) by walking every one, in work items."""
    _walkable(board)

    def check(nodes: int) -> None:  # the split's work counts against the budget, stops in time
        if nodes > run.budget:
            raise _limit_error(board, start, closed, run.budget)
        if _stop_requested:
            raise KeyboardInterrupt
        if run.until != NEVER and time.time() >= run.until:
            raise timed_out(run.started, f"{nodes:,} search nodes, splitting the count into work items")

    try:
        items, nodes = plan(_kernels.walker, board, start, closed, symmetry, end, check, _monotonic(run.until))
    except OutOfTime:
        raise timed_out(
            run.started, f"the walker's tables of {board.name}, splitting the count into work items"
        ) from None
    if nodes > run.budget:
        raise _limit_error(board, start, closed, run.budget)
    items = [item._replace(until=run.until) for item in items]
    bar = None if run.bar_class is None else run.bar_class(total=len(items), unit="item", desc="counting", leave=False)
    try:
        if run.executor is None:
            tours, nodes = _run_here(items, nodes, run, bar)
        else:
            tours, nodes = _run_on(run.executor, items, nodes, run, bar)
    finally:
        if bar is not None:
            bar.close()
    if nodes > run.budget:
        raise _limit_error(board, start, closed, run.budget)
    return CountResult(tours, nodes, len(items))


def _tqdm() -> BarClass:
    made: BarClass = optional_module("tqdm", "progress=True", "progress").tqdm
    return made


def _settle(state: str, nodes: int, run: Options) -> None:
    """Raise for an item that stopped early: interrupted, or out of time."""
    if state == STOPPED:  # a worker was interrupted: so was the count
        raise KeyboardInterrupt
    if state == TIMED_OUT:
        raise timed_out(run.started, f"{nodes:,} search nodes")


def _run_here(items: Sequence[WorkItem], nodes: int, run: Options, bar: Optional[Bar]) -> tuple[int, int]:
    """Run the items one after another in this thread: (tours, nodes), nodes > budget on a limit."""
    tours = 0
    for item in items:
        found, used, state = run_item(item._replace(budget=run.budget - nodes))
        tours += found
        nodes += used
        _settle(state, nodes, run)
        if state == LIMITED:
            return tours, run.budget + 1
        if bar is not None:
            bar.update()
    return tours, nodes


def _run_on(
    executor: Executor, items: Sequence[WorkItem], nodes: int, run: Options, bar: Optional[Bar]
) -> tuple[int, int]:
    """Run the items on executor: (tours, nodes). Pending items are cancelled on any error; a
    failure of the executor or a worker is WorkerError naming it."""
    from concurrent.futures import TimeoutError, as_completed

    futures: list[Future[tuple[int, int, str]]] = []
    tours = 0
    wait = None if run.until == NEVER else max(0.0, run.until - time.time()) + 1.0
    try:
        with running_on(executor, "the walk's work items"):
            for item in items:
                futures.append(executor.submit(run_item, item._replace(budget=run.budget - nodes)))
            try:
                done = as_completed(futures, timeout=wait)
                for future in done:
                    found, used, state = future.result()
                    tours += found
                    nodes += used
                    _settle(state, nodes, run)
                    if state == LIMITED or nodes > run.budget:
                        return tours, run.budget + 1
                    if bar is not None:
                        bar.update()
            except TimeoutError:
                raise timed_out(run.started, f"{nodes:,} search nodes") from None
    finally:
        for future in futures:
            future.cancel()
    return tours, nodes


@checked_keywords
def tours(
    size: Size,
    start: Optional[Square] = None,
    *,
    end: Optional[Square] = None,
    closed: bool = False,
    moves: Leaper = KNIGHT,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Iterator[Tour]:
    """Every tour of the board, lazily, each a Tour, in a fixed order.

    Open tours: from start, or from every square in square order; with end, only those
    that end there (the walk is the same, the others are passed over). Closed tours: from
    start in both directions, or (start=None) each cycle once, from the board's first
    square to the earlier of its two moves from there (in knight.tour's move order). From
    each start, tours come in depth-first order with moves in Warnsdorff order, as
    knight.tour's first round tries them, so the first one usually arrives at once.

    Parameters
    ----------
    size : Size
        The board, as for `knight.count`.
    start : Square or None, default None
        The first square, or None for every square.
    end : Square or None, default None
        The last square of open tours, or None for any.
    closed : bool, default False
        List closed tours.
    moves : Leaper, default (1, 2)
        The piece's leap ``(a, b)``.
    max_nodes : int or None, default None
        At most this many search nodes for the whole iteration (None: 1,000,000,000).
    timeout : float or None, default None
        At most this many seconds in the iteration, the caller's time between tours
        included (None: no limit).

    Returns
    -------
    Iterator[Tour]
        The tours, one at a time.

    Raises
    ------
    SearchLimitError
        While iterating, past max_nodes or timeout; the message says how many nodes were walked.
    InvalidInputError, InvalidTypeError
        A value that names no board or square, or of the wrong type.

    See Also
    --------
    count : Their number, without listing them.

    Examples
    --------
    >>> import knight
    >>> every = knight.tours((3, 4), start=1)
    >>> next(every).line()
    '1 7 9 2 8 10 3 12 6 4 11 5'
    >>> sum(1 for _ in knight.tours((3, 4)))
    16
    """
    question = counting_question(size, start, end, closed, moves, max_nodes, timeout, "tours")
    board, first, last, closed = question.board, zero_based(question.start), zero_based(question.end), question.closed
    _walkable(board)
    if refute(question):
        return iter(())
    roots: Iterable[tuple[tuple[int, ...], Optional[tuple[int, ...]]]]
    if closed and first is not None:
        roots = [((first,), tuple(board._neighbours_of(first)))]
    elif closed:
        roots = [(prefix, ends) for prefix, ends, _, _ in _roots(board, None, True, False)]
    else:  # one at a time: a board may have millions of starts
        roots = (((square,), None) for square in ([first] if first is not None else _starts(board)))
    return _walk_tours(_kernels.walker, board, roots, question, first, last)


def _walk_tours(
    module: WalkerModule,
    board: Board,
    roots: Iterable[tuple[tuple[int, ...], Optional[tuple[int, ...]]]],
    question: Question,
    start: Optional[int],
    end: Optional[int],
) -> Iterator[Tour]:
    """The tours from roots, those ending on the 0-based square end when it is given (None: all)."""
    nodes, budget, closed = 0, question.budget, question.closed
    nodes_at_a_time = chunk(module, board)
    for prefix, ends in roots:
        try:
            walker = _walker(module, board, prefix, ends, len(board), True, question.deadline)
        except OutOfTime:
            raise question.timed_out(f"{nodes:,} search nodes, building the walker's tables of {board.name}") from None
        while True:
            status, used, squares = walker.next(min(nodes_at_a_time, budget - nodes))
            nodes += used
            if squares is not None and (end is None or squares[-1] == end + 1):
                yield Tour._trusted(squares, board)
            elif status == module.EXHAUSTED:
                break
            elif nodes >= budget:
                raise _limit_error(board, start, closed, budget, "listing")
            if question.expired():
                raise question.timed_out(f"{nodes:,} search nodes")
