# cython: language_level=3
"""The compiled frontier sweep's hash tables (``_hashtable.pyx`` holds the functions declared here
without a body; the small ones with a body are inlined into every module that cimports them):

* ``Table``, a layer: open addressing, each slot a packed state (``kw`` words) and its count
  (``limbs`` words, least significant first) side by side, in up to 64 regions of equal slots
  picked by the hash's top bits (a crew's thread owns a run of them, see ``_crew.pyx``). A key's
  first slot in its region is Lemire's multiply-shift of the hash's bits below (``(x * n) >> 64``),
  so that a table may take any number of slots (a multiple of 64), not only a power of two; and it
  grows in place (``_grow_table``: the memory reallocated, the regions moved from the last, each
  through a buffer of one region), so that a table of many regions that grows holds little more
  than its new slots (a shard's round's: see ``half``);
* ``Patterns``, a hash set of 64-bit demand patterns, while the pattern pass finds a layer of them
  (see ``_patterns.pyx``);
* ``Fits``, a layer's patterns once found, packed for look-ups (``_fits_pack``): a few bytes a
  pattern where the hash set takes about 30. A pattern's bits are mixed by a bijection of its
  bits (``_squeeze``); the top bits of that pick a bucket, and only the rest of them is kept, in
  2, 4 or 8 bytes, bucket after bucket, with each bucket's first place (a quotient table). A
  pattern's place in it (``_fits_slot``) numbers it for a memo.

An empty slot's first word is ``NO_KEY``, which no state or pattern is (16 codes of 15)."""

from libc.stdint cimport uint16_t, uint32_t, uint64_t

cdef enum:
    MAX_LIMBS = 64  # counts of up to 4096 bits
    CHUNK = 1 << 14  # hash slots swept between looks at the clock and Ctrl-C
    SLICES = 64  # a table's slots are a multiple of this: up to 64 regions, or a crew's threads' equal runs


cdef extern from *:
    """
    #define KNIGHT_NO_KEY UINT64_C(0xFFFFFFFFFFFFFFFF)
    #if defined(__GNUC__) || defined(__clang__)
    #define KNIGHT_PREFETCH(p) __builtin_prefetch(p)
    #elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    #include <xmmintrin.h>
    #define KNIGHT_PREFETCH(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
    #else
    #define KNIGHT_PREFETCH(p) ((void)(p))
    #endif
    #if defined(__SIZEOF_INT128__)
    static inline uint64_t knight_mulhi(uint64_t a, uint64_t b) { return (uint64_t)(((unsigned __int128)a * b) >> 64); }
    #elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
    #include <intrin.h>
    static inline uint64_t knight_mulhi(uint64_t a, uint64_t b) { return __umulh(a, b); }
    #else
    static inline uint64_t knight_mulhi(uint64_t a, uint64_t b) {
        uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
        uint64_t p01 = a0 * b1, p10 = a1 * b0, mid = ((a0 * b0) >> 32) + (uint32_t)p01 + (uint32_t)p10;
        return a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    }
    #endif
    #if defined(__GLIBC__)
    #include <malloc.h>
    #define KNIGHT_TRIM() ((void)malloc_trim(0))
    #else
    #define KNIGHT_TRIM() ((void)0)
    #endif
    """
    const uint64_t NO_KEY "KNIGHT_NO_KEY"  # first word of an empty slot (never a state: 16 codes of 15)
    void _prefetch "KNIGHT_PREFETCH"(const void *p) noexcept nogil  # a hint: fetch p's cache line soon
    uint64_t _mulhi "knight_mulhi"(uint64_t a, uint64_t b) noexcept nogil  # the top 64 bits of a × b
    # glibc: give the heap's free memory back to the system (the pattern pass frees many hash sets of a
    # few megabytes, which the heap would keep resident); elsewhere nothing
    void _trim "KNIGHT_TRIM"() noexcept nogil


cdef struct Table:
    uint64_t *slots  # cap slots of kw key words then limbs count words (least significant first)
    size_t cap       # a multiple of SLICES (1024 or more)
    size_t room      # the slots allocated (cap or more: a table cut back keeps its memory)
    size_t size
    size_t most      # the most slots it may grow to (memory available)
    int kw
    int limbs
    int width        # kw + limbs: a slot's words, key and count side by side (one cache line a probe)
    # Regions: 2**rbits equal runs of rslots slots, a key's region the top rbits of its hash, probing
    # wrapping inside it (a table grows a region at a time: see _grow_table). A layer swept by several
    # threads (see _crew.pyx) has one region a thread (rbits = pbits), a key's the top pbits of its hash.
    int rbits        # at most 6
    int pbits
    size_t rslots    # cap >> rbits
    size_t rsize[SLICES]  # the keys in each region (put by _put; a crew keeps its own count, see _crew.pyx)
    # A shard's round's table (memory first) grows by half, in up to 64 regions; the sweep in memory's (speed
    # first) doubles, in one region (its probing wraps at the table's end, no region's count to keep).
    bint half


