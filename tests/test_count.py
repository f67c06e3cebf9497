"""knight.count(method="enumerate"): the issue's values, the conventions, symmetry, executors, budgets, Ctrl-C;
shaped boards and other leapers against a count from the definition."""

import os
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache, partial

import pytest

import knight
import knight.construct._kernels
import knight.model._kernels
import knight.search._kernels
from knight.count import _enumerate, _symmetry
from knight.count import _kernels as count_kernels
from knight.count._enumerate import count_result, plan, run_item

from brute import brute_count

#: These tests are about walking every tour; the frontier engine has test_frontier.py.
count = partial(knight.count, method="enumerate")


def compiled_only(counter):
    if counter.__name__.endswith("_py"):
        pytest.skip("too slow on the twin")


@pytest.mark.parametrize(
    "size, options, expected",
    [
        (5, {}, 1728),  # directed open tours, every start (OEIS A165134)
        (5, {"start": 1}, 304),  # from a corner
        (5, {"start": "a1"}, 304),
        (5, {"start": (2, 2)}, 64),  # from the centre
        ((3, 10), {"closed": True}, 16),  # undirected cycles (OEIS A001230)
        ((3, 12), {"closed": True}, 176),
        ((5, 6), {"closed": True}, 8),
        ((6, 5), {"closed": True}, 8),
        ((5, 6), {"closed": True, "start": 9}, 16),  # from a start: both directions
        ((3, 4), {}, 16),
        (1, {}, 1),
    ],
)
def test_values(counter, size, options, expected):
    assert count(size, **options) == expected


@pytest.mark.parametrize("size", [(3, 4), (4, 5), (3, 7)])
def test_counts_agree_with_a_brute_force_count(counter, size):
    assert count(size) == brute_count(*size)


def test_6x6_closed(counter):
    compiled_only(counter)
    assert count(6, closed=True) == 9862


# 6.6 M tours walked, 2.3 CPU s: weekly (KNIGHT_SLOW=1). The walker's counts against the OEIS's stay
# in every run with 5×5's and 6×6's closed ones, and this one with the frontier engine's (1 s:
# test_frontier.py's test_a165134_six_by_six_compiled).
@pytest.mark.skipif(not os.environ.get("KNIGHT_SLOW"), reason="slow: set KNIGHT_SLOW=1")
def test_6x6_open_directed(counter):
    compiled_only(counter)
    assert count(6) == 6_637_920


@pytest.mark.parametrize(
    "size, options",
    [
        (4, {}),
        ((3, 5), {}),
        ((2, 8), {}),
        ((1, 3), {}),
        (5, {"start": "b1"}),  # not the corners' colour
        (5, {"closed": True}),
        ((4, 8), {"closed": True}),
        ((3, 8), {"closed": True}),
        (1, {"closed": True}),
    ],
)
def test_no_tours_count_zero(counter, size, options):
    assert count(size, **options) == 0
    assert list(knight.tours(size, **options)) == []


def _walk_count(module, board, start, closed, symmetry=True):
    """A count without the theorems: the split and every item, straight from the walker."""
    board = board if isinstance(board, knight.Board) else knight.Board(board)
    items, _ = plan(module, board, start, closed, symmetry)
    return sum(run_item(item._replace(budget=10**9))[0] for item in items)


@pytest.mark.parametrize(
    "size, closed",
    [
        ((3, 3), False),
        ((4, 4), False),
        ((3, 5), False),
        ((3, 6), False),
        ((4, 5), True),
        ((3, 8), True),
        ((4, 6), True),
    ],
)
def test_walker_alone_proves_the_theorems(counter, size, closed):
    assert _walk_count(counter, size, None, closed) == 0


def test_walker_alone_counts_minority_colour_starts_zero(counter):
    for start in (1, 5, 7, 11):  # minority-colour squares of 5×5, 0-based
        assert _walk_count(counter, 5, start, False) == 0


