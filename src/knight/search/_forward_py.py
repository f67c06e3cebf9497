"""Pure-Python twin of the compiled forward core of the puzzle search (``_forward.pyx``):
same algorithm, same answers.

``search`` completes a path of n moves through every square when some squares already
hold fixed move numbers (a start, an end, a puzzle's givens), going forward from move 1.
(The other puzzle kernel, ``_fill`` / ``_fill_py``, narrows every move's squares at once: a
constraint search, stronger where many moves are given.) The caller (search/_solve) has
propagated the givens already and hands over:

* ``neighbours``: cells × width cell indices, -1 after a cell's last neighbour (width from
  MAX_MOVES, a plane's, to MAX_WIDTH: a box's knight has 24 moves);
* ``on_board``: per cell, 1 for a square, 0 for a hole;
* ``at_move``: per move 0..n, the cell holding it when fixed, else -1;
* ``given``: per cell, its fixed move or 0;
* ``distance``: per given slot j, per cell, the leaps from slot j's square through
  squares holding no fixed move (a lower bound on the moves between them), -1 if none;
* ``slot_after``: per move m, the slot of the first fixed move after m, or -1; and
  ``move_of_slot``: that slot's move number;
* ``latest``: per cell holding no fixed move, the last move it can hold (0 elsewhere);
* ``tie_break``: per cell, the third key of the candidates' order;
* ``starts``: the cells that may hold move 1, tried in order.

The search is an explicit stack of frames, one per move, each holding its candidate
squares sorted by fewest free onward moves (Warnsdorff), then by the earliest last
possible move (the most urgent square first), then by tie_break, then move order. Move
m + 1 goes on its fixed square when it has one (which must be a leap away); otherwise on a free
square holding no fixed move, close enough to the next fixed move's square to reach it
in time. A frame gets no candidates when the position is dead:

* a free neighbour of the new square has no free neighbour left, and more than one
  square remains;
* a free square with one free neighbour, not next to the knight, is not where the path
  may end (any such square when the end is open; more than one is dead);
* a free square's last possible move has passed, or more free squares must be placed
  before some later fixed move than there are moves left before it;
* the free squares are not all reachable from the knight (a flood fill);
* a free square next to the knight holding a fixed move k is left with fewer free
  squares around it than the moves k - 1 and k + 1 that are not fixed need;
* the next fixed move's square, at most NEAR moves ahead, is farther from the knight,
  through free squares, than the moves left before it.

Every DEADLINE_EVERY nodes the clock is read against the deadline (a time.monotonic()
reading); a search stopped by it or by the node budget reports LIMIT.
"""

from __future__ import annotations

import time
from array import array
from typing import Sequence

from ..model._status import EXHAUSTED, FOUND, LIMIT

__all__ = [
    "EXHAUSTED",
    "FOUND",
    "LIMIT",
    "MAX_MOVES",
    "MAX_WIDTH",
    "NEAR",
    "DEADLINE_EVERY",
    "search",
]

#: Most moves a square of a plane has; the narrowest row of a cell in ``neighbours``.
MAX_MOVES = 8

#: The widest row of a cell in ``neighbours`` (the compiled core counts a frame's candidates in a byte).
MAX_WIDTH = 255

#: The next fixed move's square is measured from the knight, through free squares, only
#: when at most NEAR moves are left before it: farther off, the breadth-first search
#: costs more than it prunes (the windows' static distances already bound it).
NEAR = 6

#: Nodes between two looks at the clock (fewer than the compiled core's 4096: a Python
#: node is slower).
DEADLINE_EVERY = 512

#: A node's pruning walks the board: on boards past CLOCK_CELLS // DEADLINE_EVERY cells the
#: clock is read every CLOCK_CELLS // cells nodes instead.
CLOCK_CELLS = 1 << 16


