"""The search's compiled kernels or their twins, all or nothing (see model._kernels.select).

* ``core``: the explicit-stack backtracking loop, on boards and on graphs given as flat
  arrays (``_core`` / ``_core_py``);
* ``forward``: completing a path through fixed moves, forward from move 1 (``_forward`` /
  ``_forward_py``);
* ``fill``: completing it by narrowing every move's squares at once (``_fill`` / ``_fill_py``).
"""

from ..model._kernels import select

core, forward, fill = select(__package__, ("core", "forward", "fill"))
