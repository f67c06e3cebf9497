# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""The compiled frontier sweep's state rules: what ``_rules.pxd`` declares without a body (a step
read from the flattened plan; one choice's successor, for the draw), and the plan flattened
into one int array (``_flatten``)."""

from libc.stdint cimport int32_t, uint8_t, uint64_t

from ._hashtable cimport CHUNK, _fits_has


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
