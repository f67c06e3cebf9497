"""knight solve FILE: complete a puzzle pictured in FILE and print the grid, givens marked."""

from __future__ import annotations

from typing import Sequence

from ._common import FORMATS, Parser, check_leaper, parse_moves_text, picture_board, write_tour
from ._count import max_nodes_option, timeout_option


def solve_command(argv: Sequence[str]) -> int:
    from .. import solve

    parser = Parser(
        prog="knight solve",
        usage="knight solve FILE [--format FMT] [--moves A,B] [--max-nodes N] [--timeout SECONDS]",
        description="Complete a puzzle: FILE ('-' for stdin) pictures the board, '.' a square, '#' a hole "
        "and a number a given move. Prints the completed grid, each given number marked with '*'; "
        "exit 1 with the reason when no tour completes it.",
    )
    parser.add_argument("file", metavar="FILE", help="the puzzle's picture file, or '-' for stdin")
    parser.add_argument("--format", choices=FORMATS, default="grid", help="output format (default grid)")
    parser.add_argument("--moves", default=None, metavar="A,B", help="leaper A,B (default 1,2, the knight)")
    max_nodes_option(parser, "search node budget (default 20,000,000)")
    timeout_option(parser)
    args = parser.parse_args(argv)
    board = picture_board(args.file, (1, 2) if args.moves is None else parse_moves_text(args.moves))
    check_leaper(board)
    write_tour(solve(board, max_nodes=args.max_nodes, timeout=args.timeout), args.format)
    return 0
