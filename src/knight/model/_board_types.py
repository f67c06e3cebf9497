"""The type aliases of what a Board takes (squares, shapes, leapers, axes, givens, masks).

model._types re-exports them with the aliases that name the Board itself; they live apart so
that _board, which takes them, and _types, which names Board, import no circle.
"""

from __future__ import annotations

from typing import Iterable, List, Mapping, Sequence, SupportsIndex, Tuple, Union

#: A square: its 1-based number (1 is the top-left corner, row 0 col 0), a name such as "e4"
#: ("a1" the bottom-left corner), or its 0-based coordinates, (row, col) or one per axis of a box.
Square = Union[SupportsIndex, str, Tuple[SupportsIndex, ...], List[SupportsIndex]]

#: A rectangle or a box: n for n×n, (rows, cols) or one length per axis of a box, or text
#: such as "6x7" or "4x4x4".
Shape = Union[SupportsIndex, str, Tuple[SupportsIndex, ...], List[SupportsIndex]]

#: The piece's leap (a, b): (1, 2) is the knight, (1, 3) the camel, (2, 3) the zebra.
Leaper = Union[Tuple[SupportsIndex, SupportsIndex], List[SupportsIndex]]

#: Whether each axis wraps round (Board's periodic= and twisted=): one bool for every axis, or one an axis.
Axes = Union[bool, Sequence[bool]]

#: A puzzle's given moves: square -> move number (Board(givens=...)). A dict built beforehand
#: is typed ``dict[knight.Square, int]`` (a Mapping's keys are invariant).
Givens = Mapping[Square, int]

#: A 2-D array-like of bools (Board.from_mask): rows of bools, or a numpy array.
Mask = Iterable[Iterable[bool]]
