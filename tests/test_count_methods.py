"""knight.count(method=...): the frontier engine behind knight.count, beside the enumerator;
end=, timeout=, executors, budgets and bad input."""

import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import knight
from knight import _counting as _exact
from knight.count import _sweep

from deadline import stops_in_time


@pytest.mark.parametrize(
    "size, options, expected",
    [
        ((3, 30), {}, 708_879_149_595_968),  # no enumeration could walk these (OEIS A169696 counts half)
        ((4, 12), {}, 2 * 36_486_328),  # OEIS A079137: undirected, so half
        ((3, 30), {"closed": True}, 126_169_362_176),  # OEIS A070030
        (5, {"start": "a5", "end": "e1"}, 56),
        (5, {"start": "a5", "end": "a5"}, 0),
        (1, {"start": 1, "end": 1}, 1),
    ],
)
def test_frontier_values(frontier, size, options, expected):
    if frontier.__name__.endswith("_py") and len(knight.Board(size)) > 40:
        pytest.skip("the twin takes seconds here")
    assert knight.count(size, **options, method="frontier") == expected


def test_auto_sweeps_long_boards_and_closed_tours_and_walks_open_5x5(frontier, monkeypatch):
    chosen = []
    monkeypatch.setattr(_sweep, "count", lambda *args, **kwargs: chosen.append("frontier") or 0)
    knight.count((3, 8))
    knight.count((5, 5))
    knight.count((5, 5), 1, end=25)  # only the sweep takes an end
    knight.count(knight.Board(5, holes=["c3"]))
    knight.count((5, 6), closed=True)
    assert chosen == ["frontier", "frontier", "frontier", "frontier"]
    assert not _exact.walked_by_auto(knight.Board(6), False) and not _exact.walked_by_auto(knight.Board((6, 7)), False)
    assert not _exact.walked_by_auto(knight.Board(6), True)
    assert _exact.walked_by_auto(knight.Board(5), False)
    assert not any(_exact.walked_by_auto(knight.Board(size), False) for size in [(5, 6), (6, 5), (5, 7), (4, 4)])


@pytest.mark.parametrize("seed", range(8))
def test_shaped_boards_frontier_and_enumerator_agree(frontier, seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 5), (4, 4), (4, 5), (5, 5), (3, 7), (4, 6)])
    holes = rng.sample(range(1, rows * cols + 1), rng.randint(1, 3))
    board = knight.Board((rows, cols), holes=holes)
    start = rng.choice(list(board))
    for options in ({}, {"start": start}, {"closed": True}, {"closed": True, "start": start}):
        assert knight.count(board, **options, method="frontier") == knight.count(board, **options, method="enumerate")
    for end in rng.sample(list(board), 2):
        walked = sum(1 for tour in knight.tours(board, start) if tour[-1] == end)
        assert knight.count(board, start, end=end, method="frontier") == walked
        assert knight.count(board, start, end=end, method="enumerate") == walked
        assert knight.count(board, end=end, method="enumerate") == knight.count(board, end=end, method="frontier")


def test_a_fixed_end_on_a_board_too_wide_for_the_sweep_is_walked(frontier):
    with pytest.raises(knight.SearchLimitError, match="max_nodes"):
        knight.count(30, 1, end=2, max_nodes=10_000)
    assert knight.count((3, 4), end="d1", method="enumerate") == knight.count((3, 4), end="d1", method="frontier")


def test_other_leapers(frontier):
    for moves in ((1, 3), (2, 3), (0, 1)):
        for closed in (False, True):
            board = knight.Board((4, 5), moves=moves)
            assert knight.count(board, closed=closed, method="frontier") == knight.count(
                board, closed=closed, method="enumerate"
            )


@pytest.mark.parametrize(
    "options, error, words",
    [
        ({"size": knight.Board(5, holes=["c3"]), "start": 1, "end": "c3"}, knight.InvalidInputError, "c3"),
        ({"size": 6, "end": 2, "closed": True}, knight.InvalidInputError, "closed=True"),
        ({"size": 30, "method": "frontier"}, knight.InvalidInputError, "30 squares, and the engine takes at most 26"),
        ({"size": (14, 30), "method": "frontier"}, knight.InvalidInputError, "frontier holds 30 squares"),
        ({"size": 5, "method": "sweep"}, knight.InvalidInputError, "'sweep'"),
        ({"size": 5, "method": None}, knight.InvalidTypeError, "None"),
        ({"size": 5, "timeout": 0}, knight.InvalidInputError, "timeout"),
        ({"size": 5, "timeout": "1"}, knight.InvalidTypeError, "timeout"),
    ],
)
def test_bad_input(options, error, words):
    with pytest.raises(error, match=words):
        knight.count(**options)


def test_timeout_stops_a_sweep_and_says_what_was_done(frontier):
    with (
        stops_in_time(0.2, 2),
        pytest.raises(knight.SearchLimitError, match=r"timed out after .* states of the frontier sweep"),
    ):
        knight.count((6, 7), method="frontier", timeout=0.2)


@pytest.fixture(scope="module")
def executors():
    """Where a count runs: here, on threads, on processes (started before any clock runs)."""
    with ThreadPoolExecutor(2) as threads, ProcessPoolExecutor(2) as processes:
        processes.submit(int).result()
        yield {"here": None, "threads": threads, "processes": processes}


