# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""The compiled frontier sweep's hash tables: what ``_hashtable.pxd`` declares without a body (making,
clearing, growing and freeing a layer's table or a pattern set, looking a state up, and packing a
pattern set for look-ups). A table grows in place at three quarters full (by half or to twice its
slots), a pattern set doubles at half; a table grows no further than its ``most`` slots (the memory
available), and keeps its memory when cut back for a narrower layer."""

from libc.stdint cimport uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

cdef extern from *:
    """
    #include <stdlib.h>
    #include <string.h>
    #if defined(__linux__)
    #include <stdint.h>
    #include <sys/mman.h>
    static void knight_huge_pages(void *p, size_t n) {
        uintptr_t first = ((uintptr_t)p + 0x1FFFFF) & ~(uintptr_t)0x1FFFFF, last = ((uintptr_t)p + n) & ~(uintptr_t)0x1FFFFF;
        if (last > first) madvise((void *)first, last - first, MADV_HUGEPAGE);
    }
    #define KNIGHT_HUGE ((size_t)1 << 21)
    #define KNIGHT_LARGE ((size_t)1 << 25)
    static size_t knight_whole(size_t n) { return (n + KNIGHT_HUGE - 1) & ~(KNIGHT_HUGE - 1); }
    static void *knight_area(size_t n) {  /* n bytes (whole huge pages) of address space at a huge page's boundary */
        char *p = (char *)mmap(NULL, n + KNIGHT_HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), *at;
        if (p == (char *)MAP_FAILED) return NULL;
        at = (char *)(((uintptr_t)p + KNIGHT_HUGE - 1) & ~(uintptr_t)(KNIGHT_HUGE - 1));
        if (at > p) munmap(p, (size_t)(at - p));
        if (p + KNIGHT_HUGE > at) munmap(at + n, (size_t)(p + KNIGHT_HUGE - at));
        madvise(at, n, MADV_HUGEPAGE);
        return at;
    }
    static void *knight_slots_alloc(size_t n) { return n < KNIGHT_LARGE ? malloc(n) : knight_area(knight_whole(n)); }
    static void knight_slots_free(void *p, size_t n) {
        if (n < KNIGHT_LARGE) free(p); else if (p != NULL) munmap(p, knight_whole(n));
    }
    static void *knight_slots_resize(void *p, size_t from, size_t to) {
        size_t a = knight_whole(from), b = knight_whole(to);
        void *q;
        if (from < KNIGHT_LARGE && to < KNIGHT_LARGE) return realloc(p, to);
        if (from < KNIGHT_LARGE || to < KNIGHT_LARGE) {  /* from the heap to pages, or back: copied (32 MB at most) */
            q = knight_slots_alloc(to);
            if (q != NULL) { memcpy(q, p, from < to ? from : to); knight_slots_free(p, from); }
            return q;
        }
        if (b <= a) {
            if (b < a) munmap((char *)p + b, a - b);
            return p;
        }
        q = mremap(p, a, b, 0);  /* in place, where the pages after it are free */
        if (q != MAP_FAILED) return q;
        q = knight_area(b);  /* else its pages moved whole to another huge page's boundary: never copied */
        if (q == NULL) return NULL;
        if (mremap(p, a, b, MREMAP_MAYMOVE | MREMAP_FIXED, q) == MAP_FAILED) { munmap(q, b); return NULL; }
        madvise(q, b, MADV_HUGEPAGE);
        return q;
    }
    #else
    static void knight_huge_pages(void *p, size_t n) { (void)p; (void)n; }
    static void *knight_slots_alloc(size_t n) { return malloc(n); }
    static void knight_slots_free(void *p, size_t n) { (void)n; free(p); }
    static void *knight_slots_resize(void *p, size_t from, size_t to) { (void)from; return realloc(p, to); }
    #endif
    """
    # A hint (Linux; elsewhere nothing): back n bytes from p with huge pages, so that a table of
    # gigabytes probed at random costs a cache miss a probe, not also a page-table walk.
    void _huge_pages "knight_huge_pages"(void *p, size_t n) noexcept nogil
    # A table's slots, n bytes: from the heap; on Linux, from 32 MB on, whole huge pages from a huge page's
    # boundary, advised to be backed by huge pages, and resized by mremap, which keeps them on a boundary
    # (glibc's realloc moves a block to wherever it fits, and Linux copies huge pages moved off one: the
    # table twice over, for a moment, each time it grew). Freed and resized with the bytes they hold.
    void *_slots_alloc "knight_slots_alloc"(size_t n) noexcept nogil
    void _slots_free "knight_slots_free"(void *p, size_t n) noexcept nogil
    void *_slots_resize "knight_slots_resize"(void *p, size_t n, size_t to) noexcept nogil


cdef size_t _slots_for(size_t states) noexcept nogil:
    """The slots of a table that holds states states three quarters full: a multiple of SLICES, 1024 or more."""
    cdef size_t slots = max(<size_t>1024, states + states // 3 + 1)
    return (slots + SLICES - 1) // SLICES * SLICES


cdef int _rbits_for(size_t cap) noexcept nogil:
    """A table of cap slots' regions' bits: as many regions as keep one 4096 slots or more, at most SLICES."""
    cdef int rbits = 0
    while (<size_t>2 << rbits) <= SLICES and (cap >> (rbits + 1)) >= 4096:
        rbits += 1
    return rbits


cdef void _lay_out(Table *t, size_t cap, int pbits, int rbits) noexcept nogil:
    """t's slots (cap, a multiple of SLICES) laid out in 2**rbits regions (one a crew's thread, 2**pbits, if
    pbits), their keys not counted."""
    t.cap, t.pbits, t.rbits = cap, pbits, pbits if pbits else rbits
    t.rslots = cap >> t.rbits
    memset(t.rsize, 0, sizeof(t.rsize))


cdef int _table_init(Table *t, size_t cap, int kw, int limbs, bint half=False) noexcept nogil:
    cap = (max(<size_t>1024, cap) + SLICES - 1) // SLICES * SLICES
    t.slots = <uint64_t *>_slots_alloc(cap * (kw + limbs) * sizeof(uint64_t))
    t.room, t.size, t.kw, t.limbs, t.width, t.most, t.half = cap, 0, kw, limbs, kw + limbs, <size_t>-1, half
    _lay_out(t, cap, 0, _rbits_for(cap) if half else 0)
    if t.slots == NULL:
        return -1
    memset(t.slots, 0xFF, cap * t.width * sizeof(uint64_t))
    return 0


cdef void _set_regions(Table *t, int pbits) noexcept nogil:
    """Lay t (empty) out as 2**pbits regions, one a crew's thread (see Table)."""
    _lay_out(t, t.cap, pbits, 0)


