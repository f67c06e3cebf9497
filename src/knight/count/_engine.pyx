# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled frontier counter's engine: the layers of the sweep in C, with the GIL released.

The sweep follows ``_plan``'s steps, flattened into one int array (``_rules``), with the state
codes and rules of ``_states`` (the twins' module, whose docstring explains them; in C,
``_rules.pxd``); it gives the same counts and the same peak states as the twin ``_engine_py.py``.
A layer is a hash table of packed states and counts (``_hashtable.pxd``). Counts are unsigned
integers of ``limbs`` 64-bit words, added with carry; a carry out of the top word makes the step
run again from its layer (never changed while it is swept from) with twice the limbs, so an
overflow never gives a wrong answer. Before the first step, the demand patterns are found
(``_patterns``). Before the last step a choice is linked only if its pattern fits: the pattern
after it is found from the state's with bit operations, and which choices fit is found once for
all the states of one pattern (``_advance_early``); the states are taken a batch at a time so that
the hash tables' memory is prefetched for the batch. A state with a mirror image (see ``_plan``)
is merged with it. A layer's table grows no further than the memory available (MemoryError
instead). Wide layers are swept by a crew of threads (``_crew``). Every phase calls the caller's
check every so often: the plan (``_plan.plan``), the demand patterns and each layer.
"""

import time

from libc.stdint cimport int32_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy
from cpython.exc cimport PyErr_CheckSignals

from ._crew cimport _Crew, _Outbox, _send
from ._hashtable cimport (CHUNK, MAX_LIMBS, NO_KEY, _add, _count_at, _fits_free, _fits_has, _fits_prefetch,
                          _fits_prefetch_bucket, _fits_slot, _hash, _home, _key_at, _lay_out, _prefetch, _put,
                          _table_free, _table_init, _table_reset)
from ._patterns cimport KNOWN, _Memo, _demands, _early, _fitting, _free_demands
from ._rules cimport (CELLS, EMPTY, MAX_WIDTH, _below, _finish, _linked, _pack, _pattern, _read_step,
                      _state_pattern, _unpack)

from ._packed import key_words, widths
from ._plan import KNIGHT_STEPS, demand_ends, plan, question_of
from ._rules import _flatten
from ..model._memory import available_memory

cdef enum:
    BATCH = 16  # a state's choices taken together (see _advance)
    STATES = 32  # states taken together before the last step (see _advance_early)
    PIPE = 512  # their choices, at most
    MAX_THREADS = 64       # the most threads a sweep takes
    CREW_STATES = 1 << 11  # a layer of fewer states is swept by one thread


cdef int _advance_early(Table *now, Table *nxt, const Step *s, bint closed, bint alone, const _Memo *memo,
                        bint *overflow, size_t first, size_t last, _Outbox *boxes) noexcept nogil:
    """_advance before the last step, with demand patterns: the choices whose next pattern fits
    are found from the state's pattern (_fitting: bit operations, then a look-up each), once for
    all the states of a pattern (memo, by the pattern's place among the last step's patterns), and
    only they are linked (on the boards that take time, most choices do not fit). The states are
    taken a batch at a time, in passes over the whole batch, so that the memory each needs is
    fetched for all of them at once: the patterns' buckets (where each starts, then the bucket),
    then their choices, then linking and
    packing (the next layer's slots prefetched), then adding up. With boxes (a crew's thread, see
    _Crew), the successors are not added up but sent to their regions' boxes (nxt is not touched)."""
    cdef uint8_t cells[STATES][CELLS]
    cdef const uint64_t *values[STATES]
    cdef const uint64_t *states[STATES]
    cdef uint64_t codes[STATES]
    cdef uint64_t keys[PIPE][2]
    cdef const uint64_t *adds[PIPE]
    cdef uint8_t work[CELLS]
    cdef size_t i = first, slot
    cdef int c, j, k, m, nstates, new = s.nhere - 1
    cdef uint64_t code, choices, below = _below(new)
    while i < last:
        nstates = 0
        while i < last and nstates < STATES:
            if _key_at(now, i)[0] != NO_KEY:
                values[nstates] = _count_at(now, i)
                states[nstates] = _key_at(now, i)
                codes[nstates] = _state_pattern(_key_at(now, i), now.kw, new)
                if memo.before != NULL:
                    _fits_prefetch(memo.before, codes[nstates])
                nstates += 1
            i += 1
        if memo.before != NULL:  # their buckets' first places fetched: now their buckets
            for j in range(nstates):
                _fits_prefetch_bucket(memo.before, codes[j])
        m = 0
        for j in range(nstates):
            code = codes[j]
            if memo.before != NULL:
                slot = _fits_slot(memo.before, code)
                if slot == memo.before.size:
                    choices = _fitting(code & below, code >> (2 * new), s, closed)
                else:
                    if not memo.masks[slot] & KNOWN:
                        memo.masks[slot] = KNOWN | _fitting(code & below, code >> (2 * new), s, closed)
                    choices = memo.masks[slot] & ~KNOWN
            else:
                choices = _fitting(code & below, code >> (2 * new), s, closed)
            if choices:  # unpacked only now: many states have no choice that fits
                _unpack(states[j], new, cells[j])
                cells[j][new] = EMPTY
            c = 0
            while choices:
                if choices & 1:
                    if _linked(cells[j], s, c, closed, alone, work) == 0 and _finish(work, s, closed, keys[m], nxt.kw) == 0:
                        adds[m] = values[j]
                        if boxes == NULL:
                            _prefetch(_key_at(nxt, _home(nxt, _hash(keys[m], nxt.kw))))
                        m += 1
                choices >>= 1
                c += 1
        if boxes != NULL:
            for j in range(m):
                if _send(boxes, nxt, keys[j], adds[j]) < 0:
                    return -1
        else:
            for j in range(m):
                if _put(nxt, keys[j], adds[j], overflow) < 0:
                    return -1
    return 0


