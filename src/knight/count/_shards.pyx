# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled shards' rounds (its twin: ``_shards_py.py``): the sharded sweep's round (see ``_spread``,
and ``_packed`` for the format), one shard's states loaded into an engine (``_engine``), advanced
and dealt to their owners; and the check of a piece read from a file not written here
(``check_piece``). An engine's demand patterns are a few per cent of a whole sweep's time, and a
sharded sweep has a round a square: each process keeps its idle engines, pruned and emptied, for
the last _IDLE_PLANS sweeps. A round holds at once no more than it must: each piece is let go once loaded
(pieces may come one at a time, ``_packed.Stream``), the layer loaded is packed into its states
alone before it is swept (it is only read), the next table is made for as many states as were loaded
and grows in place as it fills (``_hashtable``), the layer swept from goes once swept, the layer dealt
is packed into its states alone too and put in its owners' order in place (each state's owner a byte
while they are dealt, up to 256 shards), and with a sink each shard's states are handed over in
pieces of at most ``_packed.DEALT`` states, made one at a time; the heap's free memory is given back
after each round."""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize

from ._engine cimport _Engine
from ._hashtable cimport (MAX_LIMBS, NO_KEY, SLICES, Table, _count_at, _hash, _home, _key_at, _prefetch, _put,
                         _slots_for, _table_free, _table_init, _table_room, _trim)
from ._rules cimport CELLS, FIRST_LABEL, _pack, _unpack

from . import _packed
from ..model._remembered import remembered
from ..model._memory import available_memory

#: The sweeps whose idle engines a process keeps.
_IDLE_PLANS = 2

cdef extern from *:
    """
    #include <string.h>
    #if (defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) || defined(_M_X64) || defined(_M_IX86) || defined(_M_ARM64)
    static inline void knight_store_le64(char *p, uint64_t w) { memcpy(p, &w, 8); }
    static inline uint64_t knight_load_le64(const unsigned char *p) { uint64_t w; memcpy(&w, p, 8); return w; }
    #else
    static inline void knight_store_le64(char *p, uint64_t w) { int b; for (b = 0; b < 8; b++) { p[b] = (char)(w & 0xFF); w >>= 8; } }
    static inline uint64_t knight_load_le64(const unsigned char *p) { uint64_t w = 0; int b; for (b = 7; b >= 0; b--) w = (w << 8) | p[b]; return w; }
    #endif
    """
    # a count's 64-bit word as the packed format keeps it (little-endian), written or read: one move where
    # the machine is little-endian
    void _store_le64 "knight_store_le64"(char *p, uint64_t w) noexcept nogil
    uint64_t _load_le64 "knight_load_le64"(const uint8_t *p) noexcept nogil


cdef enum:
    LOADS = 16  # states a load packs (their slots prefetched) before putting them

cdef uint32_t _CRC[4][256]  # zlib's CRC-32 table, and three more to take four bytes at a time
for _byte in range(256):
    _crc = _byte
    for _ in range(8):
        _crc = (_crc >> 1) ^ (0xEDB88320 if _crc & 1 else 0)
    _CRC[0][_byte] = _crc
for _slice in range(1, 4):
    for _byte in range(256):
        _CRC[_slice][_byte] = (_CRC[_slice - 1][_byte] >> 8) ^ _CRC[0][_CRC[_slice - 1][_byte] & 0xFF]

_IDLE = {}  # plan -> idle engines


cdef inline uint32_t _crc32(const uint8_t *codes, int n) noexcept nogil:
    """zlib.crc32 of n bytes (_packed.owner's hash), four bytes at a time (four lookups that do not wait
    for each other, where a byte at a time waits for the last)."""
    cdef uint32_t c = <uint32_t>0xFFFFFFFFu
    cdef int k = 0
    while k + 4 <= n:
        c ^= codes[k] | (<uint32_t>codes[k + 1] << 8) | (<uint32_t>codes[k + 2] << 16) | (<uint32_t>codes[k + 3] << 24)
        c = _CRC[3][c & 0xFF] ^ _CRC[2][(c >> 8) & 0xFF] ^ _CRC[1][(c >> 16) & 0xFF] ^ _CRC[0][c >> 24]
        k += 4
    while k < n:
        c = _CRC[0][(c ^ codes[k]) & 0xFF] ^ (c >> 8)
        k += 1
    return ~c


cdef int _bits(const uint64_t *count, int limbs) noexcept nogil:
    cdef int top = limbs - 1, bits = 0
    cdef uint64_t word
    while top > 0 and count[top] == 0:
        top -= 1
    word = count[top]
    while word:
        bits += 1
        word >>= 1
    return 64 * top + bits if bits else 0


cdef inline void _write(const Table *t, size_t i, int width, char **keys, char **counts, int words) noexcept nogil:
    """Slot i's state and count written at keys[0] and counts[0] (in words words), which move on."""
    cdef int j
    cdef const uint64_t *count = _count_at(t, i)
    _unpack(_key_at(t, i), width, <uint8_t *>keys[0])
    keys[0] += width
    for j in range(words):
        _store_le64(counts[0], count[j] if j < t.limbs else 0)
        counts[0] += 8