@pytest.mark.parametrize(
    "size, options",
    [
        (5, {}),
        ((4, 6), {}),
        ((3, 8), {}),
        ((4, 5), {}),
        ((3, 7), {}),
        ((5, 6), {"start": 8}),
        (5, {"start": 13}),
        (5, {"start": 1}),
        ((6, 5), {"closed": True}),
    ],
)
def test_symmetry_changes_nothing_but_the_work(counter, size, options):
    merged = count_result(size, **options)
    plain = count_result(size, symmetry=False, **options)
    assert merged.tours == plain.tours
    assert merged.nodes <= plain.nodes


def test_counts_from_symmetric_starts_are_equal(counter):
    rows, cols = 4, 5
    counts = {start: count((rows, cols), start=start) for start in range(1, 21)}
    assert sum(counts.values()) == count((rows, cols))
    for start, found in counts.items():
        row, col = divmod(start - 1, cols)
        for image in ((rows - 1 - row, col), (row, cols - 1 - col), (rows - 1 - row, cols - 1 - col)):
            assert counts[image[0] * cols + image[1] + 1] == found


def test_same_answer_on_every_executor(counter):
    expected = count_result((3, 10), closed=True), count_result(5)
    with ThreadPoolExecutor(2) as threads, ProcessPoolExecutor(2) as processes:
        for executor in (threads, processes):
            found = count_result((3, 10), closed=True, executor=executor), count_result(5, executor=executor)
            assert found == expected


