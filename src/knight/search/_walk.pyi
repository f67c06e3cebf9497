from array import array
from typing import Optional, Sequence, Tuple

FOUND: int
EXHAUSTED: int
LIMIT: int
CHECK_EVERY: int
CHECK_WORK: int
ROTATIONS_PER_SQUARE: int

def warnsdorff(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: int,
    closed: bool,
    max_nodes: int,
    moves: Sequence[Tuple[int, int]],
    deadline: float = ...,
) -> Tuple[int, int, array[int]]: ...
def random_walk(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: int,
    closed: bool,
    max_nodes: int,
    moves: Sequence[Tuple[int, int]],
    seed: int,
    deadline: float = ...,
) -> Tuple[int, int, Optional[array[int]]]: ...
def closed_walk(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: int,
    max_nodes: int,
    moves: Sequence[Tuple[int, int]],
    seed: int,
    deadline: float = ...,
) -> Tuple[int, int, Optional[array[int]]]: ...
def warnsdorff_trace(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: int,
    closed: bool,
    max_nodes: int,
    moves: Sequence[Tuple[int, int]],
    deadline: float = ...,
) -> Tuple[int, int, array[int], array[int]]: ...
