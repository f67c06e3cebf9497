"""The search strategies knight.tour(method=...) selects, one function each.

Every method takes (rows, cols, start, closed, budget, moves, seed), with start a 0-based
square index and moves the leaper's steps in order, and returns (status, nodes, squares)
as the search core does: squares is an int32 array of 1-based square numbers when status
is FOUND; EXHAUSTED is a proof that no tour starts there; LIMIT means budget squares were
placed without an answer. "backtrack" and "construct" are compiled; the others follow
the seed course notes and run in Python.
"""

from __future__ import annotations

import random
from array import array
from functools import lru_cache
from typing import Callable

from .. import _impl
from ..construct import _rectangle, _strips
from .._board import board_name, square_name
from .._status import EXHAUSTED, FOUND, LIMIT
from ._core_py import neighbour_lists
from .._errors import InvalidInputError, WarnsdorffStuckError
from ._narrow import four_wide

#: The knight's eight moves as (row, col) steps, in the order of the seed course notes,
#: clockwise from two up and one right; ties in Warnsdorff's rule go to the earlier one.
KNIGHT_MOVES = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))


@lru_cache(maxsize=8)
def _closed_from_corner(core, rows, cols, budget, moves):
    """The core's closed tour from the top-left corner (cached: it serves every start)."""
    return core.search(rows, cols, 0, True, budget, moves)


def backtrack(rows, cols, start, closed, budget, moves, seed):
    """Warnsdorff-ordered backtracking with pruning and restarts: the compiled core.

    A closed tour passes every square, so one is searched for from the top-left corner,
    once a board, and rotated to begin at start. Open knight's tours of boards four
    squares wide go half by half (see _narrow).
    """
    if closed:
        status, nodes, squares = _closed_from_corner(_impl.core, rows, cols, budget, moves)
        if squares is not None:
            turn = squares.index(start + 1)
            squares = squares[turn:] + squares[:turn]
        return status, nodes, squares
    if (rows == 4 or cols == 4) and moves is KNIGHT_MOVES:
        return four_wide(rows, cols, start, budget, moves)
    return _impl.core.search(rows, cols, start, closed, budget, moves)


def construct(rows, cols, start, closed, budget, moves, seed):
    """Join solved blocks into a knight's tour in linear time, without search (see construct._rectangle).

    A board of a single block (5 to 11 squares a side) is searched, as its block was.
    Tours of boards three or four wide repeat sections of stored paths (see _strips):
    closed ones three wide of even length from 10, open ones from every start on
    boards long enough.
    """
    if moves is not KNIGHT_MOVES:
        raise InvalidInputError("method 'construct' builds knight's tours only; use 'backtrack' for other leapers")
    if _rectangle.applies(rows, cols):
        _rectangle.check_memory(rows, cols, board_name(rows, cols))
        return FOUND, 0, _rectangle.construct(rows, cols, start, closed)
    if _strips.applies(rows, cols, start, closed):
        _rectangle.check_memory(rows, cols, board_name(rows, cols))
        return FOUND, 0, _strips.tour(rows, cols, start)
    if 5 <= rows <= 11 and 5 <= cols <= 11:
        return backtrack(rows, cols, start, closed, budget, moves, seed)
    raise InvalidInputError(
        f"method 'construct' needs both sides at least 5, or three wide and an even length of at least 10, "
        f"or an open tour of a board three or four wide from a start a stored base serves (every start from "
        f"3×{_strips.AUTO_FROM[3]} and 4×{_strips.AUTO_FROM[4]} on), not {board_name(rows, cols)} from "
        f"{square_name(start + 1, rows, cols)}; use 'auto' or 'backtrack'"
    )


def auto(rows, cols, start, closed, budget, moves, seed):
    """The construction where it applies, else backtracking: see choose()."""
    return choose(rows, cols, moves)(rows, cols, start, closed, budget, moves, seed)


def choose(rows: int, cols: int, moves):
    """The method "auto" runs: construction for knight's tours where it applies (both sides
    at least 5, one at least 12; three or four wide from _strips.AUTO_FROM), backtracking
    everywhere else."""
    if moves is not KNIGHT_MOVES:
        return backtrack
    if _rectangle.applies(rows, cols):
        return construct
    if _strips.long_enough(rows, cols):
        return construct
    return backtrack


def _walk(neighbours: list[list[int]], start: int, budget: int, pick: Callable[[list[int]], int]) -> list[int]:
    """Follow Warnsdorff's rule from start for at most budget squares; pick breaks ties.

    The candidates handed to pick are the free neighbours with the fewest free
    neighbours of their own, in move order.
    """
    n = len(neighbours)
    free = bytearray(b"\x01") * n
    degree = [len(squares) for squares in neighbours]
    path = []
    square = start
    while True:
        free[square] = 0
        path.append(square)
        options = []
        for neighbour in neighbours[square]:
            if free[neighbour]:
                degree[neighbour] -= 1
                options.append(neighbour)
        if not options or len(path) >= budget:
            return path
        fewest = min(degree[option] for option in options)
        square = pick([option for option in options if degree[option] == fewest])


