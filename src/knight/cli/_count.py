"""The knight command's counting subcommands: knight count and knight all."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import Iterator, Sequence

from ..count import _enumerate
from ._common import FORMATS, Parser, add_board_options, parse_size_text, parse_start_text, write_tour
from .._errors import InvalidInputError


def _stop_on_interrupt() -> None:
    """In a worker process, Ctrl-C ends the work item within a chunk, quietly."""
    signal.signal(signal.SIGINT, _enumerate.request_stop)


@contextlib.contextmanager
def worker_pool(workers: int) -> Iterator[object]:
    """A ProcessPoolExecutor of workers processes (None for workers 0) that stops promptly on errors."""
    if workers == 0:
        yield None
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers, initializer=_stop_on_interrupt)
    try:
        yield pool
    except BaseException:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            if sys.platform == "win32":
                process.terminate()
            else:  # the items they run stop within a chunk; Ctrl-C may have told them already
                os.kill(process.pid, signal.SIGINT)
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()


def count_command(argv: Sequence[str]) -> int:
    parser = Parser(prog="knight count", description="Count every knight's tour of a board, exactly.")
    add_board_options(parser)
    parser.add_argument("--start", default=None, help="count the tours from this square only")
    parser.add_argument("--workers", type=int, default=0, help="worker processes (default 0: count in this process)")
    parser.add_argument("--progress", action="store_true", help="show a progress bar over work items (needs tqdm)")
    parser.add_argument("--max-nodes", type=int, default=None, help="search node budget (default none)")
    args = parser.parse_args(argv)
    if args.workers < 0:
        raise InvalidInputError(f"--workers must be 0 or more, not {args.workers}")
    start = None if args.start is None else parse_start_text(args.start)
    size = parse_size_text(args.size)
    try:
        with worker_pool(args.workers) as pool:
            total = _enumerate.count(
                size, start=start, closed=args.closed, executor=pool, progress=args.progress, max_nodes=args.max_nodes
            )
    except ImportError as error:
        raise InvalidInputError(str(error)) from None
    print(total)
    return 0


def all_command(argv: Sequence[str]) -> int:
    parser = Parser(prog="knight all", description="Print every knight's tour from START (or from every square).")
    parser.add_argument("start", nargs="?", default=None, help="square number, ROW,COL (0-based) or name such as e4")
    add_board_options(parser)
    parser.add_argument("--format", choices=FORMATS, default="line", help="output format (default line)")
    parser.add_argument("--max-nodes", type=int, default=None, help="search node budget (default none)")
    args = parser.parse_args(argv)
    start = None if args.start is None else parse_start_text(args.start)
    found = _enumerate.tours(parse_size_text(args.size), start=start, closed=args.closed, max_nodes=args.max_nodes)
    for index, each in enumerate(found):
        if index and args.format not in ("line", "algebraic"):
            sys.stdout.write("\n")  # a blank line between multi-line tours
        write_tour(each, args.format, flush=True)
    return 0
