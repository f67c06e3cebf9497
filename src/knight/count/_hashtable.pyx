# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""The compiled frontier sweep's hash tables: what ``_hashtable.pxd`` declares without a body (making,
clearing, growing and freeing a layer's table or a pattern set, and looking a state up). A table
doubles at three quarters full, a pattern set at half; a table grows no further than its ``most``
slots (the memory available), and keeps its memory when cut back for a narrower layer."""

from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc
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


cdef int _fits_init(Fits *f, size_t cap) noexcept nogil:
    f.keys = <uint64_t *>malloc(cap * sizeof(uint64_t))
    f.cap, f.size = cap, 0
    if f.keys == NULL:
        return -1
    _huge_pages(f.keys, cap * sizeof(uint64_t))
    memset(f.keys, 0xFF, cap * sizeof(uint64_t))
    return 0


cdef int _fits_grow(Fits *f) noexcept nogil:
    """Double f's slots (it is half full), or -1 when out of memory."""
    cdef Fits old = f[0]
    cdef size_t i
    if _fits_init(f, 2 * old.cap) < 0:
        f[0] = old
        return -1
    for i in range(old.cap):
        if old.keys[i] != NO_KEY:
            _fits_insert(f, old.keys[i])
    free(old.keys)
    return 0