cdef void _table_free(Table *t) noexcept nogil:
    _slots_free(t.slots, t.room * t.width * sizeof(uint64_t))
    t.slots = NULL


cdef int _table_room(Table *t, size_t room) noexcept nogil:
    """t's memory made room slots (its slots below room kept), or -1 when out of memory (t unchanged)."""
    cdef uint64_t *slots = <uint64_t *>_slots_resize(t.slots, t.room * t.width * sizeof(uint64_t),
                                                      room * t.width * sizeof(uint64_t))
    if slots == NULL:
        return -1
    t.slots, t.room = slots, room
    return 0


cdef void _table_reset(Table *t, size_t states, bint clear=True) noexcept nogil:
    """Empty t for a layer that may hold about as many states as a layer of states: up to twice
    the slots that need (a quarter full), within the memory it has, so that the narrow layers after
    the widest are not cleared and scanned at the widest's size; it grows as it fills. Without
    clear, its slots are left for the caller to clear (a crew clears its regions at once)."""
    cdef size_t cap = 1024
    while cap < 4 * states:
        cap *= 2
    cap = min(t.room, cap)
    _lay_out(t, cap, 0, _rbits_for(cap) if t.half else 0)
    if clear:
        memset(t.slots, 0xFF, t.cap * t.width * sizeof(uint64_t))
    t.size = 0


cdef int _grow_table(Table *t) noexcept nogil:
    """Grow t (three quarters full, or a region of it seven eighths) by half its slots (t.half) or to twice
    them, in place, or -1 when out of memory (t unchanged). Its memory is resized (_table_room: on Linux a
    large table's pages are remapped, never copied), then its regions (as many as before, each larger) are
    moved from the last to the first, each copied to a buffer of one region and put again from there in its
    new slots (which start at or after its old ones, and end before any region not yet moved): t holds its
    new slots and one old region's."""
    cdef Table old = t[0]
    cdef size_t cap = ((old.cap + old.cap // 2 if old.half else 2 * old.cap) + SLICES - 1) // SLICES * SLICES, run, r, i, k, end
    cdef size_t bytes_ = old.rslots * old.width * sizeof(uint64_t)
    cdef uint64_t h
    cdef uint64_t *buffer
    cdef uint64_t *slot
    cdef int j
    cap = min(cap, old.most // SLICES * SLICES)
    if cap <= old.cap:
        return -1
    if cap > old.room and _table_room(t, cap) < 0:
        return -1
    buffer = <uint64_t *>malloc(bytes_)
    if buffer == NULL:
        return -1
    _lay_out(t, cap, old.pbits, old.rbits)  # the same regions, each larger
    run = t.rslots
    for r in range(<size_t>1 << old.rbits, 0, -1):
        memcpy(buffer, t.slots + (r - 1) * old.rslots * old.width, bytes_)
        memset(t.slots + (r - 1) * run * t.width, 0xFF, run * t.width * sizeof(uint64_t))
        for k in range(old.rslots):
            if buffer[k * t.width] != NO_KEY:  # distinct keys: each put in the first empty slot of its probe
                h = _hash(buffer + k * t.width, t.kw)
                i, end = _home(t, h), _end(t, h)
                slot = _key_at(t, i)
                while slot[0] != NO_KEY:
                    i = _next(t, i, end)
                    slot = _key_at(t, i)
                for j in range(t.width):
                    slot[j] = buffer[k * t.width + j]
                t.rsize[_part(t, h)] += 1
    free(buffer)
    return 0


cdef size_t _lookup(const Table *t, const uint64_t *key) noexcept nogil:
    """The slot holding key in t; t.cap when it is not there."""
    cdef uint64_t h = _hash(key, t.kw)
    cdef size_t i = _home(t, h), end = _end(t, h)
    cdef const uint64_t *slot
    while True:
        slot = _key_at(t, i)
        if slot[0] == NO_KEY:
            return t.cap
        if slot[0] == key[0] and (t.kw == 1 or slot[1] == key[1]):
            return i
        i = _next(t, i, end)


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
