"""knight.tours() and knight.count(): every tour, lazily, and exact counts in work items.

Conventions (the OEIS's):

* Open tours are directed paths: a tour and its reverse are two tours. With a start,
  the tours from that square; without, the tours from every square (OEIS A165134:
  1,728 on 5×5, 6,637,920 on 6×6).
* Closed tours without a start are undirected cycles with no distinguished start, each
  counted once (OEIS A001230: 9,862 on 6×6). With a start, they are the tours from that
  square, one per cycle and direction: twice the number of cycles.

``count(...) == sum(1 for _ in tours(...))`` for the same arguments.

A count is split into work items: the paths of a few squares that begin every tour,
found by walking the first levels of the search tree. Each item counts the tours
extending its path in the compiled walker, and items run one after another or on any
``concurrent.futures.Executor``. Board symmetries merge items that are images of one
another (their counts are equal) into one item with a weight; the split depends only on
the question asked, so the answer and the node count are the same on any executor.
"""

from __future__ import annotations

import concurrent.futures
import importlib
from typing import Iterator, NamedTuple, Optional, Sequence, Tuple

from .. import _impl
from . import _symmetry
from .._board import KNIGHT, KNIGHT_MOVES, board_name, boolean, rectangle, square_name
from .._errors import InvalidInputError, InvalidTypeError, SearchLimitError
from .._existence import board_reason, start_reason
from ..search._find import SEARCH_MAX_SQUARES, node_budget, question_board, refuse_end, start_square
from .._tour import Tour

#: A split walks the first levels of the search tree until it has this many paths, or
#: has walked this many levels.
SPLIT_PATHS = 1024
SPLIT_LEVELS = 8

#: A count has at most this many work items, each with some of the split's paths.
MAX_ITEMS = 256

_UNLIMITED = 2**62


class WorkItem(NamedTuple):
    """Count the tours extending some paths; picklable, for any executor."""

    module: str  # the walker's module: knight.count._walker or knight.count._walker_py
    rows: int
    cols: int
    paths: Tuple[Tuple[Tuple[int, ...], Optional[Tuple[int, ...]], int], ...]  # (prefix, ends, weight)
    budget: int  # most nodes the item may place


class CountResult(NamedTuple):
    tours: int
    nodes: int  # search nodes (squares placed), the split included
    items: int


#: What run_item says about an item: counted, stopped at its budget, stopped by request_stop.
DONE, LIMITED, STOPPED = "done", "limited", "stopped"

_stop_requested = False


def request_stop(*_: object) -> None:
    """Make run_item in this process stop within a chunk (a SIGINT handler for worker processes)."""
    global _stop_requested
    _stop_requested = True


def run_item(item: WorkItem) -> tuple[int, int, str]:
    """Count one item's tours, weighted: (tours, nodes, DONE, LIMITED or STOPPED).

    A prefix is 0-based squares; ends, for closed tours, the squares a tour may end on; each
    tour extending the prefix stands for weight tours.
    """
    module = importlib.import_module(item.module)
    n = item.rows * item.cols
    tours = nodes = 0
    for prefix, ends, weight in item.paths:
        walker = module.Walker(item.rows, item.cols, prefix, ends, n, False, KNIGHT_MOVES)
        while True:
            if _stop_requested:
                return tours, nodes, STOPPED
            status, used, found = walker.count(min(module.CHUNK, item.budget - nodes))
            nodes += used
            tours += found * weight
            if status == module.EXHAUSTED:
                break
            if nodes >= item.budget:
                return tours, nodes, LIMITED
    return tours, nodes, DONE


def neighbours(rows: int, cols: int, square: int) -> list[int]:
    """The on-board knight's moves from square (0-based), in KNIGHT_MOVES order."""
    row, col = divmod(square, cols)
    return [
        (row + dr) * cols + col + dc for dr, dc in KNIGHT_MOVES if 0 <= row + dr < rows and 0 <= col + dc < cols
    ]


def _starts(rows: int, cols: int) -> list[int]:
    """Squares an open tour can start on: all, or the corners' colour when the board is odd."""
    odd = rows * cols % 2
    return [square for square in range(rows * cols) if not (odd and sum(divmod(square, cols)) % 2)]


