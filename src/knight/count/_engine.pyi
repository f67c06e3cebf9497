from typing import Callable, Iterator, Optional, Tuple

from ._plan import Plan
from ._plan import Wrap as _Wrap

_Moves = Tuple[Tuple[int, ...], ...]
#: check(step, states): called every so often during a sweep; it stops the sweep by raising.
_Check = Callable[[int, int], None]

KNIGHT_STEPS: _Moves

def count(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: _Moves = ...,
    check: Optional[_Check] = ...,
    wrap: Optional[_Wrap] = ...,
    threads: int = ...,
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
    wrap: Optional[_Wrap] = ...,
    threads: int = ...,
) -> Tuple[int, int, float]: ...
def layer(
    sweep: Plan,
    first: int,
    states: list[Tuple[bytes, int]],
    stop: int,
    check: Optional[_Check] = ...,
    threads: int = ...,
) -> list[Tuple[bytes, int]]: ...
def each_layer(
    sweep: Plan, first: int, states: list[Tuple[bytes, int]], check: Optional[_Check] = ..., threads: int = ...
) -> Iterator[Tuple[int, list[Tuple[bytes, int]], int]]: ...
