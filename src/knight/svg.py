"""Pictures of tours: knight.svg.render() writes an SVG document, write() a .svg or .png file.

The drawing itself lives in knight.draw; this module is its public face.
"""

from .draw._svg import *  # noqa: F403  (the names of __all__, below)
from .draw._svg import __all__ as __all__
