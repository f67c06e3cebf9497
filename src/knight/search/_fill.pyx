# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled domain search of the puzzle search: the puzzle as a constraint problem, for
puzzles with many givens, in C with the GIL released.

The rules, the branching and the answers are those of the pure-Python twin
``_fill_py.py``, whose docstring explains them and the arguments; here the bitsets are
arrays of ``words`` uint64 words and each depth keeps its own copy of the domains. Every
DEADLINE_EVERY nodes (fewer for large domains) the loop takes the GIL for a moment to read the clock and to let
Ctrl-C through (PyErr_CheckSignals), which raises KeyboardInterrupt.
"""

from cpython.array cimport array, clone
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memcpy, memset

import time

from ..model._bits cimport lowest_bit, popcount
from ..model._status cimport S_EXHAUSTED, S_FOUND, S_LIMIT

FOUND, EXHAUSTED, LIMIT = S_FOUND, S_EXHAUSTED, S_LIMIT
cdef enum:
    C_DEADLINE_EVERY = 1024  # nodes between two looks at the clock, for domains of up to C_CLOCK_WORDS // 1024 words
    C_CLOCK_WORDS = 1 << 22  # a node copies and narrows every domain: larger ones look every C_CLOCK_WORDS // words nodes
    C_RESTART_NODES = 100    # nodes of the first run (see the twin's fill)
    S_INTERRUPTED = 3        # Ctrl-C: KeyboardInterrupt is raised
    S_NO_MEMORY = 4

DEADLINE_EVERY = C_DEADLINE_EVERY
RESTART_NODES = C_RESTART_NODES

cdef array _INT32 = array("i")


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


cdef inline int32_t _size(const uint64_t *bits, int32_t words) noexcept nogil:
    cdef int32_t total = 0, i
    for i in range(words):
        total += popcount(bits[i])
    return total


cdef inline int32_t _lowest(const uint64_t *bits, int32_t words) noexcept nogil:
    """The position of the lowest set bit (-1 when none)."""
    cdef int32_t i
    for i in range(words):
        if bits[i]:
            return i * 64 + lowest_bit(bits[i])
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
                    f.held[i * 64 + lowest_bit(bits)] += 1
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
            square = i * 64 + lowest_bit(bits)
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


cdef int _clock(double deadline) noexcept with gil:
    """S_LIMIT when the deadline has passed, S_INTERRUPTED on Ctrl-C (the error is set), else 0."""
    if PyErr_CheckSignals() < 0:
        return S_INTERRUPTED
    if time.monotonic() >= deadline:
        return S_LIMIT
    return 0


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
    cdef int64_t nodes = 0, run = C_RESTART_NODES, restart = C_RESTART_NODES
    cdef int32_t depth = 0, domain_words = f.n * f.words, move, cell, at
    cdef int64_t every = max(1, min(C_DEADLINE_EVERY, C_CLOCK_WORDS // max(domain_words, 1)))
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
        if nodes % every == 0:
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

    The same contract as ``_fill_py.fill``: cells is an int32 array, the bit position
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
