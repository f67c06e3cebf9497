import random
from typing import Callable, Optional, Tuple

_Moves = Tuple[Tuple[int, ...], ...]
#: check(step, states): called every so often while the sweep is kept; it stops the draw by raising.
_Check = Callable[[int, int], None]

KNIGHT_STEPS: _Moves

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
