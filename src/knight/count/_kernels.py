"""The counters' compiled kernels or their twins, all or nothing (see model._kernels.select).

* ``walker``: the depth-first walk that lists or counts the tours extending a path
  (``_walker`` / ``_walker_py``);
* ``frontier``: exact counts by frontier dynamic programming (``_frontier`` / ``_frontier_py``).
"""

from typing import TYPE_CHECKING

from ..model._kernels import select

if TYPE_CHECKING:  # type checkers see the twins, whose types the stubs of the compiled modules repeat
    from . import _frontier_py as frontier
    from . import _walker_py as walker
else:
    walker, frontier = select(__package__, ("walker", "frontier"))
