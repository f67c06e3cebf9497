from array import array
from typing import Optional, Sequence, Tuple

from typing_extensions import Self, disjoint_base

FOUND: int
EXHAUSTED: int
LIMIT: int
CHUNK: int
CELL_BYTES: int
CONNECTED_LIMIT: int

@disjoint_base
class Walker:
    # the arguments go to __cinit__ (tp_new), so the stub types __new__
    def __new__(
        cls,
        rows: int,
        cols: int,
        mask: Optional[bytes],
        prefix: Sequence[int],
        ends: Optional[Sequence[int]],
        target: int,
        ordered: bool,
        moves: Sequence[Tuple[int, ...]],
        deadline: float = ...,
        table: Optional[Tuple[array[int], array[int]]] = None,
    ) -> Self: ...
    def next(self, budget: int) -> Tuple[int, int, Optional[array[int]]]: ...
    def count(self, budget: int) -> Tuple[int, int, int]: ...
