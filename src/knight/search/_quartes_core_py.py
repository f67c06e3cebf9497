"""Pure-Python twin of the compiled quarte search (``_quartes_core.pyx``): same algorithm, same answers.

``search`` lays the quartes of a 4k×4k board in pairs from both ends at once (see
``_quartes.py``, which explains the construction and lays out the tables):

* ``paths``: per transversal of a 4×4 block (PATHS of them), PATH_FIELDS int32 values: its cell
  mask, its first and last cell (0..15, row * 4 + col), its place (0..3) on each of the block's
  four rows, then on each of its four columns;
* ``starting`` / ``ending``: per cell of a block, the transversals that start (end) there, WAYS
  of them, -1 after the last;
* ``unions``: per cell mask of a block (65,536), 1 when it is a union of disjoint transversals;
* ``leaps``: per cell of the board, its knight's leaps as block * 16 + cell in the block, 8 of
  them, -1 after the last;
* ``allowed``: per step, per block, 1 when the step may lay its quartes there.

Step d lays a pair (block, head path, tail path), encoded block * PATHS² + head * PATHS + tail:
the head's path starts a leap from the previous head's last cell, the tail's path ends a leap
from the previous tail's first cell (step 0: any pair in an allowed block). A pair is taken
when its block's free cells stay a union of transversals and, once laid, each row and column
of its bands still needs between 0 and 3 × (the quartes its band has left) places to reach 6k;
the last step's head must leap to its tail. The candidates of a step are shuffled by
SplitMix64 (Fisher and Yates, the index next() mod (i + 1)) and then sorted, stably, by how
far they leave the places of the rows and columns they touch from what those still need on
average: an integer square error (the error times both bands' quartes left, squared, so that
both cores order alike). The first step's candidates are only shuffled.

Returns (status, the chosen pairs, nodes, timed_out): FOUND, EXHAUSTED or LIMIT (max_nodes
nodes tried, or the deadline, a time.monotonic() value read every DEADLINE_EVERY nodes).
"""

from __future__ import annotations

import time
from array import array

from ..model._status import EXHAUSTED, FOUND, LIMIT
from ._splitmix import SplitMix64

__all__ = ["DEADLINE_EVERY", "EXHAUSTED", "FOUND", "LIMIT", "PATHS", "PATH_FIELDS", "WAYS", "search"]

#: The transversals of a 4×4 block (with their direction), the int32 values a path's row of
#: ``paths`` holds, and the most transversals that start (or end) on one cell.
PATHS, PATH_FIELDS, WAYS = 48, 11, 4

#: Nodes between two looks at the clock.
DEADLINE_EVERY = 1024


