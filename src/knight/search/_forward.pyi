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
    neighbours: array,
    on_board: bytes,
    at_move: array,
    given: array,
    distance: array,
    slot_after: array,
    move_of_slot: array,
    latest: array,
    tie_break: array,
    starts: array,
    max_nodes: int,
    deadline: float,
) -> Tuple[int, int, Optional[array]]: ...
