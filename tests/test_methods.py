"""The seeds' strategies (method=...) and other leapers (moves=...)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import knight
from knight.model._board import leaper_steps as leaper_moves

from validator import assert_tour

SEED_002_ORDER = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))


def follows_seed_002(squares, rows, cols):
    """Whether every step takes the free square with fewest onward moves, ties to the lowest direction."""
    free = set(range(1, rows * cols + 1)) - {squares[0]}

    def onward(square):
        row, col = divmod(square - 1, cols)
        targets = [
            (row + dr) * cols + col + dc + 1
            for dr, dc in SEED_002_ORDER
            if 0 <= row + dr < rows and 0 <= col + dc < cols
        ]
        return [target for target in targets if target in free]

    for here, there in zip(squares, squares[1:]):
        options = onward(here)
        fewest = min(len(onward(option)) for option in options)
        if there != next(option for option in options if len(onward(option)) == fewest):
            return False
        free.discard(there)
    return True


@pytest.mark.parametrize("start", [1, 8, 28, 37, 64])
def test_warnsdorff_alone_follows_seed_002(start):
    found = knight.tour(8, start, method="warnsdorff")
    assert_tour(found, 8, 8)
    assert follows_seed_002(list(found), 8, 8)


def test_warnsdorff_stuck_carries_the_partial_path():
    with pytest.raises(knight.WarnsdorffStuckError, match="Warnsdorff's rule from e3 on 8×8 got stuck") as caught:
        knight.tour(8, 45, method="warnsdorff")
    path = caught.value.path
    assert isinstance(caught.value, knight.SearchLimitError) and not isinstance(caught.value, knight.NoTourError)
    assert path[0] == 45 and len(path) == 60 == len(set(path))
    assert follows_seed_002(path, 8, 8)
    assert all(knight.model._validate.is_leap(a, b, 8) for a, b in zip(path, path[1:]))


def test_warnsdorff_closed_that_ends_away_from_home():
    with pytest.raises(knight.WarnsdorffStuckError, match="not a leap from the start") as caught:
        knight.tour(8, 1, method="warnsdorff", closed=True)
    assert len(caught.value.path) == 64


def test_random_is_reproducible_and_finds_closed_tours():
    for start in range(1, 65, 7):
        found = knight.tour(8, start, method="random", seed=start, closed=True)
        assert_tour(found, 8, 8, closed=True)
        assert found == knight.tour(8, start, method="random", seed=start, closed=True)
    assert_tour(knight.tour((5, 6), 5, method="random", seed=1), 5, 6)


def test_random_respects_max_nodes():
    with pytest.raises(knight.SearchLimitError, match="method 'random' within max_nodes=60 "):
        knight.tour(8, 1, method="random", seed=0, closed=True, max_nodes=60)  # fewer than the 64 squares


@pytest.mark.parametrize("method", ["plain", "ordered"])
def test_backtracking_methods(method):
    assert_tour(knight.tour(5, 1, method=method), 5, 5)
    assert_tour(knight.tour((3, 10), 1, method=method, closed=True), 3, 10, closed=True)
    with pytest.raises(knight.SearchLimitError, match=f"method '{method}' within max_nodes=50 "):
        knight.tour(8, 1, method=method, max_nodes=50)
    with pytest.raises(knight.NoTourError, match="more than one piece"):
        knight.tour(4, 1, method=method, moves=(1, 3))  # the camel never changes colour
    with pytest.raises(knight.NoTourError, match="exhaustive search"):
        knight.tour(knight.Board(5, holes=["c3"]), closed=True, method=method)


def test_bad_methods_and_seeds():
    with pytest.raises(
        knight.InvalidInputError,
        match="'bogus' is not one of auto, construct, backtrack, warnsdorff, random, plain, ordered",
    ):
        knight.tour(8, 1, method="bogus")
    for method in (None, 3):
        with pytest.raises(knight.InvalidTypeError, match=f"method {method}"):
            knight.tour(8, 1, method=method)
    for seed in (1.5, "7", True):
        with pytest.raises(knight.InvalidTypeError, match=f"seed must be an integer or None, not {seed!r}"):
            knight.tour(8, 1, method="random", seed=seed)


def test_leaper_moves():
    assert leaper_moves((1, 2)) == SEED_002_ORDER
    assert leaper_moves((2, 3)) == ((-3, 2), (-2, 3), (2, 3), (3, 2), (3, -2), (2, -3), (-2, -3), (-3, -2))
    assert leaper_moves((0, 1)) == ((-1, 0), (0, 1), (1, 0), (0, -1))
    assert leaper_moves((1, 1)) == ((-1, 1), (1, 1), (1, -1), (-1, -1))


@pytest.mark.parametrize(
    "moves, error, words",
    [
        ((0, 0), ValueError, "(0, 0)"),
        ((-1, 2), ValueError, "(-1, 2)"),
        ((1,), ValueError, "(1,)"),
        ("12", ValueError, "'12'"),
        ((1.0, 2), TypeError, "(1.0, 2)"),
        ((True, 2), TypeError, "(True, 2)"),
    ],
)
def test_bad_moves(moves, error, words):
    with pytest.raises(error) as caught:
        knight.tour(8, 1, moves=moves)
    assert words in str(caught.value) and isinstance(caught.value, knight.KnightError)


@pytest.mark.parametrize(
    "moves, size, closed",
    [((2, 3), 10, False), ((3, 2), 10, True), ((1, 4), (10, 12), True), ((0, 1), (4, 5), False), ((2, 1), 5, False)],
)
def test_other_leapers(core, moves, size, closed):
    rows, cols = (size, size) if isinstance(size, int) else size
    found = knight.tour(size, 1, moves=moves, closed=closed)
    assert_tour(found, rows, cols, closed=closed, leaper=moves)
    assert found.is_closed == closed or not closed
    assert knight.is_tour(found, size, moves=moves, closed=closed)


def test_camel_has_no_tour(core):
    with pytest.raises(knight.NoTourError, match="more than one piece"):  # it never changes colour
        knight.tour(6, 1, moves=(1, 3))


@given(
    rows=st.integers(1, 9),
    cols=st.integers(1, 9),
    leaper=st.tuples(st.integers(0, 3), st.integers(1, 3)),
    data=st.data(),
    closed=st.booleans(),
)
def test_compiled_and_twin_agree_for_any_leaper(both_cores, rows, cols, leaper, data, closed):
    compiled, twin = both_cores
    start = data.draw(st.integers(0, rows * cols - 1))
    moves = leaper_moves(tuple(sorted(leaper)))
    answer = compiled.search(rows, cols, None, start, closed, 5_000, moves)
    assert answer == twin.search(rows, cols, None, start, closed, 5_000, moves)
    if answer[0] == compiled.FOUND:
        assert_tour(answer[2], rows, cols, closed=closed, leaper=leaper)


SEED_001_ORDER = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def seed_001(rows, cols, ordered):
    """The two C# programs of seed 001 from (0, 0), recursion and all; getMin's ties go to the later index."""
    board = [[0] * cols for _ in range(rows)]
    inside = lambda x, y: 0 <= x < rows and 0 <= y < cols  # noqa: E731
    ways = [[sum(inside(x + dx, y + dy) for dx, dy in SEED_001_ORDER) for y in range(cols)] for x in range(rows)]

    def directions(x, y):
        if not ordered:
            return range(8)
        count = [ways[x + dx][y + dy] if inside(x + dx, y + dy) else 100 for dx, dy in SEED_001_ORDER]
        chosen = []
        for _ in range(8):
            low = min(count)
            index = max(i for i in range(8) if count[i] == low)
            chosen.append(index)
            count[index] = 999
        return chosen

    path = [(0, 0)]
    board[0][0] = 1

    def travel(x, y):
        if len(path) == rows * cols:
            return True
        for i in directions(x, y):
            a, b = x + SEED_001_ORDER[i][0], y + SEED_001_ORDER[i][1]
            if inside(a, b) and not board[a][b]:
                board[a][b] = 1
                path.append((a, b))
                if travel(a, b):
                    return True
                board[a][b] = 0
                path.pop()
        return False

    assert travel(0, 0)
    return [x * cols + y + 1 for x, y in path]