cdef struct Patterns:
    uint64_t *keys  # cap patterns (see _states.pattern); NO_KEY marks an empty slot
    size_t cap      # a power of two
    size_t size


cdef struct Fits:
    void *rest        # size remainders of `bytes` bytes each (a pattern's squeezed bits below shift), by bucket
    uint32_t *starts  # buckets + 1 places: bucket b's remainders are rest's starts[b] to starts[b + 1] - 1
    size_t size
    size_t buckets    # a power of two
    uint64_t mask     # 2**bits - 1: no pattern in the set is above it
    int half          # the squeeze's shift: half the bits, rounded up
    int shift         # a squeezed pattern's bucket is its bits from shift up
    int bytes         # 2, 4 or 8


cdef int _table_init(Table *t, size_t cap, int kw, int limbs, bint half=*) noexcept nogil
cdef void _table_free(Table *t) noexcept nogil
cdef int _table_room(Table *t, size_t room) noexcept nogil
cdef void _table_reset(Table *t, size_t states, bint clear=*) noexcept nogil
cdef void _lay_out(Table *t, size_t cap, int pbits, int rbits) noexcept nogil
cdef void _set_regions(Table *t, int pbits) noexcept nogil
cdef int _grow_table(Table *t) noexcept nogil
cdef size_t _slots_for(size_t states) noexcept nogil
cdef size_t _lookup(const Table *t, const uint64_t *key) noexcept nogil
cdef int _set_init(Patterns *f, size_t cap) noexcept nogil
cdef int _set_grow(Patterns *f) noexcept nogil
cdef int _fits_pack(Fits *f, Patterns *found) noexcept nogil
cdef void _fits_free(Fits *f) noexcept nogil


cdef inline uint64_t *_key_at(const Table *t, size_t i) noexcept nogil:
    return t.slots + i * t.width


cdef inline uint64_t *_count_at(const Table *t, size_t i) noexcept nogil:
    return t.slots + i * t.width + t.kw


cdef inline bint _add(uint64_t *into, const uint64_t *value, int limbs) noexcept nogil:
    """into += value; True on a carry out of the top limb (overflow)."""
    cdef uint64_t carry = 0, sum_
    cdef int j
    for j in range(limbs):
        sum_ = into[j] + value[j]
        into[j] = sum_ + carry
        carry = (sum_ < value[j]) | (into[j] < sum_)
    return carry != 0


cdef inline uint64_t _hash(const uint64_t *key, int kw) noexcept nogil:
    cdef uint64_t h = key[0] * <uint64_t>0x9E3779B97F4A7C15
    if kw == 2:
        h ^= key[1] * <uint64_t>0xC2B2AE3D27D4EB4F
    h ^= h >> 31
    h *= <uint64_t>0xBF58476D1CE4E5B9
    return h ^ (h >> 29)


cdef inline size_t _mix(uint64_t h, size_t mask) noexcept nogil:
    """A 64-bit pattern's (or group key's) first slot in a set of mask + 1 slots."""
    h *= <uint64_t>0x9E3779B97F4A7C15
    h ^= h >> 31
    h *= <uint64_t>0xBF58476D1CE4E5B9
    return <size_t>(h ^ (h >> 29)) & mask


cdef inline size_t _region(const Table *t, uint64_t h) noexcept nogil:
    """The crew's region (a thread's run of t's regions) of a key of hash h."""
    return <size_t>(h >> (64 - t.pbits)) if t.pbits else 0


cdef inline size_t _part(const Table *t, uint64_t h) noexcept nogil:
    """The region of a key of hash h."""
    return <size_t>(h >> (64 - t.rbits)) if t.rbits else 0


cdef inline size_t _home(const Table *t, uint64_t h) noexcept nogil:
    """The first slot of a key of hash h: its region's first slot (the hash's top rbits), and in the region
    Lemire's multiply-shift of the bits below ((x * rslots) >> 64: any number of slots, no division)."""
    if t.rbits == 0:
        return <size_t>_mulhi(h, t.rslots)
    return _part(t, h) * t.rslots + <size_t>_mulhi(h << t.rbits, t.rslots)


cdef inline size_t _end(const Table *t, uint64_t h) noexcept nogil:
    """Where the region of a key of hash h ends: its probing wraps back a region's slots there."""
    return (_part(t, h) + 1) * t.rslots


cdef inline size_t _next(const Table *t, size_t i, size_t end) noexcept nogil:
    """The slot probed after slot i: the next one, wrapping inside its region (which ends at end)."""
    i += 1
    return i - t.rslots if i == end else i


