# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled frontier join (its twin: ``_joiner_py.py``): the tours made by a state of one side's
layer and one of the other's, meeting on one cut (see ``_join``, which plans the two sweeps). The
right side's states are sorted into groups by their squares' degrees and path ends, each left state
compared, without the GIL, with the groups that complete it."""

from libc.stdint cimport int8_t, int32_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort
from libc.string cimport memcpy, memset
from cpython.exc cimport PyErr_CheckSignals

from ._hashtable cimport CHUNK, NO_KEY, _add, _mix
from ._rules cimport CELLS, EMPTY, END, FIRST_LABEL, FULL, MAX_WIDTH


cdef struct _Entry:
    uint64_t key
    size_t index


cdef int _by_key(const void *a, const void *b) noexcept nogil:
    cdef uint64_t x = (<const _Entry *>a).key, y = (<const _Entry *>b).key
    return (x > y) - (x < y)


cdef enum:
    NO_LINK = -1  # no piece ends on the square
    TO_END = -2  # the piece ending here runs to a path end already made (an END code)
    ENDS_SHIFT = 56  # a group key: 2 bits a square's degree, then the path ends made from here


cdef int _shape(const uint8_t *codes, int n, uint8_t *degrees, int8_t *links) noexcept nogil:
    """Each square's degree (0, 1, 2) and the other end of its piece (TO_END, NO_LINK); the ENDs."""
    cdef int8_t first[CELLS]
    cdef int k, made = 0
    cdef uint8_t code
    memset(first, -1, sizeof(first))
    for k in range(n):
        code = codes[k]
        degrees[k] = 0 if code == EMPTY else 2 if code == FULL else 1
        links[k] = NO_LINK
        if code == END:
            links[k] = TO_END
            made += 1
        elif code >= FIRST_LABEL:
            if first[code] >= 0:
                links[k] = first[code]
                links[first[code]] = k
            else:
                first[code] = k
    return made


cdef inline uint64_t _group(const uint8_t *degrees, int n, int ends) noexcept nogil:
    cdef uint64_t key = <uint64_t>ends << ENDS_SHIFT
    cdef int k
    for k in range(n):
        key |= <uint64_t>degrees[k] << (2 * k)
    return key


cdef bint _one_cycle(const int8_t *left, const int8_t *right, int n) noexcept nogil:
    """The two sides' pieces (ends on the same squares) close into one cycle."""
    cdef int start = -1, here, k, ends = 0, seen = 0
    for k in range(n):
        if left[k] >= 0:
            ends += 1
            if start < 0:
                start = k
    if start < 0:
        return False
    here = start
    while True:
        here = right[left[here]]
        seen += 2
        if here == start:
            return seen == ends


cdef bint _one_path(const int8_t *left, const int8_t *right, const uint8_t *ld, const uint8_t *rd, int n) noexcept nogil:
    """The two sides' pieces (two path ends in all) make one path: walked from one end, every piece's end is met."""
    cdef const int8_t *sides[2]
    cdef const uint8_t *degrees[2]
    cdef int here = -1, side = 0, seen = 0, total = 0, k, there
    sides[0], sides[1], degrees[0], degrees[1] = left, right, ld, rd
    for k in range(n):
        total += (left[k] != NO_LINK) + (right[k] != NO_LINK)
        if here < 0:
            if ld[k] + rd[k] == 1:
                here, side = k, 0 if ld[k] == 1 else 1
            elif left[k] == TO_END or right[k] == TO_END:
                here, side, seen = k, 1 if left[k] == TO_END else 0, 1
    if here < 0:
        return False
    while True:
        seen += 1
        there = sides[side][here]
        if there == TO_END:
            break
        seen += 1
        side = 1 - side
        if degrees[side][there] != 1:
            break
        here = there
    return seen == total


cdef struct _Groups:
    uint64_t *keys  # cap group keys (NO_KEY: empty)
    size_t *first  # where each group's states start in the sorted right side
    size_t *size
    size_t cap


