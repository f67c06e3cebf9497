"""knight.tour(method="uniform"): tours drawn uniformly from the frontier engine's count, compiled and twin."""

import math
import time

import pytest

import knight

from validator import assert_board_tour, assert_tour


def _p_value(chi2, freedom):
    """Upper tail of chi-square with freedom degrees, by the Wilson–Hilferty normal approximation."""
    z = ((chi2 / freedom) ** (1 / 3) - (1 - 2 / (9 * freedom))) / math.sqrt(2 / (9 * freedom))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_the_304_corner_tours_of_5x5_come_up_uniformly(frontier):
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


def test_closed_tours_are_uniform_over_cycles_and_directions(frontier):
    draws = 16 * 2 * 20  # 3×10: 16 cycles, each both ways round from a start
    seen = {}
    for seed in range(draws):
        tour = knight.tour((3, 10), 1, closed=True, method="uniform", seed=seed)
        assert_tour(tour, 3, 10, closed=True)
        seen[tuple(tour)] = seen.get(tuple(tour), 0) + 1
    assert len(seen) == knight.count((3, 10), 1, closed=True) == 32
    chi2 = sum((k - 20) ** 2 / 20 for k in seen.values())
    assert _p_value(chi2, 31) > 1e-4, chi2


def test_a_seed_gives_the_same_tour(frontier):
    assert knight.tour((5, 6), 1, closed=True, method="uniform", seed=7) == knight.tour(
        (5, 6), 1, closed=True, method="uniform", seed=7
    )


@pytest.mark.parametrize(
    "size, start, closed",
    [((3, 30), 1, False), ((4, 8), 5, False), ((5, 6), 2, True), (knight.Board(5, holes=["c3"]), "a5", False)],
)
def test_draws_are_tours_of_the_question(frontier, size, start, closed):
    board = knight.Board(size) if not isinstance(size, knight.Board) else size
    for seed in range(5):
        tour = knight.tour(board, start, closed=closed, method="uniform", seed=seed)
        if board.is_rectangle:
            assert_tour(tour, board.rows, board.cols, closed=closed)
        else:
            assert_board_tour(tour, board.picture(), closed=closed)
        assert tour[0] == board.square(start)


def test_no_tour_is_a_no_tour_error(frontier):
    with pytest.raises(knight.NoTourError):
        knight.tour(5, 2, method="uniform")  # the minority colour
    with pytest.raises(knight.NoTourError):
        knight.tour(knight.Board(5, holes=["a1", "e5"]), "c3", closed=True, method="uniform")


def test_a_board_too_wide_is_refused(frontier):
    with pytest.raises(knight.InvalidInputError, match="too wide"):
        knight.tour(30, method="uniform")


def test_the_deadline_holds_during_the_sweep(frontier):
    """6×7 from a corner keeps millions of states: timeout= stops the sweep, not just its start."""
    began = time.perf_counter()
    with pytest.raises(knight.SearchLimitError, match="timed out"):
        knight.tour((6, 7), 1, method="uniform", timeout=0.3)
    assert time.perf_counter() - began < 0.3 + 2  # the timeout honoured, with room for a loaded machine
