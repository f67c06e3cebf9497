"""Drawing: pictures of tours (SVG, PNG) and their display in notebooks.

Drawing depends on the model (Board, Tour) and never the reverse: ``_svg`` draws a Tour,
and ``repr_svg`` is the notebook hook that knight/__init__.py attaches to Tour, importing
``_svg`` only when a notebook asks for a picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .._tour import Tour


def repr_svg(tour: Tour) -> str | None:
    """Tour._repr_svg_: the tour as a picture for Jupyter, or None past the largest board drawn."""
    from ._svg import notebook_picture

    return notebook_picture(tour)
