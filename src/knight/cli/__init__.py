"""The knight command: print a tour, or run the seed problem's judge mode.

    knight [START] [--size N|RxC] [--closed] [--format FMT] [--max-nodes N] [-o PICTURE]
           [--method NAME] [--moves A,B] [--seed N]
    knight exists [--size N|RxC] [--closed] [--start S]
    knight judge < starts.txt
    knight count [--size N|RxC] [--closed] [--start S] [--workers K] [--progress] [--max-nodes N]
    knight all [START] [--size N|RxC] [--closed] [--format FMT] [--max-nodes N]

Errors print one line on stderr; the exit code is 2 for bad arguments, 1 when no tour
exists, the search gives up or PNG output lacks cairosvg; 130 after Ctrl-C.
"""

from __future__ import annotations

import sys
from typing import Callable, Sequence

from . import _judge
from ._common import FORMATS, Parser, add_board_options, parse_moves_text, parse_size_text, parse_start_text, write_tour
from ._count import all_command, count_command
from .._errors import InvalidInputError, KnightError, NoTourError, SearchLimitError
from ..search._find import no_tour_reason, tour
from ..search._methods import METHODS


def _tour_command(argv: Sequence[str]) -> int:
    parser = Parser(prog="knight", description="Print a knight's tour.")
    parser.add_argument("start", nargs="?", default="1", help="square number, ROW,COL (0-based) or name such as e4")
    add_board_options(parser)
    parser.add_argument("--format", choices=FORMATS, default=None, help="output format (default grid)")
    parser.add_argument("--max-nodes", type=int, default=None, help="search node budget")
    parser.add_argument("-o", "--output", metavar="PATH", help="write a picture: PATH ending .svg or .png")
    parser.add_argument("--method", choices=list(METHODS), default="auto", help="strategy (default auto)")
    parser.add_argument("--moves", default="1,2", help="leaper A,B: 1,2 knight (default), 1,3 camel, 2,3 zebra")
    parser.add_argument("--seed", type=int, default=None, help="random seed for --method random")
    args = parser.parse_args(argv)
    if args.output is not None:
        from .. import svg

        svg.picture_format(args.output)
        if args.format not in (None, "svg"):
            raise InvalidInputError(f"--format {args.format} does not go with -o, which writes a picture")
    found = tour(
        parse_start_text(args.start),
        parse_size_text(args.size),
        closed=args.closed,
        max_nodes=args.max_nodes,
        method=args.method,
        moves=parse_moves_text(args.moves),
        seed=args.seed,
    )
    if args.output is not None:
        svg.write(found, args.output)
    else:
        write_tour(found, args.format or "grid")
    return 0


def _judge_command(argv: Sequence[str]) -> int:
    Parser(prog="knight judge", description="Answer the seed problem: starts in, tours out.").parse_args(argv)
    _judge.run(sys.stdin, sys.stdout)
    return 0


def _exists_command(argv: Sequence[str]) -> int:
    parser = Parser(prog="knight exists", description="Say whether a knight's tour exists: yes, or no and why.")
    add_board_options(parser)
    parser.add_argument("--start", default=None, help="only tours from this square")
    args = parser.parse_args(argv)
    start = None if args.start is None else parse_start_text(args.start)
    reason = no_tour_reason(parse_size_text(args.size), closed=args.closed, start=start)
    sys.stdout.write("yes\n" if reason is None else f"no: {reason}\n")
    return 0 if reason is None else 1


COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {
    "exists": _exists_command,
    "judge": _judge_command,
    "count": count_command,
    "all": all_command,
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
    except ImportError as error:  # PNG output without cairosvg
        print(f"knight: error: {error}", file=sys.stderr)
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
