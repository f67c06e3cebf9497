from array import array
from typing import Optional, Sequence, Tuple

FOUND: int
EXHAUSTED: int
LIMIT: int

def search(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: int,
    closed: bool,
    max_nodes: int,
    moves: Sequence[Tuple[int, int]],
) -> Tuple[int, int, Optional[array]]: ...
