from typing import Callable, Optional, Tuple

from ._packed import Piece
from ._plan import Plan

#: check(step, states): called every so often during a sweep; it stops the sweep by raising.
_Check = Callable[[int, int], None]

def shard_round(
    sweep: Plan,
    first: int,
    stop: int,
    pieces: list[Piece],
    shards: int,
    check: Optional[_Check] = ...,
    threads: int = ...,
) -> Tuple[list[Piece], int, int, int]: ...
