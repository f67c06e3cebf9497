"""Pure-Python twin of the compiled search core (``_core.pyx``): same algorithm, same answers.

The search is an explicit stack of frames, one per square on the path, each holding the
square's candidate moves in Warnsdorff order: fewest onward moves (degree) first. Degrees
are kept up to date as squares are taken and released, never recounted. A frame gets
no candidates when the position is dead:

* a free neighbour of the new square has no free neighbour left (it could only be the
  last square, so this is dead unless exactly one square remains);
* more free squares have a single free neighbour than a path can end on (one for an
  open tour; none away from the knight for a closed one, whose end is fixed);
* for a closed tour, the start has no free neighbour left to come home from;
* once the search has backtracked, some free squares are cut off from the knight
  (skipped on the first descent, which usually succeeds). With at most FILL_LIMIT
  squares left, a flood fill from the knight must reach them all. With more, only the
  knight's last step can have cut squares off, from the square it left: a fill from
  each free neighbour of that square, stopped after FILL_LIMIT squares, finds a pocket
  of fewer squares none of which is a move from the knight. So a node costs at most a
  bounded amount of work, whatever the size of the board.

In a closed search the start keeps counting as free in its neighbours' degrees: the
path must come back to it.

Warnsdorff's rule has traps (on 5×n boards, for instance) where a bad early choice
costs millions of nodes. So the search runs in rounds: round r is a complete depth-first
search stopped after 8·n·2^r nodes, and each round breaks degree ties its own way:
round 0 prefers the square farther from the centre of the board, later rounds use a
fixed hash of (round, square). Ties left after that go to the earlier move in the move
list. A round that finishes within its budget is exhaustive, so a "no" is a proof; as
budgets double, the rounds together cost at most about twice the last one.

Every CHECK_EVERY nodes the loop compares the clock with the deadline (a
time.monotonic() reading) and stops with LIMIT once it has passed.

graph_path runs one round of the same search for an open path on any graph given as
flat arrays (the halves of a board four wide, see _narrow), ties in the order of the
neighbour lists.

Tracer runs the same rounds of the same loop and records what it does, a chunk at a time,
as int32 records: (PLACED, square, move) a square placed as move move; (TAKEN_BACK,
square, move) one taken back; (CHOICE, move, k, then k pairs square, degree) the k
candidates for move move not yet tried, in the order of the rule, the first of them
chosen; (RESTART, round) a new round. Squares are 1-based. Once the chunk is full the
loop stops at the top of a node, keeps its state, and resumes there on the next call;
the search itself records nothing.
"""

from __future__ import annotations

import math
from array import array
from functools import lru_cache
from time import monotonic
from typing import TYPE_CHECKING, Callable, List, Sequence, Tuple, TypeVar

from ..model._board import KNIGHT_MOVES as KNIGHT_MOVES
from ..model._board import NEIGHBOUR_BOARDS_KEPT, NEIGHBOUR_CACHE_SQUARES, neighbour_lists
from ..model._flood import reachable
from ..model._status import EXHAUSTED, FOUND, LIMIT
from ._order import tie_breaks

if TYPE_CHECKING:
    from typing_extensions import ParamSpec

    P = ParamSpec("P")
R = TypeVar("R")

__all__ = [
    "CHECK_EVERY",
    "CHOICE",
    "EXHAUSTED",
    "FILL_LIMIT",
    "FOUND",
    "LIMIT",
    "PAUSED",
    "PLACED",
    "QUICK_SIZES",
    "RESTART",
    "TAKEN_BACK",
    "Tracer",
    "graph_path",
    "quick_tour",
    "door",
    "search",
]

#: Squares a connectivity fill visits at most: the bound on a node's cost.
FILL_LIMIT = 64

#: Nodes between two looks at the clock.
CHECK_EVERY = 4096

#: The n of the n×n boards quick_tour() answers: those where method="auto" backtracks.
QUICK_SIZES = range(5, 12)

#: A Tracer's status while its search is under way (the chunk is full).
PAUSED = 3

#: The kinds of a Tracer's records (see the module docstring).
PLACED, TAKEN_BACK, CHOICE, RESTART = 1, 2, 3, 4


def _neighbours(rows: int, cols: int, moves: tuple[tuple[int, int], ...], mask: bytes | None) -> list[list[int]]:
    """neighbour_lists, kept for the last few small boards (as Board.neighbour_lists keeps
    them), built anew for larger ones: the search only reads them."""
    if rows * cols <= NEIGHBOUR_CACHE_SQUARES:
        return _kept_neighbours(rows, cols, moves, mask)
    return neighbour_lists(rows, cols, moves, mask)


