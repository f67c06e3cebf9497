"""Issue #26: promises kept under hostile input. Each example of the issue gives the library's
error (or the right answer), never numpy's, a bare TypeError or an endless loop."""

import io
import os
import subprocess
import sys
import time

import numpy
import pytest

import knight
from knight import Board, Tour

from deadline import stops_in_time

# -- strict, explicit input rules (item 5) -----------------------------------------------------


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: knight.tour(8, moves=numpy.array([1, 2])), knight.InvalidInputError, "moves"),
        (lambda: Board(8, moves=numpy.array([1, 2])), knight.InvalidInputError, "moves"),
        (lambda: knight.tour(Board(8), moves=numpy.array([1, 2])), knight.InvalidInputError, "moves"),
        (lambda: knight.count(5, moves=numpy.array([1, 2])), knight.InvalidInputError, "moves"),
        (lambda: knight.tour(8, method=numpy.array(["auto"])), knight.InvalidTypeError, "method"),
        (lambda: knight.tour(8, method=numpy.array(["auto", "x"])), knight.InvalidTypeError, "method"),
        (lambda: knight.count(5, method=numpy.array(["auto"])), knight.InvalidTypeError, "method"),
        (
            lambda: Board.from_mask(numpy.array([[True, True], [numpy.array([1, 2]), True]], dtype=object)),
            knight.InvalidInputError,
            "mask row 1, col 0",
        ),
        (lambda: Board(8, moves=(1.0, 2.0)), knight.InvalidTypeError, "moves"),
        (lambda: Board(8, moves=(True, 2)), knight.InvalidTypeError, "moves"),
        (lambda: Board(8).square_name(0), knight.InvalidInputError, "square 0 is off"),
        (lambda: Board(8).square_name(-5), knight.InvalidInputError, "square -5 is off"),
        (lambda: Board(8).square_name(65), knight.InvalidInputError, "square 65 is off"),
        (lambda: Board(8).square_name(1.0), knight.InvalidTypeError, "square"),
        (lambda: Board.parse(". 1\n. 1"), knight.InvalidInputError, "also at row 0, col 1"),
        (lambda: Tour(iter(int, 1)), knight.NotATourError, "not more than 64"),
        (lambda: knight.check_tour(iter(int, 1)), knight.NotATourError, "not more than 64"),
        (lambda: knight.tour(8, start="\u212a1"), knight.InvalidInputError, "ASCII"),  # the Kelvin sign
        (lambda: Board(8).square("a\uff18"), knight.InvalidInputError, "ASCII"),  # a full-width 8
        (lambda: Tour.from_line("\uff11", 1), knight.NotATourError, "is not a number"),
        (lambda: Tour.from_line("1_0", 1), knight.NotATourError, "is not a number"),
        (lambda: knight.tour("\uff18"), knight.InvalidInputError, "size"),
        (lambda: knight.svg.write(knight.tour(5), 12.5), knight.InvalidTypeError, "picture's name"),
        (lambda: knight.svg.write(knight.tour(5), "a\0b.svg"), knight.InvalidInputError, "cannot write"),
    ],
)
def test_bad_values_get_the_library_errors(call, error, words):
    with pytest.raises(error, match=None) as caught:
        call()
    assert words in str(caught.value)


def test_numpy_values_are_the_values_they_hold():
    assert Board(8, moves=(numpy.int64(1), numpy.int64(3))) == Board(8, moves=(1, 3))
    assert Board(8, moves=[1, 2]) == Board(8) and Board(8).square_name(numpy.int32(64)) == "h1"
    assert Board.from_mask(numpy.ones((3, 4))) == Board((3, 4))


def test_a_huge_mask_is_refused_before_it_is_listed():
    cells = numpy.broadcast_to(numpy.bool_(True), (100_000, 100_000))  # no memory behind it
    with pytest.raises(knight.InvalidInputError, match="more cells than"):
        Board.from_mask(cells)


class _NotAnExecutor:
    def submit(self, function, *args, **kwargs):
        return 5


