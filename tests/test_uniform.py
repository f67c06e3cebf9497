"""knight.tour(method="uniform"): tours drawn uniformly from the frontier sweep, compiled and twin."""

import importlib
import math
import os
import random

import pytest

import knight
from knight.count._plan import TooManyArrows

from deadline import stops_in_time
from validator import assert_board_tour, assert_tour


def _p_value(chi2, freedom):
    """Upper tail of chi-square with freedom degrees, by the Wilson–Hilferty normal approximation."""
    z = ((chi2 / freedom) ** (1 / 3) - (1 - 2 / (9 * freedom))) / math.sqrt(2 / (9 * freedom))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_the_304_corner_tours_of_5x5_come_up_uniformly(draw):
    if draw.__name__.endswith("_py"):
        pytest.skip(
            "the twin's draws of these 304 tours: test_sample_is_uniform_over_the_304_corner_tours_of_5_by_5"
            " (20 draws a tour, not 10); through knight.tour: test_draws_are_tours_of_the_question"
        )
    draws = 304 * 10
    seen = {}
    for seed in range(draws):
        tour = knight.tour(5, 1, method="uniform", seed=seed)
        assert_tour(tour, 5, 5)
        assert tour[0] == 1
        seen[tuple(tour)] = seen.get(tuple(tour), 0) + 1
    assert len(seen) == knight.count(5, 1) == 304
    expected = draws / 304
    chi2 = sum((k - expected) ** 2 / expected for k in seen.values())
    assert _p_value(chi2, 303) > 1e-4, chi2  # a fair die fails this once in ten thousand runs


def test_closed_tours_are_uniform_over_cycles_and_directions(draw):
    draws = 16 * 2 * 20  # 3×10: 16 cycles, each both ways round from a start
    seen = {}
    for seed in range(draws):
        tour = knight.tour((3, 10), 1, closed=True, method="uniform", seed=seed)
        assert_tour(tour, 3, 10, closed=True)
        seen[tuple(tour)] = seen.get(tuple(tour), 0) + 1
    assert len(seen) == knight.count((3, 10), 1, closed=True) == 32
    chi2 = sum((k - 20) ** 2 / 20 for k in seen.values())
    assert _p_value(chi2, 31) > 1e-4, chi2


def test_a_seed_gives_the_same_tour(draw):
    assert knight.tour((5, 6), 1, closed=True, method="uniform", seed=7) == knight.tour(
        (5, 6), 1, closed=True, method="uniform", seed=7
    )


@pytest.mark.parametrize(
    "size, start, closed",
    [((3, 30), 1, False), ((4, 8), 5, False), ((5, 6), 2, True), (knight.Board(5, holes=["c3"]), "a5", False)],
)
def test_draws_are_tours_of_the_question(draw, size, start, closed):
    board = knight.Board(size) if not isinstance(size, knight.Board) else size
    for seed in range(5):
        tour = knight.tour(board, start, closed=closed, method="uniform", seed=seed)
        if board.is_rectangle:
            assert_tour(tour, board.rows, board.cols, closed=closed)
        else:
            assert_board_tour(tour, board.picture(), closed=closed)
        assert tour[0] == board.square(start)


def test_no_tour_is_a_no_tour_error(draw):
    with pytest.raises(knight.NoTourError):
        knight.tour(5, 2, method="uniform")  # the minority colour
    with pytest.raises(knight.NoTourError):
        knight.tour(knight.Board(5, holes=["a1", "e5"]), "c3", closed=True, method="uniform")


def test_a_board_too_wide_is_refused(draw):
    with pytest.raises(knight.InvalidInputError, match="too wide"):
        knight.tour(30, method="uniform")


@pytest.mark.parametrize("size, timeout", [((6, 7), 0.3), ((3, 10**6), 0.5)])
def test_the_deadline_holds_during_the_sweep(draw, size, timeout):
    """6×7 from a corner keeps millions of states, and 3×10⁶ is three million squares to lay
    out: timeout= stops the draw in every phase (the plan, the patterns, the kept layers)."""
    with stops_in_time(timeout, 2), pytest.raises(knight.SearchLimitError, match="timed out"):
        knight.tour(size, 1, method="uniform", timeout=timeout)


KNIGHT = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))


@pytest.fixture(params=["cython", "python"], scope="module")
def sampler(request):
    """Each draw kernel in turn, called directly."""
    if request.param == "python":
        return importlib.import_module("knight.count._draw_py")
    if os.environ.get("KNIGHT_NO_EXTENSIONS"):
        pytest.skip("KNIGHT_NO_EXTENSIONS is set")
    return importlib.import_module("knight.count._draw")


def test_sample_is_a_tour_of_the_question(sampler):
    rng = random.Random(3)
    corner = (4, 5) if sampler.__name__.endswith("_py") else (5, 5)  # the twin's sweep of 5×5: 1.3 s
    for rows, cols, start, end, closed in [
        (*corner, 0, None, False),
        (3, 4, None, 11, False),
        (5, 6, None, None, True),
        (5, 6, 7, None, True),
        (1, 1, None, None, False),
    ]:
        tour = sampler.sample(rows, cols, None, start, end, closed, KNIGHT, rng)
        assert sorted(tour) == list(range(rows * cols))
        steps = list(zip(tour, tour[1:] + tour[:1] if closed else tour[1:]))
        assert all((abs(a // cols - b // cols), abs(a % cols - b % cols)) in ((1, 2), (2, 1)) for a, b in steps)
        assert start is None or tour[0] == start
        assert end is None or tour[-1] == end
        assert not closed or start is not None or tour[0] == 0


def test_sample_of_no_tour_is_a_value_error(sampler):
    for question in [(5, 5, None, 1, None, False), (5, 5, None, 0, 0, False), (3, 3, bytes(9), None, None, False)]:
        with pytest.raises(ValueError, match="no tour"):
            sampler.sample(*question, KNIGHT, random.Random(0))


def test_sample_keeps_at_most_most(sampler):
    # 4×8 keeps over 5,000 (6×6, asked before, spent 15-25 s in the twin's pattern pass first)
    with pytest.raises(TooManyArrows, match="more than 1,000"):
        sampler.sample(4, 8, None, 0, None, False, KNIGHT, random.Random(0), most=1_000)


@pytest.mark.once  # the twin's sampler, called directly in either job
def test_sample_is_uniform_over_the_304_corner_tours_of_5_by_5():
    """Chi-square over 304·20 seeded samples of the twin: every tour appears, the statistic is plausible."""
    twin = importlib.import_module("knight.count._draw_py")
    rng = random.Random(2024)
    draws = 304 * 20
    seen = {}
    for _ in range(draws):
        tour = tuple(twin.sample(5, 5, None, 0, None, False, KNIGHT, rng))
        seen[tour] = seen.get(tour, 0) + 1
    assert len(seen) == 304
    expected = draws / 304
    chi2 = sum((k - expected) ** 2 / expected for k in seen.values())
    # 303 degrees of freedom: mean 303, sd ~24.6; allow generous tails (about ±5 sd).
    assert 303 - 5 * math.sqrt(2 * 303) < chi2 < 303 + 5 * math.sqrt(2 * 303)
