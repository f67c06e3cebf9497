# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""The compiled frontier sweep's demand patterns: what ``_patterns.pxd`` declares without a body.

``_demands`` finds the patterns each layer may hold (``_states.demands``: forwards from the
first step's and backwards from the last's, a layer at a time, the smaller side first, with
threads both at once (``_Ends``); then the reachable patterns that fit before the meeting layer).
A pattern's next ones are found from it with bit operations (``_chosen``, ``_later``,
``_earlier``), and added to the next layer's hash set a batch at a time, their slots prefetched
(``_Adder``); a layer found is packed (``_hashtable.Fits``, a few bytes a pattern) before the next
is grown, so that the pass holds one hash set at a time (two with two threads).
The caller's check and Ctrl-C are looked at every CHUNK buckets of patterns."""

from libc.stdint cimport int32_t, uint64_t
from libc.stdlib cimport calloc, free
from cpython.exc cimport PyErr_CheckSignals

from ._hashtable cimport (CHUNK, Patterns, _fits_free, _fits_key, _fits_pack, _mix, _prefetch, _set_add, _set_init,
                          _trim)
from ._rules cimport _read_step

cdef enum:
    ADDS = 512  # patterns an _Adder takes before adding them
    ENDS_PATTERNS = 1 << 12  # the pattern pass takes a second thread once a layer holds this many


cdef inline uint64_t _with(uint64_t degrees, int position, uint64_t degree) noexcept nogil:
    """The degrees with degree put in at position (the squares from it move up)."""
    return (degrees & _below(position)) | ((degrees & ~_below(position)) << 2) | degree << (2 * position)


cdef struct _Adder:
    Patterns *into
    int n
    uint64_t keys[ADDS]  # patterns to add, their slots prefetched


cdef inline int _push(_Adder *a, uint64_t code) noexcept nogil:
    """Add a pattern to a.into soon (a batch at a time, so that the prefetches of their slots have
    work to hide behind); -1 when out of memory."""
    _prefetch(a.into.keys + _mix(code, a.into.cap - 1))
    a.keys[a.n] = code
    a.n += 1
    return _flush(a) if a.n == ADDS else 0


cdef int _flush(_Adder *a) noexcept nogil:
    """Add the patterns pushed so far; -1 when out of memory."""
    cdef int j
    for j in range(a.n):
        if _set_add(a.into, a.keys[j]) < 0:
            return -1
    a.n = 0
    return 0


cdef int _later(uint64_t code, const Step *s, bint closed, _Adder *into, const Fits *among) noexcept nogil:
    """_states._later: the patterns after step s from code (_chosen for each choice), added to into
    (unless NULL); 1 when one is among among (unless NULL), else 0; -1 when out of memory."""
    cdef uint64_t key, made = code >> (2 * (s.nhere - 1)), degrees = code & _below(s.nhere - 1)
    cdef int c
    for c in range(s.nchoices):
        key = _chosen(degrees, made, s, c, closed)
        if key == NO_KEY:
            continue
        if among != NULL and _fits_has(among, key):
            return 1
        if into != NULL and _push(into, key) < 0:
            return -1
    return 0


cdef int _earlier(uint64_t code, const Step *s, bint closed, _Adder *into) noexcept nogil:
    """_states._earlier: the patterns before step s that lead to code, added to into; -1 when out
    of memory. The degrees before are the kept ones with the leaving squares' final degrees put
    back in (bit operations), less the new square's edges."""
    cdef const int32_t *choice
    cdef uint64_t key, degrees, earlier, kept = code & _below(s.nkeep)
    cdef int k, d, c, final, chosen, ends, new = s.nhere - 1
    cdef bint ok
    for chosen in range(1 << s.ndrops):  # bit d set: the d-th square to leave ends a path
        ends, ok, degrees = <int>(code >> (2 * s.nkeep)), True, kept
        for d in range(s.ndrops):
            final = 1 if (chosen >> d) & 1 else 2
            if (final == 2 and s.drops[2 * d + 1]) or (final == 1 and closed):
                ok = False
            degrees = _with(degrees, s.drops[2 * d], final)
            ends -= final == 1
        if not ok or ends < 0:
            continue
        for c in range(s.nchoices):
            choice = s.choices + 3 * c
            if <uint64_t>choice[0] != (degrees >> (2 * new)) & 3:
                continue
            earlier = degrees & _below(new)
            if (choice[0] >= 1 and (earlier >> (2 * choice[1])) & 3 == 0) or (choice[0] == 2 and (earlier >> (2 * choice[2])) & 3 == 0):
                continue
            if choice[0] >= 1:
                earlier -= <uint64_t>1 << (2 * choice[1])
            if choice[0] == 2:
                earlier -= <uint64_t>1 << (2 * choice[2])
            key = earlier | <uint64_t>ends << (2 * new)
            if _push(into, key) < 0:
                return -1
    return 0


