"""Issue #26 item 7: bad and extreme arguments, generated, for every public function and every
command of the CLI. Each call returns, or raises one of knight's own errors with a message,
within a bounded time; the CLI exits 0, 1 or 2 (130 never: no Ctrl-C here) with at most one
line on stderr and no traceback. The suite runs it on whichever kernels are in use, so CI
runs it on both (plain, and with KNIGHT_NO_EXTENSIONS=1).

Short by default (FUZZ_EXAMPLES examples a function: well under 15 s a core on a loaded
machine); KNIGHT_SLOW=1 runs SLOW_EXAMPLES a function.
"""

import contextlib
import io
import math
import os
import time

import numpy
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import knight
from knight.cli import main

from strategies import text

SLOW = bool(os.environ.get("KNIGHT_SLOW"))
FUZZ_EXAMPLES = 40
SLOW_EXAMPLES = 1500

#: The longest a call may take: its timeout (TIMEOUT, when it takes one) and room for a
#: loaded machine, a cold cache and the refusal itself.
TIMEOUT = 0.3
TIME_LIMIT = 4.0

FUZZ = settings(
    max_examples=SLOW_EXAMPLES if SLOW else FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)

# -- values a hostile caller passes ----------------------------------------------------------------

HUGE_INTEGERS = st.sampled_from([-(2**64), -1, 0, 2**31 - 1, 2**31, 2**63, 2**64 + 1, 10**400, 46340, 46341])
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    HUGE_INTEGERS,
    st.floats(allow_nan=True, allow_infinity=True),
    text(max_size=12),
    st.sampled_from(
        ["8", "6x7", "3×4", "a1", "h8", "\u212a1", "a\uff18", "\uff18", "1_0", "", " ", "\0", "e4 ", "zz99"]
    ),
    st.binary(max_size=6),
    st.sampled_from([numpy.int64(5), numpy.int32(-1), numpy.float64(2.0), numpy.bool_(True), numpy.uint64(2**63)]),
    st.just(object()),
    st.just(math.nan),
)
ARRAYS = st.sampled_from(
    [numpy.array([1, 2]), numpy.array(["auto"]), numpy.array([[True, False]]), numpy.zeros((0,)), numpy.ones((2, 2, 2))]
)
VALUES = st.recursive(
    st.one_of(SCALARS, ARRAYS),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.tuples(inner, inner), st.dictionaries(text(max_size=2), inner, max_size=2)
    ),
    max_leaves=6,
)

#: Sizes: small boards a call answers at once, and extreme ones it must refuse (or refute) at once.
SMALL_SIZES = st.one_of(st.integers(1, 8), st.tuples(st.integers(1, 6), st.integers(1, 8)))
EXTREME_SIZES = st.sampled_from(
    [0, -1, (0, 5), (1, 2**31 - 1), (2, 10**9), (46341, 46341), (2**31, 1), (10**400, 2), "99999x99999", "1x0"]
)
SIZES = st.one_of(SMALL_SIZES, EXTREME_SIZES, VALUES)
LEAPERS = st.one_of(st.just((1, 2)), st.tuples(st.integers(0, 4), st.integers(0, 5)), VALUES)
SQUARES = st.one_of(st.none(), st.integers(-2, 70), st.sampled_from(["a1", "h8", "b3", (0, 0), (9, 9)]), VALUES)
METHOD_NAMES = st.one_of(st.sampled_from([*knight.METHODS, "frontier", "enumerate", "nope"]), VALUES)
TIMEOUTS = st.one_of(st.just(TIMEOUT), st.sampled_from([0, -1, math.nan, math.inf, 1e300, "1", True]), VALUES)
BUDGETS = st.one_of(st.just(None), st.integers(1, 20_000), st.sampled_from([0, -5, 2**80, 1.5, True]), VALUES)
FLAGS = st.one_of(st.booleans(), VALUES)

#: What the time bound leaves out: a valid timeout longer than TIMEOUT (it may be kept in full).
_BOUNDED = "timeout"


def _bounded(kwargs):
    """kwargs, but a timeout that would allow more than TIMEOUT seconds is TIMEOUT (every other value stays)."""
    value = kwargs.get(_BOUNDED, TIMEOUT)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > TIMEOUT:
        kwargs[_BOUNDED] = TIMEOUT
    if type(value).__module__ == "numpy":
        kwargs[_BOUNDED] = TIMEOUT
    return kwargs


