"""knight.tour(): parse the question, rule out impossible ones, run the selected core."""

from __future__ import annotations

import operator

from . import _impl
from ._board import board_name, parse_size, parse_square, square_name
from ._errors import InvalidInputError, InvalidTypeError, NoTourError, SearchLimitError
from ._existence import start_reason
from ._tour import Tour

#: The knight's eight moves as (row, col) steps, in the order of the seed course notes,
#: clockwise from two up and one right; ties in Warnsdorff's rule go to the earlier one.
KNIGHT_MOVES = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))

#: Squares placed before a search gives up, when max_nodes is not given.
DEFAULT_MAX_NODES = 20_000_000

#: Largest board the search takes (about 100 bytes a square while it runs).
SEARCH_MAX_SQUARES = 10_000_000


def node_budget(max_nodes: object) -> int:
    """The node budget for max_nodes: the default for None, else a positive integer."""
    if max_nodes is None:
        return DEFAULT_MAX_NODES
    if isinstance(max_nodes, bool):
        raise InvalidTypeError(f"max_nodes must be an integer, not {max_nodes!r}")
    try:
        budget = operator.index(max_nodes)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidTypeError(f"max_nodes must be an integer, not {max_nodes!r}") from None
    if budget < 1:
        raise InvalidInputError(f"max_nodes must be at least 1, not {budget}")
    return min(budget, 2**62)


def tour(start: object = 1, size: object = 8, *, closed: bool = False, max_nodes: int | None = None) -> Tour:
    """Find a knight's tour of the board from start.

    start is a square number (1 is the top-left corner, row 0 col 0), a 0-based (row, col)
    pair or an algebraic name ("a1" is the bottom-left corner); size is n for n×n or
    (rows, cols). closed=True asks for a tour whose last square is a knight's move from
    the first. Raises NoTourError when no tour exists, SearchLimitError when max_nodes
    squares were placed without an answer.
    """
    rows, cols = parse_size(size)
    number = parse_square(start, rows, cols)
    budget = node_budget(max_nodes)
    closed = bool(closed)
    reason = start_reason(rows, cols, number, closed)
    if reason:
        raise NoTourError(reason)
    n = rows * cols
    if n > SEARCH_MAX_SQUARES:
        raise InvalidInputError(
            f"size {board_name(rows, cols)} has {n:,} squares, more than the {SEARCH_MAX_SQUARES:,} the search takes"
        )
    status, nodes, squares = _impl.core.search(rows, cols, number - 1, closed, budget, KNIGHT_MOVES)
    if squares is not None:
        return Tour._trusted(squares, rows, cols)
    kind = "closed" if closed else "open"
    where = f"from {square_name(number, rows, cols)} on {board_name(rows, cols)}"
    if status == _impl.core.EXHAUSTED:
        raise NoTourError(f"no {kind} tour {where}: an exhaustive search found none")
    raise SearchLimitError(f"no {kind} tour {where} found within max_nodes={budget:,} search nodes")


