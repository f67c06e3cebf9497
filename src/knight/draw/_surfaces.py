"""Pictures of surfaces (cylinders, tori, Möbius strips, Klein bottles): the board drawn flat.

A move that crosses a joined edge is drawn as two stubs, one from each of its squares toward
the edge it crosses, clipped at the board's border, so the move shows at both ends. The joined
edges are drawn in the "edge" colour, with an arrow on each: arrows that point the same way
join straight (cylinder, torus); arrows that point opposite ways join with a flip (twisted).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from .. import Board


def route_path(board: Board, coords: Sequence[tuple[int, ...]], closed: bool) -> str:
    """The route's SVG path data in cell units (square centres at +0.5), a wrapping move as two stubs."""
    topology = board.topology
    assert topology is not None
    parts = [f"M{coords[0][1] + 0.5} {coords[0][0] + 0.5}"]
    pairs = list(zip(coords, coords[1:]))
    if closed:
        pairs.append((coords[-1], coords[0]))
    for here, there in pairs:
        wrapped = stubs(board, here, there)
        if wrapped is None:  # a move in the plane
            parts.append(f"L{there[1] + 0.5} {there[0] + 0.5}")
            continue
        out, back = wrapped
        parts.append(f"L{here[1] + out[1] + 0.5} {here[0] + out[0] + 0.5}")
        parts.append(f"M{there[1] + back[1] + 0.5} {there[0] + back[0] + 0.5}")
        parts.append(f"L{there[1] + 0.5} {there[0] + 0.5}")
    return "".join(parts)


def stubs(board: Board, here: tuple[int, ...], there: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
    """None for a move drawn in the plane; else the two stubs of a move across a joined edge,
    the leaper's step out of here and the one out of there (each (row, col))."""
    near = sorted((abs(here[0] - there[0]), abs(here[1] - there[1])))
    if tuple(near) == board.moves:
        return None
    return _step(board, here, there), _step(board, there, here)


def _step(board: Board, here: tuple[int, ...], there: tuple[int, ...]) -> tuple[int, ...]:
    """The leaper's step from here that lands on there once brought back onto the board."""
    topology = board.topology
    assert topology is not None
    return next(step for step in board.steps if topology.landing(here, step) == tuple(there))


def edges(group: ET.Element, board: Board, edge: str) -> None:
    """The joined edges, each with an arrow saying how it joins its partner (module docstring)."""
    topology = board.topology
    assert topology is not None
    rows, cols = board.rows, board.cols
    for axis, joined in enumerate(topology.periodic):
        if not joined:
            continue
        flip = topology.twisted[axis]
        if axis == 1:  # the left and right edges
            lines = [((0, 0), (0, rows), False), ((cols, 0), (cols, rows), flip)]
        else:  # the top and bottom edges
            lines = [((0, 0), (cols, 0), False), ((0, rows), (cols, rows), flip)]
        for (x1, y1), (x2, y2), reverse in lines:
            ET.SubElement(
                group,
                "line",
                {
                    "class": "edge",
                    "x1": str(x1),
                    "y1": str(y1),
                    "x2": str(x2),
                    "y2": str(y2),
                    "stroke": edge,
                    "stroke-width": "0.12",
                },
            )
            _arrow(group, (x1, y1), (x2, y2), reverse, edge)


def _arrow(group: ET.Element, start: tuple[int, int], end: tuple[int, int], reverse: bool, edge: str) -> None:
    """A small triangle at the middle of an edge, pointing from start to end (or back when reverse)."""
    (x1, y1), (x2, y2) = (end, start) if reverse else (start, end)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = (x2 > x1) - (x2 < x1), (y2 > y1) - (y2 < y1)
    size = 0.3
    tip = (mx + dx * size, my + dy * size)
    left = (mx - dy * size, my + dx * size)
    right = (mx + dy * size, my - dx * size)
    points = " ".join(f"{x:g},{y:g}" for x, y in (tip, left, right))
    ET.SubElement(group, "polygon", {"class": "join", "points": points, "fill": edge})