def _roots(rows: int, cols: int, start: Optional[int], closed: bool, symmetry: bool):
    """The walks a question starts from: (prefix, ends, weight, symmetries that fix them)."""
    identity = [tuple(range(rows * cols))]
    if closed:
        # Each cycle once: from square 0 (a corner, two moves) to its earlier neighbour in
        # move order, back from a later one; from a start, both directions of each cycle.
        home = neighbours(rows, cols, 0)
        weight = 1 if start is None else 2
        return [((0, first), tuple(home[index + 1 :]), weight, identity) for index, first in enumerate(home[:-1])]
    group = _symmetry.symmetries(rows, cols) if symmetry else identity
    if start is not None:
        return [((start,), None, 1, _symmetry.stabilizer(group, start))]
    classes = _symmetry.orbits(_starts(rows, cols), group)
    return [((square,), None, size, _symmetry.stabilizer(group, square)) for square, size in classes]


def plan(module, rows: int, cols: int, start: Optional[int], closed: bool, symmetry: bool = True):
    """The work items of a count and the nodes the split placed: (items, nodes).

    The first levels of the search tree are walked, all roots together, until there are
    SPLIT_PATHS paths, SPLIT_LEVELS levels are walked or the paths are whole tours; paths
    that are images of one another by a symmetry fixing their root merge into one,
    weighted. The paths are then dealt round the work items in turn, at most MAX_ITEMS.
    """
    n = rows * cols
    nodes = 0
    roots = _roots(rows, cols, start, closed, symmetry)
    levels = [([(prefix, weight)], ends, group) for prefix, ends, weight, group in roots]
    depth = len(roots[0][0]) if roots else n  # every root has the same length
    last = min(n, depth + SPLIT_LEVELS)
    while depth < last and sum(len(paths) for paths, _, _ in levels) < SPLIT_PATHS:
        grown = []
        for paths, ends, group in levels:
            children = []
            for path, weight in paths:
                walker = module.Walker(rows, cols, path, ends, depth + 1, False, KNIGHT_MOVES)
                while True:
                    _, used, squares = walker.next(_UNLIMITED)
                    nodes += used
                    if squares is None:
                        break
                    children.append((tuple(square - 1 for square in squares), weight))
            grown.append((_symmetry.merge(children, group), ends, group))
        levels = grown
        depth += 1
    flat = [(path, ends, weight) for paths, ends, _ in levels for path, weight in paths]
    size = min(MAX_ITEMS, len(flat))
    return [WorkItem(module.__name__, rows, cols, tuple(flat[index::size]), _UNLIMITED) for index in range(size)], nodes


def _question(size: object, start: object, end: object, closed: object, call: str):
    """Parse a question: (rows, cols, start index or None, closed, why there is no tour or None)."""
    board = question_board(size, KNIGHT, call)
    number = None if start is None else start_square(board, start, call)
    refuse_end(end)
    closed = boolean(closed, "closed")
    if not board.is_rectangle:
        raise InvalidInputError(f"counting tours of {board.name} is not supported yet: only whole rectangles")
    rows, cols = board.size
    if rows * cols > SEARCH_MAX_SQUARES:
        raise InvalidInputError(
            f"size {board_name(rows, cols)} has {rows * cols:,} squares, "
            f"more than the {SEARCH_MAX_SQUARES:,} a walk takes"
        )
    reason = board_reason(rows, cols, closed) if number is None else start_reason(rows, cols, number, closed)
    return rows, cols, None if number is None else number - 1, closed, reason


def _limit_error(rows: int, cols: int, start: Optional[int], closed: bool, budget: int, verb: str = "counting"):
    kind = "closed" if closed else "open"
    where = "" if start is None else f" from {square_name(start + 1, rows, cols)}"
    return SearchLimitError(
        f"{verb} the {kind} tours{where} on {board_name(rows, cols)} needs more than max_nodes={budget:,} search nodes"
    )


def count_result(
    size: object,
    start: object = None,
    *,
    end: object = None,
    closed: bool = False,
    executor: Optional[concurrent.futures.Executor] = None,
    progress: bool = False,
    max_nodes: Optional[int] = None,
    symmetry: bool = True,
) -> CountResult:
    """knight.count(), with the nodes it took and the number of work items."""
    rows, cols, start, closed, reason = _question(size, start, end, closed, "count")
    budget = _UNLIMITED if max_nodes is None else node_budget(max_nodes)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidTypeError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    tqdm = _tqdm() if progress else None
    if reason:
        return CountResult(0, 0, 0)
    items, nodes = plan(_impl.counter, rows, cols, start, closed, symmetry)
    if nodes > budget:
        raise _limit_error(rows, cols, start, closed, budget)
    bar = None if tqdm is None else tqdm(total=len(items), unit="item", desc="counting", leave=False)
    try:
        if executor is None:
            tours, nodes = _run_here(items, nodes, budget, bar)
        else:
            tours, nodes = _run_on(executor, items, nodes, budget, bar)
    finally:
        if bar is not None:
            bar.close()
    if nodes > budget:
        raise _limit_error(rows, cols, start, closed, budget)
    return CountResult(tours, nodes, len(items))


