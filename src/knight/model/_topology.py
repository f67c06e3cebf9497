"""Boards that are not flat rectangles: periodic and twisted edges, and boxes of three or more axes.

A Topology is the shape of a Board's cells (one length per axis), which axes join their two
ends (periodic) and which of those join them with a flip of the other axis (twisted; only on a
board of two axes). The plain rectangle has none: its Board keeps ``topology = None`` and every
engine runs on it as before.

A move is made in the plane (the box) and then brought back onto the board: across a
periodic end the coordinate wraps (mod its length); across a twisted end of one axis the
other coordinate is also mirrored (row r of m rows becomes row m - 1 - r), once for each
time the move crosses it. A move that leaves the board across an end that is not periodic
is no move. The board's graph is simple: on narrow periodic boards two moves can land on
one square, or a move on the square it started from; each neighbour is listed once, in
the order of the first move that reaches it, and no square is its own neighbour.

Cells are numbered in row-major order of the axes (the last axis fastest), from 0; squares
from 1. The leaper (a, b) moves a along one axis and b along another: 8 moves on two axes,
24 on three. Squares are named by number or by a tuple of one 0-based index per axis;
algebraic names ("a1") belong to boards of two axes only.
"""

from __future__ import annotations

import re
from array import array
from math import prod
from typing import Callable

from . import _kernels
from ._deadline import NEVER
from ._errors import InvalidInputError, InvalidTypeError
from ._memory import allocating
from ._narrow import is_sequence
from ._remembered import remembered
from ._shown import _shown

_SHAPE_TEXT = re.compile(r"\s*[0-9]+(?:\s*[x×X,]\s*[0-9]+){2,}\s*")

#: Boards of at most this many squares keep their neighbour table in a small cache
#: (TABLES_KEPT boards; 4 bytes a cell and 4 a move, so under 40 MB in all for 3-D knights).
TABLE_CACHE_SQUARES = 200_000
TABLES_KEPT = 4

#: Most entries (cells × moves) a neighbour table is built with: its int32 offsets index them.
#: Below that, memory decides (Board.neighbour_table checks it first).
TABLE_MAX_ENTRIES = 2**31 - 1

#: Bytes a neighbour table takes: an int32 offset a cell, an int32 target a move.
TABLE_CELL_BYTES = 4
TABLE_MOVE_BYTES = 4

#: Most axes a board takes (a box of more has axes one square long, along which nothing moves).
MAX_AXES = 16


def is_box_text(size: object) -> bool:
    """Whether size is text naming three or more axes, such as "4x4x4"."""
    return isinstance(size, str) and len(size) <= 80 and _SHAPE_TEXT.fullmatch(size) is not None


def shape_text(shape: tuple[int, ...]) -> str:
    """The shape as people write it: "4×4×4"."""
    return "×".join(map(str, shape))


def _kind(shape: tuple[int, ...], periodic: tuple[bool, ...], twisted: tuple[bool, ...]) -> str:
    """Topology.kind of these axes."""
    if len(shape) > 2:
        return "periodic box" if any(periodic) else "box"
    if any(twisted):
        return "Klein bottle" if all(periodic) else "Möbius strip"
    if all(periodic):
        return "torus"
    return "cylinder" if any(periodic) else "rectangle"


