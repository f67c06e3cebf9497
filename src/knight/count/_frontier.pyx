# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled frontier counter: the layers of the sweep in C, with the GIL released.

The sweep follows ``_plan``'s steps, flattened into one int array, with the state codes and
rules of ``_states`` (the twins' module, whose docstring explains them); it gives the same
counts and the same peak states as the twin ``_frontier_py.py``, and their shards' packed
pieces are interchangeable. The engine (``_Engine``) and the C helpers the compiled draw also needs
are declared in ``_frontier.pxd``; drawing itself is ``_draw.pyx``'s.

A state is packed four bits a frontier square (codes up to 15, so at most 26 squares) in
one or two 64-bit words; a layer is an open-addressing hash table of packed states and
counts. Counts are unsigned integers of ``limbs`` 64-bit words, added with carry; a carry
out of the top word makes the step run again from its layer (never changed while it is
swept from) with twice the limbs, so an overflow never gives a wrong answer. Before the
first step, the demand patterns are found (hash sets of 64-bit patterns, a layer at a time,
looking at the clock between chunks). Before the last step a choice is linked only if its
pattern fits: the pattern after it is found from the state's with bit operations, and which
choices fit is found once for all the states of one pattern (``_advance_early``); the states
are taken a batch at a time so that the hash tables' memory is prefetched for the batch. A
state with a mirror image (see ``_plan``) is merged with it. A layer's table doubles at three
quarters full, grows no further than the memory available (MemoryError instead), and keeps
its memory when cut back for a narrower layer.
Every phase calls the caller's check every so often: the plan (``_plan.plan``), the
demand patterns and each layer.
"""

import time

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from libc.string cimport memcpy, memset
from cpython.exc cimport PyErr_CheckSignals
from cpython.pythread cimport (NOWAIT_LOCK, WAIT_LOCK, PyThread_acquire_lock, PyThread_allocate_lock,
                               PyThread_free_lock, PyThread_release_lock, PyThread_type_lock)

from ._plan import KNIGHT_STEPS, demand_ends, plan, question_of
from ..model._memory import available_memory

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define KNIGHT_PREFETCH(p) __builtin_prefetch(p)
    #elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    #include <xmmintrin.h>
    #define KNIGHT_PREFETCH(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
    #else
    #define KNIGHT_PREFETCH(p) ((void)(p))
    #endif
    """
    void _prefetch "KNIGHT_PREFETCH"(const void *p) noexcept nogil  # a hint: fetch p's cache line soon

cdef extern from *:
    """
    #if defined(__linux__)
    #include <stdint.h>
    #include <sys/mman.h>
    static void knight_huge_pages(void *p, size_t n) {
        uintptr_t first = ((uintptr_t)p + 0x1FFFFF) & ~(uintptr_t)0x1FFFFF, last = ((uintptr_t)p + n) & ~(uintptr_t)0x1FFFFF;
        if (last > first) madvise((void *)first, last - first, MADV_HUGEPAGE);
    }
    #else
    static void knight_huge_pages(void *p, size_t n) { (void)p; (void)n; }
    #endif
    """
    # A hint (Linux; elsewhere nothing): back n bytes from p with huge pages, so that a table of
    # gigabytes probed at random costs a cache miss a probe, not also a page-table walk.
    void _huge_pages "knight_huge_pages"(void *p, size_t n) noexcept nogil


cdef int _table_init(Table *t, size_t cap, int kw, int limbs) noexcept nogil:
    t.slots = <uint64_t *>malloc(cap * (kw + limbs) * sizeof(uint64_t))
    t.cap, t.room, t.size, t.kw, t.limbs, t.width, t.most = cap, cap, 0, kw, limbs, kw + limbs, <size_t>-1
    _set_regions(t, 0)
    if t.slots == NULL:
        return -1
    _huge_pages(t.slots, cap * t.width * sizeof(uint64_t))
    memset(t.slots, 0xFF, cap * t.width * sizeof(uint64_t))
    return 0


cdef void _set_regions(Table *t, int pbits) noexcept nogil:
    """Lay t (empty, or being rebuilt) out as 2**pbits regions of equal slots (see Table)."""
    cdef int bits = 0
    while (<size_t>1 << bits) < t.cap:
        bits += 1
    t.pbits, t.rshift = pbits, bits - pbits
    t.rmask = (<size_t>1 << t.rshift) - 1


cdef void _table_free(Table *t) noexcept nogil:
    free(t.slots)
    t.slots = NULL


cdef void _table_reset(Table *t, size_t states, bint clear=True) noexcept nogil:
    """Empty t for a layer that may hold about as many states as a layer of states: up to twice
    the slots that need (a quarter full), within the memory it has, so that the narrow layers after
    the widest are not cleared and scanned at the widest's size; it grows as it fills. Without
    clear, its slots are left for the caller to clear (a crew clears its regions at once)."""
    cdef size_t cap = 1024
    while cap < 4 * states:
        cap *= 2
    t.cap = min(t.room, cap)
    if clear:
        memset(t.slots, 0xFF, t.cap * t.width * sizeof(uint64_t))
    t.size = 0
    _set_regions(t, 0)


cdef inline uint64_t _hash(const uint64_t *key, int kw) noexcept nogil:
    cdef uint64_t h = key[0] * <uint64_t>0x9E3779B97F4A7C15
    if kw == 2:
        h ^= key[1] * <uint64_t>0xC2B2AE3D27D4EB4F
    h ^= h >> 31
    h *= <uint64_t>0xBF58476D1CE4E5B9
    return h ^ (h >> 29)


cdef inline size_t _slot(const uint64_t *key, int kw, size_t mask) noexcept nogil:
    """A key's first slot in a table of one region (mask: its slots - 1)."""
    return <size_t>_hash(key, kw) & mask


cdef inline size_t _region(const Table *t, uint64_t h) noexcept nogil:
    """The region of a key of hash h."""
    return <size_t>(h >> (64 - t.pbits)) if t.pbits else 0


cdef inline size_t _home(const Table *t, uint64_t h) noexcept nogil:
    """The first slot of a key of hash h: in its region, at the hash's low bits."""
    return (_region(t, h) << t.rshift) | (<size_t>h & t.rmask)


cdef inline size_t _next(const Table *t, size_t i) noexcept nogil:
    """The slot probed after slot i: the next one, wrapping inside i's region."""
    return (i & ~t.rmask) | ((i + 1) & t.rmask)


cdef inline bint _insert(Table *t, const uint64_t *key, const uint64_t *value) noexcept nogil:
    """Add value to key's count, inserting the key if new; True on overflow. The table must have room."""
    cdef size_t i = _home(t, _hash(key, t.kw))
    cdef uint64_t *slot
    cdef int j
    while True:
        slot = _key_at(t, i)
        if slot[0] == NO_KEY:
            for j in range(t.kw):
                slot[j] = key[j]
            for j in range(t.limbs):
                slot[t.kw + j] = value[j]
            t.size += 1
            return False
        if slot[0] == key[0] and (t.kw == 1 or slot[1] == key[1]):
            if t.limbs == 1:
                slot[t.kw] += value[0]
                return slot[t.kw] < value[0]
            return _add(slot + t.kw, value, t.limbs)
        i = _next(t, i)


cdef inline int _put(Table *t, const uint64_t *key, const uint64_t *value, bint *overflow) noexcept nogil:
    """_insert, doubling the table once it is three quarters full; -1 when out of memory."""
    if _insert(t, key, value):
        overflow[0] = True
    if 4 * t.size <= 3 * t.cap:
        return 0
    return _grow_table(t)


cdef int _grow_table(Table *t) noexcept nogil:
    """Double t's slots (it is three quarters full), or -1 when out of memory."""
    cdef Table old = t[0]
    cdef size_t i
    if 2 * old.cap > old.most or _table_init(t, 2 * old.cap, old.kw, old.limbs) < 0:
        t[0] = old
        return -1
    t.most = old.most
    _set_regions(t, old.pbits)
    for i in range(old.cap):
        if _key_at(&old, i)[0] != NO_KEY:
            _insert(t, _key_at(&old, i), _count_at(&old, i))
    _table_free(&old)
    return 0


cdef inline size_t _mix(uint64_t h, size_t mask) noexcept nogil:
    h *= <uint64_t>0x9E3779B97F4A7C15
    h ^= h >> 31
    h *= <uint64_t>0xBF58476D1CE4E5B9
    return <size_t>(h ^ (h >> 29)) & mask


cdef int _fits_init(Fits *f, size_t cap) noexcept nogil:
    f.keys = <uint64_t *>malloc(cap * sizeof(uint64_t))
    f.cap, f.size = cap, 0
    if f.keys == NULL:
        return -1
    _huge_pages(f.keys, cap * sizeof(uint64_t))
    memset(f.keys, 0xFF, cap * sizeof(uint64_t))
    return 0


cdef bint _fits_has(const Fits *f, uint64_t code) noexcept nogil:
    return _fits_slot(f, code) < f.cap


cdef inline size_t _fits_slot(const Fits *f, uint64_t code) noexcept nogil:
    """The slot of code in f; f.cap when it is not there."""
    cdef size_t mask = f.cap - 1, i = _mix(code, mask)
    while f.keys[i] != NO_KEY:
        if f.keys[i] == code:
            return i
        i = (i + 1) & mask
    return f.cap


cdef void _fits_insert(Fits *f, uint64_t code) noexcept nogil:
    cdef size_t mask = f.cap - 1, i = _mix(code, mask)
    while f.keys[i] != NO_KEY:
        if f.keys[i] == code:
            return
        i = (i + 1) & mask
    f.keys[i] = code
    f.size += 1


cdef int _fits_add(Fits *f, uint64_t code) noexcept nogil:
    """Add a pattern, doubling the set once it is half full; -1 when out of memory."""
    cdef Fits old
    cdef size_t i
    _fits_insert(f, code)
    if 2 * f.size <= f.cap:
        return 0
    old = f[0]
    if _fits_init(f, 2 * old.cap) < 0:
        f[0] = old
        return -1
    for i in range(old.cap):
        if old.keys[i] != NO_KEY:
            _fits_insert(f, old.keys[i])
    free(old.keys)
    return 0


cdef struct _Adder:
    Fits *into
    int n
    uint64_t keys[PIPE]  # patterns to add, their slots prefetched


cdef inline int _push(_Adder *a, uint64_t code) noexcept nogil:
    """Add a pattern to a.into soon (a batch at a time, so that the prefetches of their slots have
    work to hide behind); -1 when out of memory."""
    _prefetch(a.into.keys + _mix(code, a.into.cap - 1))
    a.keys[a.n] = code
    a.n += 1
    return _flush(a) if a.n == PIPE else 0


cdef int _flush(_Adder *a) noexcept nogil:
    """Add the patterns pushed so far; -1 when out of memory."""
    cdef int j
    for j in range(a.n):
        if _fits_add(a.into, a.keys[j]) < 0:
            return -1
    a.n = 0
    return 0


cdef void _read_step(const int32_t *p, Step *s) noexcept nogil:
    """Point s into one step of the flattened plan (layout: see _flatten)."""
    s.fits = NULL
    s.nhere, s.last, s.pending, s.nchoices = p[0], p[1], p[2], p[3]
    s.ndrops, s.nkeep, s.nthin, s.nwatch = p[4], p[5], p[6], p[7]
    s.ncolours, s.balance, s.nmirror = p[8], p[9], p[10]
    s.choices = p + 11
    s.drops = s.choices + 3 * s.nchoices
    s.keep = s.drops + 2 * s.ndrops
    s.thin = s.keep + s.nkeep
    s.colours = s.thin + s.nthin
    s.mirror = s.colours + s.ncolours
    s.watch = s.mirror + s.nmirror


cdef inline int _find(const uint8_t *cells, int n, uint8_t code) noexcept nogil:
    cdef int k
    for k in range(n):
        if cells[k] == code:
            return k
    return -1


cdef inline int _link(uint8_t *cells, int new, const int32_t *choice, bint closed) noexcept nogil:
    """Link the new square to the choice's squares (in place): 1 complete, 0 ongoing, -1 dead."""
    cdef int u = choice[1], w = choice[2]
    cdef uint8_t a = cells[u], b
    if choice[0] == 1:
        if a == EMPTY:
            cells[u] = cells[new] = FRESH
        else:
            cells[u], cells[new] = FULL, a
        return 0
    b = cells[w]
    cells[new] = FULL
    if a == EMPTY and b == EMPTY:
        cells[u] = cells[w] = FRESH
        return 0
    if a == EMPTY:
        cells[u], cells[w] = b, FULL
        return 0
    if b == EMPTY:
        cells[u], cells[w] = FULL, a
        return 0
    cells[u] = cells[w] = FULL
    if a == b:
        return 1 if closed or a == END else -1
    if b == END:
        a, b = b, a
    cells[_find(cells, new, b)] = a
    return 0


cdef inline int _leave(uint8_t *cells, int new, const Step *s, int complete, bint closed, bint alone) noexcept nogil:
    """Take the dropped squares off (in place): 1 complete, 0 ongoing, -1 dead."""
    cdef int d, position
    cdef uint8_t code
    for d in range(s.ndrops):
        position = s.drops[2 * d]
        code = cells[position]
        cells[position] = FULL
        if code == FULL:
            if s.drops[2 * d + 1]:
                return -1
        elif complete or closed:
            return -1
        elif code == EMPTY:
            if not alone:
                return -1
            complete = 1
        elif code == END:
            complete = 1
        else:
            cells[_find(cells, new + 1, code)] = END
    return complete


cdef bint _viable(const uint8_t *out, const Step *s, bint closed) noexcept nogil:
    """_states._viable: forced path ends fit, and the colours balance."""
    cdef int k, j, room, n, forced = s.pending, spare = 0, tilt = s.balance
    cdef const int32_t *w = s.watch
    if not closed:
        spare = 2
        for k in range(s.nkeep):
            spare -= out[k] == END
    for k in range(s.nthin):
        forced += out[s.thin[k]] == EMPTY
    for k in range(s.nwatch):
        room, n = w[0], w[2]
        for j in range(n):
            room += out[w[3 + j]] != FULL
        if room == 0:
            return False
        if room == 1 and not w[1]:
            forced += 1
        w += 3 + n
    if forced > spare:
        return False
    for k in range(s.ncolours):
        if out[k] == EMPTY:
            tilt += 2 * s.colours[k]
        elif out[k] != FULL:
            tilt += s.colours[k]
    return -spare <= tilt <= spare


cdef inline uint64_t _pattern(const uint8_t *cells, const int32_t *keep, int n) noexcept nogil:
    """_states.pattern of the kept cells: 2 bits a square (edges so far), then the path ends made.
    Without branches (they mispredict here): a code's edges are 0 (EMPTY), 2 (FULL) or 1."""
    cdef uint64_t code = 0, ends = 0
    cdef uint8_t cell
    cdef int k
    for k in range(n):
        cell = cells[keep[k]]
        code |= <uint64_t>(1 + (cell == FULL) - (cell == EMPTY)) << (2 * k)
        ends += cell == END
    return code | ends << (2 * n)


cdef inline uint64_t _word_degrees(uint64_t word, uint64_t *ends) noexcept nogil:
    """The 16 packed codes of a state's word as 2-bit degrees (_pattern's: EMPTY 0, FULL 2, else 1),
    and its ENDs added to ends, with bit operations on all the codes at once."""
    cdef uint64_t low = <uint64_t>0x1111111111111111  # bit 0 of each code
    cdef uint64_t high = (word >> 1) | (word >> 2) | (word >> 3)  # bit 0: any of bits 1 to 3 set
    cdef uint64_t nonzero = (word | high) & low
    cdef uint64_t one = word & ~high & low  # FULL
    cdef uint64_t two = (word >> 1) & ~word & ~(word >> 2) & ~(word >> 3) & low  # END
    cdef uint64_t d = nonzero + one  # a degree in each code's low 2 bits
    ends[0] += (two * low) >> 60  # at most two path ends: no carry between the codes' sums
    d = (d | (d >> 2)) & <uint64_t>0x0F0F0F0F0F0F0F0F
    d = (d | (d >> 4)) & <uint64_t>0x00FF00FF00FF00FF
    d = (d | (d >> 8)) & <uint64_t>0x0000FFFF0000FFFF
    return (d | (d >> 16)) & <uint64_t>0x00000000FFFFFFFF


cdef inline uint64_t _state_pattern(const uint64_t *key, int kw, int n) noexcept nogil:
    """_pattern of a packed state of n codes (the rest of its words zero)."""
    cdef uint64_t ends = 0, degrees = _word_degrees(key[0], &ends)
    if kw == 2:
        degrees |= _word_degrees(key[1], &ends) << 32
    return degrees | ends << (2 * n)


cdef inline uint64_t _below(int position) noexcept nogil:
    """The bits of a pattern's squares before position (2 bits a square)."""
    return (<uint64_t>1 << (2 * position)) - 1


cdef inline uint64_t _without(uint64_t degrees, int position) noexcept nogil:
    """The degrees with position's 2 bits taken out (the squares after it move down)."""
    return (degrees & _below(position)) | ((degrees >> 2) & ~_below(position))


cdef inline uint64_t _with(uint64_t degrees, int position, uint64_t degree) noexcept nogil:
    """The degrees with degree put in at position (the squares from it move up)."""
    return (degrees & _below(position)) | ((degrees & ~_below(position)) << 2) | degree << (2 * position)


cdef inline uint64_t _chosen(uint64_t degrees, uint64_t made, const Step *s, int c, bint closed) noexcept nogil:
    """_states._later for one choice: the pattern after step s by choice c from the pattern (degrees,
    made) before it, or NO_KEY when the choice breaks a degree rule. The squares that leave are the
    ones not kept, so a pattern after is the degrees with theirs taken out (bit operations). On a
    live successor state it is that state's _pattern, so the sweep checks it before linking."""
    cdef const int32_t *choice = s.choices + 3 * c
    cdef uint64_t after, degree, ends = made
    cdef int k, p
    after = degrees | <uint64_t>choice[0] << (2 * (s.nhere - 1))
    if choice[0] >= 1:
        after += <uint64_t>1 << (2 * choice[1])
        if (after >> (2 * choice[1])) & 3 == 3:
            return NO_KEY
    if choice[0] == 2:
        after += <uint64_t>1 << (2 * choice[2])
        if (after >> (2 * choice[2])) & 3 == 3:
            return NO_KEY
    for k in range(s.ndrops):
        p = s.drops[2 * k]
        degree = (after >> (2 * p)) & 3
        ends += degree == 1
        if degree == 0 or (s.drops[2 * k + 1] and degree != 1):
            return NO_KEY
    if ends > (0 if closed else 2):
        return NO_KEY
    for k in range(s.ndrops - 1, -1, -1):
        after = _without(after, s.drops[2 * k])
    return after | ends << (2 * s.nkeep)


cdef int _later(uint64_t code, const Step *s, bint closed, _Adder *into, const Fits *among) noexcept nogil:
    """_states._later: the patterns after step s from code (_chosen for each choice), added to into
    (unless NULL); 1 when one is among among (unless NULL), else 0; -1 when out of memory."""
    cdef uint64_t key, made = code >> (2 * (s.nhere - 1)), degrees = code & _below(s.nhere - 1)
    cdef int c
    for c in range(s.nchoices):
        key = _chosen(degrees, made, s, c, closed)
        if key == NO_KEY:
            continue
        if among != NULL and _fits_has(among, key):
            return 1
        if into != NULL and _push(into, key) < 0:
            return -1
    return 0


cdef int _earlier(uint64_t code, const Step *s, bint closed, _Adder *into) noexcept nogil:
    """_states._earlier: the patterns before step s that lead to code, added to into; -1 when out
    of memory. The degrees before are the kept ones with the leaving squares' final degrees put
    back in (bit operations), less the new square's edges."""
    cdef const int32_t *choice
    cdef uint64_t key, degrees, earlier, kept = code & _below(s.nkeep)
    cdef int k, d, c, final, chosen, ends, new = s.nhere - 1
    cdef bint ok
    for chosen in range(1 << s.ndrops):  # bit d set: the d-th square to leave ends a path
        ends, ok, degrees = <int>(code >> (2 * s.nkeep)), True, kept
        for d in range(s.ndrops):
            final = 1 if (chosen >> d) & 1 else 2
            if (final == 2 and s.drops[2 * d + 1]) or (final == 1 and closed):
                ok = False
            degrees = _with(degrees, s.drops[2 * d], final)
            ends -= final == 1
        if not ok or ends < 0:
            continue
        for c in range(s.nchoices):
            choice = s.choices + 3 * c
            if <uint64_t>choice[0] != (degrees >> (2 * new)) & 3:
                continue
            earlier = degrees & _below(new)
            if (choice[0] >= 1 and (earlier >> (2 * choice[1])) & 3 == 0) or (choice[0] == 2 and (earlier >> (2 * choice[2])) & 3 == 0):
                continue
            if choice[0] >= 1:
                earlier -= <uint64_t>1 << (2 * choice[1])
            if choice[0] == 2:
                earlier -= <uint64_t>1 << (2 * choice[2])
            key = earlier | <uint64_t>ends << (2 * new)
            if _push(into, key) < 0:
                return -1
    return 0


cdef int _grow(const Fits *source, Fits *into, const Step *s, bint closed, bint forwards,
               size_t first, size_t last) noexcept nogil:
    """Add to into the patterns after step s from those in source's slots first to last (forwards),
    or before it leading to them; -1 when out of memory."""
    cdef size_t slot
    cdef _Adder adder
    adder.into, adder.n = into, 0
    for slot in range(first, last):
        if source.keys[slot] != NO_KEY:
            if forwards:
                if _later(source.keys[slot], s, closed, &adder, NULL) < 0:
                    return -1
            elif _earlier(source.keys[slot], s, closed, &adder) < 0:
                return -1
    return _flush(&adder)


cdef int _restrict(const Fits *reach, const Fits *after, Fits *into, const Step *s, bint closed,
                   size_t first, size_t last) noexcept nogil:
    """Add to into the patterns in reach's slots first to last with a next one (after step s) in
    after; -1 when out of memory."""
    cdef size_t slot
    cdef _Adder adder
    adder.into, adder.n = into, 0
    for slot in range(first, last):
        if reach.keys[slot] != NO_KEY and _later(reach.keys[slot], s, closed, NULL, after) == 1:
            if _push(&adder, reach.keys[slot]) < 0:
                return -1
    return _flush(&adder)


cdef int _meet(const Fits *reach, const Fits *back, Fits *into) noexcept nogil:
    """The patterns in both, into into (new); -1 when out of memory."""
    cdef size_t slot
    if _fits_init(into, 16) < 0:
        return -1
    for slot in range(back.cap):
        if back.keys[slot] != NO_KEY and _fits_has(reach, back.keys[slot]) and _fits_add(into, back.keys[slot]) < 0:
            return -1
    return 0


cdef inline void _pack(const uint8_t *out, int n, uint64_t *key, int kw) noexcept nogil:
    cdef int k
    key[0] = 0
    if kw == 2:
        key[1] = 0
    for k in range(n):
        key[k >> 4] |= <uint64_t>out[k] << (4 * (k & 15))


cdef inline void _fresh_labels(uint8_t *labels) noexcept nogil:
    """The renumbering table before the first code (FRESH + 1 entries; see _relabel)."""
    memset(labels, UNSEEN, FRESH + 1)
    labels[EMPTY], labels[FULL], labels[END] = EMPTY, FULL, END


cdef inline uint8_t _relabel(uint8_t *labels, uint8_t *next_label, uint8_t code) noexcept nogil:
    """code renumbered in order of first appearance. Without branches (they mispredict here):
    EMPTY, FULL and END map to themselves, a label to its new number, given when first met."""
    cdef uint8_t label = labels[code]
    cdef uint8_t new = label == UNSEEN
    label ^= (label ^ next_label[0]) & -new
    labels[code] = label
    next_label[0] += new
    return label


cdef inline void _renumber(uint8_t *codes, int n) noexcept nogil:
    """Renumber the labels in order of first appearance (in place)."""
    cdef uint8_t labels[FRESH + 1]
    cdef uint8_t next_label = FIRST_LABEL
    cdef int k
    _fresh_labels(labels)
    for k in range(n):
        codes[k] = _relabel(labels, &next_label, codes[k])


cdef inline void _pack_kept(const uint8_t *work, const int32_t *keep, int n, uint64_t *key, int kw) noexcept nogil:
    """The kept codes of work renumbered (_renumber) and packed into key, in one pass."""
    cdef uint8_t labels[FRESH + 1]
    cdef uint8_t next_label = FIRST_LABEL
    cdef uint64_t low = 0, high = 0
    cdef int k
    _fresh_labels(labels)
    for k in range(min(n, 16)):
        low |= <uint64_t>_relabel(labels, &next_label, work[keep[k]]) << (4 * k)
    for k in range(16, n):
        high |= <uint64_t>_relabel(labels, &next_label, work[keep[k]]) << (4 * (k - 16))
    key[0] = low
    if kw == 2:
        key[1] = high


cdef inline const uint8_t *_canonical(const uint8_t *out, uint8_t *image, const int32_t *mirror, int n) noexcept nogil:
    """_states.canonical: out or its mirror image (written to image), the smaller compared from the last code back."""
    cdef int k
    for k in range(n):
        image[k] = out[mirror[k]]
    _renumber(image, n)
    for k in range(n - 1, -1, -1):
        if image[k] != out[k]:
            return image if image[k] < out[k] else out
    return out


cdef inline int _linked(const uint8_t *cells, const Step *s, int c, bint closed, bint alone,
                        uint8_t *work) noexcept nogil:
    """Choice c from cells (the state's codes, then EMPTY for the new square), linked and the
    squares that leave taken off, into work: 1 a complete tour, 0 live, -1 dead."""
    cdef const int32_t *choice = s.choices + 3 * c
    cdef int new = s.nhere - 1, state
    if (choice[0] >= 1 and cells[choice[1]] == FULL) or (choice[0] == 2 and cells[choice[2]] == FULL):
        return -1
    memcpy(work, cells, s.nhere)
    state = _link(work, new, choice, closed) if choice[0] else 0
    if state >= 0:
        state = _leave(work, new, s, state, closed, alone)
    return state


cdef inline int _finish(const uint8_t *work, const Step *s, bint closed, uint64_t *key, int kw) noexcept nogil:
    """The live state in work (its pattern fits) renumbered, checked without patterns, merged with
    its mirror image and packed into key: 0, or -1 dead."""
    cdef uint8_t out[CELLS]
    cdef uint8_t image[CELLS]
    cdef int k
    if s.fits != NULL and not s.nmirror:
        _pack_kept(work, s.keep, s.nkeep, key, kw)
        return 0
    for k in range(s.nkeep):
        out[k] = work[s.keep[k]]
    _renumber(out, s.nkeep)
    if s.fits == NULL and not _viable(out, s, closed):
        return -1
    if s.nmirror:
        _pack(_canonical(out, image, s.mirror, s.nkeep), s.nkeep, key, kw)
    else:
        _pack(out, s.nkeep, key, kw)
    return 0


cdef int _successor(const uint8_t *cells, const Step *s, int c, bint closed, bint alone,
                    uint64_t *key, int kw) noexcept nogil:
    """The state after choice c from cells (the state's codes, then EMPTY for the new square):
    1 a complete tour, 0 a live state (packed into key), -1 dead."""
    cdef uint8_t work[CELLS]
    cdef int state = _linked(cells, s, c, closed, alone, work)
    if state != 0:
        return state
    if s.fits != NULL and not _fits_has(s.fits, _pattern(work, s.keep, s.nkeep)):
        return -1
    return _finish(work, s, closed, key, kw)


cdef struct _Memo:
    const Fits *before  # the patterns the states swept from are among (the last step's); NULL: none
    uint64_t *masks     # before.cap words: a pattern's choices whose next pattern fits (KNOWN: found)


cdef enum:
    MEMO_CHOICES = 63  # a memo's masks have a bit a choice, and KNOWN


cdef inline bint _early(const Step *s) noexcept nogil:
    """Whether step s is swept by _advance_early (with a memo): patterns to fit, not the last step, and
    few enough choices for a memo's bits."""
    return s.fits != NULL and not s.last and s.nchoices <= MEMO_CHOICES


cdef struct _Sent:
    uint64_t key[2]
    uint64_t hash
    const uint64_t *value  # the count it adds: its parent's, in the layer swept from (unchanged meanwhile)


cdef struct _Outbox:
    _Sent *sent  # the successors one thread made for one region, to be added up by the region's thread
    size_t n, cap


cdef int _send(_Outbox *boxes, const Table *nxt, const uint64_t *key, const uint64_t *value) noexcept nogil:
    """Put a successor in the box of its region of nxt; -1 when out of memory."""
    cdef uint64_t h = _hash(key, nxt.kw)
    cdef _Outbox *box = boxes + _region(nxt, h)
    cdef _Sent *grown
    cdef _Sent *sent
    if box.n == box.cap:
        grown = <_Sent *>realloc(box.sent, max(1 << 14, 2 * box.cap) * sizeof(_Sent))
        if grown == NULL:
            return -1
        box.sent, box.cap = grown, max(1 << 14, 2 * box.cap)
    sent = box.sent + box.n
    sent.key[0], sent.key[1], sent.hash, sent.value = key[0], key[1] if nxt.kw == 2 else 0, h, value
    box.n += 1
    return 0


cdef size_t _add_box(Table *t, _Outbox *box, bint *overflow) noexcept nogil:
    """Add up a box's successors in their region of t (one thread a region: t.size is not touched);
    the keys that were new. The box is emptied."""
    cdef size_t j, i, added = 0
    cdef uint64_t *slot
    cdef const _Sent *sent
    cdef int k
    for j in range(box.n):
        if j + 8 < box.n:
            _prefetch(_key_at(t, _home(t, box.sent[j + 8].hash)))
        sent = box.sent + j
        i = _home(t, sent.hash)
        while True:
            slot = _key_at(t, i)
            if slot[0] == NO_KEY:
                for k in range(t.kw):
                    slot[k] = sent.key[k]
                for k in range(t.limbs):
                    slot[t.kw + k] = sent.value[k]
                added += 1
                break
            if slot[0] == sent.key[0] and (t.kw == 1 or slot[1] == sent.key[1]):
                if _add(slot + t.kw, sent.value, t.limbs):
                    overflow[0] = True
                break
            i = _next(t, i)
    box.n = 0
    return added


cdef extern from *:
    """
    #define KNIGHT_KNOWN (UINT64_C(1) << 63)
    """
    const uint64_t KNOWN "KNIGHT_KNOWN"


cdef inline uint64_t _fitting(uint64_t degrees, uint64_t made, const Step *s, bint closed) noexcept nogil:
    """The choices (a bit each) whose pattern after step s, from the pattern (degrees, made), fits."""
    cdef uint64_t found = 0, pattern
    cdef int c
    for c in range(s.nchoices):
        pattern = _chosen(degrees, made, s, c, closed)
        if pattern != NO_KEY and _fits_has(s.fits, pattern):
            found |= <uint64_t>1 << c
    return found


cdef int _advance_early(Table *now, Table *nxt, const Step *s, bint closed, bint alone, const _Memo *memo,
                        bint *overflow, size_t first, size_t last, _Outbox *boxes) noexcept nogil:
    """_advance before the last step, with demand patterns: the choices whose next pattern fits
    are found from the state's pattern (_fitting: bit operations, then a look-up each), once for
    all the states of a pattern (memo, by the pattern's slot among the last step's patterns), and
    only they are linked (on the boards that take time, most choices do not fit). The states are
    taken a batch at a time, in passes over the whole batch, so that the memory each needs is
    fetched for all of them at once: the patterns' slots, then their choices, then linking and
    packing (the next layer's slots prefetched), then adding up. With boxes (a crew's thread, see
    _Crew), the successors are not added up but sent to their regions' boxes (nxt is not touched)."""
    cdef uint8_t cells[STATES][CELLS]
    cdef const uint64_t *values[STATES]
    cdef const uint64_t *states[STATES]
    cdef uint64_t codes[STATES]
    cdef uint64_t keys[PIPE][2]
    cdef const uint64_t *adds[PIPE]
    cdef uint8_t work[CELLS]
    cdef size_t i = first, slot
    cdef int c, j, k, m, nstates, new = s.nhere - 1
    cdef uint64_t code, choices, below = _below(new)
    while i < last:
        nstates = 0
        while i < last and nstates < STATES:
            if _key_at(now, i)[0] != NO_KEY:
                values[nstates] = _count_at(now, i)
                states[nstates] = _key_at(now, i)
                codes[nstates] = _state_pattern(_key_at(now, i), now.kw, new)
                if memo.before != NULL:
                    _prefetch(memo.before.keys + _mix(codes[nstates], memo.before.cap - 1))
                nstates += 1
            i += 1
        m = 0
        for j in range(nstates):
            code = codes[j]
            if memo.before != NULL:
                slot = _fits_slot(memo.before, code)
                if slot == memo.before.cap:
                    choices = _fitting(code & below, code >> (2 * new), s, closed)
                else:
                    if not memo.masks[slot] & KNOWN:
                        memo.masks[slot] = KNOWN | _fitting(code & below, code >> (2 * new), s, closed)
                    choices = memo.masks[slot] & ~KNOWN
            else:
                choices = _fitting(code & below, code >> (2 * new), s, closed)
            if choices:  # unpacked only now: many states have no choice that fits
                _unpack(states[j], new, cells[j])
                cells[j][new] = EMPTY
            c = 0
            while choices:
                if choices & 1:
                    if _linked(cells[j], s, c, closed, alone, work) == 0 and _finish(work, s, closed, keys[m], nxt.kw) == 0:
                        adds[m] = values[j]
                        if boxes == NULL:
                            _prefetch(_key_at(nxt, _slot(keys[m], nxt.kw, nxt.cap - 1)))
                        m += 1
                choices >>= 1
                c += 1
        if boxes != NULL:
            for j in range(m):
                if _send(boxes, nxt, keys[j], adds[j]) < 0:
                    return -1
        else:
            for j in range(m):
                if _put(nxt, keys[j], adds[j], overflow) < 0:
                    return -1
    return 0


cdef int _advance(Table *now, Table *nxt, const Step *s, bint closed, bint alone, const _Memo *memo,
                  uint64_t *total, bint *overflow, size_t first, size_t last) noexcept nogil:
    """Part of a layer: every successor of the states in now's slots first to last into nxt;
    completions into total. -1: no memory.

    Before the last step, with demand patterns: _advance_early. Otherwise _successor in three
    passes over a batch of a state's choices, so that the memory each needs (a pattern's slot,
    then a state's) is fetched for the whole batch at once: link them, then check their
    patterns and pack them, then add them up."""
    cdef uint8_t cells[CELLS]
    cdef uint8_t work[BATCH][CELLS]
    cdef uint64_t patterns[BATCH]
    cdef uint64_t keys[BATCH][2]
    cdef size_t i
    cdef int c, c0, j, n, m, new = s.nhere - 1, state
    cdef uint64_t *value
    if _early(s):
        return _advance_early(now, nxt, s, closed, alone, memo, overflow, first, last, NULL)
    for i in range(first, last):
        if _key_at(now, i)[0] == NO_KEY:
            continue
        value = _count_at(now, i)
        _unpack(_key_at(now, i), new, cells)
        cells[new] = EMPTY
        c0 = 0
        while c0 < s.nchoices:
            n = 0
            for c in range(c0, min(c0 + BATCH, s.nchoices)):
                state = _linked(cells, s, c, closed, alone, work[n])
                if state == 1:
                    if s.last and _add(total, value, now.limbs):
                        overflow[0] = True
                elif state == 0:
                    if s.fits != NULL:
                        patterns[n] = _pattern(work[n], s.keep, s.nkeep)
                        _prefetch(s.fits.keys + _mix(patterns[n], s.fits.cap - 1))
                    n += 1
            m = 0
            for j in range(n):
                if (s.fits == NULL or _fits_has(s.fits, patterns[j])) and _finish(work[j], s, closed, keys[m], nxt.kw) == 0:
                    _prefetch(_key_at(nxt, _slot(keys[m], nxt.kw, nxt.cap - 1)))
                    m += 1
            for j in range(m):
                if _put(nxt, keys[j], value, overflow) < 0:
                    return -1
            c0 += BATCH
    return 0


cdef size_t _lookup(const Table *t, const uint64_t *key) noexcept nogil:
    """The slot holding key in t; t.cap when it is not there."""
    cdef size_t i = _home(t, _hash(key, t.kw))
    cdef const uint64_t *slot
    while True:
        slot = _key_at(t, i)
        if slot[0] == NO_KEY:
            return t.cap
        if slot[0] == key[0] and (t.kw == 1 or slot[1] == key[1]):
            return i
        i = _next(t, i)


def _flatten(sweep, check=None) -> tuple[list, list]:
    """The plan's steps as one int list (each: 11 sizes, then its arrays; see _read_step) and where each
    starts; check(0, 0) every CHUNK steps (a long board's plan takes seconds to flatten)."""
    program, starts = [], []
    for i, step in enumerate(sweep.steps, 1):
        if check is not None and i % CHUNK == 0:
            check(0, 0)
        starts.append(len(program))
        program += [len(step.here), step.last, step.pending, len(step.choices), len(step.drops),
                    len(step.keep), len(step.thin), len(step.watch), len(step.colours), step.balance,
                    len(step.mirror)]
        for choice in step.choices:
            program += [len(choice), *choice, *[0] * (2 - len(choice))]
        for position, must_end in step.drops:
            program += [position, must_end]
        program += step.keep
        program += step.thin
        program += step.colours
        program += step.mirror
        for free, near, must_end in step.watch:
            program += [free, must_end, len(near), *near]
    return program, starts


cdef enum:
    MAX_THREADS = 64       # the most threads a sweep takes
    ENDS_PATTERNS = 1 << 12  # the pattern pass takes a second thread once a layer holds this many
    CREW_STATES = 1 << 11  # a layer of fewer states is swept by one thread
    CREW_ROUND = 1 << 18   # slots of the layer all threads sweep between two meetings (their boxes: a few MB)
    CREW_SPIN = 1 << 16    # tries at a lock before sleeping on it (a millisecond or so: a woken CPU is slow)
    MAKE = 1               # a crew's tasks
    SETTLE = 2
    STOP = 3


cdef struct _Worker:
    _Outbox *boxes  # one a region
    _Memo memo      # its own memo of which choices fit (see _advance_early), kept from step to step
    size_t room     # the words memo.masks has
    size_t first    # its share of the layer swept from: slots first to first + share
    size_t added    # the keys new in its region in the last round
    bint overflow
    bint failed     # out of memory
    PyThread_type_lock go    # released by the calling thread: a task for this thread
    PyThread_type_lock done  # released by this thread: the task done


cdef extern from *:
    """
    #if defined(_WIN32)
    #ifndef WIN32_LEAN_AND_MEAN
    #define WIN32_LEAN_AND_MEAN
    #endif
    #ifndef NOMINMAX
    #define NOMINMAX
    #endif
    #include <windows.h>
    static void knight_yield(void) { SwitchToThread(); }
    #else
    #include <sched.h>
    static void knight_yield(void) { sched_yield(); }
    #endif
    """
    void _yield "knight_yield"() noexcept nogil  # let another thread have this CPU, if one is waiting


cdef void _wait(PyThread_type_lock lock) noexcept nogil:
    """Take lock: try a while (a crew's tasks are short), giving the CPU away between tries now and
    then (with more threads than CPUs, the thread to wait for may need it), then sleep on it."""
    cdef int k
    for k in range(CREW_SPIN):
        if PyThread_acquire_lock(lock, NOWAIT_LOCK):
            return
        if k % 64 == 63:
            _yield()
    PyThread_acquire_lock(lock, WAIT_LOCK)


cdef class _Crew:
    """Threads that sweep a wide layer together, each a share of its slots, a round at a time.

    The next layer's table is laid out as one region a thread (see Table). In each round every
    thread makes the successors of its next share of CREW_ROUND slots and puts them in the boxes
    of their regions (_advance_early with boxes); once all have, the calling thread doubles the table if a
    region could fill up; then each thread adds up the boxes bound for its own region (_add_box). So
    no two threads ever write the same memory, and the states, counts and peak are the same as one
    thread's. The helper threads run without the GIL from start to stop, handed each task by a lock
    of their own; only the calling thread looks at the clock, the budget and Ctrl-C, between rounds,
    while the helpers wait. stop() ends them.
    """

    cdef int threads, pbits, task
    cdef _Worker *workers
    cdef size_t *rsize  # the keys in each region of the next layer
    cdef size_t share, at, round  # each thread's slots, the round's first slot of each share, a round's slots
    cdef Table *now
    cdef Table *nxt
    cdef Step step
    cdef bint closed, alone
    cdef object helpers

    def __cinit__(self, int threads):
        import threading  # here: not at import knight

        cdef _Worker *me
        self.threads, self.pbits, self.helpers, self.round = threads, 0, [], max(1024, CREW_ROUND // threads)
        while (1 << self.pbits) < threads:
            self.pbits += 1
        self.workers = <_Worker *>calloc(threads, sizeof(_Worker))
        self.rsize = <size_t *>calloc(threads, sizeof(size_t))
        if self.workers == NULL or self.rsize == NULL:
            raise MemoryError()
        for w in range(threads):
            me = &self.workers[w]
            me.boxes = <_Outbox *>calloc(threads, sizeof(_Outbox))
            me.go, me.done = PyThread_allocate_lock(), PyThread_allocate_lock()
            if me.boxes == NULL or me.go == NULL or me.done == NULL:
                raise MemoryError()
            PyThread_acquire_lock(me.go, NOWAIT_LOCK)  # both taken: no task yet, none done
            PyThread_acquire_lock(me.done, NOWAIT_LOCK)
        try:
            for w in range(1, threads):
                helper = threading.Thread(target=self._serve, args=(w,), daemon=True)
                helper.start()
                self.helpers.append(helper)
        except RuntimeError:  # no more threads to be had: those started end, the caller sweeps alone
            self.task = STOP
            for w in range(1, len(self.helpers) + 1):
                PyThread_release_lock(self.workers[w].go)
            for helper in self.helpers:
                helper.join()
            self.helpers = []
            raise

    def __dealloc__(self):
        if self.workers != NULL:
            for w in range(self.threads):
                if self.workers[w].boxes != NULL:
                    for r in range(self.threads):
                        free(self.workers[w].boxes[r].sent)
                free(self.workers[w].boxes)
                free(self.workers[w].memo.masks)
                if self.workers[w].go != NULL:
                    PyThread_free_lock(self.workers[w].go)
                if self.workers[w].done != NULL:
                    PyThread_free_lock(self.workers[w].done)
        free(self.workers)
        free(self.rsize)

    def stop(self):
        """End the helper threads (they are waiting for a task whenever this thread runs Python)."""
        if self.helpers:
            self._all(STOP)
            for helper in self.helpers:
                helper.join()
            self.helpers = []

    def _serve(self, int w):
        """A helper thread: each task it is handed, until STOP."""
        cdef _Worker *me = &self.workers[w]
        cdef int task
        with nogil:
            while True:
                _wait(me.go)
                task = self.task
                self._do(w, task)
                PyThread_release_lock(me.done)
                if task == STOP:
                    break

    cdef void _all(self, int task) noexcept:
        """Every thread does task (this one too, its share 0), and all are done."""
        cdef int w
        self.task = task
        with nogil:
            for w in range(1, self.threads):
                PyThread_release_lock(self.workers[w].go)
            self._do(0, task)
            for w in range(1, self.threads):
                _wait(self.workers[w].done)

    cdef void _do(self, int w, int task) noexcept nogil:
        """Thread w's part of task (STOP: nothing)."""
        if task == MAKE:
            self._make(w)
        elif task == SETTLE:
            self._settle(w)

    cdef void _make(self, int w) noexcept nogil:
        cdef _Worker *me = &self.workers[w]
        cdef size_t first = me.first + self.at, last = min(me.first + self.at + self.round, me.first + self.share)
        cdef size_t region = self.nxt.rmask + 1
        if self.at == 0:  # the first round clears the thread's region of the next layer (nobody adds up yet)
            memset(_key_at(self.nxt, w * region), 0xFF, region * self.nxt.width * sizeof(uint64_t))
            if me.memo.before != NULL:  # and its memo
                memset(me.memo.masks, 0, me.memo.before.cap * sizeof(uint64_t))
        if first < last and _advance_early(self.now, self.nxt, &self.step, self.closed, self.alone, &me.memo,
                                           &me.overflow, first, last, me.boxes) < 0:
            me.failed = True

    cdef void _settle(self, int w) noexcept nogil:
        cdef _Worker *me = &self.workers[w]
        cdef int t
        me.added = 0
        for t in range(self.threads):
            me.added += _add_box(self.nxt, &self.workers[t].boxes[w], &me.overflow)

    cdef int _make_room(self) except -1:
        """Double the next layer's table until no region can fill up in this round's adding up
        (MemoryError when it may not grow and one could)."""
        cdef size_t incoming, region = self.nxt.rmask + 1
        cdef int r, w
        cdef size_t i
        cdef bint tight = True, full
        while tight:
            tight = full = False
            for r in range(self.threads):
                incoming = 0
                for w in range(self.threads):
                    incoming += self.workers[w].boxes[r].n
                tight |= 4 * self.rsize[r] > 3 * region or 8 * (self.rsize[r] + incoming) > 7 * region
                full |= self.rsize[r] + incoming >= region
            if tight:
                if _grow_table(self.nxt) < 0:
                    if full:
                        raise MemoryError(
                            f"a layer of the frontier sweep outgrew the memory available, past {self.nxt.size:,} states"
                        )
                    return 0  # no more memory, but no region can fill up: add up as it is
                region = self.nxt.rmask + 1
                memset(self.rsize, 0, self.threads * sizeof(size_t))
                for i in range(self.nxt.cap):
                    if _key_at(self.nxt, i)[0] != NO_KEY:
                        self.rsize[i >> self.nxt.rshift] += 1
        return 0

    cdef int sweep(self, Table *now, Table *nxt, const Step *s, const Fits *before, bint closed, bint alone,
                   bint *overflow, int at, object engine, check) except -1:
        """Sweep the layer in now (step s, the at-th) into nxt (empty, its slots not yet cleared: the first
        round does) with the crew; before as for _Memo; check(at, engine.work) and Ctrl-C between rounds."""
        cdef int w, r
        self.now, self.nxt, self.step, self.closed, self.alone = now, nxt, s[0], closed, alone
        _set_regions(nxt, self.pbits)
        memset(self.rsize, 0, self.threads * sizeof(size_t))
        self.share = now.cap // self.threads
        for w in range(self.threads):
            self.workers[w].first = w * self.share
            self.workers[w].overflow = self.workers[w].failed = False
            self.workers[w].memo.before = NULL
            if before != NULL and self.workers[w].room < before.cap:  # a bigger memo (cleared by its thread)
                free(self.workers[w].memo.masks)
                self.workers[w].memo.masks = <uint64_t *>malloc(before.cap * sizeof(uint64_t))
                self.workers[w].room = 0 if self.workers[w].memo.masks == NULL else before.cap
            if before != NULL and self.workers[w].room >= before.cap:  # without memory, no memo
                self.workers[w].memo.before = before
        try:
            self.at = 0
            while self.at < self.share:
                self._all(MAKE)
                for w in range(self.threads):
                    if self.workers[w].failed:
                        raise MemoryError(
                            f"a layer of the frontier sweep outgrew the memory available, past {nxt.size:,} states "
                            f"on square {at + 1}"
                        )
                self._make_room()
                self._all(SETTLE)
                for r in range(self.threads):
                    self.rsize[r] += self.workers[r].added
                    nxt.size += self.workers[r].added
                    if self.workers[r].overflow:
                        overflow[0] = True
                self.at += self.round
                PyErr_CheckSignals()
                if check is not None:
                    check(at, engine.work)
        finally:  # the helpers are waiting: nothing of theirs is in use
            for w in range(self.threads):
                for r in range(self.threads):
                    self.workers[w].boxes[r].n = 0
        return 0


class _Stopped(Exception):
    """The pattern pass's helper thread told to stop (the calling thread has raised)."""


cdef class _Ends:
    """The pattern pass's two sweeps at once (see _Engine._prune): the calling thread forwards, a
    helper thread backwards, each taking its next layer while the two have not met, so that they meet
    on one layer. _prune hands them over once a layer holds ENDS_PATTERNS patterns (fewer do not pay
    for a thread). As the pass alone grows the smaller side first, a side whose last layer holds more
    than twice the other's waits for the other (its layers would cost more than the other's, all of
    which remain to be swept anyway). Where they meet changes no pattern kept, only the work. Only the
    calling thread calls check (with its own patterns: the helper's are added to the budget's count
    when they meet); the helper stops within CHUNK patterns of it raising."""

    cdef _Engine engine
    cdef Fits *reach
    cdef Fits *back
    cdef int low, high
    cdef size_t backwards_done  # the helper's patterns (the engine's count is the calling thread's)
    cdef bint forwards_busy, backwards_busy, stopped
    cdef object turn, failure  # turn: a threading.Condition over the fields above

    cdef bint _take(self, bint forwards, check) except -1:
        """Wait until this side may take its next layer (True: it is then busy) or none is left for it
        (False); the calling thread (forwards) calls check while it waits."""
        cdef size_t mine, theirs
        with self.turn:
            while True:
                if self.stopped or self.failure is not None:
                    return False
                if self.high - self.low - self.forwards_busy - self.backwards_busy <= 0 or (not forwards and self.high <= 1):
                    return False
                mine, theirs = self.reach[self.low].size, self.back[self.high].size
                if not forwards:
                    mine, theirs = theirs, mine
                if mine <= 2 * theirs:
                    if forwards:
                        self.forwards_busy = True
                    else:
                        self.backwards_busy = True
                    return True
                self.turn.wait(0.02)
                if forwards:
                    PyErr_CheckSignals()
                    if check is not None:
                        check(self.engine.at, self.engine.patterns)

    cdef void _took(self, bint forwards):
        with self.turn:
            if forwards:
                self.low, self.forwards_busy = self.low + 1, False
            else:
                self.high, self.backwards_busy = self.high - 1, False
            self.turn.notify_all()

    def _stop_asked(self, step, patterns):
        if self.stopped:
            raise _Stopped()

    def _backwards(self):
        cdef Step s
        try:
            while self._take(False, None):
                _read_step(self.engine.program + self.engine.starts[self.high - 1], &s)
                self.engine._patterns(&self.back[self.high], NULL, &self.back[self.high - 1], &s, False,
                                      self._stop_asked, &self.backwards_done)
                self._took(False)
        except _Stopped:
            pass
        except BaseException as error:  # MemoryError: the calling thread raises it
            with self.turn:
                self.failure, self.backwards_busy = error, False
                self.turn.notify_all()

    cdef int meet(self, _Engine engine, Fits *reach, Fits *back, int low, int high, check) except -1:
        """Grow reach (found up to low, at least 1) and back (found down to high) until they meet; the layer
        they meet on (at least 1), or 0 when no thread could be started (nothing grown)."""
        import threading  # here: not at import knight

        cdef Step s
        self.engine, self.reach, self.back, self.low, self.high = engine, reach, back, low, high
        self.turn, self.failure, self.stopped, self.backwards_done = threading.Condition(), None, False, 0
        helper = threading.Thread(target=self._backwards, daemon=True)
        try:
            helper.start()
        except RuntimeError:  # no thread to be had: the pass goes on alone
            return 0
        try:
            while self._take(True, check):
                _read_step(engine.program + engine.starts[self.low], &s)
                engine._patterns(&reach[self.low], NULL, &reach[self.low + 1], &s, True, check, &engine.patterns)
                self._took(True)
            while helper.is_alive():
                helper.join(0.02)
                PyErr_CheckSignals()
                if check is not None:
                    check(engine.at, engine.patterns)
        except BaseException:
            with self.turn:
                self.stopped = True
                self.turn.notify_all()
            helper.join()
            raise
        finally:
            engine.patterns += self.backwards_done
        if self.failure is not None:
            raise self.failure
        return self.low


cdef class _Engine:
    """One sweep in C: the flattened plan, the current and next layers, the total and the peak
    (its attributes are declared in _frontier.pxd). With keep, the caller keeps the layers
    (see _draw.pyx): mirror images are not merged, and a count that overflows stops run()."""

    def __cinit__(self, sweep, int limbs, bint keep=False, memory=None, check=None, int threads=1):
        program, starts = _flatten(sweep, check)
        self.threads = 1  # a power of two (see _Crew), at most MAX_THREADS
        while 2 * self.threads <= min(threads, MAX_THREADS):
            self.threads *= 2
        self.widths = [len(sweep.steps[0].here) - 1 if sweep.steps else 0] + [len(step.keep) for step in sweep.steps]
        if max(self.widths) > MAX_WIDTH:
            raise ValueError(f"the frontier is {max(self.widths)} squares wide: the compiled engine takes at most {MAX_WIDTH}")
        self.limbs, self.kw = limbs, 1 if max(self.widths) <= 16 else 2
        self.closed, self.alone = sweep.closed, sweep.alone
        self.program = <int32_t *>malloc((len(program) + 1) * sizeof(int32_t))
        self.starts = <size_t *>malloc((len(starts) + 1) * sizeof(size_t))
        self.total = <uint64_t *>calloc(limbs, sizeof(uint64_t))
        if self.program == NULL or self.starts == NULL or self.total == NULL:
            raise MemoryError()
        if _table_init(&self.now, 1024, self.kw, limbs) < 0 or _table_init(&self.nxt, 1024, self.kw, limbs) < 0:
            raise MemoryError()
        if memory is not None:  # two layers live at once, each of cap × (kw + limbs) words
            self.most = max(1024, memory // (2 * 8 * (self.kw + limbs)))
            self.now.most = self.nxt.most = self.most
        else:
            self.most = <size_t>-1
        for i, word in enumerate(program):
            self.program[i] = word
            if check is not None and i % (16 * CHUNK) == 0:
                check(0, 0)
        for i, start in enumerate(starts):
            self.starts[i] = start
        self.nsteps = len(sweep.steps)
        self.keep = keep
        self.ends = demand_ends(sweep)  # the demand patterns before the first step and after the last

    cdef void _free_fits(self):
        if self.fits != NULL:
            for i in range(self.nsteps):
                free(self.fits[i].keys)
            free(self.fits)
            self.fits = NULL

    def _prune(self, check):
        """_states.demands into fits: forwards and backwards a layer at a time, the smaller side
        first (with threads, both at once: see _Ends), then the reachable patterns that fit before
        the meeting layer. check(step, patterns)
        and Ctrl-C are looked at every CHUNK patterns (see _patterns); without memory for the
        patterns, no pruning."""
        cdef int n = self.nsteps, low = 0, high = n, i, met
        cdef bint paired = False
        cdef Fits *reach = <Fits *>calloc(n + 1, sizeof(Fits))
        cdef Fits *back = <Fits *>calloc(n + 1, sizeof(Fits))
        cdef Step s
        self.pruned = True
        self.fits = <Fits *>calloc(n, sizeof(Fits))
        try:
            if (reach == NULL or back == NULL or self.fits == NULL
                    or _fits_init(&reach[0], 16) < 0 or _fits_init(&back[n], 16) < 0):
                raise MemoryError()
            for code in self.ends[0]:
                if _fits_add(&reach[0], code) < 0:
                    raise MemoryError()
            for code in self.ends[1]:
                if _fits_add(&back[n], code) < 0:
                    raise MemoryError()
            while low < high:
                if self.threads > 1 and not paired and low > 0 and max(reach[low].size, back[high].size) >= ENDS_PATTERNS:
                    paired = True  # wide enough for two threads
                    met = _Ends().meet(self, reach, back, low, high, check)
                    if met:
                        low = high = met
                        break
                if low == 0 or reach[low].size <= back[high].size:  # at least one step forwards
                    _read_step(self.program + self.starts[low], &s)
                    self._patterns(&reach[low], NULL, &reach[low + 1], &s, True, check, &self.patterns)
                    low += 1
                else:
                    _read_step(self.program + self.starts[high - 1], &s)
                    self._patterns(&back[high], NULL, &back[high - 1], &s, False, check, &self.patterns)
                    high -= 1
            if _meet(&reach[low], &back[low], &self.fits[low - 1]) < 0:
                raise MemoryError()
            for i in range(low - 1, 0, -1):
                _read_step(self.program + self.starts[i], &s)
                self._patterns(&reach[i], &self.fits[i], &self.fits[i - 1], &s, True, check, &self.patterns)
            for i in range(low + 1, n + 1):  # only reachable patterns are looked up: these need no meeting
                self.fits[i - 1] = back[i]
                back[i].keys = NULL
        except MemoryError:
            self._free_fits()
        except BaseException:
            self._free_fits()
            raise
        finally:
            if reach != NULL:
                for i in range(n + 1):
                    free(reach[i].keys)
            if back != NULL:
                for i in range(n + 1):
                    free(back[i].keys)
            free(reach)
            free(back)

    cdef _patterns(self, const Fits *source, const Fits *after, Fits *into, const Step *s, bint forwards, check,
                   size_t *done):
        """One layer of the pattern pass into into (new): _restrict when after is given, else _grow;
        check(step, done) and Ctrl-C every CHUNK slots, the patterns counted in done (which counts
        against the budget) as the twin counts them (MemoryError when out of memory)."""
        cdef size_t slot = 0, last, cap = 16
        cdef int failed
        while cap < 2 * source.size:  # about as many patterns as source's: few doublings
            cap *= 2
        failed = _fits_init(into, cap)
        while slot < source.cap and not failed:
            last = min(slot + CHUNK, source.cap)
            with nogil:
                if after != NULL:
                    failed = _restrict(source, after, into, s, self.closed, slot, last)
                else:
                    failed = _grow(source, into, s, self.closed, forwards, slot, last)
            done[0] += last - slot
            slot = last
            PyErr_CheckSignals()
            if check is not None:
                check(self.at, done[0])
        if failed:
            raise MemoryError()

    def __dealloc__(self):
        self._free_fits()
        free(self.program)
        free(self.starts)
        free(self.total)
        _table_free(&self.now)
        _table_free(&self.nxt)

    def load(self, int first, states):
        """Start at step first from the (bytes, count) states."""
        cdef uint64_t key[2]
        cdef uint64_t value[MAX_LIMBS]
        cdef uint8_t out[CELLS]
        cdef bint overflow = False
        self.at = first
        for state, ways in states:
            if len(state) != self.widths[first] or ways >> (64 * self.limbs):
                raise ValueError("a piece's state or count does not fit this sweep")
            for k, code in enumerate(state):
                out[k] = code
            for j in range(self.limbs):
                value[j] = (ways >> (64 * j)) & 0xFFFFFFFFFFFFFFFF
            _pack(out, len(state), key, self.kw)
            if _put(&self.now, key, value, &overflow) < 0:
                raise MemoryError()
        self.peak = max(self.peak, self.now.size)

    def run(self, int stop, check=None):
        """Sweep on up to step stop; False if a count overflowed with layers kept (run again with more
        limbs). Without kept layers, a step that overflows is swept again with twice the limbs. After
        each step, the layer swept from is the next one's table (see _hand_over).

        check(step, states) is called every CHUNK hash slots, with the step being swept and the
        states expanded so far (Ctrl-C is looked at then too); it stops the sweep by raising.
        """
        if not self.pruned and not self.alone and self.nsteps:
            self._prune(check)
        try:
            return self._run(stop, check)
        finally:
            if self._crew is not None:
                self._crew.stop()
                self._crew = None

    cdef _run(self, int stop, check):
        """run's steps (the crew, if one is made, is stopped by run)."""
        cdef Step s
        cdef bint overflow = False, crewed
        cdef int i = self.at, failed = 0
        cdef Table swap
        while i < stop:
            _read_step(self.program + self.starts[i], &s)
            if self.fits != NULL:
                s.fits = &self.fits[i]
            if self.keep:  # drawing walks the states as they are: no merging with mirror images
                s.nmirror = 0
            crewed = self.threads > 1 and i >= 1 and _early(&s) and not self.keep and self.now.size >= CREW_STATES
            if crewed and self._crew is None:
                try:
                    self._crew = _Crew(self.threads)
                except RuntimeError:  # no threads to be had (a limit on them): this thread sweeps alone
                    self.threads, crewed = 1, False
            _table_reset(&self.nxt, self.now.size, not crewed)  # a crew clears the slots itself
            self.work += self.now.size
            if crewed:
                (<_Crew>self._crew).sweep(&self.now, &self.nxt, &s, &self.fits[i - 1], self.closed, self.alone, &overflow,
                                 i, self, check)
                failed = 0
            else:
                failed = self._step(&s, i, &overflow, check)
            if failed:
                raise MemoryError(
                    f"a layer of the frontier sweep outgrew the memory available, past {self.nxt.size:,} states "
                    f"on square {i + 1} of {self.nsteps}"
                )
            if overflow and not self.keep:  # the layer swept from is intact: widen it, sweep again
                self._widen()
                overflow = False
                continue
            swap = self.now
            self.now = self.nxt
            self.nxt = swap
            self.peak = max(self.peak, self.now.size)
            i += 1
            self.at = i
            if overflow:
                return False
        self.at = stop
        return True

    cdef int _step(self, Step *s, int i, bint *overflow, check) except -1:
        """Sweep the current layer (step s, the i-th) into the next by this thread alone: 1 when out of
        memory. check and Ctrl-C every CHUNK slots."""
        cdef size_t slot = 0, last
        cdef int failed = 0
        cdef _Memo memo
        memo.before, memo.masks = NULL, NULL
        if i >= 1 and _early(s):
            memo.masks = <uint64_t *>calloc(self.fits[i - 1].cap, sizeof(uint64_t))  # without memory, no memo
            if memo.masks != NULL:
                memo.before = &self.fits[i - 1]
        try:
            while slot < self.now.cap and not failed:
                last = min(slot + CHUNK, self.now.cap)
                with nogil:
                    failed = _advance(&self.now, &self.nxt, s, self.closed, self.alone, &memo, self.total,
                                      overflow, slot, last) < 0
                slot = last
                PyErr_CheckSignals()
                if check is not None:
                    check(i, self.work)
        finally:
            free(memo.masks)
        return failed

    cdef int _hand_over(self, Table *into) except -1:
        """Give into the layer the last step was swept from (a draw keeps it; into must be empty);
        the next step starts in a new table."""
        into[0] = self.nxt
        self.nxt.slots = NULL
        if _table_init(&self.nxt, 1024, self.kw, self.limbs) < 0:
            raise MemoryError("the frontier's layers outgrew memory")
        self.nxt.most = self.most
        return 0

    def _widen(self):
        """Twice the limbs for every count: the current layer's copied (slots unchanged), the next
        layer's table new, the total zeroed (only the last step adds to it, and it is swept again)."""
        cdef int limbs = 2 * self.limbs, j
        cdef size_t slot
        cdef Table wider
        cdef uint64_t *total
        if limbs > MAX_LIMBS:
            raise OverflowError(f"a count needs more than {64 * MAX_LIMBS} bits")
        if self.most != <size_t>-1:
            self.most = max(1024, self.most * (self.kw + self.limbs) // (self.kw + limbs))
        total = <uint64_t *>calloc(limbs, sizeof(uint64_t))
        if total == NULL or _table_init(&wider, self.now.cap, self.kw, limbs) < 0:
            free(total)
            raise MemoryError("a layer of the frontier sweep outgrew memory while its counts grew wider")
        for slot in range(self.now.cap):
            memcpy(_key_at(&wider, slot), _key_at(&self.now, slot), self.kw * sizeof(uint64_t))
            for j in range(limbs):
                _count_at(&wider, slot)[j] = _count_at(&self.now, slot)[j] if j < self.limbs else 0
        wider.size, wider.most = self.now.size, self.most
        _set_regions(&wider, self.now.pbits)  # the slots are copied where they are
        _table_free(&self.now)
        self.now = wider
        _table_free(&self.nxt)
        if _table_init(&self.nxt, 1024, self.kw, limbs) < 0:
            raise MemoryError()
        self.nxt.most = self.most
        free(self.total)
        self.total = total
        self.limbs = limbs

    @property
    def size(self):
        """The states in the current layer."""
        return self.now.size

    def total_count(self):
        """The tours completed so far (undirected), as a Python int."""
        return sum(self.total[j] << (64 * j) for j in range(self.limbs))

    def states(self):
        """The current layer, as sorted (bytes, count) pairs."""
        cdef size_t i
        cdef uint8_t cells[CELLS]
        cdef int width = self.widths[self.at]
        found = []
        for i in range(self.now.cap):
            if _key_at(&self.now, i)[0] != NO_KEY:
                _unpack(_key_at(&self.now, i), width, cells)
                ways = sum(_count_at(&self.now, i)[j] << (64 * j) for j in range(self.limbs))
                found.append((bytes(cells[:width]), ways))
        return sorted(found)


def _sweep(sweep, int first, states, check, int threads=1):
    """(undirected tours × factor, peak states, states expanded) from states before step first of the
    sweep (a plan), with enough limbs, by up to threads threads (see _Crew)."""
    limbs = max([1] + [-(-ways.bit_length() // 64) for _, ways in states])
    while True:
        if limbs > MAX_LIMBS:
            raise OverflowError(f"a count needs more than {64 * MAX_LIMBS} bits")
        engine = _Engine(sweep, limbs, False, available_memory(), check, threads)
        engine.load(first, states)
        if engine.run(len(sweep.steps), check):
            return sweep.factor * engine.total_count(), engine.peak, engine.work
        limbs *= 2


def layer(sweep, int first, states, int stop, check=None, int threads=1):
    """The states (sorted (bytes, count) pairs) after steps first to stop - 1 of the sweep (a plan),
    from states before step first; check and threads as for count."""
    limbs = max([1] + [-(-ways.bit_length() // 64) for _, ways in states])
    engine = _Engine(sweep, limbs, False, available_memory(), check, threads)
    engine.load(first, states)
    engine.run(stop, check)
    return engine.states()


def each_layer(sweep, int first, states, check=None, int threads=1):
    """After each step from first on: (steps swept, the states as sorted (bytes, count) pairs, the
    tours completed so far), one engine throughout; check and threads as for count."""
    limbs = max([1] + [-(-ways.bit_length() // 64) for _, ways in states])
    engine = _Engine(sweep, limbs, False, available_memory(), check, threads)
    engine.load(first, states)
    while engine.at < len(sweep.steps):
        engine.run(engine.at + 1, check)
        yield engine.at, engine.states(), engine.total_count()


def count_stats(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, check=None, wrap=None, threads=1):
    """(count, peak states in one layer, seconds) for the same question as count()."""
    began = time.perf_counter()
    question = question_of(rows, cols, mask, start, end, closed, moves, wrap)
    sweep = plan(*question, check=check)
    total, peak, _ = _sweep(sweep, 0, [(b"", 1)], check, threads) if sweep.factor else (0, 0, 0)
    return total, peak, time.perf_counter() - began


def count(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, check=None, wrap=None, threads=1):
    """The number of tours, as knight.count counts them (see _plan's docstring).

    check(step, states), if given, is called every so often with the step being swept and
    the states expanded so far (the plan's squares and the demand patterns counted as
    states); it stops the count by raising. threads: the most threads the sweep takes (rounded
    down to a power of two, at most 64): the demand patterns' two ends and each layer of at least
    CREW_STATES states are swept by them together (see _Ends, _Crew), with the same answer and states.
    """
    return count_stats(rows, cols, mask, start, end, closed, moves, check, wrap, threads)[0]


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


# The sharded sweep's round (see _spread, and _packed for the format): one shard's states advanced
# and dealt to their owners, on the engine's API. An engine's demand patterns are a few per cent of
# a whole sweep's time, and a sharded sweep has a round a square: each process keeps its idle
# engines, pruned and emptied, for the last _IDLE_PLANS sweeps.

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.stdint cimport uint32_t

from . import _packed
from ._plan import remembered

#: The sweeps whose idle engines a process keeps.
_IDLE_PLANS = 2

cdef uint32_t _CRC[256]
for _byte in range(256):
    _crc = _byte
    for _ in range(8):
        _crc = (_crc >> 1) ^ (0xEDB88320 if _crc & 1 else 0)
    _CRC[_byte] = _crc

_IDLE = {}  # plan -> idle engines


cdef inline uint32_t _crc32(const uint8_t *codes, int n) noexcept nogil:
    """zlib.crc32 of n bytes (_packed.owner's hash)."""
    cdef uint32_t c = <uint32_t>0xFFFFFFFFu
    cdef int k
    for k in range(n):
        c = _CRC[(c ^ codes[k]) & 0xFF] ^ (c >> 8)
    return ~c


cdef int _bits(const uint64_t *count, int limbs) noexcept nogil:
    cdef int top = limbs - 1, bits = 0
    cdef uint64_t word
    while top > 0 and count[top] == 0:
        top -= 1
    word = count[top]
    while word:
        bits += 1
        word >>= 1
    return 64 * top + bits if bits else 0


cdef list _deal(_Engine engine, int shards):
    """The engine's current layer as one _packed piece a shard (owners found twice rather than kept)."""
    cdef const Table *t = &engine.now
    cdef int width = engine.widths[engine.at], j, b, o
    cdef size_t i, n
    cdef uint8_t cells[CELLS]
    cdef uint64_t word
    cdef size_t *sizes = <size_t *>calloc(shards, sizeof(size_t))
    cdef int *bits = <int *>calloc(shards, sizeof(int))
    cdef int *words = <int *>calloc(shards, sizeof(int))
    cdef char **keys = <char **>calloc(shards, sizeof(char *))
    cdef char **counts = <char **>calloc(shards, sizeof(char *))
    pieces = []
    try:
        if sizes == NULL or bits == NULL or words == NULL or keys == NULL or counts == NULL:
            raise MemoryError()
        with nogil:
            for i in range(t.cap):
                if _key_at(t, i)[0] != NO_KEY:
                    _unpack(_key_at(t, i), width, cells)
                    o = _crc32(cells, width) % shards
                    sizes[o] += 1
                    bits[o] = max(bits[o], _bits(_count_at(t, i), t.limbs))
        for o in range(shards):
            words[o] = max(1, (bits[o] + 63) // 64)
            n = sizes[o]
            if n == 0:
                pieces.append(_packed.NOTHING)
                continue
            piece = (PyBytes_FromStringAndSize(NULL, n * width), PyBytes_FromStringAndSize(NULL, n * 8 * words[o]), bits[o])
            keys[o], counts[o] = PyBytes_AS_STRING(piece[0]), PyBytes_AS_STRING(piece[1])
            pieces.append(piece)
        with nogil:
            for i in range(t.cap):
                if _key_at(t, i)[0] != NO_KEY:
                    _unpack(_key_at(t, i), width, cells)
                    o = _crc32(cells, width) % shards
                    memcpy(keys[o], cells, width)
                    keys[o] += width
                    for j in range(words[o]):
                        word = _count_at(t, i)[j] if j < t.limbs else 0
                        for b in range(8):
                            counts[o][0] = <char>(word & 0xFF)
                            counts[o] += 1
                            word >>= 8
        return pieces
    finally:
        free(sizes)
        free(bits)
        free(words)
        free(keys)
        free(counts)


cdef _small(_Engine engine, Table *t, size_t cap):
    """t emptied, its table cap slots again (the memory of a layer no longer needed given back)."""
    _table_free(t)
    if _table_init(t, cap, engine.kw, engine.limbs) < 0:
        raise MemoryError()
    t.most = engine.most


cdef _load(_Engine engine, int first, pieces):
    """engine.load of _packed pieces, in C (a state in several pieces: its counts added)."""
    cdef const uint8_t *keys
    cdef const uint8_t *counts
    cdef int width = engine.widths[first], words, j, b
    cdef size_t i, n
    cdef uint64_t key[2]
    cdef uint64_t value[MAX_LIMBS]
    cdef bint overflow = False
    cdef int failed = 0
    cdef size_t cap = 1024
    engine.at = first
    # the table sized for every state at once (at most three quarters full, as _put keeps it): a piece
    # comes in its sender's slot order, and keys put in hash order into a table that grows as it fills
    # pile up in long probe runs
    while 3 * cap <= 4 * sum(map(_packed.size, pieces)) and 2 * cap <= engine.most:
        cap *= 2
    _small(engine, &engine.now, cap)
    for piece_keys, piece_counts, bits in pieces:
        words = max(1, (bits + 63) // 64)
        n = len(piece_counts) // (8 * words)
        if words > engine.limbs or len(piece_keys) != n * width or len(piece_counts) != n * 8 * words:
            raise ValueError("a piece's states or counts do not fit this sweep")
        keys, counts = piece_keys, piece_counts
        with nogil:
            for i in range(n):
                _pack(keys + i * width, width, key, engine.kw)
                for j in range(engine.limbs):
                    value[j] = 0
                    if j < words:
                        for b in range(8):
                            value[j] |= (<uint64_t>counts[(i * words + j) * 8 + b]) << (8 * b)
                if _put(&engine.now, key, value, &overflow) < 0:
                    failed = 1
                    break
        if failed:
            raise MemoryError(f"a shard of the frontier sweep outgrew the memory available, past {engine.now.size:,} states")
    if overflow:
        raise OverflowError("a shard's counts overflowed while loading")
    engine.peak = max(engine.peak, engine.now.size)


cdef _empty(_Engine engine):
    """The engine's layers emptied (their tables small again), its total and work zeroed."""
    _small(engine, &engine.now, 1024)
    _small(engine, &engine.nxt, 1024)
    memset(engine.total, 0, engine.limbs * sizeof(uint64_t))
    engine.work = engine.peak = 0


def shard_round(sweep, int first, int stop, pieces, int shards, check=None):
    """One shard's round of a sharded sweep (the twin's format and answers): the states of pieces
    (_packed pieces, a state maybe in several, its counts added) before step first of the sweep (a
    plan), advanced to step stop. Returns (one piece a shard of the states after stop, dealt by
    _packed.owner; the undirected tours completed; the states after stop; the states expanded);
    check as for count."""
    cdef _Engine engine
    limbs = _packed.limbs_for(pieces)
    idle = remembered(_IDLE, sweep, list, _IDLE_PLANS)
    try:
        engine = idle.pop()
    except IndexError:
        engine = _Engine(sweep, limbs, False, available_memory(), check)
    while engine.limbs < limbs:
        engine._widen()
    _load(engine, first, pieces)
    engine.run(stop, check)  # on an error, the engine is dropped
    _small(engine, &engine.nxt, 1024)  # the layer swept from, not needed while the next one is dealt
    found = (
        _deal(engine, shards) if engine.now.size else [_packed.NOTHING] * shards,
        engine.total_count(),
        engine.now.size,
        engine.work,
    )
    _empty(engine)
    idle.append(engine)
    return found
