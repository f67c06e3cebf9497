"""The knight command, run as a subprocess, and the seed problem's judge mode."""

import os
import subprocess
import sys

import pytest

from validator import assert_tour



def knight(*args, stdin=None, env=None):
    return subprocess.run(
        [sys.executable, "-m", "knight", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )


def test_no_arguments_prints_8x8_grid():
    result = knight()
    assert result.returncode == 0, result.stderr
    matrix = [[int(word) for word in line.split()] for line in result.stdout.splitlines()]
    assert len(matrix) == 8 and matrix[0][0] == 1
    squares = [0] * 64
    for row in range(8):
        for col in range(8):
            squares[matrix[row][col] - 1] = row * 8 + col + 1
    assert_tour(squares, 8, 8)


@pytest.mark.parametrize("start", ["1", "e4", "3,4"])
def test_line_format(start):
    result = knight(start, "--format", "line")
    assert result.returncode == 0, result.stderr
    assert_tour([int(word) for word in result.stdout.split()], 8, 8)


def test_rectangular_closed_coords():
    result = knight("7", "--size", "6x5", "--closed", "--format", "coords")
    assert result.returncode == 0, result.stderr
    coords = [tuple(map(int, line.split())) for line in result.stdout.splitlines()]
    assert coords[0] == (1, 1)
    assert_tour([row * 5 + col + 1 for row, col in coords], 6, 5, closed=True)


def test_algebraic_matrix_and_boxed_formats():
    names = knight("a1", "--format", "algebraic").stdout.split()
    assert names[0] == "a1" and len(set(names)) == 64
    matrix = knight("--size", "5", "--format", "matrix").stdout.splitlines()
    assert len(matrix) == 5 and matrix[0].split()[0] == "1"
    boxed = knight("--format", "boxed").stdout.splitlines()
    assert boxed[0].startswith("+----+") and len(boxed) == 17


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["0"], 2, "square 0"),
        (["z9"], 2, "'z9'"),
        (["--size", "0"], 2, "size"),
        (["--size", "abc"], 2, "'abc'"),
        (["--format", "xml"], 2, "xml"),
        (["--bogus"], 2, "--bogus"),
        (["1", "--size", "4"], 1, "no open tour on 4×4"),
        (["b1", "--size", "5"], 1, "corner-coloured"),
        (["1", "--size", "5", "--closed"], 1, "both sides are odd"),
        (["1", "--max-nodes", "3", "--size", "5x8"], 1, "max_nodes"),
    ],
)
def test_errors_are_one_line(args, code, words):
    assert_one_line_error(args, code, words)


def assert_one_line_error(args, code, words):
    """The CLI's answer to bad input: exit code code, nothing on stdout, one line on stderr holding words."""
    result = knight(*args)
    assert result.returncode == code
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert words in result.stderr


def test_judge_answers_the_seed_format():
    result = knight("judge", stdin="1\n64\n0\n65\nx\n\n37\n-1\n5\n")
    assert result.returncode == 0, result.stderr
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


def test_judge_twin_answers_match_compiled():
    compiled = knight("judge", stdin="1\n17\n40\n-1\n").stdout
    twin = knight("judge", stdin="1\n17\n40\n-1\n", env={"KNIGHT_NO_EXTENSIONS": "1"}).stdout
    assert compiled == twin


def test_implementation_is_reported():
    import knight as package

    assert package.IMPLEMENTATION in ("cython", "python")
    if os.environ.get("KNIGHT_NO_EXTENSIONS"):
        assert package.IMPLEMENTATION == "python"


@pytest.mark.parametrize(
    "args, code, output",
    [
        (["--size", "8"], 0, "yes\n"),
        (["--size", "4"], 1, "no: no open tour on 4×4: 4×4 has none (Conrad et al.)\n"),
        (["--size", "5", "--closed"], 1, "no: no closed tour on 5×5: both sides are odd\n"),
        (["--size", "5", "--start", "b1"], 1, "no: no open tour from b1 on 5×5: it is not a corner-coloured square\n"),
        (["--size", "4x8", "--start", "a1"], 0, "yes\n"),
        (["--size", "3x10", "--closed", "--start", "5"], 0, "yes\n"),
    ],
)
def test_exists_command(args, code, output):
    result = knight("exists", *args)
    assert (result.returncode, result.stdout, result.stderr) == (code, output, "")


def test_method_moves_and_seed_options():
    result = knight("e4", "--method", "random", "--seed", "5", "--closed", "--format", "line")
    assert result.returncode == 0, result.stderr
    squares = [int(word) for word in result.stdout.split()]
    assert_tour(squares, 8, 8, closed=True)
    assert result.stdout == knight("e4", "--method", "random", "--seed", "5", "--closed", "--format", "line").stdout
    result = knight("1", "--size", "10", "--moves", "2,3", "--format", "line")
    assert_tour([int(word) for word in result.stdout.split()], 10, 10, leaper=(2, 3))
    stuck = knight("e3", "--method", "warnsdorff")
    assert stuck.returncode == 1 and "got stuck" in stuck.stderr


@pytest.mark.parametrize(
    "args, words", [(["--method", "bogus"], "bogus"), (["--moves", "1"], "'1'"), (["--seed", "x"], "'x'")]
)
def test_bad_method_moves_seed(args, words):
    result = knight(*args)
    assert result.returncode == 2 and result.stdout == "" and words in result.stderr
