# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled quarte search: semimagic tours of 4k×4k boards laid from quartes, in C with the GIL
released.

The algorithm, order, random draws and node counts are those of the pure-Python twin
``_quartes_core_py.py``, whose docstring explains them and the arguments; ``_quartes.py``
lays out the tables. All the state lives in blocks malloc'ed a call. Every DEADLINE_EVERY
nodes the loop takes the GIL for a moment to read the clock and to let Ctrl-C through.
"""

from cpython.array cimport array
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport abs, calloc, free

from ._loops cimport TICK_INTERRUPTED, TICK_ON, splitmix_next, tick
from ..model._status cimport S_EXHAUSTED, S_FOUND, S_LIMIT

FOUND, EXHAUSTED, LIMIT = S_FOUND, S_EXHAUSTED, S_LIMIT

cdef enum:
    C_PATHS = 48
    C_PATH_FIELDS = 11
    C_WAYS = 4
    C_DEADLINE_EVERY = 1024
    S_TIMED_OUT = 3
    S_INTERRUPTED = 4

PATHS, PATH_FIELDS, WAYS, DEADLINE_EVERY = C_PATHS, C_PATH_FIELDS, C_WAYS, C_DEADLINE_EVERY


cdef struct Run:
    int32_t k
    int32_t n
    int32_t blocks
    int32_t steps
    int32_t mean
    uint64_t rng
    const int32_t *paths
    const int32_t *starting
    const int32_t *ending
    const uint8_t *unions
    const int32_t *leaps
    const uint8_t *allowed
    int32_t *used
    int32_t *places
    int32_t *filled
    int32_t *chosen
    int32_t *pool        # every frame's candidates, one after another
    int64_t *scores
    int64_t *start       # per depth, where its frame begins in pool
    int32_t *size
    int32_t *cursor


cdef inline int32_t _cell(Run *r, int32_t block, int32_t local) noexcept nogil:
    return ((block // r.k) * 4 + (local >> 2)) * r.n + (block % r.k) * 4 + (local & 3)


cdef inline bint _leap(int32_t n, int32_t a, int32_t b) noexcept nogil:
    cdef int32_t dr = abs(a // n - b // n), dc = abs(a % n - b % n)
    return dr + dc == 3 and dr != 0 and dc != 0


cdef bint _lay(Run *r, int32_t pair, int32_t sign) noexcept nogil:
    cdef int32_t block = pair // (C_PATHS * C_PATHS), head = pair // C_PATHS % C_PATHS, tail = pair % C_PATHS
    cdef int32_t band_r = block // r.k, band_c = block % r.k, left_r, left_c, need
    cdef const int32_t *h = r.paths + head * C_PATH_FIELDS
    cdef const int32_t *t = r.paths + tail * C_PATH_FIELDS
    cdef int i
    r.used[block] ^= h[0] | t[0]
    r.filled[band_r] += 2 * sign
    r.filled[r.k + band_c] += 2 * sign
    for i in range(4):
        r.places[4 * band_r + i] += sign * (h[3 + i] + t[3 + i])
        r.places[r.n + 4 * band_c + i] += sign * (h[7 + i] + t[7 + i])
    if sign < 0:
        return True
    left_r = 3 * (4 * r.k - r.filled[band_r])
    left_c = 3 * (4 * r.k - r.filled[r.k + band_c])
    for i in range(4):
        need = r.mean - r.places[4 * band_r + i]
        if need < 0 or need > left_r:
            return False
        need = r.mean - r.places[r.n + 4 * band_c + i]
        if need < 0 or need > left_c:
            return False
    return True


cdef inline bint _fits(Run *r, int32_t block, int32_t head, int32_t tail, bint last) noexcept nogil:
    cdef int32_t taken = r.used[block] | r.paths[head * C_PATH_FIELDS], mask = r.paths[tail * C_PATH_FIELDS]
    if mask & taken or not r.unions[0xFFFF ^ (taken | mask)]:
        return False
    return not last or _leap(
        r.n, _cell(r, block, r.paths[head * C_PATH_FIELDS + 2]), _cell(r, block, r.paths[tail * C_PATH_FIELDS + 1])
    )


cdef void _shuffle(Run *r, int32_t *frame, int32_t size) noexcept nogil:
    cdef int32_t i, j, kept
    for i in range(size - 1, 0, -1):
        j = <int32_t>(splitmix_next(&r.rng) % <uint64_t>(i + 1))
        kept = frame[i]
        frame[i] = frame[j]
        frame[j] = kept


cdef int64_t _score(Run *r, int32_t pair) noexcept nogil:
    cdef int32_t block = pair // (C_PATHS * C_PATHS), head = pair // C_PATHS % C_PATHS, tail = pair % C_PATHS
    cdef int32_t band_r = block // r.k, band_c = block % r.k
    cdef int64_t left_r = (4 * r.k - r.filled[band_r]) // 2, left_c = (4 * r.k - r.filled[r.k + band_c]) // 2
    cdef int64_t rows = 0, cols = 0, error
    cdef const int32_t *h = r.paths + head * C_PATH_FIELDS
    cdef const int32_t *t = r.paths + tail * C_PATH_FIELDS
    cdef int i
    for i in range(4):
        error = (h[3 + i] + t[3 + i]) * left_r - (r.mean - r.places[4 * band_r + i])
        rows += error * error
        error = (h[7 + i] + t[7 + i]) * left_c - (r.mean - r.places[r.n + 4 * band_c + i])
        cols += error * error
    return left_c * left_c * rows + left_r * left_r * cols


cdef int32_t _first(Run *r, int32_t *frame) noexcept nogil:
    cdef int32_t size = 0, block, head, tail
    for block in range(r.blocks):
        if not r.allowed[block]:
            continue
        for head in range(C_PATHS):
            for tail in range(C_PATHS):
                if _fits(r, block, head, tail, False):
                    frame[size] = block * C_PATHS * C_PATHS + head * C_PATHS + tail
                    size += 1
    _shuffle(r, frame, size)
    return size


cdef int32_t _candidates(Run *r, int32_t step, int32_t head_end, int32_t tail_start, int32_t *frame) noexcept nogil:
    cdef bint last = step == r.steps - 1
    cdef int32_t size = 0, head_leap, tail_leap, block, local, head, tail, pair, k
    cdef int64_t score
    cdef int i, j, w, v
    for i in range(8):
        head_leap = r.leaps[head_end * 8 + i]
        if head_leap < 0:
            break
        block = head_leap >> 4
        local = head_leap & 15
        if not r.allowed[step * r.blocks + block]:
            continue
        for w in range(C_WAYS):
            head = r.starting[local * C_WAYS + w]
            if head < 0:
                break
            if r.paths[head * C_PATH_FIELDS] & r.used[block]:
                continue
            for j in range(8):
                tail_leap = r.leaps[tail_start * 8 + j]
                if tail_leap < 0:
                    break
                if tail_leap >> 4 != block:
                    continue
                for v in range(C_WAYS):
                    tail = r.ending[(tail_leap & 15) * C_WAYS + v]
                    if tail < 0:
                        break
                    if _fits(r, block, head, tail, last):
                        frame[size] = block * C_PATHS * C_PATHS + head * C_PATHS + tail
                        size += 1
    _shuffle(r, frame, size)
    for i in range(size):  # a stable insertion sort by score, as the twin's sorted()
        pair = frame[i]
        score = _score(r, pair)
        k = i
        while k > 0 and r.scores[k - 1] > score:
            frame[k] = frame[k - 1]
            r.scores[k] = r.scores[k - 1]
            k -= 1
        frame[k] = pair
        r.scores[k] = score
    return size


cdef int _run(Run *r, int64_t max_nodes, double deadline, int64_t *nodes_out) noexcept nogil:
    cdef int32_t depth = 0, pair, head, tail, block
    cdef int64_t nodes = 0
    cdef int status = S_EXHAUSTED, ticked
    r.start[0] = 0
    r.size[0] = _first(r, r.pool)
    r.cursor[0] = 0
    while True:
        if r.cursor[depth] == r.size[depth]:
            if depth == 0:
                break
            depth -= 1
            _lay(r, r.chosen[depth], -1)
            continue
        pair = r.pool[r.start[depth] + r.cursor[depth]]
        r.cursor[depth] += 1
        nodes += 1
        if nodes > max_nodes:
            nodes -= 1
            status = S_LIMIT
            break
        if nodes % C_DEADLINE_EVERY == 0:
            ticked = tick(deadline)
            if ticked != TICK_ON:
                status = S_INTERRUPTED if ticked == TICK_INTERRUPTED else S_TIMED_OUT
                break
        if not _lay(r, pair, 1):
            _lay(r, pair, -1)
            continue
        r.chosen[depth] = pair
        depth += 1
        if depth == r.steps:
            status = S_FOUND
            break
        block = pair // (C_PATHS * C_PATHS)
        head = pair // C_PATHS % C_PATHS
        tail = pair % C_PATHS
        r.start[depth] = r.start[depth - 1] + r.size[depth - 1]
        r.cursor[depth] = 0
        r.size[depth] = _candidates(
            r, depth, _cell(r, block, r.paths[head * C_PATH_FIELDS + 2]), _cell(r, block, r.paths[tail * C_PATH_FIELDS + 1]),
            r.pool + r.start[depth],
        )
    nodes_out[0] = nodes
    return status


def search(
    int k,
    const int32_t[::1] paths,
    const int32_t[::1] starting,
    const int32_t[::1] ending,
    const uint8_t[::1] unions,
    const int32_t[::1] leaps,
    const uint8_t[::1] allowed,
    uint64_t seed,
    long long max_nodes,
    double deadline,
):
    """(status, pairs chosen, nodes, timed_out): see the twin."""
    cdef Run r
    cdef int status, i
    cdef int64_t nodes = 0
    r.k, r.n, r.blocks = k, 4 * k, k * k
    r.steps = allowed.shape[0] // r.blocks
    r.mean = 6 * k
    r.rng = seed
    r.paths, r.starting, r.ending, r.unions = &paths[0], &starting[0], &ending[0], &unions[0]
    r.leaps, r.allowed = &leaps[0], &allowed[0]
    # a step's frame holds at most 8 head leaps × WAYS heads by 8 × WAYS tails; the first, any pair
    cdef int64_t room = r.blocks * C_PATHS * C_PATHS + <int64_t>r.steps * 64 * C_WAYS * C_WAYS
    r.used = <int32_t *>calloc(r.blocks, 4)
    r.places = <int32_t *>calloc(8 * k, 4)
    r.filled = <int32_t *>calloc(2 * k, 4)
    r.chosen = <int32_t *>calloc(r.steps, 4)
    r.pool = <int32_t *>calloc(room, 4)
    r.scores = <int64_t *>calloc(64 * C_WAYS * C_WAYS, 8)
    r.start = <int64_t *>calloc(r.steps, 8)
    r.size = <int32_t *>calloc(r.steps, 4)
    r.cursor = <int32_t *>calloc(r.steps, 4)
    try:
        if (not r.used or not r.places or not r.filled or not r.chosen or not r.pool or not r.scores or not r.start
                or not r.size or not r.cursor):
            raise MemoryError()
        with nogil:
            status = _run(&r, max_nodes, deadline, &nodes)
        if status == S_INTERRUPTED:
            PyErr_CheckSignals()
            raise KeyboardInterrupt
        chosen = array("i", [])
        if status == S_FOUND:
            for i in range(r.steps):
                chosen.append(r.chosen[i])
        return (S_LIMIT if status == S_TIMED_OUT else status), chosen, nodes, status == S_TIMED_OUT
    finally:
        free(r.used); free(r.places); free(r.filled); free(r.chosen); free(r.pool); free(r.scores); free(r.start)
        free(r.size); free(r.cursor)
