# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled storage base of Tour: its squares exported as one read-only int32 buffer.

``memoryview(tour)`` and ``numpy.asarray(tour)`` share the tour's ``array('i')``
without copying, on every Python version. The twin ``_storage_py.py`` does the same
through ``__buffer__`` (Python 3.12+) and ``__array__`` (numpy).
"""

from cpython.array cimport array, clone
from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBUF_SIMPLE, PyBUF_STRIDES, PyBUF_WRITABLE, PyObject_GetBuffer, PyBuffer_Release
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.object cimport PyObject, PyTypeObject
from cpython.type cimport PyType_Check, PyType_IsSubtype
from libc.stdint cimport int32_t

cdef char *_FORMAT = "i"
cdef array _INT32 = array("i")
cdef tuple _NO_ARGUMENTS = ()


cdef class SquareBuffer:
    """Holds the squares (``_squares``, an ``array('i')``) and their board (``_board``), and
    exports the squares read-only."""

    def __getbuffer__(self, Py_buffer *view, int flags):
        if flags & PyBUF_WRITABLE:
            raise BufferError("a Tour is read-only")
        cdef array squares = self._squares
        cdef Py_buffer *held = <Py_buffer *>PyMem_Malloc(sizeof(Py_buffer))
        if held == NULL:
            raise MemoryError()
        try:
            PyObject_GetBuffer(squares, held, PyBUF_SIMPLE)  # pins the array while exported
        except BaseException:
            PyMem_Free(held)
            raise
        self._shape[0] = len(squares)
        self._strides[0] = sizeof(int)
        view.buf = held.buf
        view.obj = self
        view.len = held.len
        view.readonly = 1
        view.itemsize = sizeof(int)
        view.format = _FORMAT if flags & PyBUF_FORMAT else NULL
        view.ndim = 1
        view.shape = self._shape if flags & PyBUF_ND == PyBUF_ND else NULL
        view.strides = self._strides if flags & PyBUF_STRIDES == PyBUF_STRIDES else NULL
        view.suboffsets = NULL
        view.internal = held

    def __releasebuffer__(self, Py_buffer *view):
        cdef Py_buffer *held = <Py_buffer *>view.internal
        if held != NULL:
            PyBuffer_Release(held)
            PyMem_Free(held)
            view.internal = NULL


def adopt(cls, array squares not None, board):
    """A new cls (a SquareBuffer's subclass: Tour) holding squares and board as they are, no
    copy and no check: the caller guarantees they make a tour."""
    return adopted(cls, squares, board)


cdef SquareBuffer adopted(object cls, array squares, object board):
    """adopt, called from C: the search core's door makes the commonest call's Tour with it,
    with no Python call between (cls's tp_new is SquareBuffer's, as Tour adds no __new__)."""
    if not PyType_Check(cls) or not PyType_IsSubtype(<type>cls, SquareBuffer):
        raise TypeError(f"{cls!r} is not a subclass of SquareBuffer")
    cdef SquareBuffer made = <SquareBuffer>(<PyTypeObject *>cls).tp_new(cls, <PyObject *>_NO_ARGUMENTS, NULL)
    made._squares = squares
    made._board = board
    return made


def move_numbers(squares, Py_ssize_t cells):
    """The move number (1-based) of each of cells squares (0-based index), 0 where the tour
    never goes (a hole): the tour inverted."""
    cdef const int[:] view = squares
    cdef Py_ssize_t n = view.shape[0], k
    cdef array numbers = clone(_INT32, cells, n != cells)
    cdef int32_t *out = <int32_t *>numbers.data.as_ints
    with nogil:
        for k in range(n):
            out[view[k] - 1] = <int32_t>(k + 1)
    return numbers


def encode(values, Py_ssize_t begin, Py_ssize_t end, int width, bytes sep):
    """values[begin:end] (non-negative) as ASCII bytes: each right-aligned to width, joined by sep;
    0 (a hole) is written "#"."""
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
        if value == 0:  # a hole: squares and move numbers are positive
            scratch[0] = 35
            digits = 1
        while value:
            scratch[digits] = 48 + value % 10
            value //= 10
            digits += 1
        for pad in range(width - digits):
            p[size] = 32
            size += 1
        while digits:
            digits -= 1
            p[size] = scratch[digits]
            size += 1
    del out[size:]
    return bytes(out)
