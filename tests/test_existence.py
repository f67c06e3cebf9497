"""knight.exists() and the start rules of the refutation module (model._refute), checked against exhaustive search."""

import pytest
from asking import refuted

import knight
from knight._find import no_tour_reason
from knight.model._board import KNIGHT_MOVES
from knight.model._refute import THREE_WIDE_EXCEPTIONS

from validator import assert_tour


def open_board_has_tour(m, n):
    """Conrad et al., written out again independently of the refutation module (model._refute)."""
    m, n = sorted((m, n))
    return not (m == 1 and n > 1 or m == 2 or (m == 3 and n in (3, 5, 6)) or m == n == 4)


def closed_board_has_tour(m, n):
    """Schwenk, written out again independently of the refutation module (model._refute)."""
    m, n = sorted((m, n))
    return not (m % 2 and n % 2 or m in (1, 2, 4) or (m == 3 and n in (4, 6, 8)))


@pytest.mark.parametrize("closed", [False, True])
def test_whole_boards_follow_the_theorems_instantly(core, closed, monkeypatch):
    """Instantly: by the theorems, without a search (not timed: none is called)."""

    def no_search(*args):
        raise AssertionError("searched")

    monkeypatch.setattr(core, "search", no_search)
    for m in range(1, 41):
        for n in range(1, 41):
            expected = (closed_board_has_tour if closed else open_board_has_tour)(m, n)
            assert knight.exists((m, n), closed=closed) is expected, (m, n)


@pytest.mark.parametrize("size", [(4, 3), (3, 4), (4, 5), (5, 4), (4, 6), (6, 4), (4, 7), (7, 4), (4, 8)])
def test_no_open_tour_from_the_middle_lines_of_boards_four_wide(core, size):
    """The side-of-four rule of the refutation module (model._refute), checked by exhaustive search without it."""
    rows, cols = size
    if core.__name__.endswith("_py") and rows * cols > 24:
        pytest.skip("the twin checks the smaller boards; the compiled core all of them")
    for start in range(rows * cols):
        row, col = divmod(start, cols)
        inner = (row if rows == 4 else col) in (1, 2)
        assert (refuted((rows, cols), start + 1) is not None) == inner
        if inner:
            status, nodes, squares = core.search(rows, cols, None, start, False, 10**7, KNIGHT_MOVES)
            assert status == core.EXHAUSTED, (size, start)


@pytest.mark.parametrize("n", range(7, 13))
def test_three_wide_starts_match_exhaustive_search(core, n):
    """THREE_WIDE_EXCEPTIONS is exactly what exhaustive search finds on 3×7 to 3×12."""
    found_none = set()
    for rows, cols in ((3, n), (n, 3)):
        for start in range(3 * n):
            row, col = divmod(start, cols)
            if n % 2 and (row + col) % 2:
                continue  # the colour rule
            status, nodes, squares = core.search(rows, cols, None, start, False, 10**6, KNIGHT_MOVES)
            assert status != core.LIMIT
            if status == core.EXHAUSTED:
                found_none.add((row, col) if rows == 3 else (col, row))
                assert "exhaustive search" in refuted((rows, cols), start + 1)
            else:
                assert_tour(squares, rows, cols)
                assert refuted((rows, cols), start + 1) is None
    assert found_none == set(THREE_WIDE_EXCEPTIONS.get(n, ()))


@pytest.mark.parametrize(
    "size, closed, start, words",
    [
        (5, True, None, "no closed tour on 5×5: both sides are odd"),
        (5, False, "b1", "no open tour from b1 on 5×5: it is not a corner-coloured square"),
        ((4, 9), False, "c2", "no open tour from c2 on 4×9: it is on one of the two middle lines"),
        ((7, 3), False, "b4", "no open tour from b4 on 7×3: an exhaustive search finds none"),
        ((3, 8), True, None, "3×4, 3×6 and 3×8 have none"),
        (4, False, None, "4×4 has none"),
    ],
)
def test_no_tour_messages_say_why(size, closed, start, words):
    with pytest.raises(knight.NoTourError, match=words):
        knight.tour(size, start or 1, closed=closed)
    assert knight.exists(size, closed=closed, start=start) is False
    assert words in no_tour_reason(size, closed=closed, start=start)


def test_exists_with_a_start(core):
    assert knight.exists(8, start="e4") is True
    assert knight.exists((4, 20), start=1) is True
    assert knight.exists((4, 20), start=21) is False
    assert knight.exists(6, closed=True, start="c3") is True
    assert knight.exists(5, start="a1") is True


def test_exists_rejects_bad_input():
    with pytest.raises(knight.InvalidInputError, match="square 99"):
        knight.exists(8, start=99)
    with pytest.raises(knight.InvalidInputError, match="square 99"):
        knight.exists(8, closed=True, start=99)
    with pytest.raises(knight.InvalidInputError, match="size"):
        knight.exists("eight")