def _keeps_its_promises(call, *args, **kwargs):
    """Run call: it returns, or raises a KnightError with a message, within TIME_LIMIT seconds."""
    began = time.monotonic()
    try:
        result = call(*args, **kwargs)
        if hasattr(result, "__next__"):  # knight.tours: take a few
            for _, _ in zip(range(3), result):
                pass
    except knight.KnightError as error:
        assert str(error).strip(), f"{type(error).__name__} without a message"
    except RecursionError:  # a value nested past the interpreter's limit, built by the strategy itself
        pass
    elapsed = time.monotonic() - began
    assert elapsed < TIME_LIMIT, f"{call.__name__} took {elapsed:.1f} s"


# -- the public functions ------------------------------------------------------------------------


@FUZZ
@given(SIZES, SQUARES, SQUARES, FLAGS, METHOD_NAMES, LEAPERS, BUDGETS, st.one_of(st.none(), VALUES), TIMEOUTS)
def test_tour(size, start, end, closed, method, moves, max_nodes, seed, timeout):
    kwargs = dict(end=end, closed=closed, method=method, moves=moves, max_nodes=max_nodes, seed=seed, timeout=timeout)
    _keeps_its_promises(knight.tour, size, start, **_bounded(kwargs))


@FUZZ
@given(SIZES, SQUARES, SQUARES, FLAGS, LEAPERS, BUDGETS, TIMEOUTS)
def test_exists(size, start, end, closed, moves, max_nodes, timeout):
    kwargs = dict(end=end, closed=closed, moves=moves, max_nodes=max_nodes, timeout=timeout)
    _keeps_its_promises(knight.exists, size, start, **_bounded(kwargs))


#: count and tours on small boards only: the counting engine's deadlines are another change's.
COUNT_SIZES = st.one_of(st.integers(1, 5), st.tuples(st.integers(1, 4), st.integers(1, 6)), EXTREME_SIZES, VALUES)


@FUZZ
@given(COUNT_SIZES, SQUARES, SQUARES, FLAGS, LEAPERS, METHOD_NAMES, FLAGS, BUDGETS, TIMEOUTS)
def test_count(size, start, end, closed, moves, method, progress, max_nodes, timeout):
    kwargs = dict(end=end, closed=closed, moves=moves, method=method, progress=progress, max_nodes=max_nodes)
    with contextlib.redirect_stderr(io.StringIO()):  # a progress bar
        _keeps_its_promises(knight.count, size, start, **_bounded(dict(kwargs, timeout=timeout)))


@FUZZ
@given(COUNT_SIZES, SQUARES, FLAGS, LEAPERS, BUDGETS)
def test_tours(size, start, closed, moves, max_nodes):
    _keeps_its_promises(knight.tours, size, start, closed=closed, moves=moves, max_nodes=max_nodes)


PICTURES = st.one_of(
    st.text(alphabet=" .#123456789*\n\t\u212a\uff18x", max_size=40),
    st.sampled_from([". . .\n. 1 .\n. . 9", "1 . .\n. . .\n. . 9", ". 1\n. 1", "#", "", ". . 99999999999", ". 0"]),
    VALUES,
)


@FUZZ
@given(PICTURES, LEAPERS, BUDGETS, TIMEOUTS)
def test_solve(puzzle, moves, max_nodes, timeout):
    _keeps_its_promises(knight.solve, puzzle, **_bounded(dict(moves=moves, max_nodes=max_nodes, timeout=timeout)))


def _cells(size) -> int:
    """The cells of the board size names (46340 from the scalars, (1, 2**31 - 1), ...), 0 if none."""
    try:
        board = knight.Board(size)  # without holes: no mask, at once
    except (knight.KnightError, RecursionError):
        return 0
    return board.rows * board.cols


@FUZZ
@given(SIZES, st.one_of(st.lists(SQUARES, max_size=4), VALUES), LEAPERS, PICTURES, VALUES)
def test_board(size, holes, moves, picture, mask):
    if _cells(size) > 10**8:  # holes there take a mask of up to 2 GB, seconds to fill: not this test's
        holes = ()
    _keeps_its_promises(knight.Board, size, holes=holes, moves=moves)
    _keeps_its_promises(knight.Board.parse, picture, moves=moves)
    _keeps_its_promises(knight.Board.from_mask, mask, moves=moves)
    board = knight.Board((3, 4))
    for value in (size, holes, mask):
        _keeps_its_promises(board.square_name, value)
        _keeps_its_promises(board.square, value)
        _keeps_its_promises(board.__contains__, value)


TOURS = st.one_of(
    st.lists(st.integers(-3, 70), max_size=70),
    st.just(iter(int, 1)),
    st.just(list(knight.tour(5))),
    VALUES,
)


