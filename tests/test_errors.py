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


@pytest.mark.parametrize("leap", [2**16, 2**31 - 1])
def test_leaps_longer_than_the_board_are_answered_not_crashed(core, counter, leap):
    with pytest.raises(knight.NoTourError, match="more than one piece"):
        knight.tour(8, moves=(leap, 1))
    assert knight.count((3, 3), moves=(leap, 1)) == 0


@pytest.mark.parametrize("moves", [(2**31, 1), (10**20, 10**20), (1, 10**5000)])
def test_leaps_longer_than_any_board_are_refused_in_one_line(moves):
    for call in (knight.tour, knight.exists, knight.count, knight.Board):
        with pytest.raises(knight.InvalidInputError, match="leaves every board") as error:
            call(8, moves=moves)
        assert len(str(error.value)) < 200


# -- huge integers, long text: one clear error, the value cut --------------------------------

HUGE = 10**5000  # past int's 4,300-digit str() limit: repr() of it raises ValueError


@pytest.mark.parametrize(
    "call",
    [
        lambda: knight.tour(HUGE),
        lambda: knight.tour((HUGE, 2)),
        lambda: knight.tour(8, start=HUGE),
        lambda: knight.tour(8, start=-HUGE),
        lambda: knight.tour(8, start=(HUGE, 1)),
        lambda: knight.tour(8, end=HUGE),
        lambda: knight.tour(8, max_nodes=-HUGE),
        lambda: knight.tour(8, seed=(HUGE,)),
        lambda: knight.tour(8, method=(HUGE,)),
        lambda: knight.exists(8, start=HUGE),
        lambda: knight.count(5, start=HUGE),
        lambda: knight.Board(8, holes=[HUGE]),
        lambda: knight.Board(8, moves=(1, HUGE)),
        lambda: knight.check_tour([HUGE] * 64),
        lambda: knight.Tour.from_coords([(HUGE, 1)]),
        lambda: knight.Tour.from_line("1 " + "9" * 5000),
    ],
)
def test_huge_integers_get_one_short_error(call):
    with pytest.raises(knight.KnightError) as caught:
        call()
    assert isinstance(caught.value, (ValueError, TypeError)) and len(str(caught.value)) < 200


def test_a_huge_integer_is_described_by_its_digits():
    with pytest.raises(knight.InvalidInputError, match="<an integer of 5,000 digits> is off the 8×8 board"):
        knight.tour(8, start=HUGE)


def test_long_square_names_are_refused_at_once_and_cut():
    for start in ("a" * 80_000 + "1", "a1" + " " * 80_000 + "x", "9" * 5000):
        with pytest.raises(knight.InvalidInputError) as caught:
            knight.tour(8, start=start)
        assert len(str(caught.value)) < 120


# -- numpy values are the values they hold ----------------------------------------------------


def test_numpy_integers_and_bools_are_taken(core):
    numpy = pytest.importorskip("numpy")
    assert knight.tour(8, start=numpy.int64(5)).start == 5  # was refused as "square 5 is off the board"
    found = knight.tour(6, closed=numpy.bool_(True))
    assert found.is_closed
    assert knight.is_tour(numpy.asarray(found), 6, closed=numpy.bool_(True))  # was False: int32 squares refused
    assert knight.Tour(numpy.asarray(found), 6) == found


# -- closed= and moves= are checked everywhere ------------------------------------------------

OPEN5 = [1, 8, 5, 14, 25, 18, 21, 12, 3, 10, 19, 22, 11, 2, 9, 20, 23, 16, 7, 4, 15, 24, 17, 6, 13]

CLOSED_CALLS = {
    "tour": lambda closed: knight.tour(6, closed=closed),
    "exists": lambda closed: knight.exists(6, closed=closed),
    "count": lambda closed: knight.count(5, start=1, closed=closed),
    "tours": lambda closed: knight.tours(5, start=1, closed=closed),
    "check_tour": lambda closed: knight.check_tour(OPEN5, 5, closed=closed),
    "is_tour": lambda closed: knight.is_tour(OPEN5, 5, closed=closed),
}


@pytest.mark.parametrize("name", CLOSED_CALLS)
@pytest.mark.parametrize("closed", ["False", 0, 1, None, "yes"])
def test_closed_takes_a_bool_only(name, closed):
    with pytest.raises(knight.InvalidTypeError, match="closed must be True or False"):
        CLOSED_CALLS[name](closed)


MOVES_CALLS = {
    "check_tour": lambda moves: knight.check_tour(OPEN5, 5, moves=moves),
    "is_tour": lambda moves: knight.is_tour(OPEN5, 5, moves=moves),
    "Tour": lambda moves: knight.Tour(OPEN5, 5, moves=moves),
    "tour": lambda moves: knight.tour(5, moves=moves),
    "count": lambda moves: knight.count(5, moves=moves),
}


@pytest.mark.parametrize("name", MOVES_CALLS)
@pytest.mark.parametrize(
    "moves, error",
    [
        ("x", knight.InvalidInputError),
        ({}, knight.InvalidInputError),
        ((1, 2, 3), knight.InvalidInputError),
        ((0, 0), knight.InvalidInputError),
        ((-1, 2), knight.InvalidInputError),
        ((1.0, 2), knight.InvalidTypeError),
        ((10**20, 1), knight.InvalidInputError),
    ],
)
def test_moves_are_checked_everywhere(name, moves, error):
    assert knight.is_tour(OPEN5, 5)
    with pytest.raises(error, match="moves"):
        MOVES_CALLS[name](moves)


@pytest.mark.parametrize("text", [None, 5, b"1 2", ["1", "2"]])
def test_from_line_takes_text_only(text):
    with pytest.raises(knight.InvalidTypeError, match="must be text"):
        knight.Tour.from_line(text)
