"""Closed knight's tours of large three-axis boxes in linear time: one closed tour of a layer,
stacked and spliced.

Every layer of the box along one axis (the layer axis) is a rectangle of the other two
(the plane), and every layer gets the same closed tour T of the plane (the rectangle's
construction). A move 1 along the layer axis and 2 along a plane axis (the shift d) joins
square c of layer k to square c + d of layer k + 1. Where T has an edge (u, v) and also the
edge (u + d, v + d), the cycles of layers k and k + 1 splice into one: drop both edges and
go u -> u + d (layer k + 1), round layer k + 1 the long way to v + d, and back to v. Two such
pairs A and B, with the four edges distinct, splice every layer to the next (A between layers
k and k + 1 for even k, B for odd k), so each layer loses at most two distinct edges and the
chain of splices leaves one cycle through every square.

The tour is written in order, layer by layer: layer 0 from v round to u (A = (u, v)), then
the excursion into layer 1 entered at u + d, which in turn holds the excursion into layer 2
where it meets its splice edge, and so on; the tails left behind are written once the last
layer is done. Memory: the tour's int32 array, plus the plane's tour and a list of tails
(one plane's worth of squares each, at most one per layer).
"""

from __future__ import annotations

from array import array
from typing import Iterator

from ..model._board import Board, rectangle
from ..model._deadline import NEVER, chunks
from ._tour import build, covers

#: The shifts d along the plane's (row, col) that a move one layer up can make.
SHIFTS = ((2, 0), (0, 2))


def _pairs(
    tour: array[int], rows: int, cols: int, when: float = NEVER
) -> tuple[int, tuple[int, int], tuple[int, int]] | None:
    """(d, A, B): a shift and two edges A, B of the closed plane tour (0-based cells) such that
    A + d and B + d are edges too, the four distinct; None when the tour has no such pairs.
    OutOfTime once the deadline when passes (the clock looked at every few thousand cells)."""
    n = len(tour)
    where = array("i", bytes(4 * n))
    for part in chunks(n, when):
        for index in part:
            where[tour[index]] = index

    def edge(a: int, b: int) -> bool:
        return (where[a] - where[b]) % n in (1, n - 1)

    for dr, dc in SHIFTS:
        if rows < dr + 2 or cols < dc + 2:  # a move's two rows (columns) and the shift's do not fit
            continue
        found: list[tuple[int, int]] = []
        for index in (index for part in chunks(n, when) for index in part):
            u, v = tour[index], tour[(index + 1) % n]
            (ur, uc), (vr, vc) = divmod(u, cols), divmod(v, cols)
            if max(ur, vr) + dr >= rows or max(uc, vc) + dc >= cols:
                continue
            shift = dr * cols + dc
            if not edge(u + shift, v + shift):
                continue
            taken = {frozenset(e) for a, b in found for e in ((a, b), (a + shift, b + shift))}
            if frozenset((u, v)) in taken or frozenset((u + shift, v + shift)) in taken:
                continue
            found.append((u, v))
            if len(found) == 2:
                return shift, found[0], found[1]
    return None


def _planes(board: Board) -> Iterator[tuple[int, tuple[int, ...], Board]]:
    """(layer axis, plane axes, the plane's rectangle) for each layer axis, the thinnest first,
    whose plane the rectangle's construction closes."""
    shape = board.shape
    for axis in sorted(range(3), key=lambda a: shape[a]):  # the thinnest axis across the layers
        plane = tuple(a for a in range(3) if a != axis)
        flat = rectangle(shape[plane[0]], shape[plane[1]])
        if covers(flat, 0, True):
            yield axis, plane, flat


def _layout(
    board: Board, when: float = NEVER
) -> tuple[int, tuple[int, ...], array[int], tuple[int, tuple[int, int], tuple[int, int]]] | None:
    """(layer axis, plane axes, plane tour, pairs) for the first layer axis whose plane the
    rectangle's construction closes and whose tour has splice pairs; None when none has.
    OutOfTime once the deadline when passes."""
    for axis, plane, flat in _planes(board):
        tour = array("i", build(flat, 0, True))
        for part in chunks(len(tour), when):
            for index in part:
                tour[index] -= 1
        pairs = _pairs(tour, flat.rows, flat.cols, when)
        if pairs is not None:
            return axis, plane, tour, pairs
    return None


def applies(board: Board) -> bool:
    """Whether a stacked closed tour may be built for board, at once (no tour is laid out): a whole
    knight's box of three axes, two layers or more, with a plane the construction closes; build_box
    says None when no such plane's tour has splice pairs (see _layout)."""
    topology = board.topology
    if topology is None or topology.axes != 3 or board.mask is not None or board.moves != (1, 2):
        return False
    return min(board.shape) >= 2 and next(_planes(board), None) is not None


def build_box(board: Board, start: int, closed: bool, when: float = NEVER) -> array[int] | None:
    """The squares (1-based) of a closed tour of the box from the 0-based cell start (applies() first),
    or None when no plane's tour has splice pairs; an open tour is the closed one without its last
    move. OutOfTime once the deadline when passes while the layout is found (the tour itself is
    written in one pass, in time linear in the box: the caller refuses a deadline it cannot meet)."""
    layout = _layout(board, when)
    if layout is None:
        return None
    axis, (p, q), tour, (shift, first, second) = layout
    shape, n = board.shape, len(tour)
    strides = (shape[1] * shape[2], shape[2], 1)
    cols = shape[q]
    offset = array("i", [(cell // cols) * strides[p] + (cell % cols) * strides[q] + 1 for cell in range(n)])
    twice = tour + tour
    where = array("i", bytes(4 * n))
    for index, cell in enumerate(tour):
        where[cell] = index
    out = array("i")
    tails: list[tuple[array[int], int]] = []
    u, v = first
    out.extend(offset[cell] for cell in twice[where[v] : where[v] + n])  # layer 0: from v round to u
    a, b = u + shift, v + shift  # layer 1 is entered at a and left from b
    layers = shape[axis]
    for layer in range(1, layers):
        base = layer * strides[axis]
        sequence = _long_way(twice, where, n, a, b)
        if layer + 1 == layers:
            out.extend(offset[cell] + base for cell in sequence)
            break
        x, y = second if layer % 2 else first  # the splice to the next layer
        cut = max(sequence.index(x), sequence.index(y))  # its two squares are next to each other here
        out.extend(offset[cell] + base for cell in sequence[:cut])
        tails.append((sequence[cut:], base))
        a, b = sequence[cut - 1] + shift, sequence[cut] + shift
    for tail, base in reversed(tails):
        out.extend(offset[cell] + base for cell in tail)
    turn = out.index(start + 1)
    if turn:  # begin at start, with at most the head copied
        head = out[:turn]
        del out[:turn]
        out.extend(head)
    return out


def _long_way(twice: array[int], where: array[int], n: int, a: int, b: int) -> array[int]:
    """The plane tour's squares from a round to b, its neighbour, without the edge a-b."""
    if (where[b] - where[a]) % n == 1:  # b follows a: go backwards
        forward = twice[where[b] : where[b] + n]
        forward.reverse()
        return forward
    return twice[where[a] : where[a] + n]
