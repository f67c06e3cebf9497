"""knight.tour() against the independent validator, the theorems and the other implementation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import knight
from knight.model._board import KNIGHT_MOVES

from validator import assert_tour


def test_every_start_on_8x8(core):
    for start in range(1, 65):
        tour = knight.tour(8, start)
        assert tour.start == start
        assert_tour(tour, 8, 8)


@pytest.mark.parametrize("rows", range(5, 9))
@pytest.mark.parametrize("cols", range(5, 9))
def test_every_start_on_small_boards(core, rows, cols):
    for start in range(1, rows * cols + 1):
        row, col = divmod(start - 1, cols)
        if rows * cols % 2 and (row + col) % 2:
            with pytest.raises(knight.NoTourError, match="corner-coloured"):
                knight.tour((rows, cols), start)
            continue
        assert_tour(knight.tour((rows, cols), start), rows, cols)


@pytest.mark.parametrize("rows, cols", [(5, 6), (6, 6), (6, 7), (5, 8), (8, 8), (6, 8), (7, 8)])
def test_closed_tours_from_every_start(core, rows, cols):
    for start in range(1, rows * cols + 1):
        tour = knight.tour((rows, cols), start, closed=True)
        assert tour.is_closed
        assert_tour(tour, rows, cols, closed=True)


@pytest.mark.parametrize("size", [(3, 3), (4, 4), (2, 5), (2, 8), (3, 5), (3, 6), (1, 4)])
def test_boards_without_open_tours(core, size, monkeypatch):
    """Refused by the theorems, without a search (not timed: no node is spent)."""

    def no_search(*args):
        raise AssertionError("searched")

    monkeypatch.setattr(core, "search", no_search)
    rows, cols = size
    for start in range(1, rows * cols + 1):
        with pytest.raises(knight.NoTourError, match="no open tour"):
            knight.tour(size, start)


@pytest.mark.parametrize("size", [(3, 3), (4, 4), (2, 5), (3, 5), (3, 6), (5, 5)])
def test_search_alone_proves_the_theorems(core, size):
    """Without the theorem shortcut, the search exhausts these boards quickly and finds nothing."""
    rows, cols = size
    for start in range(rows * cols):
        row, col = divmod(start, cols)
        if size == (5, 5) and (row + col) % 2 == 0:
            continue  # 5×5 has open tours from the corner colour
        status, nodes, squares = core.search(rows, cols, None, start, False, 10**6, KNIGHT_MOVES)
        assert (status, squares) == (core.EXHAUSTED, None)


def test_minority_colour_of_5x5(core):
    for name in ("b1", "a2", "c2", "b3", "d5"):
        with pytest.raises(knight.NoTourError, match=f"no open tour from {name} on 5×5: it is not a corner-coloured"):
            knight.tour(5, name)


@pytest.mark.parametrize("size", [5, (3, 7), (5, 7), 7])
def test_no_closed_tour_on_odd_boards(core, size):
    with pytest.raises(knight.NoTourError, match="both sides are odd"):
        knight.tour(size, 1, closed=True)


def test_start_formats_agree(core):
    assert knight.tour(8, 1) == knight.tour(8, (0, 0)) == knight.tour(8, "a8")
    assert knight.tour(8, "e4").start == 37
    assert knight.tour(8, (7, 0)).start == knight.tour(8, "a1").start == 57


def test_search_limit(core):
    with pytest.raises(knight.SearchLimitError, match="max_nodes=10"):
        knight.tour(8, 1, max_nodes=10)


def test_one_square_board(core):
    assert list(knight.tour(1, 1)) == [1]
    with pytest.raises(knight.NoTourError):
        knight.tour(1, 1, closed=True)


@given(
    rows=st.integers(1, 12),
    cols=st.integers(1, 12),
    data=st.data(),
    closed=st.booleans(),
)
def test_compiled_and_twin_give_identical_answers(both_cores, rows, cols, data, closed):
    compiled, twin = both_cores
    start = data.draw(st.integers(0, rows * cols - 1))
    budget = 20_000
    answer = compiled.search(rows, cols, None, start, closed, budget, KNIGHT_MOVES)
    assert answer == twin.search(rows, cols, None, start, closed, budget, KNIGHT_MOVES)
    if answer[0] == compiled.FOUND:
        assert_tour(answer[2], rows, cols, closed=closed)


def test_threads_search_at_once():
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(4) as pool:
        tours = list(pool.map(lambda start: knight.tour(30, start), range(1, 41)))
    for start, tour in zip(range(1, 41), tours):
        assert tour.start == start
        assert_tour(tour, 30, 30)
