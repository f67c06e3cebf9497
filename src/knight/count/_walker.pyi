from array import array
from typing import Optional, Sequence, Tuple

FOUND: int
EXHAUSTED: int
LIMIT: int
CHUNK: int

class Walker:
    def __init__(
        self,
        rows: int,
        cols: int,
        mask: Optional[bytes],
        prefix: Sequence[int],
        ends: Optional[Sequence[int]],
        target: int,
        ordered: bool,
        moves: Sequence[Tuple[int, int]],
    ) -> None: ...
    def next(self, budget: int) -> Tuple[int, int, Optional[array]]: ...
    def count(self, budget: int) -> Tuple[int, int, int]: ...
