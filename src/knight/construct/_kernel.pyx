# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled construction kernel: the steps of the twin ``_kernel_py.py``, in C without the GIL.

``_rectangle.py`` explains the construction; both kernels return the identical tour.
"""

from cpython.array cimport array, clone
from libc.stdint cimport int32_t, int64_t
from libc.stdlib cimport free, malloc

cdef array _INT32 = array("i")

cdef enum:
    NONE = -1
    LEFT = 0
    UP = 1
    RIGHT = 2
    DOWN = 3

cdef int DI[4]
cdef int DJ[4]
cdef int OPPOSITE[4]
cdef int ENTERED_AT[4]
cdef int OWN_EDGE[4]
DI[:] = [0, -1, 0, 1]
DJ[:] = [-1, 0, 1, 0]
OPPOSITE[:] = [RIGHT, DOWN, LEFT, UP]
ENTERED_AT[:] = [2, 4, 0, 0]  # places offset of the edge a crossing on that side lands on
OWN_EDGE[:] = [0, 0, 2, 4]  # places offset of a block's own edge for a join on that side


cdef struct Board:
    int64_t cols
    int n_heights, n_widths, n_width_kinds, special_i, special_j, special
    const int *table
    const int *height_kinds
    const int *width_kinds
    const long long *cells
    const int *starts
    const int *places
    int64_t *tops
    int64_t *lefts


cdef struct Frame:
    int i, j, first, length, position, step, exit_, n_events
    int64_t base
    int event_at[3]
    int event_side[3]
    int event_end[3]


cdef inline int _pattern_of(Board *b, int i, int j) noexcept nogil:
    if i == b.special_i and j == b.special_j:
        return b.special
    return b.table[(b.height_kinds[i] * b.n_width_kinds + b.width_kinds[j]) * 2 + (1 if j == 0 else 0)]


cdef inline bint _has_join(Board *b, int side, int i, int j) noexcept nogil:
    if side == LEFT:
        return j > 0
    if side == RIGHT:
        return j < b.n_widths - 1
    if side == UP:
        return j == 0 and i > 0
    return j == 0 and i < b.n_heights - 1


cdef void _frame(Frame *f, Board *b, int i, int j, int entry, int exit_, int came_by) noexcept nogil:
    """Set f to run round block (i, j) from entry to exit_, away from the edge it came by."""
    cdef int pattern = _pattern_of(b, i, j), side, end1, end2, first_end
    f.i = i
    f.j = j
    f.base = b.tops[i] * b.cols + b.lefts[j]
    f.first = b.starts[pattern]
    f.length = b.starts[pattern + 1] - f.first
    f.position = entry
    f.step = -1 if (entry + 1) % f.length == exit_ else 1
    f.exit_ = exit_
    f.n_events = 0
    for side in range(4):
        if side == came_by or not _has_join(b, side, i, j):
            continue
        end1 = b.places[6 * pattern + OWN_EDGE[side]]
        end2 = b.places[6 * pattern + OWN_EDGE[side] + 1]
        first_end = end1 if (end1 + f.step + f.length) % f.length == end2 else end2
        f.event_at[f.n_events] = first_end
        f.event_side[f.n_events] = side
        f.event_end[f.n_events] = 0 if first_end == end1 else 1
        f.n_events += 1


def build(
    int rows, int cols, const int[:] heights, const int[:] height_kinds, const int[:] widths,
    const int[:] width_kinds, int n_width_kinds, const int[:] table, const long long[:] cells,
    const int[:] starts, const int[:] places, int special_i, int special_j, int special,
    int root_i, int root_j, int root_position, long long hole,
):
    """The tour as an int32 array of 1-based square numbers, written in order: no search.

    The same contract and steps as ``_kernel_py.build``.
    """
    cdef int64_t n = <int64_t>rows * cols, written = 0, total
    cdef int n_heights = heights.shape[0], n_widths = widths.shape[0]
    cdef int capacity = n_heights + 2 * n_widths + 8, depth = 0, k, crossing, side, end, i2, j2, pattern
    cdef int position, step, length, first
    cdef int64_t base
    cdef Board b
    cdef Frame *f
    cdef Frame *stack = <Frame *>malloc(capacity * sizeof(Frame))
    cdef int64_t *lines = <int64_t *>malloc((n_heights + n_widths) * sizeof(int64_t))
    cdef int32_t *out
    cdef array result
    cdef bint overflow = False
    try:
        if stack == NULL or lines == NULL:
            raise MemoryError()
        result = clone(_INT32, n, False)
        out = <int32_t *>result.data.as_ints
        b.cols = cols
        b.n_heights, b.n_widths, b.n_width_kinds = n_heights, n_widths, n_width_kinds
        b.special_i, b.special_j, b.special = special_i, special_j, special
        b.table, b.height_kinds, b.width_kinds = &table[0], &height_kinds[0], &width_kinds[0]
        b.cells, b.starts, b.places = &cells[0], &starts[0], &places[0]
        b.tops, b.lefts = lines, lines + n_heights
        with nogil:
            b.tops[0] = 0
            for k in range(1, n_heights):
                b.tops[k] = b.tops[k - 1] + heights[k - 1]
            b.lefts[0] = 0
            for k in range(1, n_widths):
                b.lefts[k] = b.lefts[k - 1] + widths[k - 1]
            _frame(&stack[0], &b, root_i, root_j, root_position, -1, NONE)
            stack[0].exit_ = (root_position - stack[0].step + stack[0].length) % stack[0].length
            depth = 1
            total = n if hole < 0 else n - 1
            while depth > 0 and written < total:
                f = &stack[depth - 1]
                if f.position < 0:  # the root crossed a join at its last square: all done
                    depth -= 1
                    continue
                position, step, length, first, base = f.position, f.step, f.length, f.first, f.base
                crossing = -1
                while True:
                    out[written] = <int32_t>(base + b.cells[first + position] + 1)
                    written += 1
                    for k in range(f.n_events):
                        if f.event_at[k] == position:
                            crossing = k
                    if crossing >= 0 or position == f.exit_ or written >= total:
                        break
                    position += step
                    if position == length:
                        position = 0
                    elif position < 0:
                        position = length - 1
                if crossing < 0:  # round this block: back to the block it was entered from
                    depth -= 1
                    continue
                # carry on from the join's other end (the root: unless that was its last square)
                f.position = -1 if position == f.exit_ else (position + step + length) % length
                side = f.event_side[crossing]
                end = f.event_end[crossing]
                i2 = f.i + DI[side]
                j2 = f.j + DJ[side]
                pattern = _pattern_of(&b, i2, j2)
                if depth == capacity:
                    overflow = True
                    break
                _frame(&stack[depth], &b, i2, j2,
                       b.places[6 * pattern + ENTERED_AT[side] + end],
                       b.places[6 * pattern + ENTERED_AT[side] + 1 - end], OPPOSITE[side])
                depth += 1
            if hole >= 0:
                out[total] = <int32_t>(hole + 1)
        if overflow or written != total:  # cannot happen: the blocks' tree is a comb
            raise AssertionError(f"construction wrote {written} of {total} squares")
        return result
    finally:
        free(stack)
        free(lines)


def repeat_shifted(block, Py_ssize_t times, int64_t step):
    """times copies of block one after another, the i-th (from 1) with i * step added to every value."""
    cdef const int[:] view = block
    cdef Py_ssize_t width = view.shape[0], i, k
    cdef array out = clone(_INT32, width * times, False)
    cdef int32_t *p = <int32_t *>out.data.as_ints
    cdef int64_t shift
    with nogil:
        for i in range(times):
            shift = (i + 1) * step
            for k in range(width):
                p[i * width + k] = <int32_t>(view[k] + shift)
    return out
