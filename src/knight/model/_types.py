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
    Literal,
    Protocol,
    Union,
)

from ._board_types import Axes, Givens, Leaper, Mask, Shape, Square

if TYPE_CHECKING:
    from ._board import Board

#: A board: a Shape, or a knight.Board (any shape, holes included, with its own leaper).
Size = Union[Shape, "Board"]

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
