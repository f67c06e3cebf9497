from array import array
from typing import Optional, Sequence, Tuple

KNIGHT_MOVES: Tuple[Tuple[int, int], ...]
FOUND: int
EXHAUSTED: int
LIMIT: int
FILL_LIMIT: int
CHECK_EVERY: int
QUICK_SIZES: range

def search(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: int,
    closed: bool,
    max_nodes: int,
    moves: Sequence[Tuple[int, int]],
    deadline: float = ...,
) -> Tuple[int, int, Optional[array[int]]]: ...
def graph_path(
    offsets: array[int], targets: array[int], start: int, max_nodes: int, deadline: float = ...
) -> Tuple[int, int, Optional[array[int]]]: ...
def quick_tour(size: object, start: object) -> Optional[array[int]]: ...