@pytest.fixture(scope="module")
def dask_executor():
    """An executor on a local Dask cluster (two workers, in this process), shared by the
    implementations' cases: starting one takes a second or two."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client.get_executor()


def test_dask_local_cluster(counter, dask_executor):
    assert count(5, executor=dask_executor) == 1728
    assert count((3, 12), closed=True, executor=dask_executor) == 176


#: What _checked_until_stopped (a Dask task, in this process) saw: that it began, and why it ended.
WATCHED: dict = {"began": threading.Event(), "ended": []}


def _checked_until_stopped():
    """A shard's check (the sharded sweep's, as it runs on a Dask worker), called until it stops the task."""
    from knight.count import _spread

    watch = _spread._TaskWatch(10**12, time.time() + 30, 0)
    WATCHED["began"].set()
    try:
        while True:
            watch(0, 0)
            time.sleep(0.01)
    except (knight.WorkerError, knight.SearchLimitError) as error:
        WATCHED["ended"].append(error)


@pytest.mark.once  # the sharded sweep's check alone, no kernel
def test_a_cancelled_dask_task_stops_at_its_next_check(dask_executor):
    """The check finds its own Dask task and stops it once the task is cancelled (as Ctrl-C cancels a
    round's tasks), rather than let it run on to its deadline."""
    future = dask_executor.submit(_checked_until_stopped)
    assert WATCHED["began"].wait(10)
    future.cancel()
    waited = time.monotonic()
    while not WATCHED["ended"] and time.monotonic() - waited < 10:
        time.sleep(0.01)
    ended = WATCHED["ended"]
    assert ended and isinstance(ended[0], knight.WorkerError) and "cancelled" in str(ended[0]), ended


def test_max_nodes_bounds_the_whole_count(counter):
    needed = count_result(5).nodes
    assert count(5, max_nodes=needed) == 1728
    with ThreadPoolExecutor(2) as pool:
        assert count(5, max_nodes=needed, executor=pool) == 1728
        with pytest.raises(knight.SearchLimitError, match=f"max_nodes={needed - 1:,}"):
            count(5, max_nodes=needed - 1, executor=pool)
    with pytest.raises(knight.SearchLimitError, match="open tours on 5×5"):
        count(5, max_nodes=needed - 1)
    with pytest.raises(knight.SearchLimitError, match="from a5"):
        count(5, start=1, max_nodes=1)


@pytest.mark.parametrize("method", ["enumerate", "frontier"])
def test_counts_and_listings_are_bounded_by_default(counter, frontier, monkeypatch, method):
    # Nothing runs forever by default: without max_nodes a count or a listing stops at
    # COUNT_MAX_NODES (made small here, so that 5×5's tours need more than it).
    from knight.model._question import COUNT_MAX_NODES, MAX_BUDGET

    assert COUNT_MAX_NODES < MAX_BUDGET
    monkeypatch.setattr(_enumerate, "COUNT_MAX_NODES", 50)
    with pytest.raises(knight.SearchLimitError, match="max_nodes=50"):
        count(5, method=method)
    with pytest.raises(knight.SearchLimitError, match="max_nodes=50"):
        list(knight.tours(5))
    assert count(5, method=method, max_nodes=10**7) == 1728


@pytest.mark.parametrize(
    "options, error, words",
    [
        ({"size": 0}, ValueError, "size 0"),
        ({"size": 5.5}, TypeError, "5.5"),
        ({"size": "e4"}, ValueError, "looks like a square"),
        ({"size": 5, "start": 26}, ValueError, "square 26"),
        ({"size": 5, "max_nodes": 0}, ValueError, "max_nodes"),
        ({"size": 5, "max_nodes": 2.5}, TypeError, "max_nodes"),
        ({"size": 5, "executor": object()}, TypeError, "executor"),
    ],
)
def test_bad_arguments(counter, options, error, words):
    with pytest.raises(error, match=words) as caught:
        count(**options)
    assert isinstance(caught.value, knight.KnightError)


def test_progress_bar(counter, capsys):
    pytest.importorskip("tqdm")
    assert count((3, 10), closed=True, progress=True) == 16
    assert "item" in capsys.readouterr().err


def test_progress_needs_tqdm(counter, monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "tqdm", None)
    with pytest.raises(ImportError, match="tqdm"):
        count(5, progress=True)


@pytest.mark.parametrize("pooled", [False, True])
def test_interrupt_stops_the_count_and_cancels_pending_items(counter, monkeypatch, pooled):
    calls = []

    def interrupted_item(item):
        calls.append(item)
        if len(calls) == 3:
            raise KeyboardInterrupt
        time.sleep(0.01 * (len(calls) > 3))  # give the count time to cancel what is pending
        return run_item(item)

    monkeypatch.setattr(_enumerate, "run_item", interrupted_item)
    items = len(plan(counter, knight.Board(5), None, False)[0])
    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(KeyboardInterrupt):
            count(5, executor=pool if pooled else None)
    assert len(calls) < min(items, 20)


@pytest.mark.parametrize("rows", [3, 4, 5])
@pytest.mark.parametrize("cols", [3, 4, 5, 6])
@pytest.mark.parametrize("closed", [False, True])
def test_compiled_and_twin_count_identically(both_counters, monkeypatch, rows, cols, closed):
    """Same tours, same search nodes, same work items, from every board small enough for the twin."""
    # from every start of 5×6 (open): 3 s of the twin's, the same work items (256) as 4×6's: KNIGHT_SLOW=1
    every = (rows, cols, closed) != (5, 6, False) or os.environ.get("KNIGHT_SLOW")
    results = []
    for module in both_counters:
        monkeypatch.setattr(count_kernels, "walker", module)
        results.append(
            ([count_result((rows, cols), closed=closed)] if every else [])
            + [count_result((rows, cols), start=start, closed=closed) for start in (1, cols + 2)]
        )
    assert results[0] == results[1]


# -- shaped boards and other leapers ------------------------------------------------------


def definition_count(cells, leaper, *, start=None, closed=False):
    """Tours of the squares cells ((row, col) pairs) by the leaper, from the definition alone.

    Remembered, as both implementations ask for the same counts.
    """
    return _definition_count(frozenset(cells), tuple(leaper), start, closed)


@lru_cache(maxsize=None)
def _definition_count(cells, leaper, start, closed):
    """Tours of the squares cells by the leaper (see definition_count), from the definition alone.

    Shares no code with knight. A tour visits every square once, each step a leap (a, b)
    or (b, a) in any direction; a closed one's last square is a leap from its first (and it
    has at least two squares). Open: directed tours from start, or from every square.
    Closed: from start, every closed tour starting there; without, every cycle (set of
    leaps) once, from the first square in row-major order. A closed tour is a cycle, so it
    has at least three squares.
    """
    order = sorted(cells)
    n = len(order)
    index = {cell: i for i, cell in enumerate(order)}
    a, b = leaper
    steps = {(sr * p, sc * q) for p, q in ((a, b), (b, a)) for sr in (1, -1) for sc in (1, -1)}
    links = [[index[(r + dr, c + dc)] for dr, dc in steps if (r + dr, c + dc) in index] for r, c in order]
    full = (1 << n) - 1

    @lru_cache(maxsize=None)
    def ways(seen, last, home, floor):
        """Ways to visit the squares not in seen from last; closed: ending a leap from home, on floor or later."""
        if seen == full:
            return int(home < 0 or (home in links[last] and last >= floor))
        return sum(ways(seen | 1 << nxt, nxt, home, floor) for nxt in links[last] if not seen >> nxt & 1)

    if not closed:
        firsts = range(n) if start is None else [index[start]]
        return sum(ways(1 << first, first, -1, 0) for first in firsts)
    if n < 3:
        return 0
    if start is not None:
        first = index[start]
        return sum(ways(1 << first | 1 << second, second, first, 0) for second in links[first])
    # a cycle has two directions from square 0: keep the one whose second square is at most its last
    return sum(ways(1 | 1 << second, second, 0, second) for second in links[0])


def random_shape(rng, leaper, most, side=1, holes=4):
    """A seeded random board: a rectangle (sides side to 6) less up to holes holes, at most
    most squares, as (cells, Board)."""
    while True:
        rows, cols = rng.randint(side, 6), rng.randint(side, 6)
        cut = rng.sample(range(rows * cols), rng.randint(0, min(holes, rows * cols - 1)))
        mask = [[row * cols + col not in cut for col in range(cols)] for row in range(rows)]
        cells = {(r, c) for r in range(rows) for c in range(cols) if mask[r][c]}
        if len(cells) <= most:
            return cells, knight.Board.from_mask(mask, moves=leaper)


def shaped_cases(leaper, seed, boards, most, side=1, holes=4):
    """(cells, board, options) for random boards: open and closed, without a start and from one."""
    rng = random.Random(seed)
    cases = []
    for _ in range(boards):
        cells, board = random_shape(rng, leaper, most, side, holes)
        start = rng.choice(sorted(cells))
        for options in ({}, {"start": start}, {"closed": True}, {"closed": True, "start": start}):
            cases.append((cells, board, options))
    return cases


WAZIR, ZEBRA = (0, 1), (2, 3)


#: Knight's boards with holes and closed tours (few random ones have any).
CLOSED_SHAPES = [
    knight.Board((3, 4), holes=[5, 8]),
    knight.Board(4, holes=[1, 4]),
    knight.Board((4, 5), holes=[1, 20]),
    knight.Board((4, 6), holes=[6, 24]),
    knight.Board((4, 6), holes=[19, 24]),
]


@pytest.mark.parametrize(
    "leaper, seed, boards, most, side, holes",
    [((1, 2), 1, 40, 20, 3, 2), (WAZIR, 2, 30, 15, 1, 4), (ZEBRA, 3, 15, 20, 1, 4)],
)
def test_shaped_counts_agree_with_the_definition(counter, leaper, seed, boards, most, side, holes):
    found = tours = 0
    for cells, board, options in shaped_cases(leaper, seed, boards, most, side, holes):
        expected = definition_count(cells, leaper, **options)
        assert count(board, **options) == expected, (board, options)
        found += expected > 0
        tours += expected
    assert found >= 8 if leaper != ZEBRA else tours > 0  # the boards are not all without tours


@pytest.mark.parametrize("board", CLOSED_SHAPES, ids=repr)
def test_closed_tours_of_shapes_agree_with_the_definition(counter, board):
    cells = {divmod(square - 1, board.cols) for square in board}
    start = divmod(max(board) - 1, board.cols)
    cycles = definition_count(cells, (1, 2), closed=True)
    assert cycles > 0
    assert count(board, closed=True) == cycles
    from_start = definition_count(cells, (1, 2), start=start, closed=True)
    assert count(board, start, closed=True) == from_start == 2 * cycles
    # open: from every start up to 20 squares, from start past them (every start of 4×6 less two took
    # the definition 2.6 s; test_shaped_counts_agree_with_the_definition asks every start up to 20)
    open_start = None if len(board) <= 20 else start
    assert count(board, open_start) == definition_count(cells, (1, 2), start=open_start)


def test_the_definition_count_agrees_with_brute_force_and_oeis():
    cells = {(r, c) for r in range(3) for c in range(4)}
    assert definition_count(cells, (1, 2)) == brute_count(3, 4) == 16
    assert definition_count(cells | {(3, c) for c in range(4)}, WAZIR) == 552  # OEIS A096969
    assert definition_count(cells | {(3, c) for c in range(4)}, WAZIR, closed=True) == 6  # OEIS A003763


@pytest.mark.parametrize(
    "board, options, expected",
    [
        (knight.Board(4, moves=WAZIR), {}, 552),  # directed Hamiltonian paths of the 4×4 grid (OEIS A096969)
        (knight.Board(4, moves=WAZIR), {"closed": True}, 6),  # Hamiltonian cycles of the 4×4 grid (OEIS A003763)
        (knight.Board(5, holes=["c3"]), {}, 128),
        (knight.Board((1, 2), moves=WAZIR), {}, 2),
        (knight.Board((1, 2), moves=WAZIR), {"closed": True}, 0),  # two squares: a closed tour is a cycle,
        (knight.Board((1, 2), moves=WAZIR), {"closed": True, "start": 2}, 0),  # which needs three
        (knight.Board((1, 3), holes=[2], moves=(0, 2)), {"closed": True}, 0),
        (knight.Board((2, 2), holes=[1, 2, 3]), {}, 1),  # one square: one open tour
        (knight.Board((2, 2), holes=[1, 2, 3]), {"closed": True}, 0),  # but no closed one
        (knight.Board(3, holes=["b2"]), {"closed": True}, 1),  # the ring of 3×3 (OEIS: the knight's octagon)
        (knight.Board(3, holes=["b2"]), {"closed": True, "start": 1}, 2),
        (knight.Board(3, holes=["b2"]), {}, 16),
    ],
)
def test_shaped_values(counter, board, options, expected):
    assert count(board, **options) == expected
    assert len(list(knight.tours(board, **options))) == expected


def test_a_leaper_that_keeps_its_colour_on_the_squares_of_one_colour(counter):
    """The camel (1, 3) never changes colour: on the 18 squares of one colour of 6×6 it tours."""
    cells = {(r, c) for r in range(6) for c in range(6) if (r + c) % 2 == 0}
    holes = [r * 6 + c + 1 for r in range(6) for c in range(6) if (r, c) not in cells]
    board = knight.Board(6, holes=holes, moves=(1, 3))
    assert len(_symmetry.symmetries(board)) == 4  # both diagonal mirrors and the half turn keep the colour
    for options in ({}, {"closed": True}, {"start": (2, 0)}, {"start": (2, 0), "closed": True}):
        expected = definition_count(cells, (1, 3), **options)
        assert expected > 0
        assert count_result(board, **options).tours == count_result(board, symmetry=False, **options).tours == expected


def test_wazir_6x6_closed(counter):
    compiled_only(counter)
    assert count(knight.Board(6, moves=WAZIR), closed=True) == 1072  # OEIS A003763


def test_start_may_be_positional_or_named(counter):
    assert count(5, 1) == count(5, start=1) == count(5, "a5") == 304
    assert count(knight.Board(5, holes=["c3"]), "a5") == count(knight.Board(5, holes=[13]), start=1)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"size": knight.Board(5, holes=["c3"]), "start": "c3"}, "hole"),
        ({"size": knight.Board(5, holes=[13]), "start": (2, 2), "closed": True}, "hole"),
        ({"size": 6, "end": 2, "closed": True}, "closed=True"),
        ({"size": knight.Board(6, holes=[1]), "end": "a1", "closed": True}, "closed=True"),
        ({"size": knight.Board.parse(". . .\n. 1 .\n. . ."), "closed": True}, "given moves"),
    ],
)
def test_bad_shaped_questions(counter, options, words):
    for call in (count, knight.tours):
        with pytest.raises(knight.InvalidInputError, match=words):
            call(**options)


