"""Open knight's tours of boards four squares wide, found half by half.

On a 4×n board call the two edge lines along the long side outer, the two middle lines
inner. Every move from an outer square lands on an inner one, so (see _existence) an
open tour starts and ends on outer squares and alternates outer, inner, ... but for a
single inner-to-inner step. Colours alternate along any path, so before that step the
tour visits exactly the outer squares of its start's colour and the inner squares of the
other colour (the first half), and after it the remaining squares (the second half).

Each half has 2n squares and at most four moves a square, so a short search finds its
Hamiltonian paths: the second half's from an inner square f, and the first half's from
the start to the inner square e a move from f (forced to end there by a pendant square
hung on e). Pairs (e, f) are tried with f nearest an end of the board first; a plain
Warnsdorff backtracker over the whole board stalls for millions of nodes on these boards.
The paths are the search core's (graph_path, compiled or its twin), on the halves as
flat arrays.
"""

from __future__ import annotations

from array import array

from ..model._board import neighbour_lists
from ..model._deadline import NEVER, expired
from ..model._status import EXHAUSTED, FOUND, LIMIT
from . import _kernels

#: Node budget of one search of a half before the next pair (e, f) is tried.
ATTEMPT_NODES = 4_000


def _half(neighbours: list[list[int]], members: list[int]) -> tuple[list[list[int]], dict[int, int]]:
    """The subgraph on members, in members' own numbering, and that numbering."""
    index = {square: i for i, square in enumerate(members)}
    return [[index[t] for t in neighbours[square] if t in index] for square in members], index


def _flat(graph: list[list[int]]) -> tuple[array[int], array[int]]:
    """graph as the search core's int32 arrays (offsets, targets): v's neighbours are
    targets[offsets[v]:offsets[v + 1]], in graph[v]'s order."""
    offsets = array("i", [0])
    targets = array("i")
    for row in graph:
        targets.extend(row)
        offsets.append(len(targets))
    return offsets, targets


def _path(
    graph: tuple[array[int], array[int]], start: int, budget: int, deadline: float
) -> tuple[int, int, array[int] | None]:
    """A Hamiltonian path of graph (flat) from start: one round of the search core, ties in list order."""
    return _kernels.core.graph_path(*graph, start, budget, deadline)


def four_wide(
    rows: int, cols: int, start: int, budget: int, moves: tuple[tuple[int, int], ...], deadline: float = NEVER
) -> tuple[int, int, array[int] | None]:
    """Open knight's tour of a board four wide from outer square index start; as search().

    The deadline is checked between pairs (e, f), a few thousand nodes apart."""
    neighbours = neighbour_lists(rows, cols, moves)
    length = cols if rows == 4 else rows

    def outer(square: int) -> bool:
        return (square // cols if rows == 4 else square % cols) in (0, 3)

    def along(square: int) -> int:
        return square % cols if rows == 4 else square // cols

    def colour(square: int) -> int:
        return (square // cols + square % cols) % 2

    first_colour = colour(start)
    first = [q for q in range(rows * cols) if outer(q) == (colour(q) == first_colour)]
    second = [q for q in range(rows * cols) if outer(q) != (colour(q) == first_colour)]
    graph_one, in_one = _half(neighbours, first)
    graph_two, in_two = _half(neighbours, second)
    pairs = sorted(
        ((e, f) for e in first if not outer(e) for f in neighbours[e] if f in in_two),
        key=lambda pair: min(along(pair[1]), length - 1 - along(pair[1])),
    )
    nodes = 0
    status = EXHAUSTED
    tails: dict[int, array[int] | None] = {}
    flat_two = _flat(graph_two)
    for e, f in pairs:
        if f not in tails:
            found, used, tail = _path(flat_two, in_two[f], min(ATTEMPT_NODES, budget - nodes), deadline)
            nodes += used
            status = LIMIT if found == LIMIT else status
            tails[f] = tail
        tail = tails[f]
        if tail is not None:
            pendant = len(first)
            graph = [*graph_one, [in_one[e]]]
            graph[in_one[e]] = [*graph_one[in_one[e]], pendant]
            found, used, head = _path(_flat(graph), in_one[start], min(ATTEMPT_NODES, budget - nodes), deadline)
            nodes += used
            status = LIMIT if found == LIMIT else status
            if head is not None:
                squares = [first[i] + 1 for i in head[:-1]] + [second[i] + 1 for i in tail]
                return FOUND, nodes, array("i", squares)
        if nodes >= budget or expired(deadline):
            return LIMIT, nodes, None
    return status, nodes, None
