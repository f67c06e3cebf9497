"""Semimagic knight's tours of n×n boards, n a multiple of 4, built from quartes.

Cut the board into 4×4 blocks (k×k of them, n = 4k) and the numbers 1..N into quartes,
4j + 1..4j + 4 (j = 0..Q - 1, Q = N/4). The tour this module builds lays each quarte on a
*transversal* of one block: four cells joined by knight's leaps, one in each of the block's
rows and each of its columns (48 such paths, with their direction). Each row of a block then
holds one number of each of the block's four quartes, 4j + 1 + o, where o (0..3) is the
number's place in its quarte, so a row of the board adds up to

    4 × (the quarte indices j of its band of blocks) + n + (its places o),

and the same for a column. Two conditions make every line add up to n(N + 1)/2:

* **the indices**: quarte Q - 1 - j lies in the same block as quarte j (the block sequence is
  a palindrome), so each pair adds Q - 1 and each band of 4k quartes adds 2k(Q - 1);
* **the places**: the places o in each row (and column) of the board add up to 6k, the mean.

The search builds the tour from both ends at once, like the magic kernel's half-turn
subspace: step d lays quarte d (from the head) and quarte Q - 1 - d (back from the tail) in
one block, so the first condition holds by construction. A block's cells left free must
still split into transversals (the unions of disjoint transversals are listed once). The
places are pruned by bounds (a row still to receive m numbers needs between 0 and 3m more),
and the candidates are tried in the order that brings each row's and column's places
nearest their mean (a square error), ties broken at random: without that order no 12×12
tour came within two million nodes. The last step's head must leap to its tail.

Pure Python shared by both cores (knight.magic calls it for n = 12, 16, 20, ...): a seed's
tour is the same on either. The restarts and their budgets are the caller's.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple

from ..model._deadline import NEVER

if TYPE_CHECKING:
    import random

__all__ = ["QuarteResult", "quarte_tour"]

_STEPS = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
_FULL = 0xFFFF
#: How often (nodes) the search looks at the clock.
_CLOCK_EVERY = 1024


def _transversals() -> List[Tuple[int, ...]]:
    """Every knight's path of four cells (0..15, row * 4 + col) in a 4×4 block that meets each
    of its rows and columns once, in each direction."""
    found: List[Tuple[int, ...]] = []

    def grow(path: List[int]) -> None:
        if len(path) == 4:
            found.append(tuple(path))
            return
        r, c = divmod(path[-1], 4)
        for dr, dc in _STEPS:
            row, col = r + dr, c + dc
            if 0 <= row < 4 and 0 <= col < 4 and all(row != cell // 4 and col != cell % 4 for cell in path):
                grow(path + [row * 4 + col])

    for cell in range(16):
        grow([cell])
    return found


_PATHS = _transversals()
_MASKS = [sum(1 << cell for cell in path) for path in _PATHS]
_FROM = [[i for i, path in enumerate(_PATHS) if path[0] == cell] for cell in range(16)]
_TO = [[i for i, path in enumerate(_PATHS) if path[3] == cell] for cell in range(16)]
#: Per path, its place (0..3) on each row and on each column of its block.
_ROW_PLACES = [[path.index(cell) for r in range(4) for cell in path if cell // 4 == r] for path in _PATHS]
_COL_PLACES = [[path.index(cell) for c in range(4) for cell in path if cell % 4 == c] for path in _PATHS]


def _unions() -> frozenset[int]:
    """The cell masks of a block that are unions of disjoint transversals."""
    seen = {0}
    todo = [0]
    while todo:
        union = todo.pop()
        for mask in _MASKS:
            if not mask & union and mask | union not in seen:
                seen.add(mask | union)
                todo.append(mask | union)
    return frozenset(seen)


_UNIONS = _unions()

#: A step's choice: (block, the head's path, the tail's path).
_Pair = Tuple[int, int, int]


class QuarteResult:
    """One run of quarte_tour: the tour's cells (0-based, row * n + col, in order) or None, and
    the nodes walked; timed_out when the deadline ended it."""

    __slots__ = ("cells", "nodes", "timed_out")

    def __init__(self, cells: Optional[List[int]], nodes: int, timed_out: bool) -> None:
        self.cells, self.nodes, self.timed_out = cells, nodes, timed_out


class _Board:
    """The state of one run on a 4k×4k board."""

    def __init__(self, k: int, rng: "random.Random") -> None:
        self.k, self.n, self.rng = k, 4 * k, rng
        self.quartes = 4 * k * k
        self.mean = 6 * k  # the places a row or column must add up to
        self.used = [0] * (k * k)  # per block, its cells taken
        self.places = [0] * (8 * k)  # per row, then per column, the places so far
        self.filled = [0] * (2 * k)  # per row band, then per column band, the quartes laid
        self.allowed = _schedule(k)

    def cell(self, block: int, local: int) -> int:
        k, n = self.k, self.n
        return ((block // k) * 4 + local // 4) * n + (block % k) * 4 + local % 4

    def leaps(self, cell: int) -> List[Tuple[int, int]]:
        """(block, local cell) of each leap from the board's cell."""
        n, k = self.n, self.k
        r, c = divmod(cell, n)
        found: List[Tuple[int, int]] = []
        for dr, dc in _STEPS:
            row, col = r + dr, c + dc
            if 0 <= row < n and 0 <= col < n:
                found.append(((row // 4) * k + col // 4, (row % 4) * 4 + col % 4))
        return found

    def lay(self, pair: _Pair, sign: int) -> bool:
        """Lay (sign 1) or lift (sign -1) a step's two quartes; laid, whether the places can still
        add up (each row or column of the bands touched needs between 0 and 3 × its quartes left)."""
        block, head, tail = pair
        k, n = self.k, self.n
        band_r, band_c = divmod(block, k)
        self.used[block] ^= _MASKS[head] | _MASKS[tail]
        self.filled[band_r] += 2 * sign
        self.filled[k + band_c] += 2 * sign
        places = self.places
        for path in (head, tail):
            rows, cols = _ROW_PLACES[path], _COL_PLACES[path]
            for i in range(4):
                places[4 * band_r + i] += sign * rows[i]
                places[n + 4 * band_c + i] += sign * cols[i]
        if sign < 0:
            return True
        left_r, left_c = 3 * (4 * k - self.filled[band_r]), 3 * (4 * k - self.filled[k + band_c])
        return all(0 <= self.mean - places[4 * band_r + i] <= left_r for i in range(4)) and all(
            0 <= self.mean - places[n + 4 * band_c + i] <= left_c for i in range(4)
        )

    def pairs(self, block: int, heads: Sequence[int], tails: Sequence[int], last: bool) -> List[_Pair]:
        """The steps in block: a head path and a tail path on free cells that leave the rest of the
        block splittable into transversals (the last step: the head's end leaps to the tail's start)."""
        used = self.used[block]
        found: List[_Pair] = []
        for head in heads:
            if _MASKS[head] & used:
                continue
            taken = used | _MASKS[head]
            for tail in tails:
                if _MASKS[tail] & taken or _FULL ^ (taken | _MASKS[tail]) not in _UNIONS:
                    continue
                if last and not _leap(self.n, self.cell(block, _PATHS[head][3]), self.cell(block, _PATHS[tail][0])):
                    continue
                found.append((block, head, tail))
        return found

    def candidates(self, step: int, head_end: int, tail_start: int) -> List[_Pair]:
        """Step's choices, from the head's last cell and the tail's first, best first."""
        last = step == len(self.allowed) - 1
        tails: dict[int, List[int]] = {}
        for block, local in self.leaps(tail_start):
            tails.setdefault(block, []).extend(_TO[local])
        heads: dict[int, List[int]] = {}
        for block, local in self.leaps(head_end):
            if block in tails:
                heads.setdefault(block, []).extend(_FROM[local])
        found: List[_Pair] = []
        allowed = self.allowed[step]
        for block, paths in heads.items():
            if block in allowed:
                found += self.pairs(block, paths, tails[block], last)
        return self.ordered(found)

    def ordered(self, found: List[_Pair]) -> List[_Pair]:
        """The steps in random order, then by how near they bring the places of the rows and
        columns they touch to what those still need on average (a stable sort)."""
        self.rng.shuffle(found)
        k, n, places = self.k, self.n, self.places
        scored: List[float] = []
        for pair in found:
            block, head, tail = pair
            band_r, band_c = divmod(block, k)
            left_r = (4 * k - self.filled[band_r]) // 2
            left_c = (4 * k - self.filled[k + band_c]) // 2
            error = 0.0
            for i in range(4):
                want_r = (self.mean - places[4 * band_r + i]) / left_r if left_r else 0.0
                want_c = (self.mean - places[n + 4 * band_c + i]) / left_c if left_c else 0.0
                error += (_ROW_PLACES[head][i] + _ROW_PLACES[tail][i] - want_r) ** 2
                error += (_COL_PLACES[head][i] + _COL_PLACES[tail][i] - want_c) ** 2
            scored.append(error)
        order = sorted(range(len(found)), key=scored.__getitem__)
        return [found[i] for i in order]

    def first(self) -> List[_Pair]:
        found: List[_Pair] = []
        for block in sorted(self.allowed[0]):
            found += self.pairs(block, range(len(_PATHS)), range(len(_PATHS)), False)
        self.rng.shuffle(found)
        return found


def _schedule(k: int) -> List[frozenset[int]]:
    """Per step, the blocks it may lay its quartes in. k even: the board's 8×8 quarters of 2×2
    blocks (their own 16 quartes each), one after another along a snake, so that each is finished
    before the next is begun (16×16: found in restarts where the whole board was not); k odd: any."""
    if k % 2:
        return [frozenset(range(k * k))] * (2 * k * k)
    steps: List[frozenset[int]] = []
    for R in range(k // 2):
        for C in range(k // 2) if R % 2 == 0 else range(k // 2 - 1, -1, -1):
            unit = frozenset((2 * R + a) * k + 2 * C + b for a in range(2) for b in range(2))
            steps += [unit] * 8
    return steps


def _leap(n: int, a: int, b: int) -> bool:
    dr, dc = abs(a // n - b // n), abs(a % n - b % n)
    return (dr, dc) in ((1, 2), (2, 1))


def quarte_tour(k: int, seed: int, max_nodes: int, deadline: float = NEVER) -> QuarteResult:
    """One run of the search on the 4k×4k board (k ≥ 2), its random order from seed: the tour's
    cells, or None after max_nodes nodes (or at the deadline, a time.monotonic() value)."""
    import random  # here, not at import knight (start-up: tests/test_startup.py)

    board = _Board(k, random.Random(seed))
    steps = board.quartes // 2
    chosen: List[_Pair] = []
    stack = [board.first()]
    at = [0]
    nodes = 0
    while stack:
        if at[-1] == len(stack[-1]):
            stack.pop()
            at.pop()
            if chosen:
                board.lay(chosen.pop(), -1)
            continue
        pair = stack[-1][at[-1]]
        at[-1] += 1
        nodes += 1
        if nodes > max_nodes:
            return QuarteResult(None, nodes - 1, False)
        if nodes % _CLOCK_EVERY == 0 and deadline != NEVER and time.monotonic() > deadline:
            return QuarteResult(None, nodes, True)
        if not board.lay(pair, 1):
            board.lay(pair, -1)
            continue
        chosen.append(pair)
        if len(chosen) == steps:
            return QuarteResult(_cells(board, chosen), nodes, False)
        block, head, tail = pair
        stack.append(
            board.candidates(len(chosen), board.cell(block, _PATHS[head][3]), board.cell(block, _PATHS[tail][0]))
        )
        at.append(0)
    return QuarteResult(None, nodes, False)


def _cells(board: _Board, chosen: Sequence[_Pair]) -> List[int]:
    """The tour's cells in order: the heads' quartes, then the tails' from the middle out."""
    order = [(block, head) for block, head, _ in chosen] + [(block, tail) for block, _, tail in reversed(chosen)]
    return [board.cell(block, local) for block, path in order for local in _PATHS[path]]
