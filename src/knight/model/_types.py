"""The public type aliases: what knight's functions take, named once for users and type checkers.

knight re-exports them (``knight.Size``, ``knight.Square``, ...), and every public signature
uses them, so that a type checker rejects ``knight.tour(8, start=3.5)`` or
``method="warnsdorf"`` before the call runs. They are plain aliases: at run time the
functions still check their arguments, raising knight.InvalidTypeError or InvalidInputError.
"""

from __future__ import annotations

import os
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Iterable,
    List,
    Literal,
    Mapping,
    Protocol,
    Sequence,
    SupportsIndex,
    Tuple,
    Union,
)

if TYPE_CHECKING:
    from ._board import Board

#: A square: its 1-based number (1 is the top-left corner, row 0 col 0), a name such as "e4"
#: ("a1" the bottom-left corner), or its 0-based coordinates, (row, col) or one per axis of a box.
Square = Union[SupportsIndex, str, Tuple[SupportsIndex, ...], List[SupportsIndex]]

#: A rectangle or a box: n for n×n, (rows, cols) or one length per axis of a box, or text
#: such as "6x7" or "4x4x4".
Shape = Union[SupportsIndex, str, Tuple[SupportsIndex, ...], List[SupportsIndex]]

#: A board: a Shape, or a knight.Board (any shape, holes included, with its own leaper).
Size = Union[Shape, "Board"]

#: The piece's leap (a, b): (1, 2) is the knight, (1, 3) the camel, (2, 3) the zebra.
Leaper = Union[Tuple[SupportsIndex, SupportsIndex], List[SupportsIndex]]

#: Whether each axis wraps round (Board's periodic= and twisted=): one bool for every axis, or one an axis.
Axes = Union[bool, Sequence[bool]]

#: A puzzle's given moves: square -> move number (Board(givens=...)). A dict built beforehand
#: is typed ``dict[knight.Square, int]`` (a Mapping's keys are invariant).
Givens = Mapping[Square, int]

#: A 2-D array-like of bools (Board.from_mask): rows of bools, or a numpy array.
Mask = Iterable[Iterable[bool]]

#: A strategy of knight.tour(method=...): the names of knight.METHODS.
Method = Literal["auto", "construct", "backtrack", "warnsdorff", "random", "plain", "ordered", "uniform"]

#: A way knight.count(method=...) counts.
CountMethod = Literal["auto", "frontier", "join", "enumerate"]

#: A search knight.trace(method=...) records.
TraceMethod = Literal["auto", "backtrack", "plain", "ordered", "warnsdorff"]

#: A file's path: text or a path object.
StrPath = Union[str, os.PathLike[str]]

__all__ = [
    "Axes",
    "CountMethod",
    "Executor",
    "Givens",
    "Leaper",
    "Mask",
    "Method",
    "Shape",
    "Size",
    "Square",
    "StrPath",
    "TraceMethod",
]


class Executor(Protocol):
    """What knight.count(executor=...) takes: an object with a submit() method.

    A concurrent.futures.Executor (such as a ProcessPoolExecutor) or a Dask
    distributed.Client, whose submit() runs a work item.

    Examples
    --------
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     knight.count(5, start=1, executor=pool)
    304
    """

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """Schedule ``fn(*args, **kwargs)`` and return a future of its result.

        Parameters
        ----------
        fn : Callable[..., Any]
            The work item.
        *args : Any
            Its positional arguments.
        **kwargs : Any
            Its keyword arguments.

        Returns
        -------
        Any
            A future of its result (a concurrent.futures.Future, or Dask's).

        Examples
        --------
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(1) as pool:
        ...     pool.submit(sum, [1, 2]).result()
        3
        """
        ...
