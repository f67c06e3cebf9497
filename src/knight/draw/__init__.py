"""Drawing: pictures of tours (SVG, PNG), the player of tours and traces, and their display in notebooks.

Drawing depends on the model (Board, Tour) and never the reverse: ``_svg`` draws a Tour,
``_boxes`` draws a box's layers side by side,
``_overview`` shows one too large for that as a small raster, ``_player`` makes the HTML
page that plays a tour or a trace step by step (``html``, ``write_html``), ``_chart`` draws a
comparison of methods, and ``repr_svg``, ``repr_html`` and ``repr_chart`` are the notebook
hooks that knight/__init__.py attaches to Tour and knight.Comparison, importing them only
when a notebook asks for a picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import os

    from .._compare import Comparison
    from ..model._board import Board
    from ..model._tour import Tour
    from ._player import Source

__all__ = ["html", "repr_chart", "repr_html", "repr_svg", "write_html"]


def html(source: Source, /, *, board: Board | None = None, size: int = 480, title: str | None = None) -> str:
    """The player of source, a self-contained HTML page (inline SVG and a little JavaScript:
    play, pause, step, a slider, the speed): source is a knight.Tour, a knight.trace(...), or
    the events of one with board= their board.

    size is the board's side in pixels (120 to 4000); title the line above it (by default what
    the tour or trace is). A step is one event: a square placed shows its move number, a square
    taken back turns red, a choice rings its candidates. A surface is drawn flat (a move across
    an edge as two stubs), a box as its layers side by side. Raises InvalidInputError for a
    board of more than 10,000 squares, a trace of more than 1,000,000 events, a box whose
    axes wrap, an event that does not fit the board or the events before it (a square off
    the board or on a hole, a move out of order, a square taken back that was not the last
    placed, anything after Finished), board= other than a Tour's or a Trace's own, or a
    title UTF-8 cannot encode; InvalidTypeError for an event's field that is not an integer,
    a board= that is not a knight.Board, or a title that is not a str. The title is escaped:
    text, never markup.
    """
    from ._player import html as page  # json and the SVG module load when a page is made

    return page(source, board=board, size=size, title=title)


def write_html(
    source: Source,
    path: str | os.PathLike[str],
    /,
    *,
    board: Board | None = None,
    size: int = 480,
    title: str | None = None,
) -> None:
    """Write the player of source (see html) to path: an HTML document a browser opens on its own,
    made whole before the file is opened (nothing is written when html raises)."""
    from ._player import write_html as write

    write(source, path, board=board, size=size, title=title)


def repr_svg(tour: Tour) -> str | None:
    """Tour._repr_svg_: the tour as a picture for Jupyter, or None past the largest board drawn."""
    from ._svg import notebook_picture

    return notebook_picture(tour)


def repr_html(tour: Tour) -> str | None:
    """Tour._repr_html_: the player (boards of up to the player's MAX_SQUARES squares), else
    the SVG picture inline, or past the largest board drawn a scaled raster of the move
    numbers (so a notebook always shows a picture, never a wall of text); None (the notebook
    then shows the text) for a box whose axes wrap, which is not drawn."""
    from ._boxes import wrapping_box
    from ._player import MAX_SQUARES as PLAYED
    from ._svg import MAX_SQUARES, render

    if wrapping_box(tour.board):
        return None
    if tour.rows * tour.cols <= PLAYED:
        from ._player import html as page

        return page(tour)
    if tour.rows * tour.cols > MAX_SQUARES:
        from ._overview import overview_html

        return overview_html(tour)
    return render(tour)


def repr_chart(comparison: Comparison) -> str:
    """Comparison._repr_svg_: the comparison as a bar chart for Jupyter."""
    from ._chart import chart

    return chart(comparison)
