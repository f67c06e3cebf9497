"""Issue #35: hostile input, round 3 (all but the checkpoint files and the sharded sweep): the
player's input, executors and signals, deadlines on boxes, deep nesting and the open items.
Each case gives the library's error (or the right answer) on both cores, never a bare
exception, a hang or a page that runs someone else's script."""

import gc
import io
import os
import signal
import subprocess
import sys
import time

import pytest

import knight
import knight.draw
from knight import Board, Tour
from knight._trace import Choice, Finished, Placed, Restart, TakenBack

from deadline import stops_in_time
from validator import assert_tour

# -- the player validates (item 5) ------------------------------------------------------------------


def _elements(page):
    """The tags of every element of the document page is the body of, parsed as a browser does (html5lib)."""
    import html5lib

    document = html5lib.parse(f"<!DOCTYPE html><html><body>{page}</body></html>", namespaceHTMLElements=False)
    return [element.tag for element in document.iter()]


#: What a hostile title or event text tries: to end the element it is in and run a script.
INJECTIONS = [
    "<script>alert(1)</script>",
    "<!--<script>",
    "</script><script>alert(1)</script>",
    "</div><img src=x onerror=alert(1)>",
    "]]><svg onload=alert(1)>",
    "&lt;b&gt; & <b>bold</b>",
]


def test_a_clean_page_s_elements():
    tags = _elements(knight.draw.html(knight.tour(5)))
    assert tags.count("script") == 2 and "img" not in tags and "b" not in tags


@pytest.mark.parametrize("text", INJECTIONS)
def test_a_title_injects_no_element(text):
    clean = _elements(knight.draw.html(knight.tour(5)))
    page = knight.draw.html(knight.tour(5), title=text)
    assert _elements(page) == clean
    assert page.count("</script>") == 2 and "<!--" not in page


@pytest.mark.parametrize("text", INJECTIONS)
def test_an_event_holding_text_is_refused(text):
    board = Board(5)
    for events in ([Placed(text, 1)], [Placed(1, text)], [Choice(1, (text,), (1,))], [Restart(text)]):
        with pytest.raises(knight.InvalidTypeError, match="must be an integer"):
            knight.draw.html(events, board=board)


def test_the_script_data_holds_no_markup(monkeypatch):
    """Should text ever reach the page's data (a square's name), it is escaped for script data."""
    monkeypatch.setattr(knight.Board, "square_name", lambda *args: "<!--<script></script>&")
    page = knight.draw.html(knight.tour(5))
    assert _elements(page) == _elements(knight.draw.html(knight.tour(6)))
    assert page.count("<script") == 2 and "<!--" not in page


def _trace_events(board, start):
    return list(knight.trace(board, start))


@pytest.mark.parametrize(
    "events, words",
    [
        ([Placed(26, 1)], "square 26 is not a square of the board"),
        ([Placed(0, 1)], "square 0 is not a square of the board"),
        ([Placed(1, 2)], "where the path so far makes it move 1"),
        ([Placed(1, 1), Placed(2, 2)], "square 2 is not a move from square 1"),
        ([Placed(1, 1), Placed(8, 2), Placed(1, 3)], "is not a move from square 8|was placed already"),
        ([TakenBack(1, 1)], "is not the last square placed"),
        ([Placed(1, 1), TakenBack(8, 1)], "is not the last square placed"),
        ([Placed(1, 1), TakenBack(1, 2)], "where the path so far makes it move 1"),
        ([Choice(1, (), ())], "one or more"),
        ([Choice(1, (1, 2), (3,))], "one a candidate"),
        ([Choice(1, (99,), (3,))], "square 99 is not a square"),
        ([Choice(2, (1,), (3,))], "makes it move 1"),
        ([Choice(1, (1,), (-3,))], "less than 0"),
        ([Finished(5, None), Placed(1, 1)], "after Finished"),
        ([Finished(-1, None)], "less than 0"),
        ([Finished(5, "a tour")], "must be None or a knight.Tour of 5×5"),
        ([Finished(5, knight.tour(6))], "must be None or a knight.Tour of 5×5"),
    ],
)
def test_events_that_do_not_fit_the_board_are_refused(events, words):
    with pytest.raises(knight.InvalidInputError, match=words):
        knight.draw.html(events, board=Board(5))


