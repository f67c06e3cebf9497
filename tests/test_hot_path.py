"""The hot path and the bounds on a search: quick_tour, timeout=, Ctrl-C, the cost of a node,
random closed tours, auto's choice and refused allocations."""

import inspect
import os
import signal
import subprocess
import sys
import textwrap
import threading

import pytest

import knight
from knight import _methods
from knight.model._board import KNIGHT_MOVES
from knight.search import _core_py

from deadline import stops_in_time
from validator import assert_tour

HARD = dict(size=(3, 201), start=5, method="backtrack")  # a search that runs out of any budget


def test_quick_tour_is_the_general_path(core):
    """Every start of every quick size: the core's own answer, the general path's tour (the
    compiled core's unpruned first try, and on 7×7 from 8 starts its pruned second one)."""
    assert list(core.QUICK_SIZES) == list(_core_py.QUICK_SIZES)
    for n in core.QUICK_SIZES:
        assert _methods.choose(knight.Board(n)) is _methods.backtrack
        for start in range(1, n * n + 1):
            quick = core.quick_tour(n, start)
            if n % 2 and sum(divmod(start - 1, n)) % 2:
                assert quick is None  # the general path says why not
                continue
            assert quick is not None and quick[0] == start
            assert_tour(quick, n, n)
            assert quick == knight.tour(n, start, max_nodes=knight.DEFAULT_MAX_NODES)._squares  # the general path


def test_the_door_shows_the_function_it_wraps():
    """knight.tour (a builtin made by the core's door when compiled) has the Python function's
    name, signature and docstring."""
    assert knight.tour.__name__ == "tour" and "Parameters" in knight.tour.__doc__
    names = ["size", "start", "end", "closed", "method", "moves", "max_nodes", "seed", "timeout"]
    assert list(inspect.signature(knight.tour).parameters) == names
    assert inspect.signature(knight.tour).parameters["moves"].default == (1, 2)


@pytest.mark.parametrize(
    "call",
    [
        lambda: knight.tour(8, 5),
        lambda: knight.tour(8, start=5),
        lambda: knight.tour(size=8, start=5),
        lambda: knight.tour(8, "e8"),
        lambda: knight.tour(start=5),
    ],
)
def test_every_form_of_the_commonest_call_is_the_general_paths_tour(call):
    assert call() == knight.tour(8, 5, max_nodes=knight.DEFAULT_MAX_NODES)  # the general path's


def test_the_door_passes_the_rest_on():
    assert knight.tour().start == 1 and knight.tour(5, start=None, closed=False, moves=(1, 2)).start == 1
    with pytest.raises(knight.InvalidTypeError, match="did you mean 'start'"):
        knight.tour(8, strat=5)
    with pytest.raises(knight.NoTourError):
        knight.tour(8, start=1, end=3)  # one colour: the colour rule refutes it


@pytest.mark.parametrize(
    "size, start, square",
    [
        (8, None, 1),
        (8, "e4", 37),
        (8, "E4", 37),
        (8, "a1", 57),
        (8, "h8", 8),
        (11, "k11", 11),
        (10, "j10", 10),
        (5, 25, 25),
    ],
)
def test_quick_tour_reads_the_common_starts(core, size, start, square):
    assert core.quick_tour(size, start)[0] == square


@pytest.mark.parametrize(
    "size, start",
    [
        (8, " e4"),
        (8, "e04"),
        (8, "e0"),
        (8, "e9"),
        (8, "i1"),
        (8, "e"),
        (8, (4, 4)),
        (8, True),
        (8, 0),
        (8, 65),
        (8, -1),
        (8, 2**64),  # past a C long: read as no number at all
        (8, -(2**70)),
        (2**64, 1),
        (-8, 1),
        (8, 1.0),
        (8.0, 1),
        (True, 1),
        (4, 1),
        (12, 1),
        (7, 2),
        (8, "é4"),
    ],
)
def test_quick_tour_leaves_the_rest_to_the_general_path(core, size, start):
    assert core.quick_tour(size, start) is None


@pytest.mark.parametrize(
    "start, error",
    [
        (0, knight.InvalidInputError),
        (2**64, knight.InvalidInputError),
        (True, knight.InvalidTypeError),
        ("e9", knight.InvalidInputError),
    ],
)
def test_bad_starts_on_the_common_call(core, start, error):
    with pytest.raises(error):
        knight.tour(8, start=start)


def test_timeout_stops_a_hard_search(core):
    with (
        stops_in_time(0.05, 2),
        pytest.raises(
            knight.SearchLimitError, match=r"timed out after \d+\.\d\d s, having done [\d,]+ search nodes"
        ) as caught,
    ):
        knight.tour(**HARD, timeout=0.05)
    assert not isinstance(caught.value, knight.NoTourError)


@pytest.mark.parametrize("method", ["plain", "ordered", "random"])
def test_timeout_stops_every_method(method):
    with stops_in_time(0.05, 2), pytest.raises(knight.SearchLimitError, match="timed out"):
        knight.tour((3, 201), start=5, method=method, timeout=0.05)


def test_timeout_on_exists(core):
    board = knight.Board((3, 201), holes=["cv2"])  # colours balance, so no refutation settles it
    with pytest.raises(knight.SearchLimitError, match="timed out"):
        knight.exists(board, start=5, timeout=0.05)
    # without a start, any start will do: the search moves on from the hard ones (within the timeout)
    assert knight.exists(board, timeout=5)
    assert_tour(knight.tour(board, timeout=5), 3, 201, holes=board.holes)


