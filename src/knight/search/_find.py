"""knight.tour() and knight.exists(): parse the question, rule out impossible ones, run a method."""

from __future__ import annotations

import operator
from functools import lru_cache

from .._board import board_name, parse_size, parse_square, square_name
from .._status import EXHAUSTED, FOUND
from .._errors import InvalidInputError, InvalidTypeError, NoTourError, SearchLimitError
from .._existence import board_reason, start_reason
from ._methods import KNIGHT_MOVES, METHODS, auto, choose, construct
from .._tour import Tour

#: Squares placed before a search gives up, when max_nodes is not given.
DEFAULT_MAX_NODES = 20_000_000

#: Largest board the search takes (about 100 bytes a square while it runs).
SEARCH_MAX_SQUARES = 10_000_000

KNIGHT = (1, 2)


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


def parse_leaper(moves: object) -> tuple[int, int]:
    """The leaper (a, b), a <= b, that moves names: a pair of non-negative integers, not both 0."""
    if not isinstance(moves, (tuple, list)) or len(moves) != 2:
        raise InvalidInputError(f"moves {moves!r} must be a pair (a, b), such as (1, 2) for the knight")
    if not all(type(x) is int for x in moves):
        raise InvalidTypeError(f"moves {moves!r} must be a pair of integers")
    a, b = sorted(moves)
    if a < 0 or b == 0:
        raise InvalidInputError(f"moves {moves!r} must be non-negative and not both 0")
    return a, b


@lru_cache(maxsize=None)
def leaper_moves(leaper: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The leaper's distinct (row, col) steps, clockwise from b up and a right, as the knight's."""
    if leaper == KNIGHT:
        return KNIGHT_MOVES  # the same object: methods recognise the knight by it
    a, b = leaper
    steps = ((-b, a), (-a, b), (a, b), (b, a), (b, -a), (a, -b), (-a, -b), (-b, -a))
    return tuple(dict.fromkeys(steps))


def _bad_method(method: object) -> Exception:
    error = InvalidInputError if isinstance(method, str) else InvalidTypeError
    return error(f"method {method!r} is not one of {', '.join(METHODS)}")


def tour(
    start: object = 1,
    size: object = 8,
    *,
    closed: bool = False,
    max_nodes: int | None = None,
    method: str = "auto",
    moves: tuple[int, int] = KNIGHT,
    seed: int | None = None,
) -> Tour:
    """Find a knight's (or another leaper's) tour of the board from start.

    start is a square number (1 is the top-left corner, row 0 col 0), a 0-based (row, col)
    pair or an algebraic name ("a1" is the bottom-left corner); size is n for n×n or
    (rows, cols). closed=True asks for a tour whose last square is a move from the first.
    method names the strategy (a key of knight.METHODS): "auto" (the default) joins
    solved blocks in linear time where that construction applies (knight's tours, both
    sides at least 5, one at least 12; three wide from 15 and four wide from 10, see
    _strips) and backtracks elsewhere; "construct" asks for the construction. moves=(a, b) makes the piece an (a, b)-leaper; seed makes
    method="random" reproducible. Raises NoTourError when no tour exists,
    SearchLimitError when max_nodes squares were placed without an answer.
    """
    rows, cols = parse_size(size)
    number = parse_square(start, rows, cols)
    budget = DEFAULT_MAX_NODES if max_nodes is None else node_budget(max_nodes)
    closed = bool(closed)
    run = METHODS.get(method) if type(method) is str else None
    if run is None:
        raise _bad_method(method)
    if seed is not None and type(seed) is not int:
        raise InvalidTypeError(f"seed must be an integer or None, not {seed!r}")
    if moves is KNIGHT:
        leaper, steps = KNIGHT, KNIGHT_MOVES
    else:
        leaper = parse_leaper(moves)
        steps = leaper_moves(leaper)
    if steps is KNIGHT_MOVES:  # the theorems are about the knight
        reason = start_reason(rows, cols, number, closed)
        if reason:
            raise NoTourError(reason)
    if run is auto:
        run = choose(rows, cols, steps)
    n = rows * cols
    if n > SEARCH_MAX_SQUARES and run is not construct:
        raise InvalidInputError(
            f"size {board_name(rows, cols)} has {n:,} squares, more than the {SEARCH_MAX_SQUARES:,} the search takes"
        )
    status, nodes, squares = run(rows, cols, number - 1, closed, budget, steps, seed)
    if status == FOUND:
        return Tour._trusted(squares, rows, cols, leaper)
    kind = "closed" if closed else "open"
    where = f"from {square_name(number, rows, cols)} on {board_name(rows, cols)}"
    if status == EXHAUSTED:
        raise NoTourError(f"no {kind} tour {where}: an exhaustive search found none")
    raise SearchLimitError(f"no {kind} tour {where} found by method {method!r} within max_nodes={budget:,} search nodes")


def no_tour_reason(size: object, *, closed: bool = False, start: object = None) -> str | None:
    """Why the board has no knight's tour of the kind asked (from start, when given), or None."""
    rows, cols = parse_size(size)
    closed = bool(closed)
    if start is None or closed:
        if start is not None:
            parse_square(start, rows, cols)
        return board_reason(rows, cols, closed)
    try:
        tour(start, (rows, cols))
    except NoTourError as error:
        return str(error)
    return None


def exists(size: object, *, closed: bool = False, start: object = None) -> bool:
    """Whether the board has a knight's tour (closed, when asked; from start, when given).

    Whole boards, closed tours (which can start anywhere) and starts the rules of
    _existence exclude are answered from theorems, without searching; any other start
    by finding a tour, which raises SearchLimitError if none is found within the
    default node budget.
    """
    return no_tour_reason(size, closed=closed, start=start) is None
