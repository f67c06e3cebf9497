from array import array
from typing import Optional, Tuple

FOUND: int
EXHAUSTED: int
LIMIT: int
MAX_MOVES: int
MAX_WIDTH: int
DEADLINE_EVERY: int
NEAR: int

def search(
    neighbours: array[int],
    on_board: bytes,
    at_move: array[int],
    given: array[int],
    distance: array[int],
    slot_after: array[int],
    move_of_slot: array[int],
    latest: array[int],
    tie_break: array[int],
    starts: array[int],
    max_nodes: int,
    deadline: float,
) -> Tuple[int, int, Optional[array[int]]]: ...