@pytest.mark.parametrize("size", [(5, 5), (5, 6), (6, 6)])
@pytest.mark.parametrize("method", ["plain", "ordered"])
def test_plain_and_ordered_reproduce_seed_001(method, size):
    found = knight.tour(size, 1, method=method)
    assert list(found) == seed_001(*size, ordered=method == "ordered")
    assert_tour(found, *size)


# -- the walks on both cores (search._walk / _walk_py) -------------------------------------------

WALK_LEAPERS_PAIRS = [(1, 2), (1, 3), (2, 3)]
WALK_LEAPERS = [leaper_moves(pair) for pair in WALK_LEAPERS_PAIRS]


@pytest.fixture(scope="module")
def both_walks():
    """The compiled walks and their twin side by side."""
    import importlib

    import knight.model._kernels

    if knight.model._kernels.NO_EXTENSIONS:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
    return importlib.import_module("knight.search._walk"), importlib.import_module("knight.search._walk_py")


@given(
    rows=st.integers(1, 12),
    cols=st.integers(1, 12),
    holes=st.integers(0, 2**144 - 1) | st.none(),
    start=st.integers(0, 143),
    closed=st.booleans(),
    budget=st.sampled_from([10**6, 40, 3, 1]),
    leaper=st.sampled_from(range(len(WALK_LEAPERS))),
    seed=st.integers(0, 2**64 - 1),
)
def test_walks_give_the_same_tours_on_both_cores(both_walks, rows, cols, holes, start, closed, budget, leaper, seed):
    compiled, twin = both_walks
    mask = (
        None
        if holes is None
        else bytes((holes >> cell) & 1 | (cell == start % (rows * cols)) for cell in range(rows * cols))
    )
    start %= rows * cols
    moves = WALK_LEAPERS[leaper]
    args = (rows, cols, mask, start, closed, budget, moves)
    assert compiled.warnsdorff(*args) == twin.warnsdorff(*args)
    args = (rows, cols, mask, start, closed, min(budget, 5_000), moves, seed)
    assert compiled.random_walk(*args) == twin.random_walk(*args)


