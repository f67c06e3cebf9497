from array import array
from typing import Sequence

def build(
    rows: int,
    cols: int,
    heights: array[int],
    height_kinds: array[int],
    widths: array[int],
    width_kinds: array[int],
    n_width_kinds: int,
    table: array[int],
    cells: array[int],
    starts: array[int],
    places: array[int],
    special_i: int,
    special_j: int,
    special: int,
    root_i: int,
    root_j: int,
    root_position: int,
    hole: int,
) -> array[int]: ...
def repeat_shifted(block: Sequence[int], times: int, step: int) -> array[int]: ...
