"""A shard's round of a sharded sweep (``_spread``), its states packed (``_packed``) as the compiled
engine packs them, and the check of a piece read from a file not written here: the pure-Python twin
of ``_shards.pyx``."""

from __future__ import annotations

from typing import Callable, Optional

from . import _packed
from ._engine_py import _layers
from ._packed import NOTHING, Inbox, Piece, limbs, opened, pack, split, unpack, width
from ._plan import Check, Plan
from ._states import FIRST_LABEL


def shard_round(
    sweep: Plan,
    first: int,
    stop: int,
    pieces: Inbox,
    shards: int,
    check: Optional[Check] = None,
    threads: int = 1,
    sink: Optional[Callable[[int, Piece], object]] = None,
) -> tuple[list[Piece], int, int, int]:
    """One shard's round of a sharded sweep: the states of pieces (_packed pieces, a state maybe in several,
    its counts added: a list, emptied as they are loaded so that their memory goes, or a _packed.Stream)
    before step first of sweep, advanced to step stop. Returns (one piece a shard of the states after stop,
    dealt by _packed.owner; the undirected tours completed; the states after stop; the states expanded);
    with sink, each shard's states are given to sink(shard, piece) in pieces of at most _packed.DEALT
    states (the list's piece split in order; none for a shard dealt nothing), and the list holds NOTHING;
    check and threads as for count."""
    loaded: dict[bytes, int] = {}
    for piece in opened(pieces)[2]:
        for state, ways in unpack([piece], width(sweep, first)):
            loaded[state] = loaded.get(state, 0) + ways
    found, total, work = loaded, 0, 0
    for _, after, complete, done in _layers(sweep, first, loaded, stop, check):
        found, total, work = after, total + complete, done
    parts = pack(found.items(), shards) if found else [NOTHING] * shards
    if sink is not None:
        for k, part in enumerate(parts):
            for piece in split(part, _packed.DEALT):  # read at the call, as the kernel does
                sink(k, piece)
        parts = [NOTHING] * shards
    return parts, total, len(found), work


def check_piece(keys: bytes, counts: bytes, bits: int, width: int) -> tuple[int, int]:
    """Whether a piece read from a file not written here holds states the sweep can hold (_shardfile's
    check_states words the errors): (0, 0) if so; (1, i): state i holds a code at or past FIRST_LABEL +
    width // 2; (2, i): state i is not a frontier state (its path labels each twice and numbered in order
    of first appearance); (3, i): count i is wider than bits."""
    states = len(keys) // width if width > 0 else 0
    bound = FIRST_LABEL + width // 2
    for i in range(states):
        if max(keys[i * width : (i + 1) * width], default=0) >= bound:
            return 1, i
    for i in range(states):
        labels = [code for code in keys[i * width : (i + 1) * width] if code >= FIRST_LABEL]
        order = list(dict.fromkeys(labels))
        if order != list(range(FIRST_LABEL, FIRST_LABEL + len(order))) or any(labels.count(c) != 2 for c in order):
            return 2, i
    words = 8 * limbs(bits)
    if bits % 64:
        top = 1 << (bits % 64)
        for i, at in enumerate(range(words - 8, len(counts), words)):
            if int.from_bytes(counts[at : at + 8], "little") >= top:
                return 3, i
    return 0, 0