def test_the_enumerating_count_takes_an_end(counter):
    """Counted as closed walks whose way home is from the end: as many as the tours that end there."""
    for start, end in [(1, 25), (1, 5), (None, 25), (None, 13), (13, 1), (1, 1)]:
        ending = sum(1 for tour in knight.tours(5, start) if tour[-1] == end) if start else None
        assert count(5, start, end=end) == (ending if start else count(5, end=end, method="frontier"))
    assert count(1, end=1) == count(1, 1, end=1) == 1


def test_symmetries_of_shaped_boards():
    cases = [
        (knight.Board(4), 8),
        (knight.Board((3, 4)), 4),  # a non-square rectangle: no transposes
        (knight.Board((4, 6), holes=[1, 24]), 2),  # the half turn
        (knight.Board(4, holes=[1]), 2),  # the diagonal mirror through the hole
        (knight.Board(4, holes=[1, 16]), 4),  # both diagonal mirrors and the half turn
        (knight.Board(5, holes=[1, 5, 21, 25]), 8),
        (knight.Board(4, holes=[2]), 1),
        (knight.Board((3, 4), holes=[1]), 1),
        (knight.Board((3, 4), holes=[1, 4]), 2),  # the mirror between left and right
    ]
    for board, expected in cases:
        group = _symmetry.symmetries(board)
        assert len(group) == expected, board
        assert group[0] == tuple(range(board.rows * board.cols))
        rows, cols = board.size
        squares = set(board)
        for symmetry in group:  # checked from the definition: squares onto squares, leaps onto leaps
            assert {symmetry[square - 1] + 1 for square in squares} == squares
            for square in squares:
                image = symmetry[square - 1]
                for target in board.neighbours(square):
                    r, c = divmod(image, cols)
                    tr, tc = divmod(symmetry[target - 1], cols)
                    assert sorted((abs(r - tr), abs(c - tc))) == [1, 2]


