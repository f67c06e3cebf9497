# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False
"""Compiled hot loop of the judge: a block of input lines answered into a block of output, in C.

The twin ``_scan_py.py`` takes the same steps; ``_judge.py`` reads and writes the blocks
and answers every line this loop leaves to it.
"""

from libc.string cimport memchr, memcpy

cdef enum:
    _STARTS = 64
    _NEED_INPUT = 0
    _OUT_FULL = 1
    _ASK = 2

NEED_INPUT, OUT_FULL, ASK = _NEED_INPUT, _OUT_FULL, _ASK


cdef inline bint _space(unsigned char c) noexcept nogil:
    return c == 32 or 9 <= c <= 13  # space, \t \n \v \f \r


def scan(const unsigned char[::1] data, Py_ssize_t pos, tuple answers, unsigned char[::1] out,
         Py_ssize_t filled, Py_ssize_t max_line):
    """Answer the complete lines of data from pos that are blank (ASCII white space) or a start
    (1 to 64, an optional "+", leading zeros, ASCII white space around it) shorter than
    max_line: answers[start - 1] is copied into out from filled. Returns (pos, filled, lines,
    why): the first line not answered, the end of the output, the lines answered or skipped,
    and why it stopped: NEED_INPUT (no complete line left), OUT_FULL (no room in out for
    the next answer) or ASK (the line at pos is for the caller: -1, a bad line, or any other)."""
    cdef const char *text[_STARTS]
    cdef Py_ssize_t length[_STARTS]
    cdef Py_ssize_t end = data.shape[0], room = out.shape[0], lines = 0, first, last
    cdef const unsigned char *line
    cdef const unsigned char *newline
    cdef int value, why = _NEED_INPUT
    cdef bytes answer
    if len(answers) != _STARTS:
        raise ValueError(f"answers must hold {_STARTS} lines, not {len(answers)}")
    for value in range(_STARTS):
        answer = answers[value]
        text[value], length[value] = answer, len(answer)
    with nogil:
        while pos < end:
            line = &data[pos]
            newline = <const unsigned char *>memchr(line, 10, end - pos)
            if newline == NULL:
                break
            last = newline - line
            if last >= max_line:
                why = _ASK
                break
            first = 0
            while first < last and _space(line[first]):
                first += 1
            while last > first and _space(line[last - 1]):
                last -= 1
            if first < last:
                if line[first] == 43:  # "+"
                    first += 1
                value = 0
                while first < last and 48 <= line[first] <= 57 and value <= _STARTS:
                    value = value * 10 + line[first] - 48
                    first += 1
                if first < last or not 1 <= value <= _STARTS:  # a sign alone, not a number, -1, out of range
                    why = _ASK
                    break
                value -= 1
                if filled + length[value] > room:
                    why = _OUT_FULL
                    break
                memcpy(&out[filled], text[value], length[value])
                filled += length[value]
            lines += 1
            pos += newline - line + 1
    return pos, filled, lines, why
