"""The search engine's strategies, one function each, which knight.tour(method=...) selects.

Every method takes (board, start, closed, budget, seed, deadline), with board a
knight.Board, start a 0-based cell index and deadline a time.monotonic() reading (NEVER
for none), and returns (status, nodes, squares) as the search core does: squares is an
int32 array of 1-based square numbers when status is FOUND; EXHAUSTED is a proof that no
tour starts there; LIMIT means budget squares were placed, or the deadline passed,
without an answer. "backtrack", "warnsdorff" and "random" are compiled; the others
follow the seed course notes and run in Python.
Every method runs on any board, holes included.
"""

from __future__ import annotations

import _thread
from array import array
from types import ModuleType
from typing import Callable

from ..model._board import KNIGHT_MOVES, Board, neighbour_lists
from ..model._deadline import expired
from ..model._errors import InvalidInputError, WarnsdorffStuckError
from ..model._memory import check_memory
from ..model._status import EXHAUSTED, FOUND, LIMIT
from . import _kernels
from ._splitmix import seed_state

Method = Callable[[Board, int, bool, int, "int | None", float], "tuple[int, int, array[int] | None]"]

#: (core, board) -> (nodes, squares) of the closed tour found from the board's first square.
_closed_tours: dict[tuple[ModuleType, Board], tuple[int, array[int] | None]] = {}
_closed_tours_lock = _thread.allocate_lock()  # (threading.Lock) evicting iterates the dict: not while another writes

#: Boards whose closed tour _closed_tours keeps, of at most CLOSED_TOUR_SQUARES squares each
#: (so at most 8 × 40 kB are kept after the calls return).
CLOSED_TOURS_KEPT = 8
CLOSED_TOUR_SQUARES = 10_000


#: Bytes the compiled core takes per cell of the board set in its border (as wide as the
#: longest leap), and per square (see _core.pyx's search); the twin's Python lists per cell.
CORE_CELL_BYTES = 8 + 4 + 4 + 5
CORE_SQUARE_BYTES = 8 * 4 + 4 * 2 + 2
TWIN_CELL_BYTES = 120


def search_bytes(board: Board) -> int:
    """About the most memory a search of board takes, on either core: the compiled core's
    bordered grid grows with the square of the longest leap."""
    border = max(board.moves)
    bordered = (board.rows + 2 * border) * (board.cols + 2 * border)
    cells = board.rows * board.cols
    return max(bordered * CORE_CELL_BYTES + len(board) * CORE_SQUARE_BYTES, cells * TWIN_CELL_BYTES)


def _closed_from_first(board: Board, budget: int, deadline: float) -> tuple[int, int, array[int] | None]:
    """The core's closed tour from the board's first square (kept once found: it serves every
    start, and every budget at least as large as the nodes it took)."""
    key = (_kernels.core, board)
    kept = _closed_tours.get(key)
    if kept is not None and kept[0] <= budget:
        return FOUND, kept[0], kept[1]
    if board.topology is not None:
        from ._graph import graph_search  # here, not at import knight (start-up)

        status, nodes, squares = graph_search(board, board.first - 1, True, budget, deadline)
    else:
        status, nodes, squares = _kernels.core.search(
            board.rows, board.cols, board.mask, board.first - 1, True, budget, board.steps, deadline
        )
    if status == FOUND and len(board) <= CLOSED_TOUR_SQUARES:
        with _closed_tours_lock:
            if len(_closed_tours) >= CLOSED_TOURS_KEPT:
                _closed_tours.pop(next(iter(_closed_tours)))
            _closed_tours[key] = nodes, squares
    return status, nodes, squares


def rotated(squares: array[int], start: int) -> array[int]:
    """The closed tour squares, begun at the 0-based square start."""
    turn = squares.index(start + 1)
    return squares[turn:] + squares[:turn]


def backtrack(
    board: Board, start: int, closed: bool, budget: int, seed: int | None, deadline: float
) -> tuple[int, int, array[int] | None]:
    """Warnsdorff-ordered backtracking with pruning and restarts: the compiled core.

    A closed tour passes every square, so one is searched for from the board's first
    square, once a board, and rotated to begin at start. Open knight's tours of whole
    boards four squares wide go half by half (see _narrow). Boards that wrap, and boxes,
    go to the graph search (see _graph).
    """
    if closed:
        status, nodes, squares = _closed_from_first(board, budget, deadline)
        return status, nodes, None if squares is None else rotated(squares, start)
    if _in_halves(board):
        from ._narrow import four_wide  # here, not at import knight

        return four_wide(board.rows, board.cols, start, budget, KNIGHT_MOVES, deadline)
    if board.topology is not None:
        from ._graph import graph_search

        return graph_search(board, start, False, budget, deadline)
    return _kernels.core.search(board.rows, board.cols, board.mask, start, False, budget, board.steps, deadline)


