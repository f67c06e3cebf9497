"""knight magic: a magic knight's tour, printed as its numbering with the row and column sums."""

from __future__ import annotations

import sys
from typing import Sequence

from .. import InvalidInputError, Tour, magic
from ._common import Parser, add_size_argument, board_of, integer_option, no_extra_arguments, start_of
from ._count import max_nodes_option, timeout_option

USAGE = (
    "knight magic [SIZE] [--closed] [--diagonal] [--nested] [--start SQUARE] [--seed N] [--max-nodes N] "
    "[--timeout SECONDS] [-o PICTURE.svg]"
)


def magic_command(argv: Sequence[str]) -> int:
    parser = Parser(
        prog="knight magic",
        usage=USAGE,
        description="Find a magic knight's tour: numbered along the tour, every row adds up to one sum and every "
        "column to another. Prints the numbers with each row's sum on its right and each column's below.",
    )
    add_size_argument(parser)
    parser.add_argument("--diagonal", action="store_true", help="the two long diagonals add up too (square boards)")
    parser.add_argument("--nested", action="store_true", help="each quadrant is semimagic too")
    parser.add_argument("--start", default=None, metavar="SQUARE", help="the square of number 1 (default: any)")
    parser.add_argument(
        "--seed", type=integer_option("seed", -(10**20)), default=None, metavar="N", help="random seed of the search"
    )
    max_nodes_option(parser, "search node budget (default 10,000,000,000)")
    timeout_option(parser)
    parser.add_argument(
        "-o", "--output", metavar="PICTURE.svg", help="also write the numbered square as an SVG picture"
    )
    args = no_extra_arguments(parser, argv, "magic")
    if args.output is not None and not str(args.output).lower().endswith(".svg"):
        raise InvalidInputError(f"-o {args.output!r}: the magic square is drawn as SVG, a name ending .svg")
    found = magic(
        board_of(args, "magic"),
        closed=args.closed,
        diagonal=args.diagonal,
        nested=args.nested,
        start=start_of(args),
        seed=args.seed,
        max_nodes=args.max_nodes,
        timeout=args.timeout,
    )
    sys.stdout.write(square_text(found))
    if args.output is not None:
        from ..svg import magic_square

        with open(args.output, "w", encoding="utf-8") as file:
            file.write(magic_square(found))
    return 0


def square_text(found: Tour) -> str:
    """The numbering as aligned rows, each row's sum after a bar, the columns' sums under a rule,
    and what kind of magic tour it is."""
    rows, cols, diagonals = found.line_sums()
    width = len(str(max(rows + cols)))
    lines = [" ".join(f"{n:>{width}}" for n in numbers) + f" | {total}" for numbers, total in zip(found.matrix(), rows)]
    lines.append("-" * (len(cols) * (width + 1) - 1))
    lines.append(" ".join(f"{n:>{width}}" for n in cols))
    kind = found.magic_kind or "not magic"
    closed = "closed" if found.is_closed else "open"
    diagonal = f", diagonals {diagonals[0]} and {diagonals[1]}" if diagonals else ""
    lines.append(f"{kind}, {closed}{diagonal}")
    return "\n".join(lines) + "\n"
