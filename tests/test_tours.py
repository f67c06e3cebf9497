"""knight.tours(): every tour, lazily, in the documented order; the walker against its twin;
shaped boards and other leapers, each tour checked from the definition."""

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import knight
import knight.construct._kernels
import knight.model._kernels
import knight.search._kernels
from knight.count import _kernels as count_kernels
from knight.model._board import KNIGHT_MOVES

from validator import assert_tour


@pytest.mark.parametrize(
    "size, options",
    [
        (5, {"start": 1}),
        (5, {"start": "c3"}),
        ((3, 10), {"closed": True}),
        ((5, 6), {"closed": True}),
        ((5, 6), {"closed": True, "start": 9}),
        ((3, 7), {}),
        ((4, 5), {}),
    ],
)
def test_tours_are_valid_distinct_and_as_many_as_counted(counter, size, options):
    rows, cols = (size, size) if isinstance(size, int) else size
    found = list(knight.tours(size, **options))
    assert len(found) == knight.count(size, **options)
    assert len(set(found)) == len(found)
    closed = options.get("closed", False)
    for each in found:
        assert isinstance(each, knight.Tour) and each.size == (rows, cols)
        assert_tour(each, rows, cols, closed=closed)
    if "start" in options:
        start = knight.tour(size, options["start"], closed=closed).start
        assert {each.start for each in found} == {start}
    elif closed:  # each cycle once, from square 1
        assert {each.start for each in found} == {1}
        cycles = {frozenset(frozenset(pair) for pair in zip(each, list(each[1:]) + [each[0]])) for each in found}
        assert len(cycles) == len(found)


@pytest.mark.parametrize("size, start, end", [(5, "a5", "e1"), (5, None, "c3"), ((3, 8), 1, 24), ((4, 5), None, 20)])
def test_tours_with_an_end_are_those_of_the_count(counter, size, start, end):
    found = list(knight.tours(size, start, end=end))
    assert len(found) == knight.count(size, start, end=end, method="frontier")
    assert len({tuple(tour) for tour in found}) == len(found)
    for tour in found:
        assert_tour(tour, *tour.board.size)
        assert tour[-1] == knight.Board(size).square(end, "end")
        if start is not None:
            assert tour[0] == knight.Board(size).square(start)


def test_tours_refuses_an_end_with_closed(counter):
    with pytest.raises(knight.InvalidInputError, match="closed=True"):
        knight.tours(5, 1, end=3, closed=True)


def test_order_is_deterministic_and_documented(counter):
    found = list(knight.tours(5, start=1))
    assert found == list(knight.tours(5, start=1))
    assert found[0] == knight.tour(5, 1)  # Warnsdorff order: knight.tour's first round finds it
    every = list(knight.tours(5))
    starts = [each.start for each in every]
    assert starts == sorted(starts)  # starts in square order
    assert [each for each in every if each.start == 1] == found


def test_closed_tours_without_start_go_first_to_the_earlier_move(counter):
    home = knight.Board((5, 6)).neighbours(1)
    for each in knight.tours((5, 6), closed=True):
        assert home.index(each[1]) < home.index(each[-1])


def test_first_tour_arrives_at_once_on_8x8(counter):
    """At once: from every start, Warnsdorff's order reaches the first tour without a step
    back, so within 64 nodes (counted, not timed)."""
    for start in range(1, 65):
        first = next(knight.tours(8, start=start, max_nodes=64))
        assert_tour(first, 8, 8)
        assert first.start == start
    assert next(knight.tours(8)).start == 1
    assert_tour(next(knight.tours(8, closed=True)), 8, 8, closed=True)


def test_tours_is_lazy_and_checks_its_arguments_at_once(counter):
    with pytest.raises(knight.InvalidInputError, match="square 26"):
        knight.tours(5, start=26)
    with pytest.raises(knight.InvalidTypeError):
        knight.tours(5.5)
    assert len(list(itertools.islice(knight.tours(8, start=1), 3))) == 3


def test_tours_max_nodes(counter):
    with pytest.raises(knight.SearchLimitError, match="max_nodes=10"):
        list(knight.tours(5, start=1, max_nodes=10))


