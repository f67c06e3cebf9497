"""Pictures of tours: knight.svg.render() writes an SVG document, write() a .svg or .png file;
chart() draws a comparison of methods (knight.compare) as bars; magic_square() a tour's
numbering with its row, column and diagonal sums.

The drawing itself lives in knight.draw; this module is its public face.
"""

from .draw._chart import chart
from .draw._magic import magic_square
from .draw._svg import *  # noqa: F403  (the names of its __all__, below)
from .draw._svg import __all__ as _tours

__all__ = [*_tours, "chart", "magic_square"]
