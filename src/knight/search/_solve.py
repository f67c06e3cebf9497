"""The puzzle search: complete a question's fixed moves (a puzzle's givens, fixed ends) into a tour.

A question here is a board and its fixed moves (move number -> square): a puzzle's
givens, and a fixed start and end as moves 1 and n. It is answered in three steps:

1. (asked by the entry point first) the refutations of model._refute, each a sentence;
2. propagation: a square can hold move m only if it lies close enough to the fixed
   moves before and after m (breadth-first distances through squares that hold no other
   fixed move; with a colour-changing leaper only every other move fits). A square that
   fits no move, or a move that fits no square, is a proof there is no tour; a square
   that fits one move only, or a move that fits one square only, is fixed there, and the
   distances are measured again until nothing changes;
3. a backtracking search in the compiled puzzle kernels, in rounds of doubling budgets
   (see _rounds): the domain search (_fill / _fill_py), which narrows every move's
   squares at once, when moves other than the ends are given; then the forward search
   (_forward / _forward_py) with the windows of step 2 and connectivity pruning, from
   move 1 and backward from move n in turn.
"""

from __future__ import annotations

from array import array
from typing import Any, Sequence

from ..model._board import Board
from ..model._deadline import CELLS_PER_LOOK, NEVER, OutOfTime, expired
from ..model._errors import NoTourError, SearchLimitError
from ..model._memory import allocating
from ..model._question import Question
from ..model._status import EXHAUSTED, FOUND, LIMIT
from . import _kernels
from ._graph import graph_search
from ._order import tie_breaks

MAX_MOVES = 8

#: Nodes of the forward core's first rounds (see _rounds); each cycle doubles them.
ROUND_NODES = 4096

#: Nodes of the domain search's first round (see _rounds).
FILL_ROUND_NODES = 2048

#: The forward core's nodes a node of the domain search counts as against max_nodes: about
#: its time in theirs (measured 12-20 on 8×8 and 10×10 puzzles, 10-29 up to 20×20), so that
#: a budget means about the same time whichever core spends it.
FILL_NODE_COST = 16


#: Bytes the puzzle search takes per cell of the board (its neighbour lists, the windows, both
#: directions' tables), and per cell and fixed move (the distances from it, in three copies).
PUZZLE_CELL_BYTES = 480
PUZZLE_FIXED_BYTES = 12


