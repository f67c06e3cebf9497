from array import array
from typing import Any

def build(
    rows: int, cols: int, heights: array, height_kinds: array, widths: array, width_kinds: array,
    n_width_kinds: int, table: array, cells: array, starts: array, places: array, special_i: int,
    special_j: int, special: int, root_i: int, root_j: int, root_position: int, hole: int,
) -> array: ...
def repeat_shifted(block: Any, times: int, step: int) -> array: ...
