"""What the knight command's subcommands share: reading SIZE, numbers and squares, and writing tours."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import stat
import sys
from typing import Callable, Generator, Sequence

from .. import Board, InvalidInputError, MissingExtraError, Tour
from ..model import KNIGHT, as_board, boolean, is_box_text, parse_size, parse_topology

FORMATS = ("grid", "boxed", "line", "coords", "algebraic", "matrix", "svg")

#: The subcommands, each with its line in knight --help; "tour" is the default.
COMMAND_LINES = {
    "tour": "find one tour and print it (the default: knight 8 is knight tour 8)",
    "exists": "say whether a tour exists: yes, or no and why",
    "count": "count every tour of a board, exactly (SIZE required)",
    "all": "print every tour of a board, one after another, as they are found",
    "solve": "complete a puzzle: a picture FILE with some move numbers given",
    "compare": "run each method from one start: the nodes and time each needed",
    "trace": "watch the search step by step: in the terminal, as lines, or in a player page (--html)",
    "judge": "the seed problem: starts (1 to 64) in, one per line; 8×8 tours out",
    "magic": "find a magic tour: every row and column adds up; printed with the sums",
}

#: Longest picture file read, in bytes: a picture of the largest board the search takes
#: (10,000,000 squares) is about 20 MB.
MAX_PICTURE_BYTES = 32 << 20

_SIZE = re.compile(r"\s*[0-9]+\s*(?:[x×X]\s*[0-9]+\s*)?")
_SQUARE_NAME = re.compile(r"\s*[a-zA-Z]+[0-9]+\s*")
_ROW_COL = re.compile(r"\s*\(?\s*-?[0-9]+\s*,\s*-?[0-9]+\s*\)?\s*")
_INTEGER = re.compile(r"\s*[+-]?[0-9]+\s*")
_DIGITS = 20  # more digits than any count, budget or seed the command takes


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise InvalidInputError(message)


def integer_option(name: str, low: int, high: int | None = None, advice: str = "") -> Callable[[str], int]:
    """An argparse type for an integer option from low to high, refusing others in one clear line."""

    def parse(text: str) -> int:
        if not _INTEGER.fullmatch(text):
            raise argparse.ArgumentTypeError(f"{_shown(text)} is not a whole number")
        negative = text.strip().startswith("-")
        if len(text.strip().lstrip("+-").lstrip("0")) > _DIGITS:  # said before int(), which refuses 4,300 digits
            if negative:
                raise argparse.ArgumentTypeError(f"{_shown(text)} is too small: at least {low:,}")
            if high is None:
                raise argparse.ArgumentTypeError(f"{_shown(text)} is too large: at most {_DIGITS} digits")
        if high is not None and not negative and len(text.strip().lstrip("+").lstrip("0")) > len(str(high)):
            raise argparse.ArgumentTypeError(f"{_shown(text)} is too large: at most {high:,}{advice}")
        value = int(text)
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{_shown(text)} is too large: at most {high:,}{advice}")
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is too small: at least {low:,}")
        return value

    parse.__name__ = name  # argparse names the type in its own messages
    return parse


def _shown(text: str, limit: int = 30) -> str:
    """text quoted, cut to about limit characters for a one-line message."""
    return repr(text) if len(text) <= limit else repr(text[: limit - 3] + "...")


def parse_size_text(text: str) -> tuple[int, int]:
    """ "8" -> (8, 8), "5x6" (or "5×6", or the old "5,6") -> (5, 6)."""
    if len(text) > 40 or not re.fullmatch(r"\s*[0-9]+\s*(?:[x×X,]\s*[0-9]+\s*)?", text):
        raise InvalidInputError(f"size {_shown(text)} must be N or RxC, such as 8 or 5x6")
    return parse_size(text)


def parse_start_text(text: str, what: str = "--start") -> int | str | tuple[int, int]:
    """ "12" -> square 12, "3,4" -> (row 3, col 4), anything else an algebraic name."""
    text = text.strip()
    if re.fullmatch(r"[+-]?[0-9]+", text):
        if len(text.lstrip("+-").lstrip("0")) > _DIGITS:
            raise InvalidInputError(f"{what} {_shown(text)}: no board has that many squares")
        return int(text)
    match = re.fullmatch(r"\(?\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*\)?", text)
    if match:
        if max(len(match.group(1)), len(match.group(2))) > _DIGITS:
            raise InvalidInputError(f"{what} {_shown(text)}: no board has that many rows or columns")
        return int(match.group(1)), int(match.group(2))
    return text


def parse_moves_text(text: str) -> tuple[int, int]:
    """ "1,2" -> (1, 2): the leaper's two step lengths."""
    match = re.fullmatch(r"\s*([0-9]+)\s*[,x×]\s*([0-9]+)\s*", text)
    if match is None:
        raise InvalidInputError(f"--moves {_shown(text)} must be A,B, such as 1,2 for the knight")
    if max(len(match.group(1).lstrip("0")), len(match.group(2).lstrip("0"))) > _DIGITS:
        raise InvalidInputError(f"--moves {_shown(text)}: a leap that long leaves every board")
    return int(match.group(1)), int(match.group(2))


