"""knight: knight's tours on any board, found, counted and drawn.

A knight's tour visits every square of a board once by knight's moves. knight finds one
on a chessboard in microseconds (a compiled Warnsdorff-ordered search, with a pure-Python
twin), builds them on huge rectangles in linear time, proves when none exists, counts
them exactly, and draws them; on any board: rectangles with holes, other leapers,
cylinders, tori and boxes.

Functions
---------
tour(size, start, ...)      one tour (knight.Tour), or NoTourError with the reason
exists(size, start, ...)    whether a tour exists
no_tour_reason(size, ...)   why there is none (the proof), or None
solve(puzzle, ...)          complete a puzzle's given moves
count(size, start, ...)     the number of tours, exactly
tours(size, start, ...)     every tour, lazily
compare(size, start, ...)   each method's nodes and time on one question
trace(size, start, ...)     the search's events as it runs
check_tour(squares, board)  raise NotATourError saying what is wrong; is_tour: a bool

Classes: Board (where the piece stands and how it moves), Tour (the squares in order, with
their formats), Comparison, Trace and its events; the errors derive from KnightError.
Types: Size, Square, Leaper, Method, ... (the aliases of every signature). Pictures:
knight.svg (SVG and PNG), knight.draw (the HTML player). Squares are numbered from 1 at
the top-left corner, or named as in chess ("a1" is the bottom-left corner).

>>> import knight
>>> t = knight.tour(8, start=1)   # an open tour of 8×8 from square 1 (a8)
>>> knight.is_tour(t, 8)
True
>>> knight.count(5, start=1)      # open tours of 5×5 from a corner
304

Importing knight is quick (well under 25 ms, see benchmarks/bench_startup.py); the
package's layout is in ARCHITECTURE.md. ``knight.draw`` (and its alias
``knight.svg``) is imported on first access.
"""

from types import ModuleType
from typing import TYPE_CHECKING

from . import draw
from ._compare import Comparison, MethodRun, compare
from ._counting import count, tours
from ._find import exists, no_tour_reason, solve, tour
from ._magic import MagicCount, count_magic, magic, magic_tours
from ._methods import METHODS
from ._trace import Choice, Finished, Placed, Restart, TakenBack, Trace, TraceEvent, trace
from ._version import __version__ as __version__
from .model import _types
from .model._board import Board
from .model._errors import (
    InvalidInputError,
    InvalidTypeError,
    KnightError,
    MissingExtraError,
    NoTourError,
    NotATourError,
    SearchLimitError,
    WarnsdorffStuckError,
    WorkerError,
)
from .model._kernels import implementation as _implementation
from .model._question import DEFAULT_MAX_NODES
from .model._tour import Tour
from .model._types import *  # noqa: F403  (the type aliases: Size, Square, Method, ...)
from .model._validate import check_tour, is_tour

if TYPE_CHECKING:
    IMPLEMENTATION: str
    """"cython" when every package runs its compiled kernels, else "python" (they load on first use:
    asking loads them all, so the answer is the one they give)."""


def __getattr__(name: str) -> "ModuleType | str":
    """knight.svg and knight.IMPLEMENTATION, on first use: drawing (and xml) stays out of
    import knight, and so do the kernels that the packages load when they first run one."""
    if name == "IMPLEMENTATION":
        return _implementation()
    if name == "svg":
        import importlib

        return importlib.import_module(".svg", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The model never imports drawing: the package, which sees both, gives Tour and Board their
# notebook pictures (docs/pictures.md): a Tour shows its HTML (the player, or the picture), a
# Board its SVG picture.
Tour._repr_svg_ = draw.repr_svg  # type: ignore[attr-defined]
Tour._repr_html_ = draw.repr_html  # type: ignore[attr-defined]
Board._repr_svg_ = draw.repr_board  # type: ignore[attr-defined]
Comparison._repr_svg_ = draw.repr_chart  # type: ignore[attr-defined]

__all__ = [
    "Board",
    "Comparison",
    "Choice",
    "DEFAULT_MAX_NODES",
    "Finished",
    "IMPLEMENTATION",
    "METHODS",
    "InvalidInputError",
    "InvalidTypeError",
    "KnightError",
    "MagicCount",
    "MethodRun",
    "MissingExtraError",
    "NoTourError",
    "NotATourError",
    "Placed",
    "Restart",
    "SearchLimitError",
    "TakenBack",
    "Trace",
    "TraceEvent",
    "WarnsdorffStuckError",
    "WorkerError",
    "Tour",
    "check_tour",
    "compare",
    "count",
    "count_magic",
    "exists",
    "is_tour",
    "magic",
    "magic_tours",
    "no_tour_reason",
    "solve",
    "tour",
    "tours",
    "trace",
]
__all__ += _types.__all__