def test_compiled_and_twin_enumerate_identically(both_counters, monkeypatch):
    compiled, twin = both_counters
    results = []
    for module in (compiled, twin):
        monkeypatch.setattr(count_kernels, "walker", module)
        results.append(
            (list(knight.tours(5, start=1)), list(knight.tours((5, 6), closed=True)), list(knight.tours((3, 7))))
        )
    assert results[0] == results[1]


@st.composite
def walks(draw):
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    n = rows * cols
    prefix = [draw(st.integers(0, n - 1))]
    for _ in range(draw(st.integers(0, 6))):
        onward = [square for square in knight.Board((rows, cols))._neighbours_of(prefix[-1]) if square not in prefix]
        if not onward:
            break
        prefix.append(draw(st.sampled_from(onward)))
    ends = None
    if draw(st.booleans()):
        home = knight.Board((rows, cols))._neighbours_of(prefix[0])
        ends = draw(st.lists(st.sampled_from(home or [prefix[0]]), unique=True))
    target = draw(st.integers(len(prefix), n))
    return rows, cols, prefix, ends, target, draw(st.booleans()), draw(st.integers(1, 50))


def _trace(module, rows, cols, prefix, ends, target, ordered, chunk):
    walker = module.Walker(rows, cols, None, prefix, ends, target, ordered, KNIGHT_MOVES)
    steps = []
    for _ in range(2000):
        status, nodes, squares = walker.next(chunk)
        steps.append((status, nodes, None if squares is None else list(squares)))
        if status == module.EXHAUSTED:
            break
    counter = module.Walker(rows, cols, None, prefix, ends, target, ordered, KNIGHT_MOVES)
    return steps, counter.count(10**7)


@given(walks())
def test_compiled_and_twin_walk_identically(both_counters, walk):
    compiled, twin = both_counters
    assert _trace(compiled, *walk) == _trace(twin, *walk)


def test_walker_refuses_bad_paths(counter):
    for prefix, target in (([], 5), ([0, 0], 5), ([30], 25), ([0], 26)):
        with pytest.raises(ValueError):
            counter.Walker(5, 5, None, prefix, None, target, False, KNIGHT_MOVES)
    with pytest.raises(ValueError, match="off a board"):
        counter.Walker(5, 5, None, [0], [25], 25, False, KNIGHT_MOVES)
    for rows, cols in ((0, 5), (-1, -1), (2**16, 2**16)):
        with pytest.raises(ValueError, match="a walk needs a board"):
            counter.Walker(rows, cols, None, [0], None, 1, False, KNIGHT_MOVES)


@pytest.mark.parametrize("rows, cols, ends", [(9, 9, None), (5, 14, None), (6, 12, (14, 25))])
def test_compiled_and_twin_agree_past_64_squares(both_counters, rows, cols, ends):
    """Boards of more than 64 squares flood-fill without bitboards in the compiled walker."""
    compiled, twin = both_counters
    for ordered in (True, False):
        runs = []
        for module in (compiled, twin):
            walker = module.Walker(rows, cols, None, [0], ends, rows * cols, ordered, KNIGHT_MOVES)
            runs.append([walker.next(3_000) for _ in range(5)] + [walker.count(20_000)])
        assert runs[0] == runs[1]


# -- shaped boards and other leapers ------------------------------------------------------


def assert_shaped_tour(squares, cells, cols, leaper, *, closed=False):
    """Fail unless squares (1-based numbers over the rows×cols rectangle) visit every one of
    cells ((row, col) pairs) once, no other cell, each step a leap; written from the
    definition, sharing no code with knight."""
    squares = list(squares)
    visited = [divmod(square - 1, cols) for square in squares]
    assert len(visited) == len(set(visited)) == len(cells), "not every square exactly once"
    assert set(visited) == cells, "a hole or a cell off the board visited"
    if closed:
        assert len(squares) > 1, "a single square is not a closed tour"
        visited.append(visited[0])
    for (r, c), (s, t) in zip(visited, visited[1:]):
        assert sorted((abs(r - s), abs(c - t))) == sorted(leaper), f"{(r, c)} to {(s, t)} is not a leap"


