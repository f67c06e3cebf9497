"""Pictures of tours: knight.svg.render() writes an SVG document, write() a .svg or .png file.

The drawing itself lives in knight.draw; this module is its public face.
"""

from .draw._svg import COLORS, MAX_PNG_PIXELS, MAX_SIZE, MAX_SQUARES, MIN_FONT, picture_format, render, to_png, write

__all__ = [
    "COLORS",
    "MAX_PNG_PIXELS",
    "MAX_SIZE",
    "MAX_SQUARES",
    "MIN_FONT",
    "picture_format",
    "render",
    "to_png",
    "write",
]
