"""Pictures of tours and boards, in one module: SVG and PNG, animation, the player, the charts.

>>> import knight, knight.draw
>>> knight.draw.render(knight.tour(8, start="e4"), size=300).startswith("<svg")
True

- ``render(tour, ...)``: a tour as an SVG document (``animate=True`` draws it move by move);
  ``write(tour, path, ...)`` writes it to a ``.svg`` or ``.png`` file; ``to_png(svg)`` converts
  (PNG needs ``pip install "knight-tour[png]"``); ``picture_format(path)``; ``COLORS``,
  ``MAX_SQUARES``, ``MAX_SIZE``, ``MAX_PNG_PIXELS``, ``MIN_FONT``.
- ``render_board(board, ...)``: a board alone (its holes, a puzzle's givens).
- ``html(source, ...)`` / ``write_html(source, path, ...)``: the player of a tour or a trace.
- ``chart(comparison, ...)``: a ``knight.compare`` result as bars.
- ``magic_square(tour, ...)``: a tour's numbering with its row, column and diagonal sums.
- ``repr_svg``, ``repr_html``, ``repr_board`` and ``repr_chart``: what a notebook shows, which
  knight/__init__.py attaches to Tour, Board and Comparison.

``knight.svg`` is an alias of this module, kept for the code written before it: the same
functions under the same names. Nothing here is loaded at ``import knight``: each name loads
its module (and xml, json) when first used.

Drawing depends on the model (Board, Tour) and never the reverse: ``_svg`` draws a Tour,
``_boxes`` a box's layers side by side, ``_overview`` one too large for that as a small
raster, ``_player`` the HTML page that plays a tour or a trace step by step, ``_chart`` a
comparison of methods.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import os

    from .. import Board, Comparison, Tour
    from ._chart import chart as chart
    from ._magic import magic_square as magic_square
    from ._player import Source
    from ._svg import COLORS as COLORS
    from ._svg import MAX_PNG_PIXELS as MAX_PNG_PIXELS
    from ._svg import MAX_SIZE as MAX_SIZE
    from ._svg import MAX_SQUARES as MAX_SQUARES
    from ._svg import MIN_FONT as MIN_FONT
    from ._svg import picture_format as picture_format
    from ._svg import render as render
    from ._svg import render_board as render_board
    from ._svg import to_png as to_png
    from ._svg import write as write

__all__ = [
    "COLORS",
    "MAX_PNG_PIXELS",
    "MAX_SIZE",
    "MAX_SQUARES",
    "MIN_FONT",
    "chart",
    "html",
    "magic_square",
    "picture_format",
    "render",
    "render_board",
    "repr_board",
    "repr_chart",
    "repr_html",
    "repr_svg",
    "to_png",
    "write",
    "write_html",
]


#: The module of each name not in ``_svg``.
_MODULES = {"chart": "._chart", "magic_square": "._magic"}


def __getattr__(name: str) -> Any:
    """The drawing functions and constants, loaded on first use (import knight stays quick)."""
    if name in __all__:  # the functions defined below are found before this is asked
        value = getattr(importlib.import_module(_MODULES.get(name, "._svg"), __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


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


def repr_board(board: Board) -> str | None:
    """Board._repr_svg_: the board as a picture for Jupyter (render_board), or None (the
    notebook then shows the text picture) for a box or past the largest board drawn."""
    from ._svg import MAX_SQUARES, render_board

    if len(board.shape) > 2 or board.rows * board.cols > MAX_SQUARES:
        return None
    return render_board(board)


def repr_chart(comparison: Comparison) -> str:
    """Comparison._repr_svg_: the comparison as a bar chart for Jupyter."""
    from ._chart import chart

    return chart(comparison)
