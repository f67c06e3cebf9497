from typing import Callable, Optional, Tuple

#: check(step, states): called every so often during a sweep; it stops the sweep by raising.
_Check = Callable[[int, int], None]

def join(
    left: list[Tuple[bytes, int]],
    right: dict[bytes, int],
    closed: bool,
    fixed: Tuple[int, ...] = ...,
    check: Optional[_Check] = ...,
) -> int: ...