cdef _piece(const Table *t, size_t at, size_t n, int width, int bits, int words):
    """The piece of the n states in t's slots from at on, their counts in words words (NOTHING: none)."""
    cdef char *keys
    cdef char *counts
    cdef size_t i
    if n == 0:
        return _packed.NOTHING
    piece = (PyBytes_FromStringAndSize(NULL, n * width), PyBytes_FromStringAndSize(NULL, n * 8 * words), bits)
    keys, counts = PyBytes_AS_STRING(piece[0]), PyBytes_AS_STRING(piece[1])
    with nogil:
        for i in range(at, at + n):
            _write(t, i, width, &keys, &counts, words)
    return piece


cdef inline int _owner(const void *owners, int wide, size_t i) noexcept nogil:
    """State i's owner in owners (wide bytes a state)."""
    return (<int>(<const uint8_t *>owners)[i] if wide == 1 else <int>(<const uint16_t *>owners)[i] if wide == 2
            else <int>(<const uint32_t *>owners)[i])


cdef inline void _own(void *owners, int wide, size_t i, int o) noexcept nogil:
    """State i's owner in owners set to o."""
    if wide == 1:
        (<uint8_t *>owners)[i] = <uint8_t>o
    elif wide == 2:
        (<uint16_t *>owners)[i] = <uint16_t>o
    else:
        (<uint32_t *>owners)[i] = <uint32_t>o


cdef void _by_owner(Table *t, void *owners, int wide, int shards, const size_t *sizes, size_t *ends) noexcept nogil:
    """t's states (its first t.size slots, state i's owner owners[i]) put in their owners' order in place, each
    swapped straight to its owner's next place (an American flag sort: no array of the states' order);
    shard o's sizes[o] states are then the slots before ends[o]."""
    cdef size_t at = 0, i, j, words = t.width * sizeof(uint64_t)
    cdef int o, b
    cdef uint64_t held[2 + MAX_LIMBS]
    for b in range(shards):  # ends[b]: shard b's next place, from where its run starts
        ends[b], at = at, at + sizes[b]
    at = 0
    for b in range(shards):  # the shards before b are in place: a state here is b's or a later shard's
        at += sizes[b]  # where b's run ends
        i = ends[b]
        while i < at:
            o = _owner(owners, wide, i)
            if o == b:
                i += 1
                continue
            j = ends[o]  # state i to shard o's next place, and the state there here
            ends[o] += 1
            memcpy(held, _key_at(t, j), words)
            memcpy(_key_at(t, j), _key_at(t, i), words)
            memcpy(_key_at(t, i), held, words)
            _own(owners, wide, i, _owner(owners, wide, j))
        ends[b] = at