cdef int _grow(const Fits *source, Patterns *into, const Step *s, bint closed, bint forwards,
               size_t first, size_t last) noexcept nogil:
    """Add to into the patterns after step s from those in source's buckets first to last (forwards),
    or before it leading to them; -1 when out of memory."""
    cdef size_t bucket, i
    cdef uint64_t code
    cdef _Adder adder
    adder.into, adder.n = into, 0
    for bucket in range(first, last):
        for i in range(source.starts[bucket], source.starts[bucket + 1]):
            code = _fits_key(source, bucket, i)
            if forwards:
                if _later(code, s, closed, &adder, NULL) < 0:
                    return -1
            elif _earlier(code, s, closed, &adder) < 0:
                return -1
    return _flush(&adder)


cdef int _restrict(const Fits *reach, const Fits *after, Patterns *into, const Step *s, bint closed,
                   size_t first, size_t last) noexcept nogil:
    """Add to into the patterns in reach's buckets first to last with a next one (after step s) in
    after; -1 when out of memory."""
    cdef size_t bucket, i
    cdef uint64_t code
    cdef _Adder adder
    adder.into, adder.n = into, 0
    for bucket in range(first, last):
        for i in range(reach.starts[bucket], reach.starts[bucket + 1]):
            code = _fits_key(reach, bucket, i)
            if _later(code, s, closed, NULL, after) == 1 and _push(&adder, code) < 0:
                return -1
    return _flush(&adder)


cdef int _meet(const Fits *reach, const Fits *back, Fits *into) noexcept nogil:
    """The patterns in both, into into (new); -1 when out of memory."""
    cdef size_t bucket, i
    cdef uint64_t code
    cdef Patterns both
    if _set_init(&both, 16) < 0:
        return -1
    for bucket in range(back.buckets):
        for i in range(back.starts[bucket], back.starts[bucket + 1]):
            code = _fits_key(back, bucket, i)
            if _fits_has(reach, code) and _set_add(&both, code) < 0:
                free(both.keys)
                return -1
    return _fits_pack(into, &both)


cdef int _packed(Fits *into, ends) except -1:
    """into (new) made of the patterns in ends (MemoryError when out of memory)."""
    cdef Patterns found
    if _set_init(&found, 16) < 0:
        raise MemoryError()
    for code in ends:
        if _set_add(&found, code) < 0:
            free(found.keys)
            raise MemoryError()
    if _fits_pack(into, &found) < 0:
        raise MemoryError()
    return 0


class _Stopped(Exception):
    """The pattern pass's helper thread told to stop (the calling thread has raised)."""