def _complete(path: list[int], neighbours: list[list[int]], closed: bool) -> bool:
    """Whether path visits every square (and, for closed, ends a leap from its start)."""
    return len(path) == len(neighbours) and (not closed or path[0] in neighbours[path[-1]])


def _squares(path: list[int]) -> array:
    return array("i", [square + 1 for square in path])


def warnsdorff(rows, cols, start, closed, budget, moves, seed):
    """Warnsdorff's rule alone, ties to the lowest move index (seed 002); no backtracking.

    Raises WarnsdorffStuckError, carrying the partial path, when the rule gets stuck
    (or, for a closed tour, ends away from the start).
    """
    neighbours = neighbour_lists(rows, cols, moves)
    path = _walk(neighbours, start, budget, lambda ties: ties[0])
    if _complete(path, neighbours, closed):
        return FOUND, len(path), _squares(path)
    if len(path) >= budget and len(path) < len(neighbours):
        return LIMIT, len(path), None
    where = f"from {square_name(start + 1, rows, cols)} on {board_name(rows, cols)}"
    if len(path) < len(neighbours):
        why = f"got stuck on {square_name(path[-1] + 1, rows, cols)} after {len(path)} of {len(neighbours)} squares"
    else:
        why = f"ended on {square_name(path[-1] + 1, rows, cols)}, not a leap from the start"
    raise WarnsdorffStuckError(f"Warnsdorff's rule {where} {why}", _squares(path).tolist())


def random_warnsdorff(rows, cols, start, closed, budget, moves, seed):
    """Warnsdorff's rule with random tie-breaks, restarted until it succeeds (seed 004).

    seed makes the run reproducible; every attempt's squares count against budget.
    """
    neighbours = neighbour_lists(rows, cols, moves)
    rng = random.Random(seed)
    nodes = 0
    while nodes < budget:
        path = _walk(neighbours, start, budget - nodes, rng.choice)
        nodes += len(path)
        if _complete(path, neighbours, closed):
            return FOUND, nodes, _squares(path)
    return LIMIT, nodes, None


def _fixed_order(neighbours: list[list[int]], start: int, closed: bool, budget: int):
    """Backtracking that tries each square's neighbours in list order, without pruning."""
    n = len(neighbours)
    free = bytearray(b"\x01") * n
    free[start] = 0
    path = [start]
    cursors = [0]
    nodes = 1
    while path:
        square = path[-1]
        if len(path) == n and (not closed or start in neighbours[square]):
            return FOUND, nodes, _squares(path)
        options = neighbours[square]
        i = cursors[-1]
        while i < len(options) and not free[options[i]]:
            i += 1
        if i < len(options):
            if nodes >= budget:
                return LIMIT, nodes, None
            nodes += 1
            cursors[-1] = i + 1
            free[options[i]] = 0
            path.append(options[i])
            cursors.append(0)
        else:
            free[path.pop()] = 1
            cursors.pop()
    return EXHAUSTED, nodes, None


def _seed_001_order(moves):
    """moves in seed 001's order: clockwise from (+a, +b); for the knight (1, 2), (2, 1), (2, -1), ..."""
    turn = next(i for i, (dr, dc) in enumerate(moves) if dr > 0 and dc > 0 or dr == 0 < dc)
    return moves[turn:] + moves[:turn]


def plain(rows, cols, start, closed, budget, moves, seed):
    """Unordered backtracking in seed 001's fixed move order (its first program)."""
    return _fixed_order(neighbour_lists(rows, cols, _seed_001_order(moves)), start, closed, budget)


def ordered(rows, cols, start, closed, budget, moves, seed):
    """Backtracking with each square's moves sorted once, before the search, by their
    target's number of moves, ties to the later move in seed 001's order (its second program)."""
    neighbours = neighbour_lists(rows, cols, _seed_001_order(moves))
    ranked = [
        [t for _, _, t in sorted((len(neighbours[t]), -i, t) for i, t in enumerate(squares))] for squares in neighbours
    ]
    return _fixed_order(ranked, start, closed, budget)


#: method name -> strategy, as knight.tour(method=...) takes them.
METHODS: dict[str, Callable] = {
    "auto": auto,
    "construct": construct,
    "backtrack": backtrack,
    "warnsdorff": warnsdorff,
    "random": random_warnsdorff,
    "plain": plain,
    "ordered": ordered,
}
