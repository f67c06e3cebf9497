"""The search's compiled kernels or their twins, all or nothing (see model._kernels.select).

* ``core``: the explicit-stack backtracking loop (``_core`` / ``_core_py``);
* ``puzzle``: completing a path through fixed moves (``_puzzle`` / ``_puzzle_py``).
"""

from ..model._kernels import select

core, puzzle = select(__package__, ("core", "puzzle"))