def test_an_executor_whose_futures_are_not_futures(counter):
    with pytest.raises(knight.InvalidTypeError, match="concurrent.futures.Future"):
        knight.count(5, executor=_NotAnExecutor())
    with pytest.raises(knight.InvalidTypeError, match="concurrent.futures.Future"):
        knight.count((3, 30), executor=_NotAnExecutor())


# -- a CLI that fails like a Unix tool (item 6) ------------------------------------------------

FULL = "/dev/full"


def _knight(args, **options):
    """Run python -m knight args in a fresh process; options go to subprocess.run."""
    if "input" not in options:
        options.setdefault("stdin", subprocess.DEVNULL)
    return subprocess.run([sys.executable, "-m", "knight", *args], capture_output=False, timeout=60, **options)


@pytest.mark.skipif(not os.path.exists(FULL), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args, stdin",
    [
        (["8"], None),
        (["count", "5"], None),
        (["exists", "8"], None),
        (["8", "--format", "svg"], None),
        (["all", "5", "--max-nodes", "100000"], None),
        (["judge"], b"1\n2\n-1\n"),
    ],
)
def test_a_write_error_is_one_line_and_exit_1(args, stdin):
    with open(FULL, "w") as full:
        result = _knight(args, stdout=full, stderr=subprocess.PIPE, **({"input": stdin} if stdin else {}))
    lines = result.stderr.decode().splitlines()
    assert result.returncode == 1 and len(lines) == 1 and lines[0].startswith("knight: error:"), lines