@lru_cache(maxsize=NEIGHBOUR_BOARDS_KEPT)
def _kept_neighbours(rows: int, cols: int, moves: tuple[tuple[int, int], ...], mask: bytes | None) -> list[list[int]]:
    return neighbour_lists(rows, cols, moves, mask)


def search(
    rows: int,
    cols: int,
    mask: bytes | None,
    start: int,
    closed: bool,
    max_nodes: int,
    moves: Sequence[tuple[int, int]],
    deadline: float = math.inf,
) -> tuple[int, int, array[int] | None]:
    """Find a tour from cell index start; return (status, nodes, squares).

    The board is the rows×cols rectangle less the cells where mask (rows*cols bytes, or
    None for none) is 0. status is FOUND, EXHAUSTED (proof that no tour starts there) or
    LIMIT (max_nodes squares placed, counted over all rounds, or the deadline passed,
    without an answer); squares is an int32 array of the tour's 1-based square numbers
    when FOUND.
    """
    rounds = _Rounds(rows, cols, mask, start, closed, max_nodes, moves)
    if rounds.status != PAUSED:
        return rounds.status, 0, None
    status, path = rounds.run(deadline, None)
    return status, rounds.nodes, None if path is None else _squares(path)


class _Rounds:
    """The rounds of one search (see the module docstring), which a Tracer pauses and resumes."""

    __slots__ = (
        "budget",
        "closed",
        "cols",
        "max_nodes",
        "neighbours",
        "nodes",
        "on_board",
        "round_",
        "rows",
        "start",
        "status",
        "under_way",
    )

    def __init__(
        self,
        rows: int,
        cols: int,
        mask: bytes | None,
        start: int,
        closed: bool,
        max_nodes: int,
        moves: Sequence[tuple[int, int]],
    ) -> None:
        mask = None if mask is None else bytes(mask)
        self.on_board = bytearray(b"\x01") * (rows * cols) if mask is None else bytearray(mask)
        self.rows, self.cols, self.start, self.closed, self.max_nodes = rows, cols, start, closed, max_nodes
        self.round_ = self.nodes = self.budget = 0
        self.under_way = False
        # a cycle needs three squares: none here, a proof
        self.status = EXHAUSTED if closed and self.on_board.count(1) < 3 else PAUSED
        self.neighbours = _neighbours(rows, cols, tuple(moves), mask) if self.status == PAUSED else []

    def run(self, deadline: float, trace: _Trace | None) -> tuple[int, list[int] | None]:
        """The rounds from where they stand: (status, the path when FOUND); PAUSED when trace is full."""
        while True:
            if not self.under_way:
                self.budget = min(8 * self.on_board.count(1) << self.round_, self.max_nodes - self.nodes)
            tie_break = tie_breaks(self.rows, self.cols, self.round_)
            status, used, path = depth_first(
                self.neighbours, self.start, self.closed, self.budget, tie_break, self.on_board, deadline, trace
            )
            self.under_way = status == PAUSED
            if self.under_way:
                return status, None
            self.nodes += used
            if status != LIMIT or self.nodes >= self.max_nodes or used < self.budget:  # used < budget: the deadline
                return status, path
            self.round_ += 1
            if trace is not None:
                trace.records.extend((RESTART, self.round_))


#: depth_first's state while a trace is paused: free, n, degree, ones, home, links_home, mark,
#: stamp, backtracked, path, candidates, cursor, square, depth, nodes.
_Saved = Tuple[
    bytearray,
    int,
    List[int],
    int,
    bytearray,
    int,
    List[int],
    int,
    bool,
    List[int],
    List[List[int]],
    List[int],
    int,
    int,
    int,
]


class _Trace:
    """A Tracer's records, and depth_first's state while it is paused."""

    __slots__ = ("nodes", "pause_at", "records", "saved")

    def __init__(self, pause_at: int) -> None:
        self.records = array("i")
        self.pause_at = pause_at
        self.saved: _Saved | None = None
        self.nodes = 0


class Tracer:
    """The search of ``search``, run a chunk of events at a time (see the module docstring)."""

    def __init__(
        self,
        rows: int,
        cols: int,
        mask: bytes | None,
        start: int,
        closed: bool,
        max_nodes: int,
        moves: Sequence[tuple[int, int]],
        chunk: int = 4096,
    ) -> None:
        self._rounds = _Rounds(rows, cols, mask, start, closed, max_nodes, moves)
        self._trace = _Trace(max(chunk, 1))
        self.squares: array[int] | None = None

    @property
    def nodes(self) -> int:
        """The squares placed so far, over every round."""
        return self._rounds.nodes + (self._trace.nodes if self._rounds.under_way else 0)

    def run(self, deadline: float = math.inf) -> tuple[int, array[int]]:
        """The next chunk: (status, records), records an int32 array of the events' records
        since the last call; status is PAUSED until the search answers FOUND (squares set),
        EXHAUSTED or LIMIT."""
        rounds, trace = self._rounds, self._trace
        if rounds.status != PAUSED:
            return rounds.status, array("i")
        trace.records = array("i")
        rounds.status, path = rounds.run(deadline, trace)
        if path is not None:
            self.squares = _squares(path)
        return rounds.status, trace.records


