# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled magic-tour kernel: knight's tours whose numbering makes every listed line add up,
in C with the GIL released.

The algorithm, order and pruning are those of the pure-Python twin ``_magic_py.py``, whose
docstring explains them and the arguments; both return the same tours in the same order
and the same node counts. On boards of 64 cells and lines or fewer (8×8), outside mirror mode,
the free cells are a 64-bit word (s.bits): the leaps are shifts, the degrees popcounts, the
free cells with no, one or two free neighbours counted over the eight shifts, the lines' bounds
one loop without branches, and the path's forced passages (_crowded) and the ends' balls (_balls)
prune; larger boards keep per-cell arrays.
All the state lives in one malloc'ed block per call, so calls
from several threads run at once. Every C_DEADLINE_EVERY nodes the loop takes the GIL for a
moment to read the clock and to let Ctrl-C through (PyErr_CheckSignals).
"""

from cpython.array cimport array
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport abs, calloc, free, realloc

from ..model._bits cimport lowest_bit, popcount
from ._loops cimport TICK_INTERRUPTED, TICK_ON, splitmix_next, tick
from ..model._status cimport S_EXHAUSTED, S_FOUND, S_LIMIT

FOUND, EXHAUSTED, LIMIT = S_FOUND, S_EXHAUSTED, S_LIMIT

cdef enum:
    C_BALLS = 2  # the numbers from each end whose balls the lines narrow (4 cut no more nodes)
    C_LINES = 5
    C_DEADLINE_EVERY = 4096
    S_INTERRUPTED = 3
    S_NO_MEMORY = 4

LINES = C_LINES
DEADLINE_EVERY = C_DEADLINE_EVERY


cdef struct State:
    int32_t cells
    int32_t cols
    int32_t lines
    int32_t zeros
    int32_t ones
    int32_t stamp
    int32_t placed_head      # numbers placed at the head (1..placed_head)
    int32_t placed_tail      # numbers placed at the tail (N - placed_tail + 1..N)
    int32_t half             # mirror: N/2 (number k + half stands opposite k), else 0
    int32_t goal             # the depth of a whole tour: N, or N/2 in mirror mode
    const int32_t *neighbours
    const int32_t *given
    const int32_t *at_number
    const int32_t *next_given
    const int32_t *last_given
    const int32_t *cell_lines
    const int64_t *target
    const int64_t *order_key
    uint8_t *open_
    uint8_t *odd
    int32_t *degree
    int64_t *line_sum
    int32_t *free_odd
    int32_t *free_even
    # s.bits, per line, in 16 bits (a line of 31 cells at most, numbers to 64: the compiler's
    # vectors hold 8 lines), kept by _count_free for _alive's bounds: its free cells, what it
    # still needs, and a + s and b + s, where a, b are its free cells of each colour and s their
    # spread a(a - 1) + b(b - 1)
    int16_t *free_count
    int16_t *need
    int16_t *odd_spread
    int16_t *even_spread
    int16_t *flags        # per line, for _alive
    int32_t *xor_
    int32_t *first_count  # mirror: per line, its cells holding numbers 1..half
    int32_t *line_half    # per line, half its length
    int32_t *forced_value
    int32_t *forced_cell
    int32_t *stamp_cell
    int32_t *stamp_number
    int32_t *mark
    uint8_t *side        # per depth: 1 when the tail moved from that frame
    int32_t *path
    int32_t *candidates   # per depth, 8 each
    uint8_t *frame_size
    uint8_t *cursor
    bint bits             # 64 cells and lines or fewer: the free cells as a word, the ends' balls
    uint64_t free_bits
    uint64_t ones_bits    # the free cells with one free neighbour
    uint64_t twos_bits    # the free cells with two free neighbours (_sparse)
    uint64_t given_bits
    uint64_t *neighbour_bits
    uint64_t column_mask[4]  # the cells that a leap one right, one left, two right, two left may reach
    uint64_t *line_bits
    int32_t *tight        # the lines whose bounds the ends' balls may tighten
    uint64_t head_next    # the cells that may take the head's next number (all ones: any)
    uint64_t tail_next
    bint probing          # a probe (see the twin): one random candidate a frame
    bint unsorted         # s.bits, a count: the candidates in the order of their cells (_gather)
    uint64_t rng
    double weight
    double estimate


cdef inline int _reach(int32_t cols, int32_t a, int32_t b) noexcept nogil:
    cdef int dr = abs(a // cols - b // cols), dc = abs(a % cols - b % cols)
    cdef int bound = (dr + 1) // 2
    if (dc + 1) // 2 > bound:
        bound = (dc + 1) // 2
    if (dr + dc + 2) // 3 > bound:
        bound = (dr + dc + 2) // 3
    return bound + ((bound + dr + dc) & 1)


def reach(int cols, int a, int b):
    """A lower bound on the knight's leaps from cell a to cell b (see the twin)."""
    return _reach(cols, a, b)


