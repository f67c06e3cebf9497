"""knight count and knight all, run as subprocesses: answers, streaming, errors, Ctrl-C."""

import os
import signal
import subprocess
import sys
import time

import pytest

from test_cli import assert_one_line_error, knight
from validator import assert_tour


@pytest.mark.parametrize(
    "args, expected",
    [
        (["--size", "5"], "1728"),
        (["--size", "5", "--start", "a1"], "304"),
        (["--size", "5", "--start", "1", "--workers", "2"], "304"),
        (["--size", "3x12", "--closed"], "176"),
        (["--size", "5x6", "--closed", "--start", "9"], "16"),
        (["--size", "4"], "0"),
    ],
)
def test_count(args, expected):
    result = knight("count", *args)
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected + "\n"


def test_count_progress_goes_to_stderr():
    pytest.importorskip("tqdm")
    result = knight("count", "--size", "3x10", "--closed", "--progress")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "16\n"
    assert "item" in result.stderr


def test_all_prints_every_tour_one_per_line():
    result = knight("all", "1", "--size", "5", "--format", "line")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 304 == len(set(lines))
    for line in lines:
        squares = [int(word) for word in line.split(" ")]
        assert squares[0] == 1
        assert_tour(squares, 5, 5)


def test_all_multi_line_formats_are_separated_by_blank_lines():
    result = knight("all", "--size", "5x6", "--closed", "--format", "grid")
    assert result.returncode == 0, result.stderr
    blocks = result.stdout.split("\n\n")
    assert len(blocks) == 8 and all(len(block.strip().splitlines()) == 5 for block in blocks)


def test_all_streams():
    process = subprocess.Popen(
        [sys.executable, "-m", "knight", "all", "1", "--size", "8"], stdout=subprocess.PIPE, text=True
    )
    try:
        began = time.perf_counter()
        first = process.stdout.readline()
        assert time.perf_counter() - began < 10
        assert_tour([int(word) for word in first.split()], 8, 8)
    finally:
        process.kill()
        process.wait()


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["count", "--size", "0"], 2, "size"),
        (["count", "--start", "z9"], 2, "'z9'"),
        (["count", "--workers", "-1"], 2, "--workers"),
        (["count", "--size", "5", "--max-nodes", "10"], 1, "max_nodes=10"),
        (["all", "z9"], 2, "'z9'"),
        (["all", "1", "--size", "5", "--max-nodes", "10"], 1, "max_nodes=10"),
    ],
)
def test_errors_are_one_line(args, code, words):
    assert_one_line_error(args, code, words)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("workers", ["0", "2"])
def test_ctrl_c_stops_a_count_promptly_and_quietly(workers):
    process = subprocess.Popen(
        [sys.executable, "-m", "knight", "count", "--size", "7", "--workers", workers],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a process group of its own, as a terminal would make
    )
    time.sleep(1.5)
    began = time.perf_counter()
    os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches every process of the group
    out, err = process.communicate(timeout=30)
    assert time.perf_counter() - began < 5
    assert process.returncode == 130
    assert out == "" and "Traceback" not in err
