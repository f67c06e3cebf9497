"""An alias of knight.draw, kept for code written before pictures lived in one module.

``knight.svg.render``, ``write``, ``to_png``, ``chart``, ... are ``knight.draw.render``,
``write``, ``to_png``, ``chart``, ...: the same objects, every name of knight.draw (see
there). New code imports knight.draw.
"""

from .draw import *  # noqa: F403  (every name of its __all__)
from .draw import __all__ as __all__
