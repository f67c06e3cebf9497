"""Pure-Python twin of the compiled magic-tour kernel (``_magic.pyx``): same algorithm, same answers.

``search`` completes a knight's path from both ends: the head carries numbers 1, 2, ...
from the start, the tail numbers N, N - 1, ... from the end, until they meet; it lists the
tours whose numbering makes every given line (rows, columns, and where asked the two long
diagonals or the quadrants' half lines) add up to its target. The caller
(search/_magic_tours.py) lays out the arrays:

* ``neighbours``: cells × 8 cell indices, -1 after a cell's last neighbour;
* ``cols``: the board's width (a cell is row * cols + col), for the knight-distance bound;
* ``given``: per cell, its fixed number or 0; ``at_number``: per number 0..N + 1, its fixed
  cell or -1; ``next_given``: per number k, the least fixed number above k, or 0;
  ``last_given``: per number k, the greatest fixed number below k, or 0;
* ``cell_lines``: cells × LINES line indices, -1 after a cell's last line;
  ``target``: per line, its sum;
* ``head``: the cells of numbers 1, 2, ... already chosen (a path, the start at least);
  ``tail``: the cells of numbers N, N - 1, ... (the end at least), apart from head;
* ``order_key``: per cell, the tie-break among candidates with as many onward moves;
* ``count_all``: walk the whole tree, counting (else stop at the first tour);
  ``keep``: at most this many tours are returned (count_all), in the order found.

Number k stands on a cell of the start's colour when k is odd (a knight changes colour at
every leap), so each line's free cells of each colour get numbers of one parity, from those
between the head's and the tail's. The end with fewer candidates moves next (fail first: on
the census's subtrees it halves the nodes); on a tie, the end with fewer numbers placed, the
head when both have as many. A free cell with one free neighbour, next to an end and not to the
other, is that end's only candidate (with 3 or more cells free): the end's other moves would
leave it next to neither end, which kills the position one node later. A frame is
dead, and gets no candidates, when:

* a line's remaining sum is below the least or above the greatest sum its free cells can
  still get: the smallest (largest) odd numbers left for its cells of the start's colour,
  the smallest (largest) even ones for the others;
* a line with one free cell forces that cell's number: it must not be fixed elsewhere, must
  be the number the cell's other lines force and no other cell's forced number, and the
  cell must be within knight's reach (``reach``, a lower bound) of both ends in time;
* two or more cells are free and one has no free neighbour; or a free cell with one free
  neighbour is next to neither end, or more than one of them is next to one end only, or
  there are more than two (each must be an end's next step);
* the next fixed number above the head (below the tail) is out of its reach in time;
* on boards of 64 cells and lines or fewer (``crowded``), the path's forced passages: a free
  cell with two free neighbours and no end next to it is passed through by both (its two
  edges are the path's), so a free cell that is the way on of three such cells is dead, and
  one that is the way on of two is full: a free cell with no end next to it that is neither
  must keep two free neighbours that are not full;
* on boards of 64 cells and lines or fewer (``balls``), the ends' balls: the head's next number goes on
  a free cell next to the head and the one after on a free cell two leaps away over free cells
  (and so for the tail's): a line with none of its cells there gets numbers 2 higher (lower) on
  that colour's cells, which raises its least sum (lowers its greatest); a line that cannot add
  up without one of those numbers holds it, so the lines that need it must share a cell there,
  and when they need the head's next number, the head's candidates are those cells.

In mirror mode (``mirror=True``: rows and columns both even, no givens, an empty tail) the
search stays in the half-turn subspace: number k + N/2 stands on the cell opposite number k's
(cell N - 1 - c), so the head alone walks numbers 1..N/2 and each placement is mirrored; the
last of them must lead to number N/2 + 1, opposite the start, so every tour found is closed.
Half of each line's cells then hold numbers 1..N/2, so its free cells take a known count of the
numbers left of each half, which bounds its sum (``line_fits_mirror``); a line with one free
cell forces its number as above (its parity checked too, and a number of the second half read
as its opposite's of the first); the path has four ends (the head, the start's opposite, and
their opposites), so a free cell with one free neighbour must be next to one of them, and there
are at most four.

Candidates are the free neighbours of the moving end (the fixed cell when its next number
is fixed; the last free cell must be next to the other end too; the cells the lines leave it,
above), fewest free onward moves
first (Warnsdorff), then by ``order_key``; a count (``count_all``, no probe) on a board of
64 cells or fewer visits every candidate anyway, so it takes them in the order of their
cells (the same tree; the tours come in another order). Every DEADLINE_EVERY nodes the clock is read
against the deadline; a search stopped by it or by the node budget reports LIMIT.

With ``probe`` ≥ 0 the search walks one random path of its tree instead (Knuth's estimator of
a backtrack tree's size, 1975): at each frame with b candidates it keeps one, the
(next() mod b)-th of SplitMix64 seeded with probe (a single candidate draws nothing), and the
returned estimate adds up, frame by frame, the product of the b's so far: the nodes of the
tree on average over probes, each node a candidate tried as the search counts them. Else the
estimate is 0.
"""

