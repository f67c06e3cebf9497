from array import array
from typing import Callable, Optional, Sequence, Tuple, TypeVar

from typing_extensions import ParamSpec, Self, disjoint_base

_P = ParamSpec("_P")
_R = TypeVar("_R")

KNIGHT_MOVES: Tuple[Tuple[int, int], ...]
FOUND: int
EXHAUSTED: int
LIMIT: int
FILL_LIMIT: int
CHECK_EVERY: int
QUICK_SIZES: range

def search(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: int,
    closed: bool,
    max_nodes: int,
    moves: Sequence[Tuple[int, int]],
    deadline: float = ...,
) -> Tuple[int, int, Optional[array[int]]]: ...
def graph_path(
    offsets: array[int], targets: array[int], start: int, max_nodes: int, deadline: float = ...
) -> Tuple[int, int, Optional[array[int]]]: ...
def quick_tour(size: object, start: object) -> Optional[array[int]]: ...
def door(general: Callable[_P, _R]) -> Callable[_P, _R]: ...

PAUSED: int
PLACED: int
TAKEN_BACK: int
CHOICE: int
RESTART: int

@disjoint_base
class Tracer:
    # the arguments go to __cinit__ (tp_new), so the stub types __new__
    squares: Optional[array[int]]
    def __new__(
        cls,
        rows: int,
        cols: int,
        mask: Optional[bytes],
        start: int,
        closed: bool,
        max_nodes: int,
        moves: Sequence[Tuple[int, int]],
        chunk: int = ...,
    ) -> Self: ...
    @property
    def nodes(self) -> int: ...
    def run(self, deadline: float = ...) -> Tuple[int, array[int]]: ...
