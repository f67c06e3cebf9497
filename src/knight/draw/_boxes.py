"""Pictures of boxes (three or more axes): the layers drawn side by side.

A layer is the board of the last two axes at one index of the others. On three axes the
layers stand in one row, layer 0 on the left; on four or more, the rows of layers follow the
axes before the last three (row-major) and the columns of layers the third-last axis, so
layer (i, j) of a 2×3×m×n box is in row i, column j. Each layer is labelled with its leading
indices. A move within a layer is a line between square centres, as on a flat board; a move
between layers is a dashed line of the "layers" colour from square to square across the
gap, one <line class="between"> a move, so the two kinds never look alike.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Sequence

from .. import InvalidInputError
from ..model import KNIGHT
from ._marks import MIN_FONT, SVG_NS, _FONT, _num, _num3, draw_markers, draw_numbers

if TYPE_CHECKING:
    from .. import Board, Tour

#: The gap between layers, and the band above each for its label, in squares.
GAP = 0.6


def positions(board: Board) -> tuple[list[tuple[float, float]], float, float]:
    """(the top-left corner (x, y) of each cell in square units, the picture's width and height):
    the layout of the module docstring."""
    topology = board.topology
    assert topology is not None and topology.axes > 2
    *lead, m, n = topology.shape
    across = lead[-1]
    down = board.rows * board.cols // (across * m * n)
    spots: list[tuple[float, float]] = []
    for cell in range(board.rows * board.cols):
        layer, rest = divmod(cell, m * n)
        row, col = divmod(rest, n)
        band, column = divmod(layer, across)
        spots.append((column * (n + GAP) + col, GAP + band * (m + GAP) + row))
    return spots, across * (n + GAP) - GAP, down * (m + GAP)


def layer_of(board: Board, cell: int) -> int:
    """The index of cell's layer (the row-major index of its leading coordinates)."""
    return cell // (board.shape[-1] * board.shape[-2])


def wrapping_box(board: Board) -> bool:
    """Whether board is a box some of whose axes wrap: not drawn (its moves across an end are
    not placed yet)."""
    topology = board.topology
    return topology is not None and topology.axes > 2 and any(topology.periodic)


def refuse_wrapping(board: Board, what: str) -> None:
    """InvalidInputError for a wrapping box (wrapping_box), naming it."""
    if wrapping_box(board):
        raise InvalidInputError(f"{what} draws boxes whose axes do not wrap, not the {board.name}; use Tour.grid()")


def render(tour: Tour, size: int, numbers: bool, path: bool, markers: bool, palette: dict[str, str]) -> str:
    """The SVG document of a tour of a box (see the module docstring); options as _svg.render's."""
    board = tour.board
    refuse_wrapping(board, "a picture")
    spots, width, height = positions(board)
    cell = size / max(width, height)
    if cell < 1:
        raise InvalidInputError(f"size={size} leaves the squares of the {board.name} narrower than a pixel")
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "version": "1.1",
            "width": _num(width * cell),
            "height": _num(height * cell),
            "viewBox": f"0 0 {_num(width * cell)} {_num(height * cell)}",
        },
    )
    kind = "Closed" if tour.is_closed else "Open"
    piece = "knight's tour" if board.moves == KNIGHT else "tour"
    start, end = board.square_name(tour.start), board.square_name(tour.end)
    ET.SubElement(root, "title").text = f"{kind} {piece} of {board.name} from {start} to {end}"
    group = ET.SubElement(root, "g", {"class": "board", "transform": f"scale({_num3(cell)})"})
    _layers(group, board, spots, cell, palette)
    # the picture's (row, col) of each square in the tour's order, for the shared drawing helpers
    places = [(spots[square - 1][1], spots[square - 1][0]) for square in tour]
    if path and len(places) > 1:
        _moves(group, board, tour, places, cell, palette)
    font = min(0.4, 0.8 / len(str(len(places)))) * cell
    if markers:
        draw_markers(group, places, cell, palette, None)
    if numbers and font >= MIN_FONT:
        givens = {places[move - 1]: move for move in board.givens.values()}
        draw_numbers(root, places, 0.0, cell, font, palette, None, givens)
    if len(places) <= 400:
        ET.indent(root, space="")
    return ET.tostring(root, encoding="unicode") + "\n"


def _layers(
    group: ET.Element, board: Board, spots: Sequence[tuple[float, float]], cell: float, palette: dict[str, str]
) -> None:
    """The squares (light and dark by the coordinates' sum, holes in the hole colour) and each
    layer's label, its leading indices."""
    topology = board.topology
    assert topology is not None
    mask = board.mask
    paint: dict[str, list[str]] = {"light": [], "dark": [], "hole": []}
    for cell_index, (x, y) in enumerate(spots):
        key = "hole" if mask is not None and not mask[cell_index] else ("light", "dark")[topology.colour(cell_index)]
        paint[key].append(f"M{_num(x)} {_num(y)}h1v1h-1z")
    for key, parts in paint.items():
        if parts:
            ET.SubElement(group, "path", {"class": key, "d": "".join(parts), "fill": palette[key]})
    *_, m, n = topology.shape
    font = min(0.45, GAP * 0.8)
    labels = ET.SubElement(
        group,
        "g",
        {"class": "layers", "font-family": _FONT, "font-size": _num3(font), "fill": palette["coordinates"]},
    )
    if font * cell < MIN_FONT:
        return
    for layer in range(len(spots) // (m * n)):
        x, y = spots[layer * m * n]
        indices = topology.coords(layer * m * n)[:-2]
        ET.SubElement(
            labels, "text", {"x": _num(x), "y": _num3(y - 0.15)}
        ).text = f"layer {', '.join(map(str, indices))}"


def _moves(
    group: ET.Element,
    board: Board,
    tour: Tour,
    places: Sequence[tuple[float, float]],
    cell: float,
    palette: dict[str, str],
) -> None:
    """Moves within a layer as one path (one L a move), moves between layers as dashed lines."""
    width = min(0.25, max(0.07, 0.8 / cell))
    pairs = list(zip(range(len(places)), range(1, len(places))))
    if tour.is_closed:
        pairs.append((len(places) - 1, 0))
    parts: list[str] = []
    between = ET.Element("g", {"class": "between", "stroke": palette["layers"], "stroke-width": _num3(width * 0.8)})
    between.set("stroke-dasharray", f"{_num3(max(0.15, 3 / cell))} {_num3(max(0.1, 2 / cell))}")
    drawn = None
    for a, b in pairs:
        (ya, xa), (yb, xb) = places[a], places[b]
        if layer_of(board, tour[a] - 1) != layer_of(board, tour[b] - 1):
            line = {"x1": _num(xa + 0.5), "y1": _num(ya + 0.5), "x2": _num(xb + 0.5), "y2": _num(yb + 0.5)}
            ET.SubElement(between, "line", line)
            continue
        if drawn != a:
            parts.append(f"M{_num(xa + 0.5)} {_num(ya + 0.5)}")
        parts.append(f"L{_num(xb + 0.5)} {_num(yb + 0.5)}")
        drawn = b
    if parts:
        ET.SubElement(
            group,
            "path",
            {
                "class": "route",
                "d": "".join(parts),
                "fill": "none",
                "stroke": palette["route"],
                "stroke-width": _num3(width),
                "stroke-linecap": "round",
                "stroke-linejoin": "round",
            },
        )
    if len(between):
        group.append(between)
