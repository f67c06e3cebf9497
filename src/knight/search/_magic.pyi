from array import array
from typing import Tuple

FOUND: int
EXHAUSTED: int
LIMIT: int
LINES: int
DEADLINE_EVERY: int

def reach(cols: int, a: int, b: int) -> int: ...
def search(
    neighbours: array[int],
    cols: int,
    given: array[int],
    at_number: array[int],
    next_given: array[int],
    last_given: array[int],
    cell_lines: array[int],
    target: array[int],
    head: array[int],
    tail: array[int],
    order_key: array[int],
    count_all: bool,
    keep: int,
    max_nodes: int,
    deadline: float,
    mirror: bool = ...,
    probe: int = ...,
) -> Tuple[int, array[int], int, int, float]: ...
