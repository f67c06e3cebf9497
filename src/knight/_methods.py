"""The strategies knight.tour(method=...) names, drawn from the engines, and "auto", which chooses.

Every method takes (board, start, closed, budget, seed, deadline), with board a
knight.Board, start a 0-based cell index and deadline a time.monotonic() reading (NEVER
for none), and returns (status, nodes, squares): squares is an int32 array of 1-based
square numbers when status is FOUND; EXHAUSTED is a proof that no tour starts there;
LIMIT means budget squares were placed, or the deadline passed, without an answer.

This module sits above the engines: "construct" is the construction's, "uniform" the
counting engine's draw, the rest the search engine's; no engine imports it back.
"""

from __future__ import annotations

import time
from array import array
from functools import lru_cache
from typing import Callable

from .construct import _kernels as _construct_kernels
from .construct import box_applies, build, build_box, covers, worth_it
from .model._board import KNIGHT, Board, rectangle
from .model._deadline import NEVER
from .model._errors import InvalidInputError, SearchLimitError
from .model._status import FOUND
from .search import backtrack, ordered, plain, random_warnsdorff, warnsdorff

Strategy = Callable[[Board, int, bool, int, "int | None", float], "tuple[int, int, array[int] | None]"]


#: Squares a second the construction lays, at the least, on the compiled kernel and on its
#: twin (measured on a loaded two-core machine: about 1e8 and 1e6 from 1000×1000 to
#: 6000×6000, open and closed); a deadline it cannot meet at this rate is refused up front.
CONSTRUCT_RATE = {"compiled": 4e7, "twin": 5e5}

#: Squares a second a box's construction (construct._box, in Python around the plane's tour) lays,
#: at the least: 9,000,000 of 3×3×10⁶ in 18.4 s on a loaded two-core machine, either kernel.
BOX_RATE = 3e5

#: Boards smaller than this are built without looking at the clock (well under a millisecond).
CONSTRUCT_CLOCK_SQUARES = 10_000


def _construction_time(board: Board) -> float:
    """About the most seconds the construction of board takes on the kernel in use."""
    twin = _construct_kernels.kernel.__name__.endswith("_py")
    return len(board) / CONSTRUCT_RATE["twin" if twin else "compiled"]


#: Cells a second the search's twins set up, at the least (Python lists of neighbours,
#: degrees and tie-breaks: about 3 µs a cell measured on a loaded two-core machine on
#: 3000×3000); a deadline their set-up cannot meet at this rate is refused up front.
TWIN_SETUP_RATE = 1e5


def _refuse_late_construction(board: Board, deadline: float) -> None:
    """SearchLimitError before a construction that cannot end by the deadline (it never looks
    at the clock once begun: linear time, in one pass)."""
    _refuse_late(board, deadline, "the construction", _construction_time(board))


def refuse_late_setup(board: Board, deadline: float, run: Strategy, twin: bool) -> None:
    """SearchLimitError before a search by run on the twin kernels (twin) whose set-up, in
    Python and not looking at the clock, cannot end by the deadline."""
    if twin and run in (backtrack, warnsdorff, random_warnsdorff):
        _refuse_late(board, deadline, "the set-up of the search", board.rows * board.cols / TWIN_SETUP_RATE)


def _refuse_late(board: Board, deadline: float, what: str, needed: float) -> None:
    """SearchLimitError when what, on board, may take needed seconds, more than are left before the deadline."""
    if deadline == NEVER or len(board) < CONSTRUCT_CLOCK_SQUARES:
        return
    left = deadline - time.monotonic()
    if needed > left:
        raise SearchLimitError(
            f"{what} of {board.name} may take up to {needed:.1f} s, more than the "
            f"{max(left, 0.0):.2f} s left before the timeout: give it more time, or no timeout"
        )


def construct(
    board: Board, start: int, closed: bool, budget: int, seed: int | None, deadline: float
) -> tuple[int, int, array[int] | None]:
    """Join solved blocks into a knight's tour in linear time, without search (see knight.construct).

    A board of a single block (5 to 11 squares a side) is searched, as its block was. A
    construction that cannot end by the deadline is refused before it begins.
    """
    if not board.is_knights_rectangle:
        raise InvalidInputError(
            f"method 'construct' builds knight's tours of whole rectangles only, not of {board.name}; "
            "use 'auto' or 'backtrack'"
        )
    if covers(board, start, closed):
        _refuse_late_construction(board, deadline)
        return FOUND, 0, build(board, start, closed)
    if 5 <= board.rows <= 11 and 5 <= board.cols <= 11:
        return backtrack(board, start, closed, budget, seed, deadline)
    try:
        build(board, start, closed)
    except InvalidInputError as error:
        raise InvalidInputError(f"method 'construct': {error}; use 'auto' or 'backtrack'") from None
    raise AssertionError("covers() and build() disagree")  # pragma: no cover


