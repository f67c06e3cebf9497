"""Knight's tours of boards three and four wide, of any length, in linear time.

Boards this narrow are too narrow for the block construction (_rectangle), and long ones
trap the search, so their tours are built from stored base paths (``_strips_data``, found
and checked by scripts/gen_strips.py) with repeatable sections.

A base is a path of an h×w board (h = 3 or 4 squares wide, w long) from its first
square, with one or two sections: four columns [x, x + 4), x a "cut", whose edges (and
the edges crossing the cuts x and x + 4) are a periodic pattern, the same as four columns
on would hold. Repeating a section k times (k >= 0; k = 0 deletes it) gives an edge set
in which every square has the two edges (at the path's ends, the one edge) its model
square in the base has, moved with it. That edge set is one path for every k: left of a
section's copies, what the rest of the board sees is only which of the cut's crossing
edges are joined, that state after j copies fixes the state after j + 1 and the states
repeat; the script checks every combination of counts up to the repeats, which covers
all counts.

Open tours. A base whose start is a columns from its left side and b from its right,
with a section left of the start, serves every start a' = a + 4(k - 1) >= a - 4 columns
in; without one, only a' = a (the same on the right). Mirror images serve starts on the
lower rows and the right half. The stored bases serve every start that has an open tour
on 3×n, n odd, and 4×n from n = AUTO_FROM (tests/test_strips.py checks every start from
there to past the bases' reach, beyond which nothing changes), and many on shorter
boards. Three wide, a base is a Hamiltonian path of the board. Four wide, it covers half
of it: every move from an outer line (the two along the long sides) lands on an inner
one, so (see _existence and _narrow) an open tour visits first the outer squares of its
start's colour and the inner squares of the other colour, then steps from an inner
square to an inner square and visits the rest. So a tour is two stored paths: one from
the start through its half, ending on an inner square e, and one through the other half
from the inner square two columns from e on the other inner line.

Closed tours, which exist three wide for even lengths from 10 (Schwenk): two bases, of
3×14 and 3×16, run from the corner to the square a move from it that every closed tour
links to the corner, left of their section, so every copy count gives a closed tour:
3×14 of every length 10 + 4k, 3×16 of 12 + 4k. An open or closed tour of such a board
from any square is the closed tour turned to start there.

Paths are written run by run (a run is a stretch of the base path inside one region: a
fixed part or one copy of a section), each run one array extend of its squares moved to
its copy, so the work is proportional to the squares; once the walk repeats itself from
copy to copy, the compiled core writes the rest of the section at once.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import List, NamedTuple, Optional, Tuple

from . import _kernels

PERIOD = 4
#: Strip height -> the length from which the bases serve every start that has an open
#: tour (tests/test_strips.py checks every start from there to well past the bases' reach)
#: and knight.tour's "auto" builds tours of boards that narrow (odd lengths when three wide).
AUTO_FROM = {3: 15, 4: 10}


class Base(NamedTuple):
    """A stored path of height×width with repeatable sections [x, x + 4) for x in cuts."""

    height: int
    width: int
    cells: tuple[int, ...]
    cuts: tuple[int, ...]

    @property
    def start(self) -> tuple[int, int]:
        """(row, column) of the path's first square."""
        return divmod(self.cells[0], self.width)

    def reach(self) -> tuple[int, bool, int, bool]:
        """(a, a repeats, b, b repeats): the start's columns to the left and right side, and
        whether a section on that side lets them grow (and shrink by 4) in steps of 4."""
        col = self.start[1]
        return (
            col,
            any(x < col for x in self.cuts),
            self.width - 1 - col,
            any(x > col for x in self.cuts),
        )


@lru_cache(maxsize=2)
def bases(closed: bool) -> tuple[Base, ...]:
    """The stored closed or open base paths, read from _strips_data on first use (it is large,
    and import knight should not pay for it)."""
    from ._strips_data import CLOSED, OPEN

    return tuple(Base(h, w, tuple(cells), tuple(cuts)) for h, w, cells, cuts in (CLOSED if closed else OPEN))


def _covers(length: int, reach: int, repeats: bool) -> bool:
    return length == reach or (repeats and length >= reach - PERIOD and (length - reach) % PERIOD == 0)


@lru_cache(maxsize=1)
def _open_bases_by_start() -> dict[tuple[int, int], list[tuple[Base, tuple[int, bool, int, bool]]]]:
    """The open bases by (height, start row), each with its reach, in the stored order: worked
    out once, since a tour's plan looks one up for each of its halves."""
    found: dict[tuple[int, int], list[tuple[Base, tuple[int, bool, int, bool]]]] = {}
    for base in bases(False):
        found.setdefault((base.height, base.start[0]), []).append((base, base.reach()))
    return found


def find_base(height: int, row: int, a: int, b: int) -> Base | None:
    """The base whose start is on row with a columns to its left and b to its right, if any."""
    for base, (reach_a, repeats_a, reach_b, repeats_b) in _open_bases_by_start().get((height, row), ()):
        if _covers(a, reach_a, repeats_a) and _covers(b, reach_b, repeats_b):
            return base
    return None


