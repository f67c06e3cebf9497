"""Open tours of boards four squares wide, found half by half (knight.search._narrow)."""

import pytest

import knight
from knight.model._board import KNIGHT_MOVES
from knight.search._core_py import EXHAUSTED, FOUND, LIMIT
from knight.search._narrow import four_wide

from validator import assert_tour


@pytest.mark.parametrize("rows, cols", [(4, 3), (3, 4), (4, 9), (10, 4), (4, 24)])
def test_tours_have_the_two_halves(rows, cols):
    """The first half of each tour is the start colour's outer squares and the other colour's middle ones."""
    length = cols if rows == 4 else rows
    for start in range(1, rows * cols + 1):
        row, col = divmod(start - 1, cols)
        if (row if rows == 4 else col) in (1, 2):
            continue
        found = knight.tour((rows, cols), start)
        assert_tour(found, rows, cols)
        for move, square in enumerate(found):
            r, c = divmod(square - 1, cols)
            outer = (r if rows == 4 else c) in (0, 3)
            same_colour = (r + c) % 2 == (row + col) % 2
            assert (outer == same_colour) == (move < 2 * length)


def test_four_by_four_is_exhausted_half_by_half():
    for start in (0, 1, 2, 3, 12, 13, 14, 15):
        status, nodes, squares = four_wide(4, 4, start, 10**6, KNIGHT_MOVES)
        assert (status, squares) == (EXHAUSTED, None)


def test_budget_is_respected():
    status, nodes, squares = four_wide(4, 20, 9, 50, KNIGHT_MOVES)
    assert status == LIMIT and squares is None and nodes <= 50
    assert four_wide(4, 20, 9, 10**6, KNIGHT_MOVES)[0] == FOUND
    with pytest.raises(knight.SearchLimitError, match="max_nodes=50 "):
        knight.tour((4, 20), 10, max_nodes=50, method="backtrack")