from __future__ import annotations

import time
from array import array
from typing import Iterator

from ..model._status import EXHAUSTED, FOUND, LIMIT
from ._splitmix import SplitMix64

__all__ = ["DEADLINE_EVERY", "EXHAUSTED", "FOUND", "LIMIT", "LINES", "reach", "search"]

#: The most lines a cell lies on: its row, its column, a diagonal, a half row and a half column.
LINES = 5

#: The numbers from each end whose balls the lines narrow (4 cut no more nodes on the census).
BALLS = 2

#: Nodes between two looks at the clock (the compiled kernel looks every 4096).
DEADLINE_EVERY = 512


def reach(cols: int, a: int, b: int) -> int:
    """A lower bound on the knight's leaps from cell a to cell b, on any board of that width:
    a leap moves at most 2 along an axis and 3 in all, and changes colour."""
    dr = abs(a // cols - b // cols)
    dc = abs(a % cols - b % cols)
    bound = max((dr + 1) // 2, (dc + 1) // 2, (dr + dc + 2) // 3)
    return bound + ((bound + dr + dc) & 1)


def _sums(odd: int, even: int, low: int, high: int) -> tuple[int, int]:
    """The least and the greatest sum of odd distinct odd numbers and even distinct even
    numbers, all from low to high."""
    odd_least, even_least = low | 1, low + (low & 1)
    odd_most, even_most = high - 1 + (high & 1), high - (high & 1)
    return (
        odd * odd_least + odd * (odd - 1) + even * even_least + even * (even - 1),
        odd * odd_most - odd * (odd - 1) + even * even_most - even * (even - 1),
    )


def _fits(need: int, odd: int, even: int, low: int, high: int) -> bool:
    """Whether need is between the least and the greatest sum of odd distinct odd numbers and
    even distinct even numbers, all from low to high."""
    least, most = _sums(odd, even, low, high)
    return least <= need <= most


def _ones(bits: int) -> int:
    """The cells in bits."""
    return bin(bits).count("1")


def _cells(bits: int) -> Iterator[int]:
    """The cells in bits, lowest first."""
    while bits:
        lowest = bits & -bits
        yield lowest.bit_length() - 1
        bits ^= lowest


def search(
    neighbours: array[int],
    cols: int,
    given: array[int],
    at_number: array[int],
    next_given: array[int],
    last_given: array[int],
    cell_lines: array[int],
    target: array[int],
    head: array[int],
    tail: array[int],
    order_key: array[int],
    count_all: bool,
    keep: int,
    max_nodes: int,
    deadline: float,
    mirror: bool = False,
    probe: int = -1,
) -> tuple[int, array[int], int, int, float]:
    """(status, tours, nodes, count, estimate): tours holds the cells of at most keep tours end
    to end (the first one only, unless count_all); see the module's docstring."""
    cells = total = len(given)
    half = total // 2 if mirror else 0
    goal = half if mirror else total
    lines = len(target)
    if not count_all:
        keep = 1
    odd_colour = (head[0] // cols + head[0] % cols) & 1
    odd = [((cell // cols + cell % cols) & 1) == odd_colour for cell in range(cells)]
    open_ = [True] * cells
    degree = [sum(1 for i in range(8) if neighbours[cell * 8 + i] >= 0) for cell in range(cells)]
    counts = {"zeros": degree.count(0), "ones": degree.count(1)}
    line_sum = [0] * lines
    free_odd = [0] * lines
    free_even = [0] * lines
    xor = [0] * lines
    first_count = [0] * lines
    line_half = [0] * lines
    for cell in range(cells):
        for j in range(LINES):
            line = cell_lines[cell * LINES + j]
            if line < 0:
                break
            line_half[line] += 1  # the line's length, halved below
            if given[cell]:
                line_sum[line] += given[cell]
                continue
            xor[line] ^= cell
            if odd[cell]:
                free_odd[line] += 1
            else:
                free_even[line] += 1
    line_half = [length // 2 for length in line_half]
    # the ends' balls (balls): the cells as bits, on boards of 64 cells and lines or fewer (the
    # compiled kernel's words) whose rows are 3 to 31 cells wide (its leaps are shifts), outside
    # mirror mode
    bits = cells <= 64 and lines <= 64 and 3 <= cols <= 31 and not mirror
    neighbour_bits = [sum(1 << n for n in neighbours[cell * 8 : cell * 8 + 8] if n >= 0) for cell in range(cells)]
    line_bits = [0] * lines
    for cell in range(cells):
        for line in cell_lines[cell * LINES : cell * LINES + LINES]:
            if line >= 0 and not given[cell]:
                line_bits[line] |= 1 << cell
    free_bits = [(1 << cells) - 1]
    next_cells = [-1, -1]  # the cells that may take the head's next number, the tail's (-1: any)
    forced_value = [0] * cells
    forced_cell = [0] * (total + 2)
    stamp_cell = [0] * cells
    stamp_number = [0] * (total + 2)
    mark = [0] * cells
    stamp = [0]
    path = [0] * total
    ends = [0, 0]  # numbers placed at the head, at the tail
    side = [0] * (total + 1)
    candidates: list[list[int]] = [[] for _ in range(total + 1)]
    cursor = [0] * (total + 1)
    rng = SplitMix64(probe) if probe >= 0 else None
    # a count on words visits every candidate of a frame, so they stay in the order of their cells
    # (the compiled kernel then leaves out the sort); a search or a probe sorts them (Warnsdorff)
    unsorted = bits and count_all and rng is None
    weight, estimate = [1.0], [0.0]  # a probe's product of frame sizes so far, and their sum

    def place(cell: int, number: int, change: int) -> None:
        """Put number on cell (change -1) or take it off (+1)."""
        free_bits[0] ^= 1 << cell
        if change < 0:
            counts["zeros"] -= degree[cell] == 0
            counts["ones"] -= degree[cell] == 1
            open_[cell] = False
        for i in range(8):
            neighbour = neighbours[cell * 8 + i]
            if neighbour < 0:
                break
            before = degree[neighbour]
            degree[neighbour] = before + change
            if open_[neighbour]:
                counts["zeros"] += (before + change == 0) - (before == 0)
                counts["ones"] += (before + change == 1) - (before == 1)
        if change > 0:
            open_[cell] = True
            counts["zeros"] += degree[cell] == 0
            counts["ones"] += degree[cell] == 1
        if given[cell]:
            return
        for j in range(LINES):
            line = cell_lines[cell * LINES + j]
            if line < 0:
                break
            line_sum[line] -= change * number
            xor[line] ^= cell
            if number <= half:
                first_count[line] -= change
            if odd[cell]:
                free_odd[line] += change
            else:
                free_even[line] += change

    def force(cell: int, number: int, head_cell: int, tail_cell: int, tail_number: int, now: int) -> bool:
        """Record that a line forces number on cell in this frame (stamp now), or False when that
        clashes with another line's forced number, or the cell is out of reach in time of the
        head (number ends[0]) or the tail (number tail_number)."""
        if stamp_cell[cell] == now and forced_value[cell] != number:
            return False
        if stamp_number[number] == now and forced_cell[number] != cell:
            return False
        if reach(cols, head_cell, cell) > number - ends[0] or reach(cols, cell, tail_cell) > tail_number - number:
            return False
        stamp_cell[cell] = stamp_number[number] = now
        forced_value[cell] = number
        forced_cell[number] = cell
        return True

    def alive() -> bool:
        """Whether the position may still become a magic tour (the module's docstring lists the rules)."""
        low_number, high_number = ends[0] + 1, total - ends[1]  # the numbers left: low_number..high_number
        head_cell, tail_cell = path[ends[0] - 1], path[high_number]
        stamp[0] += 1
        now = stamp[0]
        for line in range(lines):
            need = target[line] - line_sum[line]
            if not _fits(need, free_odd[line], free_even[line], low_number, high_number):
                return False
            if free_odd[line] + free_even[line] == 1:
                cell = xor[line]
                if at_number[need] >= 0:
                    return False
                if not force(cell, need, head_cell, tail_cell, high_number + 1, now):
                    return False
        left = high_number - low_number + 1
        if left >= 2:
            if counts["zeros"]:
                return False
            near_head = near_tail = near_both = 0
            for i in range(8):
                neighbour = neighbours[head_cell * 8 + i]
                if neighbour < 0:
                    break
                mark[neighbour] = now
            for i in range(8):
                neighbour = neighbours[tail_cell * 8 + i]
                if neighbour < 0:
                    break
                if open_[neighbour] and degree[neighbour] == 1:
                    if mark[neighbour] == now:
                        near_both += 1
                    else:
                        near_tail += 1
                mark[neighbour] = -now
            for i in range(8):
                neighbour = neighbours[head_cell * 8 + i]
                if neighbour < 0:
                    break
                if open_[neighbour] and degree[neighbour] == 1 and mark[neighbour] == now:
                    near_head += 1
            ones = counts["ones"]
            if near_head > 1 or near_tail > 1 or ones > 2 or ones != near_head + near_tail + near_both:
                return False
            if bits and crowded(neighbour_bits[head_cell] | neighbour_bits[tail_cell]):
                return False
        next_cells[0] = next_cells[1] = -1
        if bits and not balls(low_number, high_number, head_cell, tail_cell):
            return False
        upcoming = next_given[ends[0]]
        if upcoming and upcoming < high_number + 1 and reach(cols, head_cell, at_number[upcoming]) > upcoming - ends[0]:
            return False
        before = last_given[high_number + 1]
        return not (before > ends[0] and reach(cols, at_number[before], tail_cell) > high_number + 1 - before)

    def crowded(ends_next: int) -> bool:
        """Whether the path cannot pass through the free cells that have two free neighbours and no end next
        to them (their two edges are the path's): a free cell is the way on of three of them, or a free cell
        with no end next to it is left fewer than two neighbours to pass to once the cells that are the way
        on of two of them are full (ends_next: the cells next to an end)."""
        free = free_bits[0]
        through = 0
        for cell in _cells(free & ~ends_next):
            through |= (_ones(neighbour_bits[cell] & free) == 2) << cell
        full = 0
        for cell in _cells(free):
            ways = _ones(neighbour_bits[cell] & through)
            if ways >= 3:
                return True
            full |= (ways == 2) << cell
        if not full:
            return False
        usable = free & ~full
        return any(_ones(neighbour_bits[cell] & usable) < 2 for cell in _cells(free & ~(through | full | ends_next)))

    def leaps(cells: int) -> int:
        """The cells a leap from cells (bits) reaches."""
        reached = 0
        for cell in _cells(cells):
            reached |= neighbour_bits[cell]
        return reached

    def balls(low_number: int, high_number: int, head_cell: int, tail_cell: int) -> bool:
        """Whether every line may still add up given the ends' balls: the head's k-th next
        number (k = 1..BALLS) goes on a free cell k leaps away or less over free cells, and so
        for the tail's. A line that cannot add up without one of them (its cells of that
        number's colour taking the next ones of that parity instead) holds it, so the lines
        that need it share a cell there; consecutive numbers stand a leap apart, so those cells
        narrow each other, and the head's next cells are its candidates (next_cells). A line
        with none of its cells where an end's first or second number may go gets numbers 2
        higher (lower) on that colour's cells: its least sum higher (greatest lower)."""
        free = free_bits[0]
        ball = [[0] * (BALLS + 1) for _ in range(2)]  # per end, per k: the cells its k-th number may take
        for side, end in enumerate((head_cell, tail_cell)):
            ball[side][1] = neighbour_bits[end] & free
            for k in range(2, BALLS + 1):
                ball[side][k] = leaps(ball[side][k - 1]) & free
        needed = [False, False]
        for line in range(lines):
            need = target[line] - line_sum[line]
            cells = line_bits[line] & free
            a, b = free_odd[line], free_even[line]
            least, most = _sums(a, b, low_number, high_number)
            # per end: the line's free cells of the colour of its next number (odd numbers on
            # the a cells), then of the number after
            colour = ((a, b) if low_number & 1 else (b, a), (a, b) if high_number & 1 else (b, a))
            for side in range(2):
                for k in range(1, BALLS + 1):
                    # without the end's k-th number, that colour's cells from the ((k - 1) // 2)-th
                    # on take numbers 2 further
                    room = 2 * (colour[side][(k - 1) & 1] - (k - 1) // 2)
                    if (need < least + room) if side == 0 else (need > most - room):
                        ball[side][k] &= cells
                        needed[side] = True
                        if not ball[side][k]:
                            return False
            for k in (1, 2):
                if not cells & ball[0][k]:
                    least += 2 * colour[0][k - 1]
                if not cells & ball[1][k]:
                    most -= 2 * colour[1][k - 1]
            if not least <= need <= most:
                return False
        reach = min(BALLS, high_number - low_number + 1)
        for side in range(2):
            if needed[side]:
                for k in range(2, reach + 1):
                    ball[side][k] &= leaps(ball[side][k - 1])
                for k in range(reach - 1, 0, -1):
                    ball[side][k] &= leaps(ball[side][k + 1])
                if not ball[side][1]:
                    return False
                next_cells[side] = ball[side][1]
        return True

    def line_fits_mirror(line: int, placed: int) -> bool:
        """Whether the line's remaining sum is within what its free cells can still get in mirror
        mode: half its cells hold numbers 1..half, so its free cells take first of the numbers
        left of 1..half, and the rest are k + half for numbers k left of 1..half that go
        opposite: free distinct numbers of placed + 1..half in all, whose parities are the free
        cells' colours' (k and k + half share one), and half for each of the rest."""
        free = free_odd[line] + free_even[line]
        first = line_half[line] - first_count[line]
        need = target[line] - line_sum[line] - half * (free - first)
        return 0 <= first <= free and _fits(need, free_odd[line], free_even[line], placed + 1, half)

    def alive_mirror() -> bool:
        """alive() in mirror mode: number k + half stands opposite number k (the module's docstring)."""
        placed = ends[0]
        start, head_cell = path[0], path[placed - 1]
        sides = (head_cell, total - 1 - start, total - 1 - head_cell, start)
        stamp[0] += 1
        now = stamp[0]
        for line in range(lines):
            if not line_fits_mirror(line, placed):
                return False
            if free_odd[line] + free_even[line] == 1:
                need = target[line] - line_sum[line]
                cell = xor[line]
                if (need & 1) != odd[cell]:
                    return False
                number = need
                if number > half:  # the cell takes a number of the second half: its opposite, number - half
                    number -= half
                    cell = total - 1 - cell
                if not force(cell, number, head_cell, sides[1], half + 1, now):
                    return False
        if half - placed >= 2:
            if counts["zeros"] or counts["ones"] > 4:
                return False
            near = {
                neighbour
                for end in sides
                for neighbour in neighbours[end * 8 : end * 8 + 8]
                if neighbour >= 0 and open_[neighbour] and degree[neighbour] == 1
            }
            if counts["ones"] > len(near):
                return False
        return True

    def gather(tail_moves: bool, last: bool, frame: list[int]) -> None:
        """Put in frame the cells that may take the moving end's next number (the tail's when
        tail_moves), fewest free onward moves first, then by order_key."""
        number = total - ends[1] if tail_moves else ends[0] + 1
        mover = path[number] if tail_moves else path[number - 2]
        if half:  # the head alone moves; the last of the first half must lead to number half + 1
            other = total - 1 - path[0]
        else:
            other = path[ends[0] - 1] if tail_moves else path[total - ends[1]]
        fixed = at_number[number]
        allowed = next_cells[tail_moves]
        for i in range(8):
            neighbour = neighbours[mover * 8 + i]
            if neighbour < 0:
                break
            if not open_[neighbour] or not (allowed >> neighbour) & 1:
                continue
            if neighbour != fixed if fixed >= 0 else given[neighbour]:
                continue
            if last and other not in neighbours[neighbour * 8 : neighbour * 8 + 8]:
                continue
            frame.append(neighbour)
        if not frame:
            return
        if unsorted:
            first = min(frame, key=lambda cell: (degree[cell], order_key[cell]))  # where the sort would put it
        else:
            frame.sort(key=lambda cell: (degree[cell], order_key[cell]))
            first = frame[0]
        # a cell with one free neighbour, next to this end and not to the other, must be this end's
        # next: were the end to move elsewhere, it would be next to neither (alive, 2 or more free)
        forced = len(frame) > 1 and not half and degree[first] == 1 and total - ends[0] - ends[1] >= 3
        if forced and other not in neighbours[first * 8 : first * 8 + 8]:
            frame[:] = [first]

    def fill(depth: int) -> None:
        """The candidates of frame depth: the cells that may take the next number of the end with
        fewer of them (on a tie, of the end with fewer numbers placed, the head when both have as
        many; in mirror mode the head's)."""
        frame = candidates[depth]
        frame.clear()
        cursor[depth] = 0
        if not (alive_mirror() if half else alive()):
            return
        tail_moves = not half and ends[0] > ends[1]
        last = depth == goal - 1
        gather(tail_moves, last, frame)
        if not half and len(frame) > 1:
            others: list[int] = []
            gather(not tail_moves, last, others)
            if len(others) < len(frame):
                tail_moves = not tail_moves
                frame[:] = others
        side[depth] = tail_moves
        if rng is not None and frame:  # a probe: one candidate kept at random
            weight[0] *= len(frame)
            estimate[0] += weight[0]
            if len(frame) > 1:
                frame[:] = [frame[rng.next() % len(frame)]]

    for number, cell in enumerate(head, 1):
        path[number - 1] = cell
        place(cell, number, -1)
        if half:
            path[number - 1 + half] = total - 1 - cell
            place(total - 1 - cell, number + half, -1)
    for offset, cell in enumerate(tail):
        path[total - 1 - offset] = cell
        place(cell, total - offset, -1)
    ends[0], ends[1] = len(head), len(tail)
    base = depth = len(head) + len(tail)
    found = array("i")
    count = nodes = 0
    status = EXHAUSTED
    if depth == total:  # nothing left to search: the ends are the whole tour
        fits = alive() and path[len(head)] in neighbours[path[len(head) - 1] * 8 : path[len(head) - 1] * 8 + 8]
        if fits:
            found.extend(path)
        return (FOUND if fits else EXHAUSTED), found, 0, int(fits), 0.0
    fill(depth)
    while True:
        frame = candidates[depth]
        if cursor[depth] == len(frame):
            if depth == base:
                break
            depth -= 1
            tail_moved = side[depth]
            number = total - ends[1] + 1 if tail_moved else ends[0]
            place(path[number - 1], number, +1)
            if half:
                place(path[number - 1 + half], number + half, +1)
            ends[tail_moved] -= 1
            continue
        cell = frame[cursor[depth]]
        cursor[depth] += 1
        nodes += 1
        if nodes >= max_nodes or (nodes % DEADLINE_EVERY == 0 and time.monotonic() > deadline):
            status = LIMIT
            break
        tail_moved = side[depth]
        number = total - ends[1] if tail_moved else ends[0] + 1
        path[number - 1] = cell
        place(cell, number, -1)
        if half:
            path[number - 1 + half] = total - 1 - cell
            place(total - 1 - cell, number + half, -1)
        ends[tail_moved] += 1
        depth += 1
        if depth == goal:
            if alive_mirror() if half else alive():
                count += 1
                if len(found) < keep * total:
                    found.extend(path)
                if not count_all:
                    status = FOUND
                    break
            depth -= 1
            place(cell, number, +1)
            if half:
                place(total - 1 - cell, number + half, +1)
            ends[tail_moved] -= 1
            continue
        fill(depth)
    return status, found, nodes, count, estimate[0]