cdef class _Ends:
    """The pattern pass's two sweeps at once (see _Pass.run): the calling thread forwards, a
    helper thread backwards, each taking its next layer while the two have not met, so that they meet
    on one layer. run hands them over once a layer holds ENDS_PATTERNS patterns (fewer do not pay
    for a thread). As the pass alone grows the smaller side first, a side whose last layer holds more
    than twice the other's waits for the other (its layers would cost more than the other's, all of
    which remain to be swept anyway). Where they meet changes no pattern kept, only the work. Only the
    calling thread calls check (with its own patterns: the helper's are added to the budget's count
    when they meet); the helper stops within CHUNK patterns of it raising."""

    cdef _Pass engine
    cdef Fits *reach
    cdef Fits *back
    cdef int low, high
    cdef size_t backwards_done  # the helper's patterns (the engine's count is the calling thread's)
    cdef bint forwards_busy, backwards_busy, stopped
    cdef object turn, failure  # turn: a threading.Condition over the fields above

    cdef bint _take(self, bint forwards, check) except -1:
        """Wait until this side may take its next layer (True: it is then busy) or none is left for it
        (False); the calling thread (forwards) calls check while it waits."""
        cdef size_t mine, theirs
        with self.turn:
            while True:
                if self.stopped or self.failure is not None:
                    return False
                if self.high - self.low - self.forwards_busy - self.backwards_busy <= 0 or (not forwards and self.high <= 1):
                    return False
                mine, theirs = self.reach[self.low].size, self.back[self.high].size
                if not forwards:
                    mine, theirs = theirs, mine
                if mine <= 2 * theirs:
                    if forwards:
                        self.forwards_busy = True
                    else:
                        self.backwards_busy = True
                    return True
                self.turn.wait(0.02)
                if forwards:
                    PyErr_CheckSignals()
                    if check is not None:
                        check(self.engine.at, self.engine.patterns)

    cdef void _took(self, bint forwards):
        with self.turn:
            if forwards:
                self.low, self.forwards_busy = self.low + 1, False
            else:
                self.high, self.backwards_busy = self.high - 1, False
            self.turn.notify_all()

    def _stop_asked(self, step, patterns):
        if self.stopped:
            raise _Stopped()

    def _backwards(self):
        cdef Step s
        try:
            while self._take(False, None):
                _read_step(self.engine.program + self.engine.starts[self.high - 1], &s)
                self.engine._layer(&self.back[self.high], NULL, &self.back[self.high - 1], &s, False,
                                      self._stop_asked, &self.backwards_done)
                self._took(False)
        except _Stopped:
            pass
        except BaseException as error:  # MemoryError: the calling thread raises it
            with self.turn:
                self.failure, self.backwards_busy = error, False
                self.turn.notify_all()

    cdef int meet(self, _Pass engine, Fits *reach, Fits *back, int low, int high, check) except -1:
        """Grow reach (found up to low, at least 1) and back (found down to high) until they meet; the layer
        they meet on (at least 1), or 0 when no thread could be started (nothing grown)."""
        import threading  # here: not at import knight

        cdef Step s
        self.engine, self.reach, self.back, self.low, self.high = engine, reach, back, low, high
        self.turn, self.failure, self.stopped, self.backwards_done = threading.Condition(), None, False, 0
        helper = threading.Thread(target=self._backwards, daemon=True)
        try:
            helper.start()
        except RuntimeError:  # no thread to be had: the pass goes on alone
            return 0
        try:
            while self._take(True, check):
                _read_step(engine.program + engine.starts[self.low], &s)
                engine._layer(&reach[self.low], NULL, &reach[self.low + 1], &s, True, check, &engine.patterns)
                self._took(True)
            while helper.is_alive():
                helper.join(0.02)
                PyErr_CheckSignals()
                if check is not None:
                    check(engine.at, engine.patterns)
        except BaseException:
            with self.turn:
                self.stopped = True
                self.turn.notify_all()
            helper.join()
            raise
        finally:
            engine.patterns += self.backwards_done
        if self.failure is not None:
            raise self.failure
        return self.low