@FUZZ
@given(TOURS, SIZES, FLAGS, LEAPERS, st.one_of(text(max_size=30), VALUES))
def test_tours_checked(squares, size, closed, moves, line):
    _keeps_its_promises(knight.Tour, squares, size, moves=moves)
    _keeps_its_promises(knight.check_tour, squares, size, closed=closed, moves=moves)
    _keeps_its_promises(knight.is_tour, squares, size, closed=closed, moves=moves)
    _keeps_its_promises(knight.Tour.from_line, line, size, moves=moves)
    _keeps_its_promises(knight.Tour.from_coords, squares, size, moves=moves)
    _keeps_its_promises(knight.Tour.from_algebraic, squares, size, moves=moves)


@FUZZ
@given(
    st.one_of(VALUES, text(max_size=20)),
    st.dictionaries(st.sampled_from(["size", "path", "labels", "numbers", "colour"]), VALUES, max_size=2),
)
def test_svg(path, options):
    from knight import svg

    found = knight.tour(5)
    _keeps_its_promises(svg.render, found, **options)
    if isinstance(path, str):
        path = os.path.join(os.devnull, path)  # never a file of the test's: /dev/null/... cannot be written
    _keeps_its_promises(svg.write, found, path)


# -- the command ----------------------------------------------------------------------------------

WORDS = st.one_of(
    st.sampled_from(
        [
            "8",
            "5",
            "3x4",
            "1x2147483647",
            "99999x99999",
            "0",
            "-",
            "e4",
            "a1",
            "1,2",
            "0,1",
            "1,100000",
            "--start",
            "--end",
            "--closed",
            "--format",
            "svg",
            "line",
            "grid",
            "--method",
            "warnsdorff",
            "uniform",
            "--moves",
            "--seed",
            "--max-nodes",
            "2000",
            "--timeout",
            "0.3",
            "--workers",
            "-1",
            "--help",
            "--size",
            "-o",
            "x.txt",
            "\u212a1",
            "\uff18",
            "1e9",
            "nan",
            "--progress",
        ]
    ),
    text(max_size=8),
)
COMMANDS = st.sampled_from(["", "tour", "exists", "count", "all", "solve", "judge"])


@FUZZ
@given(COMMANDS, st.lists(WORDS, max_size=6), text(max_size=30))
def test_the_command(command, words, stdin):
    argv = ([command] if command else []) + words
    if command in ("count", "all"):  # bounded: the counting engine's deadlines are another change's
        argv = [command, "4", *words, "--max-nodes", "2000"]
    if command in ("", "tour", "exists", "solve", "count"):
        argv += ["--timeout", str(TIMEOUT)]
    if "-o" in argv:  # never a file of the test's
        argv[argv.index("-o")] = "--format"
    out, err = io.StringIO(), io.StringIO()
    stdin_before = os.sys.stdin
    began = time.monotonic()
    try:
        os.sys.stdin = io.StringIO(stdin)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        os.sys.stdin = stdin_before
    elapsed = time.monotonic() - began
    assert elapsed < TIME_LIMIT, f"knight {' '.join(argv)} took {elapsed:.1f} s"
    assert code in (0, 1, 2), (argv, code)
    lines = err.getvalue().splitlines()
    assert "Traceback" not in err.getvalue(), (argv, err.getvalue())
    if code == 2:
        assert len(lines) == 1 and lines[0].startswith("knight"), (argv, lines)
    elif code == 1 and command == "exists" and out.getvalue().startswith("no: "):
        assert not lines, (argv, lines)  # exists answers "no: why" on stdout, exit 1 (its --help says so)
    elif code == 1 and command != "judge":  # a progress bar may come before the one line
        assert lines and lines[-1].startswith("knight"), (argv, lines)


@pytest.mark.skipif(not SLOW, reason="the long fuzz: set KNIGHT_SLOW=1")
def test_the_long_fuzz_is_on():
    assert FUZZ.max_examples == SLOW_EXAMPLES


# -- issue #35: the player's events and titles, executors that fail, boxes and surfaces ------------

from knight._trace import Choice, Finished, Placed, Restart, TakenBack  # noqa: E402

