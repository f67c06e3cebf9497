import random
from typing import Callable, Optional, Sequence, Tuple

_Moves = Tuple[Tuple[int, int], ...]
_Question = Tuple[int, int, Optional[bytes], Optional[int], Optional[int], bool, _Moves]
_WorkPiece = Tuple[_Question, int, Tuple[Tuple[bytes, int], ...]]
#: check(step, states): called every so often during a sweep; it stops the sweep by raising.
_Check = Callable[[int, int], None]

KNIGHT_STEPS: _Moves

class TooManyArrows(MemoryError): ...

def count(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: _Moves = ...,
    check: Optional[_Check] = ...,
) -> int: ...
def count_stats(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: _Moves = ...,
    check: Optional[_Check] = ...,
) -> Tuple[int, int, float]: ...
def frontier_width(rows: int, cols: int, mask: Optional[bytes], moves: _Moves = ...) -> int: ...
def question_of(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Sequence[Tuple[int, int]],
) -> _Question: ...
def split(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: _Moves = ...,
    pieces: int = ...,
) -> list[_WorkPiece]: ...
def run_piece(piece: _WorkPiece, check: Optional[_Check] = ...) -> Tuple[int, int]: ...
def sample(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: _Moves = ...,
    rng: Optional[random.Random] = ...,
    most: int = ...,
    check: Optional[_Check] = ...,
) -> list[int]: ...
