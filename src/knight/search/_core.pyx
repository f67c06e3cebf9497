# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled search core: the hot loop of knight, in C with the GIL released.

The algorithm, move order, tie-breaks and pruning are those of the pure-Python twin
``_core_py.py``, whose docstring explains them; both return the identical tour.
quick_tour's first try leaves the pruning out (the loop compiled without it, as for the
knight's 8 moves, by passing constants to the inlined loop): the rules only cut branches
that hold no tour and the order is the same, so the first tour found is the same, and on
most of the quick boards' starts no branch dies, where pruning is only cost (8×8: none);
a first try that runs out of its budget is run again pruned (7×7: 8 starts).

The board sits inside a border as wide as the longest step, whose cells are never
free, so a neighbour is the cell index plus a fixed offset with no bounds check.
The loop takes the GIL back every CHECK_EVERY nodes, for a moment, to see Ctrl-C
(PyErr_CheckSignals) and the deadline.

graph_path is one round of the same search for an open path on any graph given as flat
arrays (no border there: a vertex's neighbours are a slice of targets), as the twin's.

Tracer runs the same rounds of the same loop, recording its events (see the twin's
Tracer) into an int32 buffer a chunk at a time: the loop stops at the top of a node once
the chunk is full, keeps its locals in the Events struct, and resumes there on the next
call. The loop is one source compiled twice (a fused type): with Events, and with
NoEvents, where Cython leaves the recording out, so the search itself pays nothing for it.
"""

from cpython.array cimport array, clone
from cpython.exc cimport PyErr_CheckSignals
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.object cimport PyObject
from libc.math cimport INFINITY
from libc.stdint cimport INT32_MAX, INT64_MIN, int32_t, int64_t, uint8_t, uint32_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

import sys
from time import monotonic

from ..model._board import KNIGHT_MOVES
from ..model._storage cimport SquareBuffer, adopted
from ._grid cimport shape
from ..model._status cimport MAX_MOVES, S_EXHAUSTED, S_FOUND, S_LIMIT

FOUND, EXHAUSTED, LIMIT = S_FOUND, S_EXHAUSTED, S_LIMIT

cdef enum:
    _FILL_LIMIT = 64      # squares a connectivity fill visits at most (see the twin)
    _CHECK_MASK = 4095     # the clock and Ctrl-C are checked when nodes & _CHECK_MASK == 0
    # a candidate's sort key is (free neighbours << _KEY_SHIFT) + its tie-break: fewer onward
    # moves first, then the tie-break, in one comparison, as every tie-break is within ±2^50
    # (squared distances on boards of at most 10^7 squares, or 32-bit hashes)
    _KEY_SHIFT = 51
    _QUICK_MIN = 5         # quick_tour() answers n×n boards from _QUICK_MIN ...
    _QUICK_MAX = 11        # ... to _QUICK_MAX
    _KNIGHT_MOVES = 8      # the knight's moves: quick_tour's boards' b.moves
    _QUICK_CELLS = (_QUICK_MAX + 4) * (_QUICK_MAX + 4)  # bordered cells of the largest
    _QUICK_SQUARES = _QUICK_MAX * _QUICK_MAX

FILL_LIMIT, CHECK_EVERY, QUICK_SIZES = _FILL_LIMIT, _CHECK_MASK + 1, range(_QUICK_MIN, _QUICK_MAX + 1)

cdef enum:
    S_PAUSED = 3           # a Tracer's chunk is full: the search resumes where it stopped
    E_PLACED = 1           # the events' records, as the twin's (see its Tracer)
    E_TAKEN_BACK = 2
    E_CHOICE = 3
    E_RESTART = 4
    _CHOICE_INTS = 3 + 2 * MAX_MOVES  # the longest record

PAUSED, PLACED, TAKEN_BACK, CHOICE, RESTART = S_PAUSED, E_PLACED, E_TAKEN_BACK, E_CHOICE, E_RESTART

cdef array _INT32 = array("i")
cdef object _monotonic = monotonic
cdef uint8_t _NO_HOME[_QUICK_CELLS]  # static, so all 0: an open search never marks home


cdef struct Board:
    int32_t n              # squares on the board
    int64_t cells          # cells of the bordered grid
    int32_t width          # cols + 2 * border
    int32_t border
    int32_t moves
    int32_t offset[MAX_MOVES]  # cell index steps, in move order
    int32_t ones           # squares with exactly one neighbour
    uint8_t *on_board      # per cell: 1 for a square of the board, 0 on the border
    uint8_t *base_degree   # per cell: the square's on-board neighbours
    int64_t *tie_break     # per cell: secondary sort key, this round
    int32_t *square_of     # per cell: the square's index on the board
    # the state of one search, over the board above
    uint8_t *free_         # per cell: 1 while a square is not on the path
    uint8_t *degree        # per cell: free neighbours (closed: the start counts as free)
    uint8_t *home          # per cell: closed search, 1 for the start's neighbours (all 0 when open)
    int32_t *mark          # per cell: flood-fill stamps
    int32_t *todo          # per square: flood-fill stack
    int32_t *path          # per square: the cells of the path
    int32_t *candidates    # per square, MAX_MOVES each: each frame's ordered moves
    uint8_t *frame_size
    uint8_t *cursor


cdef struct Rounds:
    # the rounds of one search (see search): all 0 before the first
    int round_
    int64_t nodes          # placed in the rounds before this one
    int64_t budget         # this round's
    bint under_way         # this round is paused (a Tracer's)


cdef struct Events:
    # a Tracer's buffer, and _depth_first's locals while it is paused
    int32_t *data
    int64_t length
    int64_t pause_at       # the loop pauses at the top of a node once length reaches this
    bint paused
    int32_t square, depth, ones, links_home, stamp
    bint backtracked, marks_clean
    int64_t nodes


cdef struct NoEvents:
    # what the search records: nothing (the loop's other specialization)
    char nothing


ctypedef fused Recorder:
    NoEvents
    Events


cdef void _tie_breaks(Board *b, int rows, int cols, int round_) noexcept nogil:
    cdef int row, col, square = 0
    cdef int64_t cell
    cdef uint32_t x, salt = <uint32_t>round_ * <uint32_t>0x85EBCA77
    cdef int64_t dr, dc
    for row in range(rows):
        dr = 2 * row - rows + 1
        cell = <int64_t>(row + b.border) * b.width + b.border
        for col in range(cols):
            if round_ == 0:
                dc = 2 * col - cols + 1
                b.tie_break[cell] = -(dr * dr + dc * dc)
            else:
                x = <uint32_t>(square + 1) * <uint32_t>0x9E3779B1 + salt
                x ^= x >> 15
                x = x * <uint32_t>0x2C1B3C6D
                b.tie_break[cell] = x ^ (x >> 12)
            square += 1
            cell += 1


cdef int _tick(double deadline) except -1 with gil:
    """Raise KeyboardInterrupt if Ctrl-C was pressed; 1 when the deadline has passed."""
    if PyErr_CheckSignals() < 0:
        return -1
    return deadline != INFINITY and <double>_monotonic() >= deadline


cdef int32_t _fill(Board *b, int32_t origin, int32_t knight, int32_t stamp) noexcept nogil:
    """Free squares a fill from origin reaches through free squares, stopping at _FILL_LIMIT;
    -1 as soon as one is a move from knight. It marks them with stamp (origin too if free)."""
    cdef int32_t reached = 0, todo_size = 1, k, neighbour, i
    b.todo[0] = origin
    if b.free_[origin]:
        b.mark[origin] = stamp
        reached = 1
    while todo_size and reached < _FILL_LIMIT:
        todo_size -= 1
        k = b.todo[todo_size]
        for i in range(b.moves):
            neighbour = k + b.offset[i]
            if neighbour == knight:
                return -1
            if b.free_[neighbour] and b.mark[neighbour] != stamp:
                b.mark[neighbour] = stamp
                reached += 1
                b.todo[todo_size] = neighbour
                todo_size += 1
    return reached


cdef bint _cut_off(Board *b, int32_t square, int32_t previous, int32_t remaining, int32_t *stamp) noexcept nogil:
    """Whether some free squares can no longer be reached from square, the knight's, which
    it reached from previous (see the twin's cut_off)."""
    cdef int32_t i, q, reached
    if stamp[0] > INT32_MAX - MAX_MOVES - 1:  # reuse the stamps before they overflow
        memset(b.mark, 0, b.cells * sizeof(int32_t))
        stamp[0] = 0
    if remaining <= _FILL_LIMIT:
        stamp[0] += 1
        return _fill(b, square, -1, stamp[0]) != remaining
    for i in range(b.moves):
        q = previous + b.offset[i]
        if b.free_[q]:
            stamp[0] += 1
            reached = _fill(b, q, square, stamp[0])
            if 0 < reached < _FILL_LIMIT:
                return True
    return False


cdef inline void _record(Events *ev, int32_t kind, int32_t square, int32_t move) noexcept nogil:
    """Append the record (kind, square, move): a square placed or taken back."""
    cdef int32_t *at = ev.data + ev.length
    at[0], at[1], at[2] = kind, square, move
    ev.length += 3


cdef void _record_choice(Events *ev, Board *b, int32_t top, int32_t first) noexcept nogil:
    """Append (E_CHOICE, move, count, then square and degree for each): the candidates of
    the frame at top not yet tried, in the rule's order, the first of them chosen."""
    cdef int32_t *at = ev.data + ev.length
    cdef int32_t *frame = b.candidates + top * MAX_MOVES
    cdef int32_t i, count = b.frame_size[top] - first
    at[0], at[1], at[2] = E_CHOICE, top + 2, count
    for i in range(count):
        at[3 + 2 * i] = b.square_of[frame[first + i]] + 1
        at[4 + 2 * i] = b.degree[frame[first + i]]
    ev.length += 3 + 2 * count


cdef inline int _depth_first(Board *b, int32_t moves, int32_t start, bint closed, bint prune, int64_t budget,
                             double deadline, int64_t *nodes_out, Recorder *ev) except -1 nogil:
    """One round, as the twin's depth_first; returns the status and puts the nodes in nodes_out.
    With Events, records the events and pauses (S_PAUSED) when the chunk is full; ev.paused resumes.
    moves is b.moves, passed apart so that the C compiler makes the commonest call's loop (the
    knight's 8 moves, a constant) with its move loops unrolled. Without prune, the rules that
    cut dead branches (stranded squares, dead ends, cut-off squares) are left out: the same
    first tour, after more nodes, but fewer steps a node where no branch dies (quick_tour's
    first try)."""
    cdef int32_t n = b.n
    cdef int32_t ones = b.ones, links_home = b.base_degree[start], stamp = 0
    cdef int32_t remaining, next_to_knight
    # cells and positions as wide as a pointer: they index memory with no conversion
    cdef Py_ssize_t offset[MAX_MOVES]
    cdef Py_ssize_t square, neighbour, depth, top, size, i, j, k
    cdef int32_t *frame
    # the frame's sort keys (see _KEY_SHIFT) from key[0], after a sentinel below them all
    cdef int64_t keys[1 + MAX_MOVES]
    cdef int64_t *key = keys + 1
    cdef int64_t this_key
    cdef uint8_t count
    cdef bint backtracked = False, found = False, marks_clean = False, dead, stranded, keep_counted
    cdef int64_t nodes = 1
    # local copies of the pointers: stores through uint8_t may alias anything, fields must be reloaded
    cdef uint8_t *free_ = b.free_
    cdef uint8_t *degree = b.degree
    cdef uint8_t *home = b.home
    cdef int32_t *path = b.path
    cdef int32_t *candidates = b.candidates
    cdef int64_t *tie_break = b.tie_break
    cdef uint8_t *frame_size = b.frame_size
    cdef uint8_t *cursor = b.cursor

    keys[0] = INT64_MIN
    for i in range(moves):
        offset[i] = b.offset[i]
    cdef bint resumed = False
    if Recorder is Events:
        if ev.paused:
            square, depth, ones, links_home, stamp = ev.square, ev.depth, ev.ones, ev.links_home, ev.stamp
            backtracked, marks_clean, nodes = ev.backtracked, ev.marks_clean, ev.nodes
            ev.paused = False
            resumed = True
    if not resumed:
        memcpy(b.free_, b.on_board, b.cells)
        memcpy(b.degree, b.base_degree, b.cells)
        if closed:
            for i in range(moves):
                b.home[start + offset[i]] = b.on_board[start + offset[i]]
        square = start
        depth = 0
    while True:
        if Recorder is Events:
            if ev.length >= ev.pause_at:
                ev.square, ev.depth, ev.ones, ev.links_home, ev.stamp = square, depth, ones, links_home, stamp
                ev.backtracked, ev.marks_clean, ev.nodes = backtracked, marks_clean, nodes
                ev.paused = True
                nodes_out[0] = nodes
                return S_PAUSED
            _record(ev, E_PLACED, b.square_of[square] + 1, depth + 1)
        # take(square) and expand(square, depth) in one pass over the neighbours: each free
        # neighbour loses a free neighbour (but for the start of a closed search, which stays
        # counted) and joins the frame with its key; then a stable insertion sort behind the
        # sentinel: fewer onward moves first, then the tie-break. (The pass has no inner
        # loop, so the C compiler unrolls it for the knight's 8 moves.)
        free_[square] = 0
        if prune and degree[square] == 1:
            ones -= 1
        if home[square]:
            links_home -= 1
        path[depth] = square
        keep_counted = closed and depth == 0
        remaining = n - depth - 1
        frame = candidates + depth * MAX_MOVES
        size = 0
        next_to_knight = 0
        stranded = False
        for i in range(moves):
            neighbour = square + offset[i]
            if free_[neighbour]:
                count = degree[neighbour]
                if not keep_counted:
                    count -= 1
                    degree[neighbour] = count
                    if prune:
                        if count == 0:
                            ones -= 1
                        elif count == 1:
                            ones += 1
                if prune:
                    if count == 0:
                        stranded = True
                    elif count == 1:
                        next_to_knight += 1
                frame[size] = neighbour
                key[size] = (<int64_t>count << _KEY_SHIFT) + tie_break[neighbour]
                size += 1
        for i in range(1, size):
            k = frame[i]
            this_key = key[i]
            j = i
            while this_key < key[j - 1]:  # stops at the sentinel
                frame[j] = frame[j - 1]
                key[j] = key[j - 1]
                j -= 1
            frame[j] = k
            key[j] = this_key
        cursor[depth] = 0
        if remaining == 0:
            found = not closed or home[square] == 1
            dead = True
        elif prune:
            dead = (
                (stranded and (closed or remaining > 1))
                or ones - next_to_knight > (0 if closed else 1)
                or (closed and links_home == 0)
            )
            if not dead and backtracked:
                if not marks_clean:
                    memset(b.mark, 0, b.cells * sizeof(int32_t))
                    marks_clean = True
                dead = _cut_off(b, square, path[depth - 1], remaining, &stamp)
        else:
            dead = False
        frame_size[depth] = 0 if dead else size
        depth += 1
        if found:
            nodes_out[0] = nodes
            return S_FOUND
        # advance to the next candidate, backtracking through exhausted frames
        while True:
            top = depth - 1
            if cursor[top] < frame_size[top]:
                if nodes >= budget or (nodes & _CHECK_MASK == 0 and _tick(deadline)):
                    nodes_out[0] = nodes
                    return S_LIMIT
                nodes += 1
                square = candidates[top * MAX_MOVES + cursor[top]]
                if Recorder is Events:
                    _record_choice(ev, b, top, cursor[top])
                cursor[top] += 1
                break
            if top == 0:
                nodes_out[0] = nodes
                return S_EXHAUSTED
            backtracked = True
            # release(path[top])
            k = path[top]
            if Recorder is Events:
                _record(ev, E_TAKEN_BACK, b.square_of[k] + 1, top + 1)
            for i in range(moves):
                neighbour = k + offset[i]
                if free_[neighbour]:
                    count = degree[neighbour]
                    degree[neighbour] = count + 1
                    if prune:
                        if count == 1:
                            ones -= 1
                        elif count == 0:
                            ones += 1
            free_[k] = 1
            if prune and degree[k] == 1:
                ones += 1
            if home[k]:
                links_home += 1
            depth -= 1


cdef void _lay_out(Board *b, int rows, int cols, const uint8_t *mask) noexcept nogil:
    """Mark the board's squares inside the border (all cells, or mask's 1s) and count each
    square's neighbours."""
    cdef int row, col, i
    cdef int64_t cell
    cdef uint8_t count
    memset(b.on_board, 0, b.cells)
    memset(b.base_degree, 0, b.cells)  # the border's and the holes', never read, but defined
    for row in range(rows):
        cell = <int64_t>(row + b.border) * b.width + b.border
        if mask == NULL:
            memset(b.on_board + cell, 1, cols)
        else:
            memcpy(b.on_board + cell, mask + <int64_t>row * cols, cols)
    b.ones = 0
    for row in range(rows):
        cell = <int64_t>(row + b.border) * b.width + b.border
        for col in range(cols):
            b.square_of[cell] = row * cols + col
            if b.on_board[cell]:
                count = 0
                for i in range(b.moves):
                    count += b.on_board[cell + b.offset[i]]
                b.base_degree[cell] = count
                if count == 1:
                    b.ones += 1
            cell += 1


cdef int _shape(Board *b, int rows, int cols, moves) except -1:
    """Fill in b's size, border and move offsets for the leaper's steps moves (see _grid.pxd)."""
    return shape(rows, cols, moves, &b.cells, &b.width, &b.border, &b.moves, b.offset)


cdef void _number(const Board *b, int32_t *out) noexcept nogil:
    """The path's squares as 1-based square numbers into out."""
    cdef int32_t i
    for i in range(b.n):
        out[i] = b.square_of[b.path[i]] + 1


cdef array _squares(Board *b, bint release):
    """The path's squares as an int32 array of 1-based square numbers: the tour's own storage
    (numbered without the GIL when release: a large board's path)."""
    cdef array result = clone(_INT32, b.n, False)
    if release:
        with nogil:
            _number(b, <int32_t *>result.data.as_ints)
    else:
        _number(b, <int32_t *>result.data.as_ints)
    return result


cdef char *_allocate(Board *b, int rows, int cols, const uint8_t[::1] mask, moves) except NULL:
    """Lay out the board in b, in one block the caller frees: the search's memory."""
    cdef int64_t cells_in_rectangle = <int64_t>rows * cols, n = cells_in_rectangle, k, cells
    cdef const uint8_t *holes = NULL
    cdef char *block
    cdef size_t size
    if mask is not None:
        if mask.shape[0] != cells_in_rectangle:
            raise ValueError(f"mask has {mask.shape[0]} cells, not {cells_in_rectangle}")
        holes = &mask[0]
        n = 0
        for k in range(cells_in_rectangle):
            n += holes[k] != 0
    _shape(b, rows, cols, moves)
    cells = b.cells
    b.n = <int32_t>n
    size = <size_t>cells * (8 + 4 + 4 + 5) + <size_t>n * (MAX_MOVES * 4 + 4 * 2 + 2)
    block = <char *>malloc(size)
    if block == NULL:
        raise MemoryError(f"no memory to search a {rows}×{cols} board: {size:,} bytes refused")
    b.tie_break = <int64_t *>block
    b.mark = <int32_t *>(b.tie_break + cells)
    b.square_of = b.mark + cells
    b.candidates = b.square_of + cells
    b.todo = b.candidates + n * MAX_MOVES
    b.path = b.todo + n
    b.on_board = <uint8_t *>(b.path + n)
    b.base_degree = b.on_board + cells
    b.free_ = b.base_degree + cells
    b.degree = b.free_ + cells
    b.home = b.degree + cells
    b.frame_size = b.home + cells
    b.cursor = b.frame_size + n
    with nogil:
        memset(b.home, 0, cells)
        _lay_out(b, rows, cols, holes)
    return block


cdef int _rounds(Board *b, int32_t cell, bint closed, int64_t max_nodes, double deadline, Rounds *r,
                 Recorder *ev) except -1 nogil:
    """The search's rounds from r on, as the twin's search: round k is a depth-first search of at
    most 8·n·2^k nodes with its own tie-breaks, until one answers or max_nodes are placed."""
    cdef int status
    cdef int64_t used
    cdef int cols = b.width - 2 * b.border
    cdef int rows = <int>(b.cells // b.width) - 2 * b.border
    while True:
        if not r.under_way:
            r.budget = min((8 * <int64_t>b.n) << r.round_, max_nodes - r.nodes) if r.round_ < 40 else max_nodes - r.nodes
            _tie_breaks(b, rows, cols, r.round_)
        status = _depth_first(b, b.moves, cell, closed, True, r.budget, deadline, &used, ev)
        r.under_way = status == S_PAUSED
        if r.under_way:
            return status
        r.nodes += used
        if status != S_LIMIT or r.nodes >= max_nodes or used < r.budget:  # used < budget: the deadline
            return status
        r.round_ += 1
        if Recorder is Events:
            ev.data[ev.length], ev.data[ev.length + 1] = E_RESTART, r.round_
            ev.length += 2


cdef inline int32_t _start_cell(Board *b, int start, int cols) noexcept nogil:
    return <int32_t>((start // cols + b.border) * b.width + start % cols + b.border)


def search(int rows, int cols, const uint8_t[::1] mask, int start, bint closed, long long max_nodes, moves,
           double deadline=INFINITY):
    """Find a tour from cell index start; return (status, nodes, squares).

    The same contract as ``_core_py.search``: mask is None (every cell a square) or
    rows*cols bytes, 0 for a hole; squares is an int32 array of 1-based square numbers
    when status is FOUND, else None. LIMIT also answers a deadline passed; Ctrl-C
    raises KeyboardInterrupt.
    """
    cdef int status
    cdef Board b
    cdef Rounds r
    cdef char *block = _allocate(&b, rows, cols, mask, moves)
    memset(&r, 0, sizeof(r))
    try:
        if closed and b.n < 3:  # a cycle needs three squares: none here, a proof (as the twin)
            return S_EXHAUSTED, 0, None
        with nogil:
            status = _rounds(&b, _start_cell(&b, start, cols), closed, max_nodes, deadline, &r, <NoEvents *>NULL)
        return status, r.nodes, _squares(&b, True) if status == S_FOUND else None
    finally:
        free(block)


cdef class Tracer:
    """The search of ``search``, run a chunk of events at a time, as the twin's Tracer."""

    cdef Board b
    cdef Rounds r
    cdef Events ev
    cdef char *block
    cdef int32_t cell
    cdef bint closed
    cdef int64_t max_nodes, chunk
    cdef array buffer
    cdef int status
    cdef readonly object squares

    def __cinit__(self, int rows, int cols, const uint8_t[::1] mask, int start, bint closed, long long max_nodes,
                  moves, long long chunk=4096):
        self.block = _allocate(&self.b, rows, cols, mask, moves)
        memset(&self.r, 0, sizeof(self.r))
        memset(&self.ev, 0, sizeof(self.ev))
        self.cell = _start_cell(&self.b, start, cols)
        self.closed, self.max_nodes, self.chunk = closed, max_nodes, max(chunk, 1)
        self.status = S_EXHAUSTED if closed and self.b.n < 3 else S_PAUSED
        # a node records at most a square placed, every square taken back, a choice and a restart
        self.buffer = clone(_INT32, self.chunk + 3 * (self.b.n + 1) + _CHOICE_INTS + 2, False)
        self.ev.data = <int32_t *>self.buffer.data.as_ints
        self.ev.pause_at = self.chunk
        self.squares = None

    def __dealloc__(self):
        free(self.block)

    @property
    def nodes(self):
        """The squares placed so far, over every round."""
        return self.r.nodes + (self.ev.nodes if self.r.under_way else 0)

    def run(self, double deadline=INFINITY):
        """The next chunk: (status, records), records an int32 array of the events' records
        since the last call; status is PAUSED until the search answers FOUND (squares set),
        EXHAUSTED or LIMIT."""
        if self.status != S_PAUSED:
            return self.status, clone(_INT32, 0, False)
        self.ev.length = 0
        with nogil:
            self.status = _rounds(&self.b, self.cell, self.closed, self.max_nodes, deadline, &self.r, &self.ev)
        if self.status == S_FOUND:
            self.squares = _squares(&self.b, True)
        return self.status, self.buffer[: self.ev.length]


# -- graph_path: a Hamiltonian path of a graph given as flat arrays (_narrow's halves) ----------

cdef struct Graph:
    int32_t n                  # vertices
    int32_t width              # the most neighbours a vertex has: the room of a frame
    const int32_t *offsets     # per vertex and one more: where its neighbours start in targets
    const int32_t *targets
    uint8_t *free_             # per vertex: 1 while it is not on the path
    int32_t *degree            # per vertex: free neighbours
    int32_t *mark              # per vertex: flood-fill stamps
    int32_t *todo              # n + 1: flood-fill stack
    int32_t *path              # per vertex: the path
    int32_t *candidates        # per vertex on the path, width each: each frame's ordered moves
    int32_t *frame_size
    int32_t *cursor


cdef int32_t _graph_fill(Graph *g, int32_t origin, int32_t knight, int32_t stamp) noexcept nogil:
    """As _fill (the twin's reachable): free vertices a fill from origin reaches through free
    vertices, stopping at _FILL_LIMIT; -1 as soon as one is a neighbour of knight."""
    cdef int32_t reached = 0, todo_size = 1, k, neighbour, e
    g.todo[0] = origin
    if g.free_[origin]:
        g.mark[origin] = stamp
        reached = 1
    while todo_size and reached < _FILL_LIMIT:
        todo_size -= 1
        k = g.todo[todo_size]
        for e in range(g.offsets[k], g.offsets[k + 1]):
            neighbour = g.targets[e]
            if neighbour == knight:
                return -1
            if g.free_[neighbour] and g.mark[neighbour] != stamp:
                g.mark[neighbour] = stamp
                reached += 1
                g.todo[todo_size] = neighbour
                todo_size += 1
    return reached


cdef bint _graph_cut_off(Graph *g, int32_t vertex, int32_t previous, int32_t remaining, int32_t *stamp) noexcept nogil:
    """As _cut_off: whether some free vertices can no longer be reached from vertex, the
    knight's, which it reached from previous."""
    cdef int32_t e, q, reached
    if stamp[0] > INT32_MAX - g.width - 1:  # reuse the stamps before they overflow
        memset(g.mark, 0, g.n * sizeof(int32_t))
        stamp[0] = 0
    if remaining <= _FILL_LIMIT:
        stamp[0] += 1
        return _graph_fill(g, vertex, -1, stamp[0]) != remaining
    for e in range(g.offsets[previous], g.offsets[previous + 1]):
        q = g.targets[e]
        if g.free_[q]:
            stamp[0] += 1
            reached = _graph_fill(g, q, vertex, stamp[0])
            if 0 < reached < _FILL_LIMIT:
                return True
    return False


cdef int _graph_depth_first(Graph *g, int32_t start, int64_t budget, double deadline, int64_t *nodes_out) except -1 nogil:
    """One round for an open path, as the twin's depth_first with tie-break keys all equal;
    returns the status and puts the nodes in nodes_out."""
    cdef int32_t n = g.n, ones = 0, stamp = 0, vertex, neighbour, depth, top, remaining
    cdef int32_t next_to_knight, size, count, e, i, j, k
    cdef int32_t *frame
    cdef bint backtracked = False, stranded
    cdef int64_t nodes = 1
    cdef uint8_t *free_ = g.free_
    cdef int32_t *degree = g.degree
    cdef const int32_t *offsets = g.offsets
    cdef const int32_t *targets = g.targets
    for k in range(n):
        free_[k] = 1
        degree[k] = offsets[k + 1] - offsets[k]
        if degree[k] == 1:
            ones += 1

    vertex = start
    depth = 0
    while True:
        # take vertex: its free neighbours lose a free neighbour and become its candidates
        free_[vertex] = 0
        if degree[vertex] == 1:
            ones -= 1
        g.path[depth] = vertex
        remaining = n - depth - 1
        frame = g.candidates + <size_t>depth * g.width
        size = 0
        next_to_knight = 0
        stranded = False
        for e in range(offsets[vertex], offsets[vertex + 1]):
            neighbour = targets[e]
            if free_[neighbour]:
                count = degree[neighbour] - 1
                degree[neighbour] = count
                if count == 0:
                    ones -= 1
                    stranded = True
                elif count == 1:
                    ones += 1
                    next_to_knight += 1
                frame[size] = neighbour
                size += 1
        g.cursor[depth] = 0
        g.frame_size[depth] = 0
        if remaining == 0:
            nodes_out[0] = nodes
            return S_FOUND
        if not (
            (stranded and remaining > 1)
            or ones - next_to_knight > 1
            or (backtracked and _graph_cut_off(g, vertex, g.path[depth - 1], remaining, &stamp))
        ):
            for i in range(1, size):  # stable insertion sort by free neighbours
                k = frame[i]
                j = i - 1
                while j >= 0 and degree[k] < degree[frame[j]]:
                    frame[j + 1] = frame[j]
                    j -= 1
                frame[j + 1] = k
            g.frame_size[depth] = size
        depth += 1
        # advance to the next candidate, backtracking through exhausted frames
        while True:
            top = depth - 1
            if g.cursor[top] < g.frame_size[top]:
                if nodes >= budget or (nodes & _CHECK_MASK == 0 and _tick(deadline)):
                    nodes_out[0] = nodes
                    return S_LIMIT
                nodes += 1
                vertex = g.candidates[<size_t>top * g.width + g.cursor[top]]
                g.cursor[top] += 1
                break
            if top == 0:
                nodes_out[0] = nodes
                return S_EXHAUSTED
            backtracked = True
            # release path[top]
            k = g.path[top]
            for e in range(offsets[k], offsets[k + 1]):
                neighbour = targets[e]
                if free_[neighbour]:
                    count = degree[neighbour]
                    degree[neighbour] = count + 1
                    if count == 1:
                        ones -= 1
                    elif count == 0:
                        ones += 1
            free_[k] = 1
            if degree[k] == 1:
                ones += 1
            depth -= 1


def graph_path(const int32_t[::1] offsets, const int32_t[::1] targets, int start, long long max_nodes,
               double deadline=INFINITY):
    """A Hamiltonian path of a graph from vertex start; return (status, nodes, path).

    The same contract as ``_core_py.graph_path``: the neighbours of vertex v are
    targets[offsets[v]:offsets[v + 1]], each edge listed from both its ends; path is an
    int32 array of the vertices in order when status is FOUND, else None. Ctrl-C raises
    KeyboardInterrupt.
    """
    cdef Py_ssize_t n = offsets.shape[0] - 1, v, e
    cdef int32_t width = 0
    cdef int status
    cdef int64_t nodes = 0
    cdef Graph g
    cdef char *block
    cdef size_t size
    cdef array result
    if n < 1:
        raise ValueError(f"offsets must hold n + 1 entries for n >= 1 vertices, not {offsets.shape[0]}")
    if n > INT32_MAX - 1:
        raise ValueError(f"at most {INT32_MAX - 1} vertices, not {n}")
    if offsets[0] != 0 or offsets[n] != targets.shape[0]:
        raise ValueError(f"offsets must go from 0 up to len(targets) = {targets.shape[0]} and never decrease")
    for v in range(n):
        if offsets[v] > offsets[v + 1]:
            raise ValueError(f"offsets must go from 0 up to len(targets) = {targets.shape[0]} and never decrease")
        width = max(width, offsets[v + 1] - offsets[v])
    for e in range(targets.shape[0]):
        if not 0 <= targets[e] < n:
            raise ValueError(f"targets[{e}] is {targets[e]}, not a vertex (0 to {n - 1})")
    if not 0 <= start < n:
        raise ValueError(f"start {start} is not a vertex (0 to {n - 1})")
    size = <size_t>n * (1 + 4 * 6 + <size_t>width * 4) + 4
    block = <char *>calloc(size, 1)  # the marks start at 0
    if block == NULL:
        raise MemoryError(f"no memory to search a graph of {n} vertices: {size:,} bytes refused")
    g.n, g.width = <int32_t>n, width
    g.offsets = &offsets[0]
    g.targets = &targets[0] if targets.shape[0] else NULL
    g.degree = <int32_t *>block
    g.mark = g.degree + n
    g.path = g.mark + n
    g.frame_size = g.path + n
    g.cursor = g.frame_size + n
    g.todo = g.cursor + n
    g.candidates = g.todo + n + 1
    g.free_ = <uint8_t *>(g.candidates + <size_t>n * width)
    try:
        with nogil:
            status = _graph_depth_first(&g, start, max_nodes, deadline, &nodes)
        if status != S_FOUND:
            return status, nodes, None
        result = clone(_INT32, n, False)
        memcpy(result.data.as_ints, g.path, n * sizeof(int32_t))
        return status, nodes, result
    finally:
        free(block)


# -- quick_tour: knight.tour(n, start) for small n, parsed and answered here ------------------

cdef Board *_prepared[_QUICK_MAX + 1]  # n -> its board and round-0 tie-breaks, read-only once made


cdef Board *_prepare(int size) except NULL:
    """The n×n knight's board ready to search, made once: squares, degrees, round-0 keys."""
    cdef Board *b = <Board *>malloc(sizeof(Board))
    if b == NULL:
        raise MemoryError(f"no memory to lay out a {size}×{size} board: {sizeof(Board)} bytes refused")
    _shape(b, size, size, KNIGHT_MOVES)
    assert b.moves == _KNIGHT_MOVES
    b.n = size * size
    cdef size_t bytes_ = <size_t>b.cells * (1 + 1 + 8 + 4)
    cdef char *block = <char *>malloc(bytes_)
    if block == NULL:
        free(b)
        raise MemoryError(f"no memory to lay out a {size}×{size} board: {bytes_:,} bytes refused")
    b.tie_break = <int64_t *>block
    b.square_of = <int32_t *>(b.tie_break + b.cells)
    b.on_board = <uint8_t *>(b.square_of + b.cells)
    b.base_degree = b.on_board + b.cells
    _lay_out(b, size, size, NULL)
    _tie_breaks(b, size, size, 0)
    return b


cdef inline long _int_value(value) except? -2:
    """value's number as a C long when it is an int (not a bool nor another subclass), else -1
    (or a number too large for a C long)."""
    cdef int overflow
    cdef long number
    if type(value) is not int:
        return -1
    number = PyLong_AsLongAndOverflow(value, &overflow)
    return -1 if overflow else number


cdef int _quick_start(int size, start) except -2:
    """The 0-based square start names on the size×size board, or -1 when it is not a common
    form (None, a square number, a name such as "e4") the general path should read."""
    cdef Py_ssize_t length, i
    cdef int file_, rank = 0
    cdef long number
    cdef Py_UCS4 letter, digit
    if start is None:
        return 0
    if type(start) is int:
        number = _int_value(start)
        return <int>number - 1 if 0 < number <= size * size else -1
    if type(start) is not str:
        return -1
    length = len(<str>start)
    if not 2 <= length <= 3:
        return -1
    letter = (<str>start)[0]
    file_ = <int>letter - (97 if letter >= 97 else 65)
    if not 0 <= file_ < size:
        return -1
    for i in range(1, length):
        digit = (<str>start)[i]
        if not 48 <= digit <= 57 or (i == 1 and digit == 48):
            return -1
        rank = rank * 10 + <int>digit - 48
    if rank > size:
        return -1
    return (size - rank) * size + file_


def quick_tour(size, start):
    """The squares of knight.tour(size, start) for the commonest call, or None to leave it to the general path.

    Answers an open knight's tour of an n×n board, n in QUICK_SIZES (where method="auto"
    backtracks), from start None, a square number or a name such as "e4", when the first
    round of the search finds it: the same tour the general path returns. Anything else
    (other forms, starts the theorems refuse, a first round that fails) is None. The first
    round runs unpruned first, then pruned if it ran out of nodes (see the module's docstring).
    """
    return _quick(size, start)


cdef object _quick(size, start):
    """quick_tour, called from C (the door below) without a Python call."""
    cdef long number = _int_value(size)
    if not _QUICK_MIN <= number <= _QUICK_MAX:
        return None
    cdef int n = <int>number
    cdef int square = _quick_start(n, start)
    if square < 0 or (n % 2 and (square // n + square % n) % 2):  # the colour rule refuses it
        return None
    cdef Board b = _prepared[n][0]
    cdef uint8_t free_[_QUICK_CELLS]
    cdef uint8_t degree[_QUICK_CELLS]
    cdef int32_t mark[_QUICK_CELLS]
    cdef int32_t todo[_QUICK_SQUARES]
    cdef int32_t path[_QUICK_SQUARES]
    cdef int32_t candidates[_QUICK_SQUARES * MAX_MOVES]
    cdef uint8_t frame_size[_QUICK_SQUARES]
    cdef uint8_t cursor[_QUICK_SQUARES]
    cdef int64_t nodes
    b.free_, b.degree, b.home, b.mark, b.todo, b.path = free_, degree, _NO_HOME, mark, todo, path
    b.candidates, b.frame_size, b.cursor = candidates, frame_size, cursor
    cdef int32_t cell = (square // n + b.border) * b.width + square % n + b.border
    # unpruned first: on most starts no branch dies, and the first tour is the same; again
    # pruned when the budget ran out in branches the rules would have cut
    cdef int status = _depth_first(&b, _KNIGHT_MOVES, cell, False, False, 8 * b.n, INFINITY, &nodes, <NoEvents *>NULL)
    if status == S_LIMIT:
        status = _depth_first(&b, _KNIGHT_MOVES, cell, False, True, 8 * b.n, INFINITY, &nodes, <NoEvents *>NULL)
    if status != S_FOUND:
        return None
    return _squares(&b, False)


# Made at import, so threads (free-threaded builds too) only ever read them, and the first call is quick.
for _size in range(_QUICK_MIN, _QUICK_MAX + 1):
    _prepared[_size] = _prepare(_size)


# -- door: knight.tour's commonest call taken from its Python arguments here -----------------

cdef extern from "Python.h":
    ctypedef struct PyMethodDef:
        const char *ml_name
        void *ml_meth
        int ml_flags
        const char *ml_doc
    enum:
        METH_FASTCALL
        METH_KEYWORDS
    object PyCFunction_NewEx(PyMethodDef *ml, object self, object module)
    object PyObject_Vectorcall(object callable, PyObject **args, size_t nargsf, PyObject *kwnames)
    Py_ssize_t PyTuple_GET_SIZE(PyObject *p)
    PyObject *PyDict_GetItemWithError(object p, object key) except? NULL  # borrowed
    PyObject *PyTuple_GET_ITEM(PyObject *p, Py_ssize_t pos)


# What knight.tour, made by door(), holds (one door a process, made at import): the general
# function, what the fast path needs to make a Tour (the boards made at their first call, by
# size), the search kernels' module's namespace (whose "core" says which core runs), and its
# method definition (name, text signature and docstring). The function's __self__ is this
# module, so help() shows a function.
cdef object _door_general, _door_tour_class, _door_rectangle, _door_this
cdef dict _door_kernels
cdef list _door_boards = [None] * (_QUICK_MAX + 1)
cdef bytes _door_name, _door_doc
cdef PyMethodDef _door_definition


cdef object _enter(object module, PyObject **args, Py_ssize_t nargs, PyObject *kwnames):
    """knight.tour(*args, **kwnames): (size) or (size, start), start positional or by keyword,
    answered by _quick and wrapped in a Tour here; anything else, or a quick_tour that says
    None, passed on as it came (vectorcall, no tuple nor dict) to the general function."""
    cdef object size = 8, start = None, squares, board, name
    cdef Py_ssize_t keywords = 0 if kwnames == NULL else PyTuple_GET_SIZE(kwnames)
    cdef bint quick = nargs <= 2 and keywords <= 1
    quick = quick and PyDict_GetItemWithError(_door_kernels, "core") == <PyObject *>_door_this  # the compiled core runs
    cdef int n
    if quick and keywords == 1:
        name = <object>PyTuple_GET_ITEM(kwnames, 0)
        quick = nargs < 2 and (name is "start" or name == "start")
        if quick:
            start = <object>args[nargs]
    if quick:
        if nargs >= 1:
            size = <object>args[0]
        if nargs == 2:
            start = <object>args[1]
        squares = _quick(size, start)
        if squares is not None:
            n = size  # one of QUICK_SIZES, as _quick answered
            board = _door_boards[n]
            if board is None:
                board = _door_boards[n] = _door_rectangle(n, n)
            return adopted(_door_tour_class, squares, board)
    return PyObject_Vectorcall(_door_general, args, <size_t>nargs, kwnames)


def _text_signature(function):
    """function's parameters and defaults as CPython reads a builtin's (its __text_signature__)."""
    code = function.__code__
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    defaults, keyword_defaults = function.__defaults__ or (), function.__kwdefaults__ or {}
    first_default = code.co_argcount - len(defaults)
    parts = [
        name if i < first_default else f"{name}={defaults[i - first_default]!r}"
        for i, name in enumerate(names[: code.co_argcount])
    ]
    if code.co_kwonlyargcount:
        parts.append("*")
    parts += [f"{name}={keyword_defaults[name]!r}" if name in keyword_defaults else name for name in names[code.co_argcount :]]
    return f"{function.__name__}({', '.join(parts)})\n--\n\n"


def door(general):
    """knight.tour as a builtin function whose commonest call (an n×n board of QUICK_SIZES, a
    start or none, no other option) is parsed and answered here, the rest passed on to general
    (the Python function, keywords checked), whose name, signature and docstring it shows.

    The fast path holds while knight.search._kernels.core is this module (a test or benchmark
    that swaps in the twin gets the general path, which asks the twin). One door a process:
    a second call makes the first one's function pass on to the second's general. general
    itself when Tour is not built on this build's storage (the model took its twin)."""
    global _door_general, _door_tour_class, _door_rectangle, _door_kernels, _door_this
    global _door_name, _door_doc
    from ..model._board import rectangle
    from ..model._tour import Tour
    from . import _kernels

    if not issubclass(Tour, SquareBuffer):
        return general
    plain = getattr(general, "__wrapped__", general)
    _door_general, _door_tour_class, _door_rectangle = general, Tour, rectangle
    _door_kernels, _door_this = vars(_kernels), sys.modules[__name__]
    _door_name = plain.__name__.encode()
    _door_doc = (_text_signature(plain) + (plain.__doc__ or "")).encode()
    _door_definition.ml_name = _door_name
    _door_definition.ml_meth = <void *>_enter
    _door_definition.ml_flags = METH_FASTCALL | METH_KEYWORDS
    _door_definition.ml_doc = _door_doc
    return PyCFunction_NewEx(&_door_definition, _door_this, plain.__module__)
