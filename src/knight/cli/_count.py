"""The knight command's counting subcommands: knight count and knight all."""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import signal
import sys
from typing import TYPE_CHECKING, Generator, Optional, Sequence, Union, cast, get_args

import knight  # knight.count, the function (`from .. import count` would name the subpackage)

from .. import CountMethod, tours
from ..count import _enumerate
from ._common import (
    FORMATS,
    Parser,
    add_size_argument,
    board_of,
    flag_named,
    integer_option,
    no_extra_arguments,
    parse_start_text,
    start_of,
    write_tour,
)

if TYPE_CHECKING:  # executors load when a count runs on workers, not at start-up
    import multiprocessing
    from concurrent.futures import Executor

#: The most nodes --max-nodes takes: the library's budgets stop there (2**62).
MAX_NODES = 2**62

#: What knight count says without a SIZE: which boards it finishes quickly.
COUNT_NEEDS_A_SIZE = (
    "knight count needs a SIZE: counts finish in seconds on boards up to 6×6 for open tours "
    "(knight count 6), 6×7 for closed ones (knight count 6x7 --closed) and long boards up to 5 wide "
    "(knight count 4x30); 7×7 open or 8×8 would take hours"
)


def max_workers() -> int:
    """The most worker processes --workers takes: four a CPU, and no more than a count has work items."""
    return min(_enumerate.MAX_ITEMS, 4 * (os.cpu_count() or 1))


def max_nodes_option(parser: argparse.ArgumentParser, help: str) -> None:
    """--max-nodes N: a positive node budget, refused in one line past MAX_NODES."""
    parser.add_argument(
        "--max-nodes",
        type=integer_option("max-nodes", 1, MAX_NODES, "; leave --max-nodes out for the default"),
        default=None,
        metavar="N",
        help=help,
    )


def _worker_started() -> None:
    """In a worker process: Ctrl-C ends the work item within a chunk, quietly; and the worker ends
    when the command does, even killed (SIGKILL tells no one: an orphan would wait for work for ever).
    SIGTERM ends it as SIGKILL would (forked, it inherited the command's handler, which unwinds)."""
    signal.signal(signal.SIGINT, _enumerate.request_stop)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if os.name == "posix":  # an orphan gets a new parent there; Windows keeps the old pid
        import threading

        threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True).start()


def _end_with_parent(parent: int) -> None:
    """Wait until this process's parent is gone (it has been given another), then end at once."""
    import time

    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _terminate(command: int, signum: int, _frame: object) -> None:
    """SIGTERM ends a count as Ctrl-C does: the workers are stopped, then the command exits. In a worker
    forked from the command (pid command) before _worker_started has put SIGTERM back, it ends the
    worker at once, as SIGTERM would: unwinding there (between the fork and multiprocessing's
    bootstrap, which catches SystemExit) would run the command's own code on in the worker, a second
    command that shuts down a copy of the pool whose threads are not there, and waits for ever."""
    if os.getpid() != command:
        os._exit(128 + signum)
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def terminate_like_interrupt() -> Generator[None, None, None]:
    """While counting, SIGTERM unwinds like Ctrl-C (so worker_pool takes the workers down)."""
    try:
        previous = signal.signal(signal.SIGTERM, functools.partial(_terminate, os.getpid()))
    except ValueError:  # not the main thread: leave SIGTERM alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def seconds_option(text: str) -> float:
    """An argparse type for --timeout: a positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a positive number of seconds")
    return value


def timeout_option(parser: argparse.ArgumentParser) -> None:
    """--timeout SECONDS: give up after that long (the library's timeout=, which checks the clock)."""
    parser.add_argument(
        "--timeout",
        type=seconds_option,
        default=None,
        metavar="SECONDS",
        help="give up after this many seconds (default: never)",
    )


@contextlib.contextmanager
def worker_pool(workers: int) -> Generator[Optional[Executor], None, None]:
    """A ProcessPoolExecutor of workers processes (None for workers 0) that stops promptly on errors."""
    if workers == 0:
        yield None
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers, initializer=_worker_started)
    try:
        yield pool
    except BaseException:
        processes: dict[int, multiprocessing.Process] = getattr(pool, "_processes", None) or {}  # the pool's own
        for process in list(processes.values()):
            if sys.platform == "win32":
                process.terminate()
            else:  # the items they run stop within a chunk; Ctrl-C may have told them already
                with contextlib.suppress(ProcessLookupError):  # a worker already gone (killed: BrokenProcessPool)
                    os.kill(cast(int, process.pid), signal.SIGINT)  # a started worker's
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()


