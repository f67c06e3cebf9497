"""knight trace SIZE: watch the search, step by step, in the terminal or in the player page."""

from __future__ import annotations

import sys
import time
from typing import Sequence, get_args

from .. import (
    Board,
    Choice,
    Finished,
    InvalidInputError,
    Placed,
    Restart,
    SearchLimitError,
    TakenBack,
    Trace,
    TraceEvent,
    TraceMethod,
    trace,
)
from ._common import (
    Parser,
    add_size_argument,
    board_of,
    check_leaper,
    integer_option,
    parse_moves_text,
    start_of,
    wrote,
)
from ._count import MAX_NODES, timeout_option

#: The searches --method takes: knight.trace's methods but "auto" (the command names the one it runs).
TRACED = tuple(method for method in get_args(TraceMethod) if method != "auto")

USAGE = (
    "knight trace [SIZE] [--start SQUARE] [--method M] [--closed] [--moves A,B] [--max-steps N] "
    "[--timeout SECONDS] [--html FILE] [--delay SECONDS]"
)

#: Seconds between two pictures of the board in a terminal, unless --delay says otherwise.
DELAY = 0.05

#: The terminal's escape sequences: the cursor to the top left, and the screen cleared.
_HOME_AND_CLEAR = "\x1b[H\x1b[2J"


def trace_command(argv: Sequence[str]) -> int:
    parser = Parser(
        prog="knight trace",
        usage=USAGE,
        description="Follow the search for a tour step by step. In a terminal the board is drawn again after "
        "each square placed or taken back ('x' a square just taken back); otherwise each event is a line: "
        "'placed e4 1', 'taken-back e4 1', 'choice 2 c3:2 f2:3' (candidates with their degrees, the first "
        "chosen), 'restart 1', 'finished NODES found|none'. With --html, writes the player page instead.",
    )
    add_size_argument(parser)
    parser.add_argument("--start", default=None, metavar="SQUARE", help="the start (default: the first square)")
    parser.add_argument("--method", choices=TRACED, default="backtrack", help="the search (default backtrack)")
    parser.add_argument("--moves", default=None, metavar="A,B", help="leaper A,B (default 1,2, the knight)")
    parser.add_argument(
        "--max-steps",
        type=integer_option("max-steps", 1, MAX_NODES),
        default=None,
        metavar="N",
        help="squares placed at most (default 100,000)",
    )
    timeout_option(parser)
    parser.add_argument("--html", default=None, metavar="FILE", help="write the player page to FILE (.html)")
    parser.add_argument("--delay", type=float, default=DELAY, metavar="SECONDS", help="between pictures (default 0.05)")
    args = parser.parse_args(argv)
    began = time.monotonic()  # --timeout bounds the drawing too
    if not 0 <= args.delay <= 60:
        raise InvalidInputError(f"--delay must be from 0 to 60 seconds, not {args.delay:g}")
    moves = (1, 2) if args.moves is None else parse_moves_text(args.moves)
    board = board_of(args, "trace", moves)
    check_leaper(board)
    events = trace(
        board,
        start_of(args),
        method=args.method,
        closed=args.closed,
        max_steps=args.max_steps,
        timeout=args.timeout,
    )
    if args.html is not None:
        from ..draw import write_html

        write_html(events, args.html)
        wrote(args.html)
    elif sys.stdout.isatty():
        _animate(events, args.delay, began, args.timeout)
    else:
        _lines(events, board)
    return 0


def _name(board: Board, square: int) -> str:
    return board.square_name(square)


def line(event: TraceEvent, board: Board) -> str:
    """One event as a line of text."""
    if type(event) is Placed:
        return f"placed {_name(board, event.square)} {event.move}"
    if type(event) is TakenBack:
        return f"taken-back {_name(board, event.square)} {event.move}"
    if type(event) is Choice:
        pairs = " ".join(f"{_name(board, s)}:{d}" for s, d in zip(event.candidates, event.degrees))
        return f"choice {event.move} {pairs}"
    if type(event) is Restart:
        return f"restart {event.round}"
    assert type(event) is Finished
    return f"finished {event.nodes} {'found' if event.tour is not None else 'none'}"


def _lines(events: Trace, board: Board) -> None:
    write = sys.stdout.write
    for event in events:
        write(line(event, board) + "\n")


def _animate(events: Trace, delay: float, began: float, timeout: float | None = None) -> None:
    """Draw the board after each square placed or taken back, delay seconds apart; SearchLimitError
    once timeout seconds have passed since began (time.monotonic()), the drawing's included."""
    board = events.board
    moves: dict[int, int] = {}
    back: set[int] = set()
    said = ""
    for event in events:
        if type(event) is Placed:
            moves[event.square] = event.move
            back.discard(event.square)
        elif type(event) is TakenBack:
            del moves[event.square]
            back.add(event.square)
        elif type(event) is Restart:
            moves.clear()
            back.clear()
        said = line(event, board)
        if type(event) is Choice:
            continue
        sys.stdout.write(_HOME_AND_CLEAR + _picture(board, moves, back) + "\n" + said + "\n")
        sys.stdout.flush()
        if delay and type(event) is not Finished:
            time.sleep(delay)
        spent = time.monotonic() - began
        if timeout is not None and spent >= timeout:
            raise SearchLimitError(f"timed out after {spent:.2f} s, drawing the trace at '{said}'")


def _picture(board: Board, moves: dict[int, int], back: set[int]) -> str:
    """The board with the move numbers placed, 'x' on the squares taken back, '.' elsewhere."""
    width = len(str(len(board)))
    mask = board.mask
    rows: list[str] = []
    for row in range(board.rows):
        cells: list[str] = []
        for col in range(board.cols):
            square = row * board.cols + col + 1
            if mask is not None and not mask[square - 1]:
                cells.append("#".rjust(width))
            elif square in moves:
                cells.append(str(moves[square]).rjust(width))
            else:
                cells.append(("x" if square in back else ".").rjust(width))
        rows.append(" ".join(cells))
    return "\n".join(rows)
