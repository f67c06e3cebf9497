"""Drawing: pictures of tours (SVG, PNG), the player of tours and traces, and their display in notebooks.

Drawing depends on the model (Board, Tour) and never the reverse: ``_svg`` draws a Tour,
``_overview`` shows one too large for that as a small raster, ``_player`` makes the HTML
page that plays a tour or a trace step by step (``html``, ``write_html``), and ``repr_svg``
and ``repr_html`` are the notebook hooks that knight/__init__.py attaches to Tour, importing
them only when a notebook asks for a picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model._tour import Tour
    from ._player import Source

__all__ = ["html", "repr_html", "repr_svg", "write_html"]


def html(source: Source, /, **options: Any) -> str:
    """The player of a tour or a trace: a self-contained HTML page (inline SVG and a little
    JavaScript) with play, pause, step, a slider and the speed. See knight.draw._player.html."""
    from ._player import html as page

    return page(source, **options)


def write_html(source: Source, path: str, /, **options: Any) -> None:
    """Write the player of a tour or a trace to path, an HTML document (options as html())."""
    from ._player import write_html as write

    write(source, path, **options)


def repr_svg(tour: Tour) -> str | None:
    """Tour._repr_svg_: the tour as a picture for Jupyter, or None past the largest board drawn."""
    from ._svg import notebook_picture

    return notebook_picture(tour)


def repr_html(tour: Tour) -> str:
    """Tour._repr_html_: the player (boards of up to the player's MAX_SQUARES squares), else
    the SVG picture inline, or past the largest board drawn a scaled raster of the move
    numbers (so a notebook always shows a picture, never a wall of text)."""
    from ._player import MAX_SQUARES as PLAYED
    from ._svg import MAX_SQUARES, render

    if tour.rows * tour.cols <= PLAYED:
        from ._player import html as page

        return page(tour)
    if tour.rows * tour.cols > MAX_SQUARES:
        from ._overview import overview_html

        return overview_html(tour)
    return render(tour)
