# cython: language_level=3
"""The compiled frontier sweep's demand patterns (the twins': ``_states.demands``): before the
first step, the patterns (each frontier square's edges so far, 2 bits a square, then the path ends
made) the rest of the board can still serve, found forwards and backwards a layer at a time as
hash sets packed once found (``_hashtable.Fits``), by ``_demands``; during the sweep, which of a state's choices
lead to a pattern that fits (``_fitting``), remembered for all the states of one pattern
(``_Memo``). The functions declared here without a body are ``_patterns.pyx``'s; the ones with a
body are inlined into every module that cimports them."""

from libc.stdint cimport int32_t, uint64_t

from ._hashtable cimport NO_KEY, Fits, _fits_has
from ._rules cimport Step, _below

cdef enum:
    MEMO_CHOICES = 63  # a memo's masks have a bit a choice, and KNOWN


cdef extern from *:
    """
    #define KNIGHT_KNOWN (UINT64_C(1) << 63)
    """
    const uint64_t KNOWN "KNIGHT_KNOWN"


cdef struct _Memo:
    const Fits *before  # the patterns the states swept from are among (the last step's); NULL: none
    uint64_t *masks     # before.size words, by a pattern's place: its choices whose next pattern fits (KNOWN: found)


cdef Fits *_demands(const int32_t *program, const size_t *starts, int nsteps, bint closed, ends, int threads,
                    int at, check) except? NULL
cdef void _free_demands(Fits *fits, int nsteps) noexcept nogil


cdef inline uint64_t _without(uint64_t degrees, int position) noexcept nogil:
    """The degrees with position's 2 bits taken out (the squares after it move down)."""
    return (degrees & _below(position)) | ((degrees >> 2) & ~_below(position))


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


cdef inline bint _early(const Step *s) noexcept nogil:
    """Whether step s is swept by _advance_early (with a memo): patterns to fit, not the last step, and
    few enough choices for a memo's bits."""
    return s.fits != NULL and not s.last and s.nchoices <= MEMO_CHOICES


cdef inline uint64_t _fitting(uint64_t degrees, uint64_t made, const Step *s, bint closed) noexcept nogil:
    """The choices (a bit each) whose pattern after step s, from the pattern (degrees, made), fits."""
    cdef uint64_t found = 0, pattern
    cdef int c
    for c in range(s.nchoices):
        pattern = _chosen(degrees, made, s, c, closed)
        if pattern != NO_KEY and _fits_has(s.fits, pattern):
            found |= <uint64_t>1 << c
    return found
