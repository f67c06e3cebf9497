# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled puzzle cores: completing a path through fixed moves, in C with the GIL released.

Two searches, ``search`` (forward from move 1) and ``fill`` (narrowing every move's
squares at once); their algorithms, orders and pruning are those of the pure-Python twin
``_puzzle_py.py``, whose docstrings explain them and the arguments; both return the
identical path. Every DEADLINE_EVERY (FILL_DEADLINE_EVERY) nodes the loop takes the GIL
for a moment to read the clock and to let Ctrl-C through (PyErr_CheckSignals), which
raises KeyboardInterrupt.
"""

from cpython.array cimport array, clone
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memcpy, memset

import time

from ..model._status cimport MAX_MOVES as C_MAX_MOVES, S_EXHAUSTED, S_FOUND, S_LIMIT

FOUND, EXHAUSTED, LIMIT = S_FOUND, S_EXHAUSTED, S_LIMIT
cdef enum:
    C_DEADLINE_EVERY = 4096  # nodes between two looks at the clock
    S_INTERRUPTED = 3        # Ctrl-C: KeyboardInterrupt is raised
    C_NEAR = 6               # moves ahead within which _within measures (see the twin's NEAR)

MAX_MOVES = C_MAX_MOVES
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
    const int32_t *neighbours  # cells × MAX_MOVES, -1 after the last
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
    int32_t *candidates        # per move, MAX_MOVES each
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
        neighbour = s.neighbours[cell * C_MAX_MOVES + i]
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
            neighbour = s.neighbours[k * C_MAX_MOVES + i]
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
        neighbour = s.neighbours[cell * C_MAX_MOVES + i]
        k = s.given[neighbour]
        if k > move + 1 and s.free_[neighbour]:
            need = (1 if s.at_move[k - 1] < 0 else 0) + (1 if k < s.n and s.at_move[k + 1] < 0 else 0)
            have = 0
            for j in range(s.moves_of[neighbour]):
                other = s.neighbours[neighbour * C_MAX_MOVES + j]
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
                neighbour = s.neighbours[k * C_MAX_MOVES + i]
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
    cdef int32_t *frame = s.candidates + depth * C_MAX_MOVES
    cdef bint end_next = False, adjacent
    cdef int i, j
    s.cursor[depth] = 0
    s.frame_size[depth] = 0
    if remaining == 0:
        return True
    for i in range(s.moves_of[cell]):
        neighbour = s.neighbours[cell * C_MAX_MOVES + i]
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
            neighbour = s.neighbours[cell * C_MAX_MOVES + i]
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
        neighbour = s.neighbours[cell * C_MAX_MOVES + i]
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
            if nodes % C_DEADLINE_EVERY == 0:
                stop = _clock(deadline)
                if stop:
                    _unwind(s, depth)
                    nodes_io[0] = nodes
                    return stop
            nodes += 1
            square = s.candidates[top * C_MAX_MOVES + s.cursor[top]]
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

    The same contract as ``_puzzle_py.search``: cells is an int32 array, the cell of each
    move, when status is FOUND, else None.
    """
    cdef int32_t cells = on_board.shape[0], n = at_move.shape[0] - 1, cell, count, slots = move_of_slot.shape[0], slot
    cdef int i, status = S_EXHAUSTED
    cdef Py_ssize_t k
    cdef int64_t nodes = 0
    cdef State s
    cdef char *block
    cdef array result
    if neighbours.shape[0] != <Py_ssize_t>cells * C_MAX_MOVES or given.shape[0] != cells or latest.shape[0] != cells or tie_break.shape[0] != cells:
        raise ValueError(f"neighbours must have {cells} × {C_MAX_MOVES} entries and given {cells}")
    if n < 1 or slot_after.shape[0] != n + 1 or distance.shape[0] != move_of_slot.shape[0] * <Py_ssize_t>cells:
        raise ValueError("at_move, slot_after, distance and move_of_slot do not agree")
    for cell in range(cells):
        if not 0 <= latest[cell] <= n:
            raise ValueError(f"latest[{cell}] is {latest[cell]}, not a move")
    block = <char *>malloc(<size_t>cells * (1 + 4 * 6) + <size_t>n * (C_MAX_MOVES * 4 + 4 + 2) + (<size_t>n + 2 + slots) * 4)
    if block == NULL:
        raise MemoryError(f"no memory to search {n} moves")
    s.cells, s.n, s.end, s.stamp, s.slots = cells, n, at_move[n], 0, slots
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
    s.path = s.candidates + n * C_MAX_MOVES
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
                while count < C_MAX_MOVES and s.neighbours[cell * C_MAX_MOVES + count] >= 0:
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


