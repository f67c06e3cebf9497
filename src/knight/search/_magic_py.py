"""Pure-Python twin of the compiled magic-tour kernel (``_magic.pyx``): same algorithm, same answers.

``search`` extends a path of fixed first cells (``prefix``, at least the start) to knight's
tours whose numbering makes every listed line (rows, columns, and where asked the two long
diagonals or the quadrants' half lines) add up to its target. The caller
(search/_magic.py) lays out the arrays:

* ``neighbours``: cells × 8 cell indices, -1 after a cell's last neighbour;
* ``cols``: the board's width (a cell is row * cols + col), for the knight-distance bound;
* ``given``: per cell, its fixed number or 0; ``at_number``: per number 0..N, its fixed
  cell or -1; ``next_given``: per number k, the least fixed number after k, or 0;
* ``cell_lines``: cells × LINES line indices, -1 after a cell's last line;
  ``target``: per line, its sum;
* ``prefix``: the cells of numbers 1, 2, ... already chosen (a valid path);
* ``closed``: the last cell must be a leap from the first;
* ``order_key``: per cell, the tie-break among candidates with as many onward moves;
* ``count_all``: walk the whole tree, counting (else stop at the first tour);
  ``keep``: at most this many tours are returned (count_all), in the order found.

Number k stands on a cell of the start's colour when k is odd (a knight changes colour at
every leap), so each line's free cells of each colour get numbers of one parity. A frame is
dead, and gets no candidates, when:

* a line's remaining sum is below the least or above the greatest sum its free cells can
  still get: the smallest (largest) odd numbers above the last placed for its cells of the
  start's colour, the smallest (largest) even ones for the others;
* a line with one free cell forces that cell's number: it must be free (not fixed
  elsewhere), the same number that the cell's other lines force, no other cell's forced
  number, and within knight's reach (``reach``, a lower bound) of the knight in time;
* a free cell has no free neighbour, unless it is the last one and next to the knight; or
  more free cells with one free neighbour lie away from the knight than a path can end in;
* closed: the first cell has no free neighbour left;
* the next fixed number's cell is out of the knight's reach in the moves left before it.

Candidates are the free neighbours of the knight (the fixed cell when the next number is
fixed), fewest free onward moves first (Warnsdorff), then by ``order_key``.
Every DEADLINE_EVERY nodes the clock is read against the deadline; a search stopped by it
or by the node budget reports LIMIT.
"""

from __future__ import annotations

import time
from array import array
from typing import Sequence

from ..model._status import EXHAUSTED, FOUND, LIMIT

__all__ = ["DEADLINE_EVERY", "EXHAUSTED", "FOUND", "LIMIT", "LINES", "reach", "search"]

#: The most lines a cell lies on: its row, its column, a diagonal, a half row and a half column.
LINES = 5

#: Nodes between two looks at the clock (the compiled kernel looks every 4096).
DEADLINE_EVERY = 512