def symmetric_shape(rng, square):
    """A random board mapped onto itself by a random group of the rectangle's symmetries."""
    rows = rng.randint(3, 5)
    cols = rows if square else rng.choice([c for c in range(3, 7) if c != rows])
    group = rng.choice(
        [["flip_rows"], ["flip_cols"], ["half"], ["flip_rows", "flip_cols"]]
        + ([["transpose"], ["quarter"], ["transpose", "flip_rows", "flip_cols"]] if square else [])
    )

    def images(r, c):
        found = {(r, c)}
        while True:
            more = set(found)
            for r, c in found:
                for each in group:
                    more.add(
                        {
                            "flip_rows": (rows - 1 - r, c),
                            "flip_cols": (r, cols - 1 - c),
                            "half": (rows - 1 - r, cols - 1 - c),
                            "transpose": (c, r),
                            "quarter": (c, rows - 1 - r),
                        }[each]
                    )
            if more == found:
                return found
            found = more

    holes = set()
    for _ in range(rng.randint(1, 2)):
        holes |= images(rng.randrange(rows), rng.randrange(cols))
    return knight.Board((rows, cols), holes=[(r, c) for r, c in holes])


@pytest.mark.parametrize("square", [False, True])
def test_symmetry_changes_nothing_but_the_work_on_shaped_boards(counter, square):
    rng = random.Random(11 + square)
    merged_somewhere = 0
    for _ in range(12):
        board = symmetric_shape(rng, square)
        if len(board) > 22:
            continue
        assert len(_symmetry.symmetries(board)) > 1, board
        for options in ({}, {"start": next(iter(board))}, {"closed": True}):
            merged = count_result(board, **options)
            plain = count_result(board, symmetry=False, **options)
            assert merged.tours == plain.tours, (board, options)
            assert merged.nodes <= plain.nodes
            merged_somewhere += merged.nodes < plain.nodes
    assert merged_somewhere


