# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""The compiled frontier sweep's hash tables: what ``_hashtable.pxd`` declares without a body (making,
clearing, growing and freeing a layer's table or a pattern set, looking a state up, and packing a
pattern set for look-ups). A table doubles at three quarters full, a pattern set at half; a table
grows no further than its ``most`` slots (the memory available), and keeps its memory when cut back
for a narrower layer."""

from libc.stdint cimport uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

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


cdef int _set_init(Patterns *f, size_t cap) noexcept nogil:
    f.keys = <uint64_t *>malloc(cap * sizeof(uint64_t))
    f.cap, f.size = cap, 0
    if f.keys == NULL:
        return -1
    _huge_pages(f.keys, cap * sizeof(uint64_t))
    memset(f.keys, 0xFF, cap * sizeof(uint64_t))
    return 0


cdef int _set_grow(Patterns *f) noexcept nogil:
    """Double f's slots (it is half full), or -1 when out of memory."""
    cdef Patterns old = f[0]
    cdef size_t i
    if _set_init(f, 2 * old.cap) < 0:
        f[0] = old
        return -1
    for i in range(old.cap):
        if old.keys[i] != NO_KEY:
            _set_insert(f, old.keys[i])
    free(old.keys)
    return 0


cdef int _rest_bytes(int bits) noexcept nogil:
    return 2 if bits <= 16 else 4 if bits <= 32 else 8


cdef int _fits_pack(Fits *f, Patterns *found) noexcept nogil:
    """f (new) made of found's patterns, and found's memory let go (also on failure: -1, out of memory).
    The buckets: a power of two, at most 8 patterns a bucket on average, as few bytes as may be (four a
    bucket, and each pattern's rest)."""
    cdef uint64_t top = 0, h
    cdef size_t i, b, n = found.size, best = <size_t>-1, cost
    cdef int bits = 1, k, least = 0, chosen = 0
    f.starts, f.rest, f.size = NULL, NULL, n
    for i in range(found.cap):
        if found.keys[i] != NO_KEY:
            top = max(top, found.keys[i])
    while bits < 64 and (top >> bits) != 0:
        bits += 1
    while (<size_t>8 << least) < n:
        least += 1
    for k in range(least, min(least + 4, bits + 1)):
        cost = 4 * (<size_t>1 << k) + n * _rest_bytes(bits - k)
        if cost < best:
            best, chosen = cost, k
    f.mask = <uint64_t>-1 if bits == 64 else (<uint64_t>1 << bits) - 1
    f.half, f.shift, f.buckets = (bits + 1) // 2, bits - chosen, <size_t>1 << chosen
    f.bytes = _rest_bytes(f.shift)
    if n < <size_t>0xFFFFFFFFu and bits < 64:
        f.starts = <uint32_t *>calloc(f.buckets + 1, sizeof(uint32_t))
        f.rest = malloc(max(1, n) * f.bytes)
    if f.starts == NULL or f.rest == NULL:
        free(found.keys)
        found.keys = NULL
        _fits_free(f)
        return -1
    for i in range(found.cap):  # each bucket's patterns counted, then its first place
        if found.keys[i] != NO_KEY:
            f.starts[(_squeeze(found.keys[i], f) >> f.shift) + 1] += 1
    for b in range(f.buckets):
        f.starts[b + 1] += f.starts[b]
    for i in range(found.cap):  # each pattern put at its bucket's next place (starts[b] moves on)
        if found.keys[i] != NO_KEY:
            h = _squeeze(found.keys[i], f)
            b = h >> f.shift
            h &= (<uint64_t>1 << f.shift) - 1
            if f.bytes == 2:
                (<uint16_t *>f.rest)[f.starts[b]] = <uint16_t>h
            elif f.bytes == 4:
                (<uint32_t *>f.rest)[f.starts[b]] = <uint32_t>h
            else:
                (<uint64_t *>f.rest)[f.starts[b]] = h
            f.starts[b] += 1
    for b in range(f.buckets, 0, -1):  # each starts[b] is now bucket b + 1's first place: back one
        f.starts[b] = f.starts[b - 1]
    f.starts[0] = 0
    free(found.keys)
    found.keys = NULL
    return 0


cdef void _fits_free(Fits *f) noexcept nogil:
    free(f.starts)
    free(f.rest)
    f.starts, f.rest, f.size = NULL, NULL, 0