# The domain search (fill): the puzzle as a constraint problem, for puzzles with many givens.
# The rules, the branching and the answers are the twin's (_puzzle_py.fill); here the
# bitsets are arrays of `words` uint64 words and each depth keeps its own copy of the domains.

cdef enum:
    C_FILL_DEADLINE_EVERY = 1024  # domain-search nodes between two looks at the clock
    C_FILL_RESTART_NODES = 100    # nodes of the domain search's first run (see the twin's fill)
    S_NO_MEMORY = 4

FILL_DEADLINE_EVERY = C_FILL_DEADLINE_EVERY
FILL_RESTART_NODES = C_FILL_RESTART_NODES


cdef struct Fill:
    int32_t words
    int32_t n
    int32_t shifts
    int32_t positions          # words × 64 bit positions
    int32_t options_max        # most (move, square) choices at one depth
    const int32_t *deltas
    const uint64_t *board
    const int64_t *rank        # per position: the second key of the squares' order
    uint64_t *scratch          # 4 × words: a narrowed domain, a support, ones and twos
    uint64_t *ones             # words: squares in at least one domain (also the pair counts)
    uint64_t *twos             # words: squares in at least two
    int32_t *queue             # moves to narrow around (a stack)
    uint8_t *waiting           # per move: on the queue
    int32_t *held              # per position: the unsettled domains holding it
    int64_t *weight            # per move: its failures (the caller's array; the branching's divisor)
    int32_t capacity           # depths allocated
    int32_t depth              # the depth of the complete domains, when FOUND
    uint64_t *levels           # per depth: the settled domains, n × words
    int32_t *options           # per depth: options_max (move, square) pairs
    int32_t *option_count      # per depth
    int32_t *cursor            # per depth


cdef inline int _popcount(uint64_t x) noexcept nogil:
    x = x - ((x >> 1) & 0x5555555555555555ULL)
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL
    return <int>((x * 0x0101010101010101ULL) >> 56)


cdef inline int _low(uint64_t word) noexcept nogil:
    """The position of a non-zero word's lowest set bit."""
    return _popcount((word & (~word + 1)) - 1)


cdef inline int32_t _size(const uint64_t *bits, int32_t words) noexcept nogil:
    cdef int32_t total = 0, i
    for i in range(words):
        total += _popcount(bits[i])
    return total


cdef inline int32_t _lowest(const uint64_t *bits, int32_t words) noexcept nogil:
    """The position of the lowest set bit (-1 when none)."""
    cdef int32_t i
    for i in range(words):
        if bits[i]:
            return i * 64 + _low(bits[i])
    return -1


cdef inline uint64_t _moved(const uint64_t *bits, int32_t words, int32_t i, int32_t delta) noexcept nogil:
    """Word i of bits moved delta positions up (down when negative); what leaves the words is lost."""
    cdef int32_t j, r
    cdef uint64_t value = 0
    if delta >= 0:
        j, r = i - (delta >> 6), delta & 63
        if j >= 0:
            value = bits[j] << r
        if r and j >= 1:
            value |= bits[j - 1] >> (64 - r)
    else:
        j, r = i + ((-delta) >> 6), (-delta) & 63
        if j < words:
            value = bits[j] >> r
        if r and j + 1 < words:
            value |= bits[j + 1] << (64 - r)
    return value


