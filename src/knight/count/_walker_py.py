"""Pure-Python twin of the compiled walker (``_walker.pyx``): same nodes, same answers.

A Walker enumerates, depth first, every path of ``target`` squares that extends a given
prefix (``target`` is the board's number of squares for tours, less to cut the work into
prefixes). A node is one square placed on the path; the prefix's squares are not nodes
of the walk. The board is a rows×cols rectangle of cells, less the holes where ``mask``
(rows*cols bytes, or None for none) is 0: a hole is never free, is no square's neighbour
and counts in no degree, so the walk never sees it. The piece moves by ``moves``, its
(row, col) steps: the knight's, or any other leaper's.

* Closed walks (``ends`` given, squares next to the prefix's first square) count only
  paths that end on one of ``ends``; each end keeps one extra link in its degree, the
  link home, so that the pruning below treats the way back as a free neighbour.
* Moves are tried in move order, or with ``ordered`` in Warnsdorff order (fewest onward
  moves first, ties to the square farther from the centre, then the earlier move), as in
  the first round of ``knight.tour``'s search.

Pruning, sound for every completion (no tour is ever cut off):

* a free neighbour of the knight with no other free neighbour can only be the last
  square, so it is dead unless one square remains (or, closed, at all);
* a free square with one free neighbour must be the path's end, unless it is next to
  the knight and is the next square: so more of them than the path has ends (one, open;
  none, closed, where the end's link home is counted) is dead, and when all but one are
  ends for certain, the next move must be one of them (the others are cut);
* closed: no end left free;
* the free squares are not all reachable from the knight (a flood fill: at every node
  when counting, and only once the walk has backtracked when ordered, which keeps the
  first tour of a large board fast).
"""

from __future__ import annotations

from array import array
from typing import Optional, Sequence

from ..model._board import neighbour_lists
from ..model._deadline import CELLS_PER_LOOK, NEVER, chunks
from ..model._flood import reachable
from ..model._status import EXHAUSTED as EXHAUSTED
from ..model._status import FOUND as FOUND
from ..model._status import LIMIT as LIMIT

#: Nodes to ask for at a time, so that the caller sees Ctrl-C within about 0.1 s.
CHUNK = 1 << 14

#: Bytes a walker takes per cell of the board (Python lists: neighbours, keys, degrees, marks).
CELL_BYTES = 520

#: The connectivity check (a flood fill of every free square) runs only when at most this
#: many squares are left, so that a node's cost does not grow with the board: on a bigger
#: board no walk finishes anyway, and the check only prunes, never changes a count.
CONNECTED_LIMIT = 1024

_SQUARE = bytes([0] + [1] * 255)  # a mask's bytes to free (1) or hole (0): any non-zero byte is a square


def _check_walk(
    rows: int, cols: int, mask: Optional[bytes], prefix: Sequence[int], ends: Optional[Sequence[int]], target: int
) -> tuple[list[int], int]:
    """The prefix as a list and the number of squares, after checking what the C code will trust."""
    if rows < 1 or cols < 1 or rows * cols > 2**31 - 1:
        raise ValueError(f"a walk needs a board of 1 to 2**31 - 1 squares, not {rows}×{cols}")
    cells = rows * cols
    if mask is not None and len(mask) != cells:
        raise ValueError(f"mask has {len(mask)} cells, not {cells}")
    n = cells if mask is None else cells - bytes(mask).count(0)
    squares = list(prefix)
    if not 1 <= len(squares) <= target <= n:
        raise ValueError(f"a walk needs 1 <= len(prefix) <= target <= {n}, not {len(squares)} and {target}")
    for square in squares + list(ends or ()):
        if not 0 <= square < cells:
            raise ValueError(f"square index {square} is off a board of {cells} cells")
        if mask is not None and not mask[square]:
            raise ValueError(f"square index {square} is a hole")
    if len(set(squares)) != len(squares):
        raise ValueError(f"prefix {squares} visits a square twice")
    return squares, n


