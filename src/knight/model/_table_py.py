"""Pure-Python twin of the neighbour table of a board that wraps, or a box (``_table.pyx``).

The same contract: ``table(shape, periodic, twisted, steps, mask, first, last, deadline)``
gives (offsets, targets), two ``array('i')``, the simple graph of cells first to last - 1
as flat CSR (each neighbour once, in the order of the first step that reaches it, never the
cell itself, no hole); ``landing(shape, periodic, twisted, coords, step)`` one move, or None.
OutOfTime once deadline passes (the clock looked at every CELLS_PER_LOOK moves' worth of cells).
"""

from __future__ import annotations

import time
from array import array
from math import inf, prod

from ._deadline import CELLS_PER_LOOK, OutOfTime

MOST_AXES = 16
INT32_MAX = 2**31 - 1


def landing(
    shape: tuple[int, ...],
    periodic: tuple[bool, ...],
    twisted: tuple[bool, ...],
    coords: tuple[int, ...],
    step: tuple[int, ...],
) -> tuple[int, ...] | None:
    """Where step from coords lands, brought back onto the board; None when it leaves it."""
    target = [c + d for c, d in zip(coords, step)]
    flips = [0] * len(shape)
    for axis, length in enumerate(shape):
        value = target[axis]
        if 0 <= value < length:
            continue
        if not periodic[axis]:
            return None
        laps, target[axis] = divmod(value, length)
        if twisted[axis] and laps % 2:
            flips[1 - axis] ^= 1
    for axis, flip in enumerate(flips):
        if flip:
            target[axis] = shape[axis] - 1 - target[axis]
    return tuple(target)


def table(
    shape: tuple[int, ...],
    periodic: tuple[bool, ...],
    twisted: tuple[bool, ...],
    steps: tuple[tuple[int, ...], ...],
    mask: bytes | None,
    first: int,
    last: int,
    deadline: float,
) -> tuple[array[int], array[int]]:
    """(offsets, targets) of cells first to last - 1: see the module docstring."""
    axes = len(shape)
    if not 1 <= axes <= MOST_AXES:
        raise ValueError(f"a board of 1 to {MOST_AXES} axes, not {axes}")
    cells = prod(shape)
    if not 0 <= first <= last <= cells:
        raise ValueError(f"cells {first} to {last} of a board of {cells}")
    kept = [step for step in steps if all(periodic[a] or abs(step[a]) < shape[a] for a in range(axes))]
    if (last - first) * len(kept) > INT32_MAX:
        raise ValueError(f"a table of {(last - first) * len(kept):,} moves is more than an int32 index reaches")
    strides = [prod(shape[axis + 1 :]) for axis in range(axes)]
    offsets, targets = array("i"), array("i")
    look = max(1, CELLS_PER_LOOK // max(1, len(kept)))  # cells between looks: CELLS_PER_LOOK moves' work
    for cell in range(first, last):
        if (cell - first) % look == 0 and deadline != inf and time.monotonic() >= deadline:
            raise OutOfTime
        offsets.append(len(targets))
        if mask is not None and not mask[cell]:
            continue
        coords = tuple(cell // stride % length for stride, length in zip(strides, shape))
        found: dict[int, None] = {}
        for step in kept:
            landed = landing(shape, periodic, twisted, coords, step)
            if landed is None:
                continue
            target = sum(index * stride for index, stride in zip(landed, strides))
            if target != cell and (mask is None or mask[target]):
                found[target] = None
        targets.extend(found)
    offsets.append(len(targets))
    return offsets, targets
