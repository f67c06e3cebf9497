"""Issues #26's and #35's examples, each run as a hostile user would: in a fresh process, on both cores, with
a wall-clock limit and a memory cap, printed as a table.

    python benchmarks/hostile_examples.py [--limit SECONDS] [--memory GIB] [--slack SECONDS] [--core cython|python] [NAME ...]

For every example of the issue's "Why" section (and the cases its follow-up named) and every core
(the compiled one, and the twin with KNIGHT_NO_EXTENSIONS=1) one line: the example, the core, the
outcome (the error's type and first words, or the answer), the call's seconds (measured in the
child around the call, so the interpreter's start is left out; the whole run for a CLI example),
the child's peak RSS, and whether the promise was kept (for a signal, the seconds from the
signal to the exit: "within a second", and room for a loaded machine):

* a Python example keeps it when the call ends with the answer expected, or with one of knight's
  own errors (knight.KnightError) where an error is expected, within its bound: timeout + slack
  for a deadline (the issue: "stops within 0.2 s of it"), else the bound given ("at once": 2 s);
* a CLI example keeps it when the exit code is the one expected and stderr holds no traceback
  and at most one line (and, for a signal sent to it or a worker killed under it, when it
  exits within its bound and leaves no worker process behind).

The memory cap is RLIMIT_AS (default 4 GiB), which knight's own memory estimate also sees; a
process past the wall-clock limit (default 30 s) is killed and shown as "killed". Run it on a
quiet machine for seconds worth quoting; the load average is printed above the table.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

#: The child's wrapper: the example's set-up, then the call timed alone; one JSON line on stdout.
CHILD = r"""
import json, sys, time
import knight
from knight import Board, Tour
{setup}
began = time.monotonic()
try:
    answer = ({call})
    outcome = {{"answer": repr(answer)}}
except BaseException as error:
    outcome = {{"error": type(error).__name__, "knight": isinstance(error, knight.KnightError), "message": str(error)}}