@given(
    rows=st.integers(1, 9),
    cols=st.integers(1, 9),
    holes=st.integers(0, 2**81 - 1) | st.none(),
    start=st.integers(0, 80),
    budget=st.sampled_from([5_000, 300, 2]),
    leaper=st.sampled_from(range(len(WALK_LEAPERS))),
    seed=st.integers(0, 2**64 - 1),
)
def test_closed_walks_give_the_same_tours_on_both_cores(both_walks, rows, cols, holes, start, budget, leaper, seed):
    compiled, twin = both_walks
    start %= rows * cols
    mask = None if holes is None else bytes((holes >> cell) & 1 | (cell == start) for cell in range(rows * cols))
    args = (rows, cols, mask, start, budget, WALK_LEAPERS[leaper], seed)
    answer = compiled.closed_walk(*args)
    assert answer == twin.closed_walk(*args)
    if answer[0] == compiled.FOUND:
        holed = [] if mask is None else [cell + 1 for cell in range(rows * cols) if not mask[cell]]
        assert answer[2][0] == start + 1
        assert_tour(answer[2], rows, cols, closed=True, leaper=WALK_LEAPERS_PAIRS[leaper], holes=holed)


def test_random_seeds_give_the_same_tours_on_both_cores(both_walks):
    compiled, twin = both_walks
    for seed in range(20):
        for start in (0, 27, 63):
            args = (8, 8, None, start, False, 100_000, leaper_moves((1, 2)), seed)
            status, _, squares = compiled.random_walk(*args)
            assert status == compiled.FOUND and (status, squares) == twin.random_walk(*args)[::2]
            args = (8, 8, None, start, 100_000, leaper_moves((1, 2)), seed)
            status, _, squares = compiled.closed_walk(*args)
            assert status == compiled.FOUND and (status, squares) == twin.closed_walk(*args)[::2]


CLOSED_SEED_0 = [1, 11, 17, 2, 19, 29, 12, 6]  # knight.tour(8, 1, method="random", seed=0, closed=True)[:8]


def test_a_seed_gives_the_same_tour_on_either_core_and_release(walk):
    """The random walk's tour for a seed is part of the contract (SplitMix64, docs/tours.md): pinned here."""
    assert list(knight.tour(8, 1, method="random", seed=0))[:16] == [
        1,
        18,
        3,
        9,
        26,
        41,
        58,
        52,
        62,
        56,
        39,
        24,
        7,
        13,
        23,
        8,
    ]
    assert list(knight.tour((5, 6), 5, method="random", seed=1))[:8] == [5, 18, 29, 21, 25, 14, 1, 9]
    # the seed's low 64 bits: -1 is 2**64 - 1, 2**64 + 3 is 3
    assert knight.tour(8, 1, method="random", seed=2**64 + 3) == knight.tour(8, 1, method="random", seed=3)
    assert knight.tour(8, 1, method="random", seed=-1) == knight.tour(8, 1, method="random", seed=2**64 - 1)
    assert list(knight.tour(8, 1, method="random", seed=0, closed=True))[:8] == CLOSED_SEED_0


def test_random_without_a_seed_still_finds_tours(walk):
    for _ in range(3):
        assert_tour(knight.tour(8, 30, method="random"), 8, 8)


def test_warnsdorff_walk_stops_at_the_deadline(walk, monkeypatch):
    """The walk looks at the clock every CHECK_EVERY squares: a deadline already passed stops it there."""
    status, nodes, squares = walk.warnsdorff(100, 100, None, 0, False, 10**9, leaper_moves((1, 2)), 0.0)
    assert status == walk.LIMIT and nodes == len(squares) == walk.CHECK_EVERY
    status, nodes, squares = walk.random_walk(100, 100, None, 0, False, 10**9, leaper_moves((1, 2)), 7, 0.0)
    assert status == walk.LIMIT and nodes == walk.CHECK_EVERY and squares is None


def test_walks_refuse_a_start_off_the_board(walk):
    with pytest.raises(ValueError, match="not a square"):
        walk.warnsdorff(3, 3, b"\x01\x01\x01\x01\x00\x01\x01\x01\x01", 4, False, 10, leaper_moves((1, 2)))
