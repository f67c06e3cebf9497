"""Tours of boards three wide built from a repeated stretch of a stored tour (knight._three)."""

import importlib.util
import pathlib
import random

import pytest

import knight
from knight import _methods, _three
from knight._existence import start_reason
from knight._three_data import BASES
from validator import assert_tour, assert_tour_vectorized

ROOT = pathlib.Path(__file__).resolve().parent.parent
LOW = _three.AUTO_FROM


def generator():
    spec = importlib.util.spec_from_file_location("gen_three_wide", ROOT / "scripts" / "gen_three_wide.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("w", sorted(BASES))
def test_stored_bases_are_the_generators_and_repeat_for_every_k(w):
    gen = generator()
    cells, x = BASES[w]
    assert_tour([cell + 1 for cell in cells], 3, w, closed=True)
    assert gen.find_base(w) == (cells, x)
    parts = gen.classify(gen.edges_of([divmod(c, w) for c in cells]), x, x + gen.PERIOD)
    assert sorted(gen.shifted(e, gen.PERIOD) for e in parts[1]) == sorted(parts[3])
    assert gen.check(parts, w, x)


@pytest.mark.parametrize("n", range(10, 80, 2))
def test_closed_tours_of_every_even_length(n):
    for rows, cols in ((3, n), (n, 3)):
        assert_tour(_three.closed_tour(rows, cols), rows, cols, closed=True)


@pytest.mark.parametrize("n", range(LOW, LOW + 21))
def test_every_start_from_the_threshold(n):
    """Every start of 3×n and n×3: auto builds even lengths; none a theorem allows is refused."""
    for rows, cols in ((3, n), (n, 3)):
        if n % 2:
            continue  # odd lengths: tests/test_strips.py
        assert _methods.choose(rows, cols, _methods.KNIGHT_MOVES) is _methods.construct
        for start in range(1, 3 * n + 1):
            assert start_reason(rows, cols, start, False) is None
            for closed in (False, True):
                found = knight.tour(start, (rows, cols), closed=closed)
                assert found.start == start
                assert_tour(found, rows, cols, closed=closed)


def test_construct_below_the_threshold():
    for n in range(10, LOW, 2):
        for start in (1, 3 * n, 2 * n // 3 + 1):
            for rows, cols in ((3, n), (n, 3)):
                assert_tour(knight.tour(start, (rows, cols), method="construct", closed=True), rows, cols, closed=True)
    with pytest.raises(knight.InvalidInputError, match="three wide and an even length"):
        knight.tour(1, (4, 5), method="construct")


def test_long_boards_random_starts():
    rng = random.Random(3)
    for n in (100, 102, 998, 1000, 1998, 2000):
        for rows, cols in ((3, n), (n, 3)):
            for start in rng.sample(range(1, 3 * n + 1), 5):
                found = knight.tour(start, (rows, cols), closed=rng.random() < 0.5)
                assert found.start == start
                assert_tour(found, rows, cols, closed=True)


def test_huge_board():
    pytest.importorskip("numpy")
    found = knight.tour(12345, (3, 200_000))
    assert found.start == 12345
    assert_tour_vectorized(found, 3, 200_000, closed=True)