def _tqdm():
    try:
        from tqdm import tqdm
    except ImportError:
        raise ImportError("progress=True needs tqdm: pip install 'knight-tour[progress]'") from None
    return tqdm


def _run_here(items: Sequence[WorkItem], nodes: int, budget: int, bar) -> tuple[int, int]:
    """Run the items one after another in this thread: (tours, nodes), nodes > budget on a limit."""
    tours = 0
    for item in items:
        found, used, state = run_item(item._replace(budget=budget - nodes))
        tours += found
        nodes += used
        if state == STOPPED:
            raise KeyboardInterrupt
        if state == LIMITED:
            return tours, budget + 1
        if bar is not None:
            bar.update()
    return tours, nodes


def _run_on(executor, items: Sequence[WorkItem], nodes: int, budget: int, bar) -> tuple[int, int]:
    """Run the items on executor: (tours, nodes). Pending items are cancelled on any error."""
    futures = []
    tours = 0
    try:
        for item in items:
            futures.append(executor.submit(run_item, item._replace(budget=budget - nodes)))
        for future in concurrent.futures.as_completed(futures):
            found, used, state = future.result()
            tours += found
            nodes += used
            if state == STOPPED:  # a worker was interrupted: so was the count
                raise KeyboardInterrupt
            if state == LIMITED or nodes > budget:
                return tours, budget + 1
            if bar is not None:
                bar.update()
    finally:
        for future in futures:
            future.cancel()
    return tours, nodes


def count(
    size: object,
    start: object = None,
    *,
    end: object = None,
    closed: bool = False,
    executor: Optional[concurrent.futures.Executor] = None,
    progress: bool = False,
    max_nodes: Optional[int] = None,
) -> int:
    """The number of knight's tours of the board, counted exactly.

    Open tours are directed paths, from start or (start=None) from every square, as OEIS
    A165134 counts them; closed=True counts undirected cycles (OEIS A001230), or with a
    start the closed tours from it, twice as many. The count is split into work items
    that run here, one after another, or on executor (any concurrent.futures.Executor,
    such as a ProcessPoolExecutor or a Dask client's get_executor()); the answer does not
    depend on where they run. progress=True shows a bar over the items (needs tqdm).
    max_nodes bounds the search nodes (squares placed) of the whole count, split
    included: past it, SearchLimitError. Without max_nodes the count is unbounded.
    """
    return count_result(
        size, start, end=end, closed=closed, executor=executor, progress=progress, max_nodes=max_nodes
    ).tours


def tours(
    size: object,
    start: object = None,
    *,
    end: object = None,
    closed: bool = False,
    max_nodes: Optional[int] = None,
) -> Iterator[Tour]:
    """Every knight's tour of the board, lazily, each a Tour, in a fixed order.

    Open tours: from start, or from every square in square order. Closed tours: from
    start in both directions, or (start=None) each cycle once, from square 1 to the
    earlier of its two moves from there (in knight.tour's move order). From each start,
    tours come in depth-first order with moves in Warnsdorff order, as knight.tour's
    first round tries them, so the first one usually arrives at once. max_nodes bounds the
    search nodes of the whole iteration: past it, SearchLimitError.
    """
    rows, cols, first, closed, reason = _question(size, start, end, closed, "tours")
    budget = _UNLIMITED if max_nodes is None else node_budget(max_nodes)
    if reason:
        return iter(())
    if closed and first is not None:
        roots = [((first,), tuple(neighbours(rows, cols, first)))]
    elif closed:
        roots = [(prefix, ends) for prefix, ends, _, _ in _roots(rows, cols, None, True, False)]
    else:
        roots = [((square,), None) for square in ([first] if first is not None else _starts(rows, cols))]
    return _walk_tours(_impl.counter, rows, cols, roots, budget, first, closed)


def _walk_tours(module, rows: int, cols: int, roots, budget: int, start, closed: bool) -> Iterator[Tour]:
    board = rectangle(rows, cols)
    nodes = 0
    for prefix, ends in roots:
        walker = module.Walker(rows, cols, prefix, ends, rows * cols, True, KNIGHT_MOVES)
        while True:
            status, used, squares = walker.next(min(module.CHUNK, budget - nodes))
            nodes += used
            if squares is not None:
                yield Tour._trusted(squares, board)
            elif status == module.EXHAUSTED:
                break
            elif nodes >= budget:
                raise _limit_error(rows, cols, start, closed, budget, "listing")
