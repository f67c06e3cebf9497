"""Tours of boards three and four wide, built from stored bases (knight.construct._strips)."""

import importlib.util
import os
import pathlib
import random
from array import array

import pytest
from asking import refuted

import knight
from knight import _methods
from knight.construct import _strips

from validator import assert_tour, assert_tour_vectorized

ROOT = pathlib.Path(__file__).resolve().parent.parent
SLOW = bool(os.environ.get("KNIGHT_SLOW"))
#: Every start is tried on boards this many squares longer than AUTO_FROM: past twice the
#: widest base, a longer board only repeats sections more often (which check() covers).
SPAN = 2 * max(base.width for base in _strips.bases(False)) + 8


def generator():
    spec = importlib.util.spec_from_file_location("gen_strips", ROOT / "scripts" / "gen_strips.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# 15-25 s of search with the twin core, the same in either job: weekly (KNIGHT_SLOW=1), in the
# compiled job (once). The bases it wrote are checked on every run (test_every_base_is_one_path...).
@pytest.mark.skipif(not SLOW, reason="slow: set KNIGHT_SLOW=1")
@pytest.mark.once
def test_the_generator_writes_the_stored_bases(tmp_path):
    out = tmp_path / "data.py"
    generator().main(str(out))
    assert out.read_text() == (ROOT / "src" / "knight" / "construct" / "_strips_data.py").read_text()


ALL_BASES = _strips.bases(False) + _strips.bases(True)


# The bases are checked by scripts/gen_strips.py's own checker, which shares no code with knight's kernels:
# the same in either job, run by the compiled one (once).
@pytest.mark.once
@pytest.mark.parametrize("index", range(len(ALL_BASES)))
def test_every_base_is_one_path_for_every_count(index):
    base = ALL_BASES[index]
    assert generator().check(base)
    if base.height == 3:  # a base three wide is a tour of its own board
        assert_tour([cell + 1 for cell in base.cells], 3, base.width, closed=base in _strips.bases(True))


@pytest.mark.once  # the stored data alone
def test_closed_bases_run_from_the_corner_to_its_forced_neighbour():
    """Every closed tour links the corner to (2, 1), so the copies never touch that move."""
    for base in _strips.bases(True):
        assert (base.cells[0], base.cells[-1]) == (0, 2 * base.width + 1)
        assert min(base.cuts) >= 2
    assert sorted(base.width % 4 for base in _strips.bases(True)) == [0, 2]


@pytest.mark.parametrize("n", range(10, 80, 2))
def test_closed_tours_of_every_even_length(n):
    for rows, cols in ((3, n), (n, 3)):
        assert_tour(_strips.closed_tour(rows, cols), rows, cols, closed=True)


@pytest.mark.once  # the generator's checker alone
def test_a_section_repeated_often():
    """Far past the repeats check() needs: each base with each section copied 40 times."""
    gen = generator()
    for base in ALL_BASES:
        counts = tuple(40 for _ in base.cuts)
        edges, n = gen.board_edges(base, counts)
        start = base.start[0], base.start[1] + _strips._Layout(base, counts).fixed_shift(base.start[1])
        assert gen.is_path(edges, base.height, n, start)


@pytest.mark.parametrize("height", [3, 4])
def test_every_start_from_the_threshold(height, construct_core):
    """From AUTO_FROM on, auto builds every tour the theorems allow, open and closed, on
    both orientations. The twin's kernel only copies sections (repeat_shifted), which every
    board of the span exercises: it is held to every seventh start. The compiled core is held
    to every third (the plan and the build are the same Python on either core, 90% of the
    time here), the two skipped turning with the length, so that each start is tried on a
    third of the lengths; to every start with KNIGHT_SLOW=1.
    Where the board has closed tours (three wide, even), every tour, open or closed, is the one
    cycle closed_tour builds turned to its start: there, on either core, every seventh start
    (the turn is test_position_skips_matches_straddling_two_values's) and the last."""
    twin = construct_core.__name__.endswith("_py")
    for n in range(_strips.AUTO_FROM[height], _strips.AUTO_FROM[height] + SPAN):
        for rows, cols in ((height, n), (n, height)):
            board = knight.Board((rows, cols))  # one Board for the board's questions
            assert _methods.choose(board) is _methods.construct
            stride = 7 if twin or _strips._closed_kind(rows, cols) else 1 if SLOW else 3
            for closed in (False, True):
                starts = allowed_starts(rows, cols, closed)
                for start in starts:
                    if (start - 1 - n % stride) % stride and start != starts[-1]:
                        continue
                    found = knight.tour(board, start, closed=closed)
                    assert found.start == start
                    assert_tour(found, rows, cols, closed=closed)


def test_shorter_boards_where_a_base_serves():
    """Below AUTO_FROM, method="construct" builds the tours bases serve and refuses the rest."""
    built = refused = 0
    for height in (3, 4):
        for n in range(5, _strips.AUTO_FROM[height]):
            for start in range(1, height * n + 1):
                if refuted((height, n), start):
                    continue
                if _strips.applies(height, n, start - 1, False):
                    assert_tour(knight.tour((height, n), start, method="construct"), height, n)
                    built += 1
                else:
                    with pytest.raises(knight.InvalidInputError, match="a stored base serves"):
                        knight.tour((height, n), start, method="construct")
                    refused += 1
    assert built > 50 and refused > 10


def test_repeat_shifted_is_the_same_compiled_and_twin(compiled_construction):
    from knight.construct import _kernel_py

    compiled = compiled_construction
    block = array("i", [5, 1000, 17, 3])
    for times, step in ((0, 4), (1, 4), (7, 12), (5, -3), (1000, -1)):
        expected = array("i", [value + i * step for i in range(1, times + 1) for value in block])
        assert _kernel_py.repeat_shifted(block, times, step) == expected
        assert compiled.repeat_shifted(block, times, step) == expected


_ALLOWED: dict = {}  # (rows, cols, closed) -> the starts the rules allow, for both kernels' cases


def allowed_starts(rows, cols, closed):
    """Every start of rows×cols the refutation module lets through (one Board for them all)."""
    if (rows, cols, closed) not in _ALLOWED:
        board = knight.Board((rows, cols))
        _ALLOWED[rows, cols, closed] = [s for s in range(1, rows * cols + 1) if not refuted(board, s, closed)]
    return _ALLOWED[rows, cols, closed]


def sampled_starts(rng, rows, cols, closed, k):
    """k starts of rows×cols drawn at random among those the refutation module lets through,
    then its first and last: asked of it one square at a time (every start of 4×9999 is 0.2 M
    questions)."""
    board = knight.Board((rows, cols))
    squares = range(1, rows * cols + 1)
    allowed = [start for start in rng.sample(squares, 8 * k) if not refuted(board, start, closed)][:k]
    assert len(allowed) == k
    ends = [next(start for start in order if not refuted(board, start, closed)) for order in (squares, squares[::-1])]
    return allowed + ends


def test_long_boards_random_starts(construct_core):
    rng = random.Random(4)
    for height, n in ((3, 101), (3, 1001), (3, 9999), (3, 1998), (3, 2000), (4, 100), (4, 1001), (4, 9998), (4, 9999)):
        for rows, cols in ((height, n), (n, height)):
            closed = not refuted((rows, cols), 1, True) and rng.random() < 0.5
            for start in sampled_starts(rng, rows, cols, closed, 6):
                found = knight.tour((rows, cols), start, closed=closed)
                assert found.start == start
                assert_tour(found, rows, cols, closed=closed)


def test_existence_on_long_boards_is_answered_at_once():
    assert knight.exists((3, 100_001), start=1)
    assert not knight.exists((3, 100_001), start=2)
    assert knight.exists((100_000, 4), start=4)
    assert not knight.exists((100_000, 4), start=2)


@pytest.mark.parametrize(
    "rows, cols, start, closed",
    [
        (3, 1_000_001, 1_500_001, False),
        (4, 1_000_000, 3_000_007, False),
        (999_999, 4, 77, False),
        (3, 1_000_000, 12345, True),
        (999_998, 3, 2_000_001, True),
    ],
)
def test_huge_boards(rows, cols, start, closed):
    pytest.importorskip("numpy")
    found = knight.tour((rows, cols), start, closed=closed)
    assert found.start == start
    assert_tour_vectorized(found, rows, cols, closed=closed)


def test_construct_refuses_what_no_base_serves():
    with pytest.raises(knight.InvalidInputError, match="three wide and an even length"):
        knight.tour((4, 5), 1, method="construct")


def test_position_skips_matches_straddling_two_values():
    squares = array("i", [1 << 24, 0, 1, 5])  # 1's bytes also appear across the first two values
    assert _strips._position(squares, 1) == 2
    assert _strips._position(squares, 5) == 3