cdef inline void _place(State *s, int32_t cell, int64_t number, int32_t change) noexcept nogil:
    cdef int i, j
    cdef int32_t neighbour, before, line
    if s.bits:  # the degrees are read off the bitboards (_degree, _alive)
        s.free_bits ^= (<uint64_t>1) << cell
        s.open_[cell] = change > 0
    else:
        _place_degrees(s, cell, change)
    if s.given[cell]:
        return
    for j in range(C_LINES):
        line = s.cell_lines[cell * C_LINES + j]
        if line < 0:
            break
        s.line_sum[line] -= change * number
        s.xor_[line] ^= cell
        if number <= s.half:
            s.first_count[line] -= change
        if s.odd[cell]:
            s.free_odd[line] += change
        else:
            s.free_even[line] += change
        if s.bits:
            _count_free(s, line)


cdef inline void _place_degrees(State *s, int32_t cell, int32_t change) noexcept nogil:
    """The free neighbours of cell's neighbours, and the counts of free cells with none and one."""
    cdef int i
    cdef int32_t neighbour, before
    if change < 0:
        s.zeros -= s.degree[cell] == 0
        s.ones -= s.degree[cell] == 1
        s.open_[cell] = 0
    for i in range(8):
        neighbour = s.neighbours[cell * 8 + i]
        if neighbour < 0:
            break
        before = s.degree[neighbour]
        s.degree[neighbour] = before + change
        if s.open_[neighbour]:
            s.zeros += (before + change == 0) - (before == 0)
            s.ones += (before + change == 1) - (before == 1)
    if change > 0:
        s.open_[cell] = 1
        s.zeros += s.degree[cell] == 0
        s.ones += s.degree[cell] == 1


cdef inline void _count_free(State *s, int32_t line) noexcept nogil:
    """(s.bits) The line's free cells, what it still needs, and a + s, b + s (a, b: its free
    cells of each colour, s their spread a(a - 1) + b(b - 1)), for _alive."""
    cdef int32_t a = s.free_odd[line], b = s.free_even[line], spread = a * (a - 1) + b * (b - 1)
    s.need[line] = <int16_t>(s.target[line] - s.line_sum[line])
    s.free_count[line] = <int16_t>(a + b)
    s.odd_spread[line] = <int16_t>(a + spread)
    s.even_spread[line] = <int16_t>(b + spread)


cdef inline int64_t _least(int64_t odd, int64_t even, int64_t low) noexcept nogil:
    """The least sum of odd distinct odd numbers and even distinct even numbers, all low or more."""
    return odd * (low | 1) + odd * (odd - 1) + even * (low + (low & 1)) + even * (even - 1)


cdef inline int64_t _most(int64_t odd, int64_t even, int64_t high) noexcept nogil:
    """The greatest sum of odd distinct odd numbers and even distinct even numbers, all high or less."""
    return odd * (high - 1 + (high & 1)) - odd * (odd - 1) + even * (high - (high & 1)) - even * (even - 1)


cdef inline bint _fits(int64_t need, int64_t odd, int64_t even, int64_t low, int64_t high) noexcept nogil:
    """Whether need is between the least and the greatest sum of odd distinct odd numbers and
    even distinct even numbers, all from low to high."""
    return _least(odd, even, low) <= need <= _most(odd, even, high)


cdef inline uint64_t _leap(State *s, uint64_t cells, int kind) noexcept nogil:
    """The cells one of the 8 kinds of leap reaches from cells (the board's cells numbered row by
    row, 64 or fewer): kinds 0 to 3 go down the board, 4 to 7 up; column_mask drops those that
    would wrap round a side."""
    cdef int32_t w = s.cols
    cdef int32_t shift = 2 * w + 1 if kind & 3 == 0 else 2 * w - 1 if kind & 3 == 1 else w + 2 if kind & 3 == 2 else w - 2
    if kind < 4:  # one column right, one left, two right, two left
        return (cells << shift) & s.column_mask[kind]
    return (cells >> shift) & s.column_mask[(kind & 3) ^ 1]  # one left, one right, two left, two right


cdef inline uint64_t _leaps(State *s, uint64_t cells) noexcept nogil:
    """The cells a leap from cells reaches."""
    cdef uint64_t reached = 0
    cdef int kind
    for kind in range(8):
        reached |= _leap(s, cells, kind)
    return reached


cdef inline void _neighbours_of(State *s, uint64_t cells, uint64_t *one, uint64_t *two,
                                uint64_t *three) noexcept nogil:
    """The cells next to one or more, two or more and three or more of cells: each kind of leap's reach
    from cells, counted to three."""
    cdef uint64_t reached, once = 0, twice = 0, thrice = 0  # in registers, given back at the end
    cdef int kind
    for kind in range(8):
        reached = _leap(s, cells, kind)
        thrice |= twice & reached
        twice |= once & reached
        once |= reached
    one[0], two[0], three[0] = once, twice, thrice