def search(
    neighbours: array[int],
    on_board: bytes,
    at_move: array[int],
    given: array[int],
    distance: array[int],
    slot_after: array[int],
    move_of_slot: array[int],
    latest: array[int],
    tie_break: array[int],
    starts: array[int],
    max_nodes: int,
    deadline: float,
) -> tuple[int, int, array[int] | None]:
    """Complete the path from each start in turn; return (status, nodes, cells).

    status is FOUND (cells: an int32 array, the cell of each move), EXHAUSTED (no
    completion exists) or LIMIT (max_nodes squares placed, or the deadline passed).
    """
    cells = len(on_board)
    n = len(at_move) - 1
    width = len(neighbours) // max(cells, 1)
    if not MAX_MOVES <= width <= MAX_WIDTH or len(neighbours) != cells * width:
        raise ValueError(f"neighbours must have {cells} × a width from {MAX_MOVES} to {MAX_WIDTH} entries")
    if len(given) != cells or len(latest) != cells or len(tie_break) != cells:
        raise ValueError(f"given, latest and tie_break must have {cells} entries")
    free = bytearray(on_board)
    degree = [0] * cells
    for cell in range(cells):
        if free[cell]:
            degree[cell] = sum(1 for i in range(width) if neighbours[cell * width + i] >= 0)
    end = at_move[n]
    state = _State(neighbours, free, degree, at_move, given, distance, slot_after, move_of_slot, n, end, width)
    state.deadlines(latest)
    state.tie_break = tie_break
    nodes = 0
    every = max(1, min(DEADLINE_EVERY, CLOCK_CELLS // max(cells, 1)))
    for start in starts:
        status, nodes = state.depth_first(start, nodes, max_nodes, deadline, every)
        if status != EXHAUSTED:
            return status, nodes, array("i", state.path) if status == FOUND else None
    return EXHAUSTED, nodes, None


class _State:
    """The board as the search changes it: free squares, their free-neighbour counts, the path."""

    def __init__(
        self,
        neighbours: array[int],
        free: bytearray,
        degree: list[int],
        at_move: array[int],
        given: array[int],
        distance: array[int],
        slot_after: array[int],
        move_of_slot: array[int],
        n: int,
        end: int,
        width: int,
    ) -> None:
        self.neighbours, self.free, self.degree, self.width = neighbours, free, degree, width
        self.at_move, self.given, self.distance = at_move, given, distance
        self.slot_after, self.move_of_slot = slot_after, move_of_slot
        self.n, self.end, self.cells = n, end, len(free)
        self.ones = sum(1 for cell in range(self.cells) if free[cell] and degree[cell] == 1)
        self.mark = [0] * self.cells
        self.stamp = 0
        self.path = [0] * n
        self.candidates: list[list[int]] = [[] for _ in range(n)]
        self.cursor = [0] * n
        self.tie_break: Sequence[int] = ()  # set by search: the order among equally good squares

    def deadlines(self, latest: array[int]) -> None:
        """For each move, the cells whose last possible move it is; per fixed-move slot, the
        free cells that must be placed before it (all of them free now)."""
        self.latest = latest
        self.due: list[list[int]] = [[] for _ in range(self.n + 1)]
        self.bucket = [-1] * self.cells
        self.pending = [0] * len(self.move_of_slot)
        for cell in range(self.cells):
            if self.free[cell] and not self.given[cell]:
                self.due[latest[cell]].append(cell)
                slot = self.slot_after[latest[cell]]
                self.bucket[cell] = slot
                if slot >= 0:
                    self.pending[slot] += 1

    def around(self, cell: int) -> list[int]:
        row = self.neighbours[cell * self.width : (cell + 1) * self.width]
        return [t for t in row if t >= 0]

    def step(self, cell: int, change: int) -> None:
        """Step onto cell (change -1) or back off it (+1): the free-neighbour
        counts around it, the squares with one free neighbour, the fixed move's pending count."""
        self.free[cell] = change > 0
        if self.degree[cell] == 1:
            self.ones += change
        if self.bucket[cell] >= 0:
            self.pending[self.bucket[cell]] += change
        for neighbour in self.around(cell):
            if self.free[neighbour]:
                before = self.degree[neighbour]
                self.degree[neighbour] = before + change
                self.ones += (before + change == 1) - (before == 1)

    def expand(self, cell: int, depth: int) -> bool:
        """Fill frame depth (the square of move depth + 1) with move depth + 2's candidates;
        True when the path is complete."""
        self.cursor[depth] = 0
        self.candidates[depth] = []
        remaining = self.n - depth - 1
        if remaining == 0:
            return True
        free, degree, end = self.free, self.degree, self.end
        next_to_knight = 0
        end_next = False
        for neighbour in self.around(cell):
            if free[neighbour]:
                count = degree[neighbour]
                if count == 0 and remaining > 1:
                    return False
                next_to_knight += count == 1
                end_next |= neighbour == end
        stray = self.ones - next_to_knight
        if end >= 0:
            if free[end] and degree[end] == 1 and not end_next:
                stray -= 1
            if stray > 0:
                return False
        elif stray > 1:
            return False
        for late in self.due[depth + 1]:
            if free[late]:
                return False
        slot = self.slot_after[depth + 1]
        if slot >= 0 and not self.in_time(slot, depth + 1):
            return False
        if not self.connected(cell, remaining) or not self.supported(cell, depth + 1):
            return False
        steps = self.move_of_slot[slot] - depth - 1 if slot >= 0 else 0
        if slot >= 0 and steps <= NEAR and not self.within(cell, self.at_move[self.move_of_slot[slot]], steps):
            return False
        move = depth + 2
        fixed = self.at_move[move]
        if fixed >= 0:
            self.candidates[depth] = [fixed] if free[fixed] and fixed in self.around(cell) else []
            return False
        slot = self.slot_after[move]
        row = slack = 0  # (read only when slot >= 0)
        if slot >= 0:
            row = slot * self.cells
            slack = self.move_of_slot[slot] - move
        options: list[int] = []
        for neighbour in self.around(cell):
            if free[neighbour] and not self.given[neighbour]:
                if slot >= 0 and not 0 <= self.distance[row + neighbour] <= slack:
                    continue
                options.append(neighbour)
        tie_break = self.tie_break
        latest = self.latest
        options.sort(key=lambda square: (degree[square], latest[square], tie_break[square]))
        self.candidates[depth] = options
        return False

    def in_time(self, slot: int, move: int) -> bool:
        """Whether, for each fixed move K from slot on, the free squares whose last possible
        move comes before K fit in the moves between move and K."""
        due = 0
        for later in range(slot, len(self.move_of_slot)):
            due += self.pending[later]
            if due > self.move_of_slot[later] - move - 1:
                return False
        return True

    def supported(self, cell: int, move: int) -> bool:
        """Whether each free square next to cell holding a fixed move k after move + 1 still
        has free squares holding no fixed move for the moves k - 1 and k + 1 that are not fixed."""
        for neighbour in self.around(cell):
            k = self.given[neighbour]
            if k > move + 1 and self.free[neighbour]:
                need = (self.at_move[k - 1] < 0) + (k < self.n and self.at_move[k + 1] < 0)
                have = 0
                for other in self.around(neighbour):
                    have += self.free[other] and not self.given[other]
                if have < need:
                    return False
        return True

    def within(self, cell: int, target: int, steps: int) -> bool:
        """Whether target is at most steps leaps from cell through free squares holding no fixed move."""
        self.stamp += 1
        stamp, mark, free, given = self.stamp, self.mark, self.free, self.given
        layer = [cell]
        for _ in range(steps):
            following: list[int] = []
            for square in layer:
                for neighbour in self.around(square):
                    if neighbour == target:
                        return True
                    if free[neighbour] and not given[neighbour] and mark[neighbour] != stamp:
                        mark[neighbour] = stamp
                        following.append(neighbour)
            layer = following
        return False

    def connected(self, cell: int, remaining: int) -> bool:
        """Whether every free square can be reached from cell through free squares."""
        self.stamp += 1
        stamp, mark, free = self.stamp, self.mark, self.free
        reached = 0
        todo = [cell]
        while todo:
            for neighbour in self.around(todo.pop()):
                if free[neighbour] and mark[neighbour] != stamp:
                    mark[neighbour] = stamp
                    reached += 1
                    todo.append(neighbour)
        return reached == remaining

    def depth_first(
        self, start: int, nodes: int, max_nodes: int, deadline: float, every: int = DEADLINE_EVERY
    ) -> tuple[int, int]:
        """Search from start with nodes placed so far, looking at the clock every every nodes; (status, nodes). The board is as it
        was on return, but for the path of a FOUND."""
        if nodes >= max_nodes:
            return LIMIT, nodes
        nodes += 1
        self.step(start, -1)
        self.path[0] = start
        if self.expand(start, 0):
            return FOUND, nodes
        depth = 1
        while True:
            top = depth - 1
            frame = self.candidates[top]
            position = self.cursor[top]
            if position < len(frame):
                if nodes >= max_nodes:
                    self.unwind(depth)
                    return LIMIT, nodes
                if nodes % every == 0 and time.monotonic() >= deadline:
                    self.unwind(depth)
                    return LIMIT, nodes
                nodes += 1
                self.cursor[top] = position + 1
                square = frame[position]
                self.step(square, -1)
                self.path[depth] = square
                if self.expand(square, depth):
                    return FOUND, nodes
                depth += 1
            else:
                self.step(self.path[top], +1)
                if top == 0:
                    return EXHAUSTED, nodes
                depth -= 1

    def unwind(self, depth: int) -> None:
        """Release the path's squares (the first depth of them)."""
        for top in range(depth - 1, -1, -1):
            self.step(self.path[top], +1)
