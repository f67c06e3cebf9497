"""knight: knight's tours on any board, found by a compiled search with a pure-Python twin.

>>> import knight
>>> t = knight.tour(8, start=1)   # an open tour of 8×8 from square 1 (a8)
>>> knight.is_tour(t, 8)
True
>>> knight.count(5, start=1)      # open tours of 5×5 from a corner
304

The house (ARCHITECTURE.md): the ground floor ``model`` (Board, the question, Tour,
errors, formats, refutations, the deadline); the engines beside each other above it,
``search``, ``construct`` and ``count``, which import only the model; the entry points
that choose between engines (``_find``: tour, exists, solve; ``_methods``; ``_counting``:
count; ``_compare``: compare) above them; ``draw`` and ``cli`` on top.

Importing knight is quick (well under 25 ms, see benchmarks/bench_startup.py): executors,
tqdm, numpy, the drawing code and the construction's stored tables load when first used;
``knight.svg`` is imported on first access.
"""

from types import ModuleType

from . import draw
from ._compare import Comparison, MethodRun, compare
from ._counting import count, tours
from ._find import exists, solve, tour
from ._methods import METHODS
from ._trace import Choice, Finished, Placed, Restart, TakenBack, Trace, TraceEvent, trace
from ._version import __version__ as __version__
from .model import _types
from .model._board import Board
from .model._errors import (
    InvalidInputError,
    InvalidTypeError,
    KnightError,
    NoTourError,
    NotATourError,
    SearchLimitError,
    WarnsdorffStuckError,
    WorkerError,
)
from .model._kernels import CHOSEN as _CHOSEN
from .model._question import DEFAULT_MAX_NODES
from .model._tour import Tour
from .model._types import *  # noqa: F403  (the type aliases: Size, Square, Method, ...)
from .model._validate import check_tour, is_tour

#: "cython" when every package runs its compiled kernels, else "python" (see model._kernels).
IMPLEMENTATION = "cython" if set(_CHOSEN.values()) == {"cython"} else "python"


def __getattr__(name: str) -> ModuleType:
    """knight.svg, imported on first use: drawing (and xml) stays out of import knight."""
    if name == "svg":
        import importlib

        return importlib.import_module(".svg", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The model never imports drawing: the package, which sees both, gives Tour its notebook pictures.
Tour._repr_svg_ = draw.repr_svg  # type: ignore[attr-defined]
Tour._repr_html_ = draw.repr_html  # type: ignore[attr-defined]
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
    "MethodRun",
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
    "exists",
    "is_tour",
    "solve",
    "tour",
    "tours",
    "trace",
]
__all__ += _types.__all__
