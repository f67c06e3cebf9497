from array import array
from typing import Tuple

FOUND: int
EXHAUSTED: int
LIMIT: int
PATHS: int
PATH_FIELDS: int
WAYS: int
DEADLINE_EVERY: int

def search(
    k: int,
    paths: array[int],
    starting: array[int],
    ending: array[int],
    unions: array[int],
    leaps: array[int],
    allowed: array[int],
    seed: int,
    max_nodes: int,
    deadline: float,
) -> Tuple[int, array[int], int, bool]: ...