outcome["seconds"] = time.monotonic() - began
print(json.dumps(outcome))
"""


@dataclass
class Example:
    """One hostile call: Python (call, with setup before it) or a CLI run (argv, with stdin/stdout)."""

    name: str
    call: str = ""
    setup: str = ""
    within: float = 2.0  # the promise: seconds for the call
    answer: str | None = None  # the repr expected; None: one of knight's errors is expected
    argv: list = field(default_factory=list)
    stdin: str | None = None  # a path, or "closed"
    stdout: str | None = None  # a path, or "closed"
    exit: int | None = None  # the CLI's exit code expected
    lines: int = 1  # the most lines on stderr (the judge says which line it skipped, then that it stopped)
    signal: str | None = None  # a CLI example: "SIGINT", "SIGTERM" to it, or "kill-worker" (SIGKILL to a worker)
    after: float = 1.0  # seconds after the count began (the CLI catches SIGTERM) before the signal is sent


def deadline(call: str, timeout: float, setup: str = "", name: str = "") -> Example:
    """A call with timeout= (or max_nodes=), named by its text without "knight." unless name says otherwise."""
    return Example(name or call.replace("knight.", ""), call, setup, within=timeout)


PUZZLE = (
    "b = Board.parse('\\n'.join(' '.join('1' if (r, c) == (50, 50) else '.' for c in range(100)) for r in range(100)))"
)
POOL = "from concurrent.futures import ThreadPoolExecutor\npool = ThreadPoolExecutor(2)"
CLOSED_PAIR = (
    "import pickle\n"
    "def answers(board):\n"
    "    out = []\n"
    "    for ask in (lambda: knight.tour(board, closed=True), lambda: knight.exists(board, closed=True),\n"
    "                lambda: knight.count(board, closed=True), lambda: len(list(knight.tours(board, closed=True))),\n"
    "                lambda: knight.is_tour([1, 2] if len(board) == 2 else [1, 6], board, closed=True)):\n"
    "        try:\n"
    "            out.append(repr(ask()))\n"
    "        except knight.KnightError as error:\n"
    "            out.append(type(error).__name__)\n"
    "    return out"
)
CLOSED_ANSWER = repr(["NoTourError", "False", "0", "0", "False"])
FAILING_SUBMIT = "class E:\n    def submit(self, f, *a, **k):\n        raise OSError('no more processes')"
FAILING_FUTURE = (
    "from concurrent.futures import Future\n"
    "class E:\n    def submit(self, f, *a, **k):\n"
    "        future = Future()\n        future.set_exception(ZeroDivisionError('a worker failed'))\n        return future"
)
KILLED_WORKER = (
    "import os, signal, threading, time\nfrom concurrent.futures import ProcessPoolExecutor\npool = ProcessPoolExecutor(2)\n"
    "def kill():\n    while not pool._processes:\n        time.sleep(0.05)\n"
    "    time.sleep(0.5)\n    os.kill(next(iter(pool._processes)), signal.SIGKILL)\n"
    "threading.Thread(target=kill, daemon=True).start()"
)
WALK_ON_WORKERS = ["count", "7", "--method", "enumerate", "--workers", "2", "--timeout", "60"]
PLAYER = (
    "import knight.draw, os, tempfile\nfrom knight._trace import Placed\n"
    "def injected(title):\n"
    "    import html5lib\n"
    "    page = knight.draw.html(knight.tour(5), title=title)\n"
    "    tags = [e.tag for e in html5lib.parse(page, namespaceHTMLElements=False).iter()]\n"
    "    return tags.count('script') != 2\n"
    "def written(title):\n"
    "    path = os.path.join(tempfile.mkdtemp(), 'page.html')\n"
    "    try:\n        knight.draw.write_html(knight.tour(5), path, title=title)\n"
    "    except knight.KnightError:\n        pass\n"
    "    return os.path.exists(path)"
)
DEEP = "deep = []\nfor _ in range(100_000):\n    deep = [deep]"
TWISTED = (  # the landing against a walk a square at a time, the other axis mirrored at each crossing
    "def walked(shape, t, at, step):\n"
    "    at, way = list(at), [1, 1]\n"
    "    for a in (0, 1):\n"
    "        for _ in range(abs(step[a])):\n"
    "            at[a] += way[a] * (1 if step[a] > 0 else -1)\n"
    "            if 0 <= at[a] < shape[a] or a != t:\n"
    "                continue\n"
    "            at[a] %= shape[a]\n"
    "            at[1 - a], way[1 - a] = shape[1 - a] - 1 - at[1 - a], -way[1 - a]\n"
    "    return tuple(at) if all(0 <= at[a] < shape[a] for a in (0, 1)) else None\n"
    "def all_moves():\n"
    "    for shape, t in (((1, 7), 0), ((2, 9), 0), ((3, 8), 0), ((8, 3), 1), ((2, 2), 0)):\n"
    "        twisted = tuple(a == t for a in (0, 1))\n"
    "        for moves in ((1, 2), (1, 4), (2, 5), (3, 7)):\n"
    "            board = Board(shape, moves=moves, periodic=twisted, twisted=twisted)\n"
    "            for cell in range(len(board)):\n"
    "                here = board.topology.coords(cell)\n"
    "                if any(board.topology.landing(here, s) != walked(shape, t, here, s) for s in board.steps):\n"
    "                    return False\n"
    "    return True"
)

CHECKPOINT = (
    "import os, pickle, struct, subprocess, sys, tempfile, threading, zlib\n"
    "from knight.count import _kernels, _shardfile, _spill\n"
    "from knight.count._plan import KNIGHT_STEPS, question_of\n"
    "def made():\n"
    "    '''A real checkpoint of 3×8's open tours, stopped after 8 squares: its one file.'''\n"
    "    directory, saved = tempfile.mkdtemp(), (_spill.CHECKPOINT_SHARE, _spill.ROUND_SECONDS)\n"
    "    _spill.CHECKPOINT_SHARE = _spill.ROUND_SECONDS = 0  # a checkpoint every round, a round a square\n"
    "    class Stop:\n"
    "        def __call__(self, step, states):\n"
    "            if step >= 8:\n                raise KeyboardInterrupt\n"
    "    try:\n"
    "        _spill.count(question_of(3, 8, None, None, None, False, KNIGHT_STEPS), _kernels.frontier, Stop(),\n"
    "                     checkpoint=directory)\n"
    "    except KeyboardInterrupt:\n        pass\n"
    "    finally:\n        _spill.CHECKPOINT_SHARE, _spill.ROUND_SECONDS = saved\n"
    "    (name,) = [name for _, name in _shardfile.shard_files(directory)]\n"
    "    return os.path.join(directory, name)\n"
    "def forge(path, tours=None, text=None, body=None, **fields):\n"
    "    '''path's header fields, tours (tours='most': all ones), question text or body changed, checksums made right.'''\n"
    "    data, head = open(path, 'rb').read(), _shardfile._HEAD\n"
    "    names = 'magic version width step steps index shards pieces states body crc tours_bytes text_bytes'.split()\n"
    "    values = dict(zip(names, head.unpack_from(data)))\n"
    "    at = head.size + values['tours_bytes']\n"
    "    old_tours, old_text = data[head.size : at], data[at : at + values['text_bytes']]\n"
    "    body = data[at + values['text_bytes'] + 4 :] if body is None else body\n"
    "    text = old_text if text is None else text\n"
    "    tours = old_tours if tours is None else b'\\xff' * values['tours_bytes']\n"
    "    values.update(body=len(body), crc=zlib.crc32(body), text_bytes=len(text), **fields)\n"
    "    header = head.pack(*(values[name] for name in names)) + tours + text\n"
    "    open(path, 'wb').write(header + struct.pack('<I', zlib.crc32(header)) + body)\n"
    "def refused(path, *fields, where=None):\n"
    "    '''count((3, 8)) resumed from path's directory: its InvalidInputError, raised again if it names where (the\n"
    "    file) and one of fields; a count is returned (a broken promise), an unclear error becomes AssertionError.'''\n"
    "    try:\n"
    "        return knight.count((3, 8), checkpoint=os.path.dirname(path), timeout=10)\n"
    "    except knight.InvalidInputError as error:\n"
    "        if (path if where is None else where) in str(error) and any(field in str(error) for field in fields):\n            raise\n"
    "        raise AssertionError(f'unclear: {error}') from None\n"
    "def forged(*fields, **change):\n"
    "    path = made()\n    forge(path, **change)\n    return refused(path, *fields)\n"
    "def damaged(*fields, keep=None, flip=None):\n"
    "    path = made()\n    data = bytearray(open(path, 'rb').read())\n"
    "    if flip is not None:\n        data[int(flip * len(data))] ^= 0x10\n"
    "    open(path, 'wb').write(bytes(data[: int(keep * len(data))] if keep is not None else data))\n"
    "    return refused(path, *fields)\n"
    "def every_damage():\n"
    "    '''Every truncation and every bit flip (one bit a byte) of the file: the counts given instead of an error.'''\n"
    "    path = made()\n    whole, answers = open(path, 'rb').read(), []\n"
    "    copies = [whole[:n] for n in range(len(whole))]\n"
    "    copies += [whole[:n] + bytes([whole[n] ^ (1 << n % 8)]) + whole[n + 1 :] for n in range(len(whole))]\n"
    "    for copy in copies:\n"
    "        open(path, 'wb').write(copy)\n"
    "        try:\n            answers.append(knight.count((3, 8), checkpoint=os.path.dirname(path)))\n"
    "        except knight.InvalidInputError:\n            pass\n"
    "    return answers\n"
    "MARKER = os.path.join(tempfile.mkdtemp(), 'ran')\n"
    "class Runs:\n    def __reduce__(self):\n        return os.system, (f'touch {MARKER}',)\n"
    "def pickled(as_directory):\n"
    "    '''A pickle that would run a shell command: a shard file of the checkpoint, or the checkpoint= path itself.'''\n"
    "    path = os.path.join(tempfile.mkdtemp(), 'layer-8-0-of-1.kshard' if as_directory else 'checkpoint.pickle')\n"
    "    open(path, 'wb').write(pickle.dumps(Runs()))\n"
    "    try:\n"
    "        return knight.count((3, 8), checkpoint=os.path.dirname(path) if as_directory else path)\n"
    "    finally:\n"
    "        if os.path.exists(MARKER):\n            raise AssertionError('the pickle ran a shell command')\n"
    "def fifo():\n"
    "    directory = tempfile.mkdtemp()\n    os.mkfifo(os.path.join(directory, 'layer-8-0-of-1.kshard'))\n"
    "    return directory\n"
    "def planted(at):\n"
    "    '''A link planted at at (a temporary name, or the lock) in a checkpoint directory, to a file it must not touch.'''\n"
    "    directory = tempfile.mkdtemp()\n    target = os.path.join(directory, 'precious')\n"
    "    open(target, 'wb').write(b'keep me')\n    os.symlink(target, os.path.join(directory, at))\n"
    "    try:\n        return knight.count((3, 8), checkpoint=directory)\n"
    "    finally:\n"
    "        if open(target, 'rb').read() != b'keep me':\n            raise AssertionError('the link was followed')\n"
    "HOLDER = ('import fcntl, os, sys\\nfd = os.open(os.path.join(sys.argv[1], \"lock\"), os.O_RDWR | os.O_CREAT)\\n'\n"
    "          'fcntl.flock(fd, fcntl.LOCK_EX)\\nprint(\"held\", flush=True)\\nsys.stdin.read()')\n"
    "def held():\n"
    "    '''A checkpoint directory whose lock another process holds (until this one ends).'''\n"
    "    directory = tempfile.mkdtemp()\n"
    "    holder = subprocess.Popen([sys.executable, '-c', HOLDER, directory], stdin=subprocess.PIPE, stdout=subprocess.PIPE)\n"
    "    holder.stdout.readline()\n"
    "    return directory\n"
    "def threads(n=4):\n"
    "    '''n threads counting 3×8 into one checkpoint: each the count, or refused as the second writer.'''\n"
    "    directory, outcomes, together = tempfile.mkdtemp(), [], threading.Barrier(n)\n"
    "    def one():\n"
    "        together.wait()\n"
    "        try:\n            outcomes.append(knight.count((3, 8), checkpoint=directory))\n"
    "        except knight.InvalidInputError as error:\n"
    "            outcomes.append('in use' if 'in use by another count' in str(error) else str(error))\n"
    "    workers = [threading.Thread(target=one) for _ in range(n)]\n"
    "    for worker in workers:\n        worker.start()\n"
    "    for worker in workers:\n        worker.join()\n"
    "    return set(outcomes) <= {792, 'in use'} and 792 in outcomes and knight.count((3, 8), checkpoint=directory) == 792"
)

EXAMPLES = [
    # -- deadlines ignored
    deadline("knight.tour(20000, timeout=0.5)", 0.5),
    deadline("knight.tour(46340, timeout=1)", 1),
    deadline("knight.tour(2000, start=1, end=2, timeout=1)", 1),
    deadline("knight.exists(3000, start=1, end=2, timeout=1)", 1),
    deadline("knight.solve(b, timeout=2)", 2, PUZZLE, "solve(100×100, one given mid-board, timeout=2)"),
    Example("count((1, 10**7), timeout=1)", "knight.count((1, 10**7), timeout=1)", within=1, answer="0"),
    deadline("knight.count((3, 10**7), timeout=1)", 1),
    deadline("knight.count(3000, closed=True, timeout=1)", 1),
    deadline("knight.tour(8, method='uniform', max_nodes=100)", 2),
    # -- every phase on a board of millions of squares (the follow-up's list), timeout=0.5
    deadline("knight.tour(3000, method='warnsdorff', timeout=0.5)", 0.5),
    deadline("knight.tour(3000, method='backtrack', timeout=0.5)", 0.5),
    deadline("knight.tour(3000, method='plain', timeout=0.5)", 0.5),
    deadline("knight.tour(3000, closed=True, method='random', timeout=0.5)", 0.5),
    deadline("knight.tour((3000, 3000), moves=(1, 4), timeout=0.5)", 0.5),
    deadline("knight.tour(Board(3000, holes=[5]), timeout=0.5)", 0.5),
    deadline("next(knight.tours(3000, timeout=0.5))", 0.5),
    deadline("knight.count(3000, timeout=0.5)", 0.5),
    deadline("knight.count(3000, start=1, method='enumerate', timeout=0.5)", 0.5),
    deadline("knight.tour(2000, method='uniform', timeout=0.5)", 0.5),
    deadline("knight.count(3000, executor=pool, timeout=0.5)", 0.5, POOL),
    deadline("knight.count((3, 10**7), executor=pool, timeout=1)", 1, POOL),
    deadline(
        "knight.solve(b, timeout=0.5)",
        0.5,
        "b = Board.parse('1 ' + '. ' * 998 + '5000\\n' + ('. ' * 1000 + '\\n') * 999)",
        "solve(1000×1000, moves 1 and 5000, timeout=0.5)",
    ),
    # -- memory taken before the question is answered
    Example("count((1, 2**31 - 1))", "knight.count((1, 2**31 - 1))", answer="0"),
    Example("tour((40000, 40000), moves=(0, 1), timeout=1)", "knight.tour((40000, 40000), moves=(0, 1), timeout=1)"),
    Example("tour((3, 100001), moves=(1, 100000))", "knight.tour((3, 100001), moves=(1, 100000))"),
    Example("knight judge < /dev/zero", argv=["judge"], stdin="/dev/zero", exit=1, within=10, lines=2),
    # -- pickles trusted
    Example(
        "pickled Tour, squares edited, .grid()",
        "pickle.loads(data).grid()",
        "import pickle\nrestore, (squares, board) = knight.tour(5, start=1).__reduce__()\n"
        "data = pickle.dumps(knight.tour(5, start=1)).replace(bytes(squares), bytes([200]) + bytes(squares)[1:])",
    ),
    Example(
        "pickled Board, a given off the board, solve",
        "knight.solve(pickle.loads(data))",
        "import pickle\nclass P:\n    def __reduce__(self):\n"
        "        return Board._make, (3, 3, None, (1, 2), ((99, 1),))\ndata = pickle.dumps(P())",
    ),
    # -- two definitions of a closed tour
    Example(
        "closed: Board((1, 2), moves=(0, 1))", "answers(Board((1, 2), moves=(0, 1)))", CLOSED_PAIR, answer=CLOSED_ANSWER
    ),
    Example(
        "closed: Board((2, 3), holes=[2, 3, 4, 5])",
        "answers(Board((2, 3), holes=[2, 3, 4, 5]))",
        CLOSED_PAIR,
        answer=CLOSED_ANSWER,
    ),
    # -- internal errors and unchecked values
    Example("moves=numpy array", "knight.tour(8, moves=numpy.array([1, 2]))", "import numpy"),
    Example("method=numpy array", "knight.tour(8, method=numpy.array(['auto']))", "import numpy"),
    Example(
        "mask holding an array",
        "Board.from_mask(numpy.array([[True, True], [numpy.array([1, 2]), True]], dtype=object))",
        "import numpy",
    ),
    Example("Board(8).square_name(0)", "Board(8).square_name(0)"),
    Example("Board(8).square_name(-5)", "Board(8).square_name(-5)"),
    Example("Board.parse('. 1\\n. 1')", "Board.parse('. 1\\n. 1')"),
    Example("Tour(iter(int, 1))", "Tour(iter(int, 1))"),
    Example("svg.write(tour, 12.5)", "knight.svg.write(knight.tour(5), 12.5)"),
    Example(
        "executor whose futures are not futures",
        "knight.count(5, executor=E())",
        "class E:\n    def submit(self, f, *a, **k):\n        return 5",
    ),
    Example("Board(8, moves=(1.0, 2.0))", "Board(8, moves=(1.0, 2.0))"),
    Example("tour(8, start='\\u212a1') (Kelvin sign)", "knight.tour(8, start='\\u212a1')"),
    Example("tour('\\uff18') (full-width 8)", "knight.tour('\\uff18')"),
    Example("tour(8, closed=1)", "knight.tour(8, closed=1)"),
    Example("count(5, progress=2)", "knight.count(5, progress=2)"),
    Example(
        "count(5, progress=numpy.bool_(False))",
        "knight.count(5, progress=numpy.bool_(False))",
        "import numpy",
        answer="1728",
    ),
    Example("tour(8.0)", "knight.tour(8.0)"),
    Example("tour(8, max_nodes=True)", "knight.tour(8, max_nodes=True)"),
    Example("Board.parse(a 10**7-character line)", "Board.parse('.' * 10**7)"),
    Example("Tour.from_line(a 10**8-character line)", "Tour.from_line('1' * 10**8, 8)"),
    # -- CLI tracebacks
    Example("knight 8 > /dev/full", argv=["8"], stdout="/dev/full", exit=1),
    Example("knight count 5 > /dev/full", argv=["count", "5"], stdout="/dev/full", exit=1),
    Example("knight exists 8 > /dev/full", argv=["exists", "8"], stdout="/dev/full", exit=1),
    Example("knight 8 --format svg > /dev/full", argv=["8", "--format", "svg"], stdout="/dev/full", exit=1),
    Example("knight judge > /dev/full", argv=["judge"], stdin="one line", stdout="/dev/full", exit=1),
    Example("knight 8 >&-", argv=["8"], stdout="closed", exit=1),
    Example("knight judge <&-", argv=["judge"], stdin="closed", exit=2),
    # == issue #35: hostile input, round 3 ==
    # -- executors and signals (item 3)
    Example("count(5, executor=a shut-down pool)", "knight.count(5, executor=pool)", POOL + "\npool.shutdown()"),
    Example("count(5, executor=whose submit raises)", "knight.count(5, executor=E())", FAILING_SUBMIT),
    Example("count(5, executor=whose futures fail)", "knight.count(5, executor=E())", FAILING_FUTURE),
    Example(
        "count((3, 8), method='join', executor=whose futures fail)",
        "knight.count((3, 8), method='join', executor=E())",
        FAILING_FUTURE,
    ),
    Example(
        "count(6, enumerate, process pool, a worker killed)",
        "knight.count(6, method='enumerate', executor=pool, timeout=20)",
        KILLED_WORKER,
        within=5,
    ),
    Example("count((3, 8), threads=10**6)", "knight.count((3, 8), threads=10**6)"),
    Example(
        "knight count 7 (threads), Ctrl-C",
        argv=["count", "7", "--timeout", "100"],
        signal="SIGINT",
        exit=130,
        within=1.5,
    ),
    Example(
        "knight count 7 (threads), SIGTERM",
        argv=["count", "7", "--timeout", "100"],
        signal="SIGTERM",
        exit=143,
        within=1.5,
    ),
    Example("knight count 7 --workers 2 (walk), Ctrl-C", argv=WALK_ON_WORKERS, signal="SIGINT", exit=130, within=1.5),
    Example("knight count 7 --workers 2 (walk), SIGTERM", argv=WALK_ON_WORKERS, signal="SIGTERM", exit=143, within=1.5),
    Example(
        "knight count 7 --workers 2 (walk), a worker killed",
        argv=WALK_ON_WORKERS,
        signal="kill-worker",
        exit=1,
        within=2,
    ),
    # -- every deadline, every board (item 4)
    deadline("knight.count((2, 2, 10**6), timeout=1)", 1),
    deadline("knight.count((3, 3, 10**6), timeout=1)", 1),
    deadline("knight.count((3, 3, 10**6), method='enumerate', timeout=1)", 1),
    deadline("knight.tour((2, 2, 10**6), timeout=1)", 1),
    deadline("knight.tour((3, 3, 10**6), timeout=1)", 1),
    deadline("next(knight.tours((3, 3, 10**6), timeout=1))", 1),
    Example(
        "exists((3, 3, 10**6), start=5, timeout=1)",
        "knight.exists((3, 3, 10**6), start=5, timeout=1)",
        within=1.2,
        answer="True",
    ),
    deadline("knight.count((3, 10**7))", 2, name="count((3, 10**7)) (memory, no timeout)"),
    deadline("knight.tour(Board((3000, 3000), periodic=(True, False)), closed=True, method='backtrack', timeout=1)", 1),
    # -- the player validates (item 5)
    Example("draw.html(events off the board)", "knight.draw.html([Placed(99, 1)], board=Board(5))", PLAYER),
    Example(
        "draw.html(events of 8×8, board=5×5)",
        "knight.draw.html(list(knight.trace(8, 1, max_steps=100)), board=Board(5))",
        PLAYER,
    ),
    Example(
        "draw.html(an event holding <!--<script>)",
        "knight.draw.html([Placed('<!--<script>', 1)], board=Board(5))",
        PLAYER,
    ),
    Example("draw.html(title=5)", "knight.draw.html(knight.tour(5), title=5)", PLAYER),
    Example(
        "draw.html(title='<!--<script>') injects nothing",
        "injected('<!--<script></script><script>alert(1)</script>')",
        PLAYER,
        answer="False",
    ),
    Example("write_html(title with a lone surrogate) writes nothing", "written('a \\ud800 b')", PLAYER, answer="False"),
    # -- deep nesting (item 6)
    Example("tour(a list nested 100,000 deep)", "knight.tour(deep)", DEEP),
    Example("count(a list nested 100,000 deep)", "knight.count(deep)", DEEP),
    Example("tour(8, start=a list nested 100,000 deep)", "knight.tour(8, start=deep)", DEEP),
    Example("tour(8, moves=a list nested 100,000 deep)", "knight.tour(8, moves=deep)", DEEP),
    Example("Board(8, holes=a list nested 100,000 deep)", "Board(8, holes=deep)", DEEP),
    Example("draw.html(tour, title=a list nested 100,000 deep)", "knight.draw.html(knight.tour(5), title=deep)", DEEP),
    # -- the open items (item 6)
    deadline("knight.solve(b, timeout=1.5)", 1.5, PUZZLE, "solve(100×100, one given mid-board, timeout=1.5)"),
    Example("tour((30000, 25000), moves=(1, 1)) (a + b even)", "knight.tour((30000, 25000), moves=(1, 1))"),
    Example("twisted axis narrower than the move: every step a move", "all_moves()", TWISTED, answer="True"),
    Example(
        "next(trace(2000, start=1, timeout=5)): its first event, or refused",
        "first()",
        "def first():\n"
        "    try:\n        return next(knight.trace(2000, start=1, timeout=5)) == knight.Placed(1, 1)\n"
        "    except knight.SearchLimitError as error:\n        return 'the set-up of the search' in str(error)",
        within=5.2,
        answer="True",
    ),
    Example("knight FIFO (a picture that never ends)", argv=["{fifo}", "--timeout", "2"], exit=2, within=4),
    Example("knight solve FIFO", argv=["solve", "{fifo}", "--timeout", "2"], exit=2, within=4),
    # -- checkpoint files (#35 items 1 and 2): forged, damaged, planted and shared checkpoint directories
    Example(
        "checkpoint: a real one of 3×8, resumed",
        "knight.count((3, 8), checkpoint=os.path.dirname(made()))",
        CHECKPOINT,
        within=10,
        answer="792",
    ),
    Example("checkpoint forged: a negative step", "forged('step', step=2**32 - 1)", CHECKPOINT, within=10),
    Example("checkpoint forged: a step past the end", "forged('step', step=100)", CHECKPOINT, within=10),
    Example("checkpoint forged: the width", "forged('width', width=9)", CHECKPOINT, within=10),
    Example("checkpoint forged: a huge count of tours", "forged('tours', tours='most')", CHECKPOINT, within=10),
    Example(
        "checkpoint forged: counts of 600 bits",
        "forged('bits', body=struct.pack('<QI', 1, 600) + bytes([0] * 10) + b'\\x01' * 80)",
        CHECKPOINT,
        within=10,
    ),
    Example(
        "checkpoint forged: another question (3×9)",
        "forged('question', text=b'[3,9,null,null,null,false,[[1,2]]]')",
        CHECKPOINT,
        within=10,
    ),
    Example("checkpoint truncated to half", "damaged('body', 'header', keep=0.5)", CHECKPOINT, within=10),
    Example("checkpoint with a bit flipped in its body", "damaged('body CRC', flip=0.8)", CHECKPOINT, within=10),
    Example("checkpoint with a bit flipped in its header", "damaged('header', flip=0.1)", CHECKPOINT, within=10),
    Example(
        "checkpoint: every truncation and bit flip, the counts given",
        "every_damage()",
        CHECKPOINT,
        within=20,
        answer="[]",
    ),
    Example("checkpoint: a pickle as its shard file (runs nothing)", "pickled(True)", CHECKPOINT),
    Example("checkpoint=a pickle file (runs nothing)", "pickled(False)", CHECKPOINT),
    Example(
        "checkpoint: a FIFO as its shard file, timeout=2",
        "knight.count((3, 8), checkpoint=fifo(), timeout=2)",
        CHECKPOINT,
        within=2.2,
    ),
    Example("checkpoint: a FIFO as its shard file", "knight.count((3, 8), checkpoint=fifo())", CHECKPOINT),
    Example("checkpoint: a link planted at a temporary name", "planted('layer-1-0-of-1.kshard.part')", CHECKPOINT),
    Example("checkpoint: a link planted at its lock", "planted('lock')", CHECKPOINT),
    Example(
        "checkpoint: its lock held by another process",
        "refused(os.path.join(d := held(), 'x'), 'in use by another count', where=d)",
        CHECKPOINT,
    ),
    Example("checkpoint: four threads writing one", "threads()", CHECKPOINT, within=20, answer="True"),
    Example("checkpoint=a missing directory's child", "knight.count((3, 8), checkpoint='/nonexistent/knight/c')"),
    Example("checkpoint=''", "knight.count((3, 8), checkpoint='')"),
    Example("checkpoint='a\\0b' (a NUL)", "knight.count((3, 8), checkpoint='a\\0b')"),
]


def _limits(memory: int, close: tuple):
    """The child's preexec: the memory cap, and the fds to close."""

    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (memory, resource.getrlimit(resource.RLIMIT_AS)[1]))
        for fd in close:
            os.close(fd)

    return apply


