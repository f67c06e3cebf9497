# Shared by the search's compiled loops (_walk.pyx, _magic.pyx, _quartes_core.pyx), inlined in each:
# SplitMix64's next draw (the twins': _splitmix.py) and the loops' look at the clock and at Ctrl-C.

from cpython.exc cimport PyErr_CheckSignals
from cpython.time cimport monotonic
from libc.stdint cimport uint64_t

cdef enum:
    TICK_ON = 0           # go on
    TICK_LATE = 1         # the deadline has passed
    TICK_INTERRUPTED = 2  # Ctrl-C (the exception is set: the caller raises it once it holds the GIL)


cdef inline uint64_t splitmix_next(uint64_t *state) noexcept nogil:
    """SplitMix64 (Steele, Lea and Flood, 2014): the next 64 random bits of state."""
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline int tick(double deadline) noexcept nogil:
    """TICK_INTERRUPTED after Ctrl-C, TICK_LATE past deadline (a time.monotonic() value), else TICK_ON."""
    with gil:
        if PyErr_CheckSignals() < 0:
            return TICK_INTERRUPTED
    return TICK_LATE if monotonic() > deadline else TICK_ON
