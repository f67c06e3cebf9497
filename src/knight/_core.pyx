# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled search core: the hot loop of knight, in C with the GIL released.

The algorithm, move order, tie-breaks and pruning are those of the pure-Python twin
``_core_py.py``, whose docstring explains them; both return the identical tour.
"""

from cpython.array cimport array, clone
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

cdef enum:
    MAX_MOVES = 8
    S_FOUND = 0
    S_EXHAUSTED = 1
    S_LIMIT = 2

FOUND, EXHAUSTED, LIMIT = S_FOUND, S_EXHAUSTED, S_LIMIT

cdef array _INT32 = array("i")


cdef struct Board:
    int32_t n
    int32_t *neighbours    # n * MAX_MOVES square indices, in move order
    uint8_t *counts        # on-board neighbours of each square
    int64_t *tie_break     # secondary sort key of each square, this round
    uint8_t *free_         # 1 while a square is not on the path
    uint8_t *degree        # free neighbours (closed: the start counts as free)
    uint8_t *home          # closed search: 1 for the start's neighbours
    int32_t *mark          # flood-fill stamps
    int32_t *todo          # flood-fill stack
    int32_t *path
    int32_t *candidates    # n * MAX_MOVES: each frame's ordered moves
    uint8_t *frame_size
    uint8_t *cursor


cdef void _tie_breaks(Board *b, int rows, int cols, int round_) noexcept nogil:
    cdef int row, col, square = 0
    cdef uint32_t x, salt = <uint32_t>round_ * <uint32_t>0x85EBCA77
    cdef int64_t dr, dc
    for row in range(rows):
        dr = 2 * row - rows + 1
        for col in range(cols):
            if round_ == 0:
                dc = 2 * col - cols + 1
                b.tie_break[square] = -(dr * dr + dc * dc)
            else:
                x = <uint32_t>(square + 1) * <uint32_t>0x9E3779B1 + salt
                x ^= x >> 15
                x = x * <uint32_t>0x2C1B3C6D
                b.tie_break[square] = x ^ (x >> 12)
            square += 1


cdef inline bint _before(Board *b, int32_t s, int32_t t) noexcept nogil:
    """Whether s sorts strictly before t: fewer onward moves, then the tie-break key."""
    if b.degree[s] != b.degree[t]:
        return b.degree[s] < b.degree[t]
    return b.tie_break[s] < b.tie_break[t]


cdef int _depth_first(Board *b, int32_t start, bint closed, int64_t budget, int64_t *nodes_out) noexcept nogil:
    cdef int32_t n = b.n
    cdef int32_t ones = 0, links_home = b.counts[start], stamp = 0
    cdef int32_t square, neighbour, depth, top, remaining, next_to_knight, reached, size, i, j, k, todo_size
    cdef int32_t *frame
    cdef uint8_t count
    cdef bint backtracked = False, found = False, dead
    cdef int64_t nodes = 1

    for square in range(n):
        b.free_[square] = 1
        b.degree[square] = b.counts[square]
        b.home[square] = 0
        b.mark[square] = 0
        if b.counts[square] == 1:
            ones += 1
    if closed:
        for i in range(b.counts[start]):
            b.home[b.neighbours[start * MAX_MOVES + i]] = 1

    square = start
    depth = 0
    while True:
        # take(square): keep_counted only for the start of a closed search
        b.free_[square] = 0
        if b.degree[square] == 1:
            ones -= 1
        if b.home[square]:
            links_home -= 1
        if not (closed and depth == 0):
            for i in range(b.counts[square]):
                neighbour = b.neighbours[square * MAX_MOVES + i]
                if b.free_[neighbour]:
                    count = b.degree[neighbour]
                    b.degree[neighbour] = count - 1
                    if count == 1:
                        ones -= 1
                    elif count == 2:
                        ones += 1
        b.path[depth] = square
        # expand(square, depth)
        remaining = n - depth - 1
        b.cursor[depth] = 0
        b.frame_size[depth] = 0
        frame = b.candidates + depth * MAX_MOVES
        if remaining == 0:
            found = not closed or b.home[square] == 1
        else:
            dead = False
            size = 0
            next_to_knight = 0
            for i in range(b.counts[square]):
                neighbour = b.neighbours[square * MAX_MOVES + i]
                if b.free_[neighbour]:
                    count = b.degree[neighbour]
                    if count == 0 and (closed or remaining > 1):
                        dead = True
                        break
                    if count == 1:
                        next_to_knight += 1
                    frame[size] = neighbour
                    size += 1
            if not dead:
                dead = ones - next_to_knight > (0 if closed else 1) or (closed and links_home == 0)
            if not dead and backtracked:
                stamp += 1
                reached = 0
                b.todo[0] = square
                todo_size = 1
                while todo_size:
                    todo_size -= 1
                    k = b.todo[todo_size]
                    for i in range(b.counts[k]):
                        neighbour = b.neighbours[k * MAX_MOVES + i]
                        if b.free_[neighbour] and b.mark[neighbour] != stamp:
                            b.mark[neighbour] = stamp
                            reached += 1
                            b.todo[todo_size] = neighbour
                            todo_size += 1
                dead = reached != remaining
            if not dead:
                for i in range(1, size):  # stable insertion sort
                    k = frame[i]
                    j = i - 1
                    while j >= 0 and _before(b, k, frame[j]):
                        frame[j + 1] = frame[j]
                        j -= 1
                    frame[j + 1] = k
                b.frame_size[depth] = size
        depth += 1
        if found:
            nodes_out[0] = nodes
            return S_FOUND
        # advance to the next candidate, backtracking through exhausted frames
        while True:
            top = depth - 1
            if b.cursor[top] < b.frame_size[top]:
                if nodes >= budget:
                    nodes_out[0] = nodes
                    return S_LIMIT
                nodes += 1
                square = b.candidates[top * MAX_MOVES + b.cursor[top]]
                b.cursor[top] += 1
                break
            if top == 0:
                nodes_out[0] = nodes
                return S_EXHAUSTED
            backtracked = True
            # release(path[top])
            k = b.path[top]
            for i in range(b.counts[k]):
                neighbour = b.neighbours[k * MAX_MOVES + i]
                if b.free_[neighbour]:
                    count = b.degree[neighbour]
                    b.degree[neighbour] = count + 1
                    if count == 1:
                        ones -= 1
                    elif count == 0:
                        ones += 1
            b.free_[k] = 1
            if b.degree[k] == 1:
                ones += 1
            if b.home[k]:
                links_home += 1
            depth -= 1


cdef void _link(Board *b, int rows, int cols, int move_count, int *dr, int *dc) noexcept nogil:
    """Fill each square's on-board neighbours, in move order."""
    cdef int row, col, i, r, c, count, square = 0
    cdef int32_t *out
    for row in range(rows):
        for col in range(cols):
            out = b.neighbours + square * MAX_MOVES
            count = 0
            for i in range(move_count):
                r = row + dr[i]
                c = col + dc[i]
                if 0 <= r < rows and 0 <= c < cols:
                    out[count] = r * cols + c
                    count += 1
            b.counts[square] = count
            square += 1