def test_colour_rule_on_shapes_is_what_the_walker_finds(counter):
    """Starts are restricted by the colour rule alone: the walker, without it, agrees."""
    board = knight.Board(4, holes=["a1"])  # 8 squares of one colour, 7 of the other
    even, odd = board.colour_counts
    assert (even, odd) == (8, 7)
    starts = set(_enumerate._starts(board))
    assert all(sum(divmod(square, 4)) % 2 == 0 for square in starts) and len(starts) == 8
    for square in board:
        if square - 1 not in starts:
            assert count(board, square) == 0
            assert _walk_count(counter, board, square - 1, False) == 0
    assert count(board) == sum(_walk_count(counter, board, square - 1, False) for square in board)
    two_apart = knight.Board(4, holes=["a1", "c1"])  # 8 and 6
    assert _enumerate._starts(two_apart) == []
    assert count(two_apart) == _walk_count(counter, two_apart, None, False, symmetry=False) == 0
    assert sum(_walk_count(counter, two_apart, square - 1, False) for square in two_apart) == 0
    assert count(board, closed=True) == 0 == _walk_count(counter, board, None, True)
    camel = knight.Board(4, holes=["a1"], moves=(1, 3))  # keeps its colour: no rule applies
    assert len(_enumerate._starts(camel)) == 15