def check_leaper(board: Board) -> None:
    """Refuse a leaper longer than the board (and than a knight): it could never move.

    The search sets the board in a border as wide as the longest leap, so an absurd leap
    would only cost memory before answering what is plain: no tour.
    """
    longest, side = max(board.moves), max(board.size)
    if longest > max(side, 2):
        a, b = board.moves
        raise InvalidInputError(
            f"--moves {a},{b}: a leap of {longest} squares is longer than the {board.rows}×{board.cols} board, "
            "so the piece could never move"
        )


def add_size_argument(parser: argparse.ArgumentParser, *, required: bool = False) -> None:
    """SIZE first, as the library takes it; --size kept for one release; --closed."""
    default = "" if required else " (default 8)"
    parser.add_argument(
        "size",
        nargs="?",
        default=None,
        metavar="SIZE",
        help=f"N for N×N, RxC (or R×C) for a rectangle, LxMxN for a box, or a picture FILE of the board ('-' reads it from "
        f"stdin): '.' a square, '#' a hole, cells separated by spaces{default}",
    )
    parser.add_argument(
        "--size", dest="size_option", default=None, metavar="N|RxC", help="deprecated: give SIZE first instead"
    )
    parser.add_argument("--closed", action="store_true", help="the last square must be a knight's move from the first")
    surfaces = parser.add_mutually_exclusive_group()
    for flag, what in _SURFACES.items():
        surfaces.add_argument(f"--{flag}", dest="surface", action="store_const", const=flag, help=what[2])


#: --flag -> (periodic, twisted, help) of the board's axes (the last two axes of a box).
_SURFACES = {
    "cylinder": ((False, True), (False, False), "join the left and right edges (a cylinder)"),
    "torus": (True, False, "join both pairs of opposite edges (a torus; every axis of a box)"),
    "mobius": ((False, True), (False, True), "join the left and right edges with a flip (a Möbius strip)"),
    "klein": ((True, True), (False, True), "a torus whose left and right edges join with a flip (a Klein bottle)"),
}


def _surface(board: Board, flag: str | None) -> Board:
    """board with the edges --cylinder, --torus, --mobius or --klein join (see docs/surfaces.md)."""
    if flag is None:
        return board
    periodic, twisted, _ = _SURFACES[flag]
    axes = len(board.shape)
    if axes > 2 and flag in ("mobius", "klein"):
        raise InvalidInputError(f"--{flag} is a surface of two axes, not a board of {axes}")
    if axes > 2 and flag == "cylinder":
        periodic = (False,) * (axes - 1) + (True,)
    wrap = parse_topology(board.shape, periodic, twisted, boolean)
    assert wrap is not None
    return Board._make(
        board.rows,
        board.cols,
        board.mask,
        board.moves,
        sorted(board.givens.items()),
        (wrap.shape, wrap.periodic, wrap.twisted),
    )


def board_of(args: argparse.Namespace, command: str, moves: object = KNIGHT, missing: str | None = None) -> Board:
    """The Board that SIZE (or the old --size) names, for the leaper moves.

    SIZE is N or RxC, "-" for a picture on stdin, or the name of a picture file; a square's
    name where SIZE goes is the old argument order, and the error says how to write it now.
    Without either, 8×8; or, when missing is given, an error saying it. --cylinder, --torus,
    --mobius and --klein join its edges.
    """
    return _surface(_flat_board_of(args, command, moves, missing), getattr(args, "surface", None))


def _flat_board_of(args: argparse.Namespace, command: str, moves: object, missing: str | None) -> Board:
    size, option = args.size, args.size_option
    if size is not None and option is not None:
        hint = ""
        if size.strip().isdecimal() or _looks_like_a_square(size):  # the old order: START --size N
            hint = f"knight {_command(command)}{option.strip()} --start {size.strip()}"
            hint = f" (if {_shown(size)} was the start square: {hint})"
        raise InvalidInputError(
            f"size given twice: SIZE {_shown(size)} and --size {_shown(option)}; give SIZE alone{hint}"
        )
    if option is not None:
        return as_board(parse_size_text(option), moves)
    if size is None:
        if missing is not None:
            raise InvalidInputError(missing)
        size = "8"
    if size == "-":
        return _picture_board(_read_stdin(), "stdin", moves)
    if is_box_text(size):
        return as_board(size, moves)
    if _SIZE.fullmatch(size):
        if len(size) > 40:
            raise InvalidInputError(f"size {_shown(size)} is too large for any board")
        return as_board(parse_size(size), moves)
    if os.path.exists(size):
        return _picture_board(_read_file(size), size, moves)
    if _looks_like_a_square(size):
        square = size.strip()
        raise InvalidInputError(
            f"{_shown(square)} is a square, but the board comes first now: write knight "
            f"{_command(command)}8 --start {square.replace(' ', '')}"
        )
    _refuse_command_typo(size)
    raise InvalidInputError(
        f"SIZE {_shown(size)} is not N, RxC (such as 8 or 6x7) or a picture file: there is no such file"
    )