def test_events_of_another_board_are_refused():
    with pytest.raises(knight.InvalidInputError, match="not a square of the board|not a move from"):
        knight.draw.html(_trace_events(Board(8), 1), board=Board(5))
    with pytest.raises(knight.InvalidInputError, match="is not the board of the Trace, 8×8"):
        knight.draw.html(knight.trace(8, 1), board=Board(5))
    with pytest.raises(knight.InvalidTypeError, match="board must be a knight.Board"):
        knight.draw.html(_trace_events(Board(5), 1), board=5)


@pytest.mark.parametrize("method", ["backtrack", "plain", "ordered", "warnsdorff"])
def test_real_traces_fit_their_board(core, method):
    board = Board(5, holes=[13]) if method == "backtrack" else Board((3, 4))
    events = list(knight.trace(board, 1, method=method))
    assert knight.draw.html(events, board=board).count("<script") == 2
    found = events[-1].tour
    if found is not None:
        assert_tour(found, board.rows, board.cols, holes=board.holes)


@pytest.mark.parametrize("title", [5, b"bytes", ["a"], None.__class__])
def test_a_title_must_be_a_str(title):
    with pytest.raises(knight.InvalidTypeError, match="title must be a str"):
        knight.draw.html(knight.tour(5), title=title)


def test_nothing_is_written_when_anything_fails(tmp_path):
    path = tmp_path / "page.html"
    for title in ("a \ud800 lone surrogate", 5):
        with pytest.raises((knight.InvalidInputError, knight.InvalidTypeError), match="surrogate|must be a str"):
            knight.draw.write_html(knight.tour(5), path, title=title)
        assert not path.exists()
    with pytest.raises(knight.InvalidInputError):
        knight.draw.write_html([Placed(99, 1)], path, board=Board(5))
    assert not path.exists()
    knight.draw.write_html(knight.tour(5), path, title="<b>fine</b>")
    assert "&lt;b&gt;fine&lt;/b&gt;" in path.read_text(encoding="utf-8")


# -- deep nesting (item 6) ------------------------------------------------------------------------------