def shapes(seed, count, leaper, most=20, side=1, holes=3):
    """Seeded random boards, rectangles (sides side to 6) less up to holes holes: (cells, Board)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        rows, cols = rng.randint(side, 6), rng.randint(max(side, 2), 6)
        cut = set(rng.sample(range(rows * cols), rng.randint(0, min(holes, rows * cols - 1))))
        cells = {divmod(i, cols) for i in range(rows * cols) if i not in cut}
        if len(cells) <= most:
            found.append((cells, knight.Board((rows, cols), holes=[i + 1 for i in sorted(cut)], moves=leaper)))
    return found


def one_colour(rows, cols, leaper):
    """The squares of the corners' colour of rows×cols, for a leaper that keeps its colour."""
    cells = {(r, c) for r in range(rows) for c in range(cols) if (r + c) % 2 == 0}
    holes = [r * cols + c + 1 for r in range(rows) for c in range(cols) if (r, c) not in cells]
    return cells, knight.Board((rows, cols), holes=holes, moves=leaper)


def with_cells(board):
    return {divmod(square - 1, board.cols) for square in board}, board


CLOSED_SHAPES = [knight.Board((4, 5), holes=[1, 20]), knight.Board((4, 6), holes=[6, 24]), knight.Board(3, holes=[5])]
CAMEL = (1, 3)


@pytest.mark.parametrize(
    "leaper, boards",
    [
        ((1, 2), shapes(1, 25, (1, 2), 20, 3, 2) + [with_cells(board) for board in CLOSED_SHAPES]),
        ((0, 1), shapes(2, 25, (0, 1), 14)),
        (CAMEL, [one_colour(4, 6, CAMEL), one_colour(6, 6, CAMEL), one_colour(5, 5, CAMEL)]),
    ],
    ids=["knight", "wazir", "camel"],
)
def test_shaped_tours_are_valid_distinct_and_as_many_as_counted(counter, leaper, boards):
    twin = counter.__name__.endswith("_py")
    found_some = 0
    for cells, board in boards:
        if twin and len(board) > 20:  # 4×6 less two: 7,437 tours, each checked; the twin's closed tours on 4×5's
            continue
        start = min(board, key=lambda square: (square * 7919) % 101)  # any square of the board
        for options in ({}, {"start": start}, {"closed": True}, {"closed": True, "start": start}):
            closed = options.get("closed", False)
            found = list(knight.tours(board, **options))
            assert len(found) == knight.count(board, **options), (board, options)
            assert len(set(found)) == len(found)
            found_some += bool(found)
            for each in found:
                assert each.board == board
                assert_shaped_tour(each, cells, board.cols, leaper, closed=closed)
                assert knight.is_tour(each, board, closed=closed)
            if "start" in options:
                assert {each.start for each in found} <= {start}
            elif closed:  # each cycle once, from the board's first square
                assert {each.start for each in found} <= {board.first}
                cycles = {frozenset(map(frozenset, zip(each, [*each[1:], each[0]]))) for each in found}
                assert len(cycles) == len(found)
    assert found_some >= min(10, len(boards))


def test_closed_tours_of_a_shape_go_first_to_the_earlier_move(counter):
    board = knight.Board((4, 5), holes=[1, 20])
    home = board.neighbours(board.first)
    found = list(knight.tours(board, closed=True))
    assert found and all(home.index(each[1]) < home.index(each[-1]) for each in found)
    assert next(knight.tours(board, start=board.first, closed=True)) in [
        *found,
        *(knight.Tour([each[0], *reversed(each[1:])], board) for each in found),
    ]


LEAPERS = [(1, 2), (0, 1), (1, 3), (2, 3), (1, 1)]