cdef uint64_t *_support(Fill *f, const uint64_t *domain, int32_t move) noexcept nogil:
    """The squares move may hold given its neighbouring moves' domains (see the twin), a
    word at a time: the leaps from each side, and the squares two leaps from their union."""
    cdef int32_t words = f.words, k, i
    cdef const uint64_t *before = domain + (move - 1) * words
    cdef const uint64_t *after = domain + (move + 1) * words
    cdef uint64_t *out = f.scratch + words
    cdef uint64_t from_before, from_after, one, two, moved_before, moved_after
    cdef bint first = move == 0, last = move + 1 == f.n
    for i in range(words):
        from_before = from_after = one = two = 0
        for k in range(f.shifts):
            moved_before = 0 if first else _moved(before, words, i, f.deltas[k])
            moved_after = 0 if last else _moved(after, words, i, f.deltas[k])
            from_before |= moved_before
            from_after |= moved_after
            two |= one & (moved_before | moved_after)
            one |= moved_before | moved_after
        if first and last:  # a single move
            out[i] = f.board[i]
        elif first or last:
            out[i] = f.board[i] & (from_before | from_after)
        else:
            out[i] = f.board[i] & from_before & from_after & two
    return out


cdef inline int _narrow(Fill *f, uint64_t *domain, int32_t move, const uint64_t *keep, bint complement, int32_t *size) noexcept nogil:
    """domain[move] &= keep (or ~keep): -1 when it empties, 1 when it changed (and is queued), else 0."""
    cdef int32_t i
    cdef uint64_t *bits = domain + move * f.words
    cdef uint64_t value, any_left = 0
    cdef bint changed = False
    for i in range(f.words):
        value = bits[i] & (~keep[i] if complement else keep[i])
        changed |= value != bits[i]
        any_left |= value
        bits[i] = value
    if not changed:
        return 0
    if not any_left:
        return -1
    if not f.waiting[move]:
        f.waiting[move] = 1
        f.queue[size[0]] = move
        size[0] += 1
    return 1


cdef bint _settle(Fill *f, uint64_t *domain, int32_t size) noexcept nogil:
    """Narrow domain to the rules' fixpoint from the size moves queued; False when a move
    or a square is left without (see the twin's _Rules.settle). The queue is empty after."""
    cdef int32_t i
    if _settled(f, domain, &size):
        return True
    for i in range(size):
        f.waiting[f.queue[i]] = 0
    return False


cdef bint _settled(Fill *f, uint64_t *domain, int32_t *queued) noexcept nogil:
    cdef int32_t size = queued[0], words = f.words, n = f.n, move, other, i, side
    cdef uint64_t *own
    cdef uint64_t *mine = f.scratch
    cdef bint differs, uncovered
    while True:
        while size:
            size -= 1
            move = f.queue[size]
            f.waiting[move] = 0
            for side in range(2):
                other = move - 1 + 2 * side
                if 0 <= other < n and _narrow(f, domain, other, _support(f, domain, other), False, &size) < 0:
                    f.weight[other] += 1
                    queued[0] = size
                    return False
            own = domain + move * words
            if _size(own, words) == 1:
                for other in range(n):
                    if other != move and _narrow(f, domain, other, own, True, &size) < 0:
                        f.weight[other] += 1
                        queued[0] = size
                        return False
        memset(f.ones, 0, words * sizeof(uint64_t))
        memset(f.twos, 0, words * sizeof(uint64_t))
        for move in range(n):
            for i in range(words):
                f.twos[i] |= f.ones[i] & domain[move * words + i]
                f.ones[i] |= domain[move * words + i]
        uncovered = False
        for i in range(words):
            uncovered |= f.ones[i] != f.board[i]
            f.ones[i] &= ~f.twos[i]  # now the squares in one domain only
        if uncovered:
            queued[0] = 0
            return False
        for move in range(n):
            own = domain + move * words
            differs = False
            for i in range(words):
                mine[i] = own[i] & f.ones[i]
                differs |= mine[i] != own[i]
            if differs and _lowest(mine, words) >= 0:
                if _size(mine, words) > 1:
                    f.weight[move] += 1
                    queued[0] = size
                    return False
                memcpy(own, mine, words * sizeof(uint64_t))
                if not f.waiting[move]:
                    f.waiting[move] = 1
                    f.queue[size] = move
                    size += 1
        if not size:
            return True