@pytest.mark.parametrize(
    "timeout, error",
    [(0, ValueError), (-1, ValueError), (float("nan"), ValueError), ("1", TypeError), (True, TypeError)],
)
def test_bad_timeouts(timeout, error):
    with pytest.raises(error, match="timeout"):
        knight.tour(8, 1, timeout=timeout)
    with pytest.raises(error, match="timeout"):
        knight.exists(8, timeout=timeout)


def test_a_timeout_long_enough_changes_nothing(core):
    assert knight.tour(8, "e4", timeout=60) == knight.tour(8, "e4")
    assert knight.exists(6, start=2, timeout=60)


def test_timeout_on_the_command_line(capsys):
    from knight.cli import main

    assert main(["3x201", "--start", "5", "--method", "backtrack", "--timeout", "0.05"]) == 1
    assert "timed out" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="needs POSIX signals")
def test_ctrl_c_stops_the_compiled_search(both_cores):
    compiled, _ = both_cores
    # Python's own handler: a test runner started from a background job (`pytest &` in a
    # script, nohup) ignores SIGINT, and the search would then run its 10**12 nodes.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            compiled.search(3, 201, None, 4, False, 10**12, KNIGHT_MOVES)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)


def test_a_node_costs_the_same_on_any_length(monkeypatch):
    """Count the squares each connectivity fill visits: never more than FILL_LIMIT (and the
    few a last step adds), on a board 201 long as on one 2001 long."""
    visits = []
    fill = _core_py.reachable

    def counted(*args, **kwargs):
        reached = fill(*args, **kwargs)
        visits.append(reached)
        return reached

    monkeypatch.setattr(_core_py, "reachable", counted)
    for cols in (201, 2001):
        visits.clear()
        status, nodes, _ = _core_py.search(3, cols, None, 4, False, 20_000, KNIGHT_MOVES)
        assert status == knight.search._core_py.LIMIT and nodes == 20_000
        assert visits and max(visits) < _core_py.FILL_LIMIT + len(KNIGHT_MOVES)
        assert len(visits) <= len(KNIGHT_MOVES) * nodes


@pytest.mark.parametrize("cols", [201, 2001])
def test_long_boards_agree_with_the_twin(both_cores, cols):
    compiled, twin = both_cores
    assert compiled.FILL_LIMIT == twin.FILL_LIMIT
    answer = compiled.search(3, cols, None, 4, False, 30_000, KNIGHT_MOVES)
    assert answer == twin.search(3, cols, None, 4, False, 30_000, KNIGHT_MOVES)


def test_a_budget_bounds_a_long_board(both_cores):
    """3×20001 used to run past 60 s; its node budget now ends it (a generous bound: seconds)."""
    compiled, _ = both_cores
    status, nodes, _ = compiled.search(3, 20001, None, 4, False, 300_000, KNIGHT_MOVES)
    assert (status, nodes) == (compiled.LIMIT, 300_000)


@pytest.mark.parametrize(
    "size, start",
    [((6, 6), 6), ((16, 16), 1), ((30, 30), 450), ((36, 36), 7), ((40, 40), 1), ((3, 10), 2), ((5, 6), 1)],
)
def test_random_closed_tours(size, start):
    first = knight.tour(size, start, closed=True, method="random", seed=11)
    assert first.start == start
    assert_tour(first, *size, closed=True)
    assert first == knight.tour(size, start, closed=True, method="random", seed=11)


def test_random_closed_tours_differ_by_seed_and_take_holes():
    tours = {tuple(knight.tour(8, 1, closed=True, method="random", seed=seed)) for seed in range(5)}
    assert len(tours) > 1
    board = knight.Board(6, holes=["a1", "a6"])
    found = knight.tour(board, "b1", closed=True, method="random", seed=3)
    assert_tour(found, 6, 6, closed=True, holes=(1, 31))


@pytest.mark.parametrize(
    "size, method",
    [
        (15, "backtrack"),
        (21, "backtrack"),
        ((13, 19), "backtrack"),
        (31, "backtrack"),
        ((7, 31), "backtrack"),
        (33, "construct"),
        ((5, 13), "construct"),
        ((7, 33), "construct"),
        (12, "construct"),
        ((3, 15), "construct"),
        (11, "backtrack"),
    ],
)
def test_auto_picks_the_faster_method(size, method):
    assert _methods.choose(knight.Board(size)) is _methods.METHODS[method]


def test_refused_allocation_names_the_board_and_the_bytes():
    script = textwrap.dedent(
        """
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, resource.getrlimit(resource.RLIMIT_AS)[1]))
        from knight.search import _core
        from knight.model._board import KNIGHT_MOVES
        try:
            _core.search(6000, 6000, None, 0, False, 10, KNIGHT_MOVES)
        except MemoryError as error:
            print(error)
        """
    )
    pytest.importorskip("resource")
    try:
        import knight.search._core  # noqa: F401
    except ImportError:
        pytest.skip("the compiled core is not built")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    answer = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert "6000×6000 board" in answer.stdout and "bytes refused" in answer.stdout, answer


def test_the_memory_check_reads_the_process_limit():
    pytest.importorskip("resource")
    script = textwrap.dedent(
        """
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, resource.getrlimit(resource.RLIMIT_AS)[1]))
        import knight
        from knight.model._memory import available_memory
        print(available_memory() <= 1 << 30)
        try:
            knight.tour(20_000, closed=True)
        except knight.InvalidInputError as error:
            print(error)
        """
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    answer = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert answer.stdout.startswith("True\n") and "GiB of memory available" in answer.stdout, answer