cdef size_t _group_at(const _Groups *g, uint64_t key) noexcept nogil:
    """The slot of key (an empty one when absent)."""
    cdef size_t mask = g.cap - 1, i = _mix(key, mask)
    while g.keys[i] != NO_KEY and g.keys[i] != key:
        i = (i + 1) & mask
    return i


cdef void _join_one(const uint8_t *codes, int n, bint closed, const int32_t *fixed, int nfixed,
                    const _Groups *g, const int8_t *rlinks, const uint8_t *rdegrees, const uint64_t *rcounts,
                    int limbs, uint64_t *acc) noexcept nogil:
    """Add to acc (limbs words) the counts of the right states that make a tour with the left state codes."""
    cdef uint8_t degrees[CELLS]
    cdef uint8_t need[CELLS]
    cdef int8_t links[CELLS]
    cdef int free[CELLS]
    cdef int made = _shape(codes, n, degrees, links), nfree = 0, k, a, b, spare, ends, j
    cdef size_t slot, i, x
    for k in range(n):
        need[k] = 2 - degrees[k]
    for k in range(nfixed):
        if need[fixed[k]] == 0:
            return
        need[fixed[k]] -= 1
    if not closed:
        for k in range(n):
            if need[k] >= 1:
                free[nfree] = k
                nfree += 1
                for j in range(nfixed):
                    if fixed[j] == k:
                        nfree -= 1
                        break
    spare = 0 if closed else 2 - made - nfixed
    # the choices of path ends on the cut: none, one square (a), two (a < b)
    for a in range(-1, nfree):
        if a >= 0 and spare < 1:
            break
        for b in range(-1, nfree):
            if b >= 0 and (a < 0 or b <= a or spare < 2):
                continue
            if a >= 0:
                need[free[a]] -= 1
            if b >= 0:
                need[free[b]] -= 1
            ends = 0 if closed else 2 - made - nfixed - (a >= 0) - (b >= 0)
            slot = _group_at(g, _group(need, n, ends))
            if ends >= 0 and g.keys[slot] != NO_KEY:
                for i in range(g.size[slot]):
                    x = g.first[slot] + i
                    if (_one_cycle(links, rlinks + x * n, n) if closed
                            else _one_path(links, rlinks + x * n, degrees, rdegrees + x * n, n)):
                        _add(acc, rcounts + x * limbs, limbs)
            if a >= 0:
                need[free[a]] += 1
            if b >= 0:
                need[free[b]] += 1


