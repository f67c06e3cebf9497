"""The Tour type: sequence behaviour, formats, validating constructors."""

import pytest

import knight
from knight import Tour

from validator import assert_tour


@pytest.fixture
def tour(core):
    found = knight.tour(8, 1)
    assert_tour(found, 8, 8)
    return found


def test_sequence_behaviour(tour):
    assert len(tour) == 64
    assert tour[0] == tour.start == 1
    assert tour[-1] == tour.end
    assert tour[:3] == list(tour)[:3]
    assert 64 in tour
    assert tour.index(tour.end) == 63
    assert (tour.rows, tour.cols, tour.size) == (8, 8, (8, 8))


def test_equality_and_hashing(tour):
    again = knight.tour(8, 1)
    assert tour == again and hash(tour) == hash(again)
    assert tour != knight.tour(8, 2)
    assert len({tour, again}) == 1
    assert tour != list(tour)


def test_immutable(tour):
    with pytest.raises(TypeError):
        tour[0] = 5
    with pytest.raises(AttributeError):
        tour.rows = 3


def test_repr_pastes_back(tour):
    assert eval(repr(tour), {"Tour": Tour}) == tour


def test_line_round_trip(tour):
    text = tour.line()
    assert str(tour) == text
    assert text == " ".join(str(square) for square in tour)
    assert Tour.from_line(text, 8) == tour


def test_coords_and_algebraic(tour):
    coords = tour.coords()
    assert coords[0] == (0, 0)
    assert all(square == row * 8 + col + 1 for square, (row, col) in zip(tour, coords))
    assert Tour.from_coords(coords, 8) == tour
    names = tour.algebraic()
    assert names[0] == "a8"
    assert Tour.from_algebraic(names, 8) == tour


def test_matrix(tour):
    matrix = tour.matrix()
    assert matrix[0][0] == 1
    assert sorted(move for row in matrix for move in row) == list(range(1, 65))
    for move, square in enumerate(tour, 1):
        row, col = divmod(square - 1, 8)
        assert matrix[row][col] == move


def test_grid_and_boxed(tour):
    grid = tour.grid().splitlines()
    assert len(grid) == 8 and len({len(line) for line in grid}) == 1
    assert [int(word) for word in grid[0].split()] == tour.matrix()[0]
    boxed = tour.grid(boxed=True).splitlines()
    assert len(boxed) == 17
    assert boxed[0] == "+" + "+".join(["----"] * 8) + "+"
    assert len({len(line) for line in boxed}) == 1
    assert boxed[1].startswith("|  1 |")


def test_rectangular_formats(core):
    found = knight.tour((5, 6), "a1")
    assert_tour(found, 5, 6)
    assert found.start == 25 and found.algebraic()[0] == "a1"
    assert len(found.matrix()) == 5 and len(found.matrix()[0]) == 6


@pytest.mark.parametrize(
    "squares, words",
    [
        ([1, 2], "has 64 squares, not 2"),
        (list(range(1, 65)), "not a knight's move"),
        ([1] * 64, "visited twice"),
        ([0] + list(range(2, 65)), "off the 8×8 board"),
    ],
)
def test_validating_constructor(squares, words):
    with pytest.raises(knight.NotATourError, match=words):
        Tour(squares, 8)
    assert not knight.is_tour(squares, 8)


def test_from_line_rejects_junk():
    with pytest.raises(knight.NotATourError, match="not a line"):
        Tour.from_line("1 2 x", 8)


def test_is_tour_and_check_tour(core):
    found = knight.tour(6, 1, closed=True)
    assert knight.is_tour(found, 6)
    assert knight.is_tour(found, 6, closed=True)
    open_tour = knight.tour(5, 1)
    assert knight.is_tour(open_tour, 5) and not knight.is_tour(open_tour, 5, closed=True)
    with pytest.raises(knight.NotATourError, match="not closed"):
        knight.check_tour(open_tour, 5, closed=True)
    with pytest.raises(TypeError):
        knight.check_tour(5, 5)
