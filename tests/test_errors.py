"""Bad input raises a clear error naming the value, the same from both implementations."""

import pytest

import knight


@pytest.mark.parametrize(
    "start, error, words",
    [
        (0, ValueError, "square 0"),
        (65, ValueError, "square 65"),
        (-1, ValueError, "square -1"),
        (1.5, TypeError, "1.5"),
        (True, TypeError, "True"),
        ("z9", ValueError, "'z9'"),
        ("", ValueError, "''"),
        ((8, 0), ValueError, "(8, 0)"),
        ((1, 2, 3), ValueError, "(1, 2, 3)"),
        ((0, 1.0), TypeError, "1.0"),
        ("a" * 80_000 + "1", ValueError, "is not a square name"),
    ],
)
def test_bad_starts(core, start, error, words):
    with pytest.raises(error) as caught:
        knight.tour(8, start)
    assert words in str(caught.value)
    assert isinstance(caught.value, knight.KnightError)


@pytest.mark.parametrize(
    "size, error, words",
    [
        (0, ValueError, "size 0"),
        (-3, ValueError, "size -3"),
        ((3,), ValueError, "(3,)"),
        ("eight", ValueError, "'eight'"),
        ("e4", ValueError, "knight.tour(8, start='e4')"),
        (2.5, TypeError, "2.5"),
        ((8, 0), ValueError, "(8, 0)"),
        (10**6, ValueError, "1000000"),
        ((10**6, 10**6), ValueError, "(1000000, 1000000)"),
        (None, TypeError, "None"),
        ({}, TypeError, "{}"),
    ],
)
def test_bad_sizes(core, size, error, words):
    with pytest.raises(error) as caught:
        knight.tour(size, 1)
    assert words in str(caught.value)
    assert isinstance(caught.value, knight.KnightError)


@pytest.mark.parametrize("max_nodes, error", [(0, ValueError), (-5, ValueError), (1.5, TypeError), (True, TypeError)])
def test_bad_node_budgets(core, max_nodes, error):
    with pytest.raises(error, match="max_nodes"):
        knight.tour(8, 1, max_nodes=max_nodes)


def test_board_too_large_for_search_is_refused_before_allocating(core):
    with pytest.raises(ValueError, match="more than"):
        knight.tour(20_000, 1, method="backtrack")


@pytest.mark.parametrize("leap", [2**16, 2**31 - 1, 10**20])
def test_leaps_longer_than_the_board_are_answered_not_crashed(core, counter, leap):
    with pytest.raises(knight.NoTourError, match="more than one piece"):
        knight.tour(8, moves=(leap, 1))
    assert knight.count((3, 3), moves=(leap, 1)) == 0
