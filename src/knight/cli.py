"""The knight command: print a tour, or run the seed problem's judge mode.

    knight [START] [--size N|RxC] [--closed] [--format FMT] [--max-nodes N]
    knight judge < starts.txt
    knight count [--size N|RxC] [--closed] [--start S] [--workers K] [--progress] [--max-nodes N]
    knight all [START] [--size N|RxC] [--closed] [--format FMT] [--max-nodes N]

Errors print one line on stderr; the exit code is 2 for bad arguments, 1 when no tour
exists or the search gives up, 130 after Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import sys
from typing import Callable, Iterator, Sequence

from . import _enumerate, _judge
from ._errors import InvalidInputError, KnightError, NoTourError, SearchLimitError
from ._search import tour

FORMATS = ("grid", "boxed", "line", "coords", "algebraic", "matrix")


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise InvalidInputError(message)


def parse_size_text(text: str) -> int | tuple[int, int]:
    """"8" -> 8, "5x6" (or "5×6") -> (5, 6)."""
    match = re.fullmatch(r"\s*([0-9]+)\s*(?:[x×X,]\s*([0-9]+))?\s*", text)
    if match is None:
        raise InvalidInputError(f"size {text!r} must be N or RxC, such as 8 or 5x6")
    rows = int(match.group(1))
    return rows if match.group(2) is None else (rows, int(match.group(2)))


def parse_start_text(text: str) -> int | str | tuple[int, int]:
    """"12" -> square 12, "3,4" -> (row 3, col 4), anything else an algebraic name."""
    text = text.strip()
    if re.fullmatch(r"-?[0-9]+", text):
        return int(text)
    match = re.fullmatch(r"\(?\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*\)?", text)
    if match:
        return int(match.group(1)), int(match.group(2))
    return text


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """The --size and --closed options every subcommand shares."""
    parser.add_argument("--size", default="8", help="board size: N for N×N or RxC (default 8)")
    parser.add_argument("--closed", action="store_true", help="the last square must be a knight's move from the first")


def _tour_command(argv: Sequence[str]) -> int:
    parser = _Parser(prog="knight", description="Print a knight's tour.")
    parser.add_argument("start", nargs="?", default="1", help="square number, ROW,COL (0-based) or name such as e4")
    add_board_options(parser)
    parser.add_argument("--format", choices=FORMATS, default="grid", help="output format (default grid)")
    parser.add_argument("--max-nodes", type=int, default=None, help="search node budget")
    args = parser.parse_args(argv)
    found = tour(
        parse_start_text(args.start), parse_size_text(args.size), closed=args.closed, max_nodes=args.max_nodes
    )
    write_tour(found, args.format)
    return 0


def write_tour(found, fmt: str, *, flush: bool = False) -> None:
    """Print one tour in the named format."""
    if fmt == "line":
        text = found.line()
    elif fmt == "grid":
        text = found.grid()
    elif fmt == "boxed":
        text = found.grid(boxed=True)
    elif fmt == "coords":
        text = "\n".join(f"{row} {col}" for row, col in found.coords())
    elif fmt == "algebraic":
        text = " ".join(found.algebraic())
    else:
        text = "\n".join(" ".join(map(str, row)) for row in found.matrix())
    sys.stdout.write(text + "\n")
    if flush:
        sys.stdout.flush()


def _judge_command(argv: Sequence[str]) -> int:
    _Parser(prog="knight judge", description="Answer the seed problem: starts in, tours out.").parse_args(argv)
    _judge.run(sys.stdin, sys.stdout)
    return 0


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


def _count_command(argv: Sequence[str]) -> int:
    parser = _Parser(prog="knight count", description="Count every knight's tour of a board, exactly.")
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


def _all_command(argv: Sequence[str]) -> int:
    parser = _Parser(prog="knight all", description="Print every knight's tour from START (or from every square).")
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


COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {
    "judge": _judge_command,
    "count": _count_command,
    "all": _all_command,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the knight command; return its exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = COMMANDS.get(argv[0], _tour_command) if argv else _tour_command
    if command is not _tour_command:
        argv = argv[1:]
    try:
        return command(argv)
    except (NoTourError, SearchLimitError) as error:
        print(f"knight: {error}", file=sys.stderr)
        return 1
    except (KnightError, ValueError, TypeError) as error:
        print(f"knight: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
