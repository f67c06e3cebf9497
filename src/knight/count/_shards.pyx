# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled shards' rounds (its twin: ``_shards_py.py``): the sharded sweep's round (see ``_spread``,
and ``_packed`` for the format), one shard's states loaded into an engine (``_engine``), advanced
and dealt to their owners. An engine's demand patterns are a few per cent of a whole sweep's time,
and a sharded sweep has a round a square: each process keeps its idle engines, pruned and emptied,
for the last _IDLE_PLANS sweeps, and how much its last round's layer grew a square (the next table
is sized for that). A round holds at once no more than it must: each piece is let go once loaded,
the layer swept from once swept, and each state's owner takes a byte while they are dealt (up to
256 shards); the heap's free memory is given back after each round."""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize

from ._engine cimport _Engine
from ._hashtable cimport (MAX_LIMBS, NO_KEY, Table, _count_at, _hash, _home, _key_at, _prefetch, _put, _table_free,
                         _table_init, _trim)
from ._rules cimport CELLS, _pack, _unpack

from . import _packed
from ._plan import remembered
from ..model._memory import available_memory

#: The sweeps whose idle engines a process keeps.
_IDLE_PLANS = 2

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
_GROWTH = {}  # plan -> how much the layer grew a square in this process's last round of it


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


