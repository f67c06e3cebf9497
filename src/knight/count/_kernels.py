"""The counters' compiled kernels or their twins, all or nothing (see model._kernels.select).

* ``walker``: the depth-first walk that lists or counts the tours extending a path
  (``_walker`` / ``_walker_py``);
* ``frontier``: exact counts by frontier dynamic programming (``_frontier`` / ``_frontier_py``).
"""

from ..model._kernels import select

walker, frontier = select(__package__, ("walker", "frontier"))
