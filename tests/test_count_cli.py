"""knight count and knight all, run as subprocesses: answers, streaming, errors, Ctrl-C."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from knight.cli._count import max_workers

from test_cli import assert_one_line_error, knight, knight_run, squares_of_matrix
from validator import assert_tour


@pytest.mark.parametrize(
    "args, expected",
    [
        (["5"], "1728"),
        (["5", "--start", "a1"], "304"),
        (["5", "--start", "1", "--workers", "2"], "304"),
        (["3x12", "--closed"], "176"),
        (["5x6", "--closed", "--start", "9"], "16"),
        (["4"], "0"),
        (["--size", "5", "--start", "a1"], "304"),  # the old --size, kept for one release
        (["3x30"], "708879149595968"),  # the frontier engine
        (["5", "--start", "a5", "--end", "e1"], "56"),
        (["3x12", "--closed", "--method", "enumerate"], "176"),
        (["3x12", "--closed", "--method", "frontier", "--workers", "2"], "176"),
        # A175881; 6×7 takes the twin about 17 s a thread count, so the twin job counts 5×6 (8 closed)
        *(
            (["5x6", "--closed", "--threads", threads], "8")
            if os.environ.get("KNIGHT_NO_EXTENSIONS")
            else (["6x7", "--closed", "--threads", threads], "1067638")
            for threads in ("2", "1")
        ),
    ],
)
def test_count(args, expected):
    result = knight("count", *args)
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected + "\n"


def test_count_progress_goes_to_stderr():
    pytest.importorskip("tqdm")
    result = knight("count", "3x10", "--closed", "--progress")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "16\n"
    assert "square" in result.stderr  # the frontier sweep's bar, square by square


def test_count_progress_without_tqdm_names_the_flag_and_the_quoted_command(monkeypatch, capsys):
    import knight.cli

    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now raises ImportError
    assert knight.cli.main(["count", "5", "--progress"]) == 1
    captured = capsys.readouterr()
    assert captured.err == 'knight: error: --progress needs tqdm: pip install "knight-tour[progress]"\n'
    assert captured.out == ""


def test_all_prints_every_tour_one_per_line():
    result = knight("all", "5", "--start", "1", "--format", "line")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 304 == len(set(lines))
    for line in lines:
        squares = [int(word) for word in line.split(" ")]
        assert squares[0] == 1
        assert_tour(squares, 5, 5)


def test_all_multi_line_formats_are_separated_by_blank_lines():
    result = knight("all", "5x6", "--closed", "--format", "grid")
    assert result.returncode == 0, result.stderr
    blocks = result.stdout.split("\n\n")
    assert len(blocks) == 8 and all(len(block.strip().splitlines()) == 5 for block in blocks)
    for block in blocks:
        assert_tour(squares_of_matrix(block, 6), 5, 6, closed=True)


def test_all_from_a_picture_file(tmp_path):
    (tmp_path / "board.txt").write_text(". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n")
    result = knight_run("all", "board.txt", "--start", "a5", "--format", "line", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 304
    for line in lines:
        assert_tour([int(word) for word in line.split()], 5, 5)


def test_all_streams():
    process = subprocess.Popen(
        [sys.executable, "-m", "knight", "all", "8", "--start", "1"], stdout=subprocess.PIPE, text=True
    )
    guard = threading.Timer(120, process.kill)  # output held back would block the read for ever
    guard.start()
    try:
        first = process.stdout.readline()
        # the 8×8 tours from a corner never run out in a test's time: a line read while the
        # command still runs was written as it was found, not flushed at the end
        assert process.poll() is None, "no line before the command ended"
        assert_tour([int(word) for word in first.split()], 8, 8)
    finally:
        guard.cancel()
        process.kill()
        process.wait()


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["count", "0"], 2, "size"),
        (["count", "--size", "0"], 2, "size"),
        (["count", "8", "--start", "z9"], 2, "'z9'"),
        (["count", "5", "--workers", "-1"], 2, "--workers"),
        (["count", "5", "--threads", "0"], 2, "--threads"),
        (["count", "5", "--threads", "two"], 2, "--threads"),
        (["count", "5", "--max-nodes", "10"], 1, "--max-nodes 10"),
        (["count", "5", "--size", "5"], 2, "size given twice"),
        (["count", "e4"], 2, "knight count 8 --start e4"),
        (["all", "z9"], 2, "knight all 8 --start z9"),
        (["all", "8", "--start", "z9"], 2, "'z9'"),
        (["all", "5", "--start", "1", "--max-nodes", "10"], 1, "--max-nodes 10"),
        (["all", "5", "--format", "xml"], 2, "xml"),
    ],
)
def test_errors_are_one_line(args, code, words):
    stdin = ". . .\n. # .\n. . .\n" if "-" in args else None
    assert_one_line_error(args, code, words, stdin=stdin)


def test_count_reads_a_picture_from_stdin():
    # 3×3 less its centre: the knight's graph is one 8-cycle, so 16 directed open tours and one closed
    ring = ". . .\n. # .\n. . .\n"
    for args, expected in ((["count", "-"], "16\n"), (["count", "-", "--closed"], "1\n")):
        result = subprocess.run(
            [sys.executable, "-m", "knight", *args], input=ring, capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 0 and result.stdout == expected, result.stderr


def test_count_needs_a_size_and_says_which_finish_quickly():
    for args in (["count"], ["count", "--closed"], ["count", "--start", "a1"]):
        assert_one_line_error(args, 2, "knight count needs a SIZE")
    assert_one_line_error(["count"], 2, "6×6")


@pytest.mark.parametrize(
    "args, words",
    [
        (["count", "5", "--workers", "100000000000000000000"], "--workers"),
        (["count", "5", "--workers", "9" * 5000], "--workers"),
        (["count", "5", "--workers", str(max_workers() + 1)], f"at most {max_workers()}"),
        (["count", "5", "--max-nodes", str(10**30)], "--max-nodes"),
        (["count", "5", "--max-nodes", "10**30"], "not a whole number"),
        (["count", "5", "--start", "100000000000000000000"], "--start"),
        (["all", "5", "--max-nodes", str(10**30)], "--max-nodes"),
    ],
)
def test_huge_numbers_are_one_line_errors(args, words):
    assert_one_line_error(args, 2, words)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("workers", ["0", "2"])
def test_ctrl_c_stops_a_count_promptly_and_quietly(workers):
    process = subprocess.Popen(
        [sys.executable, "-m", "knight", "count", "7", "--workers", workers],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a process group of its own, as a terminal would make
        preexec_fn=_sigint_as_in_a_terminal,
    )
    try:
        time.sleep(1.5)
        began = time.perf_counter()
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches every process of the group
        out, err = process.communicate(timeout=30)
        # within a chunk, not when the count ends (minutes): a bound with room for a loaded machine
        assert time.perf_counter() - began < 10
        assert process.returncode == 130
        assert out == "" and "Traceback" not in err
    finally:
        _kill_group(process)


def _sigint_as_in_a_terminal():
    """In the child: SIGINT's default action, which a shell gives a command it runs in the
    foreground. Run from a background job (`cmd &` in a script, nohup), the test runner ignores
    SIGINT, and a Python started with SIGINT ignored never turns it into KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _kill_group(process):
    """Leave no count running behind a failed test (it would hold the CPUs for minutes)."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()


def test_count_timeout_is_one_line():
    result = knight("count", "7", "--timeout", "0.3")
    assert result.returncode == 1
    assert "timed out after" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="POSIX signals, and /proc to find the workers")
def test_sigterm_takes_the_workers_down_as_ctrl_c_does():
    process = subprocess.Popen(
        [sys.executable, "-m", "knight", "count", "7", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        time.sleep(1.5)
        children = _children(process.pid)
        process.send_signal(signal.SIGTERM)  # to the command alone, as a service manager would
        out, err = process.communicate(timeout=30)
        assert process.returncode == 128 + signal.SIGTERM
        assert out == "" and "Traceback" not in err
        time.sleep(0.5)
        assert not [pid for pid in children if os.path.exists(f"/proc/{pid}")], "a worker outlived the command"
    finally:
        _kill_group(process)


def _children(pid):
    """The process ids whose parent is pid (Linux: from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return found