cdef class _Pass:
    """One pattern pass over the flattened plan (see _demands); its check's step is at, its count of
    the patterns expanded (counted against the budget like states) patterns."""

    cdef const int32_t *program
    cdef const size_t *starts
    cdef int nsteps, threads, at
    cdef bint closed
    cdef size_t patterns
    cdef Fits *fits

    cdef run(self, ends, check):
        """_states.demands into fits (left NULL without memory for the patterns: no pruning): forwards
        and backwards a layer at a time, the smaller side first (with threads, both at once: see _Ends),
        then the reachable patterns that fit before the meeting layer. check(step, patterns) and Ctrl-C
        are looked at every CHUNK patterns (see _layer)."""
        cdef int n = self.nsteps, low = 0, high = n, i, met
        cdef bint paired = False
        cdef Fits *reach = <Fits *>calloc(n + 1, sizeof(Fits))
        cdef Fits *back = <Fits *>calloc(n + 1, sizeof(Fits))
        cdef Step s
        self.fits = <Fits *>calloc(n, sizeof(Fits))
        try:
            if reach == NULL or back == NULL or self.fits == NULL:
                raise MemoryError()
            _packed(&reach[0], ends[0])
            _packed(&back[n], ends[1])
            while low < high:
                if self.threads > 1 and not paired and low > 0 and max(reach[low].size, back[high].size) >= ENDS_PATTERNS:
                    paired = True  # wide enough for two threads
                    met = _Ends().meet(self, reach, back, low, high, check)
                    if met:
                        low = high = met
                        break
                if low == 0 or reach[low].size <= back[high].size:  # at least one step forwards
                    _read_step(self.program + self.starts[low], &s)
                    self._layer(&reach[low], NULL, &reach[low + 1], &s, True, check, &self.patterns)
                    low += 1
                else:
                    _read_step(self.program + self.starts[high - 1], &s)
                    self._layer(&back[high], NULL, &back[high - 1], &s, False, check, &self.patterns)
                    high -= 1
            if _meet(&reach[low], &back[low], &self.fits[low - 1]) < 0:
                raise MemoryError()
            for i in range(low - 1, 0, -1):
                _read_step(self.program + self.starts[i], &s)
                self._layer(&reach[i], &self.fits[i], &self.fits[i - 1], &s, True, check, &self.patterns)
            for i in range(low + 1, n + 1):  # only reachable patterns are looked up: these need no meeting
                self.fits[i - 1] = back[i]
                back[i].starts, back[i].rest = NULL, NULL
        except BaseException as error:  # without memory for the patterns, no pruning
            _free_demands(self.fits, n)
            self.fits = NULL
            if not isinstance(error, MemoryError):
                raise
        finally:
            if reach != NULL:
                for i in range(n + 1):
                    _fits_free(&reach[i])
            if back != NULL:
                for i in range(n + 1):
                    _fits_free(&back[i])
            free(reach)
            free(back)
            _trim()

    cdef _layer(self, const Fits *source, const Fits *after, Fits *into, const Step *s, bint forwards, check,
                size_t *done):
        """One layer of the pattern pass into into (new, packed once found): _restrict when after is
        given, else _grow, into a hash set; check(step, done) and Ctrl-C every CHUNK buckets, the
        patterns counted in done (which counts against the budget) as the twin counts them
        (MemoryError when out of memory)."""
        cdef size_t bucket = 0, last, cap = 16
        cdef int failed
        cdef Patterns found
        while cap < 2 * source.size:  # about as many patterns as source's: few doublings
            cap *= 2
        failed = _set_init(&found, cap)
        try:
            while bucket < source.buckets and not failed:
                last = min(bucket + CHUNK, source.buckets)
                with nogil:
                    if after != NULL:
                        failed = _restrict(source, after, &found, s, self.closed, bucket, last)
                    else:
                        failed = _grow(source, &found, s, self.closed, forwards, bucket, last)
                done[0] += source.starts[last] - source.starts[bucket]
                bucket = last
                PyErr_CheckSignals()
                if check is not None:
                    check(self.at, done[0])
        except BaseException:
            free(found.keys)
            raise
        if failed or _fits_pack(into, &found) < 0:
            free(found.keys)
            raise MemoryError()


cdef Fits *_demands(const int32_t *program, const size_t *starts, int nsteps, bint closed, ends, int threads,
                    int at, check) except? NULL:
    """The patterns after each of the nsteps steps of the flattened plan (program, starts), from ends
    (_plan.demand_ends: the patterns before the first step and after the last), for _free_demands;
    NULL without memory for them (no pruning). check(at, patterns) every CHUNK patterns; with threads
    above one, the pass's two ends on two threads (see _Ends)."""
    cdef _Pass found = _Pass()
    found.program, found.starts, found.nsteps, found.closed = program, starts, nsteps, closed
    found.threads, found.at = threads, at
    found.run(ends, check)
    return found.fits


cdef void _free_demands(Fits *fits, int nsteps) noexcept nogil:
    cdef int i
    if fits != NULL:
        for i in range(nsteps):
            _fits_free(&fits[i])
        free(fits)