def puzzle_bytes(board: Board, fixed: int, fill: bool) -> int:
    """About the most memory the puzzle search of board with fixed moves fixed takes; with fill,
    the domain search's sets: a bit per cell for every move, twice (built, then laid out)."""
    cells = board.rows * board.cols
    return cells * (PUZZLE_CELL_BYTES + PUZZLE_FIXED_BYTES * fixed) + (len(board) * cells // 4 if fill else 0)


class _Windows:
    """The fixed moves and, per fixed move, the distances from its square."""

    def __init__(self, board: Board, fixed: dict[int, int], deadline: float = NEVER) -> None:
        self.deadline = deadline
        self.neighbours, self.squares = board._neighbour_lists(deadline), board._cells()
        self.n, self.cells = len(board), board.rows * board.cols
        self.board = board
        self.fixed = dict(fixed)  # move -> 0-based cell
        self.measure()

    def measure(self) -> None:
        self.moves = sorted(self.fixed)
        self.given = array("i", bytes(4 * self.cells))
        for move, cell in self.fixed.items():
            self.given[cell] = move
        self.distance = [self._distances(self.fixed[move]) for move in self.moves]

    def _distances(self, source: int) -> array[int]:
        """Leaps from source to every cell through cells holding no fixed move (which are
        reached, not passed); -1 where there is no such path."""
        far = array("i", [-1]) * self.cells
        far[source] = 0
        layer = [source]
        steps = 0
        neighbours, given = self.neighbours, self.given
        while layer:
            steps += 1
            if len(layer) > CELLS_PER_LOOK and expired(self.deadline) or steps % 64 == 0 and expired(self.deadline):
                raise OutOfTime
            following: list[int] = []
            for cell in layer:
                for neighbour in neighbours[cell]:
                    if far[neighbour] < 0:
                        far[neighbour] = steps
                        if not given[neighbour]:
                            following.append(neighbour)
            layer = following
        return far

    def fits(self, cell: int) -> list[range]:
        """The moves cell can hold, as ranges (step 2 for a colour-changing leaper)."""
        step = 2 if self.board.changes_colour else 1
        moves, distance, n = self.moves, self.distance, self.n
        if not moves:
            return [range(1, n + 1)]
        spans: list[range] = []
        first = distance[0][cell]
        if moves[0] > 1 and first >= 0:
            spans.append(range(moves[0] - first, 0, -step))
        for j in range(len(moves) - 1):
            before, after = distance[j][cell], distance[j + 1][cell]
            if before >= 0 and after >= 0:
                spans.append(range(moves[j] + before, moves[j + 1] - after + 1, step))
        last = distance[-1][cell]
        if moves[-1] < self.n and last >= 0:
            spans.append(range(moves[-1] + last, n + 1, step))
        return [span for span in spans if len(span)]


def propagate(board: Board, fixed: dict[int, int], deadline: float = NEVER) -> _Windows:
    """Fix the squares and moves the windows force, until none is; NoTourError when one is
    impossible; OutOfTime when the deadline passes first."""
    windows = _Windows(board, fixed, deadline)
    name = board.square_name
    while True:
        moves = windows.moves
        for before, after in zip(moves, moves[1:]):
            target = windows.fixed[after]
            apart = windows.distance[moves.index(before)][target]
            if not 0 <= apart <= after - before:
                raise NoTourError(
                    f"move {after} ({name(target + 1)}) cannot be reached from move {before} "
                    f"({name(windows.fixed[before] + 1)}) in {after - before} moves once the forced moves are placed"
                )
        forced: dict[int, int] = {}
        count, total = _Tally(windows.n), _Tally(windows.n)
        for index, cell in enumerate(windows.squares):
            if index % CELLS_PER_LOOK == 0 and expired(deadline):
                raise OutOfTime
            if windows.given[cell]:
                continue
            spans = windows.fits(cell)
            if not spans:
                raise NoTourError(f"no move can stand on {name(cell + 1)}: it is too far from the given moves")
            if len(spans) == 1 and len(spans[0]) == 1:
                forced[cell] = spans[0][0]
            for span in spans:
                count.add(span, 1)
                total.add(span, cell)
        holders, cells = count.sums(), total.sums()
        for move in range(1, windows.n + 1):
            if move in windows.fixed:
                continue
            if not holders[move]:
                raise NoTourError(
                    f"no square can hold move {move}: none lies within reach of the given moves around it"
                )
            if holders[move] == 1:
                forced[cells[move]] = move
        fresh: dict[int, int] = {}
        for cell, move in forced.items():
            if move in fresh and fresh[move] != cell:
                raise NoTourError(f"move {move} is forced onto both {name(fresh[move] + 1)} and {name(cell + 1)}")
            fresh[move] = cell
        if not fresh:
            return windows
        windows.fixed.update(fresh)
        windows.measure()


class _Tally:
    """Sums over moves 1..n of values added to whole ranges of moves (step 1 or 2), by
    difference arrays: linear in n and the number of ranges, whatever their lengths."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.steps = {1: [0] * (n + 3), 2: [0] * (n + 3)}

    def add(self, span: range, value: int) -> None:
        low, high = min(span[0], span[-1]), max(span[0], span[-1])
        step = abs(span.step) if len(span) > 1 else 1
        marks = self.steps[step]
        marks[low] += value
        marks[high + step] -= value

    def sums(self) -> list[int]:
        """The sum at each move (index 0 unused)."""
        ones, twos = self.steps[1], self.steps[2]
        for move in range(1, self.n + 1):
            ones[move] += ones[move - 1]
            if move >= 2:
                twos[move] += twos[move - 2]
        return [a + b for a, b in zip(ones, twos)]


def complete(question: Question) -> array[int]:
    """The squares (1-based, in move order) of an open tour of the question's board through
    its fixed moves; NoTourError when there is none (after the refutations, which the entry
    point asked first), SearchLimitError when the budget or the deadline ran out first."""
    board, fixed, what = question.board, question.fixed, question.words()
    if board.topology is not None and not board.givens:
        return _ends_on_graph(question)
    fill = board.topology is None and any(1 < move < len(board) for move in fixed)  # its bit layout is flat
    with allocating(puzzle_bytes(board, len(fixed), fill), f"the puzzle search of {board.name}"):
        try:
            windows = propagate(board, {move: square - 1 for move, square in fixed.items()}, question.deadline)
        except NoTourError as error:
            raise NoTourError(f"{what}: {error}") from None
        except OutOfTime:
            raise question.timed_out("the propagation of the fixed moves, before any search") from None
        try:
            status, nodes, squares = _rounds(windows, question.budget, question.deadline, fill)
        except OutOfTime:
            raise question.timed_out("the set-up of the puzzle search, before any search node") from None
    if status == FOUND:
        assert squares is not None
        return squares
    if status == EXHAUSTED:
        raise NoTourError(f"{what}: an exhaustive search found none")
    counted = f" (a domain-search node counted as {FILL_NODE_COST})" if fill else ""
    if question.expired():
        raise question.timed_out(f"{nodes:,} search nodes{counted}")
    raise SearchLimitError(f"{what} found within max_nodes={question.budget:,} search nodes{counted}")


def _ends_on_graph(question: Question) -> array[int]:
    """complete() for a board that wraps, or a box, with a fixed end and no givens: the graph search
    (see _graph), its path made to end on the end square."""
    board, fixed = question.board, question.fixed
    end, start = fixed[len(board)], fixed.get(1)  # constrained, with no givens: the end is fixed
    if start is None:  # an end alone: the tour read backwards starts there
        status, nodes, squares = graph_search(board, end - 1, False, question.budget, question.deadline)
        if squares is not None:
            squares.reverse()
    else:
        status, nodes, squares = graph_search(board, start - 1, False, question.budget, question.deadline, end - 1)
    if status == FOUND:
        assert squares is not None
        return squares
    if status == EXHAUSTED:
        raise NoTourError(f"{question.words()}: an exhaustive search found none")
    if question.expired():
        raise question.timed_out(f"{nodes:,} search nodes")
    raise SearchLimitError(f"{question.words()} found within max_nodes={question.budget:,} search nodes")


def _rounds(windows: _Windows, max_nodes: int, when: float, fill: bool) -> tuple[int, int, array[int] | None]:
    """The puzzle cores in rounds, as the search core runs (see _core_py): each round is a
    complete search stopped after its budget, and the budgets double every cycle, so that
    a bad early choice costs one round, not the whole budget. A cycle runs the forward
    core from move 1 and from move n backwards (the better direction first, see
    _backwards; which one thrashes varies from puzzle to puzzle), each with
    ROUND_NODES << cycle nodes and the cycle's own tie breaks; when fill is set, the
    domain search (_fill.fill) with FILL_ROUND_NODES << cycle nodes, the same tie
    breaks and the move weights learnt in the rounds before goes first. The domain
    search solves most puzzles with many givens in a few hundred nodes; the forward core
    is faster on free stretches (a start and an end only, a long free tail), so fixed
    ends alone never run the domain search.

    Returns (status, nodes, squares): squares are 1-based, in move order, when FOUND;
    nodes counts each domain-search node as FILL_NODE_COST of the forward core's, against
    max_nodes too."""
    board = windows.board
    layout = (
        _Layout(board) if fill else None
    )  # the domain search's bit layout is flat: fill is off on surfaces and boxes
    domains = _fill_arguments(windows, layout) if layout is not None else None
    weight = array("q", [1]) * windows.n  # the domain search's failures per move, kept from round to round
    ways: list[Any] = []  # made when first needed: the domain search usually finds the tour first
    cells: Sequence[int] | None
    nodes = 0
    round_ = 0
    while True:
        cycle, step = divmod(round_, 3 if domains else 2)
        if domains and step == 0:
            assert layout is not None
            rank = layout.spread(tie_breaks(board.rows, board.cols, cycle))
            budget = min(FILL_ROUND_NODES << cycle, (max_nodes - nodes) // FILL_NODE_COST)
            arguments: tuple[Any, ...] = (*domains, rank, weight, budget, when)
            status, used, cells = _kernels.fill.fill(*arguments)
            used *= FILL_NODE_COST
            cells = cells and [layout.cell(bit) for bit in cells]
            reverse = False
        else:
            ways = ways or _ways(windows)
            tie_break = array("q", tie_breaks(board.rows, board.cols, cycle))
            (head, tail), reverse = ways[step - 1 if domains else step]
            arguments = (*head, tie_break, *tail, min(ROUND_NODES << cycle, max_nodes - nodes), when)
            status, used, cells = _kernels.forward.search(*arguments)
        nodes += used
        if status == FOUND:
            assert cells is not None
            squares = array("i", [cell + 1 for cell in cells])
            if reverse:
                squares.reverse()
            return status, nodes, squares
        if status != LIMIT or nodes >= max_nodes or expired(when):
            return status, nodes, None
        round_ += 1


def _ways(windows: _Windows) -> list[Any]:
    """The forward core's (arguments, reverse) from move 1 and from move n backwards, the
    better direction first (see _backwards); windows are left reversed."""
    n = windows.n
    forward = _arguments(windows)
    windows.fixed = {n + 1 - move: cell for move, cell in windows.fixed.items()}
    windows.measure()
    backward = _arguments(windows)
    return (
        [(backward, True), (forward, False)] if _backwards(windows) is False else [(forward, False), (backward, True)]
    )


class _Layout:
    """The board's squares as bits for the domain search (_fill.fill): row r, column c
    at bit r * stride + c, where stride = cols + reach leaves reach empty columns after
    each row, so that every leap is one shift of the bitset and no leap off the board
    lands on a square (it lands in the gap columns, or outside the bits, or off the board's bits)."""

    def __init__(self, board: Board) -> None:
        reach = max(max(abs(dr), abs(dc)) for dr, dc in board.steps)
        self.cols, self.stride = board.cols, board.cols + reach
        self.words = (board.rows * self.stride + 63) // 64
        self.deltas = array("i", [dr * self.stride + dc for dr, dc in board.steps])

    def bit(self, cell: int) -> int:
        row, col = divmod(cell, self.cols)
        return row * self.stride + col

    def cell(self, bit: int) -> int:
        row, col = divmod(bit, self.stride)
        return row * self.cols + col

    def spread(self, values: list[int]) -> array[int]:
        """Per-cell values laid out per bit (0 on the gap columns and past the last row)."""
        spread = array("q", bytes(8 * 64 * self.words))
        for cell, value in enumerate(values):
            spread[self.bit(cell)] = value
        return spread

    def words_of(self, bits: int) -> array[int]:
        return array("Q", bits.to_bytes(8 * self.words, "little"))


def _fill_arguments(windows: _Windows, layout: _Layout) -> tuple[array[int], array[int], array[int]]:
    """The domain search's (deltas, board, domains) for the windows' question: move k may
    stand on the free squares whose windows hold k (a fixed move on its square alone)."""
    board = 0
    domains = [0] * windows.n
    for cell in windows.squares:  # up to n moves a cell: the clock looked at for each
        if expired(windows.deadline):
            raise OutOfTime
        bit = 1 << layout.bit(cell)
        board |= bit
        if windows.given[cell]:
            domains[windows.given[cell] - 1] = bit
            continue
        for span in windows.fits(cell):
            for move in span:
                if move not in windows.fixed:
                    domains[move - 1] |= bit
    words = array("Q")
    for bits in domains:
        words.extend(layout.words_of(bits))
    return layout.deltas, layout.words_of(board), words


def _arguments(windows: _Windows) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The forward core's arguments (see _forward_py.search) for the windows' question."""
    cells, n = windows.cells, windows.n
    width = max(MAX_MOVES, max(map(len, windows.neighbours)))  # a box's knight has up to 24 moves
    table = array("i", [-1]) * (cells * width)
    for index, cell in enumerate(windows.squares):
        if index % CELLS_PER_LOOK == 0 and expired(windows.deadline):
            raise OutOfTime
        for i, neighbour in enumerate(windows.neighbours[cell]):
            table[cell * width + i] = neighbour
    on_board = bytearray(cells)
    for cell in windows.squares:
        on_board[cell] = 1
    at_move = array("i", [-1]) * (n + 1)
    for move, cell in windows.fixed.items():
        at_move[move] = cell
    slot_after = array("i", [-1]) * (n + 1)
    slot = 0
    for move in range(n + 1):  # the first fixed move after move
        while slot < len(windows.moves) and windows.moves[slot] <= move:
            slot += 1
        if slot < len(windows.moves):
            slot_after[move] = slot
    distance = array("i")
    for row in windows.distance:
        distance.extend(row)
    move_of_slot = array("i", windows.moves)
    latest = array("i", bytes(4 * cells))
    for index, cell in enumerate(windows.squares):
        if index % CELLS_PER_LOOK == 0 and expired(windows.deadline):
            raise OutOfTime
        if not windows.given[cell]:
            latest[cell] = max(max(span[0], span[-1]) for span in windows.fits(cell))  # not max(span): O(1)
    if 1 in windows.fixed:
        starts = array("i", [windows.fixed[1]])
    else:
        degree = windows.neighbours
        starts = array(
            "i",
            sorted(
                (cell for cell in windows.squares if not windows.given[cell] and _holds(windows, cell, 1)),
                key=lambda cell: len(degree[cell]),
            ),
        )
    return (table, bytes(on_board), at_move, windows.given, distance, slot_after, move_of_slot, latest), (starts,)


def _holds(windows: _Windows, cell: int, move: int) -> bool:
    return any(move in span for span in windows.fits(cell))


def _backwards(windows: _Windows) -> bool:
    """Whether to search from the last move down: when the fixed moves are denser near the
    end (the first gaps are the search's early choices, which cost the most when wrong)."""
    moves, n = windows.moves, windows.n
    if not moves:
        return False
    ahead = [0] + moves + [n + 1]
    early = sum(min(b - a, 8) for a, b in zip(ahead[:6], ahead[1:7]))
    behind = [n + 1 - m for m in reversed(ahead)]
    late = sum(min(b - a, 8) for a, b in zip(behind[:6], behind[1:7]))
    return late < early
