"""knight: knight's tours on any board, found by a compiled search with a pure-Python twin.

>>> import knight
>>> t = knight.tour(1)          # an open tour of 8×8 from square 1 (a8)
>>> knight.is_tour(t, 8)
True
>>> knight.count(5, start=1)     # open tours of 5×5 from a corner
304
"""

from ._errors import (
    InvalidInputError,
    InvalidTypeError,
    KnightError,
    NoTourError,
    NotATourError,
    SearchLimitError,
    WarnsdorffStuckError,
)
from ._enumerate import count, tours
from ._impl import IMPLEMENTATION
from ._methods import METHODS
from ._search import DEFAULT_MAX_NODES, exists, tour
from ._tour import Tour
from ._validate import check_tour, is_tour

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_MAX_NODES",
    "IMPLEMENTATION",
    "METHODS",
    "InvalidInputError",
    "InvalidTypeError",
    "KnightError",
    "NoTourError",
    "NotATourError",
    "SearchLimitError",
    "WarnsdorffStuckError",
    "Tour",
    "check_tour",
    "count",
    "exists",
    "is_tour",
    "tour",
    "tours",
]
