"""The public API's contract (issue #34): one numbering of squares, a Comparison that is a
sequence, one module of pictures, one writer per text format (Tour's methods, Tour.write and
the knight command agree on every board)."""

import collections.abc
import io
import warnings

import pytest

import knight
import knight.cli
import knight.draw
import knight.svg

from validator import assert_surface_tour, assert_tour

# -- one numbering ------------------------------------------------------------------------


@pytest.mark.parametrize("square", [28, "d5", (3, 3), [3, 3]])
def test_every_method_takes_a_square_by_number_name_or_coordinates(square):
    board = knight.Board(8)
    assert board.square(square) == 28
    leaps = {r * 8 + c + 1 for r in range(8) for c in range(8) if sorted((abs(r - 3), abs(c - 3))) == [1, 2]}
    assert board.neighbours(square) == board.neighbours(28) and set(board.neighbours(square)) == leaps
    assert board.coords(square) == (3, 3)
    assert board.square_name(square) == "d5"
    assert board.colour(square) == 0


@pytest.mark.parametrize("square", [0, 65, "i1", "a9", (8, 0), (0, -1)])
def test_a_square_off_the_board_is_an_error_naming_it(square):
    board = knight.Board(8)
    for method in (board.neighbours, board.coords, board.square_name, board.colour):
        with pytest.raises(knight.InvalidInputError, match="off the 8×8 board") as caught:
            method(square)
        assert str(square) in str(caught.value) or repr(square) in str(caught.value)


def test_a_hole_has_a_name_and_coordinates_but_no_neighbours():
    board = knight.Board((3, 4), holes=["a1"])
    assert (board.square_name(9), board.coords(9)) == ("a1", (2, 0))
    with pytest.raises(knight.InvalidInputError, match="'a1' is a hole"):
        board.neighbours("a1")


def test_a_box_names_and_places_its_squares_by_the_same_door():
    box = knight.Board((2, 3, 4))
    assert box.coords(24) == (1, 2, 3) and box.square((1, 2, 3)) == 24
    near = box.neighbours((0, 0, 0))
    assert near == box.neighbours(1) and set(near) == set(box.to_networkx().neighbors(1))
    assert all(1 in box.neighbours(box.coords(n)) for n in near)
    with pytest.raises(knight.InvalidInputError):
        box.coords((2, 0, 0))


def test_the_zero_based_cells_are_private_and_neighbour_lists_is_deprecated():
    board = knight.Board(5)
    assert not any(hasattr(board, name) for name in ("neighbours_of", "cells", "neighbour_table"))
    with pytest.warns(DeprecationWarning, match=r"Board.neighbours\(square\)"):
        lists = board.neighbour_lists()
    assert [[cell + 1 for cell in cells] for cells in lists] == [board.neighbours(s) for s in board]


# -- containers ----------------------------------------------------------------------------


def test_a_comparison_is_a_sequence_of_runs_also_looked_up_by_method(core):
    comparison = knight.compare(5, start="a1", methods=["warnsdorff", "backtrack", "ordered"])
    assert isinstance(comparison, collections.abc.Sequence) and len(comparison) == 3
    assert [run.method for run in comparison] == ["warnsdorff", "backtrack", "ordered"] == list(comparison.methods)
    assert comparison[0] is comparison["warnsdorff"] and comparison[-1] is comparison["ordered"]
    part = comparison[1:]
    assert isinstance(part, knight.Comparison) and part.methods == ("backtrack", "ordered")
    assert str(part).splitlines()[0] == str(comparison).splitlines()[0]  # the same question
    assert comparison.index(comparison["backtrack"]) == 1
    for run in comparison:
        assert run.result == "found"
        assert_tour(list(run.tour), 5, 5)
    with pytest.raises(KeyError, match="'plain' was not compared: the methods are warnsdorff, backtrack, ordered"):
        comparison["plain"]
    with pytest.raises(IndexError):
        comparison[3]
    with pytest.raises(knight.InvalidTypeError, match="1.5"):
        comparison[1.5]  # type: ignore[call-overload]


def test_a_comparison_prints_as_a_table():
    comparison = knight.compare(5, start="a1", methods=["warnsdorff"])
    lines = str(comparison).splitlines()
    assert lines[2].split("|")[1].strip() == "method" and lines[4].split("|")[1].strip() == "warnsdorff"


# -- one place for pictures ----------------------------------------------------------------


