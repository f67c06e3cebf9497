"""knight compare SIZE: run each method from one start and print the nodes and time each needed."""

from __future__ import annotations

from typing import Sequence

from .. import METHODS, InvalidInputError, compare
from ._common import (
    Parser,
    add_size_argument,
    board_of,
    check_leaper,
    no_extra_arguments,
    parse_moves_text,
    start_of,
    wrote,
)
from ._count import max_nodes_option, timeout_option


def compare_command(argv: Sequence[str]) -> int:
    import inspect  # here: only this command asks

    # knight.compare's default methods (its signature says them): the default of --methods
    compared = ",".join(inspect.signature(compare).parameters["methods"].default)
    parser = Parser(
        prog="knight compare",
        usage="knight compare [SIZE] [--start SQUARE] [--closed] [--methods M,M,...] [--moves A,B] "
        "[--max-nodes N] [--timeout SECONDS] [-o CHART.svg]",
        description="Run each method from one start and print a table of the search nodes (squares "
        "placed) and the time each needed, and what it came to: found, no tour, stuck, out of nodes "
        "or out of time. Each method gets its own budget.",
    )
    add_size_argument(parser)
    parser.add_argument("--start", default=None, metavar="SQUARE", help="the start (default: the first square)")
    parser.add_argument(
        "--methods",
        default=compared,
        metavar="M,M,...",
        help=f"the methods, comma-separated, from: {', '.join(METHODS)} (default {compared})",
    )
    parser.add_argument("--moves", default=None, metavar="A,B", help="leaper A,B (default 1,2, the knight)")
    max_nodes_option(parser, "search node budget of each method (default 1,000,000)")
    timeout_option(parser)
    parser.add_argument(
        "-o",
        "--output",
        metavar="CHART.svg",
        help="also write the bar chart to this .svg file (says what it wrote on stderr)",
    )
    args = no_extra_arguments(parser, argv, "compare")
    if args.output is not None and not args.output.lower().endswith(".svg"):
        raise InvalidInputError(f"-o {args.output}: the chart is an SVG picture; name a file ending .svg")
    board = board_of(args, "compare", (1, 2) if args.moves is None else parse_moves_text(args.moves))
    check_leaper(board)
    methods = [name.strip() for name in args.methods.split(",") if name.strip()]
    found = compare(
        board, start_of(args), methods=methods, closed=args.closed, max_nodes=args.max_nodes, timeout=args.timeout
    )
    print(found)
    if args.output is not None:
        from ..draw import chart

        with open(args.output, "w", encoding="utf-8") as out:
            out.write(chart(found))
        wrote(args.output)
    return 0
