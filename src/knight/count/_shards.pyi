from typing import Callable, Optional, Tuple

from ._packed import Inbox, Piece
from ._plan import Plan

#: check(step, states): called every so often during a sweep; it stops the sweep by raising.
_Check = Callable[[int, int], None]

def shard_round(
    sweep: Plan,
    first: int,
    stop: int,
    pieces: Inbox,
    shards: int,
    check: Optional[_Check] = ...,
    threads: int = ...,
    sink: Optional[Callable[[int, Piece], object]] = ...,
) -> Tuple[list[Piece], int, int, int]: ...
def check_piece(keys: bytes, counts: bytes, bits: int, width: int) -> Tuple[int, int]: ...