def _in_halves(board: Board) -> bool:
    """Whether backtrack searches the board's open tours half by half (see _narrow)."""
    return 4 in board.size and board.is_knights_rectangle


def backtrack_tracer(board: Board, start: int, closed: bool, budget: int, chunk: int) -> _kernels.core.Tracer:
    """The search backtrack runs, as a core Tracer giving its records chunk ints at a time: a
    closed tour's from the board's first square (backtrack rotates it to begin at start).
    InvalidInputError for the open tours of boards backtrack searches half by half."""
    if not closed and _in_halves(board):
        raise InvalidInputError(
            f"method 'backtrack' searches {board.name} half by half, which trace does not follow; "
            "use 'ordered' or 'warnsdorff'"
        )
    check_memory(search_bytes(board), f"the search of {board.name}")
    first = board.first - 1 if closed else start
    return _kernels.core.Tracer(board.rows, board.cols, board.mask, first, closed, budget, board.steps, chunk)


def warnsdorff_trace(
    board: Board, start: int, closed: bool, budget: int, deadline: float
) -> tuple[int, int, array[int], array[int]]:
    """warnsdorff's walk with its records: (status, nodes, squares, records); a stuck walk is EXHAUSTED."""
    return _kernels.walk.warnsdorff_trace(
        board.rows, board.cols, board.mask, start, closed, budget, board.steps, deadline
    )


def _free_cells(board: Board) -> bytearray:
    """1 for each cell that is a square, 0 for a hole: every square free."""
    mask = board.mask
    return bytearray(b"\x01") * (board.rows * board.cols) if mask is None else bytearray(mask)


def _squares(path: list[int]) -> array[int]:
    return array("i", [square + 1 for square in path])


def warnsdorff(
    board: Board, start: int, closed: bool, budget: int, seed: int | None, deadline: float
) -> tuple[int, int, array[int] | None]:
    """Warnsdorff's rule alone, ties to the lowest move index (seed 002); no backtracking.

    The walk runs in the kernel (_kernels.walk). Raises WarnsdorffStuckError, carrying the
    partial path, when the rule gets stuck (or, for a closed tour, ends away from the start).
    """
    status, nodes, squares = _kernels.walk.warnsdorff(
        board.rows, board.cols, board.mask, start, closed, budget, board.steps, deadline
    )
    if status != EXHAUSTED:
        return status, nodes, squares if status == FOUND else None
    if expired(deadline):  # the path's list (millions of squares) and the sentence are not made past it
        return LIMIT, nodes, None
    n = len(board)
    where = f"from {board.square_name(start + 1)} on {board.name}"
    if len(squares) < n:
        why = f"got stuck on {board.square_name(squares[-1])} after {len(squares)} of {n} squares"
    else:
        why = f"ended on {board.square_name(squares[-1])}, not a leap from the start"
    raise WarnsdorffStuckError(f"Warnsdorff's rule {where} {why}", squares)


def random_warnsdorff(
    board: Board, start: int, closed: bool, budget: int, seed: int | None, deadline: float
) -> tuple[int, int, array[int] | None]:
    """Warnsdorff's rule with random tie-breaks, drawn from SplitMix64 (see _splitmix).

    Open tours: walks restarted until one succeeds (seed 004). Closed tours, which such
    walks seldom find on larger boards: a walk closed by Pósa rotations. Both run in the
    kernel (_kernels.walk: random_walk, closed_walk). seed makes the run reproducible,
    the same tour on both cores and from one release to the next; every attempt's squares
    count against budget.
    """
    state = seed_state(seed)
    if closed:
        return _kernels.walk.closed_walk(
            board.rows, board.cols, board.mask, start, budget, board.steps, state, deadline
        )
    return _kernels.walk.random_walk(
        board.rows, board.cols, board.mask, start, False, budget, board.steps, state, deadline
    )


