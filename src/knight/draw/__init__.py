"""Drawing: pictures of tours (SVG, PNG) and their display in notebooks.

Drawing depends on the model (Board, Tour) and never the reverse: ``_svg`` draws a Tour,
``_overview`` shows one too large for that as a small raster, and ``repr_svg`` and
``repr_html`` are the notebook hooks that knight/__init__.py attaches to Tour, importing
them only when a notebook asks for a picture; ``_chart`` draws a comparison of methods,
and ``repr_chart`` is the hook for knight.Comparison.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .._compare import Comparison
    from ..model._tour import Tour


def repr_svg(tour: Tour) -> str | None:
    """Tour._repr_svg_: the tour as a picture for Jupyter, or None past the largest board drawn."""
    from ._svg import notebook_picture

    return notebook_picture(tour)


def repr_html(tour: Tour) -> str:
    """Tour._repr_html_: the SVG picture inline, or past the largest board drawn a scaled
    raster of the move numbers (so a notebook always shows a picture, never a wall of text)."""
    from ._svg import MAX_SQUARES, render

    if tour.rows * tour.cols > MAX_SQUARES:
        from ._overview import overview_html

        return overview_html(tour)
    return render(tour)


def repr_chart(comparison: Comparison) -> str:
    """Comparison._repr_svg_: the comparison as a bar chart for Jupyter."""
    from ._chart import chart

    return chart(comparison)
