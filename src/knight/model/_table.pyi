from array import array

def landing(
    shape: tuple[int, ...],
    periodic: tuple[bool, ...],
    twisted: tuple[bool, ...],
    coords: tuple[int, ...],
    step: tuple[int, ...],
) -> tuple[int, ...] | None: ...
def table(
    shape: tuple[int, ...],
    periodic: tuple[bool, ...],
    twisted: tuple[bool, ...],
    steps: tuple[tuple[int, ...], ...],
    mask: bytes | None,
    first: int,
    last: int,
    deadline: float,
) -> tuple[array[int], array[int]]: ...