def _flat(board: Board) -> Board | None:
    """The knight's whole flat rectangle under a whole two-axis surface (cylinder, torus, Möbius
    strip, Klein bottle), whose every move is a move of the surface too; None for other boards."""
    topology = board.topology
    if topology is None or topology.axes != 2 or board.mask is not None or board.moves != KNIGHT or board.givens:
        return None
    return rectangle(board.rows, board.cols)


def surface(
    board: Board, start: int, closed: bool, budget: int, seed: int | None, deadline: float
) -> tuple[int, int, array[int] | None]:
    """A tour of a large surface built on its flat rectangle in linear time (a tour of the rectangle
    is one of the surface: joining edges only adds moves), or of a large box by stacking and
    splicing closed layer tours (construct._box; the closed tour serves an open question too),
    else backtracking on its graph."""
    flat = _flat(board)
    if flat is not None and covers(flat, start, closed):
        _refuse_late_construction(flat, deadline)
        return FOUND, 0, build(flat, start, closed)
    if flat is None and box_applies(board):
        _refuse_late(board, deadline, "the construction", len(board) / BOX_RATE)
        squares = build_box(board, start, closed, deadline)
        if squares is not None:
            return FOUND, 0, squares
    return backtrack(board, start, closed, budget, seed, deadline)


#: Boxes from this many squares are built (construct._box) where the construction applies; smaller
#: ones are searched (well under a millisecond, and their tours use every kind of move).
BOX_BUILD_SQUARES = 4096


def auto(
    board: Board, start: int, closed: bool, budget: int, seed: int | None, deadline: float
) -> tuple[int, int, array[int] | None]:
    """The construction where it applies, else backtracking: see choose()."""
    return choose(board)(board, start, closed, budget, seed, deadline)


#: Boards with both sides odd, at least 7 wide and up to this long, are backtracked by "auto":
#: there the search (measured on every such board from every start: about 1 node a square,
#: 9 from one start of 27×27 and one of 7×31; 13-29 µs a tour, the mean over every start, up
#: to 21×21, about 30-37 µs to 31×31) beats the construction's fixed cost for odd sides (about
#: 40 µs). Longer, it slows from some starts (7×49: over 10^6 nodes), and on boards 5 wide from
#: many (up to 25 nodes a square: 53-220 µs, the mean over every start of 5×13 to 5×21), so
#: those are built. See benchmarks/bench_methods.py.
ODD_BACKTRACK_SIDE = 31

#: Boards whose choice choose() keeps (a Board and a function each).
CHOICES_KEPT = 256


@lru_cache(maxsize=CHOICES_KEPT)
def choose(board: Board) -> Strategy:
    """The method "auto" runs, whichever is fastest: construction for knight's tours of whole
    rectangles (and of the surfaces on them, see surface) where it covers every start (both
    sides at least 5, one at least 12; three or four wide from knight.construct's AUTO_FROM) but
    for boards with both sides odd, from 7 to ODD_BACKTRACK_SIDE, backtracking everywhere else."""
    if board.topology is not None:  # surfaces and boxes built where it is worth it
        flat = _flat(board)
        if flat is not None:
            return surface if worth_it(flat) else backtrack
        return surface if len(board) >= BOX_BUILD_SQUARES and box_applies(board) else backtrack
    rows, cols = board.size
    if rows % 2 and cols % 2 and min(rows, cols) >= 7 and max(rows, cols) <= ODD_BACKTRACK_SIDE:
        return backtrack
    return construct if worth_it(board) else backtrack


def uniform(
    board: Board, start: int, closed: bool, budget: int, seed: int | None, deadline: float
) -> tuple[int, int, array[int] | None]:
    """One of all the tours from start, drawn uniformly at random by the counting engine's
    sweep (see count._sweep.uniform), which loads on first use: import knight stays quick."""
    from .count import _sweep

    return _sweep.uniform(board, start, closed, budget, seed, deadline)


#: method name -> strategy, as knight.tour(method=...) takes them.
METHODS: dict[str, Strategy] = {
    "auto": auto,
    "construct": construct,
    "backtrack": backtrack,
    "warnsdorff": warnsdorff,
    "random": random_warnsdorff,
    "plain": plain,
    "ordered": ordered,
    "uniform": uniform,  # one tour uniformly at random, from the counting engine's sweep
}

#: The methods that prove a no by an exhaustive search of their own (the others get a short proof first).
PROVING = (auto, construct, backtrack, surface)