def join(left, right, bint closed, fixed=(), check=None):
    """The tours (undirected) made by a state of the left layer (sorted (bytes, count) pairs) and one of
    right (a dict of states and counts), over every pair that fits (see _join): the right states grouped
    by their degrees and path ends, each left state compared with the groups that complete it.
    check(0, states) every CHUNK left states; Ctrl-C is looked at then too."""
    cdef size_t nright = len(right), i, slot, done = 0, seen = 0, j
    cdef int n = len(next(iter(right))) if nright else 0, limbs, nfixed = len(fixed), k
    cdef _Groups g
    cdef _Entry *entries = NULL
    cdef uint8_t *codes = NULL
    cdef uint8_t *rdegrees = NULL
    cdef int8_t *rlinks = NULL
    cdef uint64_t *rcounts = NULL
    cdef uint64_t *acc = NULL
    cdef int32_t cfixed[CELLS]
    cdef uint8_t state[CELLS]
    cdef uint8_t *chunk_codes = NULL
    cdef uint64_t *unsorted = NULL
    cdef int8_t scratch[CELLS]
    if not nright or not left:
        return 0
    if n > MAX_WIDTH:
        raise ValueError(f"a cut of {n} squares: the compiled join takes at most {MAX_WIDTH}")
    for k in range(nfixed):
        cfixed[k] = fixed[k]
    limbs = 1 + max(-(-ways.bit_length() // 64) for ways in right.values())
    g.cap = 16
    while g.cap < 2 * nright:
        g.cap *= 2
    g.keys = <uint64_t *>malloc(g.cap * sizeof(uint64_t))
    g.first = <size_t *>malloc(g.cap * sizeof(size_t))
    g.size = <size_t *>calloc(g.cap, sizeof(size_t))
    entries = <_Entry *>malloc(nright * sizeof(_Entry))
    codes = <uint8_t *>malloc(nright * n)
    rdegrees = <uint8_t *>malloc(nright * n)
    rlinks = <int8_t *>malloc(nright * n)
    rcounts = <uint64_t *>calloc(nright * limbs, sizeof(uint64_t))
    acc = <uint64_t *>malloc(CHUNK * limbs * sizeof(uint64_t))
    chunk_codes = <uint8_t *>malloc(CHUNK * n)
    unsorted = <uint64_t *>malloc(nright * limbs * sizeof(uint64_t))
    try:
        if (g.keys == NULL or g.first == NULL or g.size == NULL or entries == NULL or codes == NULL
                or rdegrees == NULL or rlinks == NULL or rcounts == NULL or acc == NULL or chunk_codes == NULL or unsorted == NULL):
            raise MemoryError("the join's right side outgrew memory")
        memset(g.keys, 0xFF, g.cap * sizeof(uint64_t))
        i = 0
        for item, ways in right.items():
            memcpy(codes + i * n, <const char *>item, n)
            for j in range(<size_t>limbs):
                unsorted[i * limbs + j] = (ways >> (64 * j)) & 0xFFFFFFFFFFFFFFFF
            i += 1
        with nogil:  # the right states sorted by group (degrees and path ends), each group a run
            for i in range(nright):
                entries[i].index = i
                entries[i].key = _group(state, n, _shape(codes + i * n, n, state, scratch))
            qsort(entries, nright, sizeof(_Entry), _by_key)
            for i in range(nright):
                j = entries[i].index
                _shape(codes + j * n, n, rdegrees + i * n, rlinks + i * n)
                memcpy(rcounts + i * limbs, unsorted + j * limbs, limbs * sizeof(uint64_t))
                slot = _group_at(&g, entries[i].key)
                if g.keys[slot] == NO_KEY:
                    g.keys[slot], g.first[slot] = entries[i].key, i
                g.size[slot] += 1
        total = 0
        ways_of = []
        for item, ways in left:
            if len(item) != n:
                raise ValueError("a left state does not fit the cut")
            memcpy(chunk_codes + done * n, <const char *>item, n)
            ways_of.append(ways)
            done += 1
            if done == CHUNK:
                total += _join_chunk(chunk_codes, done, n, closed, cfixed, nfixed, &g, rlinks, rdegrees, rcounts, limbs, acc, ways_of)
                seen += done
                done = 0
                ways_of = []
                PyErr_CheckSignals()
                if check is not None:
                    check(0, seen)
        total += _join_chunk(chunk_codes, done, n, closed, cfixed, nfixed, &g, rlinks, rdegrees, rcounts, limbs, acc, ways_of)
        return total
    finally:
        free(g.keys)
        free(g.first)
        free(g.size)
        free(entries)
        free(codes)
        free(rdegrees)
        free(rlinks)
        free(rcounts)
        free(acc)
        free(chunk_codes)
        free(unsorted)


cdef object _join_chunk(const uint8_t *codes, size_t count, int n, bint closed, const int32_t *fixed, int nfixed,
                        const _Groups *g, const int8_t *rlinks, const uint8_t *rdegrees, const uint64_t *rcounts,
                        int limbs, uint64_t *acc, ways_of):
    """Σ ways × (the right counts that fit) over count left states (codes), the pairs compared without the GIL."""
    cdef size_t i
    cdef int j
    memset(acc, 0, count * limbs * sizeof(uint64_t))
    with nogil:
        for i in range(count):
            _join_one(codes + i * n, n, closed, fixed, nfixed, g, rlinks, rdegrees, rcounts, limbs, acc + i * limbs)
    total = 0
    for i in range(count):
        fits = 0
        for j in range(limbs):
            word = acc[i * limbs + j]
            fits |= word << (64 * j)
        total += ways_of[i] * fits
    return total
