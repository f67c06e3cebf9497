"""Tours of boards that are not flat rectangles (cylinders, tori, twisted surfaces, boxes), by the
core's graph search.

The board gives its graph as flat int32 CSR (Board.neighbour_table); the squares become the
vertices 0..n-1 (holes left out), and the core's graph_path looks for a Hamiltonian path.
The other questions become paths too, on the graph with a vertex or two added:

* a fixed end e: a new vertex joined to e alone must end the path (a vertex of one
  neighbour can only be an end, and the search prunes on that), so the path reaches it
  through e;
* a closed tour from s: a twin s' of s, joined to s's neighbours, and a new vertex joined
  to s' alone; a path from s ends ..., x, s', end with x a neighbour of s, so leaving out
  the two new vertices leaves a cycle through every square.

Searches run in rounds, as the core's on rectangles: round r places at most 8·n·2^r
vertices and breaks Warnsdorff's ties by the tie-break keys of _order (round 0 prefers
squares far from the centre of the cells' layout, later rounds a hash), which here order
each neighbour list (the graph search breaks ties in list order). A round that finishes
within its budget is exhaustive, so a no is a proof.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left

from ..model._board import Board
from ..model._deadline import CELLS_PER_LOOK, OutOfTime, chunks, expired
from ..model._status import EXHAUSTED, FOUND, LIMIT
from . import _kernels
from ._order import tie_breaks


def _vertices(board: Board, when: float) -> tuple[array[int], array[int], array[int]]:
    """(offsets, targets, cells) of the board's graph over its squares: vertex v is cell cells[v]."""
    offsets, targets = board._neighbour_table(when)
    if board.mask is None:
        return offsets, targets, array("i", range(len(offsets) - 1))
    cells = array("i", board._cells())
    vertex = array("i", [-1]) * (len(offsets) - 1)
    for some in chunks(len(cells), when, CELLS_PER_LOOK * 64):
        for index in some:
            vertex[cells[index]] = index
    # a hole has no neighbours and is no square's: the squares' lists, in order, are the targets as they are
    new_targets, piece = array("i"), CELLS_PER_LOOK * 64
    for some in chunks(len(targets) // piece + 1, when, 1):
        for first in some:
            new_targets.extend(map(vertex.__getitem__, targets[first * piece : (first + 1) * piece]))
    new_offsets = array("i", map(offsets.__getitem__, cells))
    new_offsets.append(len(targets))
    return new_offsets, new_targets, cells


def _ordered(offsets: array[int], targets: array[int], keys: list[int], when: float) -> array[int]:
    """targets with each vertex's neighbours sorted by keys (stable: ties keep the move order)."""
    ordered = array("i")
    for some in chunks(len(offsets) - 1, when):
        for v in some:
            ordered.extend(sorted(targets[offsets[v] : offsets[v + 1]], key=keys.__getitem__))
    return ordered


def _augmented(
    offsets: array[int], targets: array[int], start: int, end: int | None, closed: bool
) -> tuple[array[int], array[int]]:
    """The graph with the vertices that make a closed tour or a fixed end a path (module docstring):
    the new vertices' lists come last, and each old vertex that gains a neighbour gains it last."""
    n = len(offsets) - 1
    extra: dict[int, list[int]] = {}  # vertex -> the new vertices it is joined to
    rows: list[array[int]] = []
    if closed:
        twin, last = n, n + 1
        for neighbour in targets[offsets[start] : offsets[start + 1]]:
            extra.setdefault(neighbour, []).append(twin)
        rows = [targets[offsets[start] : offsets[start + 1]] + array("i", [last]), array("i", [twin])]
    elif end is not None:
        extra[end] = [n]
        rows = [array("i", [end])]
    new_offsets, new_targets = array("i", offsets), array("i")
    done = 0
    for vertex in sorted(extra):  # the old lists copied whole between the vertices that gain one
        new_targets.extend(targets[offsets[done] : offsets[vertex + 1]])
        new_targets.extend(extra[vertex])
        done = vertex + 1
    new_targets.extend(targets[offsets[done] :])
    shift = 0
    for vertex in range(n):  # the offsets move by the new neighbours before them
        new_offsets[vertex] += shift
        shift += len(extra.get(vertex, ()))
    new_offsets[n] += shift
    for row in rows:
        new_offsets.append(new_offsets[-1] + len(row))
        new_targets.extend(row)
    return new_offsets, new_targets


def graph_search(
    board: Board, start: int, closed: bool, budget: int, deadline: float, end: int | None = None
) -> tuple[int, int, array[int] | None]:
    """(status, nodes, squares) of a tour of board from the 0-based cell start (to cell end, when
    given; closed when asked), as the search methods return them. A budget smaller than the
    board cannot place a tour: LIMIT at once, the budget counted as spent, before the graph is laid out.
    The set-up (the table, each round's order) looks at the clock every few thousand squares:
    LIMIT, with the nodes searched so far, once the deadline passes."""
    if budget < len(board):
        return LIMIT, budget, None
    nodes = 0
    try:
        offsets, targets, cells = _vertices(board, deadline)
        n = len(cells)
        holes = board.mask is not None
        first = bisect_left(cells, start) if holes else start  # cells ascend: vertex v is cells[v]
        last = None if end is None else bisect_left(cells, end) if holes else end
        if closed and n < 3:
            return EXHAUSTED, 0, None
        round_ = 0
        while True:
            if expired(deadline):  # before the tie-breaks, a list of the board's cells
                raise OutOfTime
            keys = tie_breaks(board.rows, board.cols, round_, deadline)
            if holes:
                keys = list(map(keys.__getitem__, cells))
            ordered = _ordered(offsets, targets, keys, deadline)
            del keys
            graph = (
                _augmented(offsets, ordered, first, last, closed) if closed or last is not None else (offsets, ordered)
            )
            del ordered
            allowed = min(8 * n << round_, budget - nodes)
            status, used, path = _kernels.core.graph_path(*graph, first, allowed, deadline)
            nodes += used
            if status == FOUND:
                assert path is not None
                return status, nodes, array("i", [cells[v] + 1 for v in path[:n]])
            if status == EXHAUSTED or nodes >= budget or used < allowed:  # used < allowed: the deadline
                return status, nodes, None
            round_ += 1
    except OutOfTime:
        return LIMIT, nodes, None
