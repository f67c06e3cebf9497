"""knight.Board: making one, pictures that round-trip, bad input, and tours on shaped boards."""

import pickle
import random
from array import array

import pytest

import knight
from knight import Board, InvalidInputError, InvalidTypeError

from validator import assert_tour

HOLEY = """
. . . . . .
. . # . . .
. . . . . .
. . . # . .
. . . . . .
. . . . # .
"""


# -- making boards ----------------------------------------------------------------------


def test_a_rectangle_and_its_squares():
    board = Board((3, 4))
    assert board.size == (3, 4) and len(board) == 12 and board.is_rectangle
    assert list(board) == list(range(1, 13)) and board.holes == () and board.mask is None
    assert board.moves == (1, 2) and board.first == 1 and board.name == "3×4"
    assert "a1" in board and 13 not in board and "zz99" not in board


def test_holes_keep_the_rectangles_numbers():
    board = Board(4, holes=["a4", (1, 1), 16])
    assert board.holes == (1, 6, 16) and len(board) == 13 and not board.is_rectangle
    assert board.first == 2 and 6 not in board and 7 in board
    assert board.mask == bytes(0 if i in (0, 5, 15) else 1 for i in range(16))
    assert board.name == "4×4 less 3 holes"
    assert board.neighbours(11) == [4, 13, 5, 2]
    assert board.neighbours(10) == [3, 8]  # 16 and 1 are holes: left out, move order kept


def test_sizes_as_text_and_other_leapers():
    assert Board("6x7") == Board((6, 7)) == Board("6×7") and Board("8") == Board(8)
    zebra = Board(10, moves=(3, 2))
    assert zebra.moves == (2, 3) and zebra.name == "10×10 for the 2,3-leaper" and zebra != Board(10)
    assert zebra.steps[0] == (-3, 2)


def test_picture_round_trips():
    board = Board.parse(HOLEY)
    assert Board.parse(board.picture()) == board
    assert board.holes == (9, 22, 35) and board.picture().splitlines()[1] == ". . # . . ."
    puzzle = Board.parse("1 . .\n. . #\n. 8 .")
    assert puzzle.givens == {1: 1, 8: 8}
    assert puzzle.picture() == "1 . .\n. . #\n. 8 ."
    wide = Board.parse(". " * 11 + "10")
    assert wide.picture() == " . " * 11 + "10" and Board.parse(wide.picture()) == wide
    assert Board.parse(puzzle.picture()) == puzzle and puzzle != Board.parse(". . .\n. . #\n. . .")


def test_from_mask_takes_lists_and_numpy():
    numpy = pytest.importorskip("numpy")
    cells = [[True, True, False], [True, True, True]]
    assert Board.from_mask(cells) == Board((2, 3), holes=[3]) == Board.from_mask(numpy.array(cells))
    assert Board.from_mask(numpy.ones((5, 5), dtype=bool)) == Board(5)
    assert Board.from_mask([[1, 0], [1, 1]]).holes == (2,)


def test_a_board_is_an_immutable_hashable_value():
    board = Board.parse(HOLEY)
    assert hash(board) == hash(Board.parse(HOLEY)) and len({board, Board.parse(HOLEY), Board(6)}) == 2
    with pytest.raises(AttributeError):
        board._rows = 3
    assert pickle.loads(pickle.dumps(board)) == board
    for each in (board, Board(8), Board((3, 5), moves=(1, 3)), Board.parse("2 . .\n. . 1")):
        assert eval(repr(each), {"Board": Board}) == each


# -- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "picture, words",
    [
        (". . .\n. .\n", "line 2 has 2 cells"),
        (". x .", "cell 2 (row 0, col 1) 'x'"),
        (". 0 .", "'0': a given move number is at least 1"),
        (". -1 .", "'-1' is not"),
        ("1 . 1", "move 1 is given twice"),
        (". . 9", "move 9 is past the board's 3 squares"),
        ("# #\n# #", "no squares"),
        ("\n  \n", "at least one line"),
    ],
)
def test_bad_pictures_name_the_line_and_cell(picture, words):
    with pytest.raises(InvalidInputError) as caught:
        Board.parse(picture)
    assert words in str(caught.value)