@st.composite
def shaped_walks(draw):
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    cells = rows * cols
    holes = draw(st.sets(st.integers(0, cells - 1), max_size=cells - 1))
    mask = bytes(0 if cell in holes else 1 for cell in range(cells))
    leaper = draw(st.sampled_from(LEAPERS))
    board = knight.Board._make(rows, cols, mask, leaper)
    lists = board._neighbour_lists()
    prefix = [draw(st.sampled_from([square - 1 for square in board]))]
    for _ in range(draw(st.integers(0, 6))):
        onward = [square for square in lists[prefix[-1]] if square not in prefix]
        if not onward:
            break
        prefix.append(draw(st.sampled_from(onward)))
    ends = None
    if draw(st.booleans()):
        ends = draw(st.lists(st.sampled_from(lists[prefix[0]] or [prefix[0]]), unique=True))
    target = draw(st.integers(len(prefix), len(board)))
    return rows, cols, board.mask, prefix, ends, target, draw(st.booleans()), draw(st.integers(1, 50)), board.steps


def _shaped_trace(module, rows, cols, mask, prefix, ends, target, ordered, chunk, steps):
    walker = module.Walker(rows, cols, mask, prefix, ends, target, ordered, steps)
    trace = []
    for _ in range(2000):
        status, nodes, squares = walker.next(chunk)
        trace.append((status, nodes, None if squares is None else list(squares)))
        if status == module.EXHAUSTED:
            break
    counter = module.Walker(rows, cols, mask, prefix, ends, target, ordered, steps)
    return trace, counter.count(10**7)


@given(shaped_walks())
def test_compiled_and_twin_walk_identically_on_shaped_boards(both_counters, walk):
    compiled, twin = both_counters
    trace = _shaped_trace(compiled, *walk)
    assert trace == _shaped_trace(twin, *walk)
    mask = walk[2]
    for _, _, squares in trace[0]:  # holes are never visited
        assert squares is None or mask is None or all(mask[square - 1] for square in squares)


def test_walker_refuses_holes_and_bad_masks(counter):
    mask = bytes([0] + [1] * 24)
    for prefix, ends, target in (([0], None, 2), ([7, 0], None, 3), ([7], [0], 24), ([7], None, 25)):
        with pytest.raises(ValueError):
            counter.Walker(5, 5, mask, prefix, ends, target, False, KNIGHT_MOVES)
    with pytest.raises(ValueError, match="hole"):
        counter.Walker(5, 5, mask, [0], None, 24, False, KNIGHT_MOVES)
    with pytest.raises(ValueError, match="mask has 24 cells"):
        counter.Walker(5, 5, mask[1:], [1], None, 24, False, KNIGHT_MOVES)
    assert counter.Walker(5, 5, mask, [7], None, 24, False, KNIGHT_MOVES).count(10**6)[0] == counter.EXHAUSTED


@pytest.mark.parametrize(
    "rows, cols, holes, ends", [(9, 9, (40,), None), (5, 14, (3, 50, 69), None), (6, 12, (0, 71, 30), (14, 25))]
)
def test_compiled_and_twin_agree_past_64_cells_with_holes(both_counters, rows, cols, holes, ends):
    """Boards of more than 64 cells flood-fill without bitboards in the compiled walker."""
    compiled, twin = both_counters
    mask = bytes(0 if cell in holes else 1 for cell in range(rows * cols))
    n = rows * cols - len(holes)
    for ordered in (True, False):
        runs = []
        for module in (compiled, twin):
            walker = module.Walker(rows, cols, mask, [1], ends, n, ordered, KNIGHT_MOVES)
            runs.append([walker.next(3_000) for _ in range(5)] + [walker.count(20_000)])
        assert runs[0] == runs[1]


def test_holes_only_shrink_the_bitboard(both_counters):
    """A board of 64 cells less holes, and one of 8×9 less 8 holes (64 squares, 72 cells)."""
    compiled, twin = both_counters
    for rows, cols, holes in ((8, 8, (9, 54)), (8, 9, tuple(range(0, 72, 9)))):
        mask = bytes(0 if cell in holes else 1 for cell in range(rows * cols))
        n = rows * cols - len(holes)
        runs = []
        for module in (compiled, twin):
            walker = module.Walker(rows, cols, mask, [1], None, n, False, KNIGHT_MOVES)
            runs.append([walker.next(2_000) for _ in range(5)] + [walker.count(20_000)])
        assert runs[0] == runs[1]