def _stops_in_time(size, timeout, **options):
    """The count raises its timeout's SearchLimitError within five seconds of work of it (on the
    executor's two threads, or here): the clock is looked at every chunk of work, in every phase, so
    it stops well within that; a phase that never looks runs on for many seconds (the 100×100 walk's
    chunk once took 11)."""
    with stops_in_time(timeout, 5, threads=2), pytest.raises(knight.SearchLimitError, match="timed out"):
        knight.count(size, timeout=timeout, **options)


#: The deadline tests' timeout: the phases below are where the count is after 0.25 s as after 0.5 s (the
#: messages say; a phase of the twin's takes longer), and each case costs half the time.
TIMEOUT = 0.25

# (size, options): 6×7's split for an executor does the patterns pass and the first layers before
# any piece (41.9 s on the twin, once); 3×10⁶ is millions of squares to lay out; 8×8 closed
# spends its time in the patterns pass.
SWEEPS = [((6, 7), {}), ((3, 10**6), {}), ((8, 8), {"closed": True})]


@pytest.mark.parametrize("where", ["here", "threads", "processes"])
@pytest.mark.parametrize("size, options", SWEEPS)
def test_timeout_holds_in_every_phase_of_a_sweep(frontier, executors, where, size, options):
    options = {"method": "frontier", **options}
    _stops_in_time(size, TIMEOUT, executor=executors[where], **options)


# 7×7's items; 30×30's split (932 walkers of the whole board on the twin); 100×100's chunks (a
# node's flood fill looks at 10,000 squares: the compiled walker's CHUNK of nodes took 11 s).
WALKS = [(7, {}), (30, {}), (100, {"start": 1})]


@pytest.mark.parametrize("where", ["here", "threads", "processes"])
@pytest.mark.parametrize("size, options", WALKS)
def test_timeout_holds_in_every_phase_of_a_walk(counter, executors, where, size, options):
    _stops_in_time(size, TIMEOUT, method="enumerate", executor=executors[where], **options)


@pytest.mark.parametrize("where", ["here", "threads", "processes"])
def test_long_boards_stop_in_time_or_are_answered_at_once(frontier, executors, where, monkeypatch):
    """1×10⁷ has no tour by a theorem; 3×10⁷ is measured for the sweep on a few of its lines, and
    the sweep's layout of its thirty million squares stops at the deadline, or (issue #35) is refused
    before it begins where its plan cannot fit in memory (43 GiB)."""
    with monkeypatch.context() as patched:  # at once: no counting kernel is asked anything (not timed)
        for name in ("walker", "frontier", "draw"):
            patched.setattr(_sweep._kernels, name, _Untouchable())  # (knight.count._kernels)
        assert knight.count((1, 10**7), timeout=1, executor=executors[where]) == 0  # a theorem: one square wide
    from knight.model import _memory

    monkeypatch.setattr(_memory, "available_memory", lambda: 1 << 50)  # the plan fits: the deadline stops it
    _stops_in_time((3, 10**7), TIMEOUT, executor=executors[where])
    monkeypatch.setattr(_memory, "available_memory", lambda: 1 << 30)
    with pytest.raises(knight.InvalidInputError, match=r"the frontier sweep's plan of 30,000,000 squares needs"):
        knight.count((3, 10**7), timeout=1, executor=executors[where])


class _Untouchable:
    """A kernel that fails the test if anything of it is used."""

    def __getattr__(self, name):
        raise AssertionError(f"a counting kernel was used: {name}")


#: What a timed-out walk says it did: search nodes, or (the twin on a loaded machine) its tables.
WALK_DONE = r"timed out after .* (search nodes|the walker's tables)"


def test_timeout_stops_a_walk_and_tours(counter):
    with stops_in_time(0.2, 2), pytest.raises(knight.SearchLimitError, match=WALK_DONE):
        knight.count(7, method="enumerate", timeout=0.2)
    with stops_in_time(0.2, 2), pytest.raises(knight.SearchLimitError, match=WALK_DONE):
        for _ in knight.tours(7, timeout=0.2):
            pass


def test_max_nodes_bounds_the_states_swept(frontier):
    with pytest.raises(knight.SearchLimitError, match="max_nodes=100 states"):
        knight.count((3, 12), method="frontier", max_nodes=100)
    assert knight.count((3, 12), method="frontier", max_nodes=10**6) == 114_496


@pytest.mark.parametrize("size", [(7, 7), (8, 8), (10, 10)])
def test_max_nodes_bounds_the_demand_patterns_too(frontier, size):
    # The pattern pass before the sweep is counted against the budget, a chunk at a time:
    # uncounted, 10×10's ran for minutes before the first state was swept. (The twin spends
    # 0.7-1 s on 20,000: its budget is 2,000.)
    budget = 2_000 if frontier.__name__.endswith("_py") else 20_000
    with pytest.raises(knight.SearchLimitError, match=f"max_nodes={budget:,}"):
        knight.count(size, start=1, method="frontier", max_nodes=budget)


def test_pieces_on_executors_add_up(frontier):
    twin = frontier.__name__.endswith("_py")
    size = (3, 12) if twin else (4, 9)
    expected = knight.count(size, method="frontier")
    with ThreadPoolExecutor(3) as threads:
        assert knight.count(size, method="frontier", executor=threads) == expected
    with ProcessPoolExecutor(2) as processes:
        assert knight.count(size, method="frontier", executor=processes) == expected
        assert knight.count((3, 10), 1, end=30, method="frontier", executor=processes) == knight.count(
            (3, 10), 1, end=30, method="frontier"
        )


def test_progress_bar_over_the_sweep(frontier, capsys):
    pytest.importorskip("tqdm")
    assert knight.count((3, 10), closed=True, progress=True, method="frontier") == 16
    assert "square" in capsys.readouterr().err