@pytest.mark.parametrize(
    "mask, error, words",
    [
        ([True, False], InvalidInputError, "2-D"),
        ([[True], [True, False]], InvalidInputError, "row 1 has 2 cells"),
        ([["x"]], InvalidInputError, "row 0, col 0 is 'x'"),
        ([[False, False]], InvalidInputError, "no squares"),
        ([], InvalidInputError, "at least one row"),
        ("..", InvalidTypeError, "str"),
    ],
)
def test_bad_masks(mask, error, words):
    with pytest.raises(error) as caught:
        Board.from_mask(mask)
    assert words in str(caught.value)


def test_a_three_dimensional_numpy_mask_is_refused():
    numpy = pytest.importorskip("numpy")
    with pytest.raises(InvalidInputError, match="2-D, not 3-D"):
        Board.from_mask(numpy.ones((2, 2, 2), dtype=bool))


def test_bad_boards_and_starts(core):
    with pytest.raises(InvalidInputError, match="hole"):
        knight.tour(Board(5, holes=["c3"]), start="c3")
    with pytest.raises(InvalidInputError, match="off the 5×5 board"):
        knight.tour(Board(5, holes=["c3"]), start=26)
    with pytest.raises(InvalidInputError, match="size given twice"):
        Board(Board(5))
    with pytest.raises(InvalidInputError, match="moves given twice"):
        knight.tour(Board(5), moves=(1, 3))
    with pytest.raises(InvalidInputError, match="no squares"):
        Board(1, holes=[1])
    with pytest.raises(InvalidTypeError, match="closed"):
        knight.tour(8, closed="False")
    with pytest.raises(InvalidInputError, match="closed=True with an end"):
        knight.tour(8, end="a1", closed=True)
    with pytest.raises(InvalidInputError, match="closed=True with given moves"):
        knight.tour(Board.parse("1 . .\n. . .\n. . 9"), closed=True)


def test_the_old_argument_order_is_refused_with_the_new_spelling(core):
    with pytest.raises(InvalidInputError, match=r"knight\.tour\(8, start='e4'\)"):
        knight.tour("e4")
    with pytest.raises(InvalidInputError, match=r"knight\.tour\(30, start=1\)"):
        knight.tour(1, 30)
    assert knight.tour(5).size == (5, 5) and knight.tour((3, 4)).size == (3, 4)


# -- tours on shaped boards, compiled and twin --------------------------------------------


