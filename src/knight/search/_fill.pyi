from array import array
from typing import Optional, Tuple

FOUND: int
EXHAUSTED: int
LIMIT: int
DEADLINE_EVERY: int
RESTART_NODES: int

def fill(
    deltas: array[int],
    board: array[int],
    domains: array[int],
    rank: array[int],
    weight: array[int],
    max_nodes: int,
    deadline: float,
) -> Tuple[int, int, Optional[array[int]]]: ...
