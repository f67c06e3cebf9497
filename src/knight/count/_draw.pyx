# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled uniform draw of one tour from the frontier sweep (its twin: ``_draw_py.py``).

The sweep is the compiled counter's engine (``_engine``'s ``_Engine``, cimported through
``_engine.pxd``), run on ``_plan``'s steps with every layer kept and mirror images not
merged. Each kept state's count is then turned into the number of tours it leads to, last
layer first; each draw walks forward from the empty frontier, picking each step's choice
with odds in proportion to the tours its next state leads to, and follows the chosen edges
(``_plan.walk_edges``). The twin keeps transitions and walks backwards: each
implementation's draws are uniform, and a seed gives the same tour every time.
"""

from libc.stdint cimport uint8_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from ._engine cimport _Engine
from ._hashtable cimport MAX_LIMBS, NO_KEY, Table, _add, _count_at, _key_at, _lookup, _table_free
from ._rules cimport CELLS, EMPTY, Step, _read_step, _successor, _unpack
from ._plan import KNIGHT_STEPS, TooManyArrows, plan, question_of, walk_edges
from ..model._remembered import remembered

cdef void _completions(Table *layer, const Table *after, const Step *s, bint closed, bint alone) noexcept nogil:
    """Overwrite layer's counts with each state's completions: the tours its successors complete
    (1 for a completing choice at the last step, else the successor's completions in after)."""
    cdef uint8_t cells[CELLS]
    cdef uint64_t key[2]
    cdef uint64_t one[MAX_LIMBS]
    cdef size_t i, j
    cdef int c, state, new = s.nhere - 1
    cdef uint64_t *value
    memset(one, 0, sizeof(one))
    one[0] = 1
    for i in range(layer.cap):
        if _key_at(layer, i)[0] == NO_KEY:
            continue
        value = _count_at(layer, i)
        _unpack(_key_at(layer, i), new, cells)
        cells[new] = EMPTY
        memset(value, 0, layer.limbs * sizeof(uint64_t))
        for c in range(s.nchoices):
            state = _successor(cells, s, c, closed, alone, key, layer.kw)
            if state == 1 and s.last:
                _add(value, one, layer.limbs)
            elif state == 0 and after != NULL:
                j = _lookup(after, key)
                if j < after.cap:
                    _add(value, _count_at(after, j), layer.limbs)


cdef class _Layers:
    """Every layer of one sweep, kept (the layer before each step), for drawing tours."""

    cdef _Engine engine
    cdef Table *kept
    cdef int nsteps

    def __cinit__(self, _Engine engine):
        self.engine = engine
        self.nsteps = engine.nsteps
        self.kept = <Table *>calloc(engine.nsteps + 1, sizeof(Table))
        if self.kept == NULL:
            raise MemoryError()

    def __dealloc__(self):
        if self.kept != NULL:
            for i in range(self.nsteps):
                _table_free(&self.kept[i])
            free(self.kept)

    def sweep(self, check=None):
        """Run the engine (made with keep) from the empty frontier a step at a time, keeping the layer
        each step is swept from; False when a count overflowed (sweep again with more limbs).
        check(step, states) as for the engine's run."""
        cdef _Engine engine = self.engine
        cdef int i
        engine.load(0, [(b"", 1)])
        for i in range(self.nsteps):
            swept = engine.run(i + 1, check)
            engine._hand_over(&self.kept[i])
            if not swept:
                return False
        return True

    def total_count(self):
        """The tours completed at the last step (undirected), as a Python int."""
        return self.engine.total_count()

    def complete_counts(self):
        """Turn the kept layers' counts (tours reaching each state) into completions (tours each
        state leads to), last layer first; then draw() walks forward. Once, after sweep()."""
        cdef Step s
        cdef int i
        cdef _Engine engine = self.engine
        with nogil:
            for i in range(self.nsteps - 1, -1, -1):
                _read_step(engine.program + engine.starts[i], &s)
                if engine.fits != NULL:
                    s.fits = &engine.fits[i]
                s.nmirror = 0
                _completions(&self.kept[i], &self.kept[i + 1] if i + 1 < self.nsteps else NULL, &s,
                             engine.closed, engine.alone)

    def draw(self, steps, rng):
        """One completed tour drawn uniformly, walking forward through the kept layers (after
        complete_counts): for each step, the frontier positions the new square is linked to."""
        cdef Step s
        cdef uint8_t cells[CELLS]
        cdef uint64_t key[2]
        cdef uint64_t here[2]
        cdef size_t j
        cdef int i, c, state
        cdef Table *after
        cdef _Engine engine = self.engine
        here[0] = here[1] = 0
        chosen = []
        for i in range(self.nsteps):
            _read_step(engine.program + engine.starts[i], &s)
            if engine.fits != NULL:
                s.fits = &engine.fits[i]
            s.nmirror = 0
            _unpack(here, s.nhere - 1, cells)
            cells[s.nhere - 1] = EMPTY
            after = &self.kept[i + 1] if i + 1 < self.nsteps else NULL
            options = []
            for c in range(s.nchoices):
                state = _successor(cells, &s, c, engine.closed, engine.alone, key, engine.kw)
                if state == 1 and s.last:
                    options.append((1, c, 0, 0))
                elif state == 0 and after != NULL:
                    j = _lookup(after, key)
                    if j < after.cap:
                        ways = sum(_count_at(after, j)[k] << (64 * k) for k in range(engine.limbs))
                        options.append((ways, c, key[0], key[1] if engine.kw == 2 else 0))
            pick = rng.randrange(sum(ways for ways, _, _, _ in options))
            for ways, c, first, second in options:
                pick -= ways
                if pick < 0:
                    break
            here[0], here[1] = first, second
            chosen.append(steps[i].choices[c])
        return chosen


_KEPT = {}  # the last 2 questions' kept sweeps


def _kept_sweep(question, most, check=None):
    """The plan of question and its layers, kept for drawing tours (None when the plan says there is
    no tour); TooManyArrows past most states kept; check(step, states) every so often."""
    return remembered(_KEPT, (question, most), lambda: _keep_sweep(question, most, check), 2)


def _keep_sweep(question, most, check):
    """_kept_sweep, uncached."""
    sweep = plan(*question, check=check)
    if not sweep.factor or not sweep.steps:
        return sweep, None
    limbs = 1

    def watch(step, states):
        if states > most:
            raise TooManyArrows(f"sampling keeps every state of the sweep: more than {most:,}")
        if check is not None:
            check(step, states)

    while True:
        layers = _Layers(_Engine(sweep, limbs, True, None, check))
        if layers.sweep(watch):
            layers.complete_counts()
            return sweep, layers
        limbs *= 2


def sample(rows, cols, mask, start, end, closed, moves=KNIGHT_STEPS, rng=None, most=5_000_000, check=None):
    """One tour, uniform among those _frontier.count(...) counts: its squares in visiting order (the twin's contract).

    The sweep keeps every layer (for the last 2 questions asked) and then turns each state's
    count into the number of tours it leads to, last layer first; each draw walks forward
    from the empty frontier, picking each step's choice with odds in proportion to the tours
    its next state leads to. most bounds the states kept (16 bytes and more each): past it,
    TooManyArrows. ValueError when there is no tour. check(step, states) as for
    _frontier.count: it stops the draw by raising.
    """
    if rng is None:
        import random  # here: importing knight stays quick

        rng = random.Random()
    sweep, layers = _kept_sweep(question_of(rows, cols, mask, start, end, closed, moves), most, check)
    if layers is None or layers.total_count() == 0:
        raise ValueError("no tour to sample: the count is 0")
    return walk_edges(sweep, layers.draw(sweep.steps, rng), start, end, closed, rng)
