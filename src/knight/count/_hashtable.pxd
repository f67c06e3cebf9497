# cython: language_level=3
"""The compiled frontier sweep's hash tables (``_hashtable.pyx`` holds the functions declared here
without a body; the small ones with a body are inlined into every module that cimports them):

* ``Table``, a layer: open addressing, each slot a packed state (``kw`` words) and its count
  (``limbs`` words, least significant first) side by side, laid out as one region or as one
  region a thread (see ``_crew.pyx``);
* ``Fits``, a set of 64-bit demand patterns (see ``_patterns.pyx``).

An empty slot's first word is ``NO_KEY``, which no state or pattern is (16 codes of 15)."""

from libc.stdint cimport uint64_t

cdef enum:
    MAX_LIMBS = 64  # counts of up to 4096 bits
    CHUNK = 1 << 14  # hash slots swept between looks at the clock and Ctrl-C


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
    """
    const uint64_t NO_KEY "KNIGHT_NO_KEY"  # first word of an empty slot (never a state: 16 codes of 15)
    void _prefetch "KNIGHT_PREFETCH"(const void *p) noexcept nogil  # a hint: fetch p's cache line soon


cdef struct Table:
    uint64_t *slots  # cap slots of kw key words then limbs count words (least significant first)
    size_t cap       # a power of two
    size_t room      # the slots allocated (cap or more: a table cut back keeps its memory)
    size_t size
    size_t most      # the most slots it may grow to (memory available)
    int kw
    int limbs
    int width        # kw + limbs: a slot's words, key and count side by side (one cache line a probe)
    # Regions (a layer swept by several threads, see _crew.pyx): 2**pbits equal runs of slots, a
    # key's region the top pbits of its hash, probing wrapping inside it; one region: pbits 0.
    int pbits
    int rshift       # log2 of a region's slots
    size_t rmask     # a region's slots - 1 (cap - 1 with one region)


cdef struct Fits:
    uint64_t *keys  # cap patterns (see _states.pattern); NO_KEY marks an empty slot
    size_t cap      # a power of two
    size_t size


cdef int _table_init(Table *t, size_t cap, int kw, int limbs) noexcept nogil
cdef void _table_free(Table *t) noexcept nogil
cdef void _table_reset(Table *t, size_t states, bint clear=*) noexcept nogil
cdef void _set_regions(Table *t, int pbits) noexcept nogil
cdef int _grow_table(Table *t) noexcept nogil
cdef size_t _lookup(const Table *t, const uint64_t *key) noexcept nogil
cdef int _fits_init(Fits *f, size_t cap) noexcept nogil
cdef int _fits_grow(Fits *f) noexcept nogil


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


cdef inline size_t _fits_slot(const Fits *f, uint64_t code) noexcept nogil:
    """The slot of code in f; f.cap when it is not there."""
    cdef size_t mask = f.cap - 1, i = _mix(code, mask)
    while f.keys[i] != NO_KEY:
        if f.keys[i] == code:
            return i
        i = (i + 1) & mask
    return f.cap


cdef inline bint _fits_has(const Fits *f, uint64_t code) noexcept nogil:
    return _fits_slot(f, code) < f.cap


cdef inline void _fits_insert(Fits *f, uint64_t code) noexcept nogil:
    cdef size_t mask = f.cap - 1, i = _mix(code, mask)
    while f.keys[i] != NO_KEY:
        if f.keys[i] == code:
            return
        i = (i + 1) & mask
    f.keys[i] = code
    f.size += 1


cdef inline int _fits_add(Fits *f, uint64_t code) noexcept nogil:
    """Add a pattern, doubling the set once it is half full; -1 when out of memory."""
    _fits_insert(f, code)
    if 2 * f.size <= f.cap:
        return 0
    return _fits_grow(f)
