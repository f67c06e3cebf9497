# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""The compiled frontier sweep's crew of threads: what ``_crew.pxd`` declares (see ``_Crew``)."""

from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset
from cpython.exc cimport PyErr_CheckSignals
from cpython.pythread cimport (NOWAIT_LOCK, WAIT_LOCK, PyThread_acquire_lock, PyThread_allocate_lock,
                               PyThread_free_lock, PyThread_release_lock)

from ._hashtable cimport NO_KEY, _add, _end, _grow_table, _home, _key_at, _next, _prefetch, _set_regions

cdef enum:
    CREW_ROUND = 1 << 18   # slots of the layer all threads sweep between two meetings (their boxes: a few MB)
    CREW_SPIN = 1 << 16    # tries at a lock before sleeping on it (a millisecond or so: a woken CPU is slow)
    MAKE = 1               # a crew's tasks
    SETTLE = 2
    STOP = 3


cdef size_t _add_box(Table *t, _Outbox *box, bint *overflow) noexcept nogil:
    """Add up a box's successors in their region of t (one thread a region: t.size is not touched);
    the keys that were new. The box is emptied."""
    cdef size_t j, i, end, added = 0
    cdef uint64_t *slot
    cdef const _Sent *sent
    cdef int k
    for j in range(box.n):
        if j + 8 < box.n:
            _prefetch(_key_at(t, _home(t, box.sent[j + 8].hash)))
        sent = box.sent + j
        i, end = _home(t, sent.hash), _end(t, sent.hash)
        while True:
            slot = _key_at(t, i)
            if slot[0] == NO_KEY:
                for k in range(t.kw):
                    slot[k] = sent.key[k]
                for k in range(t.limbs):
                    slot[t.kw + k] = sent.value[k]
                added += 1
                break
            if slot[0] == sent.key[0] and (t.kw == 1 or slot[1] == sent.key[1]):
                if _add(slot + t.kw, sent.value, t.limbs):
                    overflow[0] = True
                break
            i = _next(t, i, end)
    box.n = 0
    return added


cdef extern from *:
    """
    #if defined(_WIN32)
    #ifndef WIN32_LEAN_AND_MEAN
    #define WIN32_LEAN_AND_MEAN
    #endif
    #ifndef NOMINMAX
    #define NOMINMAX
    #endif
    #include <windows.h>
    static void knight_yield(void) { SwitchToThread(); }
    #else
    #include <sched.h>
    static void knight_yield(void) { sched_yield(); }
    #endif
    """
    void _yield "knight_yield"() noexcept nogil  # let another thread have this CPU, if one is waiting


cdef void _wait(PyThread_type_lock lock) noexcept nogil:
    """Take lock: try a while (a crew's tasks are short), giving the CPU away between tries now and
    then (with more threads than CPUs, the thread to wait for may need it), then sleep on it."""
    cdef int k
    for k in range(CREW_SPIN):
        if PyThread_acquire_lock(lock, NOWAIT_LOCK):
            return
        if k % 64 == 63:
            _yield()
    PyThread_acquire_lock(lock, WAIT_LOCK)


