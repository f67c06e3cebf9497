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

from ..model._board import Board
from ..model._status import EXHAUSTED, FOUND, LIMIT
from . import _kernels
from ._order import tie_breaks


def _vertices(board: Board) -> tuple[array, array, array]:
    """(offsets, targets, cells) of the board's graph over its squares: vertex v is cell cells[v]."""
    offsets, targets = board.neighbour_table()
    mask = board.mask
    if mask is None:
        return offsets, targets, array("i", range(len(offsets) - 1))
    cells = array("i", board.cells())
    vertex = array("i", [-1]) * (len(offsets) - 1)
    for index, cell in enumerate(cells):
        vertex[cell] = index
    new_offsets, new_targets = array("i", [0]), array("i")
    for cell in cells:
        new_targets.extend(vertex[t] for t in targets[offsets[cell] : offsets[cell + 1]])
        new_offsets.append(len(new_targets))
    return new_offsets, new_targets, cells


def _ordered(offsets: array, targets: array, keys: list[int]) -> array:
    """targets with each vertex's neighbours sorted by keys (stable: ties keep the move order)."""
    ordered = array("i")
    for v in range(len(offsets) - 1):
        ordered.extend(sorted(targets[offsets[v] : offsets[v + 1]], key=keys.__getitem__))
    return ordered


def _augmented(offsets: array, targets: array, start: int, end: int | None, closed: bool) -> tuple[array, array]:
    """The graph with the vertices that make a closed tour or a fixed end a path (module docstring)."""
    n = len(offsets) - 1
    lists = [targets[offsets[v] : offsets[v + 1]] for v in range(n)]
    if closed:
        twin, last = n, n + 1
        for neighbour in lists[start]:
            lists[neighbour].append(twin)
        lists.append(array("i", lists[start]) + array("i", [last]))
        lists.append(array("i", [twin]))
    elif end is not None:
        last = n
        lists[end].append(last)
        lists.append(array("i", [end]))
    new_offsets, new_targets = array("i", [0]), array("i")
    for row in lists:
        new_targets.extend(row)
        new_offsets.append(len(new_targets))
    return new_offsets, new_targets


def graph_search(
    board: Board, start: int, closed: bool, budget: int, deadline: float, end: int | None = None
) -> tuple[int, int, array | None]:
    """(status, nodes, squares) of a tour of board from the 0-based cell start (to cell end, when
    given; closed when asked), as the search methods return them. A budget smaller than the
    board cannot place a tour: LIMIT at once, the budget counted as spent, before the graph is laid out."""
    if budget < len(board):
        return LIMIT, budget, None
    offsets, targets, cells = _vertices(board)
    n = len(cells)
    vertex = {cell: v for v, cell in enumerate(cells)} if board.mask is not None else None
    first = start if vertex is None else vertex[start]
    last = None if end is None else end if vertex is None else vertex[end]
    if closed and n < 3:
        return EXHAUSTED, 0, None
    nodes, round_ = 0, 0
    while True:
        keys = tie_breaks(board.rows, board.cols, round_)
        if vertex is not None:
            keys = [keys[cell] for cell in cells]
        ordered = _ordered(offsets, targets, keys)
        graph = _augmented(offsets, ordered, first, last, closed) if closed or last is not None else (offsets, ordered)
        allowed = min(8 * n << round_, budget - nodes)
        status, used, path = _kernels.core.graph_path(*graph, first, allowed, deadline)
        nodes += used
        if status == FOUND:
            assert path is not None
            return status, nodes, array("i", [cells[v] + 1 for v in path[:n]])
        if status == EXHAUSTED or nodes >= budget or used < allowed:  # used < allowed: the deadline
            return status, nodes, None
        round_ += 1