cdef inline bint _sparse(State *s) noexcept nogil:
    """Sets s.ones_bits and s.twos_bits to the free cells with one and with two free neighbours; whether a
    free cell has none."""
    cdef uint64_t one, two, three
    _neighbours_of(s, s.free_bits, &one, &two, &three)
    s.ones_bits = s.free_bits & one & ~two
    s.twos_bits = s.free_bits & two & ~three
    return (s.free_bits & ~one) != 0


cdef inline bint _crowded(State *s, uint64_t ends) noexcept nogil:
    """Whether the path cannot pass through the free cells with two free neighbours and no end next to
    them (ends: the cells next to an end), whose two edges are the path's: a free cell is the way on of
    three of them, or one with no end next to it is left fewer than two neighbours to pass to once the
    cells that are the way on of two of them are full (the twin's crowded)."""
    cdef uint64_t one, two, three, full, through = s.twos_bits & ~ends
    _neighbours_of(s, through, &one, &two, &three)
    if three & s.free_bits:
        return True
    full = s.free_bits & two  # their two edges taken by such cells: no other cell may pass through them
    if not full:
        return False
    _neighbours_of(s, s.free_bits & ~full, &one, &two, &three)
    return (s.free_bits & ~(through | full | ends) & ~two) != 0


cdef inline int32_t _degree(State *s, int32_t cell) noexcept nogil:
    """The free neighbours of cell."""
    return popcount(s.neighbour_bits[cell] & s.free_bits) if s.bits else s.degree[cell]


cdef inline bint _force(State *s, int32_t cell, int32_t number, int32_t head, int32_t tail, int32_t tail_number,
                        int32_t now) noexcept nogil:
    """Record that a line forces number on cell in this frame (stamp now), or False when that
    clashes with another line's forced number, or the cell is out of reach in time of the head
    (number placed_head) or the tail (number tail_number)."""
    if s.stamp_cell[cell] == now and s.forced_value[cell] != number:
        return False
    if s.stamp_number[number] == now and s.forced_cell[number] != cell:
        return False
    if _reach(s.cols, head, cell) > number - s.placed_head or _reach(s.cols, cell, tail) > tail_number - number:
        return False
    s.stamp_cell[cell] = now
    s.stamp_number[number] = now
    s.forced_value[cell] = number
    s.forced_cell[number] = cell
    return True


