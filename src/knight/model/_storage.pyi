import sys
from array import array
from typing import Any, Sequence, TypeVar

from typing_extensions import disjoint_base

@disjoint_base
class SquareBuffer:
    _squares: array[int]
    _board: Any  # the Board, which Tour declares (as the twin does)
    # the buffer protocol (__getbuffer__ in the .pyx); Python 3.12+ shows it as __buffer__
    if sys.version_info >= (3, 12):
        def __buffer__(self, flags: int, /) -> memoryview: ...
        def __release_buffer__(self, buffer: memoryview, /) -> None: ...

_T = TypeVar("_T", bound=SquareBuffer)

def adopt(cls: type[_T], squares: array[int], board: object) -> _T: ...
def move_numbers(squares: Sequence[int], cells: int) -> array[int]: ...
def encode(values: Sequence[int], begin: int, end: int, width: int, sep: bytes) -> bytes: ...
