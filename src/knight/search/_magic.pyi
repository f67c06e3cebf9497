from array import array
from typing import Tuple

FOUND: int
EXHAUSTED: int
LIMIT: int
LINES: int
DEADLINE_EVERY: int

def reach(cols: int, a: int, b: int) -> int: ...
def search(
    neighbours: array,
    cols: int,
    given: array,
    at_number: array,
    next_given: array,
    last_given: array,
    cell_lines: array,
    target: array,
    head: array,
    tail: array,
    order_key: array,
    count_all: bool,
    keep: int,
    max_nodes: int,
    deadline: float,
    mirror: bool = ...,
) -> Tuple[int, array, int, int]: ...
