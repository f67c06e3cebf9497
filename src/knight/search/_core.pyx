# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled search core: the hot loop of knight, in C with the GIL released.

The algorithm, move order, tie-breaks and pruning are those of the pure-Python twin
``_core_py.py``, whose docstring explains them; both return the identical tour.

The board sits inside a border as wide as the longest step, whose cells are never
free, so a neighbour is the cell index plus a fixed offset with no bounds check.
"""

from cpython.array cimport array, clone
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from .._status cimport MAX_MOVES, S_EXHAUSTED, S_FOUND, S_LIMIT

FOUND, EXHAUSTED, LIMIT = S_FOUND, S_EXHAUSTED, S_LIMIT

cdef array _INT32 = array("i")


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
    uint8_t *free_         # per cell: 1 while a square is not on the path
    uint8_t *degree        # per cell: free neighbours (closed: the start counts as free)
    uint8_t *home          # per cell: closed search, 1 for the start's neighbours
    int32_t *mark          # per cell: flood-fill stamps
    int32_t *square_of     # per cell: the square's index on the board
    int32_t *todo          # per square: flood-fill stack
    int32_t *path          # per square: the cells of the path
    int32_t *candidates    # per square, MAX_MOVES each: each frame's ordered moves
    uint8_t *frame_size
    uint8_t *cursor


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


cdef inline bint _before(Board *b, int32_t s, int32_t t) noexcept nogil:
    """Whether s sorts strictly before t: fewer onward moves, then the tie-break key."""
    if b.degree[s] != b.degree[t]:
        return b.degree[s] < b.degree[t]
    return b.tie_break[s] < b.tie_break[t]


cdef int _depth_first(Board *b, int32_t start, bint closed, int64_t budget, int64_t *nodes_out) noexcept nogil:
    cdef int32_t n = b.n, moves = b.moves
    cdef int32_t *offset = b.offset
    cdef int32_t ones = b.ones, links_home = b.base_degree[start], stamp = 0
    cdef int32_t square, neighbour, depth, top, remaining, next_to_knight, reached, size, i, j, k, todo_size
    cdef int32_t *frame
    cdef uint8_t count
    cdef bint backtracked = False, found = False, dead, stranded, keep_counted
    cdef int64_t nodes = 1

    memcpy(b.free_, b.on_board, b.cells)
    memcpy(b.degree, b.base_degree, b.cells)
    memset(b.home, 0, b.cells)
    memset(b.mark, 0, b.cells * sizeof(int32_t))
    if closed:
        for i in range(moves):
            b.home[start + offset[i]] = b.on_board[start + offset[i]]

    square = start
    depth = 0
    while True:
        # take(square) and expand(square, depth) in one pass over the neighbours: each
        # free neighbour loses a free neighbour (but for the start of a closed search,
        # which stays counted) and becomes a candidate
        b.free_[square] = 0
        if b.degree[square] == 1:
            ones -= 1
        if b.home[square]:
            links_home -= 1
        b.path[depth] = square
        keep_counted = closed and depth == 0
        remaining = n - depth - 1
        frame = b.candidates + depth * MAX_MOVES
        size = 0
        next_to_knight = 0
        stranded = False
        for i in range(moves):
            neighbour = square + offset[i]
            if b.free_[neighbour]:
                count = b.degree[neighbour]
                if not keep_counted:
                    count -= 1
                    b.degree[neighbour] = count
                    if count == 0:
                        ones -= 1
                    elif count == 1:
                        ones += 1
                if count == 0:
                    stranded = True
                elif count == 1:
                    next_to_knight += 1
                frame[size] = neighbour
                size += 1
        b.cursor[depth] = 0
        b.frame_size[depth] = 0
        if remaining == 0:
            found = not closed or b.home[square] == 1
        else:
            dead = (
                (stranded and (closed or remaining > 1))
                or ones - next_to_knight > (0 if closed else 1)
                or (closed and links_home == 0)
            )
            if not dead and backtracked:
                stamp += 1
                reached = 0
                b.todo[0] = square
                todo_size = 1
                while todo_size:
                    todo_size -= 1
                    k = b.todo[todo_size]
                    for i in range(moves):
                        neighbour = k + offset[i]
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
            for i in range(moves):
                neighbour = k + offset[i]
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


def search(int rows, int cols, const uint8_t[::1] mask, int start, bint closed, long long max_nodes, moves):
    """Find a tour from cell index start; return (status, nodes, squares).

    The same contract as ``_core_py.search``: mask is None (every cell a square) or
    rows*cols bytes, 0 for a hole; squares is an int32 array of 1-based square numbers
    when status is FOUND, else None.
    """
    cdef int64_t cells_in_rectangle = <int64_t>rows * cols, n = cells_in_rectangle, k
    cdef const uint8_t *holes = NULL
    moves = [step for step in moves if abs(step[0]) < rows and abs(step[1]) < cols]  # the rest never land
    cdef int move_count = len(moves)
    cdef int i, border = 0, status = S_LIMIT, round_ = 0
    cdef int64_t nodes = 0, used = 0, budget, cells, cell
    cdef Board b
    cdef char *block
    cdef array result
    if mask is not None:
        if mask.shape[0] != cells_in_rectangle:
            raise ValueError(f"mask has {mask.shape[0]} cells, not {cells_in_rectangle}")
        holes = &mask[0]
        n = 0
        for k in range(cells_in_rectangle):
            n += holes[k] != 0
    if move_count > MAX_MOVES:
        raise ValueError(f"at most {MAX_MOVES} moves, not {move_count}")
    cdef int step_rows[MAX_MOVES]
    cdef int step_cols[MAX_MOVES]
    for i in range(move_count):
        step_rows[i], step_cols[i] = moves[i]
        border = max(border, abs(step_rows[i]), abs(step_cols[i]))
    b.width = cols + 2 * border
    cells = <int64_t>(rows + 2 * border) * b.width
    b.n = <int32_t>n
    b.cells = cells
    b.border = border
    b.moves = move_count
    for i in range(move_count):
        b.offset[i] = step_rows[i] * b.width + step_cols[i]
    block = <char *>malloc(<size_t>cells * (8 + 4 + 4 + 5) + <size_t>n * (MAX_MOVES * 4 + 4 * 2 + 2))
    if block == NULL:
        raise MemoryError(f"no memory to search a {rows}×{cols} board")
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
    cell = <int64_t>(start // cols + border) * b.width + start % cols + border
    try:
        with nogil:
            _lay_out(&b, rows, cols, holes)
            while True:
                budget = min((8 * n) << round_, max_nodes - nodes) if round_ < 40 else max_nodes - nodes
                _tie_breaks(&b, rows, cols, round_)
                status = _depth_first(&b, <int32_t>cell, closed, budget, &used)
                nodes += used
                if status != S_LIMIT or nodes >= max_nodes:
                    break
                round_ += 1
        if status != S_FOUND:
            return status, nodes, None
        result = clone(_INT32, n, False)
        for i in range(n):
            result.data.as_ints[i] = b.square_of[b.path[i]] + 1
        return status, nodes, result
    finally:
        free(block)
