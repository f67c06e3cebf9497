# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled forward core of the puzzle search: completing a path through fixed moves,
going forward from move 1, in C with the GIL released.

The algorithm, order and pruning are those of the pure-Python twin ``_forward_py.py``,
whose docstring explains them and the arguments; both return the identical path. Every
DEADLINE_EVERY nodes (fewer on large boards) the loop takes the GIL for a moment to read the clock and to let
Ctrl-C through (PyErr_CheckSignals), which raises KeyboardInterrupt.
"""

from cpython.array cimport array, clone
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int32_t, int64_t, uint8_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

import time

from ..model._status cimport MAX_MOVES as C_MAX_MOVES, S_EXHAUSTED, S_FOUND, S_LIMIT

FOUND, EXHAUSTED, LIMIT = S_FOUND, S_EXHAUSTED, S_LIMIT
cdef enum:
    C_DEADLINE_EVERY = 4096  # nodes between two looks at the clock, on boards of up to C_CLOCK_CELLS // 4096 cells
    C_CLOCK_CELLS = 1 << 20  # a node's pruning walks the board: larger boards look every C_CLOCK_CELLS // cells nodes
    S_INTERRUPTED = 3        # Ctrl-C: KeyboardInterrupt is raised
    C_NEAR = 6               # moves ahead within which _within measures (see the twin's NEAR)

MAX_MOVES = C_MAX_MOVES
#: The widest neighbours row taken (a frame's candidates are counted in a byte).
MAX_WIDTH = 255
DEADLINE_EVERY = C_DEADLINE_EVERY
NEAR = C_NEAR

cdef array _INT32 = array("i")


cdef struct State:
    int32_t cells
    int32_t n
    int32_t end                # the cell of move n when fixed, else -1
    int32_t ones               # free squares with exactly one free neighbour
    int32_t stamp
    int32_t slots              # fixed moves
    int64_t every              # nodes between two looks at the clock
    int32_t width              # entries a cell in neighbours and a move in candidates
    const int32_t *neighbours  # cells × width, -1 after the last
    const int32_t *at_move     # per move 0..n: its fixed cell or -1
    const int32_t *given       # per cell: its fixed move or 0
    const int32_t *distance    # per slot, per cell
    const int32_t *slot_after  # per move
    const int32_t *move_of_slot
    const int64_t *tie_break   # per cell: the third sort key of candidates
    const int32_t *latest      # per cell: the last move it can hold (the second key)
    int32_t *due_from          # per move 0..n+1: where its cells start in due
    int32_t *due               # cells by the last move they can hold
    int32_t *bucket            # per cell: the slot of the first fixed move after its last move, or -1
    int32_t *pending           # per slot: free cells that must be placed before it
    uint8_t *free_             # per cell
    int32_t *degree            # per cell: free neighbours
    int32_t *moves_of          # per cell: neighbours (the used part of its neighbours row)
    int32_t *mark              # per cell: flood-fill stamps
    int32_t *todo              # per cell: flood-fill stack
    int32_t *path              # per move
    int32_t *candidates        # per move, width each
    uint8_t *frame_size
    uint8_t *cursor


cdef inline void _step(State *s, int32_t cell, int32_t change) noexcept nogil:
    """Step onto cell (change -1) or back off it (+1): the free-neighbour counts
    around it, the squares with one free neighbour, and the fixed move's pending count."""
    cdef int i
    cdef int32_t neighbour, before
    s.free_[cell] = change > 0
    if s.degree[cell] == 1:
        s.ones += change
    if s.bucket[cell] >= 0:
        s.pending[s.bucket[cell]] += change
    for i in range(s.moves_of[cell]):
        neighbour = s.neighbours[cell * s.width + i]
        if s.free_[neighbour]:
            before = s.degree[neighbour]
            s.degree[neighbour] = before + change
            s.ones += (before + change == 1) - (before == 1)


cdef bint _connected(State *s, int32_t cell, int32_t remaining) noexcept nogil:
    cdef int32_t reached = 0, size = 1, k, neighbour
    cdef int i
    s.stamp += 1
    s.todo[0] = cell
    while size:
        size -= 1
        k = s.todo[size]
        for i in range(s.moves_of[k]):
            neighbour = s.neighbours[k * s.width + i]
            if s.free_[neighbour] and s.mark[neighbour] != s.stamp:
                s.mark[neighbour] = s.stamp
                reached += 1
                s.todo[size] = neighbour
                size += 1
    return reached == remaining


