"""The construction: its blocks, its bands, its tours on every board and from every start asked."""

import os
import random
import subprocess
import sys

import pytest
from asking import refuted

import knight
from knight.construct import _blocks, _rectangle
from knight.model import _memory

from validator import assert_tour, assert_tour_vectorized


def knight_move(a, b, w):
    (ra, ca), (rb, cb) = divmod(a, w), divmod(b, w)
    return {abs(ra - rb), abs(ca - cb)} == {1, 2}


def has_edge(cycle, a, b):
    position = {cell: index for index, cell in enumerate(cycle)}
    return abs(position[a] - position[b]) in (1, len(cycle) - 1)


@pytest.mark.parametrize("size", sorted(_blocks.CLOSED))
def test_closed_blocks(size):
    h, w = size
    cycle = list(_blocks.CLOSED[size])
    assert_tour([cell + 1 for cell in cycle], h, w, closed=True)
    assert has_edge(cycle, 1 * w + 1, 3 * w), "the joins need (1, 1)-(3, 0)"


@pytest.mark.parametrize("size", sorted(_blocks.HOLED))
def test_holed_blocks(size):
    h, w = size
    starts = [s for s in range(h * w) if (s // w + s % w) % 2 == 0]
    assert sorted(_blocks.HOLED[size]) == starts
    removed = [(w - 1, 2 * w + w - 2), ((h - 1) * w, (h - 2) * w + 2), (1 * w + 1, 3 * w)]
    for s, data in _blocks.HOLED[size].items():
        tour = list(data)
        assert tour[0] == s
        assert_tour([cell + 1 for cell in tour], h, w)
        cycle, hole = tour[:-1], tour[-1]
        assert knight_move(cycle[-1], s, w), "the cycle closes through (s, a)"
        assert hole not in (w - 1, (h - 1) * w), "the corners joins use are on the cycle"
        assert has_edge(cycle, 1 * w + 1, 3 * w)
        assert {s, cycle[-1]} not in [set(edge) for edge in removed], "joins keep (s, a)"


def test_bands_cover_every_length_and_anchor():
    for length in list(range(5, 400)) + [999, 1000, 1001, 4097, 10_001]:
        anchors = range(length) if length < 400 else random.Random(length).sample(range(length), 50)
        for anchor in anchors if length % 2 else [None]:
            sizes = _rectangle.bands(length, anchor)
            assert sum(sizes) == length and all(5 <= size <= 11 for size in sizes)
            odd = [index for index, size in enumerate(sizes) if size % 2]
            assert len(odd) <= 1
            if odd and length > 11:
                first = sum(sizes[: odd[0]])
                assert first % 2 == 0 and first <= anchor < first + sizes[odd[0]]


def starts_to_try(rows, cols):
    corner_and_centre = {1, cols, rows * cols, (rows // 2) * cols + cols // 2 + 1}
    if rows * cols % 2:
        return sorted(s for s in corner_and_centre if ((s - 1) // cols + (s - 1) % cols) % 2 == 0)
    return sorted(corner_and_centre)


@pytest.mark.parametrize("n", range(5, 61))
def test_every_n_from_5_to_60(construct_core, n):
    for start in starts_to_try(n, n):
        for closed in (False, True) if n % 2 == 0 else (False,):
            tour = knight.tour(n, start, closed=closed, method="construct")
            assert tour.start == start
            assert_tour(tour, n, n, closed=closed)


def sampled_rectangles(count, seed):
    rng = random.Random(seed)
    boards = [(5, 12), (12, 5), (5, 200), (11, 200), (199, 200), (200, 200), (12, 13), (5, 5), (7, 9)]
    boards += [(3, 199), (200, 3), (3, 200), (4, 200), (199, 4), (3, 13), (4, 9)]
    while len(boards) < count:
        m = rng.randint(3, 200)
        boards.append(tuple(rng.sample([m, rng.randint(m, 200)], 2)))
    return boards


@pytest.mark.parametrize("rows, cols", sampled_rectangles(48, 4))
def test_sampled_rectangles(construct_core, rows, cols):
    rng = random.Random(rows * 1000 + cols)
    board = knight.Board((rows, cols))  # one Board for the board's questions
    # The twin's kernel past 10,000 squares (0.3-0.7 s a board from five starts): from the random start
    # alone; it is asked the corners and the centre on the boards up to 100×100 here.
    twin_past = construct_core.__name__.endswith("_py") and rows * cols > 10_000
    for closed in (False, True):
        if refuted(board, None, closed):
            continue
        picked = rng.randrange(rows * cols) + 1
        for start in [picked] if twin_past else starts_to_try(rows, cols) + [picked]:
            if refuted(board, start, closed):
                continue
            tour = knight.tour(board, start, closed=closed)
            assert tour.start == start
            assert_tour(tour, rows, cols, closed=closed)


@pytest.mark.parametrize("rows, cols", [(12, 12), (13, 13), (19, 40), (40, 19), (23, 25), (25, 27)])
def test_every_start(construct_core, rows, cols):
    board = knight.Board((rows, cols))  # one Board for the board's questions
    # The twin takes seconds a side on the 760 squares of 19×40: it starts from every seventh
    # square there (7 is coprime to 19 and to 40: every row and every column holds starts), every square
    # of the others; the compiled kernel from every square of all six.
    step = 7 if construct_core.__name__.endswith("_py") and rows * cols > 700 else 1
    for closed in (False, True):
        if closed and rows * cols % 2:
            continue
        for start in range(1, rows * cols + 1, step):
            if refuted(board, start, closed):
                continue
            tour = knight.tour(board, start, closed=closed, method="construct")
            assert tour.start == start
            assert_tour_vectorized(tour, rows, cols, closed=closed) if rows * cols > 2000 else assert_tour(
                tour, rows, cols, closed=closed
            )


@pytest.mark.parametrize("seed", range(6))
def test_compiled_and_twin_construct_identical_tours(seed):
    if knight.model._kernels.NO_EXTENSIONS:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
    import knight.construct._kernel as compiled
    import knight.construct._kernel_py as twin

    rng = random.Random(seed)
    for _ in range(8):
        rows, cols = rng.randint(5, 90), rng.randint(12, 90)
        if rng.random() < 0.5:
            rows, cols = cols, rows
        start = rng.randrange(rows * cols)
        odd = rows % 2 and cols % 2
        if odd and (start // cols + start % cols) % 2:
            start -= 1
        answers = []
        for module in (compiled, twin):
            knight.construct._kernels.kernel, saved = module, knight.construct._kernels.kernel
            try:
                answers.append(_rectangle.construct(rows, cols, start, not odd))
            finally:
                knight.construct._kernels.kernel = saved
        assert answers[0] == answers[1], (rows, cols, start)


@pytest.mark.parametrize("rows, cols", [(1000, 1000), (999, 1001), (1001, 1001), (1000, 999)])
def test_huge_boards_from_random_starts(compiled_construction, rows, cols):
    pytest.importorskip("numpy")
    rng = random.Random(rows + cols)
    for closed in (False, True):
        if closed and rows * cols % 2:
            continue
        for _ in range(3):
            start = rng.randrange(rows * cols) + 1
            if refuted((rows, cols), start, closed):
                start -= 1
            tour = knight.tour((rows, cols), start, closed=closed)
            assert tour.start == start
            assert_tour_vectorized(tour, rows, cols, closed=closed)


def test_auto_searches_small_boards_and_constructs_large_ones(construct_core):
    assert knight.tour(8, 1) == knight.tour(8, 1, method="backtrack") == knight.tour(8, 1, method="construct")
    constructed = knight.tour(30, 1, method="construct")
    assert knight.tour(30, 1) == constructed != knight.tour(30, 1, method="backtrack")


@pytest.mark.parametrize("method", ["", "Construct", "dfs"])
def test_unknown_methods(method):
    with pytest.raises(knight.InvalidInputError, match="method"):
        knight.tour(8, 1, method=method)


def test_construct_needs_both_sides_at_least_5():
    """Or a board three or four wide that a stored base serves (tests/test_strips.py)."""
    with pytest.raises(knight.InvalidInputError, match="at least 5"):
        knight.tour((4, 5), 1, method="construct")
    assert_tour(knight.tour((4, 5), 1), 4, 5)  # auto falls back to the search


def test_boards_that_cannot_fit_in_memory_are_refused_before_allocating(monkeypatch):
    monkeypatch.setattr(_memory, "available_memory", lambda: 10**9)
    with pytest.raises(knight.InvalidInputError, match=r"needs 3\.7 GiB.* more than the 0\.9 GiB"):
        knight.tour(31_623, 1)
    assert_tour(knight.tour(20, 1), 20, 20)


def test_a_refused_allocation_names_the_board_and_the_bytes(monkeypatch):
    def refuse(*args):
        raise MemoryError()

    monkeypatch.setattr(_rectangle, "construct", refuse)
    with pytest.raises(knight.InvalidInputError, match=r"no memory for the tour of 20×30: it needs about 2,400 bytes"):
        knight.tour((20, 30), 1)


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads the process size from /proc")
def test_the_memory_check_sees_the_address_space_limit():
    """Under ulimit -v (RLIMIT_AS) a tour that would not fit is refused before allocating."""
    child = (
        "import resource, knight\n"
        "size = int(open('/proc/self/statm').read().split()[0]) * resource.getpagesize()\n"
        "resource.setrlimit(resource.RLIMIT_AS, (size + (300 << 20),) * 2)\n"
        "try:\n    knight.tour(12_000)\nexcept knight.InvalidInputError as error:\n    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=60)
    assert "more than the 0.3 GiB of memory available" in done.stdout, done.stdout + done.stderr


def test_single_block_boards_from_every_start(core):
    """Boards up to 11×11 are one block, which the search solves: from every start that has a tour
    (the twin's core: every third, the third turning with the board; 3 s of its search for all)."""
    stride = 3 if core.__name__.endswith("_py") else 1
    for rows in range(5, 12):
        for cols in range(5, 12):
            for closed in (False, True):
                for start in range(1, rows * cols + 1):
                    if (start + rows + cols) % stride or refuted((rows, cols), start, closed):
                        continue
                    tour = knight.tour((rows, cols), start, closed=closed, method="construct")
                    assert tour.start == start
                    assert_tour(tour, rows, cols, closed=closed)
