# cython: language_level=3
"""The bordered grid both search kernels lay a board out on (``_core.pyx`` and ``_walk.pyx``):
its size and the leaper's moves as cell index offsets. Inlined into both modules."""

from libc.stdint cimport int32_t, int64_t

from ..model._status cimport MAX_MOVES


cdef inline int shape(int rows, int cols, moves, int64_t *cells, int32_t *width, int32_t *border,
                      int32_t *move_count, int32_t *offset) except -1:
    """The bordered grid of rows×cols for the leaper's steps moves: its cells, its width (cols
    plus a border each side as deep as the longest step), the border, and the moves that can
    land as cell offsets (at most MAX_MOVES, else ValueError)."""
    moves = [step for step in moves if abs(step[0]) < rows and abs(step[1]) < cols]  # the rest never land
    cdef int count = len(moves), i, deepest = 0
    cdef int step_rows[MAX_MOVES]
    cdef int step_cols[MAX_MOVES]
    if count > MAX_MOVES:
        raise ValueError(f"at most {MAX_MOVES} moves, not {count}")
    for i in range(count):
        step_rows[i], step_cols[i] = moves[i]
        deepest = max(deepest, abs(step_rows[i]), abs(step_cols[i]))
    width[0] = cols + 2 * deepest
    cells[0] = <int64_t>(rows + 2 * deepest) * width[0]
    border[0] = deepest
    move_count[0] = count
    for i in range(count):
        offset[i] = step_rows[i] * width[0] + step_cols[i]
    return 0
