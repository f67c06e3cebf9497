"""The marks every picture of a tour shares: numbers as SVG text, the start and end markers,
the move numbers in their squares, and the timeline of an animation (draw/_svg.py draws flat
boards and surfaces with them, draw/_boxes.py boxes)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Mapping, Sequence

SVG_NS = "http://www.w3.org/2000/svg"


#: Smallest font, in pixels, for move numbers and coordinates; smaller text is left out.
MIN_FONT = 6.0


_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _num(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros: 12.5, 3, 0.25."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class _Timing:
    """One timeline for every animation: draw for duration seconds, then hold (and repeat)."""

    def __init__(self, duration: float, loop: bool) -> None:
        self.draw = duration
        self.total = duration + (min(5.0, max(1.0, duration * 0.2)) if loop else 0.0)
        self.loop = loop

    def attributes(self) -> dict[str, str]:
        repeat = {"repeatCount": "indefinite"} if self.loop else {"fill": "freeze"}
        return {"dur": f"{_num(self.total)}s", "begin": "0s", **repeat}

    def appear(self, parent: ET.Element, at: float) -> None:
        """Hide parent until at seconds into the timeline."""
        fraction = min(at / self.total, 1.0)
        ET.SubElement(
            parent,
            "animate",
            {
                "attributeName": "visibility",
                "values": "hidden;visible",
                "keyTimes": f"0;{fraction:.4f}",
                "calcMode": "discrete",
                **self.attributes(),
            },
        )


def _num3(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text or "0"


def draw_markers(
    board: ET.Element,
    coords: Sequence[tuple[float, ...]],
    cell: float,
    palette: Mapping[str, str],
    timing: _Timing | None,
) -> None:
    """A filled disc on the start square, a ring on the end square."""
    radius = max(0.3, 3 / cell)
    (start_row, start_col), (end_row, end_col) = coords[0], coords[-1]
    ET.SubElement(
        board,
        "circle",
        {
            "class": "start",
            "cx": _num(start_col + 0.5),
            "cy": _num(start_row + 0.5),
            "r": _num3(radius),
            "fill": palette["start"],
        },
    )
    ring = ET.SubElement(
        board,
        "circle",
        {
            "class": "end",
            "cx": _num(end_col + 0.5),
            "cy": _num(end_row + 0.5),
            "r": _num3(radius),
            "fill": "none",
            "stroke": palette["end"],
            "stroke-width": _num3(radius / 3),
        },
    )
    if timing is not None:
        timing.appear(ring, timing.draw)


def draw_numbers(
    root: ET.Element,
    coords: Sequence[tuple[float, ...]],
    margin: float,
    cell: float,
    font: float,
    palette: Mapping[str, str],
    timing: _Timing | None,
    givens: Mapping[tuple[float, float], int],
) -> None:
    """Each square's move number, 1 on the start square, centred in the square (cell pixels a
    side, margin pixels in); a puzzle's given numbers (givens: (row, col) -> move) in bold and
    shown from the start, as printed."""
    group = ET.SubElement(
        root,
        "g",
        {
            "class": "numbers",
            "font-family": _FONT,
            "font-size": _num(font),
            "fill": palette["numbers"],
            "text-anchor": "middle",
        },
    )
    moves = max(len(coords) - 1, 1)
    for number, (row, col) in enumerate(coords, 1):
        x, y = margin + (col + 0.5) * cell, margin + (row + 0.5) * cell + 0.35 * font
        text = ET.SubElement(group, "text", {"x": _num(x), "y": _num(y)})
        text.text = str(number)
        if givens.get((row, col)) == number:
            text.set("font-weight", "bold")
            text.set("class", "given")
        elif timing is not None and number > 1:
            timing.appear(text, timing.draw * (number - 1) / moves)
