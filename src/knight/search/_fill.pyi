from array import array
from typing import Optional, Tuple

FOUND: int
EXHAUSTED: int
LIMIT: int
DEADLINE_EVERY: int
RESTART_NODES: int

def fill(
    deltas: array,
    board: array,
    domains: array,
    rank: array,
    weight: array,
    max_nodes: int,
    deadline: float,
) -> Tuple[int, int, Optional[array]]: ...