def search(int rows, int cols, int start, bint closed, long long max_nodes, moves):
    """Find a tour from square index start; return (status, nodes, squares).

    The same contract as ``_core_py.search``: squares is an int32 array of 1-based
    square numbers when status is FOUND, else None.
    """
    cdef int64_t n = <int64_t>rows * cols
    cdef int move_count = len(moves)
    cdef int dr[MAX_MOVES]
    cdef int dc[MAX_MOVES]
    cdef int i, row, col, r, c, status = S_LIMIT, round_ = 0
    cdef int64_t nodes = 0, used = 0, budget
    cdef Board b
    cdef char *block
    cdef array result
    if move_count > MAX_MOVES:
        raise ValueError(f"at most {MAX_MOVES} moves, not {move_count}")
    for i in range(move_count):
        dr[i], dc[i] = moves[i]
    cdef size_t per_square = (MAX_MOVES * 4 * 2 + 8 + 4 * 3 + 6)
    block = <char *>malloc(<size_t>n * per_square)
    if block == NULL:
        raise MemoryError(f"no memory to search a {rows}×{cols} board")
    b.n = <int32_t>n
    b.neighbours = <int32_t *>block
    b.candidates = b.neighbours + n * MAX_MOVES
    b.tie_break = <int64_t *>(b.candidates + n * MAX_MOVES)
    b.mark = <int32_t *>(b.tie_break + n)
    b.todo = b.mark + n
    b.path = b.todo + n
    b.counts = <uint8_t *>(b.path + n)
    b.free_ = b.counts + n
    b.degree = b.free_ + n
    b.home = b.degree + n
    b.frame_size = b.home + n
    b.cursor = b.frame_size + n
    try:
        with nogil:
            _link(&b, rows, cols, move_count, dr, dc)
            while True:
                budget = min((8 * n) << round_, max_nodes - nodes) if round_ < 40 else max_nodes - nodes
                _tie_breaks(&b, rows, cols, round_)
                status = _depth_first(&b, start, closed, budget, &used)
                nodes += used
                if status != S_LIMIT or nodes >= max_nodes:
                    break
                round_ += 1
        if status != S_FOUND:
            return status, nodes, None
        result = clone(_INT32, n, False)
        for i in range(n):
            result.data.as_ints[i] = b.path[i] + 1
        return status, nodes, result
    finally:
        free(block)