cdef int _advance(Table *now, Table *nxt, const Step *s, bint closed, bint alone, const _Memo *memo,
                  uint64_t *total, bint *overflow, size_t first, size_t last) noexcept nogil:
    """Part of a layer: every successor of the states in now's slots first to last into nxt;
    completions into total. -1: no memory.

    Before the last step, with demand patterns: _advance_early. Otherwise _successor in three
    passes over a batch of a state's choices, so that the memory each needs (a pattern's slot,
    then a state's) is fetched for the whole batch at once: link them, then check their
    patterns and pack them, then add them up."""
    cdef uint8_t cells[CELLS]
    cdef uint8_t work[BATCH][CELLS]
    cdef uint64_t patterns[BATCH]
    cdef uint64_t keys[BATCH][2]
    cdef size_t i
    cdef int c, c0, j, n, m, new = s.nhere - 1, state
    cdef uint64_t *value
    if _early(s):
        return _advance_early(now, nxt, s, closed, alone, memo, overflow, first, last, NULL)
    for i in range(first, last):
        if _key_at(now, i)[0] == NO_KEY:
            continue
        value = _count_at(now, i)
        _unpack(_key_at(now, i), new, cells)
        cells[new] = EMPTY
        c0 = 0
        while c0 < s.nchoices:
            n = 0
            for c in range(c0, min(c0 + BATCH, s.nchoices)):
                state = _linked(cells, s, c, closed, alone, work[n])
                if state == 1:
                    if s.last and _add(total, value, now.limbs):
                        overflow[0] = True
                elif state == 0:
                    if s.fits != NULL:
                        patterns[n] = _pattern(work[n], s.keep, s.nkeep)
                        _fits_prefetch(s.fits, patterns[n])
                    n += 1
            m = 0
            for j in range(n):
                if (s.fits == NULL or _fits_has(s.fits, patterns[j])) and _finish(work[j], s, closed, keys[m], nxt.kw) == 0:
                    _prefetch(_key_at(nxt, _home(nxt, _hash(keys[m], nxt.kw))))
                    m += 1
            for j in range(m):
                if _put(nxt, keys[j], value, overflow) < 0:
                    return -1
            c0 += BATCH
    return 0


