"""Pure-Python twin of the compiled construction core (``_construct_core.pyx``): same steps, same tours.

``build`` lays the blocks' cycles down as a successor array, row of blocks by row of
blocks, joins them (see ``_construct.py`` for why the result is one cycle) and reads
the tour off it. ``move_numbers`` inverts a tour for the matrix and grid formats, and
``encode`` writes numbers as text for them.
"""

from __future__ import annotations

from array import array


def build(
    rows, cols, heights, height_kinds, widths, width_kinds, n_width_kinds, table,
    cells, starts, flags, special_i, special_j, special, root_reversed, start, hole,
):  # fmt: skip
    """The tour from square index start as an int32 array of 1-based square numbers.

    heights/widths are the bands; table[(height kind * n_width_kinds + width kind) * 2 +
    (1 in the first column of blocks)] is the pattern of a block; cells[starts[p]:
    starts[p + 1]] is pattern p's cycle as offsets from the block's corner; flags[3 p:
    3 p + 3] say which way p runs its in-edge, top-right and bottom-left corner edges.
    The block (special_i, special_j) uses pattern special; hole (or -1) is left out of
    the cycle and visited last.
    """
    n = rows * cols
    succ = array("i", bytes(4 * n))
    top = 0
    above = above_reversed = -1  # the first block of the row above: pattern, direction
    for i, h in enumerate(heights):
        left = 0
        previous = previous_reversed = -1
        for j, w in enumerate(widths):
            if i == special_i and j == special_j:
                pattern = special
            else:
                pattern = table[(height_kinds[i] * n_width_kinds + width_kinds[j]) * 2 + (1 if j == 0 else 0)]
            if j == 0:  # joined to the first block of the row above, at its bottom-left corner
                reversed_ = root_reversed if i == 0 else flags[3 * pattern] ^ 1 ^ flags[3 * above + 2] ^ above_reversed
            else:
                reversed_ = flags[3 * pattern] ^ 1 ^ flags[3 * previous + 1] ^ reversed_
            base = top * cols + left
            begin, end = starts[pattern], starts[pattern + 1]
            prev_cell = base + cells[end - 1]
            for k in range(begin, end):
                cell = base + cells[k]
                if reversed_:
                    succ[cell] = prev_cell
                else:
                    succ[prev_cell] = cell
                prev_cell = cell
            if j == 0 and i > 0:
                a1, a2 = (top - 1) * cols, (top - 2) * cols + 2
                b1, b2 = (top + 1) * cols + 1, top * cols + 3
                _join(succ, a1, a2, b1, b2, flags[3 * above + 2] ^ above_reversed)
            elif j > 0:
                a1, a2 = top * cols + left - 1, (top + 2) * cols + left - 2
                b1, b2 = (top + 1) * cols + left + 1, (top + 3) * cols + left
                _join(succ, a1, a2, b1, b2, flags[3 * previous + 1] ^ previous_reversed)
            if j == 0:
                above, above_reversed = pattern, reversed_
            previous, previous_reversed = pattern, reversed_
            left += w
        top += h
    out = array("i", bytes(4 * n))
    square = start
    count = n if hole < 0 else n - 1
    for k in range(count):
        out[k] = square + 1
        square = succ[square]
    if hole >= 0:
        out[count] = hole + 1
    return out


def _join(succ, a1, a2, b1, b2, a_forward):
    """Swap edge a1-a2 (a1 -> a2 when a_forward) and edge b1-b2 for a1-b1 and a2-b2."""
    if a_forward:
        succ[a1] = b1
        succ[b2] = a2
    else:
        succ[a2] = b2
        succ[b1] = a1


def move_numbers(squares) -> array:
    """The move number (1-based) of each square (0-based index): the tour inverted."""
    numbers = array("i", bytes(4 * len(squares)))
    for move, square in enumerate(squares, 1):
        numbers[square - 1] = move
    return numbers


def encode(values, begin: int, end: int, width: int, sep: bytes) -> bytes:
    """values[begin:end] (non-negative) as ASCII bytes: each right-aligned to width, joined by sep."""
    return sep.decode().join([f"{value:>{width}}" for value in values[begin:end]]).encode()
