# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled walker: every tour (or every prefix) extending a path, enumerated or counted.

The algorithm, move order and pruning are those of the pure-Python twin ``_walker_py.py``,
whose docstring explains them; both visit the same nodes and give the same answers. The
depth-first loop runs in C with the GIL released, a budget of nodes at a time, so that
the caller can stop between chunks (Ctrl-C) and resume.
"""

from cpython.array cimport array, clone
from libc.math cimport INFINITY
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc

import time

from ..model._bits cimport lowest_bit
from ..model._deadline import OutOfTime
from ..model._status cimport MAX_MOVES, S_EXHAUSTED, S_FOUND, S_LIMIT

FOUND, EXHAUSTED, LIMIT = S_FOUND, S_EXHAUSTED, S_LIMIT

#: Nodes to ask for at a time, so that the caller sees Ctrl-C within about 0.1 s.
CHUNK = 1 << 20

#: Bytes a walker takes per cell of the board (its tables, allocated as one block).
cdef enum:
    C_CELL_BYTES = MAX_MOVES * 4 * 2 + 8 * 2 + 4 * 3 + 6
    C_CLOCK_CELLS = 1 << 16  # cells of the tables built between two looks at the clock
CELL_BYTES = C_CELL_BYTES

#: The connectivity check (a flood fill of every free square) runs only when at most this
#: many squares are left, so that a node's cost does not grow with the board: on a bigger
#: board no walk finishes anyway, and the check only prunes, never changes a count.
cdef enum:
    _CONNECTED_LIMIT = 1024
CONNECTED_LIMIT = _CONNECTED_LIMIT

cdef array _INT32 = array("i")


cdef struct State:
    int32_t n              # squares: cells less holes
    int32_t target         # path length of a leaf
    int32_t root           # depth of the prefix's last square: never backtracked
    int32_t depth          # squares on the path
    int32_t ones           # free squares with exactly one free neighbour
    int32_t links_home     # closed: free squares the path may end on
    int32_t stamp
    int32_t cells          # rows * cols, holes included
    int32_t width          # neighbours kept per square: MAX_MOVES, or a table's most
    uint64_t free_bits     # boards of up to 64 cells: bit k set while square k is free (never a hole's)
    uint64_t *reach        # boards of up to 64 cells: each square's neighbours as bits
    bint closed, ordered, backtracked, pending, done
    int32_t *neighbours    # cells * MAX_MOVES square indices, in move order
    uint8_t *counts        # neighbours of each square on the board (holes have none and are none)
    int64_t *key           # ordered walk: tie-break key (farther from the centre first)
    uint8_t *free_
    uint8_t *degree        # free neighbours, plus one for a square the path may end on (closed)
    uint8_t *home          # closed: 1 for the squares the path may end on
    int32_t *mark
    int32_t *todo
    int32_t *path
    int32_t *candidates    # cells * MAX_MOVES: each frame's moves
    uint8_t *frame_size
    uint8_t *cursor


cdef inline void _take(State *s, int32_t square) noexcept nogil:
    cdef int i
    cdef int32_t neighbour, ones = s.ones
    cdef int32_t *neighbours = s.neighbours + square * s.width
    cdef uint8_t *free_ = s.free_
    cdef uint8_t *degree = s.degree
    cdef uint8_t count
    free_[square] = 0
    s.free_bits &= ~(<uint64_t>1 << (square & 63))
    if degree[square] == 1:
        ones -= 1
    if s.home[square]:
        s.links_home -= 1
    for i in range(s.counts[square]):
        neighbour = neighbours[i]
        if free_[neighbour]:
            count = degree[neighbour]
            degree[neighbour] = count - 1
            if count == 1:
                ones -= 1
            elif count == 2:
                ones += 1
    s.ones = ones


cdef inline void _release(State *s, int32_t square) noexcept nogil:
    cdef int i
    cdef int32_t neighbour, ones = s.ones
    cdef int32_t *neighbours = s.neighbours + square * s.width
    cdef uint8_t *free_ = s.free_
    cdef uint8_t *degree = s.degree
    cdef uint8_t count
    for i in range(s.counts[square]):
        neighbour = neighbours[i]
        if free_[neighbour]:
            count = degree[neighbour]
            degree[neighbour] = count + 1
            if count == 1:
                ones -= 1
            elif count == 0:
                ones += 1
    free_[square] = 1
    s.free_bits |= <uint64_t>1 << (square & 63)
    if degree[square] == 1:
        ones += 1
    if s.home[square]:
        s.links_home += 1
    s.ones = ones


cdef bint _connected(State *s, int32_t square, int32_t remaining) noexcept nogil:
    """Whether every free square can be reached from square through free squares."""
    cdef int32_t reached = 0, todo_size = 1, k, neighbour, stamp
    cdef int i
    cdef uint64_t free_bits, reach, frontier, fresh
    if s.cells <= 64:  # the same flood fill on bitboards: one bit a cell, holes never set
        free_bits = s.free_bits
        reach = s.reach[square] & free_bits
        frontier = reach
        while frontier and reach != free_bits:
            k = <int32_t>lowest_bit(frontier)
            frontier &= frontier - 1
            fresh = s.reach[k] & free_bits & ~reach
            reach |= fresh
            frontier |= fresh
        return reach == free_bits
    s.stamp += 1
    stamp = s.stamp
    s.todo[0] = square
    while todo_size:
        todo_size -= 1
        k = s.todo[todo_size]
        for i in range(s.counts[k]):
            neighbour = s.neighbours[k * s.width + i]
            if s.free_[neighbour] and s.mark[neighbour] != stamp:
                s.mark[neighbour] = stamp
                reached += 1
                s.todo[todo_size] = neighbour
                todo_size += 1
    return reached == remaining


cdef void _expand(State *s, int32_t depth) noexcept nogil:
    """Fill the frame of the square at path[depth] with its moves, or none when dead."""
    cdef int32_t square = s.path[depth], remaining = s.n - depth - 1
    cdef int32_t *frame = s.candidates + depth * s.width
    cdef int32_t *neighbours = s.neighbours + square * s.width
    cdef uint8_t *free_ = s.free_
    cdef uint8_t *degree = s.degree
    cdef int64_t *key = s.key
    cdef int32_t neighbour, k
    cdef int i, j, size = 0, next_to_knight = 0, away
    cdef bint forced
    cdef uint8_t count
    cdef bint closed = s.closed
    s.cursor[depth] = 0
    s.frame_size[depth] = 0
    for i in range(s.counts[square]):
        neighbour = neighbours[i]
        if free_[neighbour]:
            count = degree[neighbour]
            if count == 0 and (closed or remaining > 1):
                return
            if count == 1:
                next_to_knight += 1
            frame[size] = neighbour
            size += 1
    # A free square with one free neighbour is the path's end unless (next to the knight)
    # it is the next square: a closed path's end is fixed, so it must be the next square.
    away = s.ones - next_to_knight
    if closed:
        if away > 0 or next_to_knight > 1 or s.links_home == 0:
            return
        forced = next_to_knight == 1
    else:
        if away > 1 or away + next_to_knight > 2:
            return
        forced = away + next_to_knight == 2
    if forced:  # keep the squares with one free neighbour, in order
        j = 0
        for i in range(size):
            if degree[frame[i]] == 1:
                frame[j] = frame[i]
                j += 1
        size = j
    if (s.backtracked or not s.ordered) and 1 < remaining <= _CONNECTED_LIMIT and not _connected(s, square, remaining):
        return
    if s.ordered:
        for i in range(1, size):  # stable insertion sort: fewest onward moves, then the key
            k = frame[i]
            j = i - 1
            while j >= 0 and (
                degree[k] < degree[frame[j]] or (degree[k] == degree[frame[j]] and key[k] < key[frame[j]])
            ):
                frame[j + 1] = frame[j]
                j -= 1
            frame[j + 1] = k
    s.frame_size[depth] = size


cdef inline bint _leaf_counts(State *s, int32_t square) noexcept nogil:
    return s.target < s.n or not s.closed or s.home[square]


cdef int _walk(State *s, int64_t budget, bint stop_at_leaf, int64_t *used, int64_t *leaves) noexcept nogil:
    """Place at most budget squares; stop at the next leaf when asked. Returns a status."""
    cdef int32_t top, square
    cdef int32_t target = s.target, root = s.root
    cdef int32_t *path = s.path
    cdef int32_t *candidates = s.candidates
    cdef uint8_t *cursor = s.cursor
    cdef uint8_t *frame_size = s.frame_size
    cdef int64_t nodes = used[0], found = leaves[0]
    cdef int status = S_EXHAUSTED
    if s.pending:
        s.pending = False
        if _leaf_counts(s, path[s.depth - 1]):
            leaves[0] += 1
            if stop_at_leaf:
                return S_FOUND
        found = leaves[0]
    while not s.done:
        top = s.depth - 1
        if cursor[top] < frame_size[top]:
            if nodes >= budget:
                status = S_LIMIT
                break
            nodes += 1
            square = candidates[top * s.width + cursor[top]]
            cursor[top] += 1
            _take(s, square)
            path[top + 1] = square
            s.depth = top + 2
            if top + 2 == target:
                cursor[top + 1] = 0
                frame_size[top + 1] = 0
                if _leaf_counts(s, square):
                    found += 1
                    if stop_at_leaf:
                        status = S_FOUND
                        break
            else:
                _expand(s, top + 1)
        elif top == root:
            s.done = True
        else:
            s.backtracked = True
            _release(s, path[top])
            s.depth = top
    used[0] = nodes
    leaves[0] = found
    return status


cdef class Walker:
    """Every path of target squares extending prefix on a rows×cols board, depth first.

    The same contract as ``_walker_py.Walker``: mask is None or rows*cols bytes, 0 for a
    hole; moves are the leaper's (row, col) steps, or table the graph as flat int32 arrays
    (offsets, targets) over the cells (moves then unused); OutOfTime once deadline passes
    while the tables are built.
    """

    cdef State s
    cdef char *block

    def __cinit__(
        self, int rows, int cols, const uint8_t[::1] mask, prefix, ends, int target, bint ordered, moves,
        double deadline=INFINITY, table=None,
    ):
        cdef int64_t n = <int64_t>rows * cols, squares_on_board, e
        cdef const uint8_t *on_board = NULL
        cdef const int32_t[::1] offsets
        cdef const int32_t[::1] targets
        cdef int move_count = 0
        cdef int dr[MAX_MOVES]
        cdef int dc[MAX_MOVES]
        cdef int i, row, col, r, c, count
        cdef int rows_per_look = max(1, C_CLOCK_CELLS // cols)
        cdef int32_t square, target_square, width = MAX_MOVES
        cdef State *s = &self.s
        self.block = NULL
        squares, squares_on_board = _check_walk(rows, cols, mask, prefix, ends, target)
        if table is None:
            moves = [step for step in moves if abs(step[0]) < rows and abs(step[1]) < cols]  # the rest never land
            move_count = len(moves)
            if move_count > MAX_MOVES:
                raise ValueError(f"at most {MAX_MOVES} moves, not {move_count}")
            for i in range(move_count):
                dr[i], dc[i] = moves[i]
        else:
            offsets, targets = table
            width = _table_width(offsets, targets, n)
        if mask is not None:
            on_board = &mask[0]
        self.block = <char *>malloc(<size_t>n * (C_CELL_BYTES + (width - MAX_MOVES) * 4 * 2))
        if self.block == NULL:
            raise MemoryError(f"no memory to walk a {rows}×{cols} board")
        s.n = <int32_t>squares_on_board
        s.cells = <int32_t>n
        s.width = width
        s.neighbours = <int32_t *>self.block
        s.candidates = s.neighbours + n * width
        s.key = <int64_t *>(s.candidates + n * width)
        s.reach = <uint64_t *>(s.key + n)
        s.mark = <int32_t *>(s.reach + n)
        s.todo = s.mark + n
        s.path = s.todo + n
        s.counts = <uint8_t *>(s.path + n)
        s.free_ = s.counts + n
        s.degree = s.free_ + n
        s.home = s.degree + n
        s.frame_size = s.home + n
        s.cursor = s.frame_size + n
        square = 0
        for row in range(rows):
            if row % rows_per_look == 0 and deadline != INFINITY and time.monotonic() >= deadline:
                raise OutOfTime
            for col in range(cols):
                count = 0
                s.reach[square] = 0
                s.free_[square] = on_board == NULL or on_board[square] != 0
                if s.free_[square] and table is not None:
                    for e in range(offsets[square], offsets[square + 1]):
                        target_square = targets[e]
                        if on_board == NULL or on_board[target_square]:
                            s.neighbours[square * s.width + count] = target_square
                            s.reach[square] |= <uint64_t>1 << (target_square & 63)
                            count += 1
                elif s.free_[square]:  # a hole has no neighbours and is nobody's
                    for i in range(move_count):
                        r = row + dr[i]
                        c = col + dc[i]
                        if 0 <= r < rows and 0 <= c < cols:
                            target_square = r * cols + c
                            if on_board == NULL or on_board[target_square]:
                                s.neighbours[square * s.width + count] = target_square
                                s.reach[square] |= <uint64_t>1 << (target_square & 63)
                                count += 1
                s.counts[square] = count
                r = 2 * row - rows + 1
                c = 2 * col - cols + 1
                s.key[square] = -(<int64_t>r * r + <int64_t>c * c)
                s.home[square] = 0
                s.mark[square] = 0
                square += 1
        s.closed = ends is not None
        s.links_home = 0
        if s.closed:
            for square in ends:
                s.home[square] = 1
                s.links_home += 1
        s.ones = 0
        s.free_bits = 0
        for square in range(n):
            if s.free_[square]:
                s.free_bits |= <uint64_t>1 << (square & 63)
            s.degree[square] = s.counts[square] + s.home[square]
            if s.degree[square] == 1:
                s.ones += 1
        s.target = target
        s.ordered = ordered
        s.stamp = 0
        s.backtracked = False
        s.done = False
        s.depth = 0
        for square in squares:
            _take(s, square)
            s.path[s.depth] = square
            s.depth += 1
        s.root = s.depth - 1
        s.pending = s.depth == target
        if s.pending:
            s.cursor[s.root] = 0
            s.frame_size[s.root] = 0
        else:
            _expand(s, s.root)

    def __dealloc__(self):
        free(self.block)

    def next(self, long long budget):
        """Walk to the next leaf, placing at most budget squares: (status, nodes, path).

        path is an int32 array of 1-based square numbers when status is FOUND, else None.
        """
        cdef int64_t used = 0, leaves = 0
        cdef int status
        cdef int32_t i
        cdef array result
        with nogil:
            status = _walk(&self.s, budget, True, &used, &leaves)
        if status != S_FOUND:
            return status, used, None
        result = clone(_INT32, self.s.depth, False)
        for i in range(self.s.depth):
            result.data.as_ints[i] = self.s.path[i] + 1
        return status, used, result

    def count(self, long long budget):
        """Count leaves, placing at most budget squares: (status, nodes, leaves)."""
        cdef int64_t used = 0, leaves = 0
        cdef int status
        with nogil:
            status = _walk(&self.s, budget, False, &used, &leaves)
        return status, used, leaves


def _table_width(const int32_t[::1] offsets, const int32_t[::1] targets, long long cells):
    """The most neighbours a cell has in the flat table (offsets, targets), after checking it."""
    cdef long long k, e
    cdef int32_t width = 1
    if offsets.shape[0] != cells + 1 or offsets[0] != 0 or offsets[cells] != targets.shape[0]:
        raise ValueError(f"a neighbour table of {cells} cells needs {cells + 1} offsets from 0 to len(targets)")
    for k in range(cells):
        if offsets[k] > offsets[k + 1]:
            raise ValueError("a neighbour table's offsets never decrease")
        width = max(width, offsets[k + 1] - offsets[k])
    if width > 255:
        raise ValueError(f"at most 255 neighbours a square, not {width}")
    for e in range(targets.shape[0]):
        if not 0 <= targets[e] < cells:
            raise ValueError(f"a neighbour table's targets are cells, 0 to {cells - 1}")
    return width


def _check_walk(int rows, int cols, const uint8_t[::1] mask, prefix, ends, int target):
    """The prefix as a list and the number of squares, after checking what the C code will trust."""
    if rows < 1 or cols < 1 or <long long>rows * cols > 2**31 - 1:
        raise ValueError(f"a walk needs a board of 1 to 2**31 - 1 squares, not {rows}×{cols}")
    cdef long long cells = <long long>rows * cols, n = cells, k
    if mask is not None:
        if mask.shape[0] != cells:
            raise ValueError(f"mask has {mask.shape[0]} cells, not {cells}")
        for k in range(cells):
            n -= mask[k] == 0
    squares = list(prefix)
    if not 1 <= len(squares) <= target <= n:
        raise ValueError(f"a walk needs 1 <= len(prefix) <= target <= {n}, not {len(squares)} and {target}")
    for square in squares + list(ends or ()):
        if not 0 <= square < cells:
            raise ValueError(f"square index {square} is off a board of {cells} cells")
        if mask is not None and not mask[square]:
            raise ValueError(f"square index {square} is a hole")
    if len(set(squares)) != len(squares):
        raise ValueError(f"prefix {squares} visits a square twice")
    return squares, n
