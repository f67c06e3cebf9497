# cython: language_level=3, embedsignature=True, boundscheck=False, wraparound=False, cdivision=True
"""Compiled neighbour table of a board that wraps, or a box: its simple graph as flat int32 CSR.

The same contract as the twin ``_table_py.py``. ``table(shape, periodic, twisted, steps, mask,
first, last, deadline)`` lists, for each cell from first to last - 1 (row-major over the axes,
the last fastest), the cells one step away, brought back onto the board as
``model._topology`` describes (a periodic axis wraps; across a twisted end the other axis is
mirrored, once per crossing): each once, in the order of the first step that reaches it,
never the cell itself, none that is a hole, none for a hole. It returns (offsets, targets),
two ``array('i')``: cell first + i's neighbours are targets[offsets[i]:offsets[i + 1]].
``landing(shape, periodic, twisted, coords, step)`` is one move: the coordinates it lands on,
or None when it leaves the board.

Time linear in cells × steps; memory: the offsets, and targets allocated for every step
that can land (trimmed to the moves found). The clock (and Ctrl-C) is looked at every
CELLS_PER_LOOK cells: OutOfTime once deadline (a time.monotonic() reading) passes.
"""

from cpython.array cimport array, clone, resize
from cpython.exc cimport PyErr_CheckSignals
from libc.math cimport INFINITY
from libc.stdint cimport int32_t, int64_t
from libc.stdlib cimport free, malloc

import time

from ._deadline import CELLS_PER_LOOK as _CELLS_PER_LOOK, OutOfTime

cdef enum:
    MOST_AXES = 16

cdef array _INT32 = array("i")
cdef int64_t INT32_MAX = 2147483647


def landing(tuple shape, tuple periodic, tuple twisted, tuple coords, tuple step):
    """Where step from coords lands, brought back onto the board; None when it leaves it."""
    cdef Py_ssize_t axes = len(shape), axis
    cdef int64_t length, value, laps
    target = [c + d for c, d in zip(coords, step)]
    flips = [0] * axes
    for axis in range(axes):
        length = shape[axis]
        value = target[axis]
        if 0 <= value < length:
            continue
        if not periodic[axis]:
            return None
        laps = _floor_div(value, length)
        target[axis] = value - laps * length
        if twisted[axis] and laps & 1:
            flips[1 - axis] ^= 1
    for axis in range(axes):
        if flips[axis]:
            target[axis] = shape[axis] - 1 - target[axis]
    return tuple(target)


cdef inline int64_t _floor_div(int64_t value, int64_t length) nogil:
    if value >= 0:
        return value // length
    return -((-value + length - 1) // length)


def table(tuple shape, tuple periodic, tuple twisted, tuple steps, object mask, Py_ssize_t first,
          Py_ssize_t last, double deadline):
    """(offsets, targets) of cells first to last - 1: see the module docstring."""
    cdef Py_ssize_t axes = len(shape), axis, s, k, i, e
    cdef int64_t length[MOST_AXES]
    cdef int64_t stride[MOST_AXES]
    cdef int64_t coord[MOST_AXES]
    cdef bint wraps[MOST_AXES]
    cdef bint twist[MOST_AXES]
    cdef int64_t cells = 1, cell, target, value, laps, here, flip0, flip1, count, capacity, start_of
    cdef const unsigned char[:] holes
    cdef bint has_mask = mask is not None, dedup = False, ok, seen
    cdef Py_ssize_t look = _CELLS_PER_LOOK
    if not 1 <= axes <= MOST_AXES:
        raise ValueError(f"a board of 1 to {MOST_AXES} axes, not {axes}")
    for axis in range(axes - 1, -1, -1):
        length[axis] = shape[axis]
        stride[axis] = cells
        cells *= length[axis]
        wraps[axis] = periodic[axis]
        twist[axis] = twisted[axis]
    if not 0 <= first <= last <= cells:
        raise ValueError(f"cells {first} to {last} of a board of {cells}")
    if has_mask:
        holes = mask
    # the steps that can land: a step longer than a closed axis never does
    kept = []
    for step in steps:
        if all(wraps[axis] or abs(step[axis]) < length[axis] for axis in range(axes)):
            kept.append(step)
            for axis in range(axes):
                if step[axis] and wraps[axis] and length[axis] <= 2 * abs(step[axis]):
                    dedup = True  # two steps may land on one cell, or a step on its own
    cdef Py_ssize_t moves = len(kept)
    cdef int64_t *delta = <int64_t *>malloc(max(moves * axes, 1) * sizeof(int64_t))
    if delta == NULL:
        raise MemoryError("no memory for the steps")
    for s in range(moves):
        for axis in range(axes):
            delta[s * axes + axis] = kept[s][axis]
    capacity = (last - first) * moves
    if capacity > INT32_MAX:
        free(delta)
        raise ValueError(f"a table of {capacity:,} moves is more than an int32 index reaches")
    cdef array offsets = clone(_INT32, last - first + 1, False)
    cdef array targets = clone(_INT32, capacity, False)
    cdef int32_t *out = <int32_t *>targets.data.as_ints
    cdef int32_t *starts = <int32_t *>offsets.data.as_ints
    cell = first
    for axis in range(axes - 1, -1, -1):  # the coordinates of first
        coord[axis] = cell % length[axis]
        cell //= length[axis]
    count = 0
    try:
        for cell in range(first, last):
            if (cell - first) % look == 0:
                PyErr_CheckSignals()
                if deadline != INFINITY and time.monotonic() >= deadline:
                    raise OutOfTime
            starts[cell - first] = <int32_t>count
            if not has_mask or holes[cell]:
                start_of = count
                for s in range(moves):
                    ok = True
                    flip0 = flip1 = 0
                    target = cell
                    for axis in range(axes):
                        if delta[s * axes + axis] == 0:
                            continue
                        value = coord[axis] + delta[s * axes + axis]
                        if value < 0 or value >= length[axis]:
                            if not wraps[axis]:
                                ok = False
                                break
                            laps = _floor_div(value, length[axis])
                            value -= laps * length[axis]
                            if twist[axis] and laps & 1:
                                if axis == 0:
                                    flip1 ^= 1
                                else:
                                    flip0 ^= 1
                        target += (value - coord[axis]) * stride[axis]
                    if not ok:
                        continue
                    if flip0 or flip1:  # only on two axes: mirror the other axis where it landed
                        if flip0:
                            here = (target // stride[0]) % length[0]
                            target += (length[0] - 1 - 2 * here) * stride[0]
                        if flip1:
                            here = target % length[1]
                            target += length[1] - 1 - 2 * here
                    if target == cell or (has_mask and not holes[target]):
                        continue
                    if dedup:
                        seen = False
                        for e in range(start_of, count):
                            if out[e] == target:
                                seen = True
                                break
                        if seen:
                            continue
                    out[count] = <int32_t>target
                    count += 1
            axis = axes - 1  # the next cell's coordinates: an odometer
            while axis >= 0:
                coord[axis] += 1
                if coord[axis] < length[axis]:
                    break
                coord[axis] = 0
                axis -= 1
        starts[last - first] = <int32_t>count
    finally:
        free(delta)
    resize(targets, count)
    return offsets, targets