def _nested(depth=100_000):
    """A list depth deep, made with the garbage collector paused: in a test process, 100,000 new lists
    set off collections of its whole heap (0.2 s a call; 0.02 s paused)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        value = []
        for _ in range(depth):
            value = [value]
        return value
    finally:
        if enabled:
            gc.enable()


@pytest.mark.parametrize(
    "call",
    [
        lambda deep: knight.tour(deep),
        lambda deep: knight.count(deep),
        lambda deep: knight.exists(8, deep),
        lambda deep: knight.tour(8, start=deep),
        lambda deep: knight.tour(8, end=deep),
        lambda deep: knight.tour(8, moves=deep),
        lambda deep: Board(8, holes=deep),
        lambda deep: Board(8, holes=[deep]),
        lambda deep: knight.tour(8, timeout=deep),
        lambda deep: knight.tour(8, max_nodes=deep),
        lambda deep: knight.tour(8, method=deep),
        lambda deep: knight.count(5, method=deep),
        lambda deep: knight.solve(deep),
        lambda deep: Tour(deep, 5),
        lambda deep: knight.draw.html(knight.tour(5), title=deep),
        lambda deep: knight.draw.html(deep, board=Board(5)),
    ],
)
def test_a_value_nested_100000_deep_is_the_library_s_error(call):
    with pytest.raises((knight.InvalidInputError, knight.InvalidTypeError)) as caught:
        call(_nested())
    assert len(str(caught.value)) < 400


# -- executors and signals (item 3) -------------------------------------------------------------------


class _Broken:
    """An executor whose submit() fails as a pool that cannot take work does."""

    def __init__(self, error):
        self.error = error

    def submit(self, function, *args, **kwargs):
        raise self.error


class _Failing:
    """An executor whose every future ends in error (as a worker's exception, or a lost worker, does)."""

    def __init__(self, error):
        self.error = error

    def submit(self, function, *args, **kwargs):
        from concurrent.futures import Future

        future = Future()
        future.set_exception(self.error)
        return future


def _shut_down():
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    return pool


def _lost_worker():
    from concurrent.futures.process import BrokenProcessPool

    return _Failing(BrokenProcessPool("A process in the process pool was terminated abruptly"))


@pytest.mark.parametrize(
    "executor, words",
    [
        (_shut_down, "the ThreadPoolExecutor is shut down"),
        (lambda: _Broken(OSError("no more processes")), "the _Broken failed running .*OSError: no more processes"),
        (lambda: _Failing(ZeroDivisionError("a worker's bug")), "the _Failing failed .*ZeroDivisionError: a worker's"),
        (_lost_worker, "a worker process of the _Failing ended abruptly"),
    ],
)
@pytest.mark.parametrize("size, method", [(5, "enumerate"), ((3, 8), "join")])
def test_a_failing_executor_is_a_worker_error(counter, executor, words, size, method):
    with pytest.raises(knight.WorkerError, match=words) as caught:
        knight.count(size, method=method, executor=executor())
    assert caught.value.__cause__ is not None and not isinstance(caught.value.__cause__, knight.KnightError)


def test_threads_are_checked_against_the_cpus():
    from knight.count._sweep import threads_for

    cpus = threads_for(None)
    with pytest.raises(knight.InvalidInputError, match=f"threads=1,000,000 is more than the {cpus} CPU"):
        knight.count((3, 8), threads=10**6)
    with pytest.raises(knight.InvalidInputError, match="more than the"):
        knight.count(5, method="enumerate", threads=cpus + 1)
    assert knight.count((3, 8), threads=cpus) == 792


def _children(pid):
    """The processes pid started (Linux: /proc)."""
    path = f"/proc/{pid}/task/{pid}/children"
    with open(path) as listed:
        return [int(child) for child in listed.read().split()]


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


#: A count of hours on two worker processes: the signal comes while it runs.
LONG_COUNT = ["count", "7", "--method", "enumerate", "--workers", "2", "--timeout", "60"]


def _sigint_as_in_a_terminal():
    """In the child: SIGINT's default action, as a shell gives a foreground command. A test runner
    started in the background (`cmd &`, nohup) ignores SIGINT, a child inherits that, and a Python
    started with SIGINT ignored never turns it into KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _count_stopped(stop):
    """Run LONG_COUNT, wait for its two workers, stop(process, workers): (exit code, seconds it took
    to exit after stop, stderr lines, workers left alive)."""

    process = subprocess.Popen(
        [sys.executable, "-m", "knight", *LONG_COUNT],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_sigint_as_in_a_terminal,
    )
    try:
        began = time.monotonic()
        while len(_children(process.pid)) < 2 and time.monotonic() - began < 30:
            time.sleep(0.05)
        workers = _children(process.pid)
        time.sleep(0.3)  # the workers at their items
        stop(process, workers)
        stopped = time.monotonic()
        _, err = process.communicate(timeout=30)
        took = time.monotonic() - stopped
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return process.returncode, took, err.decode().splitlines(), [pid for pid in workers if _alive(pid)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sent, code", [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_signal_stops_a_count_on_workers_at_once(sent, code):

    returned, took, lines, left = _count_stopped(lambda process, _: process.send_signal(getattr(signal, sent)))
    assert (returned, lines, left) == (code, [], [])
    assert took < 5  # a second, and room for a loaded machine


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sent", ["SIGKILL", "SIGTERM"])
def test_a_killed_worker_is_one_line_and_exit_1(sent):
    """SIGTERM too: a forked worker inherited the command's SIGTERM handler, and exited 143 in silence."""
    returned, took, lines, left = _count_stopped(lambda _, workers: os.kill(workers[0], getattr(signal, sent)))
    assert returned == 1 and left == [] and took < 10
    assert len(lines) == 1 and lines[0].startswith("knight: error: a worker process of the ProcessPoolExecutor")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks")
def test_sigterm_in_a_worker_forked_before_its_set_up_ends_it_at_once():
    """The command's SIGTERM handler unwinds the command (SystemExit 143), but in a process forked from it
    (a worker SIGTERM reaches before _worker_started puts SIGTERM back) it ends that process at once with
    143, as SIGTERM itself would: unwinding there would run the command's own code on in the worker (a
    flaky hang once: the command had not exited 30 s after its worker got SIGTERM)."""
    from knight.cli._count import terminate_like_interrupt

    with terminate_like_interrupt():
        handler = signal.getsignal(signal.SIGTERM)
        assert callable(handler)
        child = os.fork()
        if child == 0:  # the worker, before its set-up: the handler must not return or raise
            try:
                handler(signal.SIGTERM, None)
            finally:
                os._exit(99)
        _, status = os.waitpid(child, 0)
        with pytest.raises(SystemExit) as stopped:
            handler(signal.SIGTERM, None)
    assert os.waitstatus_to_exitcode(status) == 143 and stopped.value.code == 143
    assert signal.getsignal(signal.SIGTERM) is not handler


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_workers_end_when_the_command_is_killed():
    """SIGKILL tells the workers nothing: each sees its parent gone and ends (they held the command's
    stderr, so communicate() returns only once they have closed it, a moment before they are gone)."""
    returned, took, _, left = _count_stopped(lambda process, _: process.kill())
    for _ in range(100):
        left = [pid for pid in left if _alive(pid)]
        if not left:
            break
        time.sleep(0.05)
    assert returned == -signal.SIGKILL and left == [] and took < 10


# -- the open items (item 6) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "size, moves", [((30000, 25000), (1, 1)), ((30000, 25000), (1, 3)), ((3, 3, 10**6), (1, 1)), ((5, 5), (0, 2))]
)
def test_a_leaper_that_keeps_its_colour_is_refuted_at_once(core, size, moves):
    """Before any refusal for size: the theorem needs no graph (a + b even: the colours are apart)."""
    with pytest.raises(knight.NoTourError, match=r"never changes colour \(a \+ b = \d+ is even\)"):
        knight.tour(size, moves=moves, timeout=1)
    assert knight.count(size, moves=moves, timeout=1) == 0
    assert not knight.exists(size, moves=moves, timeout=1)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("command", [[], ["solve"]])
