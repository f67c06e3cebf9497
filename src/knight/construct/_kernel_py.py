"""Pure-Python twin of the compiled construction kernel (``_kernel.pyx``): same steps, same tours.

``build`` writes the tour in order by running round the blocks' cycles and crossing
their joins depth-first (see ``_rectangle.py`` for why the result is one tour);
``repeat_shifted`` copies a strip's repeatable section (see ``_strips.py``).
"""

from __future__ import annotations

from array import array
from typing import Any, Sequence


def build(
    rows: int, cols: int, heights: array[int], height_kinds: array[int], widths: array[int],
    width_kinds: array[int], n_width_kinds: int, table: array[int], cells: array[int], starts: array[int],
    places: array[int], special_i: int, special_j: int, special: int, root_i: int, root_j: int,
    root_position: int, hole: int,
) -> array[int]:  # fmt: skip
    """The tour as an int32 array of 1-based square numbers, written in order: no search.

    heights/widths are the bands; table[(height kind * n_width_kinds + width kind) * 2 +
    (1 in the first column of blocks)] is the pattern of a block, except that block
    (special_i, special_j) has pattern special; cells[starts[p]:starts[p + 1]] is pattern
    p's cycle as offsets row * cols + col from the block's corner; places[6 p:6 p + 6]
    are the positions in that cycle of the ends of its in-edge (b1, b2), its top-right
    corner edge (a1, a2) and its bottom-left corner edge (a1, a2).

    The tour starts at position root_position of block (root_i, root_j) and runs round
    that block's cycle; at a join edge it crosses to the neighbouring block, runs round
    that block's cycle (and, the same way, everything joined beyond it) and crosses back
    over the join's other edge. A stack of blocks being run round holds the way back.
    Without a hole the tour is the whole joined cycle; with one, the root's cycle ends
    just before root_position (on the square a) and the hole comes last.
    """
    n = rows * cols
    n_heights, n_widths = len(heights), len(widths)
    tops, lefts = _prefix(heights), _prefix(widths)
    out = array("i", [0]) * n
    written = 0

    def pattern_of(i: int, j: int) -> int:
        if i == special_i and j == special_j:
            return special
        return table[(height_kinds[i] * n_width_kinds + width_kinds[j]) * 2 + (1 if j == 0 else 0)]

    # a block's frame: its eight ints, then its events (changed in place as the run goes round)
    def frame(i: int, j: int, entry: int, exit_: int, came_by: int) -> list[Any]:
        """(i, j, base, first cell, length, position, step, exit, events) for a block entered at entry."""
        pattern = pattern_of(i, j)
        first, length = starts[pattern], starts[pattern + 1] - starts[pattern]
        step = -1 if (entry + 1) % length == exit_ else 1
        events: list[tuple[int, int, int]] = []
        for side, here in _JOINS:
            if side == came_by or not _has_join(side, i, j, n_heights, n_widths):
                continue
            end1, end2 = places[6 * pattern + here], places[6 * pattern + here + 1]
            first_end = end1 if (end1 + step) % length == end2 else end2
            events.append((first_end, side, 0 if first_end == end1 else 1))
        return [i, j, tops[i] * cols + lefts[j], first, length, entry, step, exit_, events]

    root = frame(root_i, root_j, root_position, -1, _NONE)
    root[7] = (root_position - root[6]) % root[4]  # run round to the square before the start
    stack = [root]
    while stack:
        i, j, base, first, length, position, step, exit_, events = stack[-1]
        if position < 0:  # the root crossed a join at its last square: all done
            stack.pop()
            continue
        while True:
            out[written] = base + cells[first + position] + 1
            written += 1
            crossing = next((event for event in events if event[0] == position), None)
            if crossing is not None or position == exit_:
                break
            position = (position + step) % length
        if crossing is None:  # round this block: back to the block it was entered from
            stack.pop()
            continue
        # carry on from the join's other end (the root: unless that was its last square)
        stack[-1][5] = -1 if position == exit_ else (position + step) % length
        side: int
        end: int
        _, side, end = crossing  # (a frame's events: (position, side, end))
        i2, j2 = i + _DI[side], j + _DJ[side]
        pattern = pattern_of(i2, j2)
        here = _ENTERED_AT[side]
        entry = places[6 * pattern + here + end]
        exit_ = places[6 * pattern + here + 1 - end]
        stack.append(frame(i2, j2, entry, exit_, _OPPOSITE[side]))
    if hole >= 0:
        out[written] = hole + 1
    return out


# Join sides of a block: (side, offset in places of the block's own edge for it).
_NONE, _LEFT, _UP, _RIGHT, _DOWN = -1, 0, 1, 2, 3
_JOINS = ((_LEFT, 0), (_UP, 0), (_RIGHT, 2), (_DOWN, 4))
_DI = {_LEFT: 0, _UP: -1, _RIGHT: 0, _DOWN: 1}
_DJ = {_LEFT: -1, _UP: 0, _RIGHT: 1, _DOWN: 0}
_OPPOSITE = {_LEFT: _RIGHT, _RIGHT: _LEFT, _UP: _DOWN, _DOWN: _UP}
_ENTERED_AT = {_RIGHT: 0, _DOWN: 0, _LEFT: 2, _UP: 4}  # places offset of the edge a crossing lands on


def _has_join(side: int, i: int, j: int, n_heights: int, n_widths: int) -> bool:
    """Whether block (i, j) is joined on side: rows left to right, the first column top to bottom."""
    if side == _LEFT:
        return j > 0
    if side == _RIGHT:
        return j < n_widths - 1
    if side == _UP:
        return j == 0 and i > 0
    return j == 0 and i < n_heights - 1


def _prefix(sizes: Sequence[int]) -> list[int]:
    """The first line of each band."""
    firsts: list[int] = []
    total = 0
    for size in sizes:
        firsts.append(total)
        total += size
    return firsts


def repeat_shifted(block: Sequence[int], times: int, step: int) -> array[int]:
    """times copies of block one after another, the i-th (from 1) with i * step added to every value."""
    width = len(block)
    out = array("i", bytes(4 * width * times))
    for i, value in enumerate(block):
        out[i::width] = array("i", range(value + step, value + step * (times + 1), step))
    return out