def _table_lists(table: tuple[array[int], array[int]], cells: int) -> list[list[int]]:
    """Each cell's neighbours from a flat table (offsets, targets), checked as the compiled walker checks it."""
    offsets, targets = table
    if len(offsets) != cells + 1 or offsets[0] != 0 or offsets[cells] != len(targets):
        raise ValueError(f"a neighbour table of {cells} cells needs {cells + 1} offsets from 0 to len(targets)")
    lists: list[list[int]] = []
    for cell in range(cells):
        if offsets[cell] > offsets[cell + 1]:
            raise ValueError("a neighbour table's offsets never decrease")
        row = list(targets[offsets[cell] : offsets[cell + 1]])
        if any(not 0 <= target < cells for target in row):
            raise ValueError(f"a neighbour table's targets are cells, 0 to {cells - 1}")
        lists.append(row)
    return lists


class Walker:
    """Every path of target squares extending prefix on a rows×cols board, depth first.

    mask is None (every cell a square) or rows*cols bytes, 0 for a hole; moves are the
    leaper's (row, col) steps in move order; or table, the graph as flat int32 arrays
    (offsets, targets) over the cells (Board.neighbour_table, for boards that wrap and
    boxes: moves is then unused), a hole with no neighbours and nobody's. prefix and ends are 0-based cell indices of
    squares (not holes); ends is None for open paths. next() and count() may be called
    again and again: each resumes where the last one stopped. Building the walker looks at
    the clock every few thousand cells: OutOfTime once deadline (time.monotonic()) passes.
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        mask: Optional[bytes],
        prefix: Sequence[int],
        ends: Optional[Sequence[int]],
        target: int,
        ordered: bool,
        moves: Sequence[tuple[int, ...]],
        deadline: float = NEVER,
        table: Optional[tuple[array[int], array[int]]] = None,
    ) -> None:
        cells = rows * cols
        if table is None and len(moves) > 8:
            raise ValueError(f"at most 8 moves, not {len(moves)}")
        squares, n = _check_walk(rows, cols, mask, prefix, ends, target)
        self.n, self.target, self.ordered = n, target, bool(ordered)
        if table is None:
            self.neighbours = neighbour_lists(rows, cols, moves, None if mask is None else bytes(mask), deadline)
        else:
            self.neighbours = _table_lists(table, cells)
        self.key: list[int] = []  # farther from the centre sorts first
        for some in chunks(rows, deadline, max(1, CELLS_PER_LOOK // cols)):
            self.key += [
                -((2 * row - rows + 1) ** 2 + (2 * col - cols + 1) ** 2) for row in some for col in range(cols)
            ]
        self.free = bytearray(b"\x01") * cells if mask is None else bytearray(bytes(mask).translate(_SQUARE))
        self.home = bytearray(cells)
        self.closed = ends is not None
        for square in ends or ():
            self.home[square] = 1
        self.links_home = sum(self.home)
        self.degree: list[int] = []
        for some in chunks(cells, deadline):
            self.degree += [len(self.neighbours[square]) + self.home[square] for square in some]
        self.ones = self.degree.count(1)
        self.mark = [0] * cells
        self.stamp = 0
        self.backtracked = False
        self.done = False
        self.path: list[int] = []
        self.candidates: list[list[int]] = []
        self.cursor: list[int] = []
        for square in squares:
            self._take(square)
            self.path.append(square)
            self.candidates.append([])
            self.cursor.append(0)
        self.root = len(squares) - 1
        self.pending = len(squares) == target
        if not self.pending:
            self._expand(self.root)

    def _take(self, square: int) -> None:
        free, degree = self.free, self.degree
        free[square] = 0
        if degree[square] == 1:
            self.ones -= 1
        if self.home[square]:
            self.links_home -= 1
        for neighbour in self.neighbours[square]:
            if free[neighbour]:
                count = degree[neighbour]
                degree[neighbour] = count - 1
                if count == 1:
                    self.ones -= 1
                elif count == 2:
                    self.ones += 1

    def _release(self, square: int) -> None:
        free, degree = self.free, self.degree
        for neighbour in self.neighbours[square]:
            if free[neighbour]:
                count = degree[neighbour]
                degree[neighbour] = count + 1
                if count == 1:
                    self.ones -= 1
                elif count == 0:
                    self.ones += 1
        free[square] = 1
        if degree[square] == 1:
            self.ones += 1
        if self.home[square]:
            self.links_home += 1

    def _connected(self, square: int, remaining: int) -> bool:
        """Whether every free square can be reached from square through free squares."""
        self.stamp += 1
        return reachable(self.neighbours, self.free, self.mark, self.stamp, square) == remaining

    def _expand(self, depth: int) -> None:
        """Fill the frame of the square at path[depth] with its moves, or none when dead."""
        square = self.path[depth]
        remaining = self.n - depth - 1
        self.cursor[depth] = 0
        self.candidates[depth] = []
        free, degree, closed = self.free, self.degree, self.closed
        moves_out: list[int] = []
        next_to_knight = 0
        for neighbour in self.neighbours[square]:
            if free[neighbour]:
                count = degree[neighbour]
                if count == 0 and (closed or remaining > 1):
                    return
                next_to_knight += count == 1
                moves_out.append(neighbour)
        # A free square with one free neighbour is the path's end unless (next to the knight)
        # it is the next square: a closed path's end is fixed, so it must be the next square.
        away = self.ones - next_to_knight
        if closed:
            if away > 0 or next_to_knight > 1 or self.links_home == 0:
                return
            forced = next_to_knight == 1
        else:
            if away > 1 or away + next_to_knight > 2:
                return
            forced = away + next_to_knight == 2
        if forced:
            moves_out = [neighbour for neighbour in moves_out if degree[neighbour] == 1]
        if (
            (self.backtracked or not self.ordered)
            and 1 < remaining <= CONNECTED_LIMIT
            and not self._connected(square, remaining)
        ):
            return
        if self.ordered:
            key = self.key
            moves_out.sort(key=lambda neighbour: (degree[neighbour], key[neighbour]))
        self.candidates[depth] = moves_out

    def _leaf_counts(self, square: int) -> bool:
        return self.target < self.n or not self.closed or self.home[square] == 1

    def _walk(self, budget: int, stop_at_leaf: bool) -> tuple[int, int, int]:
        """Place at most budget squares; stop at the next leaf when asked: (status, nodes, leaves)."""
        used = leaves = 0
        path, candidates, cursor = self.path, self.candidates, self.cursor
        if self.pending:
            self.pending = False
            if self._leaf_counts(path[-1]):
                leaves += 1
                if stop_at_leaf:
                    return FOUND, used, leaves
        while not self.done:
            top = len(path) - 1
            frame = candidates[top]
            if cursor[top] < len(frame):
                if used >= budget:
                    return LIMIT, used, leaves
                used += 1
                square = frame[cursor[top]]
                cursor[top] += 1
                self._take(square)
                path.append(square)
                candidates.append([])
                cursor.append(0)
                if len(path) == self.target:
                    if self._leaf_counts(square):
                        leaves += 1
                        if stop_at_leaf:
                            return FOUND, used, leaves
                else:
                    self._expand(top + 1)
            elif top == self.root:
                self.done = True
            else:
                self.backtracked = True
                self._release(path.pop())
                candidates.pop()
                cursor.pop()
        return EXHAUSTED, used, leaves

    def next(self, budget: int) -> tuple[int, int, array[int] | None]:
        """Walk to the next leaf, placing at most budget squares: (status, nodes, path).

        path is an int32 array of 1-based square numbers when status is FOUND, else None.
        """
        status, used, _ = self._walk(budget, True)
        if status != FOUND:
            return status, used, None
        return status, used, array("i", [square + 1 for square in self.path])

    def count(self, budget: int) -> tuple[int, int, int]:
        """Count leaves, placing at most budget squares: (status, nodes, leaves)."""
        return self._walk(budget, False)