def _looks_like_a_square(text: str) -> bool:
    """Whether text names a square as the old argument order put it first: e4, or 3,4."""
    return len(text) <= 40 and bool(_SQUARE_NAME.fullmatch(text) or _ROW_COL.fullmatch(text))


def _refuse_command_typo(text: str) -> None:
    """Say which command text looks like a misspelling of, if it does."""
    import difflib  # here, not at start-up: only a mistyped command needs it

    near = difflib.get_close_matches(text, COMMAND_LINES, n=1, cutoff=0.75)
    if near:
        raise InvalidInputError(f"{_shown(text)} is not a command, a size or a file; did you mean knight {near[0]}?")


def _command(command: str) -> str:
    """The subcommand as written after "knight ": "" for the default tour command."""
    return f"{command} " if command else ""


def _read_stdin() -> str:
    if sys.stdin is None:
        raise InvalidInputError("SIZE '-' reads a picture from stdin, but there is no stdin")
    if not hasattr(sys.stdin, "buffer"):  # a text stream without bytes underneath (as tests may set)
        text = sys.stdin.read(MAX_PICTURE_BYTES + 1)
        if len(text) > MAX_PICTURE_BYTES:
            raise _too_long("stdin")
        return text
    return _decode(sys.stdin.buffer.read(MAX_PICTURE_BYTES + 1), "stdin")


def _read_file(path: str) -> str:
    """The picture file path's text: a regular file only (a FIFO or a device could block or never
    end), opened without blocking and checked before a byte is read."""
    if os.path.isdir(path):
        raise InvalidInputError(f"SIZE {_shown(path)} is a directory, not a picture file")
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(descriptor, "rb") as source:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                raise InvalidInputError(f"picture {_shown(path)} is not a regular file (a FIFO, a device, ...)")
            data = source.read(MAX_PICTURE_BYTES + 1)
    except OSError as error:
        raise InvalidInputError(f"cannot read picture {_shown(path)}: {error.strerror or error}") from None
    return _decode(data, path)


def _decode(data: bytes, where: str) -> str:
    if len(data) > MAX_PICTURE_BYTES:
        raise _too_long(where)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InvalidInputError(f"picture from {where} is not UTF-8 text (byte {error.start})") from None


def _too_long(where: str) -> InvalidInputError:
    return InvalidInputError(f"picture from {where} is longer than {MAX_PICTURE_BYTES >> 20} MiB")


def picture_board(path: str, moves: object) -> Board:
    """The board pictured in the file path ("-" reads stdin)."""
    if path == "-":
        return _picture_board(_read_stdin(), "stdin", moves)
    if not os.path.exists(path):
        raise InvalidInputError(f"picture file {_shown(path)} does not exist")
    return _picture_board(_read_file(path), path, moves)


def _picture_board(text: str, where: str, moves: object) -> Board:
    try:
        board = Board.parse(text, moves=moves)  # type: ignore[arg-type]  # parse checks it
    except InvalidInputError as error:
        raise InvalidInputError(f"picture from {where}: {error}") from None
    return board


def start_of(args: argparse.Namespace) -> int | str | tuple[int, int] | None:
    """The --start option as knight.tour takes it, or None."""
    return None if args.start is None else parse_start_text(args.start)


def no_extra_arguments(parser: argparse.ArgumentParser, argv: Sequence[str], command: str) -> argparse.Namespace:
    """parse_args, but a second positional that names a square says how to write it now."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        if not command and args.size is not None and not os.path.exists(args.size):
            _refuse_command_typo(args.size)
        first = extra[0]
        if not first.startswith("-") and _looks_like_a_square(first):
            raise InvalidInputError(
                f"unrecognized argument {_shown(first)}: the start square is an option now: write knight "
                f"{_command(command)}{args.size or args.size_option or 8} --start {first.strip()}"
            )
        raise InvalidInputError(f"unrecognized arguments: {' '.join(extra)[:80]}")
    return args


def wrote(path: str) -> None:
    """Say on stderr, in one line, what was written to path: its kind and size."""
    try:
        size = f"{os.path.getsize(path):,} bytes"
    except OSError:  # a file that is not a file (a FIFO, /dev/stdout): its name is all there is
        size = "written"
    kind = os.path.splitext(path)[1].lstrip(".").upper() or "file"
    print(f"knight: wrote {path} ({kind}, {size})", file=sys.stderr)


@contextlib.contextmanager
def flag_named(flag: str) -> Generator[None, None, None]:
    """Around a call made for flag (as typed: "--progress", "-o tour.png"): a missing optional
    dependency is said as that flag's need, with the command that installs it."""
    try:
        yield
    except MissingExtraError as error:
        module = f" {error.name}" if error.name else ""
        raise MissingExtraError(f"{flag} needs{module}: {error.install}", error.extra) from None


def write_tour(found: Tour, fmt: str, *, flush: bool = False) -> None:
    """Print one tour in the named format, a piece at a time (bounded memory for huge tours):
    Tour.write's text formats, or the SVG picture."""
    if fmt == "svg":
        from ..svg import render

        sys.stdout.write(render(found))
    else:
        found.write(sys.stdout, fmt)
    if flush:
        sys.stdout.flush()