def reach(cols: int, a: int, b: int) -> int:
    """A lower bound on the knight's leaps from cell a to cell b, on any board of that width:
    a leap moves at most 2 along an axis and 3 in all, and changes colour."""
    dr = abs(a // cols - b // cols)
    dc = abs(a % cols - b % cols)
    bound = max((dr + 1) // 2, (dc + 1) // 2, (dr + dc + 2) // 3)
    return bound + ((bound + dr + dc) & 1)


def _bound(count: int, least: int, most: int) -> tuple[int, int]:
    """The least and the greatest sum of count numbers of one parity from least to most (step 2)."""
    spread = count * (count - 1)
    return count * least + spread, count * most - spread


def search(
    neighbours: Sequence[int],
    cols: int,
    given: Sequence[int],
    at_number: Sequence[int],
    next_given: Sequence[int],
    cell_lines: Sequence[int],
    target: Sequence[int],
    prefix: Sequence[int],
    closed: bool,
    order_key: Sequence[int],
    count_all: bool,
    keep: int,
    max_nodes: int,
    deadline: float,
) -> tuple[int, array, int, int]:
    """(status, tours, nodes, count): tours holds the cells of at most keep tours end to end
    (the first one only, unless count_all); see the module's docstring."""
    cells = len(given)
    lines = len(target)
    if not count_all:
        keep = 1
    total = cells
    first = prefix[0]
    odd_colour = (first // cols + first % cols) & 1
    open_ = [1] * cells
    degree = [0] * cells
    for cell in range(cells):
        for i in range(8):
            if neighbours[cell * 8 + i] < 0:
                break
            degree[cell] += 1
    zeros = sum(1 for d in degree if d == 0)
    ones = sum(1 for d in degree if d == 1)
    line_sum = [0] * lines
    free_odd = [0] * lines
    free_even = [0] * lines
    xor = [0] * lines
    for cell in range(cells):
        colour_odd = ((cell // cols + cell % cols) & 1) == odd_colour
        for j in range(LINES):
            line = cell_lines[cell * LINES + j]
            if line < 0:
                break
            if given[cell]:
                line_sum[line] += given[cell]
            elif colour_odd:
                free_odd[line] += 1
                xor[line] ^= cell
            else:
                free_even[line] += 1
                xor[line] ^= cell
    forced_value = [0] * cells
    forced_cell = [-1] * (total + 1)
    forced_stamp_cell = [0] * cells
    forced_stamp_number = [0] * (total + 1)
    stamp = 0
    path = [0] * total
    candidates: list[list[int]] = [[] for _ in range(total + 1)]
    cursor = [0] * (total + 1)
    found = array("i")
    count = 0
    nodes = 0

    def place(cell: int, number: int, change: int) -> None:
        """Put number on cell (change -1) or take it off (+1)."""
        nonlocal zeros, ones
        if change < 0:
            zeros -= degree[cell] == 0
            ones -= degree[cell] == 1
            open_[cell] = 0
        for i in range(8):
            neighbour = neighbours[cell * 8 + i]
            if neighbour < 0:
                break
            before = degree[neighbour]
            degree[neighbour] = before + change
            if open_[neighbour]:
                zeros += (before + change == 0) - (before == 0)
                ones += (before + change == 1) - (before == 1)
        if change > 0:
            open_[cell] = 1
            zeros += degree[cell] == 0
            ones += degree[cell] == 1
        if given[cell]:
            return
        colour_odd = ((cell // cols + cell % cols) & 1) == odd_colour
        for j in range(LINES):
            line = cell_lines[cell * LINES + j]
            if line < 0:
                break
            line_sum[line] -= change * number
            xor[line] ^= cell
            if colour_odd:
                free_odd[line] += change
            else:
                free_even[line] += change

    def alive(depth: int, head: int) -> bool:
        """Whether the position with numbers 1..depth placed, the knight on head, may still
        become a magic tour (the module's docstring lists the rules)."""
        nonlocal stamp
        left = total - depth
        odd_least = depth + 1 if (depth + 1) & 1 else depth + 2
        even_least = depth + 2 if (depth + 1) & 1 else depth + 1
        odd_most = total if total & 1 else total - 1
        even_most = total - 1 if total & 1 else total
        stamp += 1
        for line in range(lines):
            need = target[line] - line_sum[line]
            low_odd, high_odd = _bound(free_odd[line], odd_least, odd_most)
            low_even, high_even = _bound(free_even[line], even_least, even_most)
            if need < low_odd + low_even or need > high_odd + high_even:
                return False
            if free_odd[line] + free_even[line] == 1:
                cell = xor[line]
                if at_number[need] >= 0:
                    return False
                if forced_stamp_cell[cell] == stamp and forced_value[cell] != need:
                    return False
                if forced_stamp_number[need] == stamp and forced_cell[need] != cell:
                    return False
                if reach(cols, head, cell) > need - depth:
                    return False
                forced_stamp_cell[cell] = forced_stamp_number[need] = stamp
                forced_value[cell] = need
                forced_cell[need] = cell
        if left == 0:
            return True
        near_zero = near_one = 0
        for i in range(8):
            neighbour = neighbours[head * 8 + i]
            if neighbour < 0:
                break
            if open_[neighbour]:
                near_zero += degree[neighbour] == 0
                near_one += degree[neighbour] == 1
        if zeros > near_zero or (zeros and left > 1):
            return False
        far_one = ones - near_one
        if far_one > 1 or (far_one == 1 and near_one > 1):
            return False
        if closed and degree[first] == 0:
            return False
        upcoming = next_given[depth]
        return not upcoming or reach(cols, head, at_number[upcoming]) <= upcoming - depth

    def fill(depth: int, head: int) -> None:
        """The candidates of frame depth: the cells that may hold number depth + 1."""
        frame = candidates[depth]
        frame.clear()
        cursor[depth] = 0
        if not alive(depth, head):
            return
        fixed = at_number[depth + 1]
        for i in range(8):
            neighbour = neighbours[head * 8 + i]
            if neighbour < 0:
                break
            if open_[neighbour] and (neighbour == fixed if fixed >= 0 else not given[neighbour]):
                frame.append(neighbour)
        frame.sort(key=lambda cell: (degree[cell], order_key[cell]))

    depth = 0
    for number, cell in enumerate(prefix, 1):
        place(cell, number, -1)
        path[number - 1] = cell
        depth = number
    fill(depth, path[depth - 1])
    base = depth
    status = EXHAUSTED
    while True:
        frame = candidates[depth]
        if cursor[depth] == len(frame):
            if depth == base:
                break
            depth -= 1
            place(path[depth], depth + 1, +1)
            continue
        cell = frame[cursor[depth]]
        cursor[depth] += 1
        nodes += 1
        if nodes >= max_nodes or (nodes % DEADLINE_EVERY == 0 and time.monotonic() > deadline):
            status = LIMIT
            break
        path[depth] = cell
        place(cell, depth + 1, -1)
        depth += 1
        if depth == total:
            if alive(depth, cell) and (not closed or first in _row(neighbours, cell)):
                count += 1
                if len(found) < keep * total:
                    found.extend(path)
                if not count_all:
                    status = FOUND
                    break
            depth -= 1
            place(cell, depth + 1, +1)
            continue
        fill(depth, cell)
    return status, found, nodes, count


def _row(neighbours: Sequence[int], cell: int) -> list[int]:
    return [n for n in neighbours[cell * 8 : cell * 8 + 8] if n >= 0]