cdef bint _in_time(State *s, int32_t slot, int32_t move) noexcept nogil:
    """Whether the free squares due before each later fixed move fit before it (see the twin)."""
    cdef int32_t due = 0, later
    for later in range(slot, s.slots):
        due += s.pending[later]
        if due > s.move_of_slot[later] - move - 1:
            return False
    return True


cdef bint _supported(State *s, int32_t cell, int32_t move) noexcept nogil:
    """Whether each free square next to cell holding a fixed move k after move + 1 keeps
    enough free squares holding no fixed move around it (see the twin)."""
    cdef int i, j
    cdef int32_t neighbour, other, k, need, have
    for i in range(s.moves_of[cell]):
        neighbour = s.neighbours[cell * s.width + i]
        k = s.given[neighbour]
        if k > move + 1 and s.free_[neighbour]:
            need = (1 if s.at_move[k - 1] < 0 else 0) + (1 if k < s.n and s.at_move[k + 1] < 0 else 0)
            have = 0
            for j in range(s.moves_of[neighbour]):
                other = s.neighbours[neighbour * s.width + j]
                if s.free_[other] and not s.given[other]:
                    have += 1
            if have < need:
                return False
    return True


cdef bint _within(State *s, int32_t cell, int32_t target, int32_t steps) noexcept nogil:
    """Whether target is at most steps leaps from cell through free squares holding no fixed move."""
    cdef int32_t begin = 0, end = 1, layer_end, k, neighbour, step
    cdef int i
    s.stamp += 1
    s.todo[0] = cell
    for step in range(steps):
        layer_end = end
        while begin < layer_end:
            k = s.todo[begin]
            begin += 1
            for i in range(s.moves_of[k]):
                neighbour = s.neighbours[k * s.width + i]
                if neighbour == target:
                    return True
                if s.free_[neighbour] and not s.given[neighbour] and s.mark[neighbour] != s.stamp:
                    s.mark[neighbour] = s.stamp
                    s.todo[end] = neighbour
                    end += 1
        if end == layer_end:
            return False
    return False


cdef bint _expand(State *s, int32_t cell, int32_t depth) noexcept nogil:
    """Fill frame depth with the candidates for move depth + 2; True when the path is complete."""
    cdef int32_t remaining = s.n - depth - 1, neighbour, count, next_to_knight = 0, stray
    cdef int32_t move, fixed, slot, slack = 0, row = 0, size = 0, k, d
    cdef int32_t *frame = s.candidates + depth * s.width
    cdef bint end_next = False, adjacent
    cdef int i, j
    s.cursor[depth] = 0
    s.frame_size[depth] = 0
    if remaining == 0:
        return True
    for i in range(s.moves_of[cell]):
        neighbour = s.neighbours[cell * s.width + i]
        if s.free_[neighbour]:
            count = s.degree[neighbour]
            if count == 0 and remaining > 1:
                return False
            next_to_knight += count == 1
            if neighbour == s.end:
                end_next = True
    stray = s.ones - next_to_knight
    if s.end >= 0:
        if s.free_[s.end] and s.degree[s.end] == 1 and not end_next:
            stray -= 1
        if stray > 0:
            return False
    elif stray > 1:
        return False
    for k in range(s.due_from[depth + 1], s.due_from[depth + 2]):
        if s.free_[s.due[k]]:
            return False
    slot = s.slot_after[depth + 1]
    if slot >= 0 and not _in_time(s, slot, depth + 1):
        return False
    if not _connected(s, cell, remaining) or not _supported(s, cell, depth + 1):
        return False
    if slot >= 0 and s.move_of_slot[slot] - depth - 1 <= C_NEAR and not _within(s, cell, s.at_move[s.move_of_slot[slot]], s.move_of_slot[slot] - depth - 1):
        return False
    move = depth + 2
    fixed = s.at_move[move]
    if fixed >= 0:
        adjacent = False
        for i in range(s.moves_of[cell]):
            neighbour = s.neighbours[cell * s.width + i]
            if neighbour == fixed:
                adjacent = True
        if s.free_[fixed] and adjacent:
            frame[0] = fixed
            s.frame_size[depth] = 1
        return False
    slot = s.slot_after[move]
    if slot >= 0:
        row = slot * s.cells
        slack = s.move_of_slot[slot] - move
    for i in range(s.moves_of[cell]):
        neighbour = s.neighbours[cell * s.width + i]
        if s.free_[neighbour] and not s.given[neighbour]:
            if slot >= 0:
                d = s.distance[row + neighbour]
                if d < 0 or d > slack:
                    continue
            frame[size] = neighbour
            size += 1
    for i in range(1, size):  # stable insertion sort by free neighbours, last possible move, tie-break
        k = frame[i]
        j = i - 1
        while j >= 0 and (
            s.degree[k] < s.degree[frame[j]]
            or s.degree[k] == s.degree[frame[j]] and (s.latest[k] < s.latest[frame[j]]
            or s.latest[k] == s.latest[frame[j]] and s.tie_break[k] < s.tie_break[frame[j]])
        ):
            frame[j + 1] = frame[j]
            j -= 1
        frame[j + 1] = k
    s.frame_size[depth] = size
    return False


