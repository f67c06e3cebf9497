# cython: language_level=3
"""The compiled frontier sweep's state rules (the twins': ``_states``, whose docstring explains
them): a state's codes, packed four bits a frontier square in one or two 64-bit words; one step
of the plan (``Step``, flattened by ``_rules.pyx``'s ``_flatten``); linking a choice, taking the
leaving squares off, the look-ahead, renumbering, mirror images and packing, and a state's demand
pattern (see ``_patterns.pyx``). The functions declared here without a body are ``_rules.pyx``'s;
the ones with a body are inlined into every module that cimports them (the sweep's hot loops)."""

from libc.stdint cimport int32_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from ._hashtable cimport Fits

cdef enum:
    EMPTY = 0
    FULL = 1
    END = 2
    FIRST_LABEL = 3
    FRESH = 31  # a new piece's label until renumbering
    UNSEEN = 255  # a label not yet renumbered
    MAX_WIDTH = 26  # packed codes stay under 16: at most 13 pieces
    CELLS = 64  # room for the frontier plus the new square


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


cdef void _read_step(const int32_t *p, Step *s) noexcept nogil
cdef int _successor(const uint8_t *cells, const Step *s, int c, bint closed, bint alone,
                    uint64_t *key, int kw) noexcept nogil


cdef inline void _unpack(const uint64_t *key, int n, uint8_t *cells) noexcept nogil:
    cdef int k
    for k in range(n):
        cells[k] = (key[k >> 4] >> (4 * (k & 15))) & 15


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


cdef inline bint _viable(const uint8_t *out, const Step *s, bint closed) noexcept nogil:
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