def random_boards(count, seed):
    """Boards of 4 to 7 a side with up to a fifth of their cells holes, seeded."""
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.randint(4, 7), rng.randint(4, 7)
        holes = rng.sample(range(1, rows * cols + 1), rng.randint(1, rows * cols // 5))
        if len(holes) < rows * cols:
            yield Board((rows, cols), holes=holes)


def assert_board_tour(found, board, closed=False):
    assert found.board == board
    assert_tour(list(found), board.rows, board.cols, closed=closed, leaper=board.moves, holes=board.holes)


def test_holey_board_from_a_picture(core):
    board = Board.parse(HOLEY)
    found = knight.tour(board)
    assert_board_tour(found, board)
    assert found.start == board.first
    assert found.grid().splitlines()[1].split()[2] == "#" and found.matrix()[5][4] == 0
    assert Board.parse(found.grid()).holes == board.holes


@pytest.mark.parametrize("closed", [False, True])
def test_compiled_and_twin_agree_on_shaped_boards(both_cores, closed):
    compiled, twin = both_cores
    for board in random_boards(40, 11 + closed):
        for number in list(board)[:3]:
            args = (board.rows, board.cols, board.mask, number - 1, closed, 20_000, board.steps)
            answer = compiled.search(*args)
            assert answer == twin.search(*args), (board, number)
            status, _, squares = answer
            if status == knight.search._core_py.FOUND:
                assert_tour(squares, board.rows, board.cols, closed=closed, holes=board.holes)
                assert squares[0] == number


@pytest.mark.parametrize("method", ["backtrack", "warnsdorff", "random", "plain", "ordered"])
def test_every_method_runs_on_shaped_boards(core, method):
    board = Board((6, 6), holes=["a1", "f1"])
    try:
        found = knight.tour(board, start="b1", method=method, seed=3, max_nodes=200_000)
    except knight.WarnsdorffStuckError as stuck:
        assert method == "warnsdorff" and all(square in board for square in stuck.path)
    else:
        assert_board_tour(found, board)


def test_closed_tours_on_a_shaped_board_rotate_to_any_start(core):
    board = Board((6, 6), holes=["a1", "f6", "a6", "f1"])
    for start in board:
        found = knight.tour(board, start=start, closed=True)
        assert_board_tour(found, board, closed=True)
        assert found.start == start


def test_other_leapers_on_shaped_boards(core):
    board = Board((4, 5), holes=[20], moves=(1, 1))  # a king's diagonal move keeps its colour
    with pytest.raises(knight.NoTourError, match="more than one piece"):
        knight.tour(board)
    giraffe = Board(5, holes=["c3"], moves=(0, 1))  # a rook's one-step: a wazir
    assert_board_tour(knight.tour(giraffe, start=2), giraffe)


def test_auto_searches_shaped_boards_and_constructs_whole_ones(core):
    from knight import _methods

    assert _methods.choose(Board(40)) is _methods.construct
    assert _methods.choose(Board(40, holes=[1])) is _methods.backtrack
    with pytest.raises(InvalidInputError, match="whole rectangles"):
        knight.tour(Board(12, holes=[1]), method="construct")
    board = Board(30, holes=["a1", "b1"])
    assert_board_tour(knight.tour(board, start="c1"), board)


def test_existence_on_shapes_is_honest(core):
    cut = Board((3, 6), holes=[3, 9, 15])  # column 2 gone: knight moves still cross it
    assert knight.exists(Board(5, holes=["c3"])) is knight.exists(Board(5, holes=["c3"]))
    tiny = Board((2, 3), holes=[5])  # five squares a knight cannot join up
    assert knight.exists(tiny) is False
    assert knight.exists(cut, max_nodes=10**6) in (True, False)
    assert knight.exists(Board((6, 6), holes=["a1", "f6"]), max_nodes=1000) is False  # colours, not a search
    with pytest.raises(knight.SearchLimitError, match="undecided|max_nodes"):
        knight.exists(Board(8, holes=["a1"]), max_nodes=10)


def test_tour_pickles_and_compares_with_its_board(core):
    board = Board.parse(HOLEY)
    found = knight.tour(board)
    assert pickle.loads(pickle.dumps(found)) == found and found != knight.tour(6)
    assert eval(repr(found), {"Tour": knight.Tour, "Board": Board}) == found
    assert knight.Tour(list(found), board) == found
    with pytest.raises(knight.NotATourError, match="hole"):
        knight.Tour([9] + list(found)[1:], board)
    assert knight.is_tour(found, board) and not knight.is_tour(found, 6)


class _Pickled:
    """An object that unpickles as function(*parts): a crafted pickle."""

    def __init__(self, function, *parts):
        self.function, self.parts = function, parts

    def __reduce__(self):
        return self.function, self.parts


@pytest.mark.parametrize(
    "parts, error",
    [
        ((3, 3, None, (1, 2), ((99, 1),)), knight.InvalidInputError),  # a given off the board
        ((3, 3, None, (1, 2), ((1, 99),)), knight.InvalidInputError),  # a move past the squares
        ((3, 3, None, (1, 2), ((1, 1), (2, 1))), knight.InvalidInputError),  # a move given twice
        ((3, 3, b"\x01\x02" + b"\x01" * 7, (1, 2), ()), knight.InvalidInputError),  # a mask not of 0 and 1
        ((3, 3, b"\x01", (1, 2), ()), knight.InvalidInputError),  # a mask too short
        ((3, 3, None, (1.0, 2), ()), knight.InvalidTypeError),
        ((-3, 3, None, (1, 2), ()), knight.InvalidInputError),
        ((2**40, 2**40, None, (1, 2), ()), knight.InvalidInputError),
    ],
)
def test_a_crafted_board_pickle_is_refused(parts, error):
    with pytest.raises(error):
        pickle.loads(pickle.dumps(_Pickled(knight.Board._make, *parts)))


@pytest.mark.parametrize(
    "squares, board",
    [
        (array("i", [9999] * 25), knight.Board(5)),
        (array("i", [-1] * 25), knight.Board(5)),
        (array("i", [1] * 25), knight.Board(5)),
        (array("i", range(1, 26)), knight.Board(6)),
        ([1, 2, 3], knight.Board(5)),
        (array("i", range(1, 26)), "5"),
    ],
)
def test_a_crafted_tour_pickle_is_refused(core, squares, board):
    from knight.model._tour import _restore

    with pytest.raises(knight.NotATourError):
        pickle.loads(pickle.dumps(_Pickled(_restore, squares, board))).grid()


def test_a_tour_pickle_still_loads(core):
    for found in (knight.tour(6), knight.tour(Board((5, 5), holes=[13]), 1)):
        assert pickle.loads(pickle.dumps(found)) == found
