"""Pure-Python twin of the compiled search core (``_core.pyx``): same algorithm, same answers.

The search is an explicit stack of frames, one per square on the path, each holding the
square's candidate moves in Warnsdorff order: fewest onward moves (degree) first. Degrees
are kept up to date as squares are taken and released, never recounted. A frame gets
no candidates when the position is dead:

* a free neighbour of the new square has no free neighbour left (it could only be the
  last square, so this is dead unless exactly one square remains);
* more free squares have a single free neighbour than a path can end on (one for an
  open tour; none away from the knight for a closed one, whose end is fixed);
* for a closed tour, the start has no free neighbour left to come home from;
* once the search has backtracked, the free squares are not all reachable from the
  knight (a flood fill, skipped on the first descent, which usually succeeds).

In a closed search the start keeps counting as free in its neighbours' degrees: the
path must come back to it.

Warnsdorff's rule has traps (on 5×n boards, for instance) where a bad early choice
costs millions of nodes. So the search runs in rounds: round r is a complete depth-first
search stopped after 8·n·2^r nodes, and each round breaks degree ties its own way:
round 0 prefers the square farther from the centre of the board, later rounds use a
fixed hash of (round, square). Ties left after that go to the earlier move in the move
list. A round that finishes within its budget is exhaustive, so a "no" is a proof; as
budgets double, the rounds together cost at most about twice the last one.
"""

from __future__ import annotations

from array import array

from .._board import neighbour_lists
from .._status import EXHAUSTED, FOUND, LIMIT

__all__ = ["EXHAUSTED", "FOUND", "LIMIT", "search"]

_MASK = 0xFFFFFFFF


def _tie_breaks(rows: int, cols: int, round_: int) -> list[int]:
    """Secondary sort key of each square in round round_ (smaller goes first)."""
    if round_ == 0:
        return [-((2 * row - rows + 1) ** 2 + (2 * col - cols + 1) ** 2) for row in range(rows) for col in range(cols)]
    salt = (round_ * 0x85EBCA77) & _MASK
    keys = []
    for square in range(rows * cols):
        x = ((square + 1) * 0x9E3779B1 + salt) & _MASK
        x ^= x >> 15
        x = (x * 0x2C1B3C6D) & _MASK
        keys.append(x ^ (x >> 12))
    return keys


def search(
    rows: int, cols: int, mask: bytes | None, start: int, closed: bool, max_nodes: int, moves
) -> tuple[int, int, array | None]:
    """Find a tour from cell index start; return (status, nodes, squares).

    The board is the rows×cols rectangle less the cells where mask (rows*cols bytes, or
    None for none) is 0. status is FOUND, EXHAUSTED (proof that no tour starts there) or
    LIMIT (max_nodes squares placed, counted over all rounds, without an answer);
    squares is an int32 array of the tour's 1-based square numbers when FOUND.
    """
    on_board = bytearray(b"\x01") * (rows * cols) if mask is None else bytearray(mask)
    n = on_board.count(1)
    neighbours = neighbour_lists(rows, cols, moves, mask)
    nodes = 0
    round_ = 0
    while True:
        budget = min(8 * n << round_, max_nodes - nodes)
        tie_break = _tie_breaks(rows, cols, round_)
        status, used, path = depth_first(neighbours, start, closed, budget, tie_break, on_board)
        nodes += used
        if status != LIMIT:
            return status, nodes, array("i", [square + 1 for square in path]) if status == FOUND else None
        if nodes >= max_nodes:
            return LIMIT, nodes, None
        round_ += 1


def reachable(neighbours, free, mark: list[int], stamp: int, square: int) -> int:
    """How many free squares a flood fill from square reaches through free squares; it
    marks them with stamp (a value mark holds nowhere yet), so no square counts twice."""
    reached = 0
    todo = [square]
    while todo:
        for neighbour in neighbours[todo.pop()]:
            if free[neighbour] and mark[neighbour] != stamp:
                mark[neighbour] = stamp
                reached += 1
                todo.append(neighbour)
    return reached


def depth_first(neighbours, start: int, closed: bool, budget: int, tie_break: list[int], on_board=None):
    """One round: depth-first search placing at most budget squares; (status, nodes, path).

    on_board marks the cells that are squares (1) or holes (0); without it every cell is
    a square.
    """
    free = bytearray(b"\x01") * len(neighbours) if on_board is None else bytearray(on_board)
    n = free.count(1)
    degree = [len(squares) for squares in neighbours]
    ones = degree.count(1)
    home = bytearray(len(neighbours))
    if closed:
        for square in neighbours[start]:
            home[square] = 1
    links_home = len(neighbours[start])
    mark = [0] * len(neighbours)
    stamp = 0
    backtracked = False
    path = [0] * n
    candidates: list[list[int]] = [[]] * n
    cursor = [0] * n

    def order(square: int) -> tuple[int, int]:
        return degree[square], tie_break[square]

    def take(square: int, keep_counted: bool) -> None:
        nonlocal ones, links_home
        free[square] = 0
        if degree[square] == 1:
            ones -= 1
        if home[square]:
            links_home -= 1
        if keep_counted:
            return
        for neighbour in neighbours[square]:
            if free[neighbour]:
                count = degree[neighbour]
                degree[neighbour] = count - 1
                if count == 1:
                    ones -= 1
                elif count == 2:
                    ones += 1

    def release(square: int) -> None:
        nonlocal ones, links_home
        for neighbour in neighbours[square]:
            if free[neighbour]:
                count = degree[neighbour]
                degree[neighbour] = count + 1
                if count == 1:
                    ones -= 1
                elif count == 0:
                    ones += 1
        free[square] = 1
        if degree[square] == 1:
            ones += 1
        if home[square]:
            links_home += 1

    def connected(square: int, remaining: int) -> bool:
        """Whether every free square can be reached from square through free squares."""
        nonlocal stamp
        stamp += 1
        return reachable(neighbours, free, mark, stamp, square) == remaining

    def expand(square: int, depth: int) -> bool:
        """Fill frame depth with square's candidates; True when the path is a tour."""
        remaining = n - depth - 1
        cursor[depth] = 0
        candidates[depth] = []
        if remaining == 0:
            return not closed or home[square] == 1
        moves_out = []
        next_to_knight = 0
        for neighbour in neighbours[square]:
            if free[neighbour]:
                count = degree[neighbour]
                if count == 0 and (closed or remaining > 1):
                    return False
                next_to_knight += count == 1
                moves_out.append(neighbour)
        if ones - next_to_knight > (0 if closed else 1) or (closed and links_home == 0):
            return False
        if backtracked and not connected(square, remaining):
            return False
        moves_out.sort(key=order)
        candidates[depth] = moves_out
        return False

    take(start, closed)
    path[0] = start
    nodes = 1
    found = expand(start, 0)
    depth = 1
    while not found:
        top = depth - 1
        frame = candidates[top]
        position = cursor[top]
        if position < len(frame):
            if nodes >= budget:
                return LIMIT, nodes, None
            nodes += 1
            cursor[top] = position + 1
            square = frame[position]
            take(square, False)
            path[depth] = square
            found = expand(square, depth)
            depth += 1
        elif top:
            backtracked = True
            release(path[top])
            depth -= 1
        else:
            return EXHAUSTED, nodes, None
    return FOUND, nodes, path