def test_a_fifo_is_no_picture_file(tmp_path, command):
    """Refused before it is opened for reading in earnest: nothing writes to it, so a read would block for ever."""
    fifo = tmp_path / "picture"
    os.mkfifo(fifo)
    process = subprocess.run(
        [sys.executable, "-m", "knight", *command, str(fifo), "--timeout", "1"], capture_output=True, timeout=60
    )
    lines = process.stderr.decode().splitlines()
    assert process.returncode == 2 and len(lines) == 1
    assert lines[0].startswith("knight: error: picture") and lines[0].endswith(
        "is not a regular file (a FIFO, a device, ...)"
    )


# -- every deadline, every board (item 4) ----------------------------------------------------------


def _within(call, timeout, error=knight.SearchLimitError, words=None):
    """call raises error (saying words) within timeout and room."""
    with stops_in_time(timeout, 3), pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize("shape", [(2, 2, 10**6), (3, 3, 10**6), (3, 10**7)])
def test_a_sweep_whose_plan_cannot_fit_is_refused_before_it_is_laid_out(frontier, monkeypatch, shape):
    from knight.model import _memory

    monkeypatch.setattr(_memory, "available_memory", lambda: 1 << 30)
    _within(lambda: knight.count(shape, timeout=1), 0, knight.InvalidInputError, r"the frontier sweep's plan of .* GiB")


@pytest.mark.parametrize("shape", [(2, 2, 10**5), (3, 3, 40_000)])
def test_a_huge_box_s_sweep_keeps_its_deadline(frontier, monkeypatch, shape):
    """Laid out in chunks that look at the clock (its graph included), when memory allows the plan."""
    from knight.model import _memory

    monkeypatch.setattr(_memory, "available_memory", lambda: 1 << 40)
    _within(lambda: knight.count(shape, timeout=0.3), 0.3, words="timed out")


def test_a_huge_box_s_width_is_measured_at_once():
    from knight.count import _sweep

    began = time.process_time()
    assert _sweep.too_wide(Board((2, 2, 10**6))) is None
    assert "does not sweep" in _sweep.too_wide(Board((300, 300, 300)))
    assert time.process_time() - began < 2  # along the long axis only: 4 squares a layer, not 2,000,000


@pytest.mark.parametrize(
    "call",
    [
        lambda: knight.tour((3, 3, 10**6), timeout=0.3),
        lambda: knight.tour((2, 2, 10**6), timeout=0.3),
        lambda: knight.tour(Board((3000, 3000), periodic=(True, False)), closed=True, method="backtrack", timeout=0.3),
    ],
)
def test_huge_boxes_and_surfaces_keep_their_deadline_in_a_search(core, call):
    _within(call, 0.3)