def test_a_closed_stdout_exits_quietly():
    result = _knight(
        ["8"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        pass_fds=(),
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert result.returncode == 1 and result.stderr == b""


def test_a_broken_pipe_exits_quietly_with_sigpipe_s_code():
    process = subprocess.Popen(
        [sys.executable, "-m", "knight", "1000", "--format", "line"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    process.stdout.read(10)
    process.stdout.close()
    assert process.wait(timeout=60) == 141
    assert process.stderr.read() == b""
    process.stderr.close()


def test_a_closed_stdin_is_one_line():
    result = _knight(
        ["judge"], stdin=None, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=lambda: os.close(0)
    )
    lines = result.stderr.decode().splitlines()
    assert result.returncode == 2 and lines == [
        "knight: error: knight judge reads starts from stdin, but stdin is closed"
    ]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_the_judge_reads_no_endless_line_into_memory():
    import resource

    def a_gigabyte_at_most():  # in the child: reading the endless line in would end in a MemoryError
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, resource.getrlimit(resource.RLIMIT_AS)[1]))

    with open("/dev/zero", "rb") as zero:  # (_knight's timeout= is the guard against reading for ever)
        result = _knight(
            ["judge"], stdin=zero, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=a_gigabyte_at_most
        )
    assert result.returncode == 1 and result.stdout == b"-1\n"
    assert result.stderr.decode().splitlines()[-1].endswith("stopped reading")


def test_the_judge_skips_a_long_line_and_goes_on():
    from knight.cli import _judge

    source = io.StringIO("1\n" + "x" * 5000 + "\n2\n-1\n")
    sink, errors = io.StringIO(), io.StringIO()
    assert _judge.run(source, sink, errors) == 1
    answers = sink.getvalue().splitlines()
    assert answers[1] == "-1" and answers[0].startswith("1 ") and answers[2].startswith("2 ")
    assert errors.getvalue().startswith("knight judge: line 2: 'xxx")


# -- answer before allocating (item 2) ----------------------------------------------------------


def test_a_refuted_count_takes_no_memory(counter):
    """Measured, not timed: the Python heap's peak during the call (a mask of the board would be 2 GiB)."""
    import tracemalloc

    tracemalloc.start()
    try:
        assert knight.count((1, 2**31 - 1)) == 0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, peak


def test_a_search_too_large_names_the_board_and_the_bytes(core):
    with pytest.raises(knight.InvalidInputError, match=r"40000×40000 .* GiB"):
        knight.tour((40000, 40000), moves=(0, 1), timeout=1)


def test_a_leap_longer_than_half_the_board_is_refuted_at_once(core):
    with pytest.raises(knight.NoTourError, match="has no move"):
        knight.tour((3, 100001), moves=(1, 100000))


def test_a_search_whose_border_cannot_fit_is_refused_before_allocating(core, monkeypatch):
    from knight.model import _memory

    monkeypatch.setattr(_memory, "available_memory", lambda: 1 << 30)
    with pytest.raises(knight.InvalidInputError, match=r"the search of 100×100000 .* needs .* GiB"):
        knight.tour((100, 100000), moves=(1, 50000))


# -- the construction keeps its deadline (item 1, construction only) ------------------------------


@pytest.mark.parametrize("size, timeout", [(20000, 0.5), (46340, 1), ((3, 10**7), 0.3)])
def test_a_construction_that_cannot_meet_its_deadline_is_refused_up_front(construct_core, monkeypatch, size, timeout):
    """Up front: the construction's kernel is never called (not timed); and within the timeout."""

    def begun(*args):
        raise AssertionError("the construction began")

    monkeypatch.setattr(construct_core, "build", begun)
    monkeypatch.setattr(construct_core, "repeat_shifted", begun)
    with stops_in_time(timeout, 2), pytest.raises(knight.SearchLimitError, match="left before the timeout"):
        knight.tour(size, timeout=timeout)


def test_a_construction_within_its_deadline_is_built(construct_core):
    assert len(knight.tour(200, timeout=10)) == 40_000


# -- every phase keeps the deadline (item 1): no long phase begins, or it stops in its chunk ----------


def _stops_in_time(call, timeout, words):
    """call raises SearchLimitError saying words, and returns well within timeout + generous room."""
    with stops_in_time(timeout, 5), pytest.raises(knight.SearchLimitError, match=words):  # the phases' work: seconds
        call()


def test_neighbour_lists_stop_at_a_passed_deadline():
    from knight.model._deadline import OutOfTime

    with pytest.raises(OutOfTime):
        Board((100, 100))._neighbour_lists(time.monotonic() - 1)
    assert len(Board((100, 100))._neighbour_lists(time.monotonic() + 60)) == 10_000


def test_the_fixed_end_search_keeps_its_deadline_in_its_set_up():
    """On 1000×1000 the neighbour lists alone take seconds: the propagation stops in its first chunks."""
    _stops_in_time(lambda: knight.tour((1000, 1000), start=1, end=2, timeout=0.05), 0.05, "propagation")


def test_a_puzzle_kernel_looks_at_the_clock_by_the_board_s_size(puzzle_cores):
    """One given mid-board on 100×100: each node of the forward search floods the board."""
    picture = "\n".join(" ".join("1" if (r, c) == (50, 50) else "." for c in range(100)) for r in range(100))
    _stops_in_time(lambda: knight.solve(picture, timeout=0.3), 0.3, "timed out")


def test_a_walker_s_tables_keep_the_deadline(counter):
    _stops_in_time(lambda: knight.count((1000, 1000), closed=True, timeout=0.05), 0.05, "timed out")
    _stops_in_time(lambda: next(knight.tours((1000, 1000), timeout=0.05)), 0.05, "timed out")


def test_a_huge_count_builds_no_symmetry_tables(counter, monkeypatch):
    from knight.count import _symmetry

    def built(*args):
        raise AssertionError("the symmetries of a board of millions of cells were listed")

    monkeypatch.setattr(_symmetry, "symmetries", built)
    _stops_in_time(lambda: knight.count((1000, 1000), method="enumerate", timeout=0.05), 0.05, "timed out")


def test_the_uniform_draw_counts_its_set_up_against_max_nodes(draw):
    with pytest.raises(knight.SearchLimitError, match="max_nodes=100"):
        knight.tour(8, method="uniform", max_nodes=100)


def test_a_twin_search_whose_set_up_cannot_meet_its_deadline_is_refused_up_front():
    from knight import _methods
    from knight.search import backtrack, warnsdorff

    soon = time.monotonic() + 0.5
    with pytest.raises(knight.SearchLimitError, match=r"the set-up of the search of 3000×3000 may take up to"):
        _methods.refuse_late_setup(Board(3000), soon, warnsdorff, twin=True)
    _methods.refuse_late_setup(Board(3000), soon, backtrack, twin=False)  # the compiled core looks at the clock
    _methods.refuse_late_setup(Board(3000), soon + 1e3, backtrack, twin=True)


# -- a MemoryError is the library's error, naming the board and the bytes (item 2) ---------------------


def test_a_refused_allocation_in_a_format_is_the_library_s_error(monkeypatch):
    from knight.model import _text

    def refuse(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(_text, "line", refuse)
    with pytest.raises(knight.InvalidInputError, match=r"Tour.line\(\) of a tour of 5×5: it needs about 600 bytes"):
        knight.tour(5).line()


def test_a_refused_allocation_in_a_count_is_the_library_s_error(monkeypatch):
    from knight.count import _sweep

    def refuse(*args, **kwargs):
        raise MemoryError("a layer outgrew memory")

    monkeypatch.setattr(_sweep, "count", refuse)
    with pytest.raises(knight.InvalidInputError, match=r"counting the open tours of 4×5.*a layer outgrew memory"):
        knight.count((4, 5))


def test_a_puzzle_search_too_large_names_the_board_and_the_bytes(monkeypatch):
    from knight.model import _memory

    monkeypatch.setattr(_memory, "available_memory", lambda: 1 << 30)
    picture = "1 " + ". " * 298 + "500\n" + (". " * 300 + "\n") * 299  # the domain search: a bit per cell and move
    with pytest.raises(knight.InvalidInputError, match=r"the puzzle search of 300×300 needs 1\.9 GiB \(.* bytes\)"):
        knight.solve(picture)


# -- text readers bound their lines (item 3) ----------------------------------------------------------


def test_from_line_reads_no_more_words_than_the_board_has_squares():
    with pytest.raises(knight.NotATourError, match="not more than 25"):
        Tour.from_line("1 " * 10**6, 5)
    with pytest.raises(knight.NotATourError, match=r"'1111111111111111111111'\.\.\. is not a number"):
        Tour.from_line("1" * 10**6, 5)
    assert Tour.from_line("\n".join(map(str, knight.tour(5))), 5) == knight.tour(5)


def test_a_picture_line_is_bounded():
    from knight.model._board import MAX_PICTURE_LINE

    with pytest.raises(knight.InvalidInputError, match="picture line 2 is longer than"):
        Board.parse(". .\n" + "." * (MAX_PICTURE_LINE + 1))


# -- flags are bools, numbers ints (item 4) --------------------------------------------------------------


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: knight.count(5, progress=1), knight.InvalidTypeError, "progress must be True or False"),
        (lambda: knight.tour(5).grid(boxed=1), knight.InvalidTypeError, "boxed must be True or False"),
        (lambda: knight.tour(8, timeout=numpy.array([1.0])), knight.InvalidTypeError, "timeout"),
        (lambda: knight.tour(8, method="random", seed=1.0), knight.InvalidTypeError, "seed must be an integer"),
        (lambda: knight.tour(8, method="random", seed=True), knight.InvalidTypeError, "seed must be an integer"),
        (lambda: knight.svg.render(knight.tour(5), size=300.0), knight.InvalidTypeError, "size must be an integer"),
        (lambda: knight.tour(8, start=numpy.array([1, 2])), knight.InvalidTypeError, "start must be an integer"),
        (lambda: knight.tour(8, end=1.5), knight.InvalidTypeError, "end must be an integer"),
    ],
)
def test_flags_are_bools_and_counts_integers(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_numpy_integers_and_bools_are_taken():
    assert knight.tour(8, method="random", seed=numpy.int64(3)) == knight.tour(8, method="random", seed=3)
    assert knight.svg.render(knight.tour(5), size=numpy.int32(300)) == knight.svg.render(knight.tour(5), size=300)
    assert knight.tour(5).grid(boxed=numpy.bool_(True)) == knight.tour(5).grid(boxed=True)