def test_executors_and_budgets_on_a_shaped_board(counter):
    board = knight.Board(5, holes=["c3"])
    expected = count_result(board)
    with ProcessPoolExecutor(2) as processes:
        assert count_result(board, executor=processes) == expected
    with pytest.raises(knight.SearchLimitError, match="on 5×5 less 1 hole"):
        count(board, max_nodes=expected.nodes - 1)
    with pytest.raises(knight.SearchLimitError, match="from a5 on 5×5 less 1 hole"):
        list(knight.tours(board, start=1, max_nodes=10))


def test_compiled_and_twin_count_identically_on_shaped_boards(both_counters, monkeypatch):
    """Same tours, same nodes, same work items on random shapes, knight and wazir: with the
    rules that rule questions out, and from the walker alone."""
    # knight's boards of at most 20 squares: the twin took 3.5 s on 12 of up to 25 (1 s now); both
    # meet rectangles of up to 30 in test_compiled_and_twin_count_identically
    cases = shaped_cases((1, 2), 21, 12, 20, 4, 2) + shaped_cases(WAZIR, 22, 8, 16)
    cases += [(None, board, {"closed": True}) for board in CLOSED_SHAPES]
    results = []
    for module in both_counters:
        monkeypatch.setattr(count_kernels, "walker", module)
        counted = [count_result(board, **options) for _, board, options in cases]
        walked = []
        for _, board, options in cases:
            start = options.get("start")
            index = None if start is None else board.square(start) - 1
            items, nodes = plan(module, board, index, options.get("closed", False))
            walked.append((nodes, [run_item(item._replace(budget=10**9)) for item in items]))
        results.append((counted, walked))
    assert results[0] == results[1]
    assert sum(result.tours > 0 for result in results[0][0]) > len(cases) // 4


def test_a_node_budget_bounds_a_count_on_a_huge_board(counter):
    # Neither the split (a walker per path) nor the connectivity fill grows with the board
    # past their limits, so a small budget ends the count soon (it took minutes before).
    with pytest.raises(knight.SearchLimitError, match="max_nodes=20,000"):
        count(300, start=1, max_nodes=20_000)
    board = knight.Board(40)
    items, nodes = plan(count_kernels.walker, board, 0, False)
    assert nodes == 0 and len(items) == 1 and items[0].paths == (((0,), None, 1),)


def test_rectangle_symmetries_are_the_cell_by_cell_definition():
    """The symmetries are built a line at a time (ranges); each is the map of the definition."""
    for rows in range(1, 9):
        for cols in range(1, 9):
            found = _symmetry.rectangle_symmetries(rows, cols)
            maps = []
            for transpose in (False, True) if rows == cols else (False,):
                for flip_rows in (False, True):
                    for flip_cols in (False, True):
                        images = []
                        for row in range(rows):
                            for col in range(cols):
                                r, c = (col, row) if transpose else (row, col)
                                images.append(
                                    (rows - 1 - r if flip_rows else r) * cols + (cols - 1 - c if flip_cols else c)
                                )
                        maps.append(tuple(images))
            assert found == maps, (rows, cols)