cdef class _Engine:
    """One sweep in C: the flattened plan, the current and next layers, the total and the peak
    (its attributes are declared in _engine.pxd). With keep, the caller keeps the layers
    (see _draw.pyx): mirror images are not merged, and a count that overflows stops run()."""

    def __cinit__(self, sweep, int limbs, bint keep=False, memory=None, check=None, int threads=1):
        program, starts = _flatten(sweep, check)
        self._take_threads(threads)
        self.widths = widths(sweep)
        if max(self.widths) > MAX_WIDTH:
            raise ValueError(f"the frontier is {max(self.widths)} squares wide: the compiled engine takes at most {MAX_WIDTH}")
        self.limbs, self.kw = limbs, key_words(self.widths)
        self.closed, self.alone = sweep.closed, sweep.alone
        self.program = <int32_t *>malloc((len(program) + 1) * sizeof(int32_t))
        self.starts = <size_t *>malloc((len(starts) + 1) * sizeof(size_t))
        self.total = <uint64_t *>calloc(limbs, sizeof(uint64_t))
        if self.program == NULL or self.starts == NULL or self.total == NULL:
            raise MemoryError()
        if _table_init(&self.now, 1024, self.kw, limbs) < 0 or _table_init(&self.nxt, 1024, self.kw, limbs) < 0:
            raise MemoryError()
        if memory is not None:  # two layers live at once, each of cap × (kw + limbs) words
            self.most = max(1024, memory // (2 * 8 * (self.kw + limbs)))
            self.now.most = self.nxt.most = self.most
        else:
            self.most = <size_t>-1
        for i, word in enumerate(program):
            self.program[i] = word
            if check is not None and i % (16 * CHUNK) == 0:
                check(0, 0)
        for i, start in enumerate(starts):
            self.starts[i] = start
        self.nsteps = len(sweep.steps)
        self.keep = keep
        self.ends = demand_ends(sweep)  # the demand patterns before the first step and after the last

    cdef void _take_threads(self, int threads):
        """Sweep by up to threads threads from now on: a power of two (see _crew.pyx), at most MAX_THREADS."""
        self.threads = 1
        while 2 * self.threads <= min(threads, MAX_THREADS):
            self.threads *= 2

    cdef void _free_fits(self):
        _free_demands(self.fits, self.nsteps)
        self.fits = NULL
        self.fits_from = 0

    cdef void _forget_fits(self, int before) noexcept nogil:
        """Let the patterns after the steps before step before go (a sweep that goes on from step before + 1
        never looks at them again); a sweep from an earlier step finds them all again (see run)."""
        cdef int i
        if self.fits == NULL:
            return
        for i in range(self.fits_from, min(before, self.nsteps)):
            _fits_free(&self.fits[i])
        self.fits_from = max(self.fits_from, before)

    def __dealloc__(self):
        self._free_fits()
        free(self.program)
        free(self.starts)
        free(self.total)
        _table_free(&self.now)
        _table_free(&self.nxt)

    def load(self, int first, states):
        """Start at step first from the (bytes, count) states."""
        cdef uint64_t key[2]
        cdef uint64_t value[MAX_LIMBS]
        cdef uint8_t out[CELLS]
        cdef bint overflow = False
        self.at = first
        for state, ways in states:
            if len(state) != self.widths[first] or ways >> (64 * self.limbs):
                raise ValueError("a piece's state or count does not fit this sweep")
            for k, code in enumerate(state):
                out[k] = code
            for j in range(self.limbs):
                value[j] = (ways >> (64 * j)) & 0xFFFFFFFFFFFFFFFF
            _pack(out, len(state), key, self.kw)
            if _put(&self.now, key, value, &overflow) < 0:
                raise MemoryError()
        self.peak = max(self.peak, self.now.size)

    def run(self, int stop, check=None):
        """Sweep on up to step stop; False if a count overflowed with layers kept (run again with more
        limbs). Without kept layers, a step that overflows is swept again with twice the limbs. After
        each step, the layer swept from is the next one's table (see _hand_over).

        check(step, states) is called every CHUNK hash slots, with the step being swept and the
        states expanded so far (Ctrl-C is looked at then too); it stops the sweep by raising.
        """
        if self.fits != NULL and self.fits_from > max(0, self.at - 1):  # patterns let go that this sweep needs
            self._free_fits()
            self.pruned = False
        if not self.pruned and not self.alone and self.nsteps:
            self.pruned = True  # for good: without memory for the patterns, no pruning
            self.fits = _demands(self.program, self.starts, self.nsteps, self.closed, self.ends, self.threads, self.at,
                                 check)
        try:
            return self._run(stop, check)
        finally:
            if self._crew is not None:
                self._crew.stop()
                self._crew = None

    cdef _run(self, int stop, check):
        """run's steps (the crew, if one is made, is stopped by run)."""
        cdef Step s
        cdef bint overflow = False, crewed
        cdef int i = self.at, failed = 0
        cdef Table swap
        while i < stop:
            _read_step(self.program + self.starts[i], &s)
            if self.fits != NULL:
                s.fits = &self.fits[i]
            if self.keep:  # drawing walks the states as they are: no merging with mirror images
                s.nmirror = 0
            crewed = self.threads > 1 and i >= 1 and _early(&s) and not self.keep and self.now.size >= CREW_STATES
            if crewed and self._crew is None:
                try:
                    self._crew = _Crew(self.threads)
                except RuntimeError:  # no threads to be had (a limit on them): this thread sweeps alone
                    self.threads, crewed = 1, False
            _table_reset(&self.nxt, self.now.size, not crewed)  # a crew clears the slots itself
            self.work += self.now.size
            if crewed:
                (<_Crew>self._crew).sweep(_advance_early, &self.now, &self.nxt, &s, &self.fits[i - 1], self.closed,
                                          self.alone, &overflow, i, self, check)
                failed = 0
            else:
                failed = self._step(&s, i, &overflow, check)
            if failed:
                raise MemoryError(
                    f"a layer of the frontier sweep outgrew the memory available, past {self.nxt.size:,} states "
                    f"on square {i + 1} of {self.nsteps}"
                )
            if overflow and not self.keep:  # the layer swept from is intact: widen it, sweep again
                self._widen()
                overflow = False
                continue
            swap = self.now
            self.now = self.nxt
            self.nxt = swap
            self.peak = max(self.peak, self.now.size)
            i += 1
            self.at = i
            if overflow:
                return False
        self.at = stop
        return True

    cdef int _step(self, Step *s, int i, bint *overflow, check) except -1:
        """Sweep the current layer (step s, the i-th) into the next by this thread alone: 1 when out of
        memory. check and Ctrl-C every CHUNK slots."""
        cdef size_t slot = 0, last
        cdef int failed = 0
        cdef _Memo memo
        memo.before, memo.masks = NULL, NULL
        if i >= 1 and _early(s):
            memo.masks = <uint64_t *>calloc(self.fits[i - 1].size, sizeof(uint64_t))  # without memory, no memo
            if memo.masks != NULL:
                memo.before = &self.fits[i - 1]
        try:
            while slot < self.now.cap and not failed:
                last = min(slot + CHUNK, self.now.cap)
                with nogil:
                    failed = _advance(&self.now, &self.nxt, s, self.closed, self.alone, &memo, self.total,
                                      overflow, slot, last) < 0
                slot = last
                PyErr_CheckSignals()
                if check is not None:
                    check(i, self.work)
        finally:
            free(memo.masks)
        return failed

    cdef int _hand_over(self, Table *into) except -1:
        """Give into the layer the last step was swept from (a draw keeps it; into must be empty);
        the next step starts in a new table."""
        into[0] = self.nxt
        self.nxt.slots = NULL
        if _table_init(&self.nxt, 1024, self.kw, self.limbs) < 0:
            raise MemoryError("the frontier's layers outgrew memory")
        self.nxt.most = self.most
        return 0

    def _widen(self):
        """Twice the limbs for every count: the current layer's copied (slots unchanged), the next
        layer's table new, the total zeroed (only the last step adds to it, and it is swept again)."""
        cdef int limbs = 2 * self.limbs, j
        cdef size_t slot
        cdef Table wider
        cdef uint64_t *total
        if limbs > MAX_LIMBS:
            raise OverflowError(f"a count needs more than {64 * MAX_LIMBS} bits")
        if self.most != <size_t>-1:
            self.most = max(1024, self.most * (self.kw + self.limbs) // (self.kw + limbs))
        total = <uint64_t *>calloc(limbs, sizeof(uint64_t))
        if total == NULL or _table_init(&wider, self.now.cap, self.kw, limbs, self.now.half) < 0:
            free(total)
            raise MemoryError("a layer of the frontier sweep outgrew memory while its counts grew wider")
        for slot in range(self.now.cap):
            memcpy(_key_at(&wider, slot), _key_at(&self.now, slot), self.kw * sizeof(uint64_t))
            for j in range(limbs):
                _count_at(&wider, slot)[j] = _count_at(&self.now, slot)[j] if j < self.limbs else 0
        wider.size, wider.most = self.now.size, self.most
        _lay_out(&wider, self.now.cap, self.now.pbits, self.now.rbits)  # the slots copied as they are
        memcpy(wider.rsize, self.now.rsize, sizeof(wider.rsize))
        _table_free(&self.now)
        self.now = wider
        _table_free(&self.nxt)
        if _table_init(&self.nxt, 1024, self.kw, limbs, wider.half) < 0:
            raise MemoryError()
        self.nxt.most = self.most
        free(self.total)
        self.total = total
        self.limbs = limbs

    @property
    def size(self):
        """The states in the current layer."""
        return self.now.size

    def total_count(self):
        """The tours completed so far (undirected), as a Python int."""
        return sum(self.total[j] << (64 * j) for j in range(self.limbs))

    def states(self):
        """The current layer, as sorted (bytes, count) pairs."""
        cdef size_t i
        cdef uint8_t cells[CELLS]
        cdef int width = self.widths[self.at]
        found = []
        for i in range(self.now.cap):
            if _key_at(&self.now, i)[0] != NO_KEY:
                _unpack(_key_at(&self.now, i), width, cells)
                ways = sum(_count_at(&self.now, i)[j] << (64 * j) for j in range(self.limbs))
                found.append((bytes(cells[:width]), ways))
        return sorted(found)


def _sweep(sweep, int first, states, check, int threads=1):
    """(undirected tours × factor, peak states, states expanded) from states before step first of the
    sweep (a plan), with enough limbs, by up to threads threads (see _crew.pyx)."""
    limbs = max([1] + [-(-ways.bit_length() // 64) for _, ways in states])
    while True:
        if limbs > MAX_LIMBS:
            raise OverflowError(f"a count needs more than {64 * MAX_LIMBS} bits")
        engine = _Engine(sweep, limbs, False, available_memory(), check, threads)
        engine.load(first, states)
        if engine.run(len(sweep.steps), check):
            return sweep.factor * engine.total_count(), engine.peak, engine.work
        limbs *= 2


def layer(sweep, int first, states, int stop, check=None, int threads=1):
    """The states (sorted (bytes, count) pairs) after steps first to stop - 1 of the sweep (a plan),
    from states before step first; check and threads as for count."""
    limbs = max([1] + [-(-ways.bit_length() // 64) for _, ways in states])
    engine = _Engine(sweep, limbs, False, available_memory(), check, threads)
    engine.load(first, states)
    engine.run(stop, check)
    return engine.states()


def each_layer(sweep, int first, states, check=None, int threads=1):
    """After each step from first on: (steps swept, the states as sorted (bytes, count) pairs, the
    tours completed so far), one engine throughout; check and threads as for count."""
    limbs = max([1] + [-(-ways.bit_length() // 64) for _, ways in states])
    engine = _Engine(sweep, limbs, False, available_memory(), check, threads)
    engine.load(first, states)
    while engine.at < len(sweep.steps):
        engine.run(engine.at + 1, check)
        yield engine.at, engine.states(), engine.total_count()


def count_stats(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, check=None, wrap=None, threads=1):
    """(count, peak states in one layer, seconds) for the same question as count()."""
    began = time.perf_counter()
    question = question_of(rows, cols, mask, start, end, closed, moves, wrap)
    sweep = plan(*question, check=check)
    total, peak, _ = _sweep(sweep, 0, [(b"", 1)], check, threads) if sweep.factor else (0, 0, 0)
    return total, peak, time.perf_counter() - began


def count(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, check=None, wrap=None, threads=1):
    """The number of tours, as knight.count counts them (see _plan's docstring).

    check(step, states), if given, is called every so often with the step being swept and
    the states expanded so far (the plan's squares and the demand patterns counted as
    states); it stops the count by raising. threads: the most threads the sweep takes (rounded
    down to a power of two, at most 64): the demand patterns' two ends and each layer of at least
    CREW_STATES states are swept by them together (see _patterns.pyx, _crew.pyx), with the same
    answer and states.
    """
    return count_stats(rows, cols, mask, start, end, closed, moves, check, wrap, threads)[0]