cdef int32_t _branches(Fill *f, const uint64_t *domain, int32_t *options) noexcept nogil:
    """Write the (move, square) choices of a settled node, in the order to try them, as
    pairs into options; return how many (0 when every move has its square)."""
    cdef int32_t words = f.words, move, best = -1, size = 0, count, i, cell = -1, fewest = 0, j, key, square
    cdef uint64_t bits
    memset(f.held, 0, f.positions * sizeof(int32_t))
    for move in range(f.n):
        count = _size(domain + move * words, words)
        if count > 1:
            for i in range(words):
                bits = domain[move * words + i]
                while bits:
                    f.held[i * 64 + _low(bits)] += 1
                    bits &= bits - 1
            if best < 0 or count * f.weight[best] < size * f.weight[move]:
                best, size = move, count
    if best < 0:
        return 0
    for i in range(f.positions):
        if f.held[i] and (cell < 0 or f.held[i] < fewest or f.held[i] == fewest and f.rank[i] < f.rank[cell]):
            cell, fewest = i, f.held[i]
    count = 0
    if fewest < size:
        for move in range(f.n):
            if domain[move * words + (cell >> 6)] >> (cell & 63) & 1:
                options[2 * count], options[2 * count + 1] = move, cell
                count += 1
        return count
    for i in range(words):
        bits = domain[best * words + i]
        while bits:
            square = i * 64 + _low(bits)
            bits &= bits - 1
            options[2 * count] = best
            j = count - 1  # a stable insertion by held: ties stay in square order
            key = f.held[square]
            while j >= 0 and (f.held[options[2 * j + 1]] > key or f.held[options[2 * j + 1]] == key and f.rank[options[2 * j + 1]] > f.rank[square]):
                options[2 * j + 3] = options[2 * j + 1]
                j -= 1
            options[2 * j + 3] = square
            count += 1
    return count


cdef bint _grow(Fill *f, int32_t depth) noexcept nogil:
    """Room for the depths up to depth; False when memory ran out."""
    cdef int32_t capacity = f.capacity
    cdef void *levels
    cdef void *options
    cdef void *counts
    cdef void *cursor
    if depth < capacity:
        return True
    while capacity <= depth:
        capacity *= 2
    levels = realloc(f.levels, <size_t>capacity * f.n * f.words * sizeof(uint64_t))
    if levels != NULL:
        f.levels = <uint64_t *>levels
    options = realloc(f.options, <size_t>capacity * f.options_max * 2 * sizeof(int32_t))
    if options != NULL:
        f.options = <int32_t *>options
    counts = realloc(f.option_count, <size_t>capacity * sizeof(int32_t))
    if counts != NULL:
        f.option_count = <int32_t *>counts
    cursor = realloc(f.cursor, <size_t>capacity * sizeof(int32_t))
    if cursor != NULL:
        f.cursor = <int32_t *>cursor
    if levels == NULL or options == NULL or counts == NULL or cursor == NULL:
        return False
    f.capacity = capacity
    return True


cdef int _fill_search(Fill *f, int64_t *nodes_io, int64_t max_nodes, double deadline) noexcept nogil:
    """The depth-first search of the twin's fill from the settled domains of depth 0, in
    runs of growing budgets (restarts)."""
    cdef int64_t nodes = 0, run = C_FILL_RESTART_NODES, restart = C_FILL_RESTART_NODES
    cdef int32_t depth = 0, domain_words = f.n * f.words, move, cell, at
    cdef uint64_t *child
    cdef int stop
    f.option_count[0] = _branches(f, f.levels, f.options)
    f.cursor[0] = 0
    f.depth = 0
    if f.option_count[0] == 0:
        return S_FOUND
    while True:
        if f.cursor[depth] == f.option_count[depth]:
            if depth == 0:
                nodes_io[0] = nodes
                return S_EXHAUSTED
            depth -= 1
            continue
        if nodes >= max_nodes:
            nodes_io[0] = nodes
            return S_LIMIT
        if nodes % C_FILL_DEADLINE_EVERY == 0:
            stop = _clock(deadline)
            if stop:
                nodes_io[0] = nodes
                return stop
        if nodes == restart:
            run += run // 2
            restart = nodes + run
            depth = 0
            f.option_count[0] = _branches(f, f.levels, f.options)
            f.cursor[0] = 0
        nodes += 1
        if not _grow(f, depth + 1):
            nodes_io[0] = nodes
            return S_NO_MEMORY
        at = 2 * (depth * f.options_max + f.cursor[depth])
        move, cell = f.options[at], f.options[at + 1]
        f.cursor[depth] += 1
        child = f.levels + (depth + 1) * <size_t>domain_words
        memcpy(child, f.levels + depth * <size_t>domain_words, domain_words * sizeof(uint64_t))
        memset(child + move * f.words, 0, f.words * sizeof(uint64_t))
        child[move * f.words + (cell >> 6)] = (<uint64_t>1) << (cell & 63)
        f.waiting[move] = 1
        f.queue[0] = move
        if not _settle(f, child, 1):
            continue
        depth += 1
        f.option_count[depth] = _branches(f, child, f.options + 2 * depth * f.options_max)
        f.cursor[depth] = 0
        if f.option_count[depth] == 0:
            f.depth = depth
            nodes_io[0] = nodes
            return S_FOUND