def search(
    k: int,
    paths: array[int],
    starting: array[int],
    ending: array[int],
    unions: array[int],
    leaps: array[int],
    allowed: array[int],
    seed: int,
    max_nodes: int,
    deadline: float,
) -> tuple[int, array[int], int, bool]:
    """(status, pairs chosen, nodes, timed_out): see the module's docstring."""
    n, blocks = 4 * k, k * k
    steps = len(allowed) // blocks
    mean = 6 * k
    rng = SplitMix64(seed)
    used = [0] * blocks
    places = [0] * (8 * k)  # per row, then per column
    filled = [0] * (2 * k)  # per row band, then per column band
    pair_code = PATHS * PATHS

    def cell(block: int, local: int) -> int:
        return ((block // k) * 4 + (local >> 2)) * n + (block % k) * 4 + (local & 3)

    def leap(a: int, b: int) -> bool:
        dr, dc = abs(a // n - b // n), abs(a % n - b % n)
        return dr + dc == 3 and dr != 0 and dc != 0

    def lay(pair: int, sign: int) -> bool:
        block, rest = divmod(pair, pair_code)
        head, tail = divmod(rest, PATHS)
        band_r, band_c = divmod(block, k)
        used[block] ^= paths[head * PATH_FIELDS] | paths[tail * PATH_FIELDS]
        filled[band_r] += 2 * sign
        filled[k + band_c] += 2 * sign
        for i in range(4):
            places[4 * band_r + i] += sign * (paths[head * PATH_FIELDS + 3 + i] + paths[tail * PATH_FIELDS + 3 + i])
            places[n + 4 * band_c + i] += sign * (paths[head * PATH_FIELDS + 7 + i] + paths[tail * PATH_FIELDS + 7 + i])
        if sign < 0:
            return True
        left_r, left_c = 3 * (4 * k - filled[band_r]), 3 * (4 * k - filled[k + band_c])
        for i in range(4):
            if not 0 <= mean - places[4 * band_r + i] <= left_r or not 0 <= mean - places[n + 4 * band_c + i] <= left_c:
                return False
        return True

    def fits(block: int, head: int, tail: int, last: bool) -> bool:
        taken = used[block] | paths[head * PATH_FIELDS]
        if paths[tail * PATH_FIELDS] & taken or not unions[0xFFFF ^ (taken | paths[tail * PATH_FIELDS])]:
            return False
        return not last or leap(cell(block, paths[head * PATH_FIELDS + 2]), cell(block, paths[tail * PATH_FIELDS + 1]))

    def shuffle(frame: list[int]) -> None:
        for i in range(len(frame) - 1, 0, -1):
            j = rng.next() % (i + 1)
            frame[i], frame[j] = frame[j], frame[i]

    def score(pair: int) -> int:
        block, rest = divmod(pair, pair_code)
        head, tail = divmod(rest, PATHS)
        band_r, band_c = divmod(block, k)
        left_r, left_c = (4 * k - filled[band_r]) // 2, (4 * k - filled[k + band_c]) // 2
        rows = cols = 0
        for i in range(4):
            got = paths[head * PATH_FIELDS + 3 + i] + paths[tail * PATH_FIELDS + 3 + i]
            rows += (got * left_r - (mean - places[4 * band_r + i])) ** 2
            got = paths[head * PATH_FIELDS + 7 + i] + paths[tail * PATH_FIELDS + 7 + i]
            cols += (got * left_c - (mean - places[n + 4 * band_c + i])) ** 2
        return left_c * left_c * rows + left_r * left_r * cols

    def first() -> list[int]:
        frame = [
            block * pair_code + head * PATHS + tail
            for block in range(blocks)
            if allowed[block]
            for head in range(PATHS)
            for tail in range(PATHS)
            if fits(block, head, tail, False)
        ]
        shuffle(frame)
        return frame

    def candidates(step: int, head_end: int, tail_start: int) -> list[int]:
        last = step == steps - 1
        frame: list[int] = []
        for i in range(8):
            head_leap = leaps[head_end * 8 + i]
            if head_leap < 0:
                break
            block, local = head_leap >> 4, head_leap & 15
            if not allowed[step * blocks + block]:
                continue
            for w in range(WAYS):
                head = starting[local * WAYS + w]
                if head < 0:
                    break
                if paths[head * PATH_FIELDS] & used[block]:
                    continue
                for j in range(8):
                    tail_leap = leaps[tail_start * 8 + j]
                    if tail_leap < 0:
                        break
                    if tail_leap >> 4 != block:
                        continue
                    for v in range(WAYS):
                        tail = ending[(tail_leap & 15) * WAYS + v]
                        if tail < 0:
                            break
                        if fits(block, head, tail, last):
                            frame.append(block * pair_code + head * PATHS + tail)
        shuffle(frame)
        scores = [score(pair) for pair in frame]
        return [frame[i] for i in sorted(range(len(frame)), key=scores.__getitem__)]

    chosen: list[int] = []
    stack = [first()]
    at = [0]
    nodes = 0
    while stack:
        if at[-1] == len(stack[-1]):
            stack.pop()
            at.pop()
            if chosen:
                lay(chosen.pop(), -1)
            continue
        pair = stack[-1][at[-1]]
        at[-1] += 1
        nodes += 1
        if nodes > max_nodes:
            return LIMIT, array("i"), nodes - 1, False
        if nodes % DEADLINE_EVERY == 0 and time.monotonic() > deadline:
            return LIMIT, array("i"), nodes, True
        if not lay(pair, 1):
            lay(pair, -1)
            continue
        chosen.append(pair)
        if len(chosen) == steps:
            return FOUND, array("i", chosen), nodes, False
        block, rest = divmod(pair, pair_code)
        head, tail = divmod(rest, PATHS)
        stack.append(
            candidates(
                len(chosen),
                cell(block, paths[head * PATH_FIELDS + 2]),
                cell(block, paths[tail * PATH_FIELDS + 1]),
            )
        )
        at.append(0)
    return EXHAUSTED, array("i"), nodes, False