cdef void _unwind(State *s, int32_t depth) noexcept nogil:
    cdef int32_t top
    for top in range(depth - 1, -1, -1):
        _step(s, s.path[top], +1)


cdef int _clock(double deadline) noexcept with gil:
    """S_LIMIT when the deadline has passed, S_INTERRUPTED on Ctrl-C (the error is set), else 0."""
    if PyErr_CheckSignals() < 0:
        return S_INTERRUPTED
    if time.monotonic() >= deadline:
        return S_LIMIT
    return 0


cdef int _depth_first(State *s, int32_t start, int64_t *nodes_io, int64_t max_nodes, double deadline) noexcept nogil:
    """Search from start; the board is as it was on return but for the path of a FOUND."""
    cdef int64_t nodes = nodes_io[0]
    cdef int32_t depth, top, square
    cdef int stop
    if nodes >= max_nodes:
        return S_LIMIT
    nodes += 1
    _step(s, start, -1)
    s.path[0] = start
    if _expand(s, start, 0):
        nodes_io[0] = nodes
        return S_FOUND
    depth = 1
    while True:
        top = depth - 1
        if s.cursor[top] < s.frame_size[top]:
            if nodes >= max_nodes:
                _unwind(s, depth)
                nodes_io[0] = nodes
                return S_LIMIT
            if nodes % s.every == 0:
                stop = _clock(deadline)
                if stop:
                    _unwind(s, depth)
                    nodes_io[0] = nodes
                    return stop
            nodes += 1
            square = s.candidates[top * s.width + s.cursor[top]]
            s.cursor[top] += 1
            _step(s, square, -1)
            s.path[depth] = square
            if _expand(s, square, depth):
                nodes_io[0] = nodes
                return S_FOUND
            depth += 1
        else:
            _step(s, s.path[top], +1)
            if top == 0:
                nodes_io[0] = nodes
                return S_EXHAUSTED
            depth -= 1


