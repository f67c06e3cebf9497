import random
from typing import Callable, Optional, Sequence, Tuple

Moves = Tuple[Tuple[int, int], ...]
Question = Tuple[int, int, Optional[bytes], Optional[int], Optional[int], bool, Moves]
WorkPiece = Tuple[Question, int, Tuple[Tuple[bytes, int], ...]]
#: check(step, states): called every so often during a sweep; it stops the sweep by raising.
Check = Callable[[int, int], None]

KNIGHT_STEPS: Moves

class TooManyArrows(MemoryError): ...

def count(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves = ...,
    check: Optional[Check] = ...,
) -> int: ...
def count_stats(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves = ...,
    check: Optional[Check] = ...,
) -> Tuple[int, int, float]: ...
def frontier_width(rows: int, cols: int, mask: Optional[bytes], moves: Moves = ...) -> int: ...
def question_of(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Sequence[Tuple[int, int]],
) -> Question: ...
def split(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves = ...,
    pieces: int = ...,
) -> list[WorkPiece]: ...
def run_piece(piece: WorkPiece, check: Optional[Check] = ...) -> Tuple[int, int]: ...
def sample(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves = ...,
    rng: Optional[random.Random] = ...,
    most: int = ...,
) -> list[int]: ...