#: Text that tries to leave the element it is put in.
MARKUP = st.sampled_from(
    ["<!--<script>", "</script><script>alert(1)</script>", "<img src=x onerror=1>", "]]>", "\ud800"]
)
FIELDS = st.one_of(st.integers(-2, 30), MARKUP, VALUES)
EVENTS = st.lists(
    st.one_of(
        st.builds(Placed, FIELDS, FIELDS),
        st.builds(TakenBack, FIELDS, FIELDS),
        st.builds(
            Choice,
            FIELDS,
            st.one_of(st.lists(FIELDS, max_size=3).map(tuple), VALUES),
            st.lists(FIELDS, max_size=3).map(tuple),
        ),
        st.builds(Restart, FIELDS),
        st.builds(Finished, FIELDS, st.one_of(st.none(), st.just(knight.tour(5)), st.just(knight.tour(6)), VALUES)),
        VALUES,
    ),
    max_size=6,
)
TITLES = st.one_of(st.none(), text(max_size=20), MARKUP, VALUES)
PLAYER_BOARDS = st.one_of(
    st.none(), st.sampled_from([knight.Board(5), knight.Board(5, holes=[13]), knight.Board((3, 4))]), VALUES
)


def _tags(page):
    import html5lib

    return sorted({element.tag for element in html5lib.parse(page, namespaceHTMLElements=False).iter()})


CLEAN_TAGS = None

#: Fewer examples for #35's strategies, whose each call makes a page or runs a count: a few seconds in all.
FUZZ_FEW = settings(FUZZ, max_examples=SLOW_EXAMPLES if SLOW else 15)


@FUZZ_FEW
@given(st.one_of(EVENTS, st.just(knight.tour(5))), PLAYER_BOARDS, TITLES)
def test_the_player(events, board, title):
    """A page is made only from events that fit the board, and holds no element the input put there."""
    global CLEAN_TAGS
    from knight import draw

    if CLEAN_TAGS is None:
        CLEAN_TAGS = _tags(draw.html(knight.tour(5)))
    try:
        page = draw.html(events, board=board, title=title)
    except knight.KnightError as error:
        assert str(error).strip()
        return
    assert _tags(page) == CLEAN_TAGS and page.count("<script") == 2 and "<!--" not in page


class _FailingExecutor:
    """Runs the first `good` submits here, then fails: in submit(), or in the future's result."""

    def __init__(self, good, error, where):
        self.good, self.error, self.where = good, error, where

    def submit(self, function, *args, **kwargs):
        from concurrent.futures import Future

        future = Future()
        if self.good > 0:
            self.good -= 1
            future.set_result(function(*args, **kwargs))
        elif self.where == "submit":
            raise self.error
        else:
            future.set_exception(self.error)
        return future


def _failures():
    from concurrent.futures import CancelledError
    from concurrent.futures.process import BrokenProcessPool

    return st.sampled_from(
        [
            OSError("no more processes"),
            ZeroDivisionError("a worker's bug"),
            RuntimeError("cannot schedule new futures after shutdown"),
            BrokenProcessPool("A process in the process pool was terminated abruptly"),
            CancelledError(),
            ValueError("bad pickle"),
        ]
    )


#: Counts on an executor outside the sharded sweep (_spread's executors are its own change).
EXECUTOR_COUNTS = [((3, 4), "enumerate", 16), (5, "enumerate", 1728), ((3, 8), "join", 792)]


@FUZZ_FEW
@given(st.sampled_from(EXECUTOR_COUNTS), st.integers(0, 300), _failures(), st.sampled_from(["submit", "result"]))
def test_an_executor_that_fails(count, good, error, where):
    """The right count (the failure came after the last item), or WorkerError with the failure chained."""
    size, method, expected = count
    try:
        found = knight.count(size, method=method, executor=_FailingExecutor(good, error, where), timeout=TIME_LIMIT)
    except knight.WorkerError as failed:
        assert failed.__cause__ is error and str(failed).strip()
        return
    assert found == expected


BOX_SIDES = st.one_of(st.integers(1, 5), st.sampled_from([10**6, 10**7, 2**31]))
BOXES = st.one_of(
    st.tuples(BOX_SIDES, BOX_SIDES, BOX_SIDES),
    st.tuples(st.integers(1, 3), st.integers(1, 3), st.integers(1, 3), BOX_SIDES),
)
SURFACES = st.builds(
    lambda rows, cols, wrap, twist: (rows, cols, wrap, twist),
    st.one_of(st.integers(1, 8), st.sampled_from([3000, 10**5])),
    st.one_of(st.integers(1, 8), st.sampled_from([3000, 10**5])),
    st.sampled_from([(True, False), (False, True), (True, True)]),
    st.sampled_from([(False, False), (True, False), (False, True)]),
)


def _board(shape):
    """A box (a tuple of lengths), or a surface (rows, cols, periodic, twisted); InvalidInputError raised as it is."""
    if len(shape) == 4 and isinstance(shape[2], tuple):
        rows, cols, wrap, twist = shape
        return knight.Board((rows, cols), periodic=wrap, twisted=tuple(t and w for t, w in zip(twist, wrap)))
    return knight.Board(shape)


