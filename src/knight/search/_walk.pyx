# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled walks: Warnsdorff's rule alone, and with random tie-breaks, in C with the GIL released.

The steps are those of the pure-Python twin ``_walk_py.py``, whose docstring explains
them; both return the identical path for the same arguments (and seed).

The board is the search core's layout: a grid of bytes inside a border as wide as the
longest step, whose cells are never free, so a neighbour is the cell index plus a fixed
int32 offset, one per move, with no bounds check and no table per square. A walk keeps
four bytes a cell (on the board, its neighbours, free, free neighbours) and the path,
written as cells into the int32 array returned, turned into square numbers at the end.
The loop takes the GIL back every CHECK_EVERY squares (and closed_walk after rotations that
turned CHECK_WORK squares), for a moment, to see Ctrl-C
(PyErr_CheckSignals) and the deadline.
"""

from cpython.array cimport array, clone, resize
from cpython.exc cimport PyErr_CheckSignals
from libc.math cimport INFINITY
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memmove, memset

from time import monotonic

from ._grid cimport shape
from ._loops cimport splitmix_next
from ..model._status cimport MAX_MOVES, S_EXHAUSTED, S_FOUND, S_LIMIT

FOUND, EXHAUSTED, LIMIT = S_FOUND, S_EXHAUSTED, S_LIMIT

cdef enum:
    _CHECK_MASK = 4095     # the clock and Ctrl-C are checked when the squares placed & _CHECK_MASK == 0
    _ROTATIONS_PER_SQUARE = 4  # closed_walk: rotations without a new square, per square, before a fresh walk
    _CHECK_WORK = 1 << 24  # closed_walk: squares its rotations scanned and turned, at most, between two checks

CHECK_EVERY, ROTATIONS_PER_SQUARE, CHECK_WORK = _CHECK_MASK + 1, _ROTATIONS_PER_SQUARE, _CHECK_WORK

cdef array _INT32 = array("i")
cdef object _monotonic = monotonic


cdef struct Walk:
    int32_t n                  # squares on the board
    int64_t cells              # cells of the bordered grid
    int32_t width              # cols + 2 * border
    int32_t border
    int32_t cols
    int32_t moves
    int32_t offset[MAX_MOVES]  # cell index steps, in move order
    uint8_t *on_board          # per cell: 1 for a square of the board, 0 on the border and the holes
    uint8_t *base_degree       # per cell: the square's neighbours on the board
    uint8_t *free_             # per cell: 1 while a square is not on the path
    uint8_t *degree            # per cell: free neighbours
    int32_t *path              # per square: the cells of the path (the result's own storage)


cdef int _tick(double deadline) except -1 with gil:
    """Raise KeyboardInterrupt if Ctrl-C was pressed; 1 when the deadline has passed."""
    if PyErr_CheckSignals() < 0:
        return -1
    return deadline != INFINITY and <double>_monotonic() >= deadline


cdef int _shape(Walk *w, int rows, int cols, moves) except -1:
    """Fill in w's size, border and move offsets for the leaper's steps moves (as the search core's: _grid.pxd)."""
    w.cols = cols
    return shape(rows, cols, moves, &w.cells, &w.width, &w.border, &w.moves, w.offset)


cdef void _lay_out(Walk *w, int rows, int cols, const uint8_t *mask) noexcept nogil:
    """Mark the board's squares inside the border (all cells, or mask's 1s) and count each square's neighbours."""
    cdef int row, col, i
    cdef int64_t cell
    cdef uint8_t count
    memset(w.on_board, 0, w.cells)
    memset(w.base_degree, 0, w.cells)
    for row in range(rows):
        cell = <int64_t>(row + w.border) * w.width + w.border
        if mask == NULL:
            memset(w.on_board + cell, 1, cols)
        else:
            memcpy(w.on_board + cell, mask + <int64_t>row * cols, cols)
    for row in range(rows):
        cell = <int64_t>(row + w.border) * w.width + w.border
        for col in range(cols):
            if w.on_board[cell]:
                count = 0
                for i in range(w.moves):
                    count += w.on_board[cell + w.offset[i]]
                w.base_degree[cell] = count
            cell += 1


cdef inline int32_t _square(Walk *w, int32_t cell) noexcept nogil:
    """The 1-based square number of a cell."""
    return (cell // w.width - w.border) * w.cols + cell % w.width - w.border + 1


cdef int32_t _record_step(Walk *w, int32_t *at, int32_t square, int32_t move) noexcept nogil:
    """Write the records of a step (as the twin's): (1, square, move), the square placed, then
    (3, move + 1, k, then square and degree for each) its k free neighbours in the rule's order
    (fewest onward moves, ties to the lower move index), the first chosen; the ints written."""
    cdef int32_t i, j, k, count = 0, neighbour
    cdef int32_t *pairs = at + 6
    at[0], at[1], at[2] = 1, _square(w, square), move
    for i in range(w.moves):
        neighbour = square + w.offset[i]
        if w.free_[neighbour]:
            j = count
            while j > 0 and pairs[2 * j - 1] > w.degree[neighbour]:  # stable insertion by degree
                pairs[2 * j], pairs[2 * j + 1] = pairs[2 * j - 2], pairs[2 * j - 1]
                j -= 1
            pairs[2 * j], pairs[2 * j + 1] = neighbour, w.degree[neighbour]
            count += 1
    for k in range(count):
        pairs[2 * k] = _square(w, pairs[2 * k])
    at[3], at[4], at[5] = 3, move + 1, count
    return 6 + 2 * count


cdef int _walk_once(Walk *w, int32_t start, int64_t budget, uint64_t *state, int64_t *nodes, double deadline,
                    int32_t *length_out, int32_t *records=NULL, int64_t *recorded=NULL) except -1 nogil:
    """One walk from cell start by Warnsdorff's rule, for at most budget squares: ties to the
    lowest move index when state is NULL, else to one drawn from state. Puts the squares
    walked in length_out; returns 1 when the deadline passed (the walk stops there), else 0.
    With records, writes each step's records there (see _record_step), their ints in recorded."""
    cdef uint8_t *free_ = w.free_
    cdef uint8_t *degree = w.degree
    cdef int32_t *path = w.path
    cdef int32_t offset[MAX_MOVES]
    cdef int32_t ties[MAX_MOVES]
    cdef int32_t moves = w.moves, length = 0, square = start, neighbour, i, tied
    cdef uint8_t count, fewest
    memcpy(offset, w.offset, sizeof(offset))
    memcpy(free_, w.on_board, w.cells)
    memcpy(degree, w.base_degree, w.cells)
    while True:
        free_[square] = 0
        path[length] = square
        length += 1
        nodes[0] += 1
        fewest = 255
        tied = 0
        for i in range(moves):
            neighbour = square + offset[i]
            if free_[neighbour]:
                count = degree[neighbour] - 1
                degree[neighbour] = count
                if count < fewest:
                    fewest = count
                    ties[0] = neighbour
                    tied = 1
                elif count == fewest:
                    ties[tied] = neighbour
                    tied += 1
        if nodes[0] & _CHECK_MASK == 0 and _tick(deadline):
            length_out[0] = length
            return 1
        if records != NULL:
            if tied == 0 or length >= budget:
                records[recorded[0]], records[recorded[0] + 1], records[recorded[0] + 2] = 1, _square(w, square), length
                recorded[0] += 3
            else:
                recorded[0] += _record_step(w, records + recorded[0], square, length)
        if tied == 0 or length >= budget:
            length_out[0] = length
            return 0
        if state == NULL or tied == 1:
            square = ties[0]
        else:
            square = ties[splitmix_next(state) % <uint64_t>tied]


cdef bint _complete(Walk *w, int32_t length, bint closed) noexcept nogil:
    """Whether the path covers the board (and, for closed, ends a move from its start)."""
    cdef int32_t i
    if length != w.n:
        return False
    if not closed:
        return True
    if length < 3:  # a cycle needs three squares
        return False
    for i in range(w.moves):
        if w.path[length - 1] + w.offset[i] == w.path[0]:
            return True
    return False


cdef class _Prepared:
    """One call's walk: the board laid out in one block, freed with this object."""
    cdef Walk w
    cdef char *block
    cdef array squares

    def __cinit__(self):
        self.block = NULL

    def __dealloc__(self):
        free(self.block)


cdef _Prepared _prepare(int rows, int cols, const uint8_t[::1] mask, int start, moves):
    cdef _Prepared p = _Prepared()
    cdef int64_t cells_in_rectangle = <int64_t>rows * cols, n = cells_in_rectangle, k
    cdef const uint8_t *holes = NULL
    if mask is not None:
        if mask.shape[0] != cells_in_rectangle:
            raise ValueError(f"mask has {mask.shape[0]} cells, not {cells_in_rectangle}")
        holes = &mask[0]
        n = 0
        for k in range(cells_in_rectangle):
            n += holes[k] != 0
    if not 0 <= start < cells_in_rectangle or (holes != NULL and not holes[start]):
        raise ValueError(f"start {start} is not a square of the board")
    _shape(&p.w, rows, cols, moves)
    p.w.n = <int32_t>n
    cdef size_t size = <size_t>p.w.cells * 4
    p.block = <char *>malloc(size)
    if p.block == NULL:
        raise MemoryError(f"no memory to walk a {rows}×{cols} board: {size:,} bytes refused")
    p.w.on_board = <uint8_t *>p.block
    p.w.base_degree = p.w.on_board + p.w.cells
    p.w.free_ = p.w.base_degree + p.w.cells
    p.w.degree = p.w.free_ + p.w.cells
    p.squares = clone(_INT32, n, False)
    p.w.path = <int32_t *>p.squares.data.as_ints
    with nogil:
        _lay_out(&p.w, rows, cols, holes)
    return p


cdef inline int32_t _cell(Walk *w, int start) noexcept nogil:
    return (start // w.cols + w.border) * w.width + start % w.cols + w.border


cdef array _squares(_Prepared p, int32_t length):
    """The path's first length cells as 1-based square numbers, in the array that held them."""
    cdef Walk *w = &p.w
    cdef int32_t i, cell
    cdef int32_t *path = w.path
    for i in range(length):
        cell = path[i]
        path[i] = (cell // w.width - w.border) * w.cols + cell % w.width - w.border + 1
    if length != w.n:
        resize(p.squares, length)
    return p.squares


def warnsdorff(int rows, int cols, const uint8_t[::1] mask, int start, bint closed, long long max_nodes, moves,
               double deadline=INFINITY):
    """One walk by Warnsdorff's rule from cell index start; return (status, nodes, squares).

    The same contract as ``_walk_py.warnsdorff``: squares is always the walk's squares
    (1-based, an int32 array); status is FOUND when they are a tour (closed, if asked),
    LIMIT when max_nodes squares were placed or the deadline passed first, EXHAUSTED when
    the walk got stuck (or covered the board away from home for a closed tour).
    """
    return _warnsdorff(rows, cols, mask, start, closed, max_nodes, moves, deadline, False)


def warnsdorff_trace(int rows, int cols, const uint8_t[::1] mask, int start, bint closed, long long max_nodes,
                     moves, double deadline=INFINITY):
    """warnsdorff, with the walk's records: (status, nodes, squares, records), as the twin's."""
    return _warnsdorff(rows, cols, mask, start, closed, max_nodes, moves, deadline, True)


cdef tuple _warnsdorff(int rows, int cols, const uint8_t[::1] mask, int start, bint closed, long long max_nodes,
                       moves, double deadline, bint traced):
    cdef _Prepared p = _prepare(rows, cols, mask, start, moves)
    cdef int64_t nodes = 0, recorded = 0
    cdef int32_t length = 0
    cdef int late, status
    cdef array records = None
    cdef int32_t *into = NULL
    if traced:  # a step records at most a square placed and a choice among MAX_MOVES
        records = clone(_INT32, min(max_nodes, <long long>p.w.n) * (6 + 2 * MAX_MOVES), False)
        into = <int32_t *>records.data.as_ints
    with nogil:
        late = _walk_once(&p.w, _cell(&p.w, start), max_nodes, NULL, &nodes, deadline, &length, into, &recorded)
        if _complete(&p.w, length, closed):
            status = S_FOUND
        elif late or (length < p.w.n and length >= max_nodes):
            status = S_LIMIT
        else:
            status = S_EXHAUSTED
    if not traced:
        return status, nodes, _squares(p, length)
    resize(records, recorded)
    return status, nodes, _squares(p, length), records


def random_walk(int rows, int cols, const uint8_t[::1] mask, int start, bint closed, long long max_nodes, moves,
                unsigned long long seed, double deadline=INFINITY):
    """Walks by Warnsdorff's rule with random tie-breaks from cell index start, restarted
    until one is a tour; return (status, nodes, squares).

    The same contract as ``_walk_py.random_walk``: the ties are drawn from SplitMix64
    seeded with seed (0 to 2**64 - 1); status is FOUND with the tour's squares, or LIMIT
    (squares None) when max_nodes squares, over all walks, or the deadline passed first.
    """
    cdef _Prepared p = _prepare(rows, cols, mask, start, moves)
    cdef int64_t nodes = 0
    cdef int32_t length = 0, cell = _cell(&p.w, start)
    cdef uint64_t state = seed
    cdef int status = S_LIMIT, late
    with nogil:
        while nodes < max_nodes:
            late = _walk_once(&p.w, cell, max_nodes - nodes, &state, &nodes, deadline, &length)
            if _complete(&p.w, length, closed):
                status = S_FOUND
                break
            if late:
                break
    if status != S_FOUND:
        return status, nodes, None
    return status, nodes, _squares(p, length)


# -- closed tours: a random walk closed by Pósa rotations (the twin's closed_walk) ---------------

cdef void _reverse(int32_t *path, int32_t first, int32_t last) noexcept nogil:
    """Reverse path[first:last]."""
    cdef int32_t swap
    last -= 1
    while first < last:
        swap = path[first]
        path[first] = path[last]
        path[last] = swap
        first += 1
        last -= 1


cdef int _closed_walk(Walk *w, int32_t start, int64_t budget, uint64_t *state, double deadline,
                      int64_t *nodes_out, int32_t *turn_out) except -1 nogil:
    """As the twin's closed_walk: returns the status, puts the nodes in nodes_out and, when
    FOUND, the index of start on the cycle w.path in turn_out."""
    cdef uint8_t *on_path = w.free_   # here 1 for a square on the path (the border and holes: never)
    cdef uint8_t *degree = w.degree   # free neighbours: not on the path
    cdef int32_t *path = w.path
    cdef int32_t offset[MAX_MOVES]
    cdef int32_t ties[MAX_MOVES]
    cdef int32_t moves = w.moves, n = w.n, length, square, end, target, tied, i, turn = 0, before
    cdef int64_t nodes = 0, stale, patience = <int64_t>_ROTATIONS_PER_SQUARE * n, work = 0
    cdef uint8_t fewest
    cdef bint home
    memcpy(offset, w.offset, sizeof(offset))
    while nodes < budget:
        memset(on_path, 0, w.cells)
        memcpy(degree, w.base_degree, w.cells)
        length = 0
        square = start
        stale = 0
        while nodes < budget and stale <= patience:
            nodes += 1
            if nodes & _CHECK_MASK == 0 or work >= _CHECK_WORK:  # a rotation costs up to the path's length
                work = 0
                if _tick(deadline):
                    nodes_out[0] = nodes
                    return S_LIMIT
            if square >= 0:  # take square
                on_path[square] = 1
                path[length] = square
                length += 1
                for i in range(moves):
                    degree[square + offset[i]] -= 1  # the border's and the holes' counts are never read
                stale = 0
            end = path[length - 1]
            fewest = 255
            tied = 0
            for i in range(moves):
                target = end + offset[i]
                if w.on_board[target] and not on_path[target]:
                    if degree[target] < fewest:
                        fewest = degree[target]
                        ties[0] = target
                        tied = 1
                    elif degree[target] == fewest:
                        ties[tied] = target
                        tied += 1
            if tied:
                square = ties[0] if tied == 1 else ties[splitmix_next(state) % <uint64_t>tied]
                continue
            if length == n and n >= 3:  # a cycle needs three squares
                home = False
                for i in range(moves):
                    home = home or end + offset[i] == path[0]
                if home:
                    for turn in range(n):
                        if path[turn] == start:
                            break
                    nodes_out[0] = nodes
                    turn_out[0] = turn
                    return S_FOUND
            if splitmix_next(state) >> 63:
                _reverse(path, 0, length)
                end = path[length - 1]
            before = path[length - 2] if length >= 2 else -1
            tied = 0
            for i in range(moves):
                target = end + offset[i]
                if on_path[target] and target != before:
                    ties[tied] = target
                    tied += 1
            if tied == 0:
                break
            target = ties[splitmix_next(state) % <uint64_t>tied]
            for turn in range(length):
                if path[turn] == target:
                    break
            _reverse(path, turn + 1, length)
            work += length
            square = -1
            stale += 1
    nodes_out[0] = nodes
    return S_LIMIT


def closed_walk(int rows, int cols, const uint8_t[::1] mask, int start, long long max_nodes, moves,
                unsigned long long seed, double deadline=INFINITY):
    """A closed tour from cell index start by a random walk closed by Pósa rotations; return
    (status, nodes, squares).

    The same contract as ``_walk_py.closed_walk``: the random choices are drawn from
    SplitMix64 seeded with seed (0 to 2**64 - 1); status is FOUND with the tour's squares
    (1-based, an int32 array, from start), or LIMIT (squares None) when max_nodes nodes
    (extensions and rotations) or the deadline passed first.
    """
    cdef _Prepared p = _prepare(rows, cols, mask, start, moves)
    cdef int64_t nodes = 0
    cdef int32_t turn = 0, i, n = p.w.n
    cdef uint64_t state = seed
    cdef int status
    cdef int32_t *rotated
    with nogil:
        status = _closed_walk(&p.w, _cell(&p.w, start), max_nodes, &state, deadline, &nodes, &turn)
    if status != S_FOUND:
        return status, nodes, None
    if turn:
        rotated = <int32_t *>malloc(<size_t>turn * sizeof(int32_t))
        if rotated == NULL:
            raise MemoryError(f"no memory to turn a tour of {n:,} squares")
        memcpy(rotated, p.w.path, turn * sizeof(int32_t))
        memmove(p.w.path, p.w.path + turn, (n - turn) * sizeof(int32_t))
        memcpy(p.w.path + n - turn, rotated, turn * sizeof(int32_t))
        free(rotated)
    return status, nodes, _squares(p, n)