cdef inline bint _insert(Table *t, const uint64_t *key, const uint64_t *value, uint64_t h) noexcept nogil:
    """Add value to key's count (h: its hash), inserting the key if new; True on overflow. Its region must
    have room."""
    cdef size_t i = _home(t, h), end = _end(t, h)
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
            t.rsize[_part(t, h)] += 1
            return False
        if slot[0] == key[0] and (t.kw == 1 or slot[1] == key[1]):
            if t.limbs == 1:
                slot[t.kw] += value[0]
                return slot[t.kw] < value[0]
            return _add(slot + t.kw, value, t.limbs)
        i = _next(t, i, end)


cdef inline int _put(Table *t, const uint64_t *key, const uint64_t *value, bint *overflow) noexcept nogil:
    """_insert, growing the table (in place) once it is three quarters full, or its key's region
    seven eighths (keys may come in an order that fills one region first: a layer swept in its slots'
    order, or a piece in its sender's); -1 when out of memory."""
    cdef uint64_t h = _hash(key, t.kw)
    if _insert(t, key, value, h):
        overflow[0] = True
    if 4 * t.size <= 3 * t.cap and 8 * t.rsize[_part(t, h)] <= 7 * t.rslots:
        return 0
    return _grow_table(t)


cdef inline void _set_insert(Patterns *f, uint64_t code) noexcept nogil:
    cdef size_t mask = f.cap - 1, i = _mix(code, mask)
    while f.keys[i] != NO_KEY:
        if f.keys[i] == code:
            return
        i = (i + 1) & mask
    f.keys[i] = code
    f.size += 1


cdef inline int _set_add(Patterns *f, uint64_t code) noexcept nogil:
    """Add a pattern, doubling the set once it is half full; -1 when out of memory."""
    _set_insert(f, code)
    if 2 * f.size <= f.cap:
        return 0
    return _set_grow(f)


cdef inline uint64_t _squeeze(uint64_t x, const Fits *f) noexcept nogil:
    """A pattern (at most f.mask) mixed by a bijection of f's bits (xor-shifts by half of them or more,
    and products by odd numbers, modulo 2**bits): its top bits pick its bucket."""
    x ^= x >> f.half
    x = (x * <uint64_t>0xBF58476D1CE4E5B9) & f.mask
    x ^= x >> f.half
    x = (x * <uint64_t>0x94D049BB133111EB) & f.mask
    return x ^ (x >> f.half)


cdef inline uint64_t _unsqueeze(uint64_t x, const Fits *f) noexcept nogil:
    """The pattern x is _squeeze of (the same steps undone, last first: a shift by half the bits or more
    is its own inverse; the numbers multiplied by are the inverses of _squeeze's modulo 2**64)."""
    x ^= x >> f.half
    x = (x * <uint64_t>0x319642B2D24D8EC3) & f.mask
    x ^= x >> f.half
    x = (x * <uint64_t>0x96DE1B173F119089) & f.mask
    return x ^ (x >> f.half)


cdef inline uint64_t _fits_key(const Fits *f, size_t bucket, size_t i) noexcept nogil:
    """The pattern at place i (in bucket)."""
    cdef uint64_t rest
    if f.bytes == 2:
        rest = (<const uint16_t *>f.rest)[i]
    elif f.bytes == 4:
        rest = (<const uint32_t *>f.rest)[i]
    else:
        rest = (<const uint64_t *>f.rest)[i]
    return _unsqueeze((<uint64_t>bucket << f.shift) | rest, f)


cdef inline void _fits_prefetch(const Fits *f, uint64_t code) noexcept nogil:
    """A hint: fetch the bucket of code's first place soon (a look-up waits for it, then for the bucket)."""
    if code <= f.mask:
        _prefetch(f.starts + (_squeeze(code, f) >> f.shift))


cdef inline void _fits_prefetch_bucket(const Fits *f, uint64_t code) noexcept nogil:
    """A hint: fetch code's bucket soon (once where it starts is at hand: see _fits_prefetch)."""
    if code <= f.mask:
        _prefetch(<const char *>f.rest + f.starts[_squeeze(code, f) >> f.shift] * f.bytes)


cdef inline size_t _fits_slot(const Fits *f, uint64_t code) noexcept nogil:
    """The place of code in f (0 to f.size - 1); f.size when it is not there."""
    cdef uint64_t h, rest
    cdef size_t i, last
    if code > f.mask:
        return f.size
    h = _squeeze(code, f)
    rest = h & ((<uint64_t>1 << f.shift) - 1)
    i, last = f.starts[h >> f.shift], f.starts[(h >> f.shift) + 1]
    if f.bytes == 2:
        while i < last:
            if (<const uint16_t *>f.rest)[i] == rest:
                return i
            i += 1
    elif f.bytes == 4:
        while i < last:
            if (<const uint32_t *>f.rest)[i] == rest:
                return i
            i += 1
    else:
        while i < last:
            if (<const uint64_t *>f.rest)[i] == rest:
                return i
            i += 1
    return f.size


cdef inline bint _fits_has(const Fits *f, uint64_t code) noexcept nogil:
    return _fits_slot(f, code) < f.size
