# cython: language_level=3, embedsignature=True
"""Compiled storage base of Tour: its squares exported as one read-only int32 buffer.

``memoryview(tour)`` and ``numpy.asarray(tour)`` share the tour's ``array('i')``
without copying, on every Python version. The twin ``_storage_py.py`` does the same
through ``__buffer__`` (Python 3.12+) and ``__array__`` (numpy).
"""

from cpython.array cimport array
from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBUF_SIMPLE, PyBUF_STRIDES, PyBUF_WRITABLE, PyObject_GetBuffer, PyBuffer_Release
from cpython.mem cimport PyMem_Free, PyMem_Malloc

cdef char *_FORMAT = "i"


cdef class SquareBuffer:
    """Holds the squares (``_squares``, an ``array('i')``) and exports them read-only."""

    cdef public object _squares
    cdef Py_ssize_t _shape[1]
    cdef Py_ssize_t _strides[1]

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