def _squares(path: list[int]) -> array[int]:
    """The path's cells as an int32 array of 1-based square numbers: the tour's own storage."""
    return array("i", [square + 1 for square in path])


def depth_first(
    neighbours: Sequence[Sequence[int]],
    start: int,
    closed: bool,
    budget: int,
    tie_break: list[int],
    on_board: bytes | bytearray | None = None,
    deadline: float = math.inf,
    trace: _Trace | None = None,
) -> tuple[int, int, list[int] | None]:
    """One round: depth-first search placing at most budget squares; (status, nodes, path).

    on_board marks the cells that are squares (1) or holes (0); without it every cell is
    a square. With trace, records the events into trace.records and pauses (PAUSED) at the
    top of a node once it holds trace.pause_at; a trace.saved state resumes there.
    """
    records = None if trace is None else trace.records
    if trace is not None and trace.saved is not None:
        (free, n, degree, ones, home, links_home, mark, stamp, backtracked, path, candidates, cursor) = trace.saved[:12]
        square, depth, nodes = trace.saved[12:]
        trace.saved = None
    else:
        free = bytearray(b"\x01") * len(neighbours) if on_board is None else bytearray(on_board)
        n = free.count(1)
        degree = [len(squares) for squares in neighbours]
        ones = degree.count(1)
        home = bytearray(len(neighbours))
        if closed:
            for square in neighbours[start]:
                home[square] = 1
        links_home = len(neighbours[start])
        mark = [0] * len(neighbours)
        stamp = 0
        backtracked = False
        path = [0] * n
        candidates = [list[int]()] * n
        cursor = [0] * n
        square = start
        depth = 0
        nodes = 1
    low = min(tie_break)
    span = max(tie_break) - low + 1
    keys = [key - low for key in tie_break]

    def order(square: int) -> int:
        """Fewest onward moves first, then the tie-break key."""
        return degree[square] * span + keys[square]

    def cut_off(square: int, remaining: int) -> bool:
        """Whether some free squares can no longer be reached from square (see the module docstring)."""
        nonlocal stamp
        if remaining <= FILL_LIMIT:
            stamp += 1
            return reachable(neighbours, free, mark, stamp, square, FILL_LIMIT) != remaining
        for pocket in neighbours[path[depth - 1]]:
            if free[pocket]:
                stamp += 1
                if 0 < reachable(neighbours, free, mark, stamp, pocket, FILL_LIMIT, square) < FILL_LIMIT:
                    return True
        return False

    while True:
        if records is not None:
            assert trace is not None
            if len(records) >= trace.pause_at:
                trace.saved = (free, n, degree, ones, home, links_home, mark, stamp, backtracked, path, candidates) + (
                    cursor,
                    square,
                    depth,
                    nodes,
                )
                trace.nodes = nodes
                return PAUSED, nodes, None
            records.extend((PLACED, square + 1, depth + 1))
        # take square: its free neighbours lose a free neighbour (but for the start of a
        # closed search, which stays counted) and become its candidates
        free[square] = 0
        if degree[square] == 1:
            ones -= 1
        if home[square]:
            links_home -= 1
        path[depth] = square
        keep_counted = closed and depth == 0
        remaining = n - depth - 1
        moves_out: list[int] = []
        next_to_knight = 0
        stranded = False
        for neighbour in neighbours[square]:
            if free[neighbour]:
                count = degree[neighbour]
                if not keep_counted:
                    count -= 1
                    degree[neighbour] = count
                    if count == 0:
                        ones -= 1
                    elif count == 1:
                        ones += 1
                if count == 0:
                    stranded = True
                elif count == 1:
                    next_to_knight += 1
                moves_out.append(neighbour)
        cursor[depth] = 0
        candidates[depth] = []
        if remaining == 0:
            if not closed or home[square]:
                return FOUND, nodes, path
        elif not (
            (stranded and (closed or remaining > 1))
            or ones - next_to_knight > (0 if closed else 1)
            or (closed and links_home == 0)
            or (backtracked and cut_off(square, remaining))
        ):
            moves_out.sort(key=order)
            candidates[depth] = moves_out
        depth += 1
        # advance to the next candidate, backtracking through exhausted frames
        while True:
            top = depth - 1
            frame = candidates[top]
            position = cursor[top]
            if position < len(frame):
                if nodes >= budget or (nodes % CHECK_EVERY == 0 and monotonic() >= deadline):
                    return LIMIT, nodes, None
                nodes += 1
                cursor[top] = position + 1
                square = frame[position]
                if records is not None:
                    records.extend((CHOICE, top + 2, len(frame) - position))
                    for candidate in frame[position:]:
                        records.extend((candidate + 1, degree[candidate]))
                break
            if top == 0:
                return EXHAUSTED, nodes, None
            backtracked = True
            # release path[top]
            released = path[top]
            if records is not None:
                records.extend((TAKEN_BACK, released + 1, top + 1))
            for neighbour in neighbours[released]:
                if free[neighbour]:
                    count = degree[neighbour]
                    degree[neighbour] = count + 1
                    if count == 1:
                        ones -= 1
                    elif count == 0:
                        ones += 1
            free[released] = 1
            if degree[released] == 1:
                ones += 1
            if home[released]:
                links_home += 1
            depth -= 1