class Topology:
    """Immutable: shape (one length per axis), periodic and twisted (one bool per axis)."""

    __slots__ = ("shape", "periodic", "twisted", "_strides", "kind")
    shape: tuple[int, ...]
    periodic: tuple[bool, ...]
    twisted: tuple[bool, ...]
    _strides: tuple[int, ...]
    #: "box", "cylinder", "torus", "Möbius strip", "Klein bottle" (two axes), or "periodic box"
    #: (named once: every call on such a board asks it)
    kind: str

    def __init__(self, shape: tuple[int, ...], periodic: tuple[bool, ...], twisted: tuple[bool, ...]) -> None:
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "periodic", periodic)
        object.__setattr__(self, "twisted", twisted)
        strides = [1] * len(shape)
        for axis in range(len(shape) - 2, -1, -1):
            strides[axis] = strides[axis + 1] * shape[axis + 1]
        object.__setattr__(self, "_strides", tuple(strides))
        object.__setattr__(self, "kind", _kind(shape, periodic, twisted))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Topology is immutable: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Topology):
            return NotImplemented
        return (self.shape, self.periodic, self.twisted) == (other.shape, other.periodic, other.twisted)

    def __hash__(self) -> int:
        return hash((self.shape, self.periodic, self.twisted))

    def __repr__(self) -> str:
        return f"Topology({self.shape!r}, periodic={self.periodic!r}, twisted={self.twisted!r})"

    # -- what it is ---------------------------------------------------------------------

    @property
    def axes(self) -> int:
        return len(self.shape)

    def name(self) -> str:
        """ "8×8 torus", "4×4×4 box", "5×6 cylinder (columns wrap)"."""
        text = f"{shape_text(self.shape)} {self.kind}"
        if self.axes == 2 and self.kind in ("cylinder", "Möbius strip"):
            text += " (columns wrap)" if self.periodic[1] else " (rows wrap)"
        elif self.axes > 2 and any(self.periodic):
            text += f" (axes {', '.join(str(a) for a, p in enumerate(self.periodic) if p)} wrap)"
        return text

    # -- cells, coordinates, colours ------------------------------------------------------

    def coords(self, cell: int) -> tuple[int, ...]:
        """The 0-based index on each axis of cell (0-based, row-major)."""
        out: list[int] = []
        for stride in self._strides:
            index, cell = divmod(cell, stride)
            out.append(index)
        return tuple(out)

    def cell(self, coords: tuple[int, ...]) -> int:
        return sum(index * stride for index, stride in zip(coords, self._strides))

    def colour(self, cell: int) -> int:
        """0 (light) when the coordinates add up to an even number, else 1 (dark)."""
        return sum(self.coords(cell)) % 2

    def colour_preserved(self) -> bool:
        """Whether the coordinate-sum colouring survives every wrap: each periodic axis that is not
        twisted of even length; across a twisted end of axis a the sum changes by a's length (the
        wrap) and by the other axis's length less one (its mirror r -> m - 1 - r), so the two
        lengths must add up to an odd number. Only then does a colour-changing leaper alternate colours."""
        for axis, length in enumerate(self.shape):
            if self.twisted[axis]:
                if (length + self.shape[1 - axis]) % 2 == 0:
                    return False
            elif self.periodic[axis] and length % 2:
                return False
        return True

    # -- moves ------------------------------------------------------------------------------

    def steps(self, plane_steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
        """The leaper's steps on these axes: on two axes its plane steps; on more, the plane
        steps laid on each pair of axes (i, j), i < j, in that order."""
        if self.axes == 2:
            return plane_steps
        out: list[tuple[int, ...]] = []
        for i in range(self.axes):
            for j in range(i + 1, self.axes):
                for di, dj in plane_steps:
                    step = [0] * self.axes
                    step[i], step[j] = di, dj
                    out.append(tuple(step))
        return tuple(dict.fromkeys(out))

    def landing(self, coords: tuple[int, ...], step: tuple[int, ...]) -> tuple[int, ...] | None:
        """Where step from coords lands, brought back onto the board; None when it leaves it."""
        return _kernels.table.landing(self.shape, self.periodic, self.twisted, coords, step)

    def neighbours(self, cell: int, steps: tuple[tuple[int, ...], ...], mask: bytes | None) -> list[int]:
        """The cells a step from cell, each once, never cell itself, in the order of the steps."""
        _, targets = self.table(steps, mask, cell, cell + 1)
        return targets.tolist()

    def table(
        self,
        steps: tuple[tuple[int, ...], ...],
        mask: bytes | None,
        first: int = 0,
        last: int | None = None,
        when: float = NEVER,
    ) -> tuple[array[int], array[int]]:
        """The graph of cells first to last - 1 (all of them by default) as flat int32 CSR: the
        neighbours of cell first + i are targets[offsets[i]:offsets[i + 1]] (none for a hole).
        Built by the model's table kernel (compiled, or its twin) in time linear in cells × steps;
        OutOfTime once the deadline when passes."""
        last = prod(self.shape) if last is None else last
        return _kernels.table.table(self.shape, self.periodic, self.twisted, steps, mask, first, last, when)


def parse_topology(
    shape: tuple[int, ...], periodic: object, twisted: object, boolean: Callable[[object, str], bool]
) -> Topology | None:
    """The Topology of shape with periodic= and twisted= (True, False or one bool per axis); None
    for the plain rectangle (two axes, nothing periodic)."""
    axes = len(shape)
    wraps = _per_axis(periodic, axes, "periodic", boolean)
    twists = _per_axis(twisted, axes, "twisted", boolean)
    if any(twists):
        if axes != 2:
            raise InvalidInputError(
                f"twisted= joins the ends of one axis with a flip of the other: boards of two axes only, not {axes}"
            )
        for axis, twist in enumerate(twists):
            if twist and not wraps[axis]:
                raise InvalidInputError(
                    f"twisted axis {axis} must be periodic too (periodic={wraps!r}): a twist joins two ends"
                )
        if all(twists):
            raise InvalidInputError("both axes twisted (a projective plane) is not supported: twist one axis")
    if axes == 2 and not any(wraps):
        return None
    return Topology(shape, wraps, twists)


def _per_axis(value: object, axes: int, what: str, boolean: Callable[[object, str], bool]) -> tuple[bool, ...]:
    if is_sequence(value):
        if len(value) != axes:
            raise InvalidInputError(f"{what}= needs one bool per axis ({axes}), not {len(value)}: {_shown(value)}")
        return tuple(boolean(v, what) for v in value)
    return (boolean(value, what),) * axes


def parse_shape(size: object, integer: Callable[[object, str], int], max_squares: int) -> tuple[int, ...]:
    """The shape of three or more axes that size names: a tuple of lengths or text "4x4x4"."""
    if isinstance(size, str):
        if not is_box_text(size):
            raise InvalidInputError(f"size {_shown(size)} must be lengths joined by 'x', such as '4x4x4'")
        lengths = [int(part) for part in re.split(r"[x×X,]", size.replace(" ", ""))]
    elif is_sequence(size):
        lengths = [integer(length, f"size {_shown(size)}: axis {axis}") for axis, length in enumerate(size)]
    else:
        raise InvalidTypeError(
            f"size must be n, (rows, cols), a tuple of lengths or text such as '4x4x4', not {_shown(size)}"
        )
    if not 2 <= len(lengths) <= MAX_AXES:
        raise InvalidInputError(f"size {_shown(size)} needs from 2 to {MAX_AXES} axes, not {len(lengths)}")
    if any(length < 1 for length in lengths):
        raise InvalidInputError(f"size {_shown(size)} must have at least one cell along every axis")
    cells = prod(lengths)
    if cells > max_squares:
        raise InvalidInputError(f"size {_shown(size)} has more squares than the {max_squares:,} a tour can number")
    return tuple(lengths)


def parse_box_square(topology: Topology, square: object, integer: Callable[[object, str], int]) -> int:
    """The 1-based number of a square named by number or by a tuple of one index per axis."""
    cells = prod(topology.shape)
    name = shape_text(topology.shape)
    if isinstance(square, str):
        raise InvalidInputError(
            f"square {_shown(square)}: algebraic names belong to boards of two axes; on {name} give a number "
            f"(1 to {cells}) or a tuple of {topology.axes} indices"
        )
    if is_sequence(square):
        if len(square) != topology.axes:
            raise InvalidInputError(f"square {_shown(square)} must have one index per axis ({topology.axes})")
        coords = tuple(integer(c, f"square {_shown(square)}") for c in square)
        if not all(0 <= c < length for c, length in zip(coords, topology.shape)):
            raise InvalidInputError(f"square {_shown(square)} is off the {name} board")
        return topology.cell(coords) + 1
    number = integer(square, "square")
    if not 0 < number <= cells:
        raise InvalidInputError(f"square {number} is off the {name} board (squares are numbered 1 to {cells})")
    return number


def box_square_name(topology: Topology, number: int) -> str:
    """A square of a box named by its coordinates: "(0, 1, 2)"."""
    return "(" + ", ".join(map(str, topology.coords(number - 1))) + ")"


#: The tables of the last TABLES_KEPT boards of at most TABLE_CACHE_SQUARES cells, by (topology, steps, mask).
_KEPT_TABLES: dict[tuple[Topology, tuple[tuple[int, ...], ...], bytes | None], tuple[array[int], array[int]]] = {}


def neighbour_table(
    topology: Topology, steps: tuple[tuple[int, ...], ...], mask: bytes | None, name: str, when: float = NEVER
) -> tuple[array[int], array[int]]:
    """topology.table(steps, mask) (Board.neighbour_table's), kept for the last few boards of at most
    TABLE_CACHE_SQUARES cells; InvalidInputError naming the board (name) past TABLE_MAX_ENTRIES moves or
    when it cannot fit, before building anything; OutOfTime once the deadline when passes."""
    cells = prod(topology.shape)
    entries = cells * len(steps)
    if entries > TABLE_MAX_ENTRIES:
        raise InvalidInputError(
            f"the graph of the {name} has up to {entries:,} moves, more than the {TABLE_MAX_ENTRIES:,} "
            "an int32 table indexes"
        )
    if cells <= TABLE_CACHE_SQUARES:
        key = (topology, steps, mask)
        return remembered(_KEPT_TABLES, key, lambda: topology.table(steps, mask, when=when), TABLES_KEPT)
    needed = (cells + 1) * TABLE_CELL_BYTES + entries * TABLE_MOVE_BYTES
    with allocating(needed, f"the neighbour table of the {name}"):
        return topology.table(steps, mask, when=when)