def _fifo() -> str:
    """A new FIFO that nothing writes to: a picture file that never ends."""
    path = os.path.join(tempfile.mkdtemp(), "picture")
    os.mkfifo(path)
    return path


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listed:
            return [int(child) for child in listed.read().split()]
    except OSError:
        return []


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _counting(pid: int) -> bool:
    """Whether knight count runs in process pid: it catches SIGTERM while it counts (/proc's SigCgt)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            caught = next(line.split()[1] for line in status if line.startswith("SigCgt:"))
    except (OSError, StopIteration):
        return False
    return bool(int(caught, 16) & (1 << (signal.SIGTERM - 1)))


def _signal(child: subprocess.Popen, example: Example) -> tuple[list[int], float]:
    """Once the count runs, and example.after seconds more, send example.signal to child (or SIGKILL to its first worker);
    the worker processes it had then (to check that none is left), and when it was sent."""
    began = time.monotonic()
    while not _counting(child.pid) and time.monotonic() - began < 20:  # the interpreter's start, under load
        time.sleep(0.02)
    time.sleep(example.after)
    workers = _children(child.pid)
    began = time.monotonic()
    while example.signal == "kill-worker" and not workers and time.monotonic() - began < 20:
        time.sleep(0.05)  # the twin splits the count for longer before its first worker starts
        workers = _children(child.pid)
    if example.signal != "kill-worker":
        child.send_signal(getattr(signal, example.signal or "SIGINT"))
    elif workers:
        os.kill(workers[0], signal.SIGKILL)
    return workers, time.monotonic()


def run(example: Example, core: str, limit: float, memory: int) -> dict:
    """Run example on core in a fresh process; its outcome, seconds, peak RSS (MiB) and code."""
    env = dict(os.environ)
    env.pop("KNIGHT_NO_EXTENSIONS", None)
    if core == "python":
        env["KNIGHT_NO_EXTENSIONS"] = "1"
    close = []
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        stdin, stdout = subprocess.DEVNULL, out
        if example.argv:
            argv = [sys.executable, "-m", "knight", *(_fifo() if word == "{fifo}" else word for word in example.argv)]
            if example.stdin == "closed":
                close.append(0)
            elif example.stdin == "one line":
                stdin = tempfile.TemporaryFile()
                stdin.write(b"1\n-1\n")
                stdin.seek(0)
            elif example.stdin:
                stdin = open(example.stdin, "rb")
            if example.stdout == "closed":
                close.append(1)
            elif example.stdout:
                stdout = open(example.stdout, "wb")
        else:
            argv = [sys.executable, "-c", CHILD.format(setup=example.setup, call=example.call)]
        began = time.monotonic()
        child = subprocess.Popen(
            argv, stdin=stdin, stdout=stdout, stderr=err, env=env, preexec_fn=_limits(memory, tuple(close))
        )
        killed = False
        workers, sent = _signal(child, example) if example.signal else ([], began)
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - began > limit:
                child.kill()
                killed = True
                pid, status, usage = os.wait4(child.pid, 0)
                break
            time.sleep(0.01)
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
        wall = time.monotonic() - sent  # for a signal, from the signal on
        for stream in (stdin, stdout):
            if stream not in (subprocess.DEVNULL, out):
                stream.close()
        out.seek(0)
        err.seek(0)
        printed, errors = out.read().decode(errors="replace"), err.read().decode(errors="replace")
    left = [pid for pid in workers if _alive(pid)]
    result = {"rss": usage.ru_maxrss / 1024, "code": child.returncode, "seconds": wall, "killed": killed}
    if killed:
        result["outcome"] = f"killed after {limit:.0f} s"
        result["kept"] = False
    elif example.argv:
        lines = errors.splitlines()
        result["outcome"] = f"exit {child.returncode}" + (f": {lines[-1][:60]}" if lines else "")
        result["kept"] = child.returncode == example.exit and "Traceback" not in errors and len(lines) <= example.lines
        result["kept"] = result["kept"] and wall <= example.within
        if left:
            result["outcome"] += f" ({len(left)} worker(s) left running)"
            result["kept"] = False
    else:
        try:
            found = json.loads(printed.splitlines()[-1])
        except (IndexError, ValueError):
            tail = errors.strip().splitlines()
            result["outcome"] = f"crashed (code {child.returncode}): {tail[-1][:60] if tail else ''}"
            result["kept"] = False
            return result
        result["seconds"] = found["seconds"]
        if "answer" in found:
            result["outcome"] = f"answer {found['answer'][:60]}"
            right = example.answer is not None and found["answer"] == example.answer
        else:
            words = " ".join(found["message"].split()[:10])
            result["outcome"] = f"{found['error']}: {words[:70]}"
            right = example.answer is None and found["knight"]
        result["kept"] = right and found["seconds"] <= example.within
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=float, default=30.0, help="wall-clock seconds before a child is killed")
    parser.add_argument("--memory", type=float, default=4.0, help="the child's address-space cap in GiB")
    parser.add_argument("--slack", type=float, default=0.2, help="seconds past a timeout still counted as kept")
    parser.add_argument("--core", choices=["cython", "python"], action="append", help="only this core")
    parser.add_argument("names", nargs="*", help="only the examples whose names contain one of these")
    options = parser.parse_args()
    chosen = [e for e in EXAMPLES if not options.names or any(n in e.name for n in options.names)]
    for example in chosen:
        if example.argv:
            continue
        if "timeout=" in example.name or "max_nodes=" in example.name:
            example.within += options.slack
    memory = int(options.memory * 2**30)
    print(f"load average {os.getloadavg()[0]:.1f}; memory cap {options.memory:g} GiB; limit {options.limit:g} s")
    print("| example | core | outcome | s | peak RSS MiB | kept |\n|---|---|---|---|---|---|")
    kept = total = 0
    for example in chosen:
        for core in options.core or ["cython", "python"]:
            result = run(example, core, options.limit, memory)
            total += 1
            kept += result["kept"]
            print(
                f"| {example.name} | {core} | {result['outcome']} | {result['seconds']:.2f} | "
                f"{result['rss']:.0f} | {'yes' if result['kept'] else 'NO'} |",
                flush=True,
            )
    print(f"\n{kept} of {total} kept")


if __name__ == "__main__":
    main()
