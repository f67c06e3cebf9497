"""A magic tour's numbering as a picture: the numbers in their squares, each row's sum on its
right, each column's below it, and the two long diagonals' sums in the corner (square boards:
the one from the top-left corner above the one from the top-right)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .. import InvalidInputError, InvalidTypeError, Tour

__all__ = ["magic_square"]

_LIGHT, _DARK, _SUM, _OFF = "#f0d9b5", "#b58863", "#1b5e20", "#b71c1c"


def magic_square(tour: Tour, /, *, cell: int = 40) -> str:
    """An SVG document of the numbering along tour (1 at the start) with its line sums: a sum
    that matches the line's magic sum in green, any other in red.

    cell is a square's side in pixels (12 to 200). Raises InvalidInputError on a board that is
    not a whole flat rectangle (see Tour.line_sums).
    """
    if not isinstance(tour, Tour):
        raise InvalidTypeError(f"magic_square draws a knight.Tour, not {type(tour).__name__}")
    if isinstance(cell, bool) or not isinstance(cell, int) or not 12 <= cell <= 200:
        raise InvalidInputError(f"cell must be an int from 12 to 200 pixels, not {cell!r}")
    row_sums, col_sums, diagonals = tour.line_sums()
    rows, cols = tour.rows, tour.cols
    numbers = tour.matrix()
    total = rows * cols + 1
    width, height = (cols + 1.5) * cell, (rows + 1.5) * cell
    root = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=f"{width:g}",
        height=f"{height:g}",
        viewBox=f"0 0 {width:g} {height:g}",
        attrib={"font-family": "sans-serif", "text-anchor": "middle", "dominant-baseline": "central"},
    )
    ET.SubElement(
        root, "title"
    ).text = f"magic numbering of a tour of {tour.board.name}: {tour.magic_kind or 'not magic'}"
    font = f"{cell * 0.42:g}"
    for r in range(rows):
        for c in range(cols):
            x, y = c * cell, r * cell
            fill = _LIGHT if (r + c) % 2 == 0 else _DARK
            ET.SubElement(root, "rect", x=f"{x:g}", y=f"{y:g}", width=f"{cell:g}", height=f"{cell:g}", fill=fill)
            _text(root, x + cell / 2, y + cell / 2, str(numbers[r][c]), font, "#000")
    for r, value in enumerate(row_sums):
        _sum(root, (cols + 0.75) * cell, (r + 0.5) * cell, value, cols * total, font)
    for c, value in enumerate(col_sums):
        _sum(root, (c + 0.5) * cell, (rows + 0.75) * cell, value, rows * total, font)
    small = f"{cell * 0.3:g}"
    for offset, value in zip((0.5, 1.0), diagonals):  # the corner: from the top-left, then from the top-right
        _sum(root, (cols + 0.75) * cell, (rows + offset) * cell, value, rows * total, small)
    return ET.tostring(root, encoding="unicode")


def _sum(root: ET.Element, x: float, y: float, value: int, twice: int, font: str) -> None:
    """A line's sum, green when it is the magic sum (twice is twice that sum), else red."""
    _text(root, x, y, str(value), font, _SUM if 2 * value == twice else _OFF)


def _text(root: ET.Element, x: float, y: float, words: str, font: str, fill: str) -> None:
    ET.SubElement(root, "text", x=f"{x:g}", y=f"{y:g}", fill=fill, attrib={"font-size": font}).text = words
