# cython: language_level=3
"""The compiled frontier sweep's C interface: its state codes, its layers (hash tables of
packed states and counts), its flattened steps and its engine, as the compiled draw
(``_draw.pyx``) takes them from the compiled counter (``_frontier.pyx``), so that both sweep
with one engine. The functions declared here without a body are ``_frontier.pyx``'s; the
small ones with a body are inlined into both modules."""

from libc.stdint cimport int32_t, uint8_t, uint64_t

cdef enum:
    EMPTY = 0
    FULL = 1
    END = 2
    FIRST_LABEL = 3
    FRESH = 31  # a new piece's label until renumbering
    UNSEEN = 255  # a label not yet renumbered
    MAX_WIDTH = 26  # packed codes stay under 16: at most 13 pieces
    CELLS = 64  # room for the frontier plus the new square
    MAX_LIMBS = 64  # counts of up to 4096 bits
    CHUNK = 1 << 14  # hash slots swept between looks at the clock and Ctrl-C
    BATCH = 16  # a state's choices taken together (see _advance)
    STATES = 32  # states taken together before the last step (see _advance_early)
    PIPE = 512  # their choices, at most


cdef extern from *:
    """
    #define KNIGHT_NO_KEY UINT64_C(0xFFFFFFFFFFFFFFFF)
    """
    const uint64_t NO_KEY "KNIGHT_NO_KEY"  # first word of an empty slot (never a state: 16 codes of 15)


cdef struct Table:
    uint64_t *slots  # cap slots of kw key words then limbs count words (least significant first)
    size_t cap       # a power of two
    size_t room      # the slots allocated (cap or more: a table cut back keeps its memory)
    size_t size
    size_t most      # the most slots it may grow to (memory available)
    int kw
    int limbs
    int width        # kw + limbs: a slot's words, key and count side by side (one cache line a probe)
    # Regions (a layer swept by several threads, see _frontier.pyx's _Crew): 2**pbits equal runs of
    # slots, a key's region the top pbits of its hash, probing wrapping inside it; one region: pbits 0.
    int pbits
    int rshift       # log2 of a region's slots
    size_t rmask     # a region's slots - 1 (cap - 1 with one region)


cdef struct Fits:
    uint64_t *keys  # cap patterns (see _states.pattern); NO_KEY marks an empty slot
    size_t cap      # a power of two
    size_t size


cdef struct Step:
    const Fits *fits        # the patterns the next state's must be among; NULL: any
    const int32_t *choices  # nchoices × (size, a, b)
    const int32_t *drops    # ndrops × (position, must end)
    const int32_t *keep
    const int32_t *thin
    const int32_t *watch    # nwatch × (free, must end, n, n positions)
    const int32_t *colours  # ncolours (nkeep, or 0 when the graph is not bipartite)
    const int32_t *mirror   # nmirror (nkeep, or 0): where each kept square's mirror image is kept
    int nhere, last, pending, nchoices, ndrops, nkeep, nthin, nwatch, ncolours, balance, nmirror


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


cdef inline void _unpack(const uint64_t *key, int n, uint8_t *cells) noexcept nogil:
    cdef int k
    for k in range(n):
        cells[k] = (key[k >> 4] >> (4 * (k & 15))) & 15


cdef int _table_init(Table *t, size_t cap, int kw, int limbs) noexcept nogil
cdef void _table_free(Table *t) noexcept nogil
cdef size_t _lookup(const Table *t, const uint64_t *key) noexcept nogil
cdef void _read_step(const int32_t *p, Step *s) noexcept nogil
cdef int _successor(const uint8_t *cells, const Step *s, int c, bint closed, bint alone,
                    uint64_t *key, int kw) noexcept nogil


cdef class _Engine:
    cdef int32_t *program
    cdef size_t *starts
    cdef Table now, nxt
    cdef uint64_t *total
    cdef int kw, limbs
    cdef bint closed, alone
    cdef object widths  # frontier squares before each step, and after the last
    cdef public size_t peak
    cdef public size_t work  # states expanded so far
    cdef size_t patterns  # demand patterns expanded (counted against the budget like states)
    cdef public int at  # the next step to sweep
    cdef Fits *fits  # the patterns after each step (see _states.demands); NULL: no pruning
    cdef bint pruned  # demands found (or given up for want of memory)
    cdef bint keep  # the layers are kept by a draw: no merging of mirror images, no widening in place
    cdef size_t most  # the most slots a layer's table may grow to
    cdef int nsteps
    cdef object ends  # the demand patterns before the first step and after the last (_plan.demand_ends)
    cdef int threads  # the threads that may sweep a wide layer together (see _frontier.pyx's _Crew)
    cdef object _crew  # its crew of threads during run(), or None

    cdef void _take_threads(self, int threads)
    cdef void _free_fits(self)
    cdef _run(self, int stop, check)
    cdef int _step(self, Step *s, int i, bint *overflow, check) except -1
    cdef int _hand_over(self, Table *into) except -1
    cdef _patterns(self, const Fits *source, const Fits *after, Fits *into, const Step *s, bint forwards, check,
                   size_t *done)
