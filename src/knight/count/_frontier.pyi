import random
from typing import Optional, Tuple

Moves = Tuple[Tuple[int, int], ...]
Question = Tuple[int, int, Optional[bytes], Optional[int], Optional[int], bool, Moves]
WorkPiece = Tuple[Question, int, Tuple[Tuple[bytes, int], ...]]

KNIGHT_STEPS: Moves

def count(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves = ...,
) -> int: ...
def count_stats(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves = ...,
) -> Tuple[int, int, float]: ...
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
def run_piece(piece: WorkPiece) -> int: ...
def sample(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves = ...,
    rng: Optional[random.Random] = ...,
) -> list[int]: ...
