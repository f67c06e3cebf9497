# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled construction core: the steps of the twin ``_construct_py.py``, in C without the GIL.

``_construct.py`` explains the construction; both cores return the identical tour.
"""

from cpython.array cimport array, clone
from libc.stdint cimport int32_t, int64_t
from libc.stdlib cimport free, malloc

cdef extern from *:
    """
    #include <stdint.h>
    #include <stdlib.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    #define KNIGHT_HUGE_PAGE ((size_t)2 * 1024 * 1024)

    /* Ask for transparent huge pages on the whole 2 MiB pages inside [start, start + length)
       (Linux only; a hint whose failure changes nothing). */
    static void knight_huge_pages(void *start, size_t length) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        uintptr_t first = ((uintptr_t)start + KNIGHT_HUGE_PAGE - 1) & ~(uintptr_t)(KNIGHT_HUGE_PAGE - 1);
        uintptr_t last = ((uintptr_t)start + length) & ~(uintptr_t)(KNIGHT_HUGE_PAGE - 1);
        if (last > first) madvise((void *)first, last - first, MADV_HUGEPAGE);
    #else
        (void)start; (void)length;
    #endif
    }

    /* Memory for a big array, 2 MiB-aligned where that is available; release with free(). */
    static void *knight_big_alloc(size_t size) {
    #if defined(__linux__)
        void *memory = NULL;
        if (posix_memalign(&memory, KNIGHT_HUGE_PAGE, size) != 0) return NULL;
        return memory;
    #else
        return malloc(size);
    #endif
    }
    """
    void knight_huge_pages(void *start, size_t length) nogil
    void *knight_big_alloc(size_t size) nogil

cdef array _INT32 = array("i")


cdef inline void _join(int32_t *succ, int64_t a1, int64_t a2, int64_t b1, int64_t b2, int a_forward) noexcept nogil:
    """Swap edge a1-a2 (a1 -> a2 when a_forward) and edge b1-b2 for a1-b1 and a2-b2."""
    if a_forward:
        succ[a1] = <int32_t>b1
        succ[b2] = <int32_t>a2
    else:
        succ[a2] = <int32_t>b2
        succ[b1] = <int32_t>a1


def build(
    int rows, int cols, const int[:] heights, const int[:] height_kinds, const int[:] widths,
    const int[:] width_kinds, int n_width_kinds, const int[:] table, const long long[:] cells,
    const int[:] starts, const int[:] flags, int special_i, int special_j, int special,
    int root_reversed, long long start, long long hole,
):
    """The tour from square index start as an int32 array of 1-based square numbers.

    The same contract as ``_construct_py.build``.
    """
    cdef int64_t n = <int64_t>rows * cols
    cdef int64_t top = 0, left, base, cell, prev_cell, square, k, count
    cdef int64_t a1, a2, b1, b2
    cdef int i, j, h, w, pattern, begin, end, reversed_ = 0
    cdef int above = -1, above_reversed = 0, previous = -1, previous_reversed = 0
    cdef int n_heights = heights.shape[0], n_widths = widths.shape[0]
    cdef int32_t *succ = NULL
    cdef int32_t *out
    cdef array result
    # The successor array is read in knight's-move order, rows apart: with 4 KiB pages
    # nearly every step would miss the TLB, so both big arrays ask for huge pages.
    succ = <int32_t *>knight_big_alloc(<size_t>n * sizeof(int32_t))
    if succ == NULL:
        raise MemoryError(f"no memory to build a tour of {rows}×{cols}")
    try:
        result = clone(_INT32, n, False)
        out = <int32_t *>result.data.as_ints
        with nogil:
            knight_huge_pages(succ, <size_t>n * sizeof(int32_t))
            knight_huge_pages(out, <size_t>n * sizeof(int32_t))
            for i in range(n_heights):
                h = heights[i]
                left = 0
                for j in range(n_widths):
                    w = widths[j]
                    if i == special_i and j == special_j:
                        pattern = special
                    else:
                        pattern = table[(height_kinds[i] * n_width_kinds + width_kinds[j]) * 2 + (1 if j == 0 else 0)]
                    if j == 0:
                        if i == 0:
                            reversed_ = root_reversed
                        else:
                            reversed_ = flags[3 * pattern] ^ 1 ^ flags[3 * above + 2] ^ above_reversed
                    else:
                        reversed_ = flags[3 * pattern] ^ 1 ^ flags[3 * previous + 1] ^ previous_reversed
                    base = top * cols + left
                    begin = starts[pattern]
                    end = starts[pattern + 1]
                    prev_cell = base + cells[end - 1]
                    if reversed_:
                        for k in range(begin, end):
                            cell = base + cells[k]
                            succ[cell] = <int32_t>prev_cell
                            prev_cell = cell
                    else:
                        for k in range(begin, end):
                            cell = base + cells[k]
                            succ[prev_cell] = <int32_t>cell
                            prev_cell = cell
                    if j == 0 and i > 0:
                        a1 = (top - 1) * cols
                        a2 = (top - 2) * cols + 2
                        b1 = (top + 1) * cols + 1
                        b2 = top * cols + 3
                        _join(succ, a1, a2, b1, b2, flags[3 * above + 2] ^ above_reversed)
                    elif j > 0:
                        a1 = top * cols + left - 1
                        a2 = (top + 2) * cols + left - 2
                        b1 = (top + 1) * cols + left + 1
                        b2 = (top + 3) * cols + left
                        _join(succ, a1, a2, b1, b2, flags[3 * previous + 1] ^ previous_reversed)
                    if j == 0:
                        above = pattern
                        above_reversed = reversed_
                    previous = pattern
                    previous_reversed = reversed_
                    left += w
                top += h
            square = start
            count = n if hole < 0 else n - 1
            for k in range(count):
                out[k] = <int32_t>(square + 1)
                square = succ[square]
            if hole >= 0:
                out[count] = <int32_t>(hole + 1)
        return result
    finally:
        free(succ)


def move_numbers(squares):
    """The move number (1-based) of each square (0-based index): the tour inverted."""
    cdef const int[:] view = squares
    cdef Py_ssize_t n = view.shape[0], k
    cdef array numbers = clone(_INT32, n, False)
    cdef int32_t *out = <int32_t *>numbers.data.as_ints
    with nogil:
        for k in range(n):
            out[view[k] - 1] = <int32_t>(k + 1)
    return numbers


def encode(values, Py_ssize_t begin, Py_ssize_t end, int width, bytes sep):
    """values[begin:end] (non-negative) as ASCII bytes: each right-aligned to width, joined by sep."""
    cdef const int[:] view = values
    cdef Py_ssize_t k, size = 0, sep_len = len(sep)
    cdef const char *sep_chars = sep
    cdef int digits, pad
    cdef long long value
    cdef char scratch[24]
    cdef bytearray out
    cdef char *p
    if begin >= end:
        return b""
    out = bytearray((end - begin) * (max(width, 11) + sep_len))
    p = out
    for k in range(begin, end):
        if k > begin:
            for pad in range(sep_len):
                p[size] = sep_chars[pad]
                size += 1
        value = view[k]
        digits = 0
        while True:  # squares and move numbers are positive
            scratch[digits] = 48 + value % 10
            value //= 10
            digits += 1
            if not value:
                break
        for pad in range(width - digits):
            p[size] = 32
            size += 1
        while digits:
            digits -= 1
            p[size] = scratch[digits]
            size += 1
    del out[size:]
    return bytes(out)