def _memory_option(text: str) -> Union[int, str]:
    """--memory's text: a plain number is bytes (as knight.count's int), anything else a size such as 8GB."""
    return int(text) if text.isdigit() else text


def count_command(argv: Sequence[str]) -> int:
    parser = Parser(
        prog="knight count",
        usage="knight count SIZE [--start SQUARE] [--end SQUARE] [--closed] [--method M] [--workers K] [--threads T] "
        "[--progress] [--memory SIZE] [--spill DIR] [--checkpoint DIR] [--max-nodes N] [--timeout S]",
        description="Count every knight's tour of a board, exactly: open tours as directed paths "
        "(from START, or from every square), closed ones as cycles.",
    )
    add_size_argument(parser, required=True)
    parser.add_argument("--start", default=None, metavar="SQUARE", help="count the tours from this square only")
    parser.add_argument("--end", default=None, metavar="SQUARE", help="count the open tours to this square only")
    parser.add_argument(
        "--method",
        choices=get_args(CountMethod),
        default="auto",
        help="frontier: sweep the board without walking a tour; join: sweep its two halves to the middle "
        "and join them; enumerate: walk every tour; auto (default): frontier unless the board is too wide for it",
    )
    most = max_workers()
    parser.add_argument(
        "--workers",
        type=integer_option(
            "workers", 0, most, f" here (four a CPU, and a count has at most {_enumerate.MAX_ITEMS} work items)"
        ),
        default=0,
        metavar="K",
        help=f"worker processes, 0 to {most} (default 0: count in this process)",
    )
    parser.add_argument(
        "--threads",
        type=integer_option("threads", 1),
        default=None,
        metavar="T",
        help="the most threads the frontier sweep takes in this process (default, and at most: one a CPU it may run on)",
    )
    parser.add_argument(
        "--progress", action="store_true", help="show a progress bar with the time left, on stderr (needs tqdm)"
    )
    parser.add_argument(
        "--memory",
        default=None,
        metavar="SIZE",
        help="the most memory the frontier sweep's layers take (8GB, 512MB, or bytes); past it a layer is kept "
        "on disk as shard files, swept one shard at a time",
    )
    parser.add_argument(
        "--spill",
        default=None,
        metavar="DIR",
        help="the directory of the layers kept on disk (default: a temporary one, removed afterwards)",
    )
    parser.add_argument(
        "--checkpoint",
        default=None,
        metavar="DIR",
        help="the frontier sweep keeps its last finished step's shard files in DIR (made if missing), "
        "and resumes from them when run again",
    )
    max_nodes_option(parser, "budget: search nodes walked or frontier states swept (default 1,000,000,000)")
    timeout_option(parser)
    args = no_extra_arguments(parser, argv, "count")
    board = board_of(args, "count", missing=COUNT_NEEDS_A_SIZE)
    start = start_of(args)
    with terminate_like_interrupt(), worker_pool(args.workers) as pool, flag_named("--progress"):
        total = knight.count(
            board,
            start=start,
            end=None if args.end is None else parse_start_text(args.end),
            closed=args.closed,
            method=args.method,
            executor=pool,
            progress=args.progress,
            memory=None if args.memory is None else _memory_option(args.memory),
            spill=args.spill,
            checkpoint=args.checkpoint,
            threads=args.threads,
            max_nodes=args.max_nodes,
            timeout=args.timeout,
        )
    print(total)
    return 0


def all_command(argv: Sequence[str]) -> int:
    parser = Parser(
        prog="knight all",
        usage="knight all [SIZE] [--start SQUARE] [--closed] [--format FMT] [--max-nodes N]",
        description="Print every knight's tour of a board from START (or from every square), as found.",
    )
    add_size_argument(parser)
    parser.add_argument("--start", default=None, metavar="SQUARE", help="only the tours from this square")
    parser.add_argument("--format", choices=FORMATS, default="line", help="output format (default line)")
    max_nodes_option(parser, "search node budget (default 1,000,000,000)")
    args = no_extra_arguments(parser, argv, "all")
    board = board_of(args, "all")
    found = tours(board, start=start_of(args), closed=args.closed, max_nodes=args.max_nodes)
    for index, each in enumerate(found):
        if index and args.format not in ("line", "algebraic"):
            sys.stdout.write("\n")  # a blank line between multi-line tours
        write_tour(each, args.format, flush=True)
    return 0