cdef class _Crew:
    """Threads that sweep a wide layer together, each a share of its slots, a round at a time.

    The next layer's table is laid out as one region a thread (see Table). In each round every
    thread makes the successors of its next share of CREW_ROUND slots and puts them in the boxes
    of their regions (the sweep's Make); once all have, the calling thread doubles the table if a
    region could fill up (in place: see _hashtable's _grow_table); then each thread adds up the boxes bound
    for its own region (_add_box). So
    no two threads ever write the same memory, and the states, counts and peak are the same as one
    thread's. The helper threads run without the GIL from start to stop, handed each task by a lock
    of their own; only the calling thread looks at the clock, the budget and Ctrl-C, between rounds,
    while the helpers wait. stop() ends them.
    """

    def __cinit__(self, int threads):
        import threading  # here: not at import knight

        cdef _Worker *me
        self.threads, self.pbits, self.helpers, self.round = threads, 0, [], max(1024, CREW_ROUND // threads)
        while (1 << self.pbits) < threads:
            self.pbits += 1
        self.workers = <_Worker *>calloc(threads, sizeof(_Worker))
        self.rsize = <size_t *>calloc(threads, sizeof(size_t))
        if self.workers == NULL or self.rsize == NULL:
            raise MemoryError()
        for w in range(threads):
            me = &self.workers[w]
            me.boxes = <_Outbox *>calloc(threads, sizeof(_Outbox))
            me.go, me.done = PyThread_allocate_lock(), PyThread_allocate_lock()
            if me.boxes == NULL or me.go == NULL or me.done == NULL:
                raise MemoryError()
            PyThread_acquire_lock(me.go, NOWAIT_LOCK)  # both taken: no task yet, none done
            PyThread_acquire_lock(me.done, NOWAIT_LOCK)
        try:
            for w in range(1, threads):
                helper = threading.Thread(target=self._serve, args=(w,), daemon=True)
                helper.start()
                self.helpers.append(helper)
        except RuntimeError:  # no more threads to be had: those started end, the caller sweeps alone
            self.task = STOP
            for w in range(1, len(self.helpers) + 1):
                PyThread_release_lock(self.workers[w].go)
            for helper in self.helpers:
                helper.join()
            self.helpers = []
            raise

    def __dealloc__(self):
        if self.workers != NULL:
            for w in range(self.threads):
                if self.workers[w].boxes != NULL:
                    for r in range(self.threads):
                        free(self.workers[w].boxes[r].sent)
                free(self.workers[w].boxes)
                free(self.workers[w].memo.masks)
                if self.workers[w].go != NULL:
                    PyThread_free_lock(self.workers[w].go)
                if self.workers[w].done != NULL:
                    PyThread_free_lock(self.workers[w].done)
        free(self.workers)
        free(self.rsize)

    def stop(self):
        """End the helper threads (they are waiting for a task whenever this thread runs Python)."""
        if self.helpers:
            self._all(STOP)
            for helper in self.helpers:
                helper.join()
            self.helpers = []

    def _serve(self, int w):
        """A helper thread: each task it is handed, until STOP."""
        cdef _Worker *me = &self.workers[w]
        cdef int task
        with nogil:
            while True:
                _wait(me.go)
                task = self.task
                self._do(w, task)
                PyThread_release_lock(me.done)
                if task == STOP:
                    break

    cdef void _all(self, int task) noexcept:
        """Every thread does task (this one too, its share 0), and all are done."""
        cdef int w
        self.task = task
        with nogil:
            for w in range(1, self.threads):
                PyThread_release_lock(self.workers[w].go)
            self._do(0, task)
            for w in range(1, self.threads):
                _wait(self.workers[w].done)

    cdef void _do(self, int w, int task) noexcept nogil:
        """Thread w's part of task (STOP: nothing)."""
        if task == MAKE:
            self._make(w)
        elif task == SETTLE:
            self._settle(w)

    cdef void _make(self, int w) noexcept nogil:
        cdef _Worker *me = &self.workers[w]
        cdef size_t first = me.first + self.at, last = min(me.first + self.at + self.round, me.first + self.share)
        cdef size_t region = self.nxt.rslots
        if self.at == 0:  # the first round clears the thread's region of the next layer (nobody adds up yet)
            memset(_key_at(self.nxt, w * region), 0xFF, region * self.nxt.width * sizeof(uint64_t))
            if me.memo.before != NULL:  # and its memo
                memset(me.memo.masks, 0, me.memo.before.size * sizeof(uint64_t))
        if first < last and self.make(self.now, self.nxt, &self.step, self.closed, self.alone, &me.memo,
                                      &me.overflow, first, last, me.boxes) < 0:
            me.failed = True

    cdef void _settle(self, int w) noexcept nogil:
        cdef _Worker *me = &self.workers[w]
        cdef int t
        me.added = 0
        for t in range(self.threads):
            me.added += _add_box(self.nxt, &self.workers[t].boxes[w], &me.overflow)

    cdef int _make_room(self) except -1:
        """Grow the next layer's table until no region can fill up in this round's adding up
        (MemoryError when it may not grow and one could)."""
        cdef size_t incoming, region = self.nxt.rslots
        cdef int r, w
        cdef size_t i
        cdef bint tight = True, full
        while tight:
            tight = full = False
            for r in range(self.threads):
                incoming = 0
                for w in range(self.threads):
                    incoming += self.workers[w].boxes[r].n
                tight |= 4 * self.rsize[r] > 3 * region or 8 * (self.rsize[r] + incoming) > 7 * region
                full |= self.rsize[r] + incoming >= region
            if tight:
                if _grow_table(self.nxt) < 0:
                    if full:
                        raise MemoryError(
                            f"a layer of the frontier sweep outgrew the memory available, past {self.nxt.size:,} states"
                        )
                    return 0  # no more memory, but no region can fill up: add up as it is
                region = self.nxt.rslots
                memset(self.rsize, 0, self.threads * sizeof(size_t))
                for r in range(self.threads):
                    for i in range(r * region, (r + 1) * region):
                        if _key_at(self.nxt, i)[0] != NO_KEY:
                            self.rsize[r] += 1
        return 0

    cdef int sweep(self, Make make, Table *now, Table *nxt, const Step *s, const Fits *before, bint closed,
                   bint alone, bint *overflow, int at, object engine, check) except -1:
        """Sweep the layer in now (step s, the at-th) into nxt (empty, its slots not yet cleared: the first
        round does) with the crew, each thread's share by make; before as for _Memo; check(at, engine.work)
        and Ctrl-C between rounds."""
        cdef int w, r
        self.make, self.now, self.nxt, self.step, self.closed, self.alone = make, now, nxt, s[0], closed, alone
        _set_regions(nxt, self.pbits)
        memset(self.rsize, 0, self.threads * sizeof(size_t))
        self.share = now.cap // self.threads
        for w in range(self.threads):
            self.workers[w].first = w * self.share
            self.workers[w].overflow = self.workers[w].failed = False
            self.workers[w].memo.before = NULL
            if before != NULL and self.workers[w].room < before.size:  # a bigger memo (cleared by its thread)
                free(self.workers[w].memo.masks)
                self.workers[w].memo.masks = <uint64_t *>malloc(before.size * sizeof(uint64_t))
                self.workers[w].room = 0 if self.workers[w].memo.masks == NULL else before.size
            if before != NULL and self.workers[w].room >= before.size:  # without memory, no memo
                self.workers[w].memo.before = before
        try:
            self.at = 0
            while self.at < self.share:
                self._all(MAKE)
                for w in range(self.threads):
                    if self.workers[w].failed:
                        raise MemoryError(
                            f"a layer of the frontier sweep outgrew the memory available, past {nxt.size:,} states "
                            f"on square {at + 1}"
                        )
                self._make_room()
                self._all(SETTLE)
                for r in range(self.threads):
                    self.rsize[r] += self.workers[r].added
                    nxt.size += self.workers[r].added
                    if self.workers[r].overflow:
                        overflow[0] = True
                self.at += self.round
                PyErr_CheckSignals()
                if check is not None:
                    check(at, engine.work)
        finally:  # the helpers are waiting: nothing of theirs is in use
            for w in range(self.threads):
                for r in range(self.threads):
                    self.workers[w].boxes[r].n = 0
        return 0