cdef list _deal(_Engine engine, int shards):
    """The engine's current layer as one _packed piece a shard (each slot's owner found once, kept in a
    slot-sized array while the pieces are filled)."""
    cdef const Table *t = &engine.now
    cdef int width = engine.widths[engine.at], j, b, o
    cdef size_t i, n
    cdef uint8_t cells[CELLS]
    cdef uint64_t word
    cdef int wide = 1 if shards <= 256 else 2 if shards <= 65536 else 4  # the bytes an owner takes
    cdef uint8_t *owners = <uint8_t *>malloc(t.cap * wide)
    cdef size_t *sizes = <size_t *>calloc(shards, sizeof(size_t))
    cdef int *bits = <int *>calloc(shards, sizeof(int))
    cdef int *words = <int *>calloc(shards, sizeof(int))
    cdef char **keys = <char **>calloc(shards, sizeof(char *))
    cdef char **counts = <char **>calloc(shards, sizeof(char *))
    pieces = []
    try:
        if owners == NULL or sizes == NULL or bits == NULL or words == NULL or keys == NULL or counts == NULL:
            raise MemoryError()
        with nogil:
            for i in range(t.cap):
                if _key_at(t, i)[0] != NO_KEY:
                    _unpack(_key_at(t, i), width, cells)
                    o = _crc32(cells, width) % shards
                    if wide == 1:
                        owners[i] = <uint8_t>o
                    elif wide == 2:
                        (<uint16_t *>owners)[i] = <uint16_t>o
                    else:
                        (<uint32_t *>owners)[i] = <uint32_t>o
                    sizes[o] += 1
                    bits[o] = max(bits[o], _bits(_count_at(t, i), t.limbs))
        for o in range(shards):
            words[o] = max(1, (bits[o] + 63) // 64)
            n = sizes[o]
            if n == 0:
                pieces.append(_packed.NOTHING)
                continue
            piece = (PyBytes_FromStringAndSize(NULL, n * width), PyBytes_FromStringAndSize(NULL, n * 8 * words[o]), bits[o])
            keys[o], counts[o] = PyBytes_AS_STRING(piece[0]), PyBytes_AS_STRING(piece[1])
            pieces.append(piece)
        with nogil:
            for i in range(t.cap):
                if _key_at(t, i)[0] != NO_KEY:
                    o = owners[i] if wide == 1 else (<uint16_t *>owners)[i] if wide == 2 else (<uint32_t *>owners)[i]
                    _unpack(_key_at(t, i), width, <uint8_t *>keys[o])
                    keys[o] += width
                    for j in range(words[o]):
                        word = _count_at(t, i)[j] if j < t.limbs else 0
                        for b in range(8):
                            counts[o][0] = <char>(word & 0xFF)
                            counts[o] += 1
                            word >>= 8
        return pieces
    finally:
        free(owners)
        free(sizes)
        free(bits)
        free(words)
        free(keys)
        free(counts)


cdef _small(_Engine engine, Table *t, size_t cap):
    """t emptied, its table cap slots again (the memory of a layer no longer needed given back)."""
    _table_free(t)
    if _table_init(t, cap, engine.kw, engine.limbs) < 0:
        raise MemoryError()
    t.most = engine.most


cdef _load(_Engine engine, int first, list pieces, growth):
    """engine.load of _packed pieces, in C (a state in several pieces: its counts added), LOADS states at a
    time: packed, their first slots prefetched, then put (a put is mostly a wait for its slot); each piece
    taken out of pieces as it is loaded (their memory let go, pieces left empty). The next table sized
    for the layer grown by growth (None: unknown)."""
    cdef const uint8_t *keys
    cdef const uint8_t *counts
    cdef int width = engine.widths[first], words, j, b, q, m
    cdef size_t i, n, at
    cdef uint64_t key[LOADS][2]
    cdef uint64_t value[LOADS][MAX_LIMBS]
    cdef bint overflow = False
    cdef int failed = 0
    cdef size_t cap = 1024, states = sum(map(_packed.size, pieces))
    cdef Table *t = &engine.now
    engine.at = first
    # the table sized for every state at once (at most three quarters full, as _put keeps it): a piece
    # comes in its sender's slot order, and keys put in hash order into a table that grows as it fills
    # pile up in long probe runs
    while 3 * cap <= 4 * states and 2 * cap <= engine.most:
        cap *= 2
    _small(engine, &engine.now, cap)
    # the next table (made once the pieces are loaded and gone) sized for the layer grown as in the
    # last round (with room to spare), else twice the states: grown from its least size it would be
    # rebuilt a dozen times a round (a sweep in memory keeps its tables' room from square to square),
    # and a table that doubles holds three times its slots for a moment
    nxt = 2 * cap
    if growth is not None:
        nxt = 1024
        while 3 * nxt <= 4 * 1.2 * growth * states and nxt < 2 * cap:
            nxt *= 2
    pieces.reverse()
    while pieces:
        piece_keys, piece_counts, bits = pieces.pop()
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
                        value[q][j] = 0
                        if j < words:
                            for b in range(8):
                                value[q][j] |= (<uint64_t>counts[(i * words + j) * 8 + b]) << (8 * b)
                for q in range(m):
                    if _put(t, key[q], value[q], &overflow) < 0:
                        failed = 1
                        break
                at += m
        if failed:
            raise MemoryError(f"a shard of the frontier sweep outgrew the memory available, past {engine.now.size:,} states")
    if overflow:
        raise OverflowError("a shard's counts overflowed while loading")
    _small(engine, &engine.nxt, nxt)
    engine.peak = max(engine.peak, engine.now.size)


cdef _empty(_Engine engine):
    """The engine's layers emptied (their tables small again), its total and work zeroed."""
    _small(engine, &engine.now, 1024)
    _small(engine, &engine.nxt, 1024)
    memset(engine.total, 0, engine.limbs * sizeof(uint64_t))
    engine.work = engine.peak = 0


def shard_round(sweep, int first, int stop, list pieces, int shards, check=None, int threads=1):
    """One shard's round of a sharded sweep (the twin's format and answers): the states of pieces
    (_packed pieces, a state maybe in several, its counts added; the list is emptied as they are
    loaded, so that their memory goes) before step first of the sweep (a plan), advanced to step
    stop. Returns (one piece a shard of the states after stop, dealt by
    _packed.owner; the undirected tours completed; the states after stop; the states expanded);
    check and threads as for count (the shard's wide layers swept by a crew: the same answers)."""
    cdef _Engine engine
    limbs = _packed.limbs_for(pieces)
    idle = remembered(_IDLE, sweep, list, _IDLE_PLANS)
    try:
        engine = idle.pop()
    except IndexError:
        engine = _Engine(sweep, limbs, False, available_memory(), check, threads)
    engine._take_threads(threads)  # an idle engine may have swept with other threads
    while engine.limbs < limbs:
        engine._widen()
    _load(engine, first, pieces, _GROWTH.get(sweep))
    loaded = engine.now.size
    engine._forget_fits(first - 1)  # a shard's rounds go forwards: the patterns of the squares before, let go
    engine.run(stop, check)  # on an error, the engine is dropped
    _small(engine, &engine.nxt, 1024)  # the layer swept from, not needed while the next one is dealt
    if loaded:
        remembered(_GROWTH, sweep, float, _IDLE_PLANS)  # a place for it (the oldest plan's let go)
        _GROWTH[sweep] = (engine.now.size / loaded) ** (1 / max(1, stop - first))
    found = (
        _deal(engine, shards) if engine.now.size else [_packed.NOTHING] * shards,
        engine.total_count(),
        engine.now.size,
        engine.work,
    )
    _empty(engine)
    _trim()  # the tables and pieces of a few megabytes the heap kept, given back between rounds
    idle.append(engine)
    return found