def search(
    const int32_t[::1] neighbours,
    const uint8_t[::1] on_board,
    const int32_t[::1] at_move,
    const int32_t[::1] given,
    const int32_t[::1] distance,
    const int32_t[::1] slot_after,
    const int32_t[::1] move_of_slot,
    const int32_t[::1] latest,
    const int64_t[::1] tie_break,
    const int32_t[::1] starts,
    long long max_nodes,
    double deadline,
):
    """Complete the path from each start in turn; return (status, nodes, cells).

    The same contract as ``_forward_py.search``: cells is an int32 array, the cell of each
    move, when status is FOUND, else None.
    """
    cdef int32_t cells = on_board.shape[0], n = at_move.shape[0] - 1, cell, count, slots = move_of_slot.shape[0], slot
    cdef int i, status = S_EXHAUSTED
    cdef Py_ssize_t k
    cdef int64_t nodes = 0
    cdef State s
    cdef char *block
    cdef array result
    cdef Py_ssize_t width = neighbours.shape[0] // max(cells, 1)
    if not C_MAX_MOVES <= width <= MAX_WIDTH or neighbours.shape[0] != cells * width:
        raise ValueError(f"neighbours must have {cells} × a width from {C_MAX_MOVES} to {MAX_WIDTH} entries")
    if given.shape[0] != cells or latest.shape[0] != cells or tie_break.shape[0] != cells:
        raise ValueError(f"given, latest and tie_break must have {cells} entries")
    if n < 1 or slot_after.shape[0] != n + 1 or distance.shape[0] != move_of_slot.shape[0] * <Py_ssize_t>cells:
        raise ValueError("at_move, slot_after, distance and move_of_slot do not agree")
    for cell in range(cells):
        if not 0 <= latest[cell] <= n:
            raise ValueError(f"latest[{cell}] is {latest[cell]}, not a move")
    block = <char *>malloc(<size_t>cells * (1 + 4 * 6) + <size_t>n * (width * 4 + 4 + 2) + (<size_t>n + 2 + slots) * 4)
    if block == NULL:
        raise MemoryError(f"no memory to search {n} moves")
    s.cells, s.n, s.end, s.stamp, s.slots, s.width = cells, n, at_move[n], 0, slots, <int32_t>width
    s.every = max(1, min(C_DEADLINE_EVERY, C_CLOCK_CELLS // max(cells, 1)))
    s.neighbours, s.at_move, s.given = &neighbours[0], &at_move[0], &given[0]
    s.distance = &distance[0] if distance.shape[0] else NULL
    s.slot_after = &slot_after[0]
    s.tie_break = &tie_break[0]
    s.latest = &latest[0]
    s.move_of_slot = &move_of_slot[0] if move_of_slot.shape[0] else NULL
    s.degree = <int32_t *>block
    s.moves_of = s.degree + cells
    s.mark = s.moves_of + cells
    s.todo = s.mark + cells
    s.candidates = s.todo + cells
    s.path = s.candidates + n * width
    s.due = s.path + n
    s.bucket = s.due + cells
    s.due_from = s.bucket + cells
    s.pending = s.due_from + n + 2
    s.free_ = <uint8_t *>(s.pending + slots)
    s.frame_size = s.free_ + cells
    s.cursor = s.frame_size + n
    try:
        with nogil:
            memcpy(s.free_, &on_board[0], cells)
            memset(s.mark, 0, cells * sizeof(int32_t))
            s.ones = 0
            for cell in range(cells):
                count = 0
                while count < s.width and s.neighbours[cell * s.width + count] >= 0:
                    count += 1
                s.moves_of[cell] = count
                s.degree[cell] = count if s.free_[cell] else 0
                if s.free_[cell] and count == 1:
                    s.ones += 1
            # the cells by their last possible move (a counting sort), and the pending counts
            memset(s.due_from, 0, (n + 2) * sizeof(int32_t))
            memset(s.pending, 0, slots * sizeof(int32_t))
            for cell in range(cells):
                s.bucket[cell] = -1
                if s.free_[cell] and not s.given[cell]:
                    s.due_from[latest[cell] + 1] += 1
                    slot = s.slot_after[latest[cell]]
                    s.bucket[cell] = slot
                    if slot >= 0:
                        s.pending[slot] += 1
            for i in range(1, n + 2):
                s.due_from[i] += s.due_from[i - 1]
            for cell in range(cells):  # due_from[m] runs ahead while filling, then is shifted back
                if s.free_[cell] and not s.given[cell]:
                    s.due[s.due_from[latest[cell]]] = cell
                    s.due_from[latest[cell]] += 1
            for i in range(n + 1, 0, -1):
                s.due_from[i] = s.due_from[i - 1]
            s.due_from[0] = 0
            for k in range(starts.shape[0]):
                status = _depth_first(&s, starts[k], &nodes, max_nodes, deadline)
                if status != S_EXHAUSTED:
                    break
        if status == S_INTERRUPTED:
            raise KeyboardInterrupt
        if status != S_FOUND:
            return status, nodes, None
        result = clone(_INT32, n, False)
        for i in range(n):
            result.data.as_ints[i] = s.path[i]
        return status, nodes, result
    finally:
        free(block)