def test_knight_svg_is_an_alias_of_knight_draw():
    for name in knight.svg.__all__:
        assert getattr(knight.svg, name) is getattr(knight.draw, name), name
    assert knight.svg.__all__ == knight.draw.__all__
    assert {"html", "write_html", "chart", "render", "render_board", "to_png", "write"} <= set(knight.draw.__all__)


def test_a_board_shows_its_picture_in_a_notebook():
    board = knight.Board.parse(". . .\n# 1 .\n. . 5")
    picture = board._repr_svg_()
    assert picture == knight.draw.render_board(board) and picture.startswith("<svg")
    assert picture.count('class="given"') == 2 and "less 1 hole" in picture
    assert knight.Board((2, 3, 4))._repr_svg_() is None  # a box: the notebook shows the text
    with pytest.raises(knight.InvalidTypeError, match="takes a knight.Board"):
        knight.draw.render_board(knight.tour(5))  # type: ignore[arg-type]


# -- one writer per format -----------------------------------------------------------------

BOARDS = [
    knight.Board(5),
    knight.Board((5, 6), holes=["a1"]),
    knight.Board((3, 4, 4)),
    knight.Board((4, 5), periodic=(False, True)),
    knight.Board((4, 4), periodic=True),
]


def _checked(found):
    board = found.board
    if len(board.shape) > 2 or board.topology is not None:
        assert_surface_tour(list(found), board.shape, periodic=board.periodic, twisted=board.twisted)
    else:
        assert_tour(list(found), board.rows, board.cols, holes=board.holes)
    return found


@pytest.mark.parametrize("board", BOARDS, ids=lambda board: board.name)
def test_tour_write_writes_what_its_methods_give(core, board):
    found = _checked(knight.tour(board))
    written = {}
    for fmt in ("line", "grid", "boxed", "matrix", "coords", "algebraic"):
        text = io.StringIO()
        found.write(text, fmt)
        written[fmt] = text.getvalue()
    assert written["line"] == found.line() + "\n"
    assert written["grid"] == found.grid() + "\n"
    assert written["boxed"] == found.grid(boxed=True) + "\n"
    assert written["matrix"] == "\n".join(" ".join(map(str, row)) for row in found.matrix()) + "\n"
    assert written["coords"] == "".join(" ".join(map(str, where)) + "\n" for where in found.coords())
    assert written["algebraic"] == " ".join(found.algebraic()) + "\n"
    assert found.coords() == [board.coords(square) for square in found]
    assert found.algebraic() == [board.square_name(square) for square in found]
    with pytest.raises(knight.InvalidInputError, match="'svg' is not one of"):
        found.write(io.StringIO(), "svg")


@pytest.mark.parametrize(
    "args, board, start",
    [
        (["3x4x4", "--start", "1"], knight.Board((3, 4, 4)), 1),
        (["4x5", "--cylinder", "--start", "2"], knight.Board((4, 5), periodic=(False, True)), 2),
        (["6x7", "--start", "e4"], knight.Board((6, 7)), "e4"),
    ],
)
@pytest.mark.parametrize("fmt", ["coords", "algebraic", "line", "matrix"])
def test_the_command_prints_each_format_as_the_tour_writes_it(core, capsys, args, board, start, fmt):
    assert knight.cli.main([*args, "--format", fmt]) == 0
    printed = capsys.readouterr().out
    found = _checked(knight.tour(board, start=start))
    expected = io.StringIO()
    found.write(expected, fmt)
    assert printed == expected.getvalue()
    if fmt == "algebraic" and len(board.shape) == 2:
        assert printed.split() == found.algebraic()


def test_the_command_says_what_it_wrote(tmp_path, capsys):
    path = tmp_path / "tour.svg"
    assert knight.cli.main(["6", "--start", "a1", "-o", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"knight: wrote {path} (SVG, {path.stat().st_size:,} bytes)\n"


@pytest.mark.parametrize(
    "args, said, unsaid",
    [
        (["8", "--method", "warnsdorff", "--max-nodes", "5"], "within --max-nodes 5 search nodes", "max_nodes="),
        (["8", "--start", "99"], "square 99 is off the 8×8 board (squares are numbered 1 to 64)", "knight.tour("),
        (["count", "4x4x4", "--method", "frontier", "--closed"], "with --method enumerate", "method="),
    ],
)
def test_the_commands_errors_name_its_flags_not_the_librarys_arguments(capsys, args, said, unsaid):
    assert knight.cli.main(args) in (1, 2)
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and said in err and unsaid not in err


def test_no_deprecation_warning_from_the_librarys_own_calls():
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        knight.Board(6, holes=["a1"]).to_networkx()
        knight.tour(knight.Board(6, holes=["a1"]), start="b1")