def _fixed_order(
    neighbours: list[list[int]],
    free: bytearray,
    start: int,
    closed: bool,
    budget: int,
    deadline: float,
    records: array[int] | None = None,
    degrees: list[list[int]] | None = None,
) -> tuple[int, int, array[int] | None]:
    """Backtracking that tries each square's neighbours in list order, without pruning.

    free marks the squares (1) and holes (0) of the board. With records, appends the
    search's records as the search core's Tracer does (squares placed and taken back; with
    degrees, each neighbour's rank key, the choices too).
    """
    n = free.count(1)
    free[start] = 0
    path = [start]
    cursors = [0]
    nodes = 1
    if records is not None:
        records.extend((1, start + 1, 1))
    while path:
        square = path[-1]
        if len(path) == n and (not closed or start in neighbours[square]):
            return FOUND, nodes, _squares(path)
        options = neighbours[square]
        i = cursors[-1]
        while i < len(options) and not free[options[i]]:
            i += 1
        if i < len(options):
            if nodes >= budget or (nodes % _kernels.core.CHECK_EVERY == 0 and expired(deadline)):
                return LIMIT, nodes, None
            nodes += 1
            cursors[-1] = i + 1
            free[options[i]] = 0
            if records is not None:
                _record_step(records, options, i, free, len(path), None if degrees is None else degrees[square])
            path.append(options[i])
            cursors.append(0)
        else:
            if records is not None:
                records.extend((2, square + 1, len(path)))
            free[path.pop()] = 1
            cursors.pop()
    return EXHAUSTED, nodes, None


def _record_step(
    records: array[int], options: list[int], i: int, free: bytearray, move: int, keys: list[int] | None
) -> None:
    """Append the records of options[i] placed as move move + 1: the choice first, when keys
    rank the options (the candidates options[i:] still free, options[i] itself just taken)."""
    if keys is not None:
        chosen = [j for j in range(i, len(options)) if j == i or free[options[j]]]
        records.extend((3, move + 1, len(chosen)))
        for j in chosen:
            records.extend((options[j] + 1, keys[j]))
    records.extend((1, options[i] + 1, move + 1))


def _seed_001_order(moves: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """moves in seed 001's order: clockwise from (+a, +b); for the knight (1, 2), (2, 1), (2, -1), ..."""
    turn = next(i for i, (dr, dc) in enumerate(moves) if dr > 0 and dc > 0 or dr == 0 < dc)
    return moves[turn:] + moves[:turn]


def _seed_001_lists(board: Board, deadline: float) -> list[list[int]]:
    """Each cell's neighbours on the board in seed 001's move order (OutOfTime past the deadline)."""
    return neighbour_lists(board.rows, board.cols, _seed_001_order(board.steps), board.mask, deadline)


def plain(
    board: Board, start: int, closed: bool, budget: int, seed: int | None, deadline: float
) -> tuple[int, int, array[int] | None]:
    """Unordered backtracking in seed 001's fixed move order (its first program)."""
    return _fixed_order(_seed_001_lists(board, deadline), _free_cells(board), start, closed, budget, deadline)


def _ranked(board: Board, deadline: float) -> list[list[int]]:
    """Each cell's neighbours sorted by their own number of moves, ties to the later move in seed 001's order."""
    neighbours = _seed_001_lists(board, deadline)
    return [
        [t for _, _, t in sorted((len(neighbours[t]), -i, t) for i, t in enumerate(squares))] for squares in neighbours
    ]


def ordered(
    board: Board, start: int, closed: bool, budget: int, seed: int | None, deadline: float
) -> tuple[int, int, array[int] | None]:
    """Backtracking with each square's moves sorted once, before the search, by their
    target's number of moves, ties to the later move in seed 001's order (its second program)."""
    return _fixed_order(_ranked(board, deadline), _free_cells(board), start, closed, budget, deadline)


def fixed_order_trace(
    board: Board, rule: bool, start: int, closed: bool, budget: int, deadline: float
) -> tuple[int, int, array[int] | None, array[int]]:
    """plain (rule False) or ordered (rule True) with the search's records: (status, nodes,
    squares, records); ordered's choices carry each candidate's number of moves."""
    records = array("i")
    if not rule:
        return (
            *_fixed_order(
                _seed_001_lists(board, deadline), _free_cells(board), start, closed, budget, deadline, records
            ),
            records,
        )
    ranked = _ranked(board, deadline)
    moves = [len(squares) for squares in ranked]
    keys = [[moves[t] for t in squares] for squares in ranked]
    return (*_fixed_order(ranked, _free_cells(board), start, closed, budget, deadline, records, keys), records)