def graph_path(
    offsets: array[int], targets: array[int], start: int, max_nodes: int, deadline: float = math.inf
) -> tuple[int, int, array[int] | None]:
    """A Hamiltonian path of a graph from vertex start; return (status, nodes, path).

    The graph has len(offsets) - 1 vertices, numbered from 0, given as int32 arrays: the
    neighbours of vertex v are targets[offsets[v]:offsets[v + 1]], and each edge is
    listed from both its ends. The search is one round of depth_first for an open path:
    Warnsdorff's order, ties in the order of the neighbour lists, the same pruning; it
    places at most max_nodes vertices (the start counts one, whatever max_nodes) and reads
    the clock every CHECK_EVERY nodes. status is FOUND (path: an int32 array, the vertices
    in order), EXHAUSTED (no Hamiltonian path starts there) or LIMIT.
    """
    n = len(offsets) - 1
    if n < 1:
        raise ValueError(f"offsets must hold n + 1 entries for n >= 1 vertices, not {len(offsets)}")
    if offsets[0] != 0 or offsets[n] != len(targets) or any(offsets[v] > offsets[v + 1] for v in range(n)):
        raise ValueError(f"offsets must go from 0 up to len(targets) = {len(targets)} and never decrease")
    for index, target in enumerate(targets):
        if not 0 <= target < n:
            raise ValueError(f"targets[{index}] is {target}, not a vertex (0 to {n - 1})")
    if not 0 <= start < n:
        raise ValueError(f"start {start} is not a vertex (0 to {n - 1})")
    neighbours = [list(targets[offsets[v] : offsets[v + 1]]) for v in range(n)]
    status, nodes, path = depth_first(neighbours, start, False, max_nodes, [0] * n, None, deadline)
    return status, nodes, None if path is None else array("i", path)


def _quick_start(size: int, start: object) -> int:
    """The 0-based square start names on the size×size board, or -1 when it is not a common
    form (None, a square number, a name such as "e4") the general path should read."""
    if start is None:
        return 0
    if type(start) is int:
        return start - 1 if 0 < start <= size * size else -1
    if type(start) is not str or not 2 <= len(start) <= 3 or not start.isascii():
        return -1
    file_ = ord(start[0].lower()) - 97
    digits = start[1:]
    if not (0 <= file_ < size and digits.isdigit() and digits[0] != "0" and int(digits) <= size):
        return -1
    return (size - int(digits)) * size + file_


@lru_cache(maxsize=None)
def _prepared(size: int) -> tuple[list[list[int]], list[int]]:
    """The n×n knight's board ready to search, made once: neighbours and round-0 keys."""
    return neighbour_lists(size, size, KNIGHT_MOVES), tie_breaks(size, size, 0)


def quick_tour(size: object, start: object) -> array[int] | None:
    """The squares of knight.tour(size, start) for the commonest call, or None to leave it to the general path.

    Answers an open knight's tour of an n×n board, n in QUICK_SIZES (where method="auto"
    backtracks), from start None, a square number or a name such as "e4", when the first
    round of the search finds it: the same tour the general path returns. Anything else
    (other forms, starts the theorems refuse, a first round that fails) is None.
    """
    if type(size) is not int or size not in QUICK_SIZES:
        return None
    square = _quick_start(size, start)
    if square < 0 or (size % 2 and sum(divmod(square, size)) % 2):  # the colour rule refuses it
        return None
    neighbours, tie_break = _prepared(size)
    status, _, path = depth_first(neighbours, square, False, 8 * size * size, tie_break)
    if status != FOUND or path is None:
        return None
    return _squares(path)


def door(general: Callable[P, R]) -> Callable[P, R]:
    """knight.tour itself: the twin's door is the Python function (the compiled core's door
    parses the commonest call in C)."""
    return general
