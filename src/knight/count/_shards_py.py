"""A shard's round of a sharded sweep (``_spread``), its states packed (``_packed``) as the compiled
engine packs them: the pure-Python twin of ``_shards.pyx``."""

from __future__ import annotations

from typing import Optional

from ._engine_py import _layers
from ._packed import NOTHING, Piece, pack, unpack, width
from ._plan import Check, Plan


def shard_round(
    sweep: Plan,
    first: int,
    stop: int,
    pieces: list[Piece],
    shards: int,
    check: Optional[Check] = None,
    threads: int = 1,
) -> tuple[list[Piece], int, int, int]:
    """One shard's round of a sharded sweep: the states of pieces (_packed pieces, a state maybe in several,
    its counts added; the list is emptied as they are loaded, so that their memory goes) before step first
    of sweep, advanced to step stop. Returns (one piece a shard of the states after stop, dealt by
    _packed.owner; the undirected tours completed; the states after stop; the states expanded); check and
    threads as for count."""
    loaded: dict[bytes, int] = {}
    pieces.reverse()
    while pieces:
        for state, ways in unpack([pieces.pop()], width(sweep, first)):
            loaded[state] = loaded.get(state, 0) + ways
    found, total, work = loaded, 0, 0
    for _, after, complete, done in _layers(sweep, first, loaded, stop, check):
        found, total, work = after, total + complete, done
    return pack(found.items(), shards) if found else [NOTHING] * shards, total, len(found), work
