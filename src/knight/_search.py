"""knight.tour(): parse the question, rule out impossible ones, run the selected core."""

from __future__ import annotations

import operator

from . import _construct, _impl
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


#: Names method= accepts: "auto" (the default), "construct", and "backtrack" (the search).
METHODS = ("auto", "construct", "backtrack")


def tour(
    start: object = 1,
    size: object = 8,
    *,
    closed: bool = False,
    max_nodes: int | None = None,
    method: str = "auto",
) -> Tour:
    """Find a knight's tour of the board from start.

    start is a square number (1 is the top-left corner, row 0 col 0), a 0-based (row, col)
    pair or an algebraic name ("a1" is the bottom-left corner); size is n for n×n or
    (rows, cols). closed=True asks for a tour whose last square is a knight's move from
    the first. Raises NoTourError when no tour exists, SearchLimitError when max_nodes
    squares were placed without an answer.

    method="backtrack" searches; "construct" joins solved blocks without search, in time
    linear in the board (both sides at least 5, one at least 12: see knight._construct);
    "auto" (the default) constructs where that applies and searches elsewhere.
    """
    rows, cols = parse_size(size)
    number = parse_square(start, rows, cols)
    budget = node_budget(max_nodes)
    closed = bool(closed)
    reason = start_reason(rows, cols, number, closed)
    if reason:
        raise NoTourError(reason)
    if method != "backtrack" and (rows >= 12 or cols >= 12 or method != "auto"):
        constructed = _construct_tour(rows, cols, number, closed, method)
        if constructed is not None:
            return constructed
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


def _construct_tour(rows: int, cols: int, number: int, closed: bool, method: object) -> Tour | None:
    """The constructed tour, or None when method="auto" should search instead."""
    if method not in METHODS:
        raise InvalidInputError(f"method {method!r} must be one of {', '.join(map(repr, METHODS))}")
    if _construct.applies(rows, cols):
        _construct.check_memory(rows, cols, board_name(rows, cols))
        return Tour._trusted(_construct.construct(rows, cols, number - 1, closed), rows, cols)
    if method == "construct" and not (rows <= 11 and cols <= 11 and rows >= 5 and cols >= 5):
        raise InvalidInputError(
            f"method='construct' needs both sides at least 5, not {board_name(rows, cols)}; use 'auto' or 'backtrack'"
        )
    return None  # a single block (up to 11×11): the search solves it
