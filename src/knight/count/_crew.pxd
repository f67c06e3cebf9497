# cython: language_level=3
"""The compiled frontier sweep's crew of threads (``_crew.pyx``): threads that sweep a wide layer
together, each a share of its slots, the successors sent to the region of the next layer's table
they belong to (``_send``, inlined into the sweep's loop) and added up there by the region's
thread. What a thread makes of its share is the sweep's (``Make``: ``_engine.pyx``'s
``_advance_early``)."""

from libc.stdint cimport uint64_t
from libc.stdlib cimport realloc
from cpython.pythread cimport PyThread_type_lock

from ._hashtable cimport Fits, Table, _hash, _region
from ._patterns cimport _Memo
from ._rules cimport Step


cdef struct _Sent:
    uint64_t key[2]
    uint64_t hash
    const uint64_t *value  # the count it adds: its parent's, in the layer swept from (unchanged meanwhile)


cdef struct _Outbox:
    _Sent *sent  # the successors one thread made for one region, to be added up by the region's thread
    size_t n, cap


# A thread's share of a layer: the successors of now's slots first to last, sent to their regions'
# boxes (nxt, laid out in regions, is not touched), the memo kept by the thread; -1 when out of memory.
ctypedef int (*Make)(Table *now, Table *nxt, const Step *s, bint closed, bint alone, const _Memo *memo,
                     bint *overflow, size_t first, size_t last, _Outbox *boxes) noexcept nogil


cdef struct _Worker:
    _Outbox *boxes  # one a region
    _Memo memo      # its own memo of which choices fit (see _advance_early), kept from step to step
    size_t room     # the words memo.masks has
    size_t first    # its share of the layer swept from: slots first to first + share
    size_t added    # the keys new in its region in the last round
    bint overflow
    bint failed     # out of memory
    PyThread_type_lock go    # released by the calling thread: a task for this thread
    PyThread_type_lock done  # released by this thread: the task done


cdef class _Crew:
    cdef int threads, pbits, task
    cdef _Worker *workers
    cdef size_t *rsize  # the keys in each region of the next layer
    cdef size_t share, at, round  # each thread's slots, the round's first slot of each share, a round's slots
    cdef Table *now
    cdef Table *nxt
    cdef Step step
    cdef bint closed, alone
    cdef Make make
    cdef object helpers

    cdef void _all(self, int task) noexcept
    cdef void _do(self, int w, int task) noexcept nogil
    cdef void _make(self, int w) noexcept nogil
    cdef void _settle(self, int w) noexcept nogil
    cdef int _make_room(self) except -1
    cdef int sweep(self, Make make, Table *now, Table *nxt, const Step *s, const Fits *before, bint closed,
                   bint alone, bint *overflow, int at, object engine, check) except -1


cdef inline int _send(_Outbox *boxes, const Table *nxt, const uint64_t *key, const uint64_t *value) noexcept nogil:
    """Put a successor in the box of its region of nxt; -1 when out of memory."""
    cdef uint64_t h = _hash(key, nxt.kw)
    cdef _Outbox *box = boxes + _region(nxt, h)
    cdef _Sent *grown
    cdef _Sent *sent
    if box.n == box.cap:
        grown = <_Sent *>realloc(box.sent, max(1 << 14, 2 * box.cap) * sizeof(_Sent))
        if grown == NULL:
            return -1
        box.sent, box.cap = grown, max(1 << 14, 2 * box.cap)
    sent = box.sent + box.n
    sent.key[0], sent.key[1], sent.hash, sent.value = key[0], key[1] if nxt.kw == 2 else 0, h, value
    box.n += 1
    return 0