cdef bint _balls(State *s, int32_t tight, int64_t low_number, int64_t high_number, int32_t head,
                 int32_t tail) noexcept nogil:
    """The ends' balls on the tight lines (see the twin's balls)."""
    cdef uint64_t ball[2][C_BALLS + 1]
    cdef uint64_t cells
    cdef int64_t need, a, b, least, most, colour[2][2], shortfall, free_numbers = high_number - low_number + 1
    cdef int32_t line, i, k, side, ends[2], needed = 0, reach
    ends[0], ends[1] = head, tail
    for side in range(2):
        ball[side][1] = s.neighbour_bits[ends[side]] & s.free_bits
        for k in range(2, C_BALLS + 1):
            ball[side][k] = _leaps(s, ball[side][k - 1]) & s.free_bits
    for i in range(tight):
        line = s.tight[i]
        need = s.target[line] - s.line_sum[line]
        cells = s.line_bits[line] & s.free_bits
        a = s.free_odd[line]
        b = s.free_even[line]
        least, most = _least(a, b, low_number), _most(a, b, high_number)
        # colour[side][0]: the line's free cells of the colour of the end's next number (odd
        # numbers on the a cells), [1]: of the number after
        colour[0][0], colour[0][1] = (a, b) if low_number & 1 else (b, a)
        colour[1][0], colour[1][1] = (a, b) if high_number & 1 else (b, a)
        for side in range(2):
            for k in range(1, C_BALLS + 1):
                # without the end's k-th number, the line's cells of its colour take the next
                # ones of that parity: its least sum 2 higher a cell from the ((k - 1) // 2)-th on
                if side == 0:
                    shortfall = least + 2 * (colour[0][(k - 1) & 1] - (k - 1) // 2) - need
                else:
                    shortfall = need - most + 2 * (colour[1][(k - 1) & 1] - (k - 1) // 2)
                if shortfall > 0:
                    ball[side][k] &= cells
                    needed |= 1 << (side * C_BALLS + k - 1)
                    if not ball[side][k]:
                        return False
        if not cells & ball[0][1]:
            least += 2 * colour[0][0]
        if not cells & ball[0][2]:
            least += 2 * colour[0][1]
        if not cells & ball[1][1]:
            most -= 2 * colour[1][0]
        if not cells & ball[1][2]:
            most -= 2 * colour[1][1]
        if need < least or need > most:
            return False
    # consecutive numbers stand a leap apart: along each end's numbers that some line needs
    reach = C_BALLS if free_numbers > C_BALLS else <int32_t>free_numbers
    for side in range(2):
        if not (needed >> (side * C_BALLS)) & ((1 << C_BALLS) - 1):
            continue
        for k in range(2, reach + 1):
            ball[side][k] &= _leaps(s, ball[side][k - 1])
        for k in range(reach - 1, 0, -1):
            ball[side][k] &= _leaps(s, ball[side][k + 1])
        if not ball[side][1]:
            return False
        if side == 0:
            s.head_next = ball[0][1]
        else:
            s.tail_next = ball[1][1]
    return True


cdef inline bint _single(State *s, int32_t line, int32_t head, int32_t tail, int32_t high_number,
                         int32_t now) noexcept nogil:
    """A line with one free cell (within its bounds) forces its number there: whether it may."""
    cdef int64_t need = s.target[line] - s.line_sum[line]
    return s.at_number[need] < 0 and _force(s, s.xor_[line], <int32_t>need, head, tail, high_number + 1, now)


cdef bint _alive(State *s) noexcept nogil:
    cdef int32_t line, upcoming, before, neighbour
    cdef int32_t low_number = s.placed_head + 1, high_number = s.cells - s.placed_tail
    cdef int32_t head = s.path[s.placed_head - 1], tail = s.path[high_number]
    cdef int64_t need
    cdef int32_t near_head = 0, near_tail = 0, near_both = 0, now, tight = 0
    cdef uint64_t ones_head, ones_tail
    cdef int ones
    cdef int16_t need16, free16, least16, most16, out, flag, flag16, low16 = <int16_t>low_number, high16 = <int16_t>high_number
    cdef uint64_t flagged
    # _least and _most: with low even, a odd numbers from low + 1 and b even ones from low sum
    # to (a + b) low + a + a(a - 1) + b(b - 1) at least (with low odd, + b), and so for high
    cdef const int16_t *low_extra = s.odd_spread if low_number & 1 == 0 else s.even_spread
    cdef const int16_t *high_extra = s.odd_spread if high_number & 1 == 0 else s.even_spread
    cdef int i
    s.stamp += 1
    now = s.stamp
    if s.bits:  # all the lines' bounds in a loop without branches, in 16 bits (the compiler's vectors)
        out = flag = 0
        for line in range(s.lines):
            need16 = s.need[line]
            free16 = s.free_count[line]
            least16 = free16 * low16 + low_extra[line]
            most16 = free16 * high16 - high_extra[line]
            out |= <int16_t>((need16 < least16) | (need16 > most16))
            # 1: one free cell (forced below), 2: the ends' balls may tighten its bounds (_balls)
            least16 = least16 + 2 * free16
            most16 = most16 - 2 * free16
            flag16 = <int16_t>((free16 == 1) | (((need16 < least16) | (need16 > most16)) << 1))
            s.flags[line] = flag16
            flag |= flag16
        if out:
            return False
        flagged = 0  # the flagged lines as a word (s.bits: 64 lines or fewer), visited in order
        if flag:
            for line in range(s.lines):
                flagged |= (<uint64_t>(s.flags[line] != 0)) << line
        while flagged:
            line = lowest_bit(flagged)
            flagged &= flagged - 1
            if s.flags[line] & 2:
                s.tight[tight] = line
                tight += 1
            if s.flags[line] & 1 and not _single(s, line, head, tail, high_number, now):
                return False
    else:
        for line in range(s.lines):
            need = s.target[line] - s.line_sum[line]
            if not _fits(need, s.free_odd[line], s.free_even[line], low_number, high_number) or (
                    s.free_odd[line] + s.free_even[line] == 1 and not _single(s, line, head, tail, high_number, now)):
                return False
    if high_number - low_number + 1 >= 2:
        if s.bits:
            if _sparse(s):  # a free cell with no free neighbour
                return False
            ones = popcount(s.ones_bits)
            ones_head = s.ones_bits & s.neighbour_bits[head]
            ones_tail = s.ones_bits & s.neighbour_bits[tail]
            if (popcount(ones_head & ~ones_tail) > 1 or popcount(ones_tail & ~ones_head) > 1 or ones > 2
                    or ones != popcount(ones_head | ones_tail)):
                return False
            if _crowded(s, s.neighbour_bits[head] | s.neighbour_bits[tail]):
                return False
        else:
            if s.zeros:
                return False
            for i in range(8):
                neighbour = s.neighbours[head * 8 + i]
                if neighbour < 0:
                    break
                s.mark[neighbour] = now
            for i in range(8):
                neighbour = s.neighbours[tail * 8 + i]
                if neighbour < 0:
                    break
                if s.open_[neighbour] and s.degree[neighbour] == 1:
                    if s.mark[neighbour] == now:
                        near_both += 1
                    else:
                        near_tail += 1
                s.mark[neighbour] = -now
            for i in range(8):
                neighbour = s.neighbours[head * 8 + i]
                if neighbour < 0:
                    break
                if s.open_[neighbour] and s.degree[neighbour] == 1 and s.mark[neighbour] == now:
                    near_head += 1
            if near_head > 1 or near_tail > 1 or s.ones > 2 or s.ones != near_head + near_tail + near_both:
                return False
    s.head_next = s.tail_next = ~(<uint64_t>0)
    if tight and not _balls(s, tight, low_number, high_number, head, tail):
        return False
    upcoming = s.next_given[s.placed_head]
    if upcoming and upcoming < high_number + 1 and _reach(s.cols, head, s.at_number[upcoming]) > upcoming - s.placed_head:
        return False
    before = s.last_given[high_number + 1]
    return not (before > s.placed_head and _reach(s.cols, s.at_number[before], tail) > high_number + 1 - before)


cdef bint _alive_mirror(State *s) noexcept nogil:
    cdef int32_t half = s.half, placed = s.placed_head, line, cell, number, neighbour, near = 0, now
    cdef int32_t start = s.path[0], head = s.path[placed - 1]
    cdef int32_t ends[4]
    cdef int64_t need, first, a, b
    cdef int i, j
    ends[0], ends[1], ends[2], ends[3] = head, s.cells - 1 - start, s.cells - 1 - head, start
    s.stamp += 1
    now = s.stamp
    for line in range(s.lines):
        need = s.target[line] - s.line_sum[line]
        a = s.free_odd[line]
        b = s.free_even[line]
        first = s.line_half[line] - s.first_count[line]
        # the free cells take first numbers left of 1..half, and the rest are k + half for numbers
        # k left of 1..half that go opposite: a + b distinct numbers of 1..half in all, whose
        # parities are the free cells' colours' (k and k + half share one)
        if first < 0 or first > a + b or not _fits(need - half * (a + b - first), a, b, placed + 1, half):
            return False
        if a + b == 1:
            cell = s.xor_[line]
            if (need & 1) != s.odd[cell]:
                return False
            number = <int32_t>need
            if number > half:  # the cell takes a number of the second half: its opposite, number - half
                number -= half
                cell = s.cells - 1 - cell
            if not _force(s, cell, number, head, ends[1], half + 1, now):
                return False
    if half - placed >= 2:
        if s.zeros or s.ones > 4:
            return False
        for j in range(4):
            for i in range(8):
                neighbour = s.neighbours[ends[j] * 8 + i]
                if neighbour < 0:
                    break
                s.mark[neighbour] = now
        for j in range(4):
            for i in range(8):
                neighbour = s.neighbours[ends[j] * 8 + i]
                if neighbour < 0:
                    break
                if s.mark[neighbour] == now and s.open_[neighbour] and s.degree[neighbour] == 1:
                    near += 1
                s.mark[neighbour] = -now
        if s.ones > near:
            return False
    return True


cdef inline int32_t _insert(State *s, int32_t *frame, int32_t *degree, int32_t size, int32_t cell) noexcept nogil:
    """Insert cell into frame (size cells, with their degrees) by (degree, order_key), after
    those that tie (the twin's stable sort): the new size."""
    cdef int32_t onward = _degree(s, cell), k = size
    while k > 0 and (
        degree[k - 1] > onward or (degree[k - 1] == onward and s.order_key[frame[k - 1]] > s.order_key[cell])
    ):
        frame[k] = frame[k - 1]
        degree[k] = degree[k - 1]
        k -= 1
    frame[k] = cell
    degree[k] = onward
    return size + 1


cdef int32_t _gather(State *s, bint tail_moves, bint last, int32_t *frame) noexcept nogil:
    """The cells that may take the moving end's next number (the tail's when tail_moves), fewest
    free onward moves first, then by order_key (then as the leaps are listed: by cell): their count."""
    cdef int32_t size = 0, fixed, neighbour, number, mover, other
    cdef int32_t degree[8]  # the frame's cells' free neighbours
    cdef uint64_t rest
    cdef int i
    if s.bits:  # the leaps are listed by cell, as the word's bits
        rest = _candidates(s, tail_moves, last, &other)
        if s.unsorted:  # a count visits every candidate: in the order of the cells, or the forced one
            size = _forced(s, rest, other)
            if size >= 0:
                frame[0] = size
                return 1
            size = 0
            while rest:
                frame[size] = lowest_bit(rest)
                size += 1
                rest &= rest - 1
            return size
        while rest:
            size = _insert(s, frame, degree, size, lowest_bit(rest))
            rest &= rest - 1
    else:
        if s.half:  # the head alone moves; the last of the first half must lead to number half + 1
            number = s.placed_head + 1
            mover, other = s.path[number - 2], s.cells - 1 - s.path[0]
        elif tail_moves:
            number = s.cells - s.placed_tail
            mover, other = s.path[number], s.path[s.placed_head - 1]
        else:
            number = s.placed_head + 1
            mover, other = s.path[number - 2], s.path[s.cells - s.placed_tail]
        fixed = s.at_number[number]
        for i in range(8):
            neighbour = s.neighbours[mover * 8 + i]
            if neighbour < 0:
                break
            if not s.open_[neighbour]:
                continue
            if (neighbour != fixed) if fixed >= 0 else s.given[neighbour] != 0:
                continue
            if last and not _adjacent(s, neighbour, other):
                continue
            size = _insert(s, frame, degree, size, neighbour)
    # a cell with one free neighbour, next to this end and not to the other, must be this end's
    # next: were the end to move elsewhere, it would be next to neither (_alive, 2 or more free)
    if (size > 1 and not s.half and degree[0] == 1 and s.cells - s.placed_head - s.placed_tail >= 3
            and not _adjacent(s, frame[0], other)):
        size = 1
    return size


cdef inline uint64_t _candidates(State *s, bint tail_moves, bint last, int32_t *other) noexcept nogil:
    """(s.bits, outside mirror mode) The cells that may take the moving end's next number, as a
    word; other: the other end's cell."""
    cdef int32_t number, mover, fixed
    cdef uint64_t cells
    if tail_moves:
        number = s.cells - s.placed_tail
        mover, other[0] = s.path[number], s.path[s.placed_head - 1]
    else:
        number = s.placed_head + 1
        mover, other[0] = s.path[number - 2], s.path[s.cells - s.placed_tail]
    cells = s.neighbour_bits[mover] & s.free_bits & (s.tail_next if tail_moves else s.head_next)
    fixed = s.at_number[number]
    cells &= ((<uint64_t>1) << fixed) if fixed >= 0 else ~s.given_bits
    if last:
        cells &= s.neighbour_bits[other[0]]
    return cells


cdef inline int32_t _forced(State *s, uint64_t cells, int32_t other) noexcept nogil:
    """(s.bits, outside mirror mode) The one of cells (the moving end's candidates) that must
    take its next number, or -1: the first in _gather's order, when it has one free neighbour
    and is not next to the other end (its cell: other)."""
    cdef int32_t first = -1, cell
    cdef uint64_t ones = cells & s.ones_bits  # no free cell has none here: the first in _gather's order has one
    if popcount(cells) > 1 and ones and s.cells - s.placed_head - s.placed_tail >= 3:
        while ones:  # the first of them in _gather's order: the least order_key, then the least cell
            cell = lowest_bit(ones)
            ones &= ones - 1
            if first < 0 or s.order_key[cell] < s.order_key[first]:
                first = cell
        if not (s.neighbour_bits[other] >> first) & 1:
            return first
    return -1


cdef int32_t _count(State *s, bint tail_moves, bint last) noexcept nogil:
    """What _gather would return, from the words (s.bits, outside mirror mode): the number of
    cells that may take the moving end's next number."""
    cdef int32_t other
    cdef uint64_t cells = _candidates(s, tail_moves, last, &other)
    return 1 if _forced(s, cells, other) >= 0 else popcount(cells)


cdef void _fill(State *s, int32_t depth) noexcept nogil:
    """Frame depth's candidates (see the twin's fill)."""
    cdef int32_t *frame = s.candidates + depth * 8
    cdef int32_t size, other_size, other_frame[8]
    cdef bint tail_moves, last = depth == s.goal - 1
    cdef int i
    s.cursor[depth] = 0
    s.frame_size[depth] = 0
    if not (_alive_mirror(s) if s.half else _alive(s)):
        return
    tail_moves = not s.half and s.placed_head > s.placed_tail
    if s.bits:  # the bitboards count both ends' candidates; the one that moves gathers them
        size = _count(s, tail_moves, last)
        if size > 1 and _count(s, not tail_moves, last) < size:
            tail_moves = not tail_moves
        size = _gather(s, tail_moves, last, frame)
    else:
        size = _gather(s, tail_moves, last, frame)
        if not s.half and size > 1:  # the end with fewer candidates moves (the other's on a tie)
            other_size = _gather(s, not tail_moves, last, other_frame)
            if other_size < size:
                tail_moves = not tail_moves
                size = other_size
                for i in range(size):
                    frame[i] = other_frame[i]
    s.side[depth] = tail_moves
    if s.probing and size:  # a probe: one candidate kept at random
        s.weight *= size
        s.estimate += s.weight
        if size > 1:
            frame[0] = frame[splitmix_next(&s.rng) % <uint64_t>size]
            size = 1
    s.frame_size[depth] = <uint8_t>size


cdef bint _adjacent(State *s, int32_t a, int32_t b) noexcept nogil:
    cdef int i
    for i in range(8):
        if s.neighbours[a * 8 + i] < 0:
            return False
        if s.neighbours[a * 8 + i] == b:
            return True
    return False


cdef int _run(State *s, int32_t base, bint count_all, int64_t keep, int64_t max_nodes, double deadline,
              int32_t **found, int64_t *nodes_out, int64_t *count_out) noexcept nogil:
    cdef int32_t depth = base, cell, total = s.cells, number
    cdef int64_t nodes = 0, count = 0, kept = 0, room = 0
    cdef int status = S_EXHAUSTED, i, ticked
    cdef bint tail_moved
    cdef int32_t *grown
    _fill(s, depth)
    while True:
        if s.cursor[depth] == s.frame_size[depth]:
            if depth == base:
                break
            depth -= 1
            tail_moved = s.side[depth]
            if tail_moved:
                number = total - s.placed_tail + 1
                s.placed_tail -= 1
            else:
                number = s.placed_head
                s.placed_head -= 1
            _place(s, s.path[number - 1], number, 1)
            if s.half:
                _place(s, s.path[number - 1 + s.half], number + s.half, 1)
            continue
        cell = s.candidates[depth * 8 + s.cursor[depth]]
        s.cursor[depth] += 1
        nodes += 1
        if nodes >= max_nodes:
            status = S_LIMIT
            break
        if nodes % C_DEADLINE_EVERY == 0:
            ticked = tick(deadline)
            if ticked != TICK_ON:
                status = S_INTERRUPTED if ticked == TICK_INTERRUPTED else S_LIMIT
                break
        tail_moved = s.side[depth]
        if tail_moved:
            number = total - s.placed_tail
            s.placed_tail += 1
        else:
            number = s.placed_head + 1
            s.placed_head += 1
        s.path[number - 1] = cell
        _place(s, cell, number, -1)
        if s.half:
            s.path[number - 1 + s.half] = total - 1 - cell
            _place(s, total - 1 - cell, number + s.half, -1)
        depth += 1
        if depth == s.goal:
            if _alive_mirror(s) if s.half else _alive(s):
                count += 1
                if kept < keep:
                    if kept == room:  # the tours kept grow by doubling
                        room = 2 * room + 16
                        grown = <int32_t *>realloc(found[0], room * total * 4)
                        if grown == NULL:
                            status = S_NO_MEMORY
                            break
                        found[0] = grown
                    for i in range(total):
                        found[0][kept * total + i] = s.path[i]
                    kept += 1
                if not count_all:
                    status = S_FOUND
                    break
            depth -= 1
            _place(s, cell, number, 1)
            if s.half:
                _place(s, total - 1 - cell, number + s.half, 1)
            if tail_moved:
                s.placed_tail -= 1
            else:
                s.placed_head -= 1
            continue
        _fill(s, depth)
    nodes_out[0] = nodes
    count_out[0] = count
    return status


def search(
    const int32_t[::1] neighbours,
    int cols,
    const int32_t[::1] given,
    const int32_t[::1] at_number,
    const int32_t[::1] next_given,
    const int32_t[::1] last_given,
    const int32_t[::1] cell_lines,
    const int64_t[::1] target,
    const int32_t[::1] head,
    const int32_t[::1] tail,
    const int64_t[::1] order_key,
    bint count_all,
    long long keep,
    long long max_nodes,
    double deadline,
    bint mirror=False,
    long long probe=-1,
):
    """(status, tours, nodes, count, estimate): see the twin."""
    cdef int32_t cells = given.shape[0], lines = target.shape[0], cell, line, number, odd_colour
    cdef State s
    cdef int j, status, i
    cdef int64_t nodes = 0, count = 0
    cdef int32_t *found = NULL
    cdef int32_t base = head.shape[0] + tail.shape[0]
    if not count_all:
        keep = 1
    s.cells, s.cols, s.lines = cells, cols, lines
    odd_colour = (head[0] // cols + head[0] % cols) & 1
    s.neighbours, s.given, s.at_number = &neighbours[0], &given[0], &at_number[0]
    s.next_given, s.last_given = &next_given[0], &last_given[0]
    s.cell_lines, s.target, s.order_key = &cell_lines[0], &target[0], &order_key[0]
    s.stamp = 0
    s.bits = cells <= 64 and lines <= 64 and 3 <= cols <= 31 and not mirror
    s.free_bits = s.ones_bits = s.twos_bits = s.given_bits = 0
    s.head_next = s.tail_next = ~(<uint64_t>0)
    s.probing = probe >= 0
    s.unsorted = s.bits and count_all and not s.probing
    s.rng = <uint64_t>probe if probe >= 0 else 0
    s.weight, s.estimate = 1.0, 0.0
    s.half = cells // 2 if mirror else 0
    s.goal = s.half if mirror else cells
    s.open_ = <uint8_t *>calloc(cells, 1)
    s.odd = <uint8_t *>calloc(cells, 1)
    s.degree = <int32_t *>calloc(cells, 4)
    s.line_sum = <int64_t *>calloc(lines, 8)
    s.free_odd = <int32_t *>calloc(lines, 4)
    s.free_even = <int32_t *>calloc(lines, 4)
    s.free_count = <int16_t *>calloc(lines, 2)
    s.need = <int16_t *>calloc(lines, 2)
    s.flags = <int16_t *>calloc(lines, 2)
    s.odd_spread = <int16_t *>calloc(lines, 2)
    s.even_spread = <int16_t *>calloc(lines, 2)
    s.xor_ = <int32_t *>calloc(lines, 4)
    s.first_count = <int32_t *>calloc(lines, 4)
    s.line_half = <int32_t *>calloc(lines, 4)
    s.forced_value = <int32_t *>calloc(cells, 4)
    s.forced_cell = <int32_t *>calloc(cells + 2, 4)
    s.stamp_cell = <int32_t *>calloc(cells, 4)
    s.stamp_number = <int32_t *>calloc(cells + 2, 4)
    s.mark = <int32_t *>calloc(cells, 4)
    s.side = <uint8_t *>calloc(cells + 1, 1)
    s.path = <int32_t *>calloc(cells, 4)
    s.candidates = <int32_t *>calloc((cells + 1) * 8, 4)
    s.frame_size = <uint8_t *>calloc(cells + 1, 1)
    s.cursor = <uint8_t *>calloc(cells + 1, 1)
    s.neighbour_bits = <uint64_t *>calloc(cells, 8)
    s.line_bits = <uint64_t *>calloc(lines, 8)
    s.tight = <int32_t *>calloc(2 * lines + 1, 4)
    try:
        if (not s.open_ or not s.odd or not s.degree or not s.line_sum or not s.free_odd or not s.free_even
                or not s.xor_ or not s.first_count or not s.line_half or not s.forced_value or not s.forced_cell or not s.stamp_cell or not s.stamp_number
                or not s.mark or not s.side or not s.path or not s.candidates or not s.frame_size or not s.cursor
                or not s.neighbour_bits or not s.line_bits or not s.tight or not s.free_count
                or not s.odd_spread or not s.even_spread or not s.need or not s.flags):
            raise MemoryError()
        s.zeros = s.ones = 0
        for cell in range(cells):
            s.open_[cell] = 1
            s.odd[cell] = ((cell // cols + cell % cols) & 1) == odd_colour
            if s.bits:
                s.free_bits |= (<uint64_t>1) << cell
                if given[cell]:
                    s.given_bits |= (<uint64_t>1) << cell
            for j in range(8):
                if neighbours[cell * 8 + j] < 0:
                    break
                s.degree[cell] += 1
                if s.bits:
                    s.neighbour_bits[cell] |= (<uint64_t>1) << neighbours[cell * 8 + j]
            s.zeros += s.degree[cell] == 0
            s.ones += s.degree[cell] == 1
            for j in range(C_LINES):
                line = cell_lines[cell * C_LINES + j]
                if line < 0:
                    break
                s.line_half[line] += 1  # the line's length, halved below
                if given[cell]:
                    s.line_sum[line] += given[cell]
                    continue
                s.xor_[line] ^= cell
                if s.bits:
                    s.line_bits[line] |= (<uint64_t>1) << cell
                if s.odd[cell]:
                    s.free_odd[line] += 1
                else:
                    s.free_even[line] += 1
        if s.bits:
            for j in range(4):
                s.column_mask[j] = 0
            for cell in range(cells):
                if cell % cols >= 1:
                    s.column_mask[0] |= (<uint64_t>1) << cell
                if cell % cols <= cols - 2:
                    s.column_mask[1] |= (<uint64_t>1) << cell
                if cell % cols >= 2:
                    s.column_mask[2] |= (<uint64_t>1) << cell
                if cell % cols <= cols - 3:
                    s.column_mask[3] |= (<uint64_t>1) << cell
        for line in range(lines):
            s.line_half[line] //= 2
            if s.bits:
                _count_free(&s, line)
        for i in range(head.shape[0]):
            s.path[i] = head[i]
            _place(&s, head[i], i + 1, -1)
            if mirror:
                s.path[i + s.half] = cells - 1 - head[i]
                _place(&s, cells - 1 - head[i], i + 1 + s.half, -1)
        for i in range(tail.shape[0]):
            s.path[cells - 1 - i] = tail[i]
            _place(&s, tail[i], cells - i, -1)
        s.placed_head, s.placed_tail = head.shape[0], tail.shape[0]
        tours = array("i", [])
        if base == cells:  # nothing left to search: the ends are the whole tour
            if _alive(&s) and _adjacent(&s, s.path[s.placed_head - 1], s.path[s.placed_head]):
                for i in range(cells):
                    tours.append(s.path[i])
                return S_FOUND, tours, 0, 1, 0.0
            return S_EXHAUSTED, tours, 0, 0, 0.0
        with nogil:
            status = _run(&s, base, count_all, keep, max_nodes, deadline, &found, &nodes, &count)
        if status == S_NO_MEMORY:
            raise MemoryError()
        if status == S_INTERRUPTED:
            PyErr_CheckSignals()
            raise KeyboardInterrupt
        kept = count if count < keep else keep
        for i in range(kept * cells):
            tours.append(found[i])
        return status, tours, nodes, count, s.estimate
    finally:
        free(s.open_); free(s.odd); free(s.degree); free(s.line_sum); free(s.free_odd); free(s.free_even)
        free(s.xor_); free(s.first_count); free(s.line_half); free(s.forced_value); free(s.forced_cell); free(s.stamp_cell); free(s.stamp_number)
        free(s.mark); free(s.side); free(s.path); free(s.candidates); free(s.frame_size); free(s.cursor)
        free(s.neighbour_bits); free(s.line_bits); free(s.tight); free(s.free_count); free(s.odd_spread); free(s.even_spread)
        free(s.need); free(s.flags)
        free(found)
