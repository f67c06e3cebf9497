"""The knight command: print a tour, say whether one exists, count or list them all, or judge.

    knight [SIZE] [--start SQUARE] [--end SQUARE] [--closed] [--format FMT] [--method M]
           [--moves A,B] [--seed N] [--max-nodes N] [--timeout SECONDS] [-o PICTURE]
    knight exists [SIZE] [--start SQUARE] [--end SQUARE] [--closed] [--moves A,B] [--max-nodes N] [--timeout SECONDS]
    knight count SIZE [--start SQUARE] [--closed] [--workers K] [--progress] [--max-nodes N]
    knight all [SIZE] [--start SQUARE] [--closed] [--format FMT] [--max-nodes N]
    knight solve FILE [--format FMT] [--moves A,B] [--max-nodes N] [--timeout SECONDS]
    knight compare [SIZE] [--start SQUARE] [--closed] [--methods M,M,...] [--max-nodes N] [-o CHART.svg]
    knight trace [SIZE] [--start SQUARE] [--method M] [--closed] [--max-steps N] [--html FILE] [--delay SECONDS]
    knight judge < starts.txt
    knight magic [SIZE] [--closed] [--diagonal] [--nested] [--start SQUARE] [--seed N] [-o SQUARE.svg]
    knight --version

SIZE comes first, as in knight.tour(size, start): N for N×N, RxC (or R×C), or a picture
file of the board ("-" reads it from stdin), whose cells are "." a square, "#" a hole and
a number a given move (a puzzle, completed with its givens), separated by spaces; it defaults to 8 except for count. --size N|RxC is still taken for
this release; with a SIZE too, it is the size given twice. "knight tour ..." is the
default command spelled out.

A file written (-o, --html) is said in one line on stderr, "knight: wrote tour.svg (SVG,
12,345 bytes)", so that stdout holds only the answer.

Errors print one line on stderr, naming a flag as it is typed (--progress, -o tour.png);
the exit code is 2 for bad arguments, 1 when no tour exists, the search gives up, memory
runs out, an optional dependency is missing (--progress without tqdm, PNG output without
cairosvg: the message gives the quoted pip command) or the output cannot be written (a full
disk); 130 after Ctrl-C. A closed stdout (knight 8 >&-) exits 1
and a broken pipe (knight 8 | head -c 1) 141, as a process killed by SIGPIPE, both quietly.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
import sys
from typing import Any, Callable, Sequence, cast

from .. import (
    METHODS,
    Board,
    InvalidInputError,
    KnightError,
    NoTourError,
    SearchLimitError,
    WorkerError,
    no_tour_reason,
    tour,
)
from . import _judge
from ._common import (
    COMMAND_LINES,
    FORMATS,
    Parser,
    add_size_argument,
    board_of,
    check_leaper,
    flag_named,
    integer_option,
    no_extra_arguments,
    parse_moves_text,
    parse_start_text,
    start_of,
    write_tour,
    wrote,
)
from ._compare import compare_command
from ._count import all_command, count_command, max_nodes_option, timeout_option
from ._magic import magic_command
from ._solve import solve_command
from ._trace import trace_command

_OPTIONS = """[SIZE] [--start SQUARE] [--end SQUARE] [--closed] [--format FMT] [--method M]
              [--moves A,B] [--seed N] [--max-nodes N] [--timeout SECONDS] [-o PICTURE]"""

#: knight --help's usage: the tour command's options, then every subcommand.
_USAGE = f"""knight {_OPTIONS}
       knight {{{",".join(COMMAND_LINES)}}} ...   (knight COMMAND --help for each)"""


def _commands_text() -> str:
    width = max(map(len, COMMAND_LINES))
    lines = [f"  {name:<{width}}  {line}" for name, line in COMMAND_LINES.items()]
    return (
        "commands:\n"
        + "\n".join(lines)
        + "\n\nexamples:\n"
        + "\n".join(
            [
                "  knight                        an 8×8 tour from a8, as a grid",
                "  knight 6x7 --start e4 --closed --format line",
                "  knight board.txt              a tour of the board pictured in board.txt",
                "  knight 8 --start a1 --end h1    an open tour from a1 ending on h1",
                "  knight solve puzzle.txt       complete the given moves of a puzzle",
                "  knight count 6 --workers 2",
                "  knight compare 8 --start a1   nodes each method needs, as a table",
                "  knight trace 5x6 --start d4   watch the search place and take back squares",
                "  knight magic 8                a semimagic tour, with its row and column sums",
            ]
        )
    )


def _tour_command(argv: Sequence[str], command: str = "") -> int:
    """knight [SIZE] ..., or spelled out (command "tour"), knight tour [SIZE] ..., whose help is its own."""
    from .. import __version__

    if command:
        parser = Parser(
            prog=f"knight {command}",
            usage=f"knight {command} {_OPTIONS}".replace("\n      ", "\n" + " " * (len(command) + 7)),
            description=f"Print a knight's tour of a board: {COMMAND_LINES[command]}.",
        )
    else:
        parser = Parser(
            prog="knight",
            usage=_USAGE,
            description="Print a knight's tour of a board, or run one of the commands below.",
            epilog=_commands_text(),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
    add_size_argument(parser)
    parser.add_argument(
        "--start",
        default=None,
        metavar="SQUARE",
        help="square number, ROW,COL (0-based) or name such as e4 (default: the first square)",
    )
    parser.add_argument("--end", default=None, metavar="SQUARE", help="the last square of an open tour")
    parser.add_argument("--format", choices=FORMATS, default=None, help="output format (default grid)")
    parser.add_argument("--method", choices=list(METHODS), default="auto", help="strategy (default auto)")
    parser.add_argument(
        "--moves", default=None, metavar="A,B", help="leaper A,B: 1,2 knight (default), 1,3 camel, 2,3 zebra"
    )
    parser.add_argument(
        "--seed",
        type=integer_option("seed", -(10**20)),
        default=None,
        metavar="N",
        help="random seed for --method random or uniform",
    )
    max_nodes_option(parser, "search node budget (default 20,000,000)")
    timeout_option(parser)
    parser.add_argument(
        "-o",
        "--output",
        metavar="PICTURE",
        help="write a picture: a name ending .svg or .png (says what it wrote on stderr)",
    )
    parser.add_argument("--version", action="version", version=f"knight {__version__}")
    args = no_extra_arguments(parser, argv, command)
    draw: Any = None
    if args.output is not None:
        from .. import draw

        draw.picture_format(args.output)
        if args.format not in (None, "svg"):
            raise InvalidInputError(f"--format {args.format} does not go with -o, which writes a picture")
    board = _leaper_board(args, command)
    found = tour(
        board,
        start_of(args),
        end=_end_of(args),
        closed=args.closed,
        max_nodes=args.max_nodes,
        method=args.method,
        seed=args.seed,
        timeout=args.timeout,
    )
    if draw is not None:
        output = cast(str, args.output)  # given: draw is its picture's module
        with flag_named(f"-o {output}"):
            draw.write(found, output)
        wrote(output)
    else:
        write_tour(found, args.format or "grid")
    return 0


def _end_of(args: argparse.Namespace) -> int | str | tuple[int, int] | None:
    """The --end option as knight.tour takes it."""
    return None if args.end is None else parse_start_text(args.end, "--end")


def _leaper_board(args: argparse.Namespace, command: str) -> Board:
    """The board of SIZE for the leaper --moves names (the knight by default)."""
    moves = (1, 2) if args.moves is None else parse_moves_text(args.moves)
    board = board_of(args, command, moves)
    check_leaper(board)
    return board


def _judge_command(argv: Sequence[str]) -> int:
    parser = Parser(
        prog="knight judge",
        usage="knight judge < starts.txt",
        description="Answer the seed problem: read starts 1 to 64, one a line, until -1; print an 8×8 "
        "tour from each as its 64 square numbers on one line. Any other line prints -1 and a message "
        "on stderr naming its line number, and the exit code is then 1.",
    )
    parser.parse_args(argv)
    if sys.stdin is None:
        raise InvalidInputError("knight judge reads starts from stdin, but stdin is closed")
    return 1 if _judge.run(sys.stdin, sys.stdout, sys.stderr) else 0


def _exists_command(argv: Sequence[str]) -> int:
    parser = Parser(
        prog="knight exists",
        usage="knight exists [SIZE] [--start SQUARE] [--end SQUARE] [--closed] [--moves A,B] [--max-nodes N] [--timeout SECONDS]",
        description="Say whether a knight's tour exists: yes (exit 0), or no and why (exit 1).",
    )
    add_size_argument(parser)
    parser.add_argument("--start", default=None, metavar="SQUARE", help="only tours from this square")
    parser.add_argument("--end", default=None, metavar="SQUARE", help="only open tours ending on this square")
    parser.add_argument("--moves", default=None, metavar="A,B", help="leaper A,B (default 1,2, the knight)")
    max_nodes_option(parser, "search node budget, where a search must answer (default 20,000,000)")
    timeout_option(parser)
    args = no_extra_arguments(parser, argv, "exists")
    board = _leaper_board(args, "exists")
    reason = no_tour_reason(
        board, start_of(args), end=_end_of(args), closed=args.closed, max_nodes=args.max_nodes, timeout=args.timeout
    )
    sys.stdout.write("yes\n" if reason is None else f"no: {reason}\n")
    return 0 if reason is None else 1


COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {
    "tour": lambda argv: _tour_command(argv, "tour"),
    "exists": _exists_command,
    "count": count_command,
    "all": all_command,
    "solve": solve_command,
    "compare": compare_command,
    "trace": trace_command,
    "judge": _judge_command,
    "magic": magic_command,
}


#: The exit code of a broken pipe: 128 + SIGPIPE, as a shell reports a process SIGPIPE killed.
BROKEN_PIPE_EXIT = 141

#: The exit code when stdout is closed (knight 8 >&-): a write error, said by no message.
CLOSED_STDOUT_EXIT = 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the knight command; return its exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = COMMANDS.get(argv[0], _tour_command) if argv else _tour_command
    if argv and argv[0] in COMMANDS:
        argv = argv[1:]
    if sys.stdout is None:  # started with stdout closed: nothing could be said, so do nothing
        return CLOSED_STDOUT_EXIT
    try:
        code = command(argv)
        sys.stdout.flush()  # a write error (a full disk) is raised here, not at exit
        return code
    except (NoTourError, SearchLimitError) as error:
        print(f"knight: {_one_line(error)}", file=sys.stderr)
        return 1
    except WorkerError as error:  # an executor or worker failed or was lost: not the arguments' fault
        print(f"knight: error: {_one_line(error)}", file=sys.stderr)
        return 1
    except ImportError as error:  # knight.MissingExtraError: PNG output without cairosvg, --progress without tqdm
        print(f"knight: error: {error}", file=sys.stderr)
        return 1
    except MemoryError as error:
        print(f"knight: error: out of memory{f': {error}' if str(error) else ''}", file=sys.stderr)
        return 1
    except (KnightError, ValueError, TypeError, OverflowError) as error:
        print(f"knight: error: {_one_line(error)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except OSError as error:  # writing the output failed (stdout is a broken pipe, closed, or a full disk)
        return _output_failed(error)
    except SystemExit as stop:  # --help and --version print, then exit 0
        return stop.code if isinstance(stop.code, int) else 0


def _output_failed(error: OSError) -> int:
    """The exit code when writing stdout failed: quietly for a broken pipe or a closed stdout,
    one line on stderr for any other error. Output still buffered is dropped, so that Python's
    flush at exit does not fail again with a traceback."""
    _drop_stdout()
    if isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE:
        return BROKEN_PIPE_EXIT
    if error.errno == errno.EBADF:
        return CLOSED_STDOUT_EXIT
    where = f" ({error.filename})" if error.filename else ""
    print(f"knight: error: {error.strerror or _one_line(error)}{where}", file=sys.stderr)
    return 1


def _drop_stdout() -> None:
    """Point stdout's file descriptor at os.devnull (when stdout is the process's own)."""
    stdout = sys.stdout
    if stdout is not sys.__stdout__:
        return
    if stdout is None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


#: The library's spelling of an argument in its messages, and the flag the command takes for it:
#: an error names the flag as it is typed (max_nodes=1,000 -> --max-nodes 1,000).
_AS_TYPED = (
    (re.compile(r"\bmax_nodes=([0-9,]+)"), r"--max-nodes \1"),
    (re.compile(r"\bmethod='([a-z_]+)'"), r"--method \1"),
    (re.compile(r"\bclosed=True\b"), "--closed"),
    (re.compile(r"\btimeout=([0-9.]+)"), r"--timeout \1"),
    (re.compile(r" \(the board comes first: knight\.[a-z_]+\([^)]*\) is an? [^)]*board\)"), ""),  # SIZE is first
)


def _one_line(error: BaseException) -> str:
    """The error's message on one line, whatever it holds, its arguments named as the command's flags."""
    text = " ".join(str(error).split()) or type(error).__name__
    for spelling, flag in _AS_TYPED:
        text = spelling.sub(flag, text)
    return text


if __name__ == "__main__":
    sys.exit(main())