class Plan(NamedTuple):
    """A base, how often each section repeats, and where its squares go: the square
    number of the model square (row, col) moved shift columns is
    origin + row * row_step + (col + shift) * col_step."""

    base: Base
    counts: tuple[int, ...]
    origin: int
    row_step: int
    col_step: int


def lying(rows: int, cols: int) -> tuple[int, int, int, int]:
    """(height, length, row step, column step) of the strip rows×cols seen lying down: its
    square (row, column) is square index row * row step + column * column step."""
    if rows <= 4 and rows <= cols:
        return rows, cols, cols, 1
    return cols, rows, 1, cols


def _on_strip(rows: int, cols: int, square: int) -> tuple[int, int]:
    """(row, column) of square index square on the strip rows×cols seen lying down."""
    row, col = divmod(square, cols)
    return (row, col) if rows <= 4 and rows <= cols else (col, row)


def plan(rows: int, cols: int, start: int) -> Plan | None:
    """How to build the path from square index start (of the start's half on a board four
    wide), or None when no base serves that start."""
    height, length, row_step, col_step = lying(rows, cols)
    row, col = _on_strip(rows, cols, start)
    origin = 1
    if row > (height - 1) // 2:
        row = height - 1 - row
        origin += (height - 1) * row_step
        row_step = -row_step
    a, b = col, length - 1 - col
    if a > b:
        a, b = b, a
        origin += (length - 1) * col_step
        col_step = -col_step
    base = find_base(height, row, a, b)
    if base is None:
        return None
    reach_a, _, reach_b, _ = base.reach()
    start_col = base.start[1]
    counts = tuple((a - reach_a if x < start_col else b - reach_b) // PERIOD + 1 for x in base.cuts)
    return Plan(base, counts, origin, row_step, col_step)


def _second_start(rows: int, cols: int, first: Plan) -> int:
    """Where the second half of a tour four wide starts: an inner-line square a move from
    the first half's last square (also inner), on the other inner line."""
    base = first.base
    row, col = divmod(base.cells[-1], base.width)
    end = (
        first.origin - 1 + row * first.row_step + (col + _Layout(base, first.counts).fixed_shift(col)) * first.col_step
    )
    _, length, row_step, col_step = lying(rows, cols)
    row, col = _on_strip(rows, cols, end)
    return (3 - row) * row_step + (col + 2 if col + 2 < length else col - 2) * col_step


def plans(rows: int, cols: int, start: int) -> list[Plan] | None:
    """The plans of an open tour of the strip rows×cols from square index start: one on a
    board three wide, one for each half on a board four wide; None if a base is missing."""
    first = plan(rows, cols, start)
    if first is None:
        return None
    if min(rows, cols) == 3:
        return [first]
    second = plan(rows, cols, _second_start(rows, cols, first))
    return None if second is None else [first, second]


def _closed_kind(rows: int, cols: int) -> bool:
    """Whether rows×cols is three wide of even length from 10: one with closed tours."""
    height, length = sorted((rows, cols))
    return height == 3 and length % 2 == 0 and length >= 10


def applies(rows: int, cols: int, start: int, closed: bool) -> bool:
    """Whether stored bases build a tour of the strip rows×cols from square index start."""
    if _closed_kind(rows, cols):
        return True
    return not closed and min(rows, cols) in (3, 4) and plans(rows, cols, start) is not None


def long_enough(rows: int, cols: int) -> bool:
    """Whether rows×cols is three or four wide and at least AUTO_FROM long."""
    if rows > 4 and cols > 4:  # the common case, answered first: knight.tour asks on every call
        return False
    height, length = (rows, cols) if rows <= cols else (cols, rows)
    return height in AUTO_FROM and length >= AUTO_FROM[height]


class _Layout:
    """Where each region of a base lies once its sections are repeated counts times."""

    def __init__(self, base: Base, counts: tuple[int, ...]) -> None:
        bounds = [0]
        for x in base.cuts:
            bounds += [x, x + PERIOD]
        bounds.append(base.width)
        self.bounds = bounds  # region r is base columns [bounds[r], bounds[r + 1]); odd r repeat
        starts = [0]
        for r in range(len(bounds) - 1):
            width = PERIOD * counts[r // 2] if r % 2 else bounds[r + 1] - bounds[r]
            starts.append(starts[-1] + width)
        self.starts = starts  # region r's columns on the board: [starts[r], starts[r + 1])
        self.length = starts[-1]

    def fixed_shift(self, base_col: int) -> int:
        """How far right base column base_col, in a fixed region, moves on the board."""
        r = 0
        while base_col >= self.bounds[r + 1]:
            r += 1
        return self.starts[r] - self.bounds[r]

    def locate(self, col: int) -> tuple[int, int, int]:
        """(region, copy, shift) of board column col: its model lies shift columns to its left."""
        starts = self.starts
        r = 0
        while col >= starts[r + 1]:
            r += 1
        copy = (col - starts[r]) // PERIOD if r % 2 else 0
        return r, copy, starts[r] + copy * PERIOD - self.bounds[r]


#: A run of a base's path within one region: its cells, its last index, the index after it (None at an end).
_Run = Tuple[List[Tuple[int, int]], int, Optional[int]]


@lru_cache(maxsize=64)
def _runs(
    base: Base,
) -> tuple[list[tuple[int, int]], dict[tuple[int, int], int], dict[tuple[int, int], _Run], list[int]]:
    """For each path index j and direction step: the run from j, its last index and the next index."""
    w = base.width
    cells = [divmod(cell, w) for cell in base.cells]
    region = [0] * w
    for i, x in enumerate(base.cuts):
        for col in range(x, w):
            region[col] = 2 * i + 1 if col < x + PERIOD else 2 * i + 2
    runs: dict[tuple[int, int], _Run] = {}
    for j in range(len(cells)):
        for step in (1, -1):
            here = region[cells[j][1]]
            run = [cells[j]]
            last = j
            while 0 <= last + step < len(cells) and region[cells[last + step][1]] == here:
                last += step
                run.append(cells[last])
            after = last + step if 0 <= last + step < len(cells) else None
            runs[j, step] = (run, last, after)
    squares = [0] * (2 * len(base.cuts) + 1)
    for _, col in cells:
        squares[region[col]] += 1
    return cells, {cell: j for j, cell in enumerate(cells)}, runs, squares


def build(plan: Plan) -> array[int]:
    """The path of plan.base with its sections repeated plan.counts times, as square numbers.

    Within a section's copies the walk is periodic: once it enters a run of the base in a
    copy delta copies from where it entered the same run before (without leaving the
    section), what it wrote since repeats, each time moved delta copies, for as long as
    the copies it touches exist; those repeats are written at once.
    """
    base, counts, origin, row_step, col_step = plan
    cells, index, runs, squares = _runs(base)
    layout = _Layout(base, counts)
    total = sum(count * (counts[r // 2] if r % 2 else 1) for r, count in enumerate(squares))
    codes = {key: [origin + r * row_step + c * col_step for r, c in run] for key, (run, _, _) in runs.items()}
    out = array("i")
    j, step = 0, 1
    region, copy, shift = layout.locate(cells[0][1] + layout.fixed_shift(cells[0][1]))
    seen: dict[tuple[int, int], tuple[int, int]] = {}  # run -> (where written, place in copies)
    copies: list[int] = []  # the copies of the runs written since entering this section
    while True:
        if region % 2:
            earlier = seen.get((j, step))
            if earlier is not None and copy != copies[earlier[1]]:
                delta = copy - copies[earlier[1]]
                lo, hi = min(copy, *copies[earlier[1] :]), max(copy, *copies[earlier[1] :])
                times = (counts[region // 2] - 1 - hi) // delta if delta > 0 else lo // -delta
                if times > 0:
                    out += _kernels.kernel.repeat_shifted(out[earlier[0] :], times, delta * PERIOD * col_step)
                    copy += times * delta
                    shift += times * delta * PERIOD
                seen.clear()
                copies.clear()
            seen[j, step] = len(out), len(copies)
            copies.append(copy)
        run = codes[j, step]
        out.extend([v + shift * col_step for v in run] if shift else run)
        _, last, after = runs[j, step]
        if after is None:
            break
        row, col = cells[after]
        board_col = col + shift
        new_region, copy, new_shift = layout.locate(board_col)
        if new_region != region:
            seen.clear()
            copies.clear()
            region = new_region
        j = index[row, board_col - new_shift]
        back = cells[last][0], cells[last][1] + shift - new_shift
        step = 1 if j and cells[j - 1] == back else -1
        shift = new_shift
        if len(out) > total:  # pragma: no cover: the data are checked
            raise AssertionError("the repeated base does not form one path")
    if len(out) != total:  # pragma: no cover: the data are checked
        raise AssertionError("the repeated base does not form one path")
    return out


def closed_tour(rows: int, cols: int) -> array[int]:
    """A closed tour of the board three wide of even length from 10, from its corner."""
    _, length, row_step, col_step = lying(rows, cols)
    base = next(base for base in bases(True) if (length - base.width) % PERIOD == 0)
    return build(Plan(base, ((length - base.width) // PERIOD + 1,), 1, row_step, col_step))


def _position(squares: array[int], value: int) -> int:
    """Where value is in squares (which holds it once): a byte search, many times faster than array.index."""
    raw, needle = squares.tobytes(), array("i", [value]).tobytes()
    at = raw.find(needle)
    while at % squares.itemsize:  # a match straddling two values, or none (-1)
        if at < 0:  # pragma: no cover: every square is on the tour
            raise AssertionError(f"square {value} is not on the tour")
        at = raw.find(needle, at + 1)
    return at // squares.itemsize


def tour(rows: int, cols: int, start: int) -> array[int]:
    """A tour of the strip rows×cols from square index start (applies() must hold): closed
    where the board has closed tours, else open."""
    if _closed_kind(rows, cols):
        squares = closed_tour(rows, cols)
        turn = _position(squares, start + 1)
        return squares[turn:] + squares[:turn]
    squares = array("i")
    parts = plans(rows, cols, start)
    assert parts is not None, "applies() holds, so every base is stored"
    for part in parts:
        squares += build(part)
    return squares
