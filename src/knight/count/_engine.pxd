# cython: language_level=3
"""The compiled frontier sweep's engine (``_engine.pyx``), as the compiled draw (``_draw.pyx``) and
the shards' rounds (``_shards.pyx``) take it: its flattened plan, its two layers, its total and
peak."""

from libc.stdint cimport int32_t, uint64_t

from ._hashtable cimport Fits, Table
from ._rules cimport Step


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
    cdef public int at  # the next step to sweep
    cdef Fits *fits  # the patterns after each step (see _states.demands); NULL: no pruning
    cdef bint pruned  # demands found (or given up for want of memory)
    cdef int fits_from  # the patterns after steps before it were let go (_forget_fits)
    cdef bint keep  # the layers are kept by a draw: no merging of mirror images, no widening in place
    cdef size_t most  # the most slots a layer's table may grow to
    cdef int nsteps
    cdef object ends  # the demand patterns before the first step and after the last (_plan.demand_ends)
    cdef int threads  # the threads that may sweep a wide layer together (see _crew.pyx)
    cdef object _crew  # its crew of threads during run(), or None

    cdef void _take_threads(self, int threads)
    cdef void _free_fits(self)
    cdef void _forget_fits(self, int before) noexcept nogil
    cdef _run(self, int stop, check)
    cdef int _step(self, Step *s, int i, bint *overflow, check) except -1
    cdef int _hand_over(self, Table *into) except -1