@FUZZ
@given(st.one_of(BOXES, SURFACES), st.sampled_from(["tour", "exists", "count", "tours"]), st.booleans(), LEAPERS)
def test_boxes_and_surfaces_keep_their_deadline(shape, call, closed, moves):
    try:
        board = _board(shape)
    except knight.KnightError:
        return
    function = {"tour": knight.tour, "exists": knight.exists, "count": knight.count, "tours": knight.tours}[call]
    _keeps_its_promises(function, board, closed=closed, moves=moves, timeout=TIMEOUT)


# -- issue #35: checkpoint bytes ------------------------------------------------------------------

#: 3×8's open tours, counted without a checkpoint once (the answer every resumed count must give).
CHECKPOINT_SIZE = (3, 8)
_CHECKPOINTS: dict = {}


def _real_checkpoints():
    """(name, bytes) of two real checkpoints of 3×8's open tours, made by the kernels in use: one stopped
    after 8 squares (a layer of states), one finished (the tours alone); and the count itself."""
    if not _CHECKPOINTS:
        import shutil
        import tempfile

        from knight.count import _kernels, _shardfile, _spill
        from knight.count._plan import KNIGHT_STEPS, question_of

        class Stop:
            def __call__(self, step, states):
                if step >= 8:
                    raise KeyboardInterrupt

        saved = _spill.CHECKPOINT_SHARE, _spill.ROUND_SECONDS
        _spill.CHECKPOINT_SHARE = _spill.ROUND_SECONDS = 0  # a checkpoint every round, a round a square
        files = []
        try:
            for stop in (Stop(), None):
                directory = tempfile.mkdtemp()
                question = question_of(*CHECKPOINT_SIZE, None, None, None, False, KNIGHT_STEPS)
                with contextlib.suppress(KeyboardInterrupt):
                    _spill.count(question, _kernels.frontier, stop, checkpoint=directory)
                ((_, name),) = _shardfile.shard_files(directory)
                with open(os.path.join(directory, name), "rb") as file:
                    files.append((name, file.read()))
                shutil.rmtree(directory)
        finally:
            _spill.CHECKPOINT_SHARE, _spill.ROUND_SECONDS = saved
        _CHECKPOINTS["files"] = files
        _CHECKPOINTS["tours"] = knight.count(CHECKPOINT_SIZE)
    return _CHECKPOINTS["files"], _CHECKPOINTS["tours"]


@st.composite
def _damaged(draw, whole):
    """whole's bytes damaged: replaced by random bytes, truncated, a slice cut out or replaced, bits flipped."""
    kind = draw(st.sampled_from(["random", "truncated", "cut", "spliced", "flipped"]))
    if kind == "random":
        keep = draw(st.sampled_from([0, 8, 64]))  # nothing, the magic, the fixed header kept
        return whole[:keep] + draw(st.binary(max_size=2 * len(whole)))
    at = draw(st.integers(0, len(whole) - 1))
    end = draw(st.integers(at, len(whole)))
    if kind == "truncated":
        return whole[:at]
    if kind == "cut":
        return whole[:at] + whole[end:] if end > at else whole[:at] + whole[at + 1 :]
    if kind == "spliced":
        return whole[:at] + draw(st.binary(min_size=1, max_size=16)) + whole[end:]
    flipped = bytearray(whole)
    for where, bits in draw(st.lists(st.tuples(st.integers(0, len(whole) - 1), st.integers(1, 255)), min_size=1)):
        flipped[where] ^= bits
    return bytes(flipped)


@settings(FUZZ, max_examples=SLOW_EXAMPLES if SLOW else 30)
@given(st.data())
def test_damaged_checkpoint_bytes(data):
    """A real checkpoint with one shard file's bytes damaged: the count resumed from it is the count, or
    InvalidInputError naming the file; never another number, never another exception."""
    import shutil
    import tempfile

    files, tours = _real_checkpoints()
    name, whole = data.draw(st.sampled_from(files))
    damaged = data.draw(_damaged(whole))
    directory = tempfile.mkdtemp()
    try:
        with open(os.path.join(directory, name), "wb") as file:
            file.write(damaged)
        try:
            found = knight.count(CHECKPOINT_SIZE, checkpoint=directory, timeout=TIME_LIMIT)
        except knight.InvalidInputError as error:
            assert name in str(error), str(error)
            return
        assert damaged == whole or found == tours, f"{found} from a damaged checkpoint, where the count is {tours}"
    finally:
        shutil.rmtree(directory)
