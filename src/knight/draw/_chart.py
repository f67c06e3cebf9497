"""A comparison of methods as a picture: one bar a method, its length the search nodes on a log scale.

>>> import knight, knight.draw
>>> knight.draw.chart(knight.compare(6, start="a1")).startswith("<svg")
True

The scale runs in powers of ten from 1 node past the node budget, which a dashed line marks
(a method that ran out of nodes reaches it); a bar is green for a tour found, red for a method that gave up (stuck, out of nodes or time),
grey for a proof that no tour starts there. Built with xml.etree.ElementTree, like the tours.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import NamedTuple, Sequence

from .. import Comparison, InvalidTypeError
from ..model import checked_keywords
from ._marks import SVG_NS, _FONT, _num
from ._svg import MAX_SIZE, _positive

#: A bar's colour by what the run came to.
BAR_COLORS = {"found": "#16a34a", "no tour": "#71717a"}
GAVE_UP_COLOR = "#dc2626"

_ROW, _NOTE, _TOP, _BOTTOM = 30, 190, 44, 34


class Bar(NamedTuple):
    """One row of a bar chart: its label, its value (drawn on a log scale), the note written
    after the bar, its colour and its tooltip."""

    label: str
    value: float
    note: str
    color: str
    tooltip: str = ""


@checked_keywords
def chart(comparison: Comparison, *, width: int = 640) -> str:
    """Return a knight.compare() result as an SVG bar chart (a string starting "<svg"): a row a
    method, the bar's length its search nodes on a log scale past the node budget, its node
    count and result beside it. width is the picture's width in pixels (at least 400)."""
    if not isinstance(comparison, Comparison):
        raise InvalidTypeError(f"chart() takes what knight.compare() returns, not {type(comparison).__name__}")
    rows = [
        Bar(
            run.method,
            max(run.nodes, 1),
            f"{run.nodes:,} · {run.result}",
            BAR_COLORS.get(run.result, GAVE_UP_COLOR),
            f"{run.method}: {run.nodes:,} nodes, {run.seconds:.3g} s, {run.result}",
        )
        for run in comparison
    ]
    return bars(
        comparison.title,
        rows,
        axis="search nodes (squares placed), log scale",
        width=int(_positive(width, "width", MAX_SIZE)),
        low=1,
        mark=(comparison.max_nodes, f"budget {comparison.max_nodes:,}"),
    )


def bars(
    title: str,
    rows: Sequence[Bar],
    *,
    axis: str,
    width: int = 640,
    low: float | None = None,
    mark: tuple[float, str] | None = None,
    legend: Sequence[tuple[str, str]] = (),
    row_height: int = _ROW,
) -> str:
    """A horizontal bar chart as SVG: a row a Bar (row_height pixels high), the values on a log
    scale in powers of ten from low (default: the smallest value's) past the largest value and
    the mark, a dashed line at mark's value with its words; legend is (colour, words) pairs drawn
    under the axis."""
    width = max(width, 400)
    label = 14 + 7 * max(len(row.label) for row in rows)  # about 7 px a character at 12 px
    bottom = _TOP + row_height * len(rows)
    height = bottom + _BOTTOM + (18 if legend else 0)
    span = width - label - _NOTE
    values = [row.value for row in rows] + ([mark[0]] if mark else [])
    first = math.floor(math.log10(low if low is not None else min(values)))
    decades = max(1, math.ceil(math.log10(max(values))) - first)

    def at(value: float) -> float:
        return label + span * (math.log10(value) - first) / decades

    root = ET.Element("svg", xmlns=SVG_NS, width=str(width), height=str(height), viewBox=f"0 0 {width} {height}")
    root.set("font-family", _FONT)
    ET.SubElement(root, "title").text = title
    ET.SubElement(root, "rect", width="100%", height="100%", fill="#ffffff")
    _text(root, 8, 18, title, size=13, weight="bold")
    for k in range(decades + 1):  # a line at each power of ten
        x = label + span * k / decades
        ET.SubElement(root, "line", x1=_num(x), x2=_num(x), y1=str(_TOP - 4), y2=str(bottom), stroke="#d4d4d8")
        _text(root, x, bottom + 14, _power(first + k), size=10, anchor="middle")
    if mark is not None:
        line = ET.SubElement(root, "line", x1=_num(at(mark[0])), x2=_num(at(mark[0])), y1=str(_TOP - 4), y2=str(bottom))
        line.set("stroke", GAVE_UP_COLOR)
        line.set("stroke-dasharray", "4 3")
        _text(root, at(mark[0]), _TOP - 7, mark[1], size=10, anchor="middle")
    _text(root, label + span / 2, bottom + 28, axis, size=11, anchor="middle")
    x = label
    for color, words in legend:
        ET.SubElement(root, "rect", x=_num(x), y=str(bottom + 36), width="10", height="10", fill=color)
        _text(root, x + 14, bottom + 45, words, size=11)
        x += 30 + 7 * len(words)
    gap = min(5, row_height // 6)
    for i, row in enumerate(rows):
        y = _TOP + row_height * i
        length = max(at(row.value) - label, 2)
        _text(root, label - 8, y + row_height / 2 + 4, row.label, size=min(12, row_height - 2), anchor="end")
        bar = ET.SubElement(
            root, "rect", x=str(label), y=str(y + gap), width=_num(length), height=str(row_height - 2 * gap)
        )
        bar.set("fill", row.color)
        if row.tooltip:
            ET.SubElement(bar, "title").text = row.tooltip
        _text(root, label + length + 6, y + row_height / 2 + 4, row.note, size=min(11, row_height - 2))
    return ET.tostring(root, encoding="unicode")


def _power(k: int) -> str:
    """10**k, short: 0.01, 0.1, 1, 10, 100, 1k, ..., 1M, ..."""
    for step, suffix in ((9, "G"), (6, "M"), (3, "k")):
        if k >= step:
            return f"{10 ** (k - step)}{suffix}"
    return str(10**k) if k >= 0 else f"{10.0**k:g}"


def _text(
    parent: ET.Element, x: float, y: float, words: str, *, size: int, anchor: str = "start", weight: str = ""
) -> None:
    text = ET.SubElement(parent, "text", x=_num(x), y=_num(y))
    text.set("font-size", str(size))
    text.set("text-anchor", anchor)
    if weight:
        text.set("font-weight", weight)
    text.text = words