@pytest.mark.parametrize(
    "call",
    [
        lambda: next(knight.tours((3, 3, 10**6), timeout=0.3)),
        lambda: knight.count((3, 3, 10**6), method="enumerate", timeout=0.3),
    ],
)
def test_huge_boxes_keep_their_deadline_in_a_walk(counter, call):
    _within(call, 0.3)


def test_a_box_s_construction_that_cannot_meet_its_deadline_is_refused_up_front(construct_core, monkeypatch):
    from knight.construct import _box

    def begun(*args):
        raise AssertionError("the box's layout began")

    monkeypatch.setattr(_box, "_layout", begun)
    _within(lambda: knight.tour((3, 3, 10**6), timeout=1), 0, words="the construction of 3×3×1000000 box may take")


def test_a_trace_of_a_huge_board_keeps_its_deadline_before_its_first_event(core):
    """The twin's set-up of 2000×2000 (lists of 4,000,000 squares) is refused up front; the compiled one begins."""
    with stops_in_time(5, 3):
        try:
            first = next(knight.trace(2000, start=1, timeout=5))
        except knight.SearchLimitError as error:
            assert "the set-up of the search of 2000×2000 may take up to" in str(error)
        else:
            assert first == Placed(1, 1)


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_knight_trace_drawing_in_a_terminal_stops_at_its_timeout(monkeypatch):
    """The plain search records its 100,000 steps at once; drawing them 0.05 s apart would take hours."""
    from knight.cli import main

    out, err = _Terminal(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    with stops_in_time(0.3, 3):
        assert main(["trace", "8", "--method", "plain", "--timeout", "0.3"]) == 1
    assert err.getvalue().startswith("knight: timed out after") and "drawing the trace at 'placed" in err.getvalue()


def _walked(shape, twisted_axis, coords, step):
    """An independent landing: the move walked a square at a time, one axis then the other; each
    crossing of the twisted seam mirrors the other axis, its coordinate and the way the rest of the
    move goes along it (k crossings, k flips); None when it lands off the board."""
    at, way = list(coords), [1, 1]
    for axis in (0, 1):
        for _ in range(abs(step[axis])):
            at[axis] += way[axis] * (1 if step[axis] > 0 else -1)
            if 0 <= at[axis] < shape[axis] or axis != twisted_axis:
                continue
            at[axis] %= shape[axis]
            other = 1 - axis
            at[other], way[other] = shape[other] - 1 - at[other], -way[other]
    return tuple(at) if all(0 <= at[a] < shape[a] for a in (0, 1)) else None


@pytest.mark.parametrize("kernel", ["_table", "_table_py"])
@pytest.mark.parametrize("shape, axis", [((1, 7), 0), ((2, 9), 0), ((3, 8), 0), ((8, 3), 1), ((2, 2), 0), ((9, 1), 1)])
def test_every_step_of_a_twisted_axis_narrower_than_the_move_is_a_move(monkeypatch, kernel, shape, axis):
    """A move that crosses the seam k times (its leg longer than the axis) flips k times, on both kernels."""
    import importlib

    from knight.model import _kernels

    monkeypatch.setattr(_kernels, "table", importlib.import_module(f"knight.model.{kernel}"))
    twisted = tuple(a == axis for a in (0, 1))
    for moves in ((1, 2), (2, 5)):
        board = Board(shape, moves=moves, periodic=twisted, twisted=twisted)
        topology = board.topology
        for cell in range(len(board)):
            here = topology.coords(cell)
            for step in board.steps:
                assert topology.landing(here, step) == _walked(shape, axis, here, step), (shape, here, step)
            reached = {
                topology.cell(_walked(shape, axis, here, s)) for s in board.steps if _walked(shape, axis, here, s)
            }
            assert set(board._neighbours_of(cell)) == reached - {cell}


@pytest.mark.parametrize("round_", [0, 1])
def test_the_tie_breaks_of_a_huge_board_look_at_the_clock(round_):
    """Warnsdorff's tie-breaks of 2,000,000 squares (a 2×2×10⁶ box's graph search) stop at the deadline."""
    from knight.model._deadline import OutOfTime
    from knight.search._order import tie_breaks

    with pytest.raises(OutOfTime):
        tie_breaks(2, 10**6, round_, time.monotonic() - 1)
    assert tie_breaks(2, 3, round_) == tie_breaks(2, 3, round_, time.monotonic() + 60)