cdef void _states_alone(Table *t) noexcept nogil:
    """t's states moved to its first slots (in slot order), the rest of its memory given back: a layer that
    is only swept from, never probed, takes 8 × (kw + limbs) bytes a state, not a table's 21-43 (three
    eighths to three quarters full). Its slots rounded up to a multiple of SLICES with empty ones (a
    crew's threads take equal runs of them); it is no longer a hash table (no power of two: never to be
    probed or filled again, only swept from and freed)."""
    cdef size_t i, j = 0, room, bytes_ = t.width * sizeof(uint64_t)
    for i in range(t.cap):
        if _key_at(t, i)[0] != NO_KEY:
            if i != j:
                memcpy(_key_at(t, j), _key_at(t, i), bytes_)
            j += 1
    room = max(<size_t>SLICES, (j + SLICES - 1) // SLICES * SLICES)  # at most t.cap, a multiple of SLICES
    memset(_key_at(t, j), 0xFF, (room - j) * bytes_)
    _table_room(t, room)  # else it keeps its memory
    t.cap = room


cdef list _deal(_Engine engine, int shards, sink, size_t most):
    """The engine's current layer (rearranged: it is not needed after) as one _packed piece a shard; with a
    sink, each shard's states are given to sink(shard, piece) in pieces of at most most states, each made
    when the last is given, and the list holds NOTHING. The states are moved to the table's first slots (the
    rest of its memory given back), each one's owner found once (a byte each up to 256 shards; the widest
    count of each shard's found by or-ing its counts), and put in their owners' order in place, so that a
    piece is a run of slots: a deal holds the states, their owners and one piece."""
    cdef Table *t = &engine.now
    cdef int width = engine.widths[engine.at], o, j, limbs = t.limbs, bits, words
    cdef size_t i, at = 0, n
    cdef uint8_t cells[CELLS]
    cdef const uint64_t *count
    cdef int wide = 1 if shards <= 256 else 2 if shards <= 65536 else 4  # the bytes an owner takes
    cdef void *owners = NULL
    cdef size_t *sizes = <size_t *>calloc(shards, sizeof(size_t))
    cdef size_t *ends = <size_t *>calloc(shards, sizeof(size_t))
    cdef uint64_t *ors = <uint64_t *>calloc(shards * limbs, sizeof(uint64_t))
    pieces = []
    try:
        if sizes == NULL or ends == NULL or ors == NULL:
            raise MemoryError()
        _states_alone(t)
        owners = malloc(max(<size_t>1, t.size) * wide)
        if owners == NULL:
            raise MemoryError()
        with nogil:
            for i in range(t.size):
                o = 0
                if shards > 1:
                    _unpack(_key_at(t, i), width, cells)
                    o = _crc32(cells, width) % shards
                _own(owners, wide, i, o)
                sizes[o] += 1
                count = _count_at(t, i)
                for j in range(limbs):
                    ors[o * limbs + j] |= count[j]
            _by_owner(t, owners, wide, shards, sizes, ends)
        free(owners)
        owners = NULL
        for o in range(shards):  # shard o's states: slots ends[o] - sizes[o] to ends[o] - 1
            bits = _bits(ors + o * limbs, limbs)
            words = max(1, (bits + 63) // 64)
            if sink is None:
                pieces.append(_piece(t, at, sizes[o], width, bits, words))
            else:
                while at < ends[o]:
                    n = min(most, ends[o] - at)
                    sink(o, _piece(t, at, n, width, bits, words))  # let go before the next is made
                    at += n
                pieces.append(_packed.NOTHING)
            at = ends[o]
        return pieces
    finally:
        free(owners)
        free(sizes)
        free(ends)
        free(ors)


cdef size_t _room_for(_Engine engine, size_t states):
    """The slots of a table that holds states states three quarters full, within the most the engine may take."""
    return min(_slots_for(states), max(<size_t>1024, engine.most))


cdef _small(_Engine engine, Table *t, size_t cap):
    """t emptied, its table cap slots again (the memory of a layer no longer needed given back), to grow by
    half as it fills (a shard's round holds as little as it may)."""
    _table_free(t)
    if _table_init(t, cap, engine.kw, engine.limbs, True) < 0:
        raise MemoryError()
    t.most = engine.most


cdef _load(_Engine engine, int first, size_t states, source):
    """engine.load of _packed pieces (source: an iterator of them, holding states states), in C (a state in
    several pieces: its counts added), LOADS states at a time: packed, their first slots prefetched, then
    put (a put is mostly a wait for its slot); each piece let go once loaded."""
    cdef const uint8_t *keys
    cdef const uint8_t *counts
    cdef int width = engine.widths[first], words, j, q, m
    cdef size_t i, n, at
    cdef uint64_t key[LOADS][2]
    cdef uint64_t value[LOADS][MAX_LIMBS]
    cdef bint overflow = False
    cdef int failed = 0
    cdef Table *t = &engine.now
    engine.at = first
    # the table sized for every state at once (three quarters full at most, as _put keeps it): a piece
    # comes in its sender's slot order, and keys put in hash order into a table that grows as it fills
    # pile up in long probe runs
    _small(engine, &engine.now, _room_for(engine, states))
    for piece_keys, piece_counts, bits in source:
        words = max(1, (bits + 63) // 64)
        n = len(piece_counts) // (8 * words)
        if words > engine.limbs or len(piece_keys) != n * width or len(piece_counts) != n * 8 * words:
            raise ValueError("a piece's states or counts do not fit this sweep")
        keys, counts = piece_keys, piece_counts
        with nogil:
            at = 0
            while at < n and not failed:
                m = <int>min(<size_t>LOADS, n - at)
                for q in range(m):
                    i = at + q
                    _pack(keys + i * width, width, key[q], engine.kw)
                    _prefetch(_key_at(t, _home(t, _hash(key[q], engine.kw))))
                    for j in range(engine.limbs):
                        value[q][j] = _load_le64(counts + (i * words + j) * 8) if j < words else 0
                for q in range(m):
                    if _put(t, key[q], value[q], &overflow) < 0:
                        failed = 1
                        break
                at += m
        if failed:
            raise MemoryError(f"a shard of the frontier sweep outgrew the memory available, past {engine.now.size:,} states")
        piece_keys = piece_counts = None  # let go before the next piece is read
    if overflow:
        raise OverflowError("a shard's counts overflowed while loading")
    engine.peak = max(engine.peak, engine.now.size)


cdef _empty(_Engine engine):
    """The engine's layers emptied (their tables small again), its total and work zeroed."""
    _small(engine, &engine.now, 1024)
    _small(engine, &engine.nxt, 1024)
    memset(engine.total, 0, engine.limbs * sizeof(uint64_t))
    engine.work = engine.peak = 0


def shard_round(sweep, int first, int stop, pieces, int shards, check=None, int threads=1, sink=None):
    """One shard's round of a sharded sweep (the twin's format and answers): the states of pieces
    (_packed pieces, a state maybe in several, its counts added: a list, emptied as they are loaded so
    that their memory goes, or a _packed.Stream) before step first of the sweep (a plan), advanced to
    step stop. Returns (one piece a shard of the states after stop, dealt by _packed.owner; the
    undirected tours completed; the states after stop; the states expanded); with sink, each shard's
    states are given to sink(shard, piece) in pieces of at most _packed.DEALT states (the list's piece
    split in order; none for a shard dealt nothing), each as it is made, and the list holds NOTHING;
    check and threads as for count (the shard's wide layers swept by a crew: the same answers)."""
    cdef _Engine engine
    states, limbs, source = _packed.opened(pieces)
    idle = remembered(_IDLE, sweep, list, _IDLE_PLANS)
    try:
        engine = idle.pop()
    except IndexError:
        engine = _Engine(sweep, limbs, False, available_memory(), check, threads)
    engine._take_threads(threads)  # an idle engine may have swept with other threads
    while engine.limbs < limbs:
        engine._widen()
    _load(engine, first, states, source)
    loaded = engine.now.size
    engine._forget_fits(first - 1)  # a shard's rounds go forwards: the patterns of the squares before, let go
    _states_alone(&engine.now)  # only swept from: its states alone
    _trim()  # the pieces loaded, given back (the heap would keep them while the next table is made)
    # the next table made for as many states as were loaded, three quarters full: it grows in place (by half,
    # a region at a time) where the layer grows, and is no larger than this round's own layer where it shrinks
    _small(engine, &engine.nxt, _room_for(engine, loaded))
    engine.run(min(stop, first + 1), check)  # on an error, the engine is dropped
    if engine.at < stop:  # the packed layer is the next table now: a table again, then the rest of the round
        _small(engine, &engine.nxt, engine.now.cap)
        engine.run(stop, check)
    _small(engine, &engine.nxt, 1024)  # the layer swept from, not needed while the next one is dealt
    found = (
        _deal(engine, shards, sink, _packed.DEALT) if engine.now.size else [_packed.NOTHING] * shards,
        engine.total_count(),
        engine.now.size,
        engine.work,
    )
    _empty(engine)
    _trim()  # the tables and pieces of a few megabytes the heap kept, given back between rounds
    idle.append(engine)
    return found


cdef int _bad_state(const uint8_t *keys, size_t n, int width, size_t *at) noexcept nogil:
    """check_piece's codes: 0, or 1 or 2 with at the state's number."""
    cdef size_t i
    cdef int k, code, fresh, bound = FIRST_LABEL + width // 2
    cdef uint8_t seen[CELLS]
    cdef const uint8_t *state
    for i in range(n * width):
        if keys[i] >= bound:
            at[0] = i // width
            return 1
    for i in range(n):
        state = keys + i * width
        memset(seen, 0, sizeof(seen))
        fresh = FIRST_LABEL
        at[0] = i
        for k in range(width):
            code = state[k]
            if code < FIRST_LABEL:
                continue
            if seen[code] == 0:
                if code != fresh:
                    return 2
                fresh += 1
            seen[code] += 1
            if seen[code] > 2:
                return 2
        for code in range(FIRST_LABEL, fresh):
            if seen[code] != 2:
                return 2
    return 0


cdef int _wide_count(const uint8_t *counts, size_t n, int bits, size_t *at) noexcept nogil:
    """check_piece's counts: 0, or 3 with at the count's number."""
    cdef int words = max(1, (bits + 63) // 64), top = bits % 64, k
    cdef size_t i
    cdef const uint8_t *word
    if top == 0:
        return 0
    for i in range(n):
        word = counts + (i * words + words - 1) * 8  # the top word, little-endian
        for k in range(8):
            if (8 * k >= top and word[k]) or (8 * k < top < 8 * k + 8 and word[k] >> (top - 8 * k)):
                at[0] = i
                return 3
    return 0


def check_piece(const uint8_t[::1] keys, const uint8_t[::1] counts, int bits, int width):
    """Whether a piece read from a file not written here holds states the sweep can hold (its twin's
    answers; _shardfile.check_states words the errors): (0, 0) if so; (1, i): state i holds a code at or
    past FIRST_LABEL + width // 2; (2, i): state i is not a frontier state (its path labels each twice
    and numbered in order of first appearance); (3, i): count i is wider than bits."""
    cdef size_t n = keys.shape[0] // width if width > 0 else 0, at = 0
    cdef int found
    cdef const uint8_t *codes = &keys[0] if keys.shape[0] else NULL
    cdef const uint8_t *words = &counts[0] if counts.shape[0] else NULL
    with nogil:
        found = _bad_state(codes, n, width, &at) if n else 0
        if not found and words != NULL:
            found = _wide_count(words, counts.shape[0] // (8 * max(1, (bits + 63) // 64)), bits, &at)
    if not found:
        at = 0
    return found, at
