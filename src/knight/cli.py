"""The knight command: print a tour, or run the seed problem's judge mode.

    knight [START] [--size N|RxC] [--closed] [--format FMT] [--max-nodes N] [-o PICTURE]
           [--method NAME] [--moves A,B] [--seed N]
    knight exists [--size N|RxC] [--closed] [--start S]
    knight judge < starts.txt

Errors print one line on stderr; the exit code is 2 for bad arguments, 1 when no tour
exists, the search gives up or PNG output lacks cairosvg.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Callable, Sequence

from . import _formats, _judge
from ._board import square_name
from ._errors import InvalidInputError, KnightError, NoTourError, SearchLimitError
from ._methods import METHODS
from ._search import no_tour_reason, tour

FORMATS = ("grid", "boxed", "line", "coords", "algebraic", "matrix", "svg")


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


def parse_moves_text(text: str) -> tuple[int, int]:
    """"1,2" -> (1, 2): the leaper's two step lengths."""
    match = re.fullmatch(r"\s*([0-9]+)\s*[,x×]\s*([0-9]+)\s*", text)
    if match is None:
        raise InvalidInputError(f"moves {text!r} must be A,B, such as 1,2 for the knight")
    return int(match.group(1)), int(match.group(2))


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """The --size and --closed options every subcommand shares."""
    parser.add_argument("--size", default="8", help="board size: N for N×N or RxC (default 8)")
    parser.add_argument("--closed", action="store_true", help="the last square must be a knight's move from the first")


def _tour_command(argv: Sequence[str]) -> int:
    parser = _Parser(prog="knight", description="Print a knight's tour.")
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
        from . import svg

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


def write_tour(found, fmt: str) -> None:
    """Print one tour in the named format, a piece at a time (bounded memory for huge tours)."""
    write = sys.stdout.write
    for piece in _pieces(found, fmt):
        write(piece)
    write("\n")


def _pieces(found, fmt: str):
    """The text of a tour in the named format, in pieces, without the final newline."""
    squares, rows, cols = found._squares, found.rows, found.cols
    if fmt == "line":
        yield from _formats.iter_line(squares)
    elif fmt in ("grid", "boxed"):
        for index, text in enumerate(_formats.iter_grid(squares, rows, cols, boxed=fmt == "boxed")):
            yield text if index == 0 else "\n" + text
    elif fmt == "matrix":
        for row, text in enumerate(_formats.iter_matrix_lines(squares, rows, cols)):
            yield text if row == 0 else "\n" + text
    elif fmt == "svg":
        from .svg import render

        yield render(found).rstrip("\n")
    else:
        for begin in range(0, len(squares), _formats.CHUNK):
            chunk = squares[begin : begin + _formats.CHUNK]
            if fmt == "coords":
                text = "\n".join(f"{(square - 1) // cols} {(square - 1) % cols}" for square in chunk)
            else:
                text = " ".join(square_name(square, rows, cols) for square in chunk)
            yield text if begin == 0 else ("\n" if fmt == "coords" else " ") + text


def _judge_command(argv: Sequence[str]) -> int:
    _Parser(prog="knight judge", description="Answer the seed problem: starts in, tours out.").parse_args(argv)
    _judge.run(sys.stdin, sys.stdout)
    return 0


def _exists_command(argv: Sequence[str]) -> int:
    parser = _Parser(prog="knight exists", description="Say whether a knight's tour exists: yes, or no and why.")
    add_board_options(parser)
    parser.add_argument("--start", default=None, help="only tours from this square")
    args = parser.parse_args(argv)
    start = None if args.start is None else parse_start_text(args.start)
    reason = no_tour_reason(parse_size_text(args.size), closed=args.closed, start=start)
    sys.stdout.write("yes\n" if reason is None else f"no: {reason}\n")
    return 0 if reason is None else 1


COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {"exists": _exists_command, "judge": _judge_command}


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
