"""Construction: knight's tours of huge rectangles in linear time, without search.

* ``_tour``: the entry: ``covers``, ``worth_it`` and ``build`` (a tour as an int32 array);
* ``_rectangle``: solved blocks (``_blocks``) joined, on boards at least five wide;
* ``_box``: closed tours of large three-axis boxes, one closed layer tour stacked and spliced;
* ``_strips``: sections of stored paths (``_strips_data``) repeated, on boards three and four wide;
* ``_kernel`` (compiled) / ``_kernel_py`` (its twin): the hot loops, chosen by ``_kernels``.
"""

from ._box import applies as box_applies
from ._box import build_box
from ._tour import build, covers, worth_it

__all__ = ["box_applies", "build", "build_box", "covers", "worth_it"]
