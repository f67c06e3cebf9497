"""The knight command, run as a subprocess, and the seed problem's judge mode.

The refusals of bad input are asked of the command's main() in this process (assert_one_line_error):
main() is what python -m knight runs and exits with, which the subprocess tests check, so each
refusal costs no interpreter's start-up. The tests that parse and refuse before any kernel runs
(help, version, bad pictures) are marked once (tests/conftest.py).
"""

import contextlib
import hashlib
import io
import os
import subprocess
import sys

import pytest

import knight as package
from knight.cli import main

from validator import assert_board_tour, assert_tour, board_squares


def knight_run(*args, stdin=None, env=None, cwd=None):
    environment = {**os.environ, **(env or {})}
    if cwd is not None and environment.get("PYTHONPATH"):  # PYTHONPATH=src must survive another cwd
        paths = environment["PYTHONPATH"].split(os.pathsep)
        environment["PYTHONPATH"] = os.pathsep.join(os.path.abspath(path) for path in paths)
    return subprocess.run(
        [sys.executable, "-m", "knight", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        cwd=cwd,
    )


def knight(*args, stdin=None, env=None):
    return knight_run(*args, stdin=stdin, env=env)


def squares_of_matrix(text, cols):
    """The squares of a tour in visiting order, from rows of move numbers (holes "#" or 0)."""
    place = {}
    for row, line in enumerate(text.splitlines()):
        for col, word in enumerate(line.split()):
            if word not in ("#", "0"):
                place[int(word)] = row * cols + col + 1
    assert sorted(place) == list(range(1, len(place) + 1)), "move numbers are not 1 to n"
    return [place[move] for move in range(1, len(place) + 1)]


def squares_of_names(names, rows, cols):
    """Square numbers of algebraic names, read here: file "a" is column 0, rank 1 the bottom row."""
    squares = []
    for name in names:
        letters = name.rstrip("0123456789")
        col = 0
        for letter in letters:
            col = col * 26 + ord(letter) - 96
        squares.append((rows - int(name[len(letters) :])) * cols + col)
    return squares


def test_no_arguments_prints_8x8_grid():
    result = knight()
    assert result.returncode == 0, result.stderr
    matrix = [[int(word) for word in line.split()] for line in result.stdout.splitlines()]
    assert len(matrix) == 8 and matrix[0][0] == 1
    assert_tour(squares_of_matrix(result.stdout, 8), 8, 8)


@pytest.mark.parametrize("start, first", [("1", 1), ("e4", 37), ("3,4", 29)])
def test_line_format(start, first):
    result = knight("8", "--start", start, "--format", "line")
    assert result.returncode == 0, result.stderr
    squares = [int(word) for word in result.stdout.split()]
    assert squares[0] == first
    assert_tour(squares, 8, 8)


def test_tour_is_the_default_command_spelled_out():
    spelled = knight("tour", "6", "--start", "c4", "--format", "line")
    assert spelled.returncode == 0, spelled.stderr
    assert spelled.stdout == knight("6", "--start", "c4", "--format", "line").stdout
    assert_tour([int(word) for word in spelled.stdout.split()], 6, 6)


def test_rectangular_closed_coords():
    result = knight("6x5", "--start", "7", "--closed", "--format", "coords")
    assert result.returncode == 0, result.stderr
    coords = [tuple(map(int, line.split())) for line in result.stdout.splitlines()]
    assert coords[0] == (1, 1)
    assert_tour([row * 5 + col + 1 for row, col in coords], 6, 5, closed=True)
    assert knight("6×5", "--start", "7", "--closed", "--format", "coords").stdout == result.stdout


def test_size_option_is_still_taken():
    old = knight("--size", "6x5", "--start", "7", "--closed", "--format", "line")
    assert old.returncode == 0, old.stderr
    assert old.stdout == knight("6x5", "--start", "7", "--closed", "--format", "line").stdout
    assert_tour([int(word) for word in old.stdout.split()], 6, 5, closed=True)


def test_algebraic_matrix_and_boxed_formats():
    names = knight("8", "--start", "a1", "--format", "algebraic").stdout.split()
    assert names[0] == "a1"
    assert_tour(squares_of_names(names, 8, 8), 8, 8)
    matrix = knight("5", "--format", "matrix").stdout
    assert len(matrix.splitlines()) == 5 and matrix.split()[0] == "1"
    assert_tour(squares_of_matrix(matrix, 5), 5, 5)
    boxed = knight("--format", "boxed").stdout.splitlines()
    assert boxed[0].startswith("+----+") and len(boxed) == 17
    cells = "\n".join(line.replace("|", " ") for line in boxed[1::2])
    assert_tour(squares_of_matrix(cells, 8), 8, 8)


# -- boards drawn in a picture ---------------------------------------------------------------

RING = """\
. . . . . .
. . . . . .
. . . . . .
. . # # . .
. . . . . .
. . . . . .
"""

CENTRE = ". . . . .\n. . . . .\n. . # . .\n. . . . .\n. . . . .\n"


def test_picture_file_with_holes(tmp_path):
    (tmp_path / "ring.txt").write_text(RING)
    result = knight_run("ring.txt", "--format", "line", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    squares = [int(word) for word in result.stdout.split()]
    assert 21 not in squares and 22 not in squares and len(squares) == 34
    assert_board_tour(squares, RING)


def test_picture_from_stdin(tmp_path):
    result = knight("-", "--format", "line", stdin=CENTRE)
    assert result.returncode == 0, result.stderr
    squares = [int(word) for word in result.stdout.split()]
    assert 13 not in squares
    assert_board_tour(squares, CENTRE)


def test_picture_grid_shows_the_holes_and_reads_back(tmp_path):
    (tmp_path / "ring.txt").write_text(RING)
    grid = knight_run("ring.txt", cwd=tmp_path).stdout
    lines = [line.split() for line in grid.splitlines()]
    assert lines[3][2:4] == ["#", "#"] and sum(line.count("#") for line in lines) == 2
    assert board_squares(grid) == board_squares(RING)  # the grid is a picture of the same board
    assert_board_tour(squares_of_matrix(grid, 6), RING)
    matrix = knight_run("ring.txt", "--format", "matrix", cwd=tmp_path).stdout
    assert matrix.splitlines()[3].split()[2:4] == ["0", "0"]  # numbers only, as Tour.matrix()
    assert_board_tour(squares_of_matrix(matrix, 6), RING)
    boxed = knight_run("ring.txt", "--format", "boxed", cwd=tmp_path).stdout.splitlines()
    assert "|  # |  # |" in boxed[7]  # row 3: a rule, then a line of cells, a row
    coords = knight_run("ring.txt", "--format", "coords", cwd=tmp_path).stdout.splitlines()
    assert_board_tour([int(r) * 6 + int(c) + 1 for r, c in map(str.split, coords)], RING)


def test_picture_with_a_start_and_other_commands(tmp_path):
    (tmp_path / "ring.txt").write_text(RING)
    result = knight_run("ring.txt", "--start", "a6", "--format", "line", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    squares = [int(word) for word in result.stdout.split()]
    assert squares[0] == 1
    assert_board_tour(squares, RING)
    assert knight_run("exists", "ring.txt", cwd=tmp_path).stdout == "yes\n"
    # counted on 5×5 less its centre: every open tour of the ring is tens of seconds on the twin
    (tmp_path / "centre.txt").write_text(CENTRE)
    counted = knight_run("count", "centre.txt", cwd=tmp_path)
    assert counted.returncode == 0 and counted.stdout == f"{package.count(package.Board.parse(CENTRE))}\n"


@pytest.mark.once
@pytest.mark.parametrize(
    "picture, words",
    [
        (". . .\n. .\n", "line 2 has 2 cells, the first line 3"),
        (". x .\n", "'x' is not '.', '#' or a move number"),
        ("# #\n# #\n", "at least one square"),
        ("\n\n", "at least one line"),
        (". 0 .\n. . .\n", "a given move number is at least 1"),
    ],
)
def test_bad_pictures_are_one_line_errors(tmp_path, picture, words):
    (tmp_path / "board.txt").write_text(picture)
    for result in (knight_run("board.txt", cwd=tmp_path), knight("-", stdin=picture)):
        assert result.returncode == 2 and result.stdout == ""
        assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("knight: error: ")
        assert words in result.stderr


@pytest.mark.once
def test_a_picture_that_is_not_text(tmp_path):
    (tmp_path / "board.png").write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    result = knight_run("board.png", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and "not UTF-8 text" in result.stderr


@pytest.mark.once
@pytest.mark.parametrize(
    "args, words",
    [
        (["ring.txt", "--start", "c3"], "is a hole"),
        (["ring.txt", "--start", "g1"], "off the 6×6 board"),
        (["ring.txt", "--start", "37"], "off the 6×6 board"),
        (["no-such-board.txt"], "no such file"),
        (["."], "is a directory"),
    ],
)
def test_bad_picture_starts_and_files(tmp_path, args, words):
    (tmp_path / "ring.txt").write_text(RING)
    result = knight_run(*args, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("knight: error: ")
    assert words in result.stderr


# -- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["8", "--start", "0"], 2, "square 0"),
        (["8", "--start", "z9"], 2, "'z9'"),
        (["0"], 2, "size '0'"),
        (["abc"], 2, "'abc'"),
        (["--size", "abc"], 2, "'abc'"),
        (["--format", "xml"], 2, "xml"),
        (["--bogus"], 2, "--bogus"),
        (["8", "--start", "a8", "--end", "e4"], 1, "same colour"),
        (["4"], 1, "no open tour on 4×4"),
        (["5", "--start", "b1"], 1, "corner-coloured"),
        (["5", "--closed"], 1, "both sides are odd"),
        (["5x8", "--max-nodes", "3"], 1, "--max-nodes 3"),
    ],
)
def test_errors_are_one_line(args, code, words):
    assert_one_line_error(args, code, words)


def assert_one_line_error(args, code, words, stdin=None):
    """The CLI's answer to bad input: exit code code, nothing on stdout, one line on stderr holding words
    (main(args) in this process, stdin given as text or, when None, none to read)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.redirect_stdout(out))
        stack.enter_context(contextlib.redirect_stderr(err))
        stack.enter_context(_stdin(io.StringIO(stdin or "")))
        returned = main(list(args))
    assert returned == code, err.getvalue()
    assert out.getvalue() == ""
    assert len(err.getvalue().splitlines()) == 1, err.getvalue()
    assert err.getvalue().startswith("knight: error: " if code == 2 else "knight: ")
    assert words in err.getvalue(), err.getvalue()


@contextlib.contextmanager
def _stdin(stream):
    """sys.stdin set to stream for the block."""
    before, sys.stdin = sys.stdin, stream
    try:
        yield
    finally:
        sys.stdin = before


@pytest.mark.parametrize(
    "args, words",
    [
        (["7", "--size", "6x5"], "size given twice"),
        (["8", "--size", "8"], "size given twice"),
        (["exists", "5", "--size", "5"], "size given twice"),
        (["count", "5", "--size", "5"], "size given twice"),
        (["all", "1", "--size", "5"], "size given twice"),
    ],
)
def test_size_given_twice(args, words):
    assert_one_line_error(args, 2, words)


@pytest.mark.parametrize(
    "args, hint",
    [
        (["e4"], "knight 8 --start e4"),
        (["3,4"], "knight 8 --start 3,4"),
        (["all", "e4"], "knight all 8 --start e4"),
        (["exists", "b1"], "knight exists 8 --start b1"),
        (["8", "e4"], "knight 8 --start e4"),
        (["e4", "--size", "6x7"], "knight 6x7 --start e4"),
        (["7", "--size", "6x5"], "knight 6x5 --start 7"),
        (["all", "1", "--size", "5"], "knight all 5 --start 1"),
    ],
)
def test_old_argument_order_says_how_to_write_it_now(args, hint):
    assert_one_line_error(args, 2, hint)


def test_command_typo_names_the_command():
    assert_one_line_error(["cont", "5"], 2, "did you mean knight count?")


@pytest.mark.parametrize(
    "args, words",
    [
        (["8", "--moves", "100000000000000000000,1"], "--moves"),
        (["8", "--moves", "1," + "9" * 5000], "--moves"),
        (["8", "--moves", "1,9"], "longer than the 8×8 board"),
        (["8", "--max-nodes", str(10**30)], "--max-nodes"),
        (["8", "--max-nodes", "10**30"], "not a whole number"),
        (["8", "--max-nodes", "9" * 5000], "too large"),
        (["8", "--max-nodes", "0"], "at least 1"),
        (["8", "--method", "random", "--seed", "9" * 5000], "--seed"),
        (["8", "--start", "100000000000000000000"], "--start"),
        (["8", "--start", "1" * 5000], "--start"),
        (["100000000000000000000"], "squares"),
        (["1" * 5000], "too large"),
        (["100000000000000000000x2"], "squares"),
        (["exists", "8", "--moves", "100000000000000000000,1"], "--moves"),
        (["exists", "8", "--max-nodes", str(10**30)], "--max-nodes"),
    ],
)
def test_huge_numbers_are_one_line_errors(args, words):
    assert_one_line_error(args, 2, words)


# -- help and version --------------------------------------------------------------------------


@pytest.mark.once
def test_version():
    result = knight("--version")
    assert (result.returncode, result.stdout, result.stderr) == (0, f"knight {package.__version__}\n", "")


@pytest.mark.once
def test_help_lists_every_subcommand():
    result = knight("--help")
    assert result.returncode == 0 and result.stderr == ""
    text = result.stdout
    assert text.startswith("usage: knight [SIZE]")
    commands = text.split("commands:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    names = [line.split()[0] for line in commands]
    assert names == ["tour", "exists", "count", "all", "solve", "compare", "trace", "judge", "magic"]
    assert all(len(line.split()) > 3 for line in commands)  # each with its line of explanation
    assert "--start" in text and "--version" in text and "picture" in text


@pytest.mark.once
@pytest.mark.parametrize("command", ["tour", "exists", "count", "all", "solve", "compare", "trace", "judge", "magic"])
def test_every_subcommand_has_help(command, capsys):
    assert main([command, "--help"]) == 0  # main() as python -m knight runs it (test_help_lists_every_subcommand)
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith(f"usage: knight {command} ")  # knight tour --help is the tour command's own


@pytest.mark.once
def test_top_level_usage_names_every_subcommand():
    result = knight("--help")
    usage = result.stdout.split("\n\n")[0]
    assert usage.startswith("usage: knight [SIZE]")
    assert "{tour,exists,count,all,solve,compare,trace,judge,magic}" in usage


def test_main_returns_0_after_help(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"knight {package.__version__}\n"


# -- judge -------------------------------------------------------------------------------------

#: sha256 of `knight judge` answering 1 to 64, one per line, as before the size-first change
#: (commit 1b2e6ea, both implementations): the seed problem's output, byte for byte.
JUDGE_1_TO_64_SHA256 = "5b8af106e9fde6c3091a47f5fb5eef6622d73977e4467683d1e313f8ba1b0c1d"


def test_judge_answers_the_seed_format():
    result = knight("judge", stdin="1\n64\n0\n65\nx\n\n37\n-1\n5\n")
    assert result.returncode == 1  # three bad lines, each named on stderr
    assert result.stderr.splitlines() == [
        "knight judge: line 3: '0' is not a start from 1 to 64",
        "knight judge: line 4: '65' is not a start from 1 to 64",
        "knight judge: line 5: 'x' is not a start from 1 to 64",
    ]
    lines = result.stdout.splitlines()
    assert len(lines) == 6
    for line, start in zip(lines, (1, 64)):
        squares = [int(word) for word in line.split(" ")]
        assert squares[0] == start
        assert_tour(squares, 8, 8)
    assert lines[2:5] == ["-1", "-1", "-1"]
    assert [int(word) for word in lines[5].split(" ")][0] == 37
    assert_tour([int(word) for word in lines[5].split(" ")], 8, 8)


def test_judge_every_start_and_quiet_end_of_input():
    result = knight("judge", stdin="".join(f"{start}\n" for start in range(1, 65)))
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 64
    for start, line in enumerate(lines, 1):
        squares = [int(word) for word in line.split(" ")]
        assert squares[0] == start
        assert_tour(squares, 8, 8)
    assert hashlib.sha256(result.stdout.encode()).hexdigest() == JUDGE_1_TO_64_SHA256


def test_judge_answers_good_lines_around_bad_ones_byte_for_byte():
    """abc, a 5000-digit number and huge integers: one message each, the rest answered as the seed says."""
    good = "".join(f"{start}\n" for start in range(1, 65))
    huge = "9" * 5000
    bad = ["abc", huge, "-" + huge, "100000000000000000000", "1.5", "0x10"]
    mixed = "".join(f"{line}\n{start}\n" for line, start in zip(bad * 11, range(1, 65)))
    result = knight("judge", stdin=mixed + "-1\nignored\n")
    assert result.returncode == 1
    answers = result.stdout.splitlines()
    assert answers[0::2] == ["-1"] * 64
    assert hashlib.sha256("".join(line + "\n" for line in answers[1::2]).encode()).hexdigest() == (JUDGE_1_TO_64_SHA256)
    messages = result.stderr.splitlines()
    assert len(messages) == 64
    assert messages[0] == "knight judge: line 1: 'abc' is not a start from 1 to 64"
    assert messages[1].startswith("knight judge: line 3: '99999") and len(messages[1]) < 100
    assert all(message.startswith(f"knight judge: line {2 * i + 1}: ") for i, message in enumerate(messages))
    assert knight("judge", stdin=good).returncode == 0


def test_judge_twin_answers_match_compiled():
    compiled = knight("judge", stdin="1\n17\n40\n-1\n").stdout
    twin = knight("judge", stdin="1\n17\n40\n-1\n", env={"KNIGHT_NO_EXTENSIONS": "1"}).stdout
    assert compiled == twin


def test_implementation_is_reported():
    assert package.IMPLEMENTATION in ("cython", "python")
    if os.environ.get("KNIGHT_NO_EXTENSIONS"):
        assert package.IMPLEMENTATION == "python"


# -- exists, method, moves, seed ------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, code, output",
    [
        ([], 0, "yes\n"),
        (["8"], 0, "yes\n"),
        (["4"], 1, "no: no open tour on 4×4: 4×4 has none (Conrad et al.)\n"),
        (["5", "--closed"], 1, "no: no closed tour on 5×5: both sides are odd\n"),
        (["5", "--start", "b1"], 1, "no: no open tour from b1 on 5×5: it is not a corner-coloured square\n"),
        (["4x8", "--start", "a1"], 0, "yes\n"),
        (["3x10", "--closed", "--start", "5"], 0, "yes\n"),
        (["--size", "4"], 1, "no: no open tour on 4×4: 4×4 has none (Conrad et al.)\n"),
    ],
)
def test_exists_command(args, code, output):
    result = knight("exists", *args)
    assert (result.returncode, result.stdout, result.stderr) == (code, output, "")


def test_exists_and_tour_on_a_picture_from_stdin():
    ring = ". . .\n. # .\n. . .\n"  # the eight squares round the centre are a closed knight's tour
    assert knight("exists", "-", "--closed", stdin=ring).stdout == "yes\n"
    result = knight("-", "--closed", "--format", "line", stdin=ring)
    assert result.returncode == 0, result.stderr
    assert_board_tour([int(word) for word in result.stdout.split()], ring, closed=True)
    row = ". . . .\n# # # #\n"  # four squares in a row: no knight's move at all
    result = knight("exists", "-", stdin=row)
    assert (result.returncode, result.stderr) == (1, "") and result.stdout.startswith("no: ")


def test_method_moves_and_seed_options():
    result = knight("8", "--start", "e4", "--method", "random", "--seed", "5", "--closed", "--format", "line")
    assert result.returncode == 0, result.stderr
    squares = [int(word) for word in result.stdout.split()]
    assert_tour(squares, 8, 8, closed=True)
    again = knight("8", "--start", "e4", "--method", "random", "--seed", "5", "--closed", "--format", "line")
    assert result.stdout == again.stdout
    result = knight("10", "--moves", "2,3", "--format", "line")
    assert result.returncode == 0, result.stderr
    assert_tour([int(word) for word in result.stdout.split()], 10, 10, leaper=(2, 3))
    stuck = knight("8", "--start", "e3", "--method", "warnsdorff")
    assert stuck.returncode == 1 and "got stuck" in stuck.stderr


def test_moves_on_a_picture():
    # the camel (1,3) keeps to one colour: the light squares of 6×6 are a board it can tour
    picture = "\n".join(" ".join("#."[(row + col + 1) % 2] for col in range(6)) for row in range(6))
    result = knight("-", "--moves", "1,3", "--format", "line", stdin=picture)
    assert result.returncode == 0, result.stderr
    assert_board_tour([int(word) for word in result.stdout.split()], picture, leaper=(1, 3))
    result = knight("-", "--moves", "1,3", stdin=". . . .\n# . . .\n")
    assert result.returncode == 1 and len(result.stderr.splitlines()) == 1 and "1,3-leaper" in result.stderr


@pytest.mark.parametrize(
    "args, words", [(["--method", "bogus"], "bogus"), (["--moves", "1"], "'1'"), (["--seed", "x"], "'x'")]
)
def test_bad_method_moves_seed(args, words):
    assert_one_line_error(args, 2, words)