def fill(
    const int32_t[::1] deltas,
    const uint64_t[::1] board,
    const uint64_t[::1] domains,
    const int64_t[::1] rank,
    int64_t[::1] weight,
    long long max_nodes,
    double deadline,
):
    """Complete the path by narrowing each move's domain; return (status, nodes, cells).

    The same contract as ``_puzzle_py.fill``: cells is an int32 array, the bit position
    of each move's square, when status is FOUND, else None; weight is updated in place.
    """
    cdef int32_t words = board.shape[0], n, move, i
    cdef int64_t nodes = 0
    cdef int status = S_EXHAUSTED
    cdef Fill f
    cdef array result
    cdef uint64_t *depth_zero
    if words < 1 or domains.shape[0] % words or domains.shape[0] == 0:
        raise ValueError(f"domains must hold n × {words} words (the board's), not {domains.shape[0]}")
    n = domains.shape[0] // words
    if rank.shape[0] != words * 64:
        raise ValueError(f"rank must have {words * 64} entries (one a bit), not {rank.shape[0]}")
    if weight.shape[0] != n:
        raise ValueError(f"weight must have {n} entries (one a move), not {weight.shape[0]}")
    for i in range(deltas.shape[0]):
        if not -words * 64 < deltas[i] < words * 64:
            raise ValueError(f"delta {deltas[i]} leaves the {words * 64} positions")
    f.words, f.n, f.shifts, f.positions = words, n, deltas.shape[0], words * 64
    f.options_max = max(n, f.positions)
    f.deltas = &deltas[0] if deltas.shape[0] else NULL
    f.board = &board[0]
    f.rank = &rank[0]
    f.capacity = 16
    f.scratch = <uint64_t *>malloc(4 * words * sizeof(uint64_t))
    f.queue = <int32_t *>malloc(n * sizeof(int32_t))
    f.waiting = <uint8_t *>calloc(n, 1)
    f.held = <int32_t *>malloc(f.positions * sizeof(int32_t))
    f.weight = &weight[0]
    f.levels = <uint64_t *>malloc(<size_t>f.capacity * n * words * sizeof(uint64_t))
    f.options = <int32_t *>malloc(<size_t>f.capacity * f.options_max * 2 * sizeof(int32_t))
    f.option_count = <int32_t *>malloc(f.capacity * sizeof(int32_t))
    f.cursor = <int32_t *>malloc(f.capacity * sizeof(int32_t))
    try:
        if not (f.scratch and f.queue and f.waiting and f.held and f.levels and f.options and f.option_count and f.cursor):
            raise MemoryError(f"no memory to search {n} moves")
        f.ones, f.twos = f.scratch + 2 * words, f.scratch + 3 * words
        depth_zero = f.levels
        with nogil:
            memcpy(depth_zero, &domains[0], <size_t>n * words * sizeof(uint64_t))
            for move in range(n):
                f.queue[move] = move
                f.waiting[move] = 1
            if _settle(&f, depth_zero, n):
                status = _fill_search(&f, &nodes, max_nodes, deadline)
        if status == S_INTERRUPTED:
            raise KeyboardInterrupt
        if status == S_NO_MEMORY:
            raise MemoryError(f"no memory to search {n} moves")
        if status != S_FOUND:
            return status, nodes, None
        result = clone(_INT32, n, False)
        for move in range(n):
            result.data.as_ints[move] = _lowest(f.levels + <size_t>f.depth * n * words + move * words, words)
        return status, nodes, result
    finally:
        free(f.scratch)
        free(f.queue)
        free(f.waiting)
        free(f.held)
        free(f.levels)
        free(f.options)
        free(f.option_count)
        free(f.cursor)
