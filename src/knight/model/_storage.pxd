# cython: language_level=3
"""Tour's compiled storage base (``_storage.pyx``), as the search core's door (``search/_core.pyx``)
takes it: the class, and ``adopted``, a Tour made around its squares from C."""

from cpython.array cimport array


cdef class SquareBuffer:
    cdef public object _squares
    cdef public object _board
    cdef Py_ssize_t _shape[1]
    cdef Py_ssize_t _strides[1]


cdef SquareBuffer adopted(object cls, array squares, object board)