def test_chunks_change_nothing_but_the_looks_at_the_clock(counter):
    """A walker asked for its nodes a few at a time counts the same tours with the same nodes,
    so that asking for fewer on a large board (_enumerate.chunk) changes no answer. From a corner of 5×6
    (of 5×5 on the twin, where 5×6 takes seconds a budget)."""
    rows, cols = (5, 6) if counter.__name__.endswith("_walker") else (5, 5)
    totals = []
    for budget in (counter.CHUNK, 1_000, 37):
        walker = counter.Walker(rows, cols, None, (0,), None, rows * cols, False, knight.Board((rows, cols)).steps)
        tours = nodes = 0
        while True:
            status, used, found = walker.count(budget)
            tours, nodes = tours + found, nodes + used
            if status == counter.EXHAUSTED:
                break
        totals.append((tours, nodes))
    assert totals[0] == totals[1] == totals[2]
    assert _enumerate.chunk(counter, knight.Board(8)) == counter.CHUNK
    assert _enumerate.chunk(counter, knight.Board(100)) == counter.CHUNK * 64 // 10_000


def test_threads_are_a_bound_and_give_the_same_count(frontier):
    """threads bounds the sweep's threads (the CPUs at most, more refused: issue #35): any bound gives the
    same count, on either engine."""
    from knight.count import _sweep

    cpus = _sweep.threads_for(None)
    size, tours = (6, 9862) if frontier.__name__.endswith("_frontier") else ((5, 6), 8)  # 6×6: 2.7 s on the twin
    assert {knight.count(size, closed=True, threads=threads) for threads in {1, min(2, cpus), cpus}} == {tours}
    assert _sweep.threads_for(cpus) == cpus >= _sweep.threads_for(1) == 1
    with pytest.raises(knight.InvalidInputError, match=f"threads={cpus + 1} is more than the {cpus} CPU"):
        _sweep.threads_for(cpus + 1)


@pytest.mark.parametrize(
    "v2, v1, cpus",
    [
        ("200000 100000\n", None, 2),  # cgroup v2: two CPUs' worth
        ("150000 100000\n", None, 1),  # whole CPUs only
        ("50000 100000\n", None, 1),  # at least one
        ("max 100000\n", None, None),  # no quota
        (None, ("300000\n", "100000\n"), 3),  # cgroup v1
        (None, ("-1\n", "100000\n"), None),
        ("garbage\n", None, None),
        (None, None, None),  # neither: not in a container, or not Linux
    ],
)
def test_a_containers_cpu_quota_bounds_the_threads(tmp_path, monkeypatch, v2, v1, cpus):
    from knight.count import _sweep

    quota, period = tmp_path / "quota", tmp_path / "period"
    monkeypatch.setattr(_sweep, "CGROUP_V2", str(tmp_path / "cpu.max"))
    monkeypatch.setattr(_sweep, "CGROUP_V1", (str(quota), str(period)))
    if v2 is not None:
        (tmp_path / "cpu.max").write_text(v2)
    if v1 is not None:
        quota.write_text(v1[0])
        period.write_text(v1[1])
    assert _sweep._cpu_quota() == cpus
    if cpus is not None:
        assert _sweep.threads_for(None) <= cpus
        assert _sweep.threads_for(1) == 1


@pytest.mark.parametrize(
    "threads, error, words",
    [
        ("2", knight.InvalidTypeError, "threads must be an int, not '2'"),
        (2.0, knight.InvalidTypeError, "threads must be an int, not 2.0"),
        (True, knight.InvalidTypeError, "threads must be an int, not True"),
        (0, knight.InvalidInputError, "threads must be at least 1, not 0"),
        (-3, knight.InvalidInputError, "threads must be at least 1, not -3"),
    ],
)
def test_bad_threads_are_refused(threads, error, words):
    with pytest.raises(error, match=words):
        knight.count(5, threads=threads)
